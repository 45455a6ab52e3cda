/*
 * page.test.js: the learners' page (web/) in headless Chromium. The page must show what the
 * library computes, so its answers are compared with the nqueens program's (judgements, the
 * completion, the trace, the solutions and their picture) and with the OEIS table of
 * tests/data/counts.txt (counts), besides the URL contract of the issue: ?n=8 shows 92 in #total,
 * ?n=6 shows 4, ?n=8&queens=3-3,4-1 shows 2 in #completions. Screenshots go to NQ_WEB_SHOTS.
 */
'use strict';
const {test, before, after} = require('node:test');
const assert = require('node:assert/strict');
const path = require('node:path');
const {env, serve, launch, nqueens, nqueensHead, knownCounts, shotsDir} = require('./support.js');

let server, browser;
const requests = []; /* every URL the pages asked for */

before(async () => {
    server = await serve(env('NQ_WEB_DIR'));
    browser = await launch();
});

after(async () => {
    if (browser) await browser.close();
    if (server) server.close();
});

/* A fresh page at ?query, with the library loaded; errors in the page fail the test. */
async function open(query, viewport = {
    width: 1200,
    height: 900
}) {
    const context = await browser.newContext({viewport});
    const page = await context.newPage();
    page.errors = [];
    page.on('pageerror', (e) => page.errors.push(e.message));
    page.on('console', (m) => {
        if (m.type() === 'error') page.errors.push(m.text());
    });
    page.on('request', (r) => requests.push(r.url()));
    await page.goto(server.origin + '/index.html' + query);
    await page.waitForFunction(() => window.nqPage !== undefined);
    return page;
}

async function close(page) {
    assert.deepEqual(page.errors, [], 'errors in the page');
    await page.context().close();
}

/* Waits until the element's text is `want` (it may be computed in a worker). */
async function waitText(page, selector, want, timeout = 20000) {
    try {
        await page.waitForFunction(
            ([s, w]) => document.querySelector(s).textContent.trim() === w, [selector, want], {
                timeout,
            });
    } catch (err) {
        assert.equal((await page.textContent(selector)).trim(), want, selector);
    }
}

const text = async (page, selector) => (await page.textContent(selector)).trim();

/* The queens of the board, from the page's URL (the page writes the board into it). */
/* The queens of the page's URL, read in the page: page.url() learns of history.replaceState()
 * through an event that can arrive after the next step of a test on a loaded machine. */
async function boardQueens(page) {
    const q = new URLSearchParams(await page.evaluate(() => location.search)).get('queens');
    return q ? q.split(',') : [];
}

function clickCell(page, row, col) {
    return page.click('#board-' + row + '-' + col);
}

/* "queens 0-0 and 1-1 share a diagonal": how `nqueens check` names the first conflict. */
function cliConflict(n, pairs) {
    const r = nqueens(['check', '--format', 'pairs', '--n', String(n)], pairs + '\n');
    const m = /queens \d+-\d+ and \d+-\d+ share an? [a-z-]+/.exec(r.stdout);
    return m ? m[0] : '';
}

test('?n=8 shows 92 in #total, counted in the page', async () => {
    const page = await open('?n=8');
    await waitText(page, '#total', '92');
    await waitText(page, '#unique', '12');
    assert.equal(await page.getAttribute('#total', 'data-source'), 'page');
    await waitText(page, '#completions', '92'); /* the empty board: every solution */
    await close(page);
});

test('?n=6 shows 4 in #total', async () => {
    const page = await open('?n=6');
    await waitText(page, '#total', '4');
    await waitText(page, '#unique', '1');
    await close(page);
});

test('?n=8&queens=3-3,4-1 shows 2 in #completions (as nqueens complete --count)', async () => {
    const page = await open('?n=8&queens=3-3,4-1');
    const cli = nqueens(['complete', '8', '--queens', '3-3,4-1', '--count']).stdout.trim();
    assert.equal(cli, '2');
    await waitText(page, '#completions', cli);
    assert.deepEqual(await boardQueens(page), ['3-3', '4-1']);
    assert.match(await page.getAttribute('#board-3-3', 'aria-label'), /queen/);
    assert.match(await page.getAttribute('#board-4-1', 'aria-label'), /queen/);
    await close(page);
});

test('a bad URL is reported, not obeyed', async () => {
    let page = await open('?n=99');
    assert.equal(
        await text(page, '#url-error'),
        'n must be an integer from 1 to 20, got \'99\' (out of range): showing n = 8.');
    await waitText(page, '#total', '92');
    await close(page);
    page = await open('?n=8&queens=9-9');
    assert.match(await text(page, '#url-error'), /the row must be from 0 to 7/);
    assert.deepEqual(await boardQueens(page), []);
    await close(page);
});

test(
    'clicking queens: attacked squares, and the conflict named as nqueens check names it',
    async () => {
        const page = await open('?n=8');
        await clickCell(page, 0, 0);
        assert.deepEqual(await boardQueens(page), ['0-0']);
        assert.equal(await text(page, '#conflict'), '');
        for (const [r, c] of [[0, 5], [3, 0], [4, 4]]) {
            assert.match(await page.getAttribute('#board-' + r + '-' + c, 'class'), /\battacked\b/);
        }
        assert.doesNotMatch(await page.getAttribute('#board-1-2', 'class'), /\battacked\b/);
        const cases = [
            ['1-1'],               /* a diagonal */
            ['5-0'],               /* a column */
            ['3-5', '0-3', '3-0'], /* an anti-diagonal, with more queens on the board */
            ['2-1', '2-6'],        /* a row: two queens in one row */
            ['3-3', '3-5'],        /* a row and a diagonal: check's order decides which is named */
        ];
        for (const added of cases) {
            for (const q of added) await clickCell(page, ...q.split('-').map(Number));
            const pairs = (await boardQueens(page)).join(', ');
            const want = cliConflict(8, pairs);
            assert.notEqual(want, '', 'nqueens check finds a conflict in ' + pairs);
            assert.equal(await text(page, '#conflict'), want, 'the conflict of ' + pairs);
            await waitText(page, '#completions', '0');
            for (const q of added)
                await clickCell(page, ...q.split('-').map(Number)); /* removed again */
            assert.deepEqual(await boardQueens(page), ['0-0']);
            assert.equal(await text(page, '#conflict'), '');
        }
        await clickCell(page, 1, 1);
        await page.screenshot({path: path.join(shotsDir(), 'conflict.png')});
        await close(page);
    });

/* The box of an element on the screen. */
function box(page, selector) {
    return page.$eval(selector, (e) => {
        const r = e.getBoundingClientRect();
        return {top: r.top, bottom: r.bottom, left: r.left, right: r.right};
    });
}

test('both boards are numbered as the words number them: rows and columns 0 to n - 1', async () => {
    /* Issue 37: the status spoke of "row 0" beside boards with no numbers at all. */
    const page = await open('?n=6&queens=0-1,1-3');
    await waitText(page, '#verdict-text', '2 queens, no two attacking each other; row 2 has no queen yet.');
    const labels = (sel) => page.$$eval(sel + ' span', (s) => s.map((e) => e.textContent));
    const nums = (n) => Array.from({length: n}, (_, i) => String(i));
    for (const id of ['board', 'trace-board']) {
        assert.deepEqual(await labels('#' + id + '-rows'), nums(6), id + ' rows');
        assert.deepEqual(await labels('#' + id + '-cols'), nums(6), id + ' columns');
    }
    /* The label "2" stands beside the cells of row 2, the label "3" above column 3 (the cell of
     * queen 1-3), on both boards. */
    const cells = [['#board-2-0', '#board-1-3'], ['#trace-board .cell:nth-child(13)',
                                                  '#trace-board .cell:nth-child(10)']];
    for (const [i, id] of ['board', 'trace-board'].entries()) {
        const row = await box(page, '#' + id + '-rows span:nth-child(3)');
        const rowCell = await box(page, cells[i][0]);
        const mid = (row.top + row.bottom) / 2;
        assert.ok(mid > rowCell.top && mid < rowCell.bottom, id + ': row label 2 beside row 2');
        const col = await box(page, '#' + id + '-cols span:nth-child(4)');
        const colCell = await box(page, cells[i][1]);
        const center = (col.left + col.right) / 2;
        assert.ok(
            center > colCell.left && center < colCell.right, id + ': column label 3 above column 3');
    }
    /* The words name the queen of row 1, column 3 as the labels do. */
    assert.equal(await page.getAttribute('#board-1-3', 'aria-label'), 'row 1, column 3, queen');
    /* Another n: the numbers follow. */
    await page.fill('#n', '4');
    await page.dispatchEvent('#n', 'change');
    for (const id of ['board', 'trace-board']) {
        assert.deepEqual(await labels('#' + id + '-rows'), nums(4), id + ' rows, n = 4');
        assert.deepEqual(await labels('#' + id + '-cols'), nums(4), id + ' columns, n = 4');
    }
    await close(page);
});

test('the solution picture says "an 8 by 8 board", "an 11 by 11", "a 6 by 6"', async () => {
    for (const [n, words] of [[8, 'an 8 by 8'], [11, 'an 11 by 11'], [6, 'a 6 by 6']]) {
        const page = await open('?n=' + n);
        await page.waitForFunction(() => document.querySelector('#sol-picture').alt !== '');
        assert.match(await page.getAttribute('#sol-picture', 'alt'), new RegExp(' drawn on ' + words + ' board$'));
        await close(page);
    }
});

test('a 1-based queen in the URL is refused with the hint to count from 0', async () => {
    const page = await open('?n=8&queens=8-1');
    assert.match(
        await text(page, '#url-error'),
        /the row must be from 0 to 7, got 8 \(rows and columns count from 0: subtract 1 from 1-based ones\)/);
    assert.deepEqual(await boardQueens(page), []);
    await close(page);
});

test('the keyboard: arrow keys move the cursor, space places and removes a queen', async () => {
    const page = await open('?n=5');
    await page.focus('#board');
    for (const key
             of ['ArrowDown', 'ArrowDown', 'ArrowRight', 'ArrowRight', 'ArrowRight', 'ArrowUp',
                 'Space']) {
        await page.keyboard.press(key);
    }
    assert.deepEqual(await boardQueens(page), ['1-3']);
    assert.equal(await page.getAttribute('#board', 'aria-activedescendant'), 'board-1-3');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Enter');
    assert.deepEqual(await boardQueens(page), ['1-2', '1-3']);
    assert.equal(await text(page, '#conflict'), 'queens 1-2 and 1-3 share a row');
    await page.keyboard.press('Space');
    assert.deepEqual(await boardQueens(page), ['1-3']);
    await close(page);
});

test('completing a board: the completion of nqueens complete, or none', async () => {
    let page = await open('?n=8&queens=3-3,4-1');
    await page.click('#complete');
    const cols =
        nqueens(['complete', '8', '--queens', '3-3,4-1', '--format', 'cols']).stdout.trim();
    const want = cols.split(' ').map((c, r) => r + '-' + c);
    await page.waitForFunction(
        () => new URL(location.href).searchParams.get('queens').split(',').length === 8);
    assert.deepEqual(await boardQueens(page), want);
    assert.match(
        await text(page, '#complete-result'),
        new RegExp('Completed \\(6 queens added\\): ' + cols));
    assert.match(await text(page, '#verdict'), /^A solution/);
    await waitText(page, '#completions', '1');
    await close(page);

    page = await open('?n=4&queens=0-0');
    assert.equal(nqueens(['complete', '4', '--queens', '0-0']).status, 1);
    await waitText(page, '#completions', '0');
    await page.click('#complete');
    await page.waitForFunction(
        () => /No completion exists/.test(document.querySelector('#complete-result').textContent));
    assert.deepEqual(await boardQueens(page), ['0-0']);
    await close(page);

    page = await open('?n=8&queens=0-0,1-1');
    await page.click('#complete');
    assert.equal(
        await text(page, '#complete-result'),
        'No completion: queens 0-0 and 1-1 share a diagonal.');
    await close(page);
});

test('stepping the trace shows the events of nqueens trace, with nodes so far', async () => {
    const n = 5;
    const cli = nqueens(['trace', String(n)]).stdout.split('\n');
    const events = cli.slice(1, cli.findIndex((l) => l.startsWith('tried:')));
    const page = await open('?n=' + n);
    const steps = 40;
    for (let i = 0; i < steps; i++) await page.click('#trace-step');
    await waitText(page, '#trace-steps', String(steps));
    const log = (await page.textContent('#trace-log')).split('\n');
    assert.deepEqual(log, events.slice(0, steps));
    assert.equal(await text(page, '#trace-event'), events[steps - 1].trim());
    const placed = (k) => events.slice(0, k).filter((l) => l.trim().startsWith('place ')).length;
    assert.equal(await text(page, '#trace-nodes'), String(placed(steps)));
    /* The current row is highlighted. */
    const row = events[steps - 1].search(/\S/) / 2;
    assert.match(
        await page.getAttribute('#trace-board .cell:nth-child(' + (row * n + 1) + ')', 'class'),
        /current-row/);

    await page.check('#trace-arrays');
    assert.equal(await page.isVisible('#trace-arrays-view'), true);
    await page.click('#trace-solution');
    const next = events.findIndex((l, i) => i >= steps && l.trim().startsWith('solution '));
    await waitText(page, '#trace-steps', String(next + 1));
    assert.equal(await text(page, '#trace-event'), events[next].trim());
    assert.equal(await text(page, '#trace-nodes'), String(placed(next + 1)));
    const number = /^solution (\d+):/.exec(events[next].trim())[1];
    assert.equal(await text(page, '#trace-solutions'), number);
    await page.screenshot({path: path.join(shotsDir(), 'trace.png'), fullPage: true});

    /* Play to the end at full speed: the totals of nqueens trace. */
    await page.fill('#trace-speed', '10');
    await page.click('#trace-play');
    await waitText(page, '#trace-steps', String(events.length), 60000);
    await waitText(page, '#trace-play', 'Play');
    const total = (name) => cli.find((l) => l.startsWith(name + ':')).split(':')[1].trim();
    assert.equal(await text(page, '#trace-nodes'), total('nodes'));
    assert.equal(await text(page, '#trace-solutions'), total('solutions'));
    assert.match(await text(page, '#trace-state'), /The search is over/);
    /* The log keeps the last 400 events: every kind of event, dead ends included. */
    const tail = (await page.textContent('#trace-log')).split('\n');
    assert.equal(tail.length, 400);
    assert.deepEqual(tail, events.slice(-400));
    assert.ok(
        tail.some((l) => l.includes('dead end')) && tail.some((l) => l.includes('backtrack')));
    await close(page);
});

test('the next solution far ahead: a jump, with the events passed over counted', async () => {
    /* The first two solutions of n = 12 come after 6,481 and 11,404 events of nqueens trace. */
    const cli = nqueensHead(['trace', '12'], 12000).slice(1);
    const page = await open('?n=12');
    let from = 0;
    for (const k of [1, 2]) {
        await page.click('#trace-solution');
        const at = cli.findIndex((l) => l.trim().startsWith('solution ' + k + ':'));
        await waitText(page, '#trace-steps', String(at + 1));
        assert.equal(await text(page, '#trace-event'), cli[at].trim());
        assert.equal(await text(page, '#trace-solutions'), String(k));
        const placed = cli.slice(0, at + 1).filter((l) => l.trim().startsWith('place ')).length;
        assert.equal(await text(page, '#trace-nodes'), String(placed));
        const log = (await page.textContent('#trace-log')).split('\n');
        assert.deepEqual(log.slice(-2), [
            '\u2026 ' + (at - from).toLocaleString('en-US') + ' events passed over \u2026', cli[at]
        ]);
        from = at + 1;
    }
    await page.click('#trace-step');
    await waitText(page, '#trace-steps', String(from + 1));
    assert.equal(await text(page, '#trace-event'), cli[from].trim());
    await close(page);
});

test('pause stops the trace where it is', async () => {
    const page = await open('?n=8');
    await page.fill('#trace-speed', '6');
    await page.click('#trace-play');
    await page.waitForFunction(() => +document.querySelector('#trace-steps').textContent >= 5);
    await page.click('#trace-play');
    const at = await text(page, '#trace-steps');
    await page.waitForTimeout(400);
    assert.equal(await text(page, '#trace-steps'), at);
    assert.equal(await text(page, '#trace-play'), 'Play');
    await close(page);
});

test('browsing the solutions: those of nqueens solve, drawn as its SVG', async () => {
    const page = await open('?n=6');
    const all = nqueens(['solve', '6', '--format', 'cols']).stdout.trim().split('\n');
    const unique =
        nqueens(['solve', '6', '--unique', '--format', 'cols']).stdout.trim().split('\n');
    await waitText(page, '#sol-cols', all[0]);
    assert.equal(await text(page, '#sol-label'), 'Solution 1 of 4 (lexicographic order)');
    const svg = await page.evaluate(
        () => fetch(document.querySelector('#sol-picture').src).then((r) => r.text()));
    assert.equal(svg, nqueens(['solve', '6', '--format', 'svg', '--limit', '1']).stdout);
    for (let i = 1; i < all.length; i++) {
        await page.click('#sol-next');
        await waitText(page, '#sol-cols', all[i]);
    }
    assert.equal(await page.isDisabled('#sol-next'), true);
    await page.click('#sol-prev');
    await waitText(page, '#sol-cols', all[all.length - 2]);
    await page.check('#sol-unique');
    await waitText(page, '#sol-cols', unique[0]);
    assert.equal(
        await text(page, '#sol-label'), 'Fundamental solution 1 of 1 (lexicographic order)');
    assert.equal(await page.isDisabled('#sol-next'), true);
    await page.click('#sol-use');
    assert.deepEqual(await boardQueens(page), unique[0].split(' ').map((c, r) => r + '-' + c));
    assert.match(await text(page, '#verdict'), /^A solution/);
    await close(page);

    const none = await open('?n=3');
    await waitText(
        none, '#sol-label', 'n = 3 has no solution: no placement of 3 queens avoids every attack.');
    await waitText(none, '#total', '0');
    await close(none);
});

test(
    'counts: the table of n = 1..27, n <= 14 counted in the page as it opens, as its note says',
    async () => {
        const known = knownCounts();
        const page = await open('?n=15');
        await waitText(page, '#total', known.get(15).total);
        assert.equal(await page.getAttribute('#total', 'data-source'), 'known');
        assert.match(await text(page, '#count-source'), /^Known values/);
        for (let n = 1; n <= 27; n++) {
            const cells = await page.$$eval(
                '#count-row-' + n + ' td',
                (tds) => tds.map((td) => td.textContent.replace(/,/g, '')));
            assert.deepEqual(
                cells.slice(0, 3), [String(n), known.get(n).total, known.get(n).unique],
                'row ' + n);
        }
        /* What the page counts by itself, what it offers, what it only knows: the note says it,
         * the table does it (issue 37: the table marked fewer n than the README promised). */
        assert.equal(
            await text(page, '#counts-here-note'),
            'This page counts n = 1 to 14 itself as it opens (under a second), n = 15 to 18 ' +
                'when you ask (the last takes minutes), and shows the known values of the others.');
        for (let n = 1; n <= 14; n++) await waitCounted(page, n);
        for (let n = 15; n <= 27; n++) {
            const cell = '#count-row-' + n + ' td:nth-child(4)';
            assert.doesNotMatch(await text(page, cell), /counted/, 'row ' + n);
            assert.equal(await page.$$eval(cell + ' button', (b) => b.length), n <= 18 ? 1 : 0);
        }
        assert.equal(await page.$$eval('#counts-plot circle', (c) => c.length) >= 2 * 25, true);
        assert.equal(
            await page.$$eval('#counts-plot circle.total.here', (c) => c.length) >= 10, true);
        await close(page);
    });

/* Waits for the table's mark of a count made in the page, and returns it. */
async function waitCounted(page, n) {
    const sel = '#count-row-' + n + ' td:nth-child(4)';
    await page.waitForFunction(
        (s) => document.querySelector(s).textContent.startsWith('counted here: the same'), sel);
    return text(page, sel);
}

test(
    'a count in a worker: n = 15 with progress, n = 18 cancelled while the page stays usable',
    async () => {
        const known = knownCounts();
        const page = await open('?n=8');
        await page.click('#count-row-15 button');
        await page.waitForFunction(
            () => /^n = 15: /.test(document.querySelector('#table-status').textContent), null,
            {timeout: 120000});
        const status = (await text(page, '#table-status')).replace(/,/g, '');
        assert.match(
            status,
            new RegExp(
                '^n = 15: ' + known.get(15).total + ' solutions ' + known.get(15).unique +
                ' fundamental'));
        assert.match(await text(page, '#count-row-15 td:nth-child(4)'), /^counted here: the same/);

        await page.click('#count-row-18 button');
        await page.waitForFunction(
            () => +document.querySelector('#table-progress progress').value > 0, null,
            {timeout: 30000});
        assert.equal(await page.isVisible('#table-progress'), true);
        assert.match(
            await text(page, '#table-progress .progress-text'), /^\d+% of [\d,]+ subproblems/);
        /* The page answers clicks while the worker counts: the count is still going on after. */
        await clickCell(page, 0, 0);
        await clickCell(page, 1, 1);
        assert.equal(await text(page, '#conflict'), 'queens 0-0 and 1-1 share a diagonal');
        assert.equal(await text(page, '#table-status'), '');
        assert.equal(await page.isVisible('#table-progress'), true);
        await page.click('#table-cancel');
        await waitText(page, '#table-status', 'The count of n = 18 was cancelled.');
        assert.equal(await page.isVisible('#table-progress'), false);
        assert.doesNotMatch(await text(page, '#count-row-18 td:nth-child(4)'), /counted/);
        await close(page);
    });

test(
    'the live count of n = 13 and 14: in the page, with progress; cancelled: known values',
    async () => {
        const known = knownCounts();
        const page = await open('?n=13');
        await waitText(page, '#total', known.get(13).total, 60000);
        await waitText(page, '#unique', known.get(13).unique);
        assert.equal(await page.getAttribute('#total', 'data-source'), 'page');
        /* n = 14: the progress bar appears (however fast the count), then the count is shown. */
        await page.evaluate(() => {
            window.progressShown = false;
            const bar = document.querySelector('#count-progress');
            new MutationObserver(() => {
                if (!bar.hidden) window.progressShown = true;
            }).observe(bar, {attributes: true});
            /* The page counts n <= 14 as it opens: if it has counted 14 already, it is made to
             * forget it, in the same task as the switch to 14, so that the switch makes the live
             * count watched here. */
            window.nqPage.counts.computed.delete(14);
            const n = document.querySelector('#n');
            n.value = '14';
            n.dispatchEvent(new Event('change'));
        });
        await waitText(page, '#total', known.get(14).total, 120000);
        assert.equal(await page.getAttribute('#total', 'data-source'), 'page');
        assert.equal(await page.evaluate(() => window.progressShown), true);
        assert.equal(await page.isVisible('#count-progress'), false);
        await close(page);

        /* Cancelled at once (in the same task as the start, before the worker can answer). */
        const other = await open('?n=8');
        await waitText(other, '#total', '92');
        await other.evaluate(() => {
            /* The page counts n <= 14 as it opens: if it has counted 14 already, it is made to
             * forget it, so that the switch to 14 starts a count to cancel. */
            window.nqPage.counts.computed.delete(14);
            const n = document.querySelector('#n');
            n.value = '14';
            n.dispatchEvent(new Event('change'));
            document.querySelector('#count-cancel').click();
        });
        await waitText(other, '#total', known.get(14).total);
        assert.equal(await other.getAttribute('#total', 'data-source'), 'known');
        assert.match(
            await text(other, '#count-source'), /^Count cancelled; shown: the known values/);
        await close(other);
    });

test('the page asks nothing of any other server', async () => {
    const page = await open('?n=8&queens=3-3,4-1');
    await waitText(page, '#completions', '2');
    await close(page);
    const foreign = requests.filter(
        (u) =>
            !u.startsWith(server.origin + '/') && !u.startsWith('blob:') && !u.startsWith('data:'));
    assert.deepEqual(foreign, []);
});

test('readable on a phone: no sideways scrolling, the board fits', async () => {
    const page = await open('?n=8&queens=3-3,4-1', {width: 390, height: 844});
    await waitText(page, '#completions', '2');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 390, 'page width ' + width + ' on a 390 px screen');
    const box = await page.locator('#board').boundingBox();
    assert.ok(
        box.width >= 300 && box.x >= 0 && box.x + box.width <= 390, 'board ' + JSON.stringify(box));
    await page.screenshot({path: path.join(shotsDir(), 'phone.png')});
    await close(page);
});

test('screenshot of the page for the README', async () => {
    const page = await open('?n=8&queens=3-3,4-1', {width: 1100, height: 900});
    await waitText(page, '#completions', '2');
    await page.check('#trace-arrays');
    for (let i = 0; i < 23; i++) await page.click('#trace-step');
    await waitText(page, '#trace-steps', '23');
    await page.screenshot({path: path.join(shotsDir(), 'page.png'), fullPage: true});
    const clip = await page.evaluate(() => {
        const r = document.querySelector('#solutions').getBoundingClientRect();
        return {
            x: 0,
            y: 0,
            width: document.documentElement.clientWidth,
            height: Math.round(r.top + window.scrollY)
        };
    });
    await page.screenshot({path: path.join(shotsDir(), 'readme.png'), clip, fullPage: true});
    await close(page);
});
