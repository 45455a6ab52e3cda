#!/usr/bin/env python3
"""finish_journal.py: fills a checkpoint journal that holds only its header with a record of
every subproblem, each with counts of 0 and its CRC computed, as a count that found nothing would
leave it. A whole count of n >= 25 made in seconds: for the tests of what a finished journal of a
count of years does (it is only read: nothing to estimate or refuse). n > 27 only: for n <= 27
the known counts refuse the zeros.

usage: finish_journal.py JOURNAL
"""
import sys
import zlib


def main():
    path = sys.argv[1]
    with open(path, "rb") as f:
        lines = f.read().split(b"\n")
    header = lines[0].decode()
    assert header.startswith("nqueens-journal 2 ") and not any(lines[1:]), "a bare header"
    seed = int(header.rsplit("crc=", 1)[1], 16)
    size = int(header.split(" size=", 1)[1].split(" ", 1)[0])
    out = [header]
    for i in range(size):
        body = "r %d 0 0 0 0 0 0 0" % i
        out.append("%s %08x" % (body, zlib.crc32(body.encode(), seed) & 0xFFFFFFFF))
    with open(path, "w") as f:
        f.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
