/*
 * nq.js: the JavaScript side of libnqueens compiled to WebAssembly (nqueens.js and nqueens.wasm,
 * built by Emscripten from src/ and web/nq_web.c). Every answer the page shows comes from these
 * calls into the library's C code; this file only moves arguments in and out of the wasm heap.
 * Loaded by the page (index.html) and by its workers (worker.js), before nqueens.js is used.
 */
'use strict';

/* Status codes (nqueens.h). */
const NQ_OK = 0;
const NQ_ENOSOL = -4;
const NQ_ECONFLICT = -5;

/* The events of the traced search, in the order of nq_trace_kind. */
const NQ_EVENTS = ['try', 'attacked', 'place', 'solution', 'dead end', 'backtrack'];
/* Ints before the columns in each event of nqw_trace() (NQW_EVENT_HEAD in nq_web.h). */
const NQW_EVENT_HEAD = 8;

class NQ {
    constructor(module) {
        this.m = module;
    }

    /* Loads and instantiates the module (createNQueens comes from nqueens.js). */
    static async load() {
        return new NQ(await createNQueens());
    }

    /* Runs fn(ptr) with `bytes` bytes of wasm memory, freed afterwards. */
    withMemory(bytes, fn) {
        const p = this.m._malloc(Math.max(bytes, 4));
        if (!p) throw new Error('out of memory in the wasm module');
        try {
            return fn(p);
        } finally {
            this.m._free(p);
        }
    }

    ints(p, count) {
        return Array.from(this.m.HEAP32.subarray(p >> 2, (p >> 2) + count));
    }

    putInts(p, values) {
        this.m.HEAP32.set(values, p >> 2);
    }

    string(p) {
        return this.m.UTF8ToString(p);
    }

    version() {
        return this.string(this.m._nq_version());
    }

    strerror(status) {
        return this.string(this.m._nq_strerror(status));
    }

    /* "none", "row", "column", "diagonal" or "anti-diagonal". */
    attackName(kind) {
        return this.string(this.m._nq_attack_name(kind));
    }

    /* Calls fn(n, k, rowsPtr, colsPtr, extraPtr) with queens = [[row, col], ...] in the heap. */
    withQueens(queens, extraBytes, fn) {
        const k = queens.length;
        return this.withMemory(8 * k + extraBytes, (p) => {
            this.putInts(p, queens.map((q) => q[0]));
            this.putInts(p + 4 * k, queens.map((q) => q[1]));
            return fn(k, p, p + 4 * k, p + 8 * k);
        });
    }

    /* The judgement of `nqueens check` (nqw_judge): {verdict: 'valid' | 'attack' | 'incomplete',
     * conflict: {row1, col1, row2, col2, line} for an attack, emptyRow for an incomplete board}. */
    judge(n, queens) {
        return this.withQueens(queens, 4 * 7, (k, rows, cols, out) => {
            const rc = this.m._nqw_judge(n, k, rows, cols, out);
            if (rc !== NQ_OK) throw new Error('nqw_judge: ' + this.strerror(rc));
            const v = this.ints(out, 7);
            if (v[0] === 1) {
                return {
                    verdict: 'attack',
                    conflict: {
                        row1: v[1],
                        col1: v[2],
                        row2: v[3],
                        col2: v[4],
                        line: this.attackName(v[5])
                    },
                };
            }
            return v[0] === 2 ? {verdict: 'incomplete', emptyRow: v[6]} : {verdict: 'valid'};
        });
    }

    /* Queens written as `complete --queens` takes them ("3-3, 4-1"), read by the library's reader
     * of the pairs format: {queens: [[row, col], ...]} or {error: message}. */
    readPairs(text, n) {
        const max = n * n, bytes = 4 * text.length + 1;
        return this.withMemory(bytes, (t) => {
            this.m.stringToUTF8(text, t, bytes);
            return this.withMemory(8 * max + 256, (p) => {
                const rows = p, cols = p + 4 * max, err = p + 8 * max;
                const k = this.m._nqw_read_pairs(t, n, max, rows, cols, err, 256);
                if (k < 0) return {error: this.string(err)};
                const c = this.ints(cols, k);
                return {queens: this.ints(rows, k).map((row, i) => [row, c[i]])};
            });
        });
    }

    /* The lexicographically first completion: {status, cols} (status NQ_ENOSOL: none exists). */
    completeFirst(n, queens) {
        return this.withQueens(queens, 4 * n, (k, rows, cols, out) => {
            const status = this.m._nqw_complete_first(n, k, rows, cols, out);
            return {status, cols: status === NQ_OK ? this.ints(out, n) : null};
        });
    }

    /* The number of completions, as a decimal string: {status, count}. */
    completeCount(n, queens) {
        return this.withQueens(queens, 48, (k, rows, cols, out) => {
            const status = this.m._nqw_complete_count(n, k, rows, cols, out);
            return {status, count: status === NQ_OK ? this.string(out) : null};
        });
    }

    /* The library's table of known counts (OEIS A000170, A002562): {total, unique} or null. */
    knownCount(n) {
        return this.withMemory(96, (p) => {
            const rc = this.m._nqw_known_count(n, p, p + 48);
            return rc === NQ_OK ? {total: this.string(p), unique: this.string(p + 48)} : null;
        });
    }

    /* A count of n split into the library's numbered subproblems, solved a few at a time. */
    countStart(n) {
        const c = this.m._nqw_count_new(n);
        if (!c) throw new Error('cannot count n = ' + n);
        return c;
    }
    countSize(c) {
        return this.m._nqw_count_size(c);
    }
    countSolve(c, first, k) {
        const rc = this.m._nqw_count_solve(c, first, k);
        if (rc !== NQ_OK) throw new Error('nqw_count_solve: ' + this.strerror(rc));
    }
    countResult(c) {
        return {
            total: this.string(this.m._nqw_count_total(c)),
            unique: this.string(this.m._nqw_count_unique(c)),
            nodes: this.m._nqw_count_nodes(c),
        };
    }
    countFree(c) {
        this.m._nqw_count_free(c);
    }

    /* Events first .. first+max-1 of the traced branch-and-bound search (nqw_trace): an
     * Int32Array of (NQW_EVENT_HEAD + n) ints per event, fewer than max events at the end. */
    trace(n, first, max) {
        const per = NQW_EVENT_HEAD + n;
        return this.withMemory(4 * per * max, (p) => {
            const k = this.m._nqw_trace(n, first, max, p);
            if (k < 0) throw new Error('the traced search of n = ' + n + ' cannot go that far');
            return this.m.HEAP32.slice(p >> 2, (p >> 2) + per * k);
        });
    }

    /* The number of the first event of a kind ('solution', ...) at or after event `first`, or
     * -1 if none follows (nqw_trace_find). */
    traceFind(n, first, kind) {
        return this.m._nqw_trace_find(n, first, NQ_EVENTS.indexOf(kind));
    }

    /* The solution iterator (nq_search_new): next() gives the columns, or null at the end. */
    search(n, unique) {
        const s = this.m._nqw_search_new(n, unique ? 1 : 0);
        if (!s) throw new Error('cannot search n = ' + n);
        const buf = this.m._malloc(4 * n);
        return {
            next: () => (this.m._nq_search_next(s, buf) === NQ_OK ? this.ints(buf, n) : null),
            free: () => {
                this.m._nq_search_free(s);
                this.m._free(buf);
            },
        };
    }

    /* The SVG picture of one board (nq_svg_picture), as `nqueens solve --format svg` draws it. */
    svg(n, cols) {
        return this.withMemory(4 * n, (p) => {
            this.putInts(p, cols);
            const len = this.m._nq_svg_picture(0, 0, n, p, 1, 0);
            if (len === 0) throw new Error('nq_svg_picture refused the board');
            return this.withMemory(len + 1, (buf) => {
                this.m._nq_svg_picture(buf, len + 1, n, p, 1, 0);
                return this.string(buf);
            });
        });
    }
}

/* An event of the traced search, read from the ints of nqw_trace(). */
function nqEvent(ints, i, n) {
    const o = i * (NQW_EVENT_HEAD + n);
    return {
        kind: NQ_EVENTS[ints[o]],
        row: ints[o + 1],
        col: ints[o + 2],
        attack: ints[o + 3],
        byRow: ints[o + 4],
        byCol: ints[o + 5],
        solution: ints[o + 6],
        nodes: ints[o + 7],
        cols: Array.from(ints.subarray(o + NQW_EVENT_HEAD, o + NQW_EVENT_HEAD + n)),
    };
}
