"""A first session with the nqueens package, as a learner would type it in a notebook.

Run it as a script (python3 examples/notebook.py, with the package installed or PYTHONPATH set
to build/python): each cell prints what a notebook would show, and checks it against what is
known independently (the OEIS counts, the solution of the classic write-ups).
"""
import nqueens

# The three lines a learner types first: the count, the first solution, and its picture.
print(nqueens.count(8))                    # 92 solutions, 12 fundamental (OEIS A000170, A002562)
first = next(nqueens.solutions(8))
print(first.format("board"))

assert nqueens.count(8).total == 92 and nqueens.count(8).unique == 12
assert first.cols == (0, 4, 7, 5, 2, 6, 1, 3)  # the lexicographically first solution
assert first._repr_svg_().startswith("<?xml")  # what Jupyter draws

# Symmetry classes: the 92 solutions fall into 12 classes (11 of 8 members, 1 of 4).
classes = {}
for s in nqueens.solutions(8):
    classes.setdefault(s.canonical(), []).append(s)
sizes = sorted(len(members) for members in classes.values())
print(len(classes), "classes of sizes", sizes)
assert len(classes) == 12 and sizes == [4] + [8] * 11

# Counts for n = 1..12 with their orbits; n = 12: 14200 solutions, 1787 fundamental.
for n in range(1, 13):
    r = nqueens.count(n)
    print(f"n = {n:2}: {r.total:6} solutions, {r.unique:5} fundamental, orbits {r.orbits}")
assert (r.total, r.unique) == (14200, 1787)

# One solution of a million queens, in O(n), as a compact array of C ints.
big = nqueens.find(10**6, "construct")
print("a million queens:", big[:6].tolist(), "...", len(big) * big.itemsize, "bytes")
nqueens.Solution(big)  # checked by the library's validator: raises if wrong

# Completing a partial board, and checking a student's answer.
print("0-0 and 1-2 extend to", nqueens.complete(8, "0-0, 1-2"))  # None: no completion
print("0-1 and 1-3 extend to", nqueens.complete(8, "0-1, 1-3"))
assert nqueens.complete(8, "0-0, 1-2") is None
assert nqueens.complete(8, "0-1, 1-3").cols[:2] == (1, 3)
answer = "0 4 7 5 2 6 1 3\n0 1 2 3 4 5 6 7\n"
for v in nqueens.check(answer).verdicts:
    print("item", v.index, v.kind, v.conflict or "")
assert [v.kind for v in nqueens.check(answer).verdicts] == ["valid", "attack"]

# The search step by step, for n = 4: its first events and its two solutions.
events = list(nqueens.trace(4))
print("\n".join(str(e) for e in events[:6]))
print([e.cols for e in events if e.kind == "solution"])
assert [e.cols for e in events if e.kind == "solution"] == [(1, 3, 0, 2), (2, 0, 3, 1)]
