/*
 * inputs.test.js: every value the learners' page takes from a box or its URL is validated as the
 * nqueens command validates it, with the command's message (issue 20 item 1: typing 13.5 in the
 * size box showed "Solutions of n = 13.5: 73712", a board of one giant queen, dead clicks and a
 * TypeError at each redraw). The messages are compared with the program's own: `nqueens check
 * --n=V` for n (the same parser as every N of the command line; its range 1..16777216 is the
 * page's 1..20 here), `nqueens complete 8 --queens Q` for queens.
 */
'use strict';
const {test, before, after} = require('node:test');
const assert = require('node:assert/strict');
const {env, serve, launch, nqueens} = require('./support.js');

let server, browser;

before(async () => {
    server = await serve(env('NQ_WEB_DIR'));
    browser = await launch();
});

after(async () => {
    if (browser) await browser.close();
    if (server) server.close();
});

/* A fresh page at ?query, with the library loaded; errors in the page fail the test. */
async function open(query) {
    const context = await browser.newContext({viewport: {width: 1200, height: 900}});
    const page = await context.newPage();
    page.errors = [];
    page.on('pageerror', (e) => page.errors.push(e.message));
    page.on('console', (m) => {
        if (m.type() === 'error') page.errors.push(m.text());
    });
    await page.goto(server.origin + '/index.html' + query);
    await page.waitForFunction(() => window.nqPage !== undefined);
    return page;
}

async function close(page) {
    assert.deepEqual(page.errors, [], 'errors in the page');
    await page.context().close();
}

const text = async (page, selector) => (await page.textContent(selector)).trim();

/* The message of the command line for n = v: that of `nqueens check --n=v`, for the page's range
 * (1 to 20) and name (n). */
function cliMessage(v) {
    const r = nqueens(['check', '--n=' + v], '');
    assert.equal(r.status, 2, 'nqueens check --n=' + v + ' refuses it');
    const m = /--n must be an integer from 1 to 16777216, got (.*)$/m.exec(r.stderr);
    assert.ok(m, 'the message of nqueens check --n=' + v + ': ' + r.stderr);
    return 'n must be an integer from 1 to 20, got ' + m[1];
}

/* The board's size as drawn, its n in the page and the URL. */
async function boardState(page) {
    return page.evaluate(() => ({
        n: window.nqPage.n,
        cells: document.querySelectorAll('#board [id^="board-"]').length,
        box: document.querySelector('#n').value,
        url: new URLSearchParams(location.search).get('n'),
    }));
}

/* Not integers in the command's sense, each refused with its message. */
const notIntegers = ['13.5', '1e1', ' 8', '8 ', '0x10', '', '8.0', '\u0668', 'eight', '1_0', '--8'];
/* Integers out of range: refused with "(out of range)"; 65 and 21 are above the page's 20. */
const outOfRange = ['0', '-1', '-0', '99999999999999999999999'];

test('the size box refuses what the command line refuses, with its message', async () => {
    const page = await open('?n=8');
    for (const v of [...notIntegers, ...outOfRange, '21', '65']) {
        await page.fill('#n', v);
        await page.press('#n', 'Enter');
        const want = v === '21' || v === '65' ?
            'n must be an integer from 1 to 20, got \'' + v + '\' (out of range)' :
            cliMessage(v);
        assert.equal(await text(page, '#n-error'), want + '.', 'the message for ' + JSON.stringify(v));
        assert.equal(await page.isVisible('#n-error'), true);
        /* The board stays as it was: n = 8, 8 x 8 cells, the box and the URL saying 8. */
        assert.deepEqual(
            await boardState(page), {n: 8, cells: 64, box: '8', url: '8'}, 'after ' + v);
        assert.equal(await text(page, '.n-value'), '8');
    }
    /* The board still answers clicks after a refusal (13.5 left them dead). */
    await page.click('#board-0-0');
    assert.equal(new URLSearchParams(await page.evaluate(() => location.search)).get('queens'),
                 '0-0');
    /* What the command line takes, the box takes: 10, 08, +9 (written back as 9). */
    for (const [v, n] of [['10', 10], ['08', 8], ['+9', 9], ['20', 20], ['1', 1]]) {
        await page.fill('#n', v);
        await page.press('#n', 'Enter');
        assert.equal(await page.isVisible('#n-error'), false, v + ' is taken');
        assert.deepEqual(
            await boardState(page), {n, cells: n * n, box: String(n), url: String(n)}, v);
    }
    /* A refusal's message goes when a good size comes, from the box or the buttons. */
    await page.fill('#n', '13.5');
    await page.press('#n', 'Enter');
    assert.equal(await page.isVisible('#n-error'), true);
    await page.click('#n-up');
    assert.equal(await page.isVisible('#n-error'), false);
    assert.deepEqual(await boardState(page), {n: 2, cells: 4, box: '2', url: '2'});
    await close(page);
});

test('?n= refuses what the command line refuses, with its message', async () => {
    for (const v of [...notIntegers, ...outOfRange]) {
        const page = await open('?n=' + encodeURIComponent(v));
        assert.equal(
            await text(page, '#url-error'), cliMessage(v) + ': showing n = 8.', 'n=' + v);
        const s = await boardState(page);
        assert.deepEqual([s.n, s.cells, s.box, s.url], [8, 64, '8', '8'], 'n=' + v);
        await close(page);
    }
    const page = await open('?n=08');
    assert.equal(await page.isVisible('#url-error'), false);
    assert.deepEqual(await boardState(page), {n: 8, cells: 64, box: '8', url: '8'});
    await close(page);
});

test('?queens= is validated as nqueens complete --queens validates it', async () => {
    for (const q of ['3-3;4-1', '9-9', '3 - 3', '+3-3', '3-', 'x', '3-3,4-99']) {
        const r = nqueens(['complete', '8', '--queens', q]);
        assert.equal(r.status, 2, 'nqueens complete refuses --queens ' + q);
        const m = /--queens: (.*)$/m.exec(r.stderr);
        assert.ok(m, r.stderr);
        const page = await open('?n=8&queens=' + encodeURIComponent(q));
        const shown = await text(page, '#url-error');
        assert.ok(shown.includes(m[1]), 'queens=' + q + ': the page says "' + shown +
                      '", the command "' + m[1] + '"');
        assert.equal(
            new URLSearchParams(await page.evaluate(() => location.search)).get('queens'), null);
        await close(page);
    }
    /* What the command takes, the page takes (two queens in one row too: a position to show). */
    for (const [q, want] of [['3-3,4-1', '3-3,4-1'], ['03-3, 4-1 .', '3-3,4-1'], ['', null],
                             ['3-3,3-5', '3-3,3-5']]) {
        const page = await open('?n=8&queens=' + encodeURIComponent(q));
        assert.equal(await page.isVisible('#url-error'), false, 'queens=' + q);
        assert.equal(
            new URLSearchParams(await page.evaluate(() => location.search)).get('queens'), want);
        await close(page);
    }
});

test('an unknown or repeated URL parameter is reported, not silently taken', async () => {
    let page = await open('?n=6&size=9');
    assert.match(await text(page, '#url-error'), /unknown parameter 'size'/);
    assert.equal((await boardState(page)).n, 6);
    await close(page);
    page = await open('?n=6&n=9');
    assert.match(await text(page, '#url-error'), /n is given more than once: the first one is used/);
    assert.equal((await boardState(page)).n, 6);
    await close(page);
});
