#!/usr/bin/env python3
"""forge_journal.py: rewrites one record of a checkpoint journal as a forger (or a bad disk)
would: its counts changed by the given amounts, which keep the journal's identities when the
caller chooses them so (e.g. total +8, unique +1, orbit8 +1), and its CRC recomputed, so that no
check of the record itself can see the change. Used by the CLI tests of the known-count check.

usage: forge_journal.py JOURNAL RECORD DTOTAL DUNIQUE DORBIT8 DORBIT4 DORBIT2 DORBIT1
  RECORD  the 1-based position of the record among the records (the header is not one), or 0:
          the first record with a class of 8 (orbit8 >= 1), which every change above can take
"""
import sys
import zlib


def main():
    path, which = sys.argv[1], int(sys.argv[2])
    deltas = [int(x) for x in sys.argv[3:9]]
    with open(path, "rb") as f:
        lines = f.read().split(b"\n")
    header = lines[0].decode()
    seed = int(header.rsplit("crc=", 1)[1], 16)
    if which == 0:
        which = next(i for i in range(1, len(lines)) if lines[i] and int(lines[i].split()[4]) >= 1)
    fields = lines[which].decode().split(" ")
    assert fields[0] == "r" and len(fields) == 10, fields
    counts = [int(x) + d for x, d in zip(fields[2:8], deltas)]
    body = " ".join(["r", fields[1]] + [str(c) for c in counts] + [fields[8]])
    crc = zlib.crc32(body.encode(), seed) & 0xFFFFFFFF
    lines[which] = ("%s %08x" % (body, crc)).encode()
    with open(path, "wb") as f:
        f.write(b"\n".join(lines))


if __name__ == "__main__":
    main()
