"""Builds the extension nqueens._nqueens with libnqueens compiled into it (pyproject.toml has the
metadata; `pip install --no-build-isolation .` or `pip wheel --no-build-isolation .` runs this).

Nothing here names a source of the library: they come from the project's one list,
cmake/sources.cmake (NQ_LIB_SOURCES, NQ_GPU_NONE_SOURCES, NQ_PYTHON_SOURCES), and the vector
kernels' files and flags from cmake/kernels.cmake, so that the wheel has the same library as the
CLI, with the same run-time choice of kernel (src/kernel.c): each AVX2/AVX-512 file is compiled
with its instruction set's flags where this compiler has them, the rest portably. yajl is linked
from its static archive where there is one (Debian's libyajl-dev has libyajl_s.a), so the
extension needs no libnqueens.so and no libyajl.so at run time; zlib (crc32) and the C library
are the only shared libraries it loads. Objects go to build/setuptools/ (the CMake build's
directory, which `make clean` empties), and the compilation runs on every core.

What the build lacks is said in one line, naming what to install: no C compiler, no Python
headers, no yajl or zlib headers (the checks of the backend, python/nqueens_build.py, come first:
setuptools and wheel).
"""
import concurrent.futures
import os
import platform
import re
import shutil
import subprocess
import tempfile

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

try:
    from setuptools.modified import newer_group  # setuptools >= 69
except ImportError:
    from distutils.dep_util import newer_group

ROOT = os.path.dirname(os.path.abspath(__file__))
BUILD_BASE = os.path.join("build", "setuptools")


def fail(what):
    """Stops the build with one line naming what is missing and how to get it."""
    raise SystemExit(f"nqueens build: {what}")


def cmake_sets(path, known=None):
    """The lists set by `set(NQ_NAME item ...)` in a CMake file, ${NQ_...} expanded."""
    with open(os.path.join(ROOT, path)) as f:
        text = re.sub(r"(?m)^\s*#.*$", "", f.read())
    lists = dict(known or {})
    for name, body in re.findall(r"\bset\(\s*(NQ_\w+)\b([^)]*)\)", text):
        items = []
        for word in body.split():
            ref = re.fullmatch(r"\$\{(NQ_\w+)\}", word)
            items += lists.get(ref.group(1), []) if ref else [word]
        lists[name] = items
    return lists


def version():
    """NQ_VERSION_MAJOR.MINOR.PATCH of include/nqueens.h, as cmake/version.cmake reads it."""
    with open(os.path.join(ROOT, "include", "nqueens.h")) as f:
        header = f.read()
    parts = []
    for part in ("MAJOR", "MINOR", "PATCH"):
        m = re.search(rf"#define NQ_VERSION_{part}[ \t]+([0-9]+)", header)
        if not m:
            fail(f"include/nqueens.h has no '#define NQ_VERSION_{part} <number>'")
        parts.append(m.group(1))
    return ".".join(parts)


def kernel_files(lists):
    """{isa: (files, flags)} of the vector kernels: cmake/kernels.cmake gives each instruction
    set's flags (NQ_AVX2_FLAGS, NQ_AVX512_FLAGS) and the file names (src/count_${file}.c ...,
    file being the set's name in lower case, and those of NQ_AVX2_ALSO, NQ_AVX512_ALSO); every one
    must be a library source."""
    with open(os.path.join(ROOT, "cmake", "kernels.cmake")) as f:
        text = f.read()
    stems = re.findall(r"\$\{PROJECT_SOURCE_DIR\}/([\w/]+_)\$\{file\}\.c", text)
    isas = re.search(r"foreach\(isa ([A-Z0-9 ]+)\)", text)
    if not stems or not isas:
        fail("cmake/kernels.cmake no longer names the kernels' files as setup.py reads them "
             "(set_source_files_properties of src/NAME_${file}.c in a foreach(isa ...))")
    kernels = {}
    for isa in isas.group(1).split():
        files = [stem + isa.lower() + ".c" for stem in stems] + lists.get(f"NQ_{isa}_ALSO", [])
        missing = [f for f in files if f not in lists["NQ_LIB_SOURCES"]]
        if missing or f"NQ_{isa}_FLAGS" not in lists:
            fail(f"cmake/kernels.cmake and cmake/sources.cmake disagree on {isa}: {missing}")
        kernels[isa] = (files, lists[f"NQ_{isa}_FLAGS"], lists[f"NQ_{isa}_PROBE"][0])
    return kernels


LISTS = cmake_sets("cmake/kernels.cmake", cmake_sets("cmake/sources.cmake"))
KERNELS = kernel_files(LISTS)
LIB_SOURCES = LISTS["NQ_LIB_SOURCES"] + LISTS["NQ_GPU_NONE_SOURCES"]
# Compiled in C11 with the definitions of the CMake build (CMakeLists.txt); -O3 as its Release
# build, and without debug information (Python's own CFLAGS may add -g: a wheel four times as
# large, and slower to build).
CFLAGS = ["-std=c11", "-O3", "-g0", "-pthread", "-fvisibility=hidden"]
MACROS = [("_POSIX_C_SOURCE", "200809L")]


class BuildExt(build_ext):
    """Checks the tools, compiles the library's sources in parallel (the kernels with their own
    flags), then links them into the extension."""

    def build_extensions(self):
        self.check_compiler()
        self.check_headers()
        super().build_extensions()

    def check_compiler(self):
        cc = self.compiler.compiler_so[0]
        if not shutil.which(cc):
            fail(f"no C compiler: {cc!r} (CC, or the one Python was built with) is not found: "
                 "install one (Debian: apt install gcc) or name it in CC")

    def check_headers(self):
        dirs = self.include_dirs + self.compiler.include_dirs
        if not any(os.path.isfile(os.path.join(d, "Python.h")) for d in dirs):
            fail(f"Python.h is missing (looked in {', '.join(dirs) or 'no directory'}): install "
                 f"the headers of Python {platform.python_version()} (Debian: apt install "
                 "python3-dev; Fedora: python3-devel; pyenv and python.org builds have them)")
        for header, package in (("yajl/yajl_parse.h", "libyajl-dev"), ("zlib.h", "zlib1g-dev")):
            if not self.compiles(f"#include <{header}>\nint nq_probe(void) {{ return 0; }}\n"):
                fail(f"<{header}> is missing: install it (Debian: apt install {package})")

    def compiles(self, code, flags=()):
        with tempfile.TemporaryDirectory() as tmp:
            src = os.path.join(tmp, "probe.c")
            with open(src, "w") as f:
                f.write(code)
            try:
                self.compiler.compile([src], output_dir=tmp, extra_postargs=list(flags))
            except Exception:
                return False
        return True

    def build_extension(self, ext):
        # Nothing to do when the extension is newer than every source and header (build_ext's
        # own test, made here since the library's objects are compiled before it).
        target = self.get_ext_fullpath(ext.name)
        headers = [os.path.join(d, f) for d in ("include", "src") for f in os.listdir(d)
                   if f.endswith(".h")]
        if not self.force and not newer_group(LIB_SOURCES + ext.sources + headers, target):
            print(f"nqueens build: {target} is up to date")
            return
        macros = list(MACROS)
        jobs = []  # (sources, flags)
        kernel_sources = set()
        x86 = platform.machine().lower() in ("x86_64", "amd64")
        for isa, (files, flags, probe) in KERNELS.items():
            kernel_sources.update(files)
            probe_code = ("#include <immintrin.h>\nint main(void) { return "
                          f"__builtin_cpu_supports(\"{probe}\"); }}\n")
            if x86 and self.compiles(probe_code, flags):
                macros.append((f"NQ_HAVE_{isa}", None))
                jobs.append((files, flags))
            else:  # src/kernel.c then offers the generic kernel only, as the CMake build does
                print(f"nqueens build: this compiler has no {isa} kernel ({' '.join(flags)})")
        jobs.append(([s for s in LIB_SOURCES if s not in kernel_sources], []))
        objects = self.compile_parallel(jobs, macros)
        ext.extra_objects = objects + ext.extra_objects
        ext.define_macros = macros + ext.define_macros
        super().build_extension(ext)

    def compile_parallel(self, jobs, macros):
        """Compiles every (source, flags) on all cores; the objects in the order given."""
        tasks = [(src, flags) for files, flags in jobs for src in files]
        out = os.path.join(self.build_temp, "libnqueens")
        # Skipped when the extension is newer than every source, as build_ext itself does.
        workers = int(os.environ.get("NQ_BUILD_JOBS", "0")) or os.cpu_count() or 1

        def one(task):
            src, flags = task
            return self.compiler.compile([src], output_dir=out, macros=macros,
                                         include_dirs=["include"],
                                         extra_postargs=CFLAGS + list(flags))[0]

        with concurrent.futures.ThreadPoolExecutor(max_workers=workers) as pool:
            return list(pool.map(one, tasks))


def yajl_link():
    """yajl's static archive (libyajl_s.a) where the compiler finds it, else -lyajl."""
    cc = os.environ.get("CC", "cc").split()
    try:
        libdir = subprocess.run(["pkg-config", "--variable=libdir", "yajl"], check=True,
                                capture_output=True, text=True).stdout.strip()
        candidates = [os.path.join(libdir, "libyajl_s.a")]
    except (OSError, subprocess.CalledProcessError):
        candidates = []
    try:
        candidates.append(subprocess.run([*cc, "-print-file-name=libyajl_s.a"], check=True,
                                         capture_output=True, text=True).stdout.strip())
    except (OSError, subprocess.CalledProcessError):
        pass
    for path in candidates:
        if os.path.isabs(path) and os.path.isfile(path):
            return [path], []
    return [], ["yajl"]


yajl_objects, yajl_libs = yajl_link()
os.makedirs(BUILD_BASE, exist_ok=True)
setup(
    version=version(),
    ext_modules=[Extension(
        "nqueens._nqueens", LISTS["NQ_PYTHON_SOURCES"], include_dirs=["include"],
        extra_compile_args=CFLAGS, extra_objects=yajl_objects,
        libraries=yajl_libs + ["z", "m"],
        # The archive's symbols (yajl's) stay inside the extension.
        extra_link_args=["-pthread", "-Wl,--exclude-libs,ALL"])],
    cmdclass={"build_ext": BuildExt},
    options={"build": {"build_base": BUILD_BASE}, "egg_info": {"egg_base": BUILD_BASE}},
)
