#!/usr/bin/env python3
"""check_includes.py: fails when the project's own C files form an import circle.

A circle is two or more modules that need each other, so that none of them can be understood,
tested or replaced below the others (STYLE.md: "a module below must not need the one above").
The check reads the files themselves, with no outside tool: the `#include "..."` lines and, for
the functions, a light scan of the code with the comments, strings and preprocessor lines taken
out.

The rule. A module is a .c (or .cu) file with the header of the same name beside it (count.c and
count.h are the module src/count), or a header with no such .c file (src/count_kernel.h). A header
belongs to the files that define the functions it declares (with external linkage). A module A
depends on a module B when a file of A names a function that B defines and that a header reached
from A's files (through #include, transitively) declares; a header of its own, with no .c file,
is also depended on by each module that includes it. That is the level of functions. At the level of
files, a module also depends on the module of a header it reaches when it uses a name that header
gives it other than a function it declares: a macro, a typedef, a struct, union or enum tag, an
enum constant, a function the header defines itself (static inline); and a header's own inline
functions depend on the modules that define what they call. A module that defines a function
itself does not depend on the other files that define it: those are stand-ins for other builds
(web/read_json_none.c for src/read_json.c, src/cuda/gpu_none.c for the CUDA backend). The check fails on every circle of that
graph, naming it and, for each step, the function, the header that declares it and the file
that defines it.

The level of files was added for the two circles that the functions alone did not show: the
readers' helpers (scan.h) included the iterator's header (reader.h) for the reader's state and an
inline check of it, while the iterator called the helpers; and the quadrant kernels' header
(quadrant_kernel.h) had an inline function calling quadrant_buf_grow() in quadrant.c, which
included it, and took its types from quadrant.h. Each is now cut by a module below both (the
state in reader_state.h, the buffer in quadrant_buf.c).

Why functions and names, and not bare include lines: the circles this was written for were call circles
behind one shared header. count.c called count_grid_avx2() of count_avx2.c, whose fallback called
count_grid_generic() back in count.c, both declared in count_kernel.h, which all three included;
and tool/report.c called tool_gpu_json() of gpu_options.c, which called tool_error() and
tool_quote() back. Counting only the include lines would miss the first (no .c includes another's
header) and, applied to include/nqueens.h, which every library file includes and whose functions
the whole of src/ defines, would tie every library file to every other. Taking the functions that
a module names through its includes catches both circles and nothing that is not one. Inline
functions in headers (the kernels' templates) are not dependencies: they are compiled into the
file that uses them.

Usage: scripts/check_includes.py [--edges] [ROOT]
  ROOT     the source tree (default: this script's ..)
  --edges  also print every dependency found, with its reason
Exit status: 0 no circle, 1 a circle (printed), 2 an #include that names no file of the tree.
"""
import os
import re
import sys

# The project's own code: the library, the tool library, the programs, the page's C glue, the
# tests and the benchmarks. Include directories as the build gives them (CMakeLists.txt).
SOURCE_DIRS = ["include", "src", "tool", "cli", "mpi", "web", "tests", "bench"]
INCLUDE_DIRS = ["include", "tool", "tests/support", "src", "src/cuda"]
EXTENSIONS = (".c", ".h", ".cu")
# Names before a parenthesis that are not functions.
NOT_FUNCTIONS = {"if", "for", "while", "switch", "return", "sizeof", "_Alignof", "_Alignas",
                 "alignof", "alignas", "__typeof__", "typeof", "_Static_assert", "defined",
                 "__attribute__", "__declspec", "_Generic", "__builtin_expect"}
IDENT = re.compile(r"[A-Za-z_]\w*")


def strip_code(text):
    """The text with comments, string and character literals and preprocessor lines blanked
    (newlines kept, so that nothing runs together)."""
    out, i, n = [], 0, len(text)
    at_line_start = True
    while i < n:
        c = text[i]
        if c == "/" and text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append(" " + "\n" * text.count("\n", i, j))
            i = j
            continue
        if c == "/" and text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
            continue
        if c in "\"'":
            j = i + 1
            while j < n and text[j] != c:
                j += 2 if text[j] == "\\" else 1
            out.append(" ")
            i = j + 1
            at_line_start = False
            continue
        if c == "#" and at_line_start:
            j = i
            while True:  # a directive, with its continuation lines
                k = text.find("\n", j)
                if k < 0:
                    j = n
                    break
                if text[k - 1] == "\\":
                    j = k + 1
                    continue
                j = k
                break
            out.append(" ")
            i = j
            continue
        if c == "\n":
            at_line_start = True
        elif not c.isspace():
            at_line_start = False
        out.append(c)
        i += 1
    return "".join(out)


def drop_attributes(stmt):
    """The statement without __attribute__((...)) and __declspec(...) groups."""
    while True:
        m = re.search(r"\b(__attribute__|__declspec)\s*\(", stmt)
        if not m:
            return stmt
        depth, j = 0, m.end() - 1
        while j < len(stmt):
            depth += {"(": 1, ")": -1}.get(stmt[j], 0)
            j += 1
            if depth == 0:
                break
        stmt = stmt[:m.start()] + " " + stmt[j:]


def function_name(stmt):
    """The name of the function that a top-level declaration or definition head declares, or
    None (a variable, a type, a typedef)."""
    stmt = drop_attributes(stmt).strip()
    if not stmt or re.match(r"(typedef|struct|union|enum)\b", stmt) and "(" not in stmt:
        return None
    if re.match(r"typedef\b", stmt):
        return None
    m = re.search(r"([A-Za-z_]\w*)\s*\(", stmt)
    if not m or m.group(1) in NOT_FUNCTIONS:
        return None
    # A pointer to a function (`int (*f)(void)`) is a variable.
    if re.search(r"\(\s*\*", stmt[:m.start()]):
        return None
    return m.group(1)


def top_level(code):
    """(head, has_body, is_static) for each top-level statement of the stripped code: the text
    up to its `;` or to its body's `{`."""
    items, depth, start, i, n = [], 0, 0, 0, len(code)
    paren = 0
    while i < n:
        c = code[i]
        if c == "(":
            paren += 1
        elif c == ")":
            paren -= 1
        elif c == ";" and depth == 0 and paren == 0:
            items.append((code[start:i].lstrip("} \n\t"), False))
            start = i + 1
        elif c == "{" and depth == 0 and paren == 0:
            head = code[start:i]
            if re.fullmatch(r"\s*\}?\s*extern\s*", head):  # extern "C" { ... }: see inside
                start = i + 1
                i += 1
                continue
            # Skip the body; a struct's body is part of a declaration that goes on to its `;`.
            d, j = 0, i
            while j < n:
                d += {"{": 1, "}": -1}.get(code[j], 0)
                j += 1
                if d == 0:
                    break
            if re.search(r"\b(struct|union|enum)\b[^(]*$", head) or re.search(r"=\s*$", head):
                i = j
                continue
            items.append((head, True))
            start = j
            i = j
            continue
        i += 1
    return items


def provided_names(text, code):
    """The names other than functions with external linkage that a header gives the files that
    include it: its macros, typedef names, struct, union and enum tags, enum constants, and the
    functions it defines itself (static inline). Each belongs to the header's module."""
    out = set(re.findall(r"^\s*#\s*define\s+([A-Za-z_]\w*)", text, re.M))
    out.discard("")
    out.update(re.findall(r"\b(?:struct|union|enum)\s+([A-Za-z_]\w*)", code))
    for body in re.findall(r"\benum\b[^{;()]*\{([^}]*)\}", code):
        for item in body.split(","):
            m = IDENT.match(item.strip())
            if m:
                out.add(m.group(0))
    for head, has_body in top_level(code):
        head = drop_attributes(head).strip()
        if re.match(r"typedef\b", head):
            m = re.search(r"\(\s*\*\s*([A-Za-z_]\w*)\s*\)", head)  # a pointer to a function
            if m is None:
                m = re.search(r"([A-Za-z_]\w*)\s*\(", head)  # a function type
            if m is None:
                m = re.search(r"([A-Za-z_]\w*)\s*(\[[^\]]*\]\s*)*$", head)
            if m:
                out.add(m.group(1))
        elif has_body and re.search(r"\bstatic\b", head):
            fn = function_name(head)
            if fn:
                out.add(fn)
    return out


def body_names(code):
    """The identifiers inside the bodies of the functions that a header defines (static inline):
    what the header's own code needs."""
    out, depth, start = set(), 0, None
    for i, c in enumerate(code):
        if c == "{":
            if depth == 0:
                if re.search(r"\bextern\s*$", code[:i]):
                    continue  # extern "C" { ... }: see inside
                start = i
            depth += 1
        elif c == "}" and depth > 0:
            depth -= 1
            if depth == 0 and not re.search(r"(\b(struct|union|enum)\b[^(;{}]*|=\s*)$",
                                            code[:start]):
                out.update(IDENT.findall(code[start:i]))
    return out


def scan(root):
    files = []
    for d in SOURCE_DIRS:
        top = os.path.join(root, d)
        for dirpath, dirnames, names in os.walk(top):
            dirnames[:] = sorted(x for x in dirnames if x not in ("corpus", "node_modules"))
            for name in sorted(names):
                if name.endswith(EXTENSIONS):
                    files.append(os.path.relpath(os.path.join(dirpath, name), root))
    return files


def module_of(path, files):
    stem, ext = os.path.splitext(path)
    if ext == ".h" and not any(stem + e in files for e in (".c", ".cu")):
        return path  # a header of its own
    return stem


def resolve(root, path, target):
    for base in [os.path.dirname(path)] + INCLUDE_DIRS:
        cand = os.path.normpath(os.path.join(base, target))
        if os.path.isfile(os.path.join(root, cand)):
            return cand
    return None


def main():
    args = sys.argv[1:]
    show = "--edges" in args
    args = [a for a in args if a != "--edges"]
    root = os.path.abspath(args[0] if args else os.path.join(os.path.dirname(__file__), ".."))
    files = scan(root)
    fileset = set(files)
    includes, declared, defined, names, provides, inline_names = {}, {}, {}, {}, {}, {}
    bad = []
    for path in files:
        with open(os.path.join(root, path), encoding="utf-8", errors="replace") as f:
            text = f.read()
        incs = []
        for lineno, line in enumerate(text.splitlines(), 1):
            m = re.match(r'\s*#\s*include\s*"([^"]+)"', line)
            if m:
                target = resolve(root, path, m.group(1))
                if target is None:
                    bad.append(f"{path}:{lineno}: #include \"{m.group(1)}\" names no file")
                else:
                    incs.append(target)
        includes[path] = incs
        code = strip_code(text)
        names[path] = set(IDENT.findall(code))
        if path.endswith(".h"):
            provides[path] = provided_names(text, code)
            inline_names[path] = body_names(code)
        for head, has_body in top_level(code):
            fn = function_name(head)
            if not fn or re.search(r"\bstatic\b", head):
                continue
            if has_body:
                if not path.endswith(".h"):
                    defined.setdefault(fn, set()).add(path)
            elif path.endswith(".h"):
                declared.setdefault(path, set()).add(fn)
    if bad:
        print("\n".join(bad))
        return 2

    def reach(path, seen):
        for h in includes[path]:
            if h not in seen:
                seen.add(h)
                reach(h, seen)
        return seen

    # edges[a][b]: why module a depends on module b (one reason is enough to name).
    edges = {}
    for path in files:
        a = module_of(path, fileset)
        out = edges.setdefault(a, {})
        reached = reach(path, set())
        for h in sorted(reached):
            hm = module_of(h, fileset)
            if hm == h and hm != a:
                out.setdefault(hm, f"{path} includes {h}")
            if hm != a:
                for name in sorted(provides.get(h, set()) & names[path]):
                    out.setdefault(hm, f"{path} uses {name}, from {h}")
        # A header's own code (its inline functions) needs what it names of its own declarations.
        if path.endswith(".h"):
            reached.add(path)
        for h in sorted(reached):
            used = inline_names[path] if h == path else names[path]
            for fn in sorted(declared.get(h, ())):
                if fn not in used or any(module_of(o, fileset) == a
                                         for o in defined.get(fn, ())):
                    continue  # not named, or defined here: other definitions are stand-ins
                for owner in sorted(defined.get(fn, ())):
                    b = module_of(owner, fileset)
                    if b != a:
                        out.setdefault(b, f"{path} names {fn}(), declared in {h} and "
                                          f"defined in {owner}")
    for deps in list(edges.values()):
        for b in deps:
            edges.setdefault(b, {})
    if show:
        for a in sorted(edges):
            for b in sorted(edges[a]):
                print(f"{a} -> {b}: {edges[a][b]}")

    # Tarjan's strongly connected components; each one of two or more modules holds circles.
    index, low, stack, on, comps = {}, {}, [], set(), []

    def strong(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(edges[v]):
            if w not in index:
                strong(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            comps.append(sorted(comp))

    sys.setrecursionlimit(10000)
    for v in sorted(edges):
        if v not in index:
            strong(v)
    circles = [c for c in comps if len(c) > 1]
    for comp in circles:
        # One shortest circle through the component's first module, by breadth-first search.
        start, inside = comp[0], set(comp)
        prev, queue, found = {start: None}, [start], None
        while queue and not found:
            v = queue.pop(0)
            for w in sorted(edges[v]):
                if w == start:
                    found = v
                    break
                if w in inside and w not in prev:
                    prev[w] = v
                    queue.append(w)
        path = [start]
        v = found
        while v != start:
            path.insert(1, v)
            v = prev[v]
        path.append(start)
        print("import circle: " + " -> ".join(path))
        for a, b in zip(path, path[1:]):
            print(f"  {a} -> {b}: {edges[a][b]}")
        if len(comp) > len(path) - 1:
            print("  (these modules are all in circles with each other: " + ", ".join(comp) + ")")
    if circles:
        print(f"check_includes: {len(circles)} group(s) of modules in circles; a module below "
              "must not need the one above (move what both need into a module under both)")
        return 1
    print(f"check_includes: no import circle among {len(edges)} modules of {len(files)} files")
    return 0


if __name__ == "__main__":
    sys.exit(main())
