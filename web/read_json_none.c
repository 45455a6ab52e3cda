/*
 * read_json_none.c: the page's stand-in for src/read_json.c. The library reads json and jsonl
 * through yajl, which Debian ships for the host only, not built for WebAssembly; the page never
 * reads JSON (its queens come as `pairs`), so its build links this file instead: a JSON text given
 * to a reader in the page ends with NQ_EPARSE and a message that says so, never a wrong answer.
 */
#include "../src/readers.h"
#include "../src/scan.h"

int json_read(nq_reader *r, nq_item *item) {
    (void)item;
    return scan_fail(r, r->text + r->pos,
                     "json and jsonl are not read by the page's build "
                     "(use the nqueens program)");
}

void json_free(json_state *st) {
    (void)st;
}
