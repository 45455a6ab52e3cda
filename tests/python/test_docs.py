"""The docstrings from which the guide's Python API page is generated (Sphinx autodoc of the
package, with the signatures of __init__.pyi): every public function and method documents each
parameter (:param:), what it returns (:returns:) and, where it checks its arguments, what it
raises (:raises:); every attribute of the result classes has its own documentation; every
public name has a type hint in the stub."""
import ast
import inspect
import os
import re

import pytest

import nqueens
from conftest import SRC

CALLABLES = [getattr(nqueens, name) for name in nqueens.__all__
             if inspect.isfunction(getattr(nqueens, name))]
METHODS = [(cls, name, member) for cls in (getattr(nqueens, n) for n in nqueens.__all__)
           if inspect.isclass(cls) and cls.__module__ == "nqueens"
           for name, member in vars(cls).items()
           if not name.startswith("_") and (inspect.isfunction(member)
                                            or isinstance(member, property))]


def params(f):
    return [p for p in inspect.signature(f).parameters if p != "self"]


@pytest.mark.parametrize("f", CALLABLES, ids=lambda f: f.__name__)
def test_functions_document_parameters_returns_and_raises(f):
    doc = inspect.getdoc(f) or ""
    for p in params(f):
        assert re.search(rf"^:param {p}:", doc, re.M), f"{f.__name__}: no :param {p}:"
    assert re.search(r"^:returns:", doc, re.M), f"{f.__name__}: no :returns:"
    assert re.search(r"^:raises \w+:", doc, re.M), f"{f.__name__}: no :raises:"


@pytest.mark.parametrize("cls, name, member", METHODS,
                         ids=lambda x: x if isinstance(x, str) else "")
def test_methods_and_properties_are_documented(cls, name, member):
    doc = inspect.getdoc(member) or ""
    assert doc, f"{cls.__name__}.{name} has no docstring"
    if inspect.isfunction(member):
        for p in params(member):
            assert re.search(rf"^:param {p}:", doc, re.M), f"{cls.__name__}.{name}: :param {p}:"
        assert re.search(r"^:returns:", doc, re.M), f"{cls.__name__}.{name}: no :returns:"


@pytest.mark.parametrize("cls", [nqueens.CountResult, nqueens.CheckReport, nqueens.Verdict,
                                 nqueens.Group, nqueens.TraceEvent], ids=lambda c: c.__name__)
def test_result_attributes_are_documented(cls):
    assert isinstance(cls.__slots__, dict)
    assert cls.__doc__
    for name, doc in cls.__slots__.items():
        assert name.startswith("_") or doc.strip(), f"{cls.__name__}.{name}"


@pytest.mark.parametrize("name", nqueens.__all__)
def test_public_names_have_docs_and_stubs(name):
    obj = getattr(nqueens, name)
    if inspect.isclass(obj) or inspect.isfunction(obj):
        assert inspect.getdoc(obj), name
    with open(os.path.join(SRC, "python", "nqueens", "__init__.pyi")) as f:
        stub = ast.parse(f.read())
    stubbed = {getattr(node, "name", None) for node in stub.body}
    stubbed |= {t.id for node in stub.body if isinstance(node, ast.AnnAssign)
                for t in [node.target]}
    assert name in stubbed, f"{name} has no type hint in __init__.pyi"
