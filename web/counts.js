/*
 * counts.js: how many solutions. The page counts n = 1..14 itself with the library (a worker
 * solving its numbered subproblems; under a second in all), at start-up for the table and at
 * once for the board's n (#total, #unique), and above that takes the library's table of known
 * values (nq_known_count(), OEIS A000170 and A002562), saying which; the table offers to count
 * n = 15..18 on request. One limit serves the board's totals, the table's marks and the note
 * that states them, so what the page says it counts is what it counts. The table and log-scale
 * plot of n = 1..27 show the known values and mark those this page counted itself; counts from
 * n = 13 on show their progress and can be cancelled.
 */
'use strict';

const COUNT_IN_PAGE_MAX = 14;  /* the page counts n up to this by itself (#total, the table) */
const COUNT_PROGRESS_MIN = 13; /* counts from this n on show progress and a cancel button */
const TABLE_COUNT_MAX = 18;    /* the table offers to count up to this n (minutes in a browser) */
const KNOWN_MAX = 27;          /* the largest n whose counts are known (Q27 project, 2016) */

class Counts {
    /* live, table: Tasks; ui: the elements; onShown(n, {total, unique}, source) is called when
     * the totals of the board's n are shown. */
    constructor(nq, live, table, ui, onShown) {
        this.nq = nq;
        this.live = live;
        this.tableTask = table;
        this.ui = ui;
        this.onShown = onShown;
        this.computed = new Map(); /* n -> {total, unique, seconds, nodes}, counted in the page */
        this.rows = new Map();     /* n -> the "in this page" cell of the table */
        ui.cancel.addEventListener('click', () => this.live.cancel());
        ui.tableCancel.addEventListener('click', () => this.tableTask.cancel());
        this.buildTable();
        this.plot();
    }

    known(n) {
        return n <= KNOWN_MAX ? this.nq.knownCount(n) : null;
    }

    /* Shows the totals of n: counted in the page (n <= 14) or known. */
    async showLive(n) {
        const ui = this.ui;
        this.liveN = n;
        this.live.cancel();
        ui.progress.hidden = true;
        if (n > COUNT_IN_PAGE_MAX) {
            this.display(n, this.known(n), 'known');
            return;
        }
        if (this.computed.has(n)) {
            this.display(n, this.computed.get(n), 'page');
            return;
        }
        ui.total.textContent = ui.unique.textContent = '…';
        ui.source.textContent = 'counting in this page…';
        if (n >= COUNT_PROGRESS_MIN) this.progress(ui.progress, {done: 0, size: 1});
        try {
            const r = await this.live.run('count', {n}, (p) => this.progress(ui.progress, p));
            this.record(r);
            if (this.liveN === n) this.display(n, r, 'page');
        } catch (err) {
            if (this.liveN !== n) return;
            this.display(n, this.known(n), err.cancelled ? 'cancelled' : 'error: ' + err.message);
        } finally {
            if (this.liveN === n) ui.progress.hidden = true;
        }
    }

    display(n, v, source) {
        const ui = this.ui;
        ui.total.textContent = v.total;
        ui.unique.textContent = v.unique;
        ui.total.dataset.source = ui.unique.dataset.source = source === 'page' ? 'page' : 'known';
        const table = 'the known values (OEIS A000170 and A002562) from the library\u2019s table';
        if (source === 'page') {
            ui.source.textContent = 'Counted in this page by libnqueens ' + this.nq.version() +
                ' in ' + fmtSeconds(v.seconds) + '.';
        } else if (source === 'known') {
            ui.source.textContent = 'Known values: ' + table + '; counting n = ' + n +
                ' would keep a browser busy for ' +
                (n <= TABLE_COUNT_MAX ? 'minutes or more.' : 'days or more.');
        } else if (source === 'cancelled') {
            ui.source.textContent = 'Count cancelled; shown: ' + table + '.';
        } else {
            ui.source.textContent = source + '; shown: ' + table + '.';
        }
        this.onShown(n, v, source === 'page' ? 'page' : 'known');
    }

    progress(el, p) {
        el.hidden = false;
        const bar = el.querySelector('progress'), text = el.querySelector('.progress-text');
        bar.max = p.size;
        bar.value = p.done;
        text.textContent = Math.floor((100 * p.done) / p.size) + '% of ' + fmtInt(p.size) +
            ' subproblems' + (p.total ? ', ' + fmtInt(p.total) + ' solutions so far' : '');
    }

    /* A count made in the page: remembered, and shown in the table and the plot. */
    record(r) {
        this.computed.set(r.n, r);
        const cell = this.rows.get(r.n);
        if (cell) {
            const k = this.known(r.n);
            const same = k && k.total === r.total && k.unique === r.unique;
            cell.replaceChildren(
                same ? 'counted here: the same (' + fmtSeconds(r.seconds) + ')' :
                       'counted here: ' + r.total + ' / ' + r.unique + ', NOT the known value');
            cell.className = same ? 'computed' : 'computed wrong';
        }
        this.plot();
    }

    buildTable() {
        const body = this.ui.table.tBodies[0];
        for (let n = 1; n <= KNOWN_MAX; n++) {
            const k = this.known(n);
            const tr = body.insertRow();
            tr.id = 'count-row-' + n;
            tr.insertCell().textContent = n;
            tr.insertCell().textContent = fmtInt(k.total);
            tr.insertCell().textContent = fmtInt(k.unique);
            const here = tr.insertCell();
            this.rows.set(n, here);
            if (n > COUNT_IN_PAGE_MAX && n <= TABLE_COUNT_MAX) {
                const b = document.createElement('button');
                b.textContent = 'count n = ' + n + ' here';
                b.className = 'count-here';
                b.dataset.n = n;
                b.addEventListener('click', () => this.countInTable(n));
                here.append(b);
            } else if (n > TABLE_COUNT_MAX) {
                here.textContent = 'known only (too long for a browser)';
            } else {
                here.textContent = 'counting…';
            }
        }
        this.ui.tableNote.textContent = 'This page counts n = 1 to ' + COUNT_IN_PAGE_MAX +
            ' itself as it opens (under a second), n = ' + (COUNT_IN_PAGE_MAX + 1) + ' to ' +
            TABLE_COUNT_MAX + ' when you ask (the last takes minutes), and shows the known ' +
            'values of the others.';
    }

    /* Counts n in the table's worker, with progress and a cancel button. */
    async countInTable(n) {
        const ui = this.ui;
        this.tableN = n;
        ui.tableLabel.textContent = 'Counting n = ' + n + ': ';
        this.progress(ui.tableProgress, {done: 0, size: 1});
        ui.tableStatus.textContent = '';
        try {
            const r =
                await this.tableTask.run('count', {n}, (p) => this.progress(ui.tableProgress, p));
            this.record(r);
            ui.tableStatus.textContent = 'n = ' + n + ': ' + fmtInt(r.total) + ' solutions, ' +
                fmtInt(r.unique) + ' fundamental, counted in ' + fmtSeconds(r.seconds) + '.';
        } catch (err) {
            if (this.tableN !== n) return; /* another count of the table took over */
            ui.tableStatus.textContent = err.cancelled ?
                'The count of n = ' + n + ' was cancelled.' :
                'The count of n = ' + n + ' failed: ' + err.message;
        }
        ui.tableProgress.hidden = true;
    }

    /* The counts of n = 1..COUNT_IN_PAGE_MAX, once at start-up by a worker of their own (well
     * under a second in all; those the board's count made already are not made again). */
    async countSmall() {
        const task = new Task('small counts');
        try {
            for (let n = 1; n <= COUNT_IN_PAGE_MAX; n++) {
                if (!this.computed.has(n)) this.record(await task.run('count', {n}));
            }
        } finally {
            task.stop();
        }
    }

    /* The counts on a log scale: total and fundamental for n = 1..27 (0 for n = 2, 3 left out),
     * filled where this page counted them. */
    plot() {
        const svg = this.ui.plot, W = 640, H = 300, L = 52, R = 12, T = 14, B = 40, top = 18;
        const x = (n) => L + ((n - 1) * (W - L - R)) / (KNOWN_MAX - 1);
        const y = (lg) => H - B - (lg * (H - T - B)) / top;
        const parts = [];
        for (let e = 0; e <= top; e += 3) {
            parts.push(
                '<line class="grid" x1="' + L + '" x2="' + (W - R) + '" y1="' + y(e) + '" y2="' +
                y(e) + '"/>');
            parts.push(
                '<text class="tick" x="' + (L - 6) + '" y="' + (y(e) + 4) + '" text-anchor="end">' +
                (e === 0 ? '1' : '10<tspan dy="-6" font-size="9">' + e + '</tspan>') + '</text>');
        }
        for (let n = 1; n <= KNOWN_MAX; n += n < 5 ? 1 : 2) {
            parts.push(
                '<text class="tick" x="' + x(n) + '" y="' + (H - B + 16) +
                '" text-anchor="middle">' + n + '</text>');
        }
        parts.push(
            '<text class="axis" x="' + (L + (W - L - R) / 2) + '" y="' + (H - 6) +
            '" text-anchor="middle">n</text>');
        for (const [key, cls] of [['total', 'total'], ['unique', 'unique']]) {
            const pts = [];
            const dots = [];
            for (let n = 1; n <= KNOWN_MAX; n++) {
                const v = this.known(n)[key];
                if (v === '0') continue;
                const px = x(n), py = y(log10(v));
                pts.push(px.toFixed(1) + ',' + py.toFixed(1));
                const here = this.computed.has(n);
                dots.push(
                    '<circle class="' + cls + (here ? ' here' : '') + '" cx="' + px.toFixed(1) +
                    '" cy="' + py.toFixed(1) + '" r="3.5"><title>n = ' + n + ': ' + fmtInt(v) +
                    (here ? ' (counted in this page)' : ' (known value)') + '</title></circle>');
            }
            parts.push('<polyline class="' + cls + '" points="' + pts.join(' ') + '"/>', ...dots);
        }
        const legend = [
            ['total here', 'all solutions'],
            ['unique here', 'fundamental'],
            ['total', 'hollow: known value, not counted here'],
        ];
        parts.push('<g class="legend" transform="translate(' + (L + 12) + ' ' + (T + 8) + ')">');
        legend.forEach(([cls, label], i) => {
            parts.push(
                '<circle class="' + cls + '" cx="0" cy="' + 16 * i + '" r="3.5"/><text x="8" y="' +
                (16 * i + 4) + '">' + label + '</text>');
        });
        parts.push('</g>');
        svg.setAttribute('viewBox', '0 0 ' + W + ' ' + H);
        svg.innerHTML = parts.join('');
    }
}

/* log10 of a decimal string (counts beyond 2^53 included). */
function log10(s) {
    return s.length - 1 + Math.log10(Number(s.slice(0, 15)) / 10 ** (Math.min(15, s.length) - 1));
}

/* 14772512 -> "14,772,512" (decimal strings of any length). */
function fmtInt(v) {
    return String(v).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

function fmtSeconds(s) {
    return s < 1 ? Math.max(1, Math.round(s * 1000)) + ' ms' : s.toFixed(1) + ' s';
}
