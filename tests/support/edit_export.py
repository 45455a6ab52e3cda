#!/usr/bin/env python3
"""edit_export.py: an export (format 2) edited in one way, and everything else made right again,
so that the file fails one check of the reader and no other (issue 35): the end line's record
count and sums are recomputed from the records, and its check (the CRC-32 of the file's bytes
before its last space) signed again, unless the edit is of the end line itself or KEEP is given.

usage: edit_export.py SRC DST EDIT [keep-end]
  EDIT  none               nothing (the file signed again: must read as the original)
        drop-first         the first record removed (the part's first subproblem)
        drop-middle        the record in the middle removed
        drop-last          the last record removed
        dup-middle         the middle record given twice
        swap-middle        the middle record and the next one swapped
        forge-middle       the middle record's total +8, unique +1, orbit8 +1 (identities kept)
        foreign-middle     after the middle record, one of the subproblem that follows it (in
                           another part when K > 1; index = size when it is the last)
        end-total          the end line's total +8, unique +1, orbit8 +1 (the records as they are)
        end-records        the end line's record count +1
        after-end          a copy of the first record after the end line
        short-record       the middle record without its node count (index and 6 numbers)
        split=ID           line 4's split id replaced by ID
        size=S             line 3's size replaced by S
  keep-end  the end line kept as it was (only its check signed again)
"""
import sys
import zlib


def main():
    src, dst, edit = sys.argv[1], sys.argv[2], sys.argv[3]
    keep = len(sys.argv) > 4 and sys.argv[4] == "keep-end"
    lines = open(src).read().split("\n")
    assert lines[-1] == "" and lines[0] == "nqueens-export 2", "not an export of format 2"
    head, recs, end = lines[:7], lines[7:-2], lines[-2].split(" ")
    assert end[0] == "end" and len(end) == 10
    mid = len(recs) // 2
    after = []
    if edit == "drop-first":
        del recs[0]
    elif edit == "drop-middle":
        del recs[mid]
    elif edit == "drop-last":
        del recs[-1]
    elif edit == "dup-middle":
        recs.insert(mid, recs[mid])
    elif edit == "swap-middle":
        recs[mid], recs[mid + 1] = recs[mid + 1], recs[mid]
    elif edit == "forge-middle":
        f = recs[mid].split(" ")
        f[1], f[2], f[3] = str(int(f[1]) + 8), str(int(f[2]) + 1), str(int(f[3]) + 1)
        recs[mid] = " ".join(f)
    elif edit == "foreign-middle":
        index = int(recs[mid].split(" ")[0]) + 1
        recs.insert(mid + 1, "%d 0 0 0 0 0 0 1" % index)
    elif edit in ("end-total", "end-records"):
        keep = True
        if edit == "end-records":
            end[1] = str(int(end[1]) + 1)
        else:
            end[2], end[3], end[4] = str(int(end[2]) + 8), str(int(end[3]) + 1), str(int(end[4]) + 1)
    elif edit == "after-end":
        after.append(recs[0])
    elif edit == "short-record":
        recs[mid] = recs[mid].rsplit(" ", 1)[0]
    elif edit.startswith("split="):
        head[3] = "split " + edit[6:]
    elif edit.startswith("size="):
        head[2] = "size " + edit[5:]
    elif edit != "none":
        sys.exit("edit_export.py: unknown edit " + edit)
    if not keep:
        sums = [0] * 7
        for r in recs:
            f = r.split(" ")
            if len(f) == 8:
                sums = [s + int(x) for s, x in zip(sums, f[1:])]
        end[1:9] = [str(len(recs))] + [str(s) for s in sums]
    body = "\n".join(head + recs) + "\n" + " ".join(end[:9])
    text = "%s %08x\n" % (body, zlib.crc32(body.encode()) & 0xFFFFFFFF)
    text += "".join(a + "\n" for a in after)
    open(dst, "w").write(text)


if __name__ == "__main__":
    main()
