/*
 * support.js: what the browser tests of the page share: a static server for the built page on a
 * free port of 127.0.0.1 (any static server must do, so this one knows nothing of the page), and
 * Debian's Chromium, headless, driven by playwright-core (never a downloaded browser).
 * Environment (set by ctest, cmake/web.cmake): NQ_WEB_DIR (the built page), NQ_CHROMIUM,
 * NQ_WEB_SHOTS (where screenshots go), NQ (the nqueens program, the reference for answers).
 */
'use strict';
const fs = require('node:fs');
const http = require('node:http');
const path = require('node:path');
const {spawnSync} = require('node:child_process');
const {chromium} = require('playwright-core');

const env = (name) => {
    const v = process.env[name];
    if (!v) throw new Error(name + ' is not set: run the web tests through ctest (make test)');
    return v;
};

const TYPES = {
    '.html': 'text/html; charset=utf-8',
    '.js': 'text/javascript',
    '.css': 'text/css',
    '.wasm': 'application/wasm',
};

/* Serves dir at http://127.0.0.1:PORT/; resolves to {origin, close()}. */
function serve(dir) {
    const server = http.createServer((req, res) => {
        const rel = decodeURIComponent(new URL(req.url, 'http://localhost').pathname);
        const file = path.join(dir, path.normalize(rel.endsWith('/') ? rel + 'index.html' : rel));
        if (!file.startsWith(dir)) {
            res.writeHead(403).end();
            return;
        }
        fs.readFile(file, (err, data) => {
            if (err) {
                res.writeHead(404).end();
                return;
            }
            res.writeHead(
                200, {'Content-Type': TYPES[path.extname(file)] || 'application/octet-stream'});
            res.end(data);
        });
    });
    return new Promise((resolve) => {
        server.listen(
            0,
            '127.0.0.1',
            () => resolve(
                {origin: 'http://127.0.0.1:' + server.address().port, close: () => server.close()}),
        );
    });
}

/* Chromium as root in a closed network: no sandbox, no background connections, a fresh profile. */
function launch() {
    return chromium.launch({
        executablePath: env('NQ_CHROMIUM'),
        headless: true,
        args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-quic',
            '--no-first-run',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
        ],
    });
}

/* Runs the nqueens program: {status, stdout, stderr}. */
function nqueens(args, input = '') {
    const r = spawnSync(env('NQ'), args, {input, encoding: 'utf8'});
    if (r.error) throw r.error;
    return {status: r.status, stdout: r.stdout, stderr: r.stderr};
}

/* The first `count` lines of the nqueens program's output (for outputs too long to keep). */
function nqueensHead(args, count) {
    const r = spawnSync(
        'sh', ['-c', '"$0" "$@" | head -n ' + count, env('NQ'), ...args], {encoding: 'utf8'});
    if (r.error) throw r.error;
    return r.stdout.split('\n').slice(0, count);
}

/* The counts of tests/data/counts.txt (OEIS): n -> {total, unique}. */
function knownCounts() {
    const out = new Map();
    for (const line of fs.readFileSync(path.join(env('NQ_TEST_DATA'), 'counts.txt'), 'utf8')
             .split('\n')) {
        const f = line.trim().split(/\s+/);
        if (f.length >= 3 && /^\d+$/.test(f[0])) out.set(+f[0], {total: f[1], unique: f[2]});
    }
    return out;
}

function shotsDir() {
    const dir = env('NQ_WEB_SHOTS');
    fs.mkdirSync(dir, {recursive: true});
    return dir;
}

module.exports = {
    env,
    serve,
    launch,
    nqueens,
    nqueensHead,
    knownCounts,
    shotsDir
};
