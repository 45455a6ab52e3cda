/*
 * solutions.js: the solutions of n one by one, in lexicographic order, all of them or only the
 * fundamental ones (each the least of its symmetry class), from the library's solution iterator
 * running in a worker; each drawn by the library as `nqueens solve --format svg` draws it.
 */
'use strict';

const SOLUTIONS_SLICE = 32; /* solutions fetched at once */

class SolutionBrowser {
    /* ui: the elements (index.html, #solutions); onUse(cols) puts a solution on the board. */
    constructor(nq, task, ui, onUse) {
        this.nq = nq;
        this.task = task;
        this.ui = ui;
        this.gen = 0;
        this.url = null;
        ui.next.addEventListener('click', () => this.go(this.index + 1));
        ui.prev.addEventListener('click', () => this.go(this.index - 1));
        ui.unique.addEventListener('change', () => this.reset(this.n));
        ui.use.addEventListener('click', () => {
            if (this.index >= 0) onUse(this.list[this.index]);
        });
    }

    reset(n) {
        this.task.cancel();
        this.gen++;
        this.n = n;
        this.list = [];
        this.end = false;
        this.index = -1;
        this.go(0);
    }

    /* Shows solution i (0-based), fetching it first if needed. */
    async go(i) {
        if (i < 0) return;
        const gen = this.gen, n = this.n, unique = this.ui.unique.checked;
        try {
            while (this.list.length <= i && !this.end) {
                this.ui.label.textContent = 'searching…';
                const r = await this.task.run(
                    'solutions', {n, unique, first: this.list.length, max: SOLUTIONS_SLICE});
                if (gen !== this.gen) return;
                this.list.push(...r.solutions);
                this.end = r.end;
            }
        } catch (err) {
            if (!err.cancelled) this.ui.label.textContent = 'error: ' + err.message;
            return;
        }
        if (i < this.list.length) this.index = i;
        this.show();
    }

    show() {
        const ui = this.ui, n = this.n, unique = ui.unique.checked;
        const known = n <= KNOWN_MAX ? this.nq.knownCount(n) : null;
        const of = known ? ' of ' + fmtInt(unique ? known.unique : known.total) : '';
        const cols = this.index >= 0 ? this.list[this.index] : null;
        if (this.url) URL.revokeObjectURL(this.url);
        this.url = null;
        if (cols) {
            ui.label.textContent = (unique ? 'Fundamental solution ' : 'Solution ') +
                (this.index + 1) + of + ' (lexicographic order)';
            this.url =
                URL.createObjectURL(new Blob([this.nq.svg(n, cols)], {type: 'image/svg+xml'}));
            ui.picture.src = this.url;
            ui.picture.alt =
                'the solution ' + cols.join(' ') + ' drawn on ' + article(n) + ' ' + n + ' by ' + n +
                ' board';
            ui.cols.textContent = cols.join(' ');
        } else {
            ui.label.textContent = 'n = ' + n + ' has no solution: no placement of ' + n +
                ' queens avoids every attack.';
            ui.picture.removeAttribute('src');
            ui.picture.alt = '';
            ui.cols.textContent = '';
        }
        ui.picture.hidden = !cols;
        ui.prev.disabled = this.index <= 0;
        ui.next.disabled = this.end && this.index >= this.list.length - 1;
        ui.use.disabled = !cols;
    }
}

/* "a" or "an" before the number n read in English ("an 8 by 8 board", "an 11", "an 18", "a 6"):
 * "an" where its leading group of three digits is read eight, eleven, eighteen, eighty-, or eight
 * hundred (as src/read_lines.c words "an 8x8 board"). */
function article(n) {
    while (n >= 1000) n = Math.floor(n / 1000);
    return n === 8 || n === 11 || n === 18 || Math.floor(n / 10) === 8 ||
            Math.floor(n / 100) === 8 ?
        'an' :
        'a';
}
