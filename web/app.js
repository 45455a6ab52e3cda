/*
 * app.js: the page. Loads libnqueens (WebAssembly), reads the URL (?n=8&queens=3-3,4-1), and ties
 * the board the learner plays on to the library: the judgement of `nqueens check` on every
 * change (main thread, O(n)), the number of completions and the completion itself (a worker),
 * the totals of n (counts.js), the traced search (trace.js) and the solutions (solutions.js).
 * The URL follows the board, so a position can be shared as a link.
 */
'use strict';

const N_MAX = 20; /* the largest board of the page */
const N_DEFAULT = 8;

function byId(id) {
    return document.getElementById(id);
}

/* A value as `nqueens` quotes it in a message (tool_quote()): the bytes of its UTF-8 text, those
 * outside printable ASCII and '\\' written as \xNN. */
function quote(s) {
    let out = '';
    for (const b of new TextEncoder().encode(s))
        out += b >= 32 && b < 127 && b !== 92 ? String.fromCharCode(b) :
                                                '\\x' + b.toString(16).padStart(2, '0');
    return out;
}

/* A whole number from a box or the URL, validated as the command line validates N
 * (tool_parse_ll(): an optional sign and decimal digits, nothing else, not even a blank; then the
 * range), with its message: {value} or {error}. So 13.5, 1e1, " 8", "0x10", "" and "8 " are
 * refused as not an integer, 0, 65 and -1 as out of range. */
function parseWhole(what, text, lo, hi) {
    const range = what + ' must be an integer from ' + lo + ' to ' + hi + ', got \'' +
        quote(text) + '\'';
    if (!/^[+-]?[0-9]+$/.test(text)) return {error: range};
    const v = BigInt(text);
    if (v < BigInt(lo) || v > BigInt(hi)) return {error: range + ' (out of range)'};
    return {value: Number(v)};
}

/* The queen of the library's pictures, as the symbol #nq-queen the boards refer to. */
function installQueenGlyph(nq) {
    const doc = new DOMParser().parseFromString(nq.svg(1, [0]), 'image/svg+xml');
    const symbol = doc.querySelector('symbol');
    symbol.id = 'nq-queen';
    byId('glyphs').append(document.importNode(symbol, true));
}

/* "queens 0-0 and 1-1 share a diagonal", as `nqueens check` words a conflict. */
function conflictText(c) {
    const article = c.line === 'anti-diagonal' ? 'an' : 'a';
    return 'queens ' + c.row1 + '-' + c.col1 + ' and ' + c.row2 + '-' + c.col2 + ' share ' +
        article + ' ' + c.line;
}

class Page {
    constructor(nq) {
        this.nq = nq;
        this.n = N_DEFAULT;
        this.queens = [];   /* [[row, col], ...], in the order placed; at most one per cell */
        this.totals = null; /* {n, total, source} of the board's n, once shown */
        this.boardTask = new Task('board');
        this.board = new Board(byId('board'), {onToggle: (r, c) => this.toggle(r, c)});
        this.counts = new Counts(
            nq,
            new Task('counts'),
            new Task('table'),
            {
                total: byId('total'),
                unique: byId('unique'),
                source: byId('count-source'),
                progress: byId('count-progress'),
                cancel: byId('count-cancel'),
                table: byId('counts-table'),
                tableProgress: byId('table-progress'),
                tableLabel: byId('table-label'),
                tableStatus: byId('table-status'),
                tableNote: byId('counts-here-note'),
                tableCancel: byId('table-cancel'),
                plot: byId('counts-plot'),
            },
            (n, v, source) => {
                this.totals = {n, total: v.total, source};
                if (n === this.n && this.queens.length === 0 && this.judgement)
                    this.refreshCompletions();
            },
        );
        this.trace = new TracePlayer(nq, new Task('trace'), {
            board: byId('trace-board'),
            play: byId('trace-play'),
            step: byId('trace-step'),
            solution: byId('trace-solution'),
            reset: byId('trace-reset'),
            speed: byId('trace-speed'),
            speedText: byId('trace-speed-text'),
            arraysOn: byId('trace-arrays'),
            arraysView: byId('trace-arrays-view'),
            arraysHint: byId('arrays-hint'),
            event: byId('trace-event'),
            steps: byId('trace-steps'),
            nodes: byId('trace-nodes'),
            solutions: byId('trace-solutions'),
            state: byId('trace-state'),
            log: byId('trace-log'),
        });
        this.solutions = new SolutionBrowser(
            nq,
            new Task('solutions'),
            {
                prev: byId('sol-prev'),
                next: byId('sol-next'),
                unique: byId('sol-unique'),
                use: byId('sol-use'),
                label: byId('sol-label'),
                picture: byId('sol-picture'),
                cols: byId('sol-cols'),
            },
            (cols) => {
                this.queens = cols.map((c, r) => [r, c]);
                this.update();
                byId('play').scrollIntoView({behavior: 'smooth'});
            },
        );
        byId('n').addEventListener('change', () => this.typedN(byId('n').value));
        byId('n-down').addEventListener('click', () => this.setN(this.n - 1));
        byId('n-up').addEventListener('click', () => this.setN(this.n + 1));
        byId('complete').addEventListener('click', () => this.complete());
        byId('clear').addEventListener('click', () => {
            this.queens = [];
            this.update();
        });
        byId('show-attacks').addEventListener('change', () => this.draw());
        byId('completions-stop').addEventListener('click', () => this.boardTask.cancel());
    }

    /* The size typed in the box (Enter, or leaving it): validated as the command line validates
     * N; a bad value is reported under the box, and the box shows the board's n again. */
    typedN(text) {
        const r = parseWhole('n', text, 1, N_MAX);
        byId('n-error').textContent = r.error ? r.error + '.' : '';
        byId('n-error').hidden = !r.error;
        if (r.error)
            byId('n').value = this.n;
        else if (r.value !== this.n)
            this.setN(r.value);
        else
            byId('n').value = this.n; /* "08" or "+8": the board's n as it is written */
    }

    /* n and queens from the URL; a bad value is reported and left out, as is a parameter the
     * page does not know or one given twice (the command line refuses those too). */
    start() {
        const params = new URLSearchParams(location.search);
        const errors = [];
        const seen = new Set();
        for (const key of params.keys()) {
            if (key !== 'n' && key !== 'queens')
                errors.push(
                    'unknown parameter \'' + quote(key) +
                    '\' (the page takes n and queens): left out.');
            else if (seen.has(key))
                errors.push(key + ' is given more than once: the first one is used.');
            seen.add(key);
        }
        let n = N_DEFAULT;
        if (params.has('n')) {
            const r = parseWhole('n', params.get('n'), 1, N_MAX);
            if (r.error)
                errors.push(r.error + ': showing n = ' + N_DEFAULT + '.');
            else
                n = r.value;
        }
        this.setN(n, false);
        if (params.has('queens')) {
            const r = this.nq.readPairs(params.get('queens'), n);
            if (r.error)
                errors.push(
                    'queens \'' + quote(params.get('queens')) + '\': ' + r.error +
                    ' (write them as ROW-COL pairs, 0-based, e.g. queens=3-3,4-1).');
            else
                this.queens = r.queens.filter(
                    ([r0, c0], i, all) =>
                        all.findIndex(([r1, c1]) => r1 === r0 && c1 === c0) === i);
        }
        byId('url-error').textContent = errors.join(' ');
        byId('url-error').hidden = errors.length === 0;
        this.update();
        this.counts.countSmall();
    }

    setN(n, update = true) {
        if (!(Number.isInteger(n) && n >= 1 && n <= N_MAX)) {
            byId('n').value = this.n;
            return;
        }
        this.n = n;
        this.queens = [];
        this.totals = null;
        byId('n').value = n;
        byId('n-error').hidden = true;
        for (const el of document.querySelectorAll('.n-value')) el.textContent = n;
        byId('complete-result').textContent = '';
        this.board.setSize(n);
        this.counts.showLive(n);
        this.trace.reset(n);
        this.solutions.reset(n);
        if (update) this.update();
    }

    toggle(r, c) {
        const i = this.queens.findIndex(([qr, qc]) => qr === r && qc === c);
        if (i >= 0)
            this.queens.splice(i, 1);
        else
            this.queens.push([r, c]);
        byId('complete-result').textContent = '';
        this.update();
    }

    /* After every change of the board: judge, draw, count completions, write the URL. */
    update() {
        this.judgement = this.nq.judge(this.n, this.queens);
        this.draw();
        const j = this.judgement, k = this.queens.length;
        const conflict = byId('conflict'), verdict = byId('verdict');
        conflict.textContent = j.verdict === 'attack' ? conflictText(j.conflict) : '';
        verdict.className = j.verdict;
        let text;
        if (j.verdict === 'attack')
            text = 'Not allowed: ';
        else if (j.verdict === 'valid')
            text = 'A solution: ' + this.n + (this.n === 1 ? ' queen' : ' queens') +
                ', and no two attack each other.';
        else if (k === 0)
            text = 'An empty board: click a square to place a queen.';
        else
            text = k + (k === 1 ? ' queen' : ' queens, no two attacking each other') + '; row ' +
                j.emptyRow + ' has no queen yet.';
        byId('verdict-text').textContent = text;
        this.refreshCompletions();
        const sorted = [...this.queens].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
        const q = sorted.map(([r, c]) => r + '-' + c).join(',');
        history.replaceState(null, '', '?n=' + this.n + (q ? '&queens=' + q : ''));
    }

    draw() {
        this.board.draw({
            queens: this.queens,
            attacks: byId('show-attacks').checked,
            conflict: this.judgement.verdict === 'attack' ? this.judgement.conflict : null,
        });
    }

    setCompletions(value, note) {
        byId('completions').textContent = value;
        byId('completions-note').textContent = note;
    }

    /* The number of completions of the queens on the board, from the library (a worker). */
    async refreshCompletions() {
        this.boardTask.cancel();
        clearInterval(this.clock);
        byId('completions-stop').hidden = true;
        const j = this.judgement, n = this.n, queens = [...this.queens];
        if (j.verdict === 'attack') {
            this.setCompletions('0', '(two queens attack each other)');
            return;
        }
        if (queens.length === 0) {
            if (this.totals && this.totals.n === n) {
                this.setCompletions(
                    this.totals.total,
                    this.totals.source === 'page' ?
                        '(the empty board: every solution)' :
                        '(the empty board: every solution; known value)');
            } else {
                this.setCompletions('…', '(the empty board: every solution)');
            }
            return;
        }
        this.setCompletions('…', 'counting…');
        const start = performance.now();
        this.clock = setInterval(() => {
            byId('completions-note').textContent =
                'counting… ' + ((performance.now() - start) / 1000).toFixed(0) + ' s';
            byId('completions-stop').hidden = false;
        }, 500);
        try {
            const r = await this.boardTask.run('completeCount', {n, queens});
            if (r.status !== 0)
                this.setCompletions('?', '(' + this.nq.strerror(r.status) + ')');
            else
                this.setCompletions(
                    r.count, r.count === '1' && queens.length === n ? '(this is a solution)' : '');
        } catch (err) {
            if (!err.cancelled)
                this.setCompletions('?', '(' + err.message + ')');
            else if (
                this.queens.length === queens.length &&
                this.queens.every((q, i) => q === queens[i])) {
                this.setCompletions('?', '(count stopped)');
            }
        } finally {
            if (this.queens.length === queens.length &&
                this.queens.every((q, i) => q === queens[i])) {
                clearInterval(this.clock);
                byId('completions-stop').hidden = true;
            }
        }
    }

    /* Completes the board with the lexicographically first completion, or says there is none. */
    async complete() {
        const out = byId('complete-result'), j = this.judgement, n = this.n;
        if (j.verdict === 'attack') {
            out.textContent = 'No completion: ' + conflictText(j.conflict) + '.';
            return;
        }
        out.textContent = 'Searching for a completion…';
        try {
            const r = await this.boardTask.run('completeFirst', {n, queens: this.queens});
            if (n !== this.n) return;
            if (r.status === NQ_ENOSOL) {
                out.textContent = 'No completion exists: no solution of n = ' + n +
                    ' has queens on all of these squares.';
            } else if (r.status !== 0) {
                out.textContent = 'The completion failed: ' + this.nq.strerror(r.status) + '.';
            } else {
                const given = this.queens.length;
                this.queens = r.cols.map((c, row) => [row, c]);
                this.update();
                out.textContent = 'Completed (' + (n - given) +
                    ' queens added): ' + r.cols.join(' ') +
                    ', the lexicographically first completion.';
            }
        } catch (err) {
            out.textContent =
                err.cancelled ? 'Completion stopped.' : 'The completion failed: ' + err.message;
        }
    }
}

async function main() {
    let nq;
    try {
        nq = await NQ.load();
    } catch (err) {
        byId('fatal').hidden = false;
        byId('fatal').textContent = 'The library could not be loaded (' + err.message +
            '). Serve this folder over HTTP (make serve) and use a browser with WebAssembly.';
        return;
    }
    installQueenGlyph(nq);
    byId('version').textContent = nq.version();
    window.nqPage = new Page(nq);
    window.nqPage.start();
}

main();
