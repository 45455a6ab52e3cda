/*
 * tasks.js: jobs for the page's workers (worker.js). A Task owns one worker and runs one job at a
 * time: a new job supersedes the one running (the board changed, so its answer is no longer
 * wanted), and cancel() stops it. Both terminate the worker, which stops the C code wherever it
 * is (a count, a completion search), and start a fresh one for the next job.
 */
'use strict';

/* The rejection of a job that was cancelled or superseded. */
class Cancelled extends Error {
    constructor() {
        super('cancelled');
        this.cancelled = true;
    }
}

class Task {
    constructor(name) {
        this.name = name;
        this.worker = null;
        this.loaded = false; /* the worker has loaded the library */
        this.pending = null; /* {id, op, args, resolve, reject, onProgress, tries} of the job */
        this.seq = 0;
    }

    get busy() {
        return this.pending !== null;
    }

    /* Runs op(args) in the worker: a promise of its result; onProgress(p) gets its reports. */
    run(op, args, onProgress) {
        this.cancel();
        const id = ++this.seq;
        return new Promise((resolve, reject) => {
            this.pending = {id, op, args, resolve, reject, onProgress, tries: 0};
            this.send();
        });
    }

    send() {
        if (!this.worker) {
            this.worker = new Worker('worker.js', {name: this.name});
            this.loaded = false;
            this.worker.onmessage = (e) => this.receive(e.data);
            this.worker.onerror = (e) => {
                e.preventDefault();
                this.failed('worker: ' + (e.message || 'failed to load'));
            };
        }
        const p = this.pending;
        this.worker.postMessage({id: p.id, op: p.op, args: p.args});
    }

    receive(msg) {
        if (msg.loaded) {
            this.loaded = true;
            return;
        }
        const p = this.pending;
        if (!p || msg.id !== p.id) return;
        if (msg.loadFailed) {
            this.failed(msg.error);
        } else if ('progress' in msg) {
            if (p.onProgress) p.onProgress(msg.progress);
        } else {
            this.pending = null;
            if ('error' in msg)
                p.reject(new Error(msg.error));
            else
                p.resolve(msg.result);
        }
    }

    /* The worker died. A worker that could not load its scripts (a browser may fail a request
     * that a terminated worker had in flight for the same file) is started again, twice at most. */
    failed(message) {
        const p = this.pending, retry = p && !this.loaded && p.tries < 2;
        this.stop();
        if (retry) {
            p.tries++;
            this.pending = p;
            this.send();
        } else if (p) {
            p.reject(new Error(message));
        }
    }

    stop() {
        if (this.worker) this.worker.terminate();
        this.worker = null;
        this.pending = null;
    }

    /* Stops the job running, if any: its promise is rejected with Cancelled. */
    cancel() {
        const p = this.pending;
        if (!p) return;
        this.stop();
        p.reject(new Cancelled());
    }
}
