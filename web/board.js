/*
 * board.js: an n x n board drawn with HTML cells in the colours of the library's SVG pictures,
 * the queen being the library's own glyph (copied from nq_svg_picture() at start-up, app.js).
 * Used twice: the board the learner plays on (clicks, a keyboard cursor, attacked squares, the
 * conflict the library names) and the board of the traced search (current row, tried cell,
 * attacker). Drawing only; what is drawn comes from the caller. Both carry row numbers on the left
 * and column numbers on top, 0 to n - 1: the numbering of the page's words ("row 0", "queens
 * 3-3 and 4-1"), of the URL's queens and of the nqueens program (its pairs, check and trace).
 */
'use strict';

class Board {
    /* el: the container; opts.onToggle(row, col) makes the board playable by mouse and keys. */
    constructor(el, opts = {}) {
        this.el = el;
        /* The frame: the corner, the column numbers, the row numbers, then the board. */
        this.frame = document.createElement('div');
        this.frame.className = 'board-frame';
        el.replaceWith(this.frame);
        this.colLabels = document.createElement('div');
        this.colLabels.className = 'board-labels cols';
        this.rowLabels = document.createElement('div');
        this.rowLabels.className = 'board-labels rows';
        for (const labels of [this.colLabels, this.rowLabels]) {
            labels.setAttribute('aria-hidden', 'true'); /* the cells' own labels say it */
            labels.id = el.id + '-' + (labels === this.colLabels ? 'cols' : 'rows');
        }
        const corner = document.createElement('div');
        corner.className = 'board-corner';
        this.frame.append(corner, this.colLabels, this.rowLabels, el);
        this.onToggle = opts.onToggle || null;
        this.n = 0;
        this.cells = [];
        this.cursor = {row: 0, col: 0};
        if (this.onToggle) {
            el.addEventListener('click', (e) => {
                const cell = e.target.closest('.cell');
                if (!cell || !el.contains(cell)) return;
                this.cursor = {row: +cell.dataset.row, col: +cell.dataset.col};
                this.onToggle(this.cursor.row, this.cursor.col);
            });
            el.addEventListener('keydown', (e) => this.key(e));
        }
    }

    /* Rebuilds the cells for board size n. */
    setSize(n) {
        this.n = n;
        this.frame.style.setProperty('--n', n);
        this.el.replaceChildren();
        for (const labels of [this.colLabels, this.rowLabels]) {
            labels.replaceChildren();
            for (let i = 0; i < n; i++) {
                const label = document.createElement('span');
                label.textContent = i;
                labels.append(label);
            }
        }
        this.cells = [];
        for (let r = 0; r < n; r++) {
            for (let c = 0; c < n; c++) {
                const cell = document.createElement('div');
                cell.className = 'cell';
                cell.dataset.row = r;
                cell.dataset.col = c;
                if (this.onToggle) {
                    cell.id = this.el.id + '-' + r + '-' + c;
                    cell.setAttribute('role', 'gridcell');
                }
                this.el.append(cell);
                this.cells.push(cell);
            }
        }
        this.cursor = {row: 0, col: 0};
        if (this.onToggle) this.el.setAttribute('aria-activedescendant', this.cells[0].id);
    }

    cell(row, col) {
        return this.cells[row * this.n + col];
    }

    /* Arrow keys move the cursor, space or Enter places or removes a queen there. */
    key(e) {
        const moves = {ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1]};
        if (moves[e.key]) {
            const [dr, dc] = moves[e.key];
            const clamp = (v) => Math.max(0, Math.min(this.n - 1, v));
            this.cursor = {row: clamp(this.cursor.row + dr), col: clamp(this.cursor.col + dc)};
            this.el.setAttribute(
                'aria-activedescendant', this.cell(this.cursor.row, this.cursor.col).id);
            this.markCursor();
        } else if (e.key === ' ' || e.key === 'Enter') {
            this.onToggle(this.cursor.row, this.cursor.col);
        } else {
            return;
        }
        e.preventDefault();
    }

    markCursor() {
        for (const cell of this.cells) cell.classList.remove('cursor');
        this.cell(this.cursor.row, this.cursor.col).classList.add('cursor');
    }

    /* Draws a state: queens [[row, col], ...]; optional shading of the squares they attack
     * (attacks), a conflict {row1, col1, row2, col2} (its two queens and the squares between
     * them), a highlighted row, a tried cell, an attacked cell and its attacker, a solution, and
     * the labels of the lines through each cell (labels). */
    draw(s) {
        const n = this.n;
        const queen = new Set(s.queens.map(([r, c]) => r * n + c));
        const attacked = new Set();
        if (s.attacks) {
            for (const [qr, qc] of s.queens) {
                for (let r = 0; r < n; r++) {
                    for (let c = 0; c < n; c++) {
                        if (r === qr || c === qc || r - c === qr - qc || r + c === qr + qc)
                            attacked.add(r * n + c);
                    }
                }
            }
        }
        const between = new Set(), culprits = new Set();
        if (s.conflict) {
            const {row1, col1, row2, col2} = s.conflict;
            culprits.add(row1 * n + col1).add(row2 * n + col2);
            const steps = Math.max(Math.abs(row2 - row1), Math.abs(col2 - col1));
            for (let i = 1; i < steps; i++) {
                between.add(
                    (row1 + ((row2 - row1) / steps) * i) * n +
                    (col1 + ((col2 - col1) / steps) * i));
            }
        }
        for (let r = 0; r < n; r++) {
            for (let c = 0; c < n; c++) {
                const i = r * n + c, cell = this.cells[i];
                const cls = ['cell', (r + c) % 2 ? 'dark' : 'light'];
                if (queen.has(i))
                    cls.push('queen');
                else if (attacked.has(i))
                    cls.push('attacked');
                if (culprits.has(i)) cls.push('culprit');
                if (between.has(i)) cls.push('between');
                if (s.row === r) cls.push('current-row');
                if (s.tried && s.tried[0] === r && s.tried[1] === c)
                    cls.push('tried', s.triedClass || '');
                if (s.attacker && s.attacker[0] === r && s.attacker[1] === c) cls.push('attacker');
                if (s.solution && queen.has(i)) cls.push('solved');
                if (this.onToggle && this.cursor.row === r && this.cursor.col === c)
                    cls.push('cursor');
                cell.className = cls.join(' ');
                const label = s.labels ? '<span class="lab a">' + (r + c) +
                        '</span><span class="lab d">' + (r - c + n - 1) + '</span>' :
                                         '';
                const html = (queen.has(i) ? Board.queenSvg : '') + label;
                if (cell.nqHtml !== html) {
                    cell.innerHTML = html;
                    cell.nqHtml = html;
                }
                if (this.onToggle) {
                    cell.setAttribute(
                        'aria-label',
                        'row ' + r + ', column ' + c +
                            (queen.has(i)        ? ', queen' :
                                 attacked.has(i) ? ', attacked' :
                                                   ''));
                }
            }
        }
    }
}

/* The queen, as the library draws it (the symbol #nq-queen is put into the page by app.js). */
Board.queenSvg =
    '<svg class="glyph" viewBox="0 0 40 40" aria-hidden="true"><use href="#nq-queen"></use></svg>';
