"""Prints where `make install` puts the Python package under the prefix given, relative to it:
the directory of that prefix that this Python reads packages from, so that `import nqueens`
works afterwards. Run by cmake/python.cmake at install time, when the prefix is known
(`make install PREFIX=P`, `cmake --install build --prefix P`).

  the user's base (~/.local, site.getuserbase()): its user site, lib/python3.X/site-packages
  a prefix whose directory is on this Python's path: that one (Debian's python3 reads
      /usr/local/lib/python3.X/dist-packages and /usr/lib/python3/dist-packages)
  any other prefix: lib/python3.X/site-packages, the layout of CPython itself and of
      `pip install --prefix` (on PYTHONPATH, or the site of a Python built with that prefix)
"""
import os
import site
import sys

prefix = os.path.realpath(sys.argv[1])
version = "python%d.%d" % sys.version_info[:2]
default = os.path.join("lib", version, "site-packages")
candidates = [os.path.join("lib", version, "dist-packages"), default,
              os.path.join("lib", "python3", "dist-packages")]
# The user site is on the path only once it exists: it is looked for by name.
on_path = {os.path.realpath(p) for p in sys.path if p}
if site.ENABLE_USER_SITE is not False:
    on_path.add(os.path.realpath(site.getusersitepackages()))
for rel in candidates:
    if os.path.join(prefix, rel) in on_path:
        print(rel)
        break
else:
    print(default)
