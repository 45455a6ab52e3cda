#!/usr/bin/env python3
"""check_api_docs.py: every call the library exports is documented in its public header.

The rule (issue 37): each NQ_API declaration of include/*.h has a comment right above it (no
blank line between) that names the function, `name()`, and says at least one sentence about it
beyond its name. Declarations may share one comment (nq_format_name() and nq_format_parse()):
the comment above the first of a run of declarations then names each of them. Also: every
NQ_API function of the headers is declared once, and the simple tier (nqueens.h) does not
include the advanced one (nqueens_advanced.h), which includes it.

Usage: scripts/check_api_docs.py [ROOT]   (default: this script's ..)
Exit status: 0 all documented; 1 a declaration without its comment (each printed, with the
header and line); 2 the headers are not where they should be.
"""
import os
import re
import sys

HEADERS = ["include/nqueens.h", "include/nqueens_advanced.h"]


def check(root):
    problems, seen = [], {}
    for rel in HEADERS:
        path = os.path.join(root, rel)
        if not os.path.isfile(path):
            print(f"check_api_docs: {rel} is missing")
            return 2
        lines = open(path, encoding="utf-8").read().split("\n")
        comment, run = None, []  # the comment above the current run of declarations
        i = 0
        while i < len(lines):
            line = lines[i]
            if line.strip() == "":
                comment, run = None, []
                i += 1
                continue
            if line.lstrip().startswith("/*"):
                j = i
                while "*/" not in lines[j]:
                    j += 1
                comment, run = " ".join(l.strip() for l in lines[i:j + 1]), []
                i = j + 1
                continue
            if line.startswith("NQ_API"):
                decl = line
                while ";" not in decl and i + 1 < len(lines):
                    i += 1
                    decl += " " + lines[i].strip()
                m = re.search(r"(nq_\w+)\s*\(", decl)
                if not m:
                    problems.append(f"{rel}:{i + 1}: an NQ_API declaration with no nq_ function")
                    i += 1
                    continue
                name = m.group(1)
                seen.setdefault(name, []).append(f"{rel}:{i + 1}")
                run.append(name)
                if comment is None:
                    problems.append(f"{rel}:{i + 1}: {name}() has no comment right above it")
                elif not re.search(re.escape(name) + r"\b", comment):
                    problems.append(f"{rel}:{i + 1}: the comment above {name}() does not name it")
                else:
                    words = re.sub(r"[/*]|\b(nq_\w+)\(\)|:", " ", comment).split()
                    if len(words) < 3:
                        problems.append(f"{rel}:{i + 1}: the comment above {name}() says no "
                                        "sentence about it")
                i += 1
                continue
            if comment is not None and not run:
                comment = None  # other code between a comment and a declaration
            i += 1
    for name, where in sorted(seen.items()):
        if len(where) > 1:
            problems.append(f"{name}() is declared {len(where)} times: {', '.join(where)}")
    simple = open(os.path.join(root, HEADERS[0]), encoding="utf-8").read()
    if re.search(r'#\s*include\s*[<"]nqueens_advanced\.h[>"]', simple):
        problems.append(f"{HEADERS[0]} includes nqueens_advanced.h: the simple tier must stand alone")
    for p in problems:
        print(p)
    if problems:
        print(f"check_api_docs: {len(problems)} problem(s); every exported call has a comment "
              "right above it that names it and says what it does")
        return 1
    print(f"check_api_docs: {len(seen)} exported calls, each documented")
    return 0


if __name__ == "__main__":
    sys.exit(check(os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else
                                   os.path.join(os.path.dirname(__file__), ".."))))
