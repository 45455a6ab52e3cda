/*
 * worker.js: the page's long computations, off the page's thread, so that the page never
 * freezes: counts (with progress), completions, slices of the traced search, solutions one by
 * one. Each worker has its own instance of the wasm module and does one job at a time; the page
 * cancels a job by terminating its worker (tasks.js), which stops the C code wherever it is.
 * Messages in: {id, op, args}; out: {loaded} once the library is loaded, and for each job
 * {id, progress} reports, then {id, result} or {id, error} ({id, loadFailed, error} if the library
 * could not be loaded).
 */
'use strict';
importScripts('nqueens.js', 'nq.js');

const ready = NQ.load();
ready.then(() => postMessage({loaded: true}), () => {});

/* The solution iterator kept between calls, so that "next" costs one step of the search. */
let browse = null; /* {n, unique, it, index: how many solutions it has given} */

const ops = {
    /* Counts all and fundamental solutions of n over the library's numbered subproblems, a batch
     * at a time (each about 50 ms), reporting progress about 10 times a second. */
    count(nq, {n}, progress) {
        const c = nq.countStart(n);
        try {
            const size = nq.countSize(c);
            const start = performance.now();
            let done = 0, batch = 1, reported = start;
            progress({done, size});
            while (done < size) {
                const k = Math.min(batch, size - done);
                const t = performance.now();
                nq.countSolve(c, done, k);
                done += k;
                const now = performance.now();
                if (now - t < 25)
                    batch *= 2;
                else if (now - t > 100 && batch > 1)
                    batch = Math.ceil(batch / 2);
                if (now - reported > 100 && done < size) {
                    reported = now;
                    progress({done, size, ...nq.countResult(c)});
                }
            }
            return {n, size, ...nq.countResult(c), seconds: (performance.now() - start) / 1000};
        } finally {
            nq.countFree(c);
        }
    },

    completeCount(nq, {n, queens}) {
        return nq.completeCount(n, queens);
    },

    completeFirst(nq, {n, queens}) {
        return nq.completeFirst(n, queens);
    },

    trace(nq, {n, first, max}) {
        return nq.trace(n, first, max);
    },

    traceFind(nq, {n, first, kind}) {
        return nq.traceFind(n, first, kind);
    },

    /* Solutions first .. first+max-1 (0-based) in lexicographic order, all or fundamental only:
     * {solutions: [cols, ...], end: true if the listing ended}. */
    solutions(nq, {n, unique, first, max}) {
        if (!browse || browse.n !== n || browse.unique !== unique || browse.index > first) {
            if (browse) browse.it.free();
            browse = {n, unique, it: nq.search(n, unique), index: 0};
        }
        const out = [];
        while (browse.index < first + max) {
            const cols = browse.it.next();
            if (!cols) return {solutions: out, end: true};
            if (browse.index >= first) out.push(cols);
            browse.index++;
        }
        return {solutions: out, end: false};
    },
};

onmessage = async (e) => {
    const {id, op, args} = e.data;
    let nq;
    try {
        nq = await ready;
    } catch (err) {
        postMessage({
            id,
            loadFailed: true,
            error: 'the library did not load: ' + String((err && err.message) || err)
        });
        return;
    }
    try {
        const result = ops[op](nq, args, (p) => postMessage({id, progress: p}));
        postMessage({id, result}, result instanceof Int32Array ? [result.buffer] : []);
    } catch (err) {
        postMessage({id, error: String((err && err.message) || err)});
    }
};
