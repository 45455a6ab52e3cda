#!/usr/bin/env bash
# tests/layout/check_includes.sh: scripts/check_includes.py finds the import circles it is
# written for and nothing else. Small trees made here: the two shapes that were in the tree
# (a call circle behind one shared header, as count.c / count_avx2.c / count_kernel.h were; two
# tool files calling each other through each other's headers, as report.c / gpu_options.c were),
# and trees without a circle (a stand-in that defines the same function, an inline function in a
# header, a layered chain), plus an #include that names no file.
# Environment: NQ_SRC (the tree), NQ_PYTHON3 (python3).
set -euo pipefail
src=${NQ_SRC:-$(cd "$(dirname "$0")/../.." && pwd)}
py=${NQ_PYTHON3:-python3}
tmp=$(mktemp -d /tmp/nq-layout.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
fail=0

# run NAME WANT_RC PATTERN: runs the check on $tmp/NAME; wants exit WANT_RC and PATTERN
# (grep -E) in its output.
run() {
  local rc=0 out
  out=$("$py" "$src/scripts/check_includes.py" "$tmp/$1" 2>&1) || rc=$?
  if [ "$rc" = "$2" ] && grep -Eq -- "$3" <<<"$out"; then
    echo "ok: $1 (exit $rc)"
  else
    echo "FAIL: $1: exit $rc (want $2), output:"
    echo "$out"
    fail=1
  fi
}
# put TREE PATH TEXT: writes a file of a tree.
put() { mkdir -p "$(dirname "$tmp/$1/$2")"; printf '%s\n' "$3" >"$tmp/$1/$2"; }

# 1. The kernels' circle: a.c and b.c include only shared.h, which declares both functions.
put kernel src/shared.h 'void a_entry(int x);
void b_entry(int x);'
put kernel src/a.c '#include "shared.h"
void a_entry(int x) { if (x > 0) b_entry(x - 1); }'
put kernel src/b.c '#include "shared.h"
/* the fallback calls back up */
void b_entry(int x) { a_entry(x); }'
run kernel 1 '^import circle: src/a -> src/b -> src/a$'
run kernel 1 'src/b -> src/a: src/b.c names a_entry\(\), declared in src/shared.h and defined in src/a.c'

# 2. The tool's circle: each file includes the other's header.
put tool tool/report.h 'void tool_error(const char *m);'
put tool tool/report.c '#include "gpu.h"
#include "report.h"
void tool_error(const char *m) { (void)m; tool_gpu_json(); }'
put tool tool/gpu.h 'void tool_gpu_json(void);'
put tool tool/gpu.c '#include "gpu.h"
#include "report.h"
void tool_gpu_json(void) { tool_error("x"); }'
run tool 1 '^import circle: tool/gpu -> tool/report -> tool/gpu$'

# 3. The same files with the circle cut: the messages in a module of their own, below both.
put cut tool/message.h 'void tool_error(const char *m);'
put cut tool/message.c '#include "message.h"
void tool_error(const char *m) { (void)m; }'
put cut tool/gpu.h 'void tool_gpu_json(void);'
put cut tool/gpu.c '#include "gpu.h"
#include "message.h"
void tool_gpu_json(void) { tool_error("x"); }'
put cut tool/report.h '#include "message.h"
void tool_report(void);'
put cut tool/report.c '#include "gpu.h"
#include "report.h"
void tool_report(void) { tool_gpu_json(); tool_error("y"); }'
run cut 0 '^check_includes: no import circle among 3 modules'

# 4. No circle: a stand-in of another build defining the same function, an inline function of
# a header naming a function of the file that includes it, comments and strings naming anything.
put standin src/reader.h 'int json_read(void);
int reader_run(void);'
put standin src/reader.c '#include "reader.h"
int reader_run(void) { return json_read(); }'
put standin src/read_json.c '#include "reader.h"
int json_read(void) { return 1; }'
put standin web/read_json_none.c '#include "../src/reader.h"
/* reader_run() is not called here */
int json_read(void) { const char *s = "reader_run()"; (void)s; return 0; }'
put standin src/tmpl.h 'static inline int tmpl_twice(int x) { return 2 * x; }'
put standin src/user.c '#include "tmpl.h"
int user_f(void);
int user_f(void) { return tmpl_twice(1); }'
run standin 0 '^check_includes: no import circle'

# 5. The readers' circle, at the level of files: the helpers' header (scan.h) includes the
# iterator's (reader.h) for its state's layout and an inline check of it, and the iterator calls
# the helpers. No function of reader.c is called from below: the types and the inline function
# are what makes the circle.
put files src/reader.h 'struct rd { int pos; };
static inline int reader_ok(const struct rd *r) { return r->pos >= 0; }
int reader_next(struct rd *r);'
put files src/scan.h '#include "reader.h"
int scan_line(struct rd *r);'
put files src/scan.c '#include "scan.h"
int scan_line(struct rd *r) { return reader_ok(r) ? r->pos++ : -1; }'
put files src/reader.c '#include "scan.h"
int reader_next(struct rd *r) { return scan_line(r); }'
run files 1 '^import circle: src/reader -> src/scan -> src/reader$'
run files 1 'src/scan -> src/reader: src/scan.c uses (rd|reader_ok), from src/reader.h'
# A macro or a typedef of the header above is a use too.
put macro src/top.h '#define TOP_MAX 8
typedef int top_t;
int top_run(void);'
put macro src/low.h 'int low_f(void);'
put macro src/low.c '#include "low.h"
#include "top.h"
int low_f(void) { top_t x = TOP_MAX; return x; }'
put macro src/top.c '#include "low.h"
#include "top.h"
int top_run(void) { return low_f(); }'
run macro 1 'src/low -> src/top: src/low.c uses (TOP_MAX|top_t), from src/top.h'

# 6. The quadrant's circle: a header of its own (the kernels' layout) whose inline function calls
# a function defined in the file that includes it.
put inline src/quad_kernel.h 'int quad_grow(int x);
static inline int quad_fit(int x) { return x > 0 ? 0 : quad_grow(x); }'
put inline src/quad.c '#include "quad_kernel.h"
int quad_grow(int x) { return x; }
int quad_run(int x);
int quad_run(int x) { return quad_fit(x); }'
run inline 1 '^import circle: src/quad -> src/quad_kernel.h -> src/quad$'
run inline 1 'src/quad_kernel.h -> src/quad: src/quad_kernel.h names quad_grow\(\), declared in src/quad_kernel.h and defined in src/quad.c'

# 7. Both cut as in the tree: the state in a header of its own below the iterator and the helpers;
# the growing buffer in a module of its own below the quadrant and its kernels. A header that
# only declares functions (nqueens.h) is not tied to the files that define them.
put cut2 include/api.h 'int api_next(void);
int api_count(void);'
put cut2 src/state.h 'struct rd { int pos; };
static inline int state_ok(const struct rd *r) { return r->pos >= 0; }'
put cut2 src/scan.h '#include "state.h"
int scan_line(struct rd *r);'
put cut2 src/scan.c '#include "scan.h"
#include "api.h"
int scan_line(struct rd *r) { return state_ok(r) ? r->pos++ : -1; }'
put cut2 src/reader.c '#include "scan.h"
#include "api.h"
int api_next(void) { struct rd r = {0}; return scan_line(&r); }'
put cut2 src/buf.h 'int buf_grow(int x);
static inline int buf_fit(int x) { return x > 0 ? 0 : buf_grow(x); }'
put cut2 src/buf.c '#include "buf.h"
int buf_grow(int x) { return x; }'
put cut2 src/quad_kernel.h '#include "buf.h"'
put cut2 src/quad.c '#include "quad_kernel.h"
#include "api.h"
int api_count(void) { return buf_fit(1) + api_next(); }'
run cut2 0 '^check_includes: no import circle among 7 modules'

# 8. An #include that names no file of the tree.
put missing src/a.c '#include "nowhere.h"'
run missing 2 'src/a.c:1: #include "nowhere.h" names no file'

# 9. The tree itself has no circle.
rc=0
"$py" "$src/scripts/check_includes.py" "$src" >/dev/null || rc=$?
[ $rc = 0 ] && echo "ok: the tree has no import circle" || { echo "FAIL: the tree: exit $rc"; fail=1; }
exit $fail
