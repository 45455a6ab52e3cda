#!/usr/bin/env python3
"""Doxygen's input filter for include/*.h (cmake/docs.cmake, doc/Doxyfile.in).

The headers keep the project's comment shape (STYLE.md: `/* nq_name() :` above a declaration,
`/* note */` after a struct field or enum value) rather than Doxygen's markers. This filter
shows Doxygen which comments document what: the file's opening comment becomes its @file
description, a comment that starts a line becomes the documentation of what follows it, and a
comment after code on the same line documents that code (`/**<`). Banner comments (lines of
`=`, `-`) and the text inside the comments are passed on unchanged; the line count is kept, so
Doxygen's line numbers are the header's.
"""
import re
import sys


def filter_header(text):
    lines = text.split("\n")
    out = []
    first = True
    i = 0
    while i < len(lines):
        line = lines[i]
        stripped = line.lstrip()
        if stripped.startswith("/*") and not stripped.startswith(("/**", "/*!")):
            # A comment that starts its line: find where it ends and what follows it.
            end = i
            while "*/" not in lines[end] and end + 1 < len(lines):
                end += 1
            after = lines[end + 1].strip() if end + 1 < len(lines) else ""
            documents = after != "" and not after.startswith(("/*", "#endif", "}"))
            if first and line.startswith("/*"):
                line = "/** @file" + line[2:]
            elif documents:
                line = line.replace("/*", "/**", 1)
                # "nq_name() :" or "NQ_NAME :" opening the comment repeats the declaration's name,
                # which Doxygen shows anyway.
                line = re.sub(r"/\*\* ?[A-Za-z_][A-Za-z0-9_]*(?:\(\))? : ?", "/** ", line, count=1)
            first = False
            out.append(line)
            out.extend(lines[i + 1:end + 1])
            i = end + 1
            continue
        if "/*" in line and not stripped.startswith("*") and "/**<" not in line:
            # A trailing note after a field, a value or a declaration.
            line = re.sub(r"/\*(?![*!])", "/**<", line, count=1)
        out.append(line)
        i += 1
    # "@param rows, cols  text" (one sentence for two parameters): breathe renders Doxygen's list
    # of two names as one that Sphinx's C domain cannot parse, so the first name carries it.
    out = [re.sub(r"@param\s+(\w+),\s*(\w+)\s+", r"@param \1  (with \2) ", line) for line in out]
    # "#if" in a sentence is text, not a link request to a symbol "if".
    return "\n".join(re.sub(r"(?<=\s)#(?=[a-z])", r"\\#", line) if "*" in line else line
                     for line in out)


if __name__ == "__main__":
    with open(sys.argv[1], encoding="utf-8") as f:
        sys.stdout.write(filter_header(f.read()))
