# Sphinx configuration of the guide (doc/*.md, MyST Markdown), built by `make docs`
# (cmake/docs.cmake): the C API from the comments of every header in include/ (Doxygen's XML,
# read by breathe), the Python API by autodoc of the module built in the build tree, with the
# signatures of its type stubs (python/nqueens/__init__.pyi). The build passes the places of both
# in the environment: NQ_DOXYGEN_XML and NQ_PYTHON_PATH.
import ast
import glob
import inspect
import os
import re
import sys

root = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
header = open(os.path.join(root, "include", "nqueens.h"), encoding="utf-8").read()
release = ".".join(re.search(r"#define NQ_VERSION_%s (\d+)" % part, header).group(1)
                   for part in ("MAJOR", "MINOR", "PATCH"))
version = release
project = "nqueens"
copyright = "the nqueens authors"

extensions = ["myst_parser", "breathe", "sphinx.ext.autodoc"]
source_suffix = {".md": "markdown"}
root_doc = "index"
exclude_patterns = ["_build"]
myst_heading_anchors = 3
html_theme = "furo"
html_title = f"nqueens {release}"

# The C API: the XML Doxygen wrote from include/*.h (cmake/docs.cmake runs it).
breathe_projects = {"nqueens": os.environ.get("NQ_DOXYGEN_XML", os.path.join(root, "build", "doc", "xml"))}
breathe_default_project = "nqueens"
breathe_domain_by_extension = {"h": "c"}
breathe_show_include = True
headers = sorted(os.path.basename(h) for h in glob.glob(os.path.join(root, "include", "*.h")))

# The Python API: the package as CMake builds it (build/python/nqueens, with _nqueens*.so).
sys.path.insert(0, os.environ.get("NQ_PYTHON_PATH", os.path.join(root, "build", "python")))
autodoc_member_order = "bysource"
autodoc_typehints = "signature"


def stub_signatures():
    """The type hints of python/nqueens/__init__.pyi, by qualified name: ({parameter: annotation},
    return annotation or None)."""
    tree = ast.parse(open(os.path.join(root, "python", "nqueens", "__init__.pyi"),
                          encoding="utf-8").read())
    found = {}

    def walk(body, prefix):
        for node in body:
            if isinstance(node, ast.ClassDef):
                walk(node.body, prefix + node.name + ".")
            elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                a = node.args
                params = {arg.arg: ast.unparse(arg.annotation) for arg in
                          a.posonlyargs + a.args + a.kwonlyargs + [a.vararg, a.kwarg]
                          if arg is not None and arg.annotation is not None}
                found[prefix + node.name] = (params, ast.unparse(node.returns)
                                             if node.returns else None)

    walk(tree.body, "nqueens.")
    return found


STUBS = stub_signatures()


def use_stub(app, what, name, obj, options, signature, return_annotation):
    """autodoc-process-signature: the parameters and defaults of the code, annotated with the
    stub's types (the code has none; the stub's defaults are '...')."""
    if what not in ("function", "method", "class") or name not in STUBS and \
            name + ".__init__" not in STUBS:
        return None
    params, ret = STUBS.get(name) or STUBS[name + ".__init__"]
    try:
        sig = inspect.signature(obj.__init__ if what == "class" else obj)
    except (TypeError, ValueError):
        return None
    text, star = [], False
    for p in sig.parameters.values():
        if p.name in ("self", "cls"):
            continue
        if p.kind == p.KEYWORD_ONLY and not star:
            text.append("*")
        star = star or p.kind in (p.KEYWORD_ONLY, p.VAR_POSITIONAL)
        item = {p.VAR_POSITIONAL: "*", p.VAR_KEYWORD: "**"}.get(p.kind, "") + p.name
        if p.name in params:
            item += ": " + params[p.name]
        if p.default is not p.empty:
            item += (" = " if p.name in params else "=") + repr(p.default)
        text.append(item)
    text = "(" + ", ".join(text) + ")"
    return text, (ret if what != "class" else None)


def rst_docstring(app, what, name, obj, options, lines):
    """autodoc-process-docstring: the package's docstrings are plain text in the shape of
    help(): a sentence, then "name: text" lines whose continuations are indented. Shown as
    reStructuredText: each "name: text" an item of a list, continuations joined to their line,
    literal blocks (after "::") and doctest lines (">>>") as they are."""
    out, literal, base = [], False, None
    for line in lines:
        stripped = line.strip()
        indent = len(line) - len(line.lstrip())
        if literal:
            if stripped and indent == 0:
                literal = False
            else:
                out.append(line)
                continue
        if not stripped:
            out.append("")
            base = None
            continue
        if stripped.startswith(">>>"):
            if out and out[-1] != "" and not out[-1].lstrip().startswith(">>>"):
                out.append("")
            out.append(stripped)
            continue
        m = re.match(r"([A-Za-z_][\w.]*(?:, \*?\w+)*|\*\*?\w+): (.*)", stripped)
        if m and indent == 0 or m and base is not None and indent == base:
            if out and out[-1] != "" and not out[-1].startswith("* "):
                if not (out[-1].startswith("  ") and len(out) > 1):
                    out.append("")
            out.append(f"* ``{m.group(1)}``: {m.group(2)}")
            base = indent
        elif base is not None and indent > base and out:
            out[-1] += " " + stripped
        elif out and out[-1] and indent > 0 and not out[-1].endswith("::"):
            out[-1] += " " + stripped
        else:
            if out and out[-1].startswith("* "):
                out.append("")
            out.append(stripped)
            base = None
        if stripped.endswith("::"):
            out.append("")
            literal = True
    lines[:] = out


def c_api_headers(app, docname, source):
    """source-read: the marker {nq-headers} of the C API page becomes one Doxygen file directive
    per header of include/, so that a header added there is documented without editing the page."""
    if "{nq-headers}" in source[0]:
        blocks = "".join(f"## `{h}`\n\n```{{doxygenfile}} {h}\n:project: nqueens\n```\n\n"
                         for h in headers)
        source[0] = source[0].replace("{nq-headers}", blocks)


def setup(app):
    app.connect("autodoc-process-signature", use_stub)
    app.connect("autodoc-process-docstring", rst_docstring)
    app.connect("source-read", c_api_headers)
