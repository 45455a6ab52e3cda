/*
 * trace.js: the backtracking search played step by step, as the library reports it: the events of
 * nq_trace_search() (try, attacked by, place, solution, dead end, backtrack), the same as
 * `nqueens trace` prints, fetched from a worker in slices (nqw_trace) and shown one at a time
 * with play, pause, step and a speed; the board at that moment with the current row and the
 * tried cell; nodes so far; and, as an option, the three occupancy arrays of branch and bound
 * (columns, diagonals, anti-diagonals) filling and emptying.
 */
'use strict';

const TRACE_SLICE = 2048;                                           /* events fetched at once */
const TRACE_LOG = 400;                                              /* log lines kept */
const TRACE_SPEEDS = [1, 2, 4, 8, 15, 30, 60, 125, 250, 500, 1000]; /* events a second */

class TracePlayer {
    /* ui: the elements (see index.html, #trace); board: a Board for ui.board. */
    constructor(nq, task, ui) {
        this.nq = nq;
        this.task = task;
        this.ui = ui;
        this.board = new Board(ui.board);
        this.gen = 0;
        this.loops = 0;
        ui.play.addEventListener('click', () => (this.playing ? this.pause() : this.play()));
        ui.step.addEventListener('click', () => {
            this.pause();
            this.advance(1, false);
        });
        ui.solution.addEventListener('click', () => {
            this.pause();
            this.toNextSolution();
        });
        ui.reset.addEventListener('click', () => this.reset(this.n));
        ui.speed.addEventListener('input', () => this.showSpeed());
        ui.arraysOn.addEventListener('change', () => {
            ui.arraysView.hidden = ui.arraysHint.hidden = !ui.arraysOn.checked;
            this.show();
        });
        this.showSpeed();
    }

    get rate() {
        return TRACE_SPEEDS[+this.ui.speed.value];
    }

    showSpeed() {
        this.ui.speedText.textContent = this.rate + ' events/s';
    }

    /* Back to the start of the search of n. */
    reset(n) {
        this.pause();
        this.task.cancel();
        this.gen++;
        this.n = n;
        this.slices = new Map(); /* slice number -> Int32Array */
        this.loading = Promise.resolve();
        this.index = -1; /* the event shown; -1: none yet */
        this.event = null;
        this.eventText = ''; /* its words (a backtrack's depend on the event before it) */
        this.ended = false;
        this.chain = Promise.resolve();
        this.queued = 0; /* advances asked for and not yet done */
        this.solutions = 0;
        this.log = [];
        this.board.setSize(n);
        this.buildArrays();
        this.show();
    }

    /* The event number i (0-based), or null past the end of the search. */
    async eventAt(i) {
        const k = Math.floor(i / TRACE_SLICE);
        let slice = this.slices.get(k);
        if (!slice) {
            const gen = this.gen, n = this.n;
            /* One slice at a time: a second job would supersede the first in the worker. */
            this.loading = this.loading.then(async () => {
                if (gen !== this.gen || this.slices.has(k)) return;
                const ints =
                    await this.task.run('trace', {n, first: k * TRACE_SLICE, max: TRACE_SLICE});
                if (gen !== this.gen) return;
                this.slices.set(k, ints);
                for (const old of this.slices.keys())
                    if (old < k - 1) this.slices.delete(old);
            });
            await this.loading;
            if (gen !== this.gen) throw new Cancelled();
            slice = this.slices.get(k);
        }
        const per = NQW_EVENT_HEAD + this.n;
        const j = i - k * TRACE_SLICE;
        return j * per < slice.length ? nqEvent(slice, j, this.n) : null;
    }

    /* Shows the next `count` events (logging each), or up to the next solution; requests made
     * while one is running (clicks on Step) wait for it, so that none is lost. */
    advance(count, untilSolution) {
        const gen = this.gen;
        this.queued++;
        this.chain =
            this.chain.then(() => (gen === this.gen ? this.run(count, untilSolution) : null))
                .finally(() => {
                    if (gen === this.gen) this.queued--;
                });
        return this.chain;
    }

    async run(count, untilSolution) {
        if (this.ended) return;
        const gen = this.gen;
        try {
            for (let done = 0; done < count; done++) {
                const ev = await this.eventAt(this.index + 1);
                if (gen !== this.gen) return;
                if (!ev) {
                    this.ended = true;
                    this.pause();
                    break;
                }
                this.index++;
                this.eventText = this.text(ev, this.event);
                this.event = ev;
                if (ev.kind === 'solution') this.solutions = ev.solution;
                this.log.push('  '.repeat(ev.row) + this.eventText);
                if (untilSolution && ev.kind === 'solution') break;
            }
            if (this.log.length > TRACE_LOG) this.log.splice(0, this.log.length - TRACE_LOG);
            this.show();
        } catch (err) {
            if (!err.cancelled) this.ui.event.textContent = 'error: ' + err.message;
        }
    }

    /* Goes to the next solution: step by step when it is near, else by a jump (the worker finds
     * its event number in one run of the search), noting in the log how many events it passed. */
    toNextSolution() {
        const gen = this.gen;
        this.queued++;
        this.chain =
            this.chain
                .then(async () => {
                    if (gen !== this.gen || this.ended) return;
                    const from = this.index + 1;
                    const at = await this.task.run(
                        'traceFind', {n: this.n, first: from, kind: 'solution'});
                    if (gen !== this.gen) return;
                    if (at < 0) {
                        this.ui.state.textContent = 'No solution comes after this event.';
                        return;
                    }
                    if (at - from > TRACE_SLICE) {
                        this.log.push('\u2026 ' + fmtInt(at - from) + ' events passed over \u2026');
                        this.index = at - 1;
                    }
                    await this.run(Infinity, true);
                })
                .catch((err) => {
                    if (!err.cancelled) this.ui.event.textContent = 'error: ' + err.message;
                })
                .finally(() => {
                    if (gen === this.gen) this.queued--;
                });
        return this.chain;
    }

    play() {
        if (this.ended) return;
        this.playing = true;
        this.ui.play.textContent = 'Pause';
        const loop = ++this.loops; /* a loop left over from an earlier play stops */
        let last = performance.now(), due = 0;
        const frame = async (now) => {
            if (!this.playing || loop !== this.loops) return;
            due += ((now - last) * this.rate) / 1000;
            last = now;
            const steps = Math.floor(due);
            if (steps > 0 && this.queued === 0) {
                due -= steps;
                await this.advance(steps, false);
            }
            if (this.playing && loop === this.loops) this.timer = requestAnimationFrame(frame);
        };
        this.advance(1, false).then(() => {
            if (this.playing && loop === this.loops) this.timer = requestAnimationFrame(frame);
        });
    }

    pause() {
        this.playing = false;
        cancelAnimationFrame(this.timer);
        this.ui.play.textContent = 'Play';
    }

    /* An event in the words of `nqueens trace`; a backtrack says why, from the event before it
     * (prev), which is in the row below: a dead end, a solution, or its last column. */
    text(ev, prev) {
        switch (ev.kind) {
            case 'try':
            case 'place':
                return ev.kind + ' ' + ev.row + '-' + ev.col;
            case 'backtrack': {
                const why = prev && prev.kind === 'dead end' ? 'row ' + (ev.row + 1) + ' is a dead end'
                    : prev && prev.kind === 'solution' ? 'solution found; on to the next'
                    : 'every column of row ' + (ev.row + 1) + ' was tried';
                return 'backtrack ' + ev.row + '-' + ev.col + ' (' + why + ')';
            }
            case 'attacked':
                return 'attacked ' + ev.row + '-' + ev.col + ' by ' + ev.byRow + '-' + ev.byCol +
                    ' (' + this.nq.attackName(ev.attack) + ')';
            case 'solution':
                return 'solution ' + ev.solution + ': ' +
                    ev.cols.map((c, r) => r + '-' + c + ', ').join('') + '.';
            default:
                return 'dead end at row ' + ev.row;
        }
    }

    show() {
        const ui = this.ui, ev = this.event, n = this.n;
        const queens = ev ? ev.cols.flatMap((c, r) => (c >= 0 ? [[r, c]] : [])) : [];
        const hasCell = ev && ev.col >= 0;
        this.board.draw({
            queens,
            row: ev && ev.row < n ? ev.row : -1,
            tried: hasCell ? [ev.row, ev.col] : null,
            triedClass: ev ? 'is-' + ev.kind.replace(' ', '-') : '',
            attacker: ev && ev.kind === 'attacked' ? [ev.byRow, ev.byCol] : null,
            solution: ev && ev.kind === 'solution',
            labels: ui.arraysOn.checked,
        });
        ui.steps.textContent = this.index + 1;
        ui.event.textContent = ev ? this.eventText : '(not started: press Step or Play)';
        ui.nodes.textContent = ev ? ev.nodes : 0;
        ui.solutions.textContent = this.solutions;
        ui.state.textContent = this.ended ? 'The search is over: every placement was tried.' : '';
        ui.log.textContent = this.log.join('\n');
        ui.log.scrollTop = ui.log.scrollHeight;
        if (ui.arraysOn.checked) this.drawArrays(queens, ev);
    }

    /* The three occupancy arrays: column c; diagonal row - col + n - 1; anti-diagonal row + col. */
    buildArrays() {
        const n = this.n, view = this.ui.arraysView;
        view.replaceChildren();
        this.arrays = {};
        const rows = [
            ['col', 'column [c]', n],
            ['diag', 'diagonal [row − col + n − 1]', 2 * n - 1],
            ['anti', 'anti-diagonal [row + col]', 2 * n - 1],
        ];
        for (const [key, title, size] of rows) {
            const line = document.createElement('div');
            line.className = 'array';
            const h = document.createElement('span');
            h.className = 'array-name';
            h.textContent = title;
            const boxes = document.createElement('span');
            boxes.className = 'boxes';
            this.arrays[key] = [];
            for (let i = 0; i < size; i++) {
                const b = document.createElement('span');
                b.className = 'box';
                b.dataset.index = i;
                boxes.append(b);
                this.arrays[key].push(b);
            }
            line.append(h, boxes);
            view.append(line);
        }
    }

    drawArrays(queens, ev) {
        const n = this.n;
        const by = {col: [], diag: [], anti: []};
        for (const [r, c] of queens) {
            by.col[c] = r;
            by.diag[r - c + n - 1] = r;
            by.anti[r + c] = r;
        }
        const probe = {};
        if (ev && ev.col >= 0 && ev.row < n) {
            probe.col = ev.col;
            probe.diag = ev.row - ev.col + n - 1;
            probe.anti = ev.row + ev.col;
        }
        const lines = {column: 'col', diagonal: 'diag', 'anti-diagonal': 'anti'};
        const blocked = ev && ev.kind === 'attacked' ? lines[this.nq.attackName(ev.attack)] : null;
        for (const key of ['col', 'diag', 'anti']) {
            this.arrays[key].forEach((b, i) => {
                const row = by[key][i];
                b.textContent = row === undefined ? '' : row;
                b.title = row === undefined ? 'free' : 'taken by the queen of row ' + row;
                b.className = 'box' + (row === undefined ? '' : ' taken') +
                    (probe[key] === i ? ' probed' : '') +
                    (blocked === key && probe[key] === i ? ' blocked' : '');
            });
        }
    }
}
