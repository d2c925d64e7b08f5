// Clobber in the page: choosing the game and its board, a move by clicks
// against the AI, a reload, a human-vs-human game to the end, the AI lab's
// per-side heuristics, algorithms and depths, and a refused import.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  serve, launch, openGame, waitReady, choose, moveTexts, fen, status, notice, waitNotice,
  waitMoves, importText, clickCell, dragCell, chooseClobber,
} from './harness.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

/**
 * The moves of the side to move in a shown position text, read off the text
 * (a stone next to an opponent's stone): the test's own check of the page.
 */
function movesIn(text) {
  const [board, side] = text.split(':');
  const grid = board.split('/').reverse(); // grid[0] is row 1
  const them = side === 'B' ? 'W' : 'B';
  const name = (r, c) => `${String.fromCharCode(97 + c)}${r + 1}`;
  const moves = [];
  for (let r = 0; r < grid.length; r++) {
    for (let c = 0; c < grid[r].length; c++) {
      if (grid[r][c] !== side) continue;
      for (const [dr, dc] of [[1, 0], [-1, 0], [0, -1], [0, 1]]) {
        if (grid[r + dr]?.[c + dc] === them) moves.push([name(r, c), name(r + dr, c + dc)]);
      }
    }
  }
  return moves;
}

const START_4X4 = 'WBWB/BWBW/WBWB/BWBW:B';

test('Clobber 4x4 against the AI: a move by clicks, the AI answers, a reload restores it', async () => {
  const { page, errors, context } = await openGame(browser, server.url);
  await chooseClobber(page, 4, 4);
  await choose(page, 'level', '1');
  await choose(page, 'mode', 'black');
  assert.equal(await fen(page), START_4X4);
  assert.match(await status(page), /^Black to move$/);
  assert.ok(await page.locator('#rows').isVisible());
  assert.ok(!(await page.locator('#variant').isVisible()), 'checkers rules are hidden');
  assert.ok(await page.locator('#rules [data-variant=clobber]').isVisible());

  // a1 takes a2.
  await clickCell(page, 'a1', 4, 4);
  await clickCell(page, 'a2', 4, 4);
  const moves = await waitMoves(page, 2);
  assert.equal(moves[0], '1. a1-a2');
  assert.match(moves[1], /^[a-d][1-4]-[a-d][1-4]$/);
  assert.match(await status(page), /^Black to move$/);
  // The position after the human's move, from the move list.
  await page.click('#moves button[data-ply="1"]');
  assert.equal(await fen(page), 'WBWB/BWBW/BBWB/.WBW:W');
  await page.click('#live');
  const now = await fen(page);
  assert.match(now, /:B$/);
  assert.equal(now.replace(/[^.]/g, '').length, 2, 'two stones were clobbered');

  // A second move, by drag and drop, read off the shown position.
  const [from, to] = movesIn(now)[0];
  await dragCell(page, from, to, 4, 4);
  const more = await waitMoves(page, 3);
  assert.equal(more[2], `2. ${from}-${to}`);

  // The reload restores game and settings.
  await page.waitForFunction(() => !/thinking/.test(document.querySelector('#status').textContent));
  const before = await moveTexts(page);
  const position = await fen(page);
  await page.reload();
  await waitReady(page);
  assert.deepEqual(await moveTexts(page), before);
  assert.equal(await fen(page), position);
  assert.equal(await page.inputValue('#game'), 'clobber');
  assert.equal(await page.inputValue('#rows'), '4');
  assert.equal(await page.inputValue('#cols'), '4');
  assert.equal(await page.inputValue('#mode'), 'black');
  assert.equal(await notice(page), null);
  const saved = JSON.parse(await page.evaluate(() => localStorage.getItem('warcaby.v1')));
  assert.equal(saved.game.variant, 'clobber');
  assert.equal(saved.game.start_fen, START_4X4);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a human-vs-human Clobber game played to the end shows the winner', async () => {
  const { page, errors, context } = await openGame(browser, server.url);
  await chooseClobber(page, 3, 4);
  assert.equal(await fen(page), 'BWBW/WBWB/BWBW:B');
  let played = 0;
  for (;;) {
    const text = await fen(page);
    const legal = movesIn(text);
    if (legal.length === 0) break;
    // Always the last legal move: a different stone each time, not one fight.
    const [from, to] = legal[legal.length - 1];
    await clickCell(page, from, 3, 4);
    await clickCell(page, to, 3, 4);
    played += 1;
    const moves = await waitMoves(page, played);
    assert.match(moves[played - 1], new RegExp(`${from}-${to}$`));
  }
  const loser = (await fen(page)).endsWith(':B') ? 'Black' : 'White';
  const winner = loser === 'Black' ? 'White' : 'Black';
  assert.equal(await status(page), `Game over — ${winner} wins: ${loser} has no legal move`);
  assert.ok(played >= 3);
  // Undo takes the last move back; redo plays it again.
  await page.click('#undo');
  assert.equal((await moveTexts(page)).length, played - 1);
  assert.match(await status(page), new RegExp(`^${loser === 'Black' ? 'White' : 'Black'} to move`));
  await page.click('#redo');
  assert.equal((await moveTexts(page)).length, played);
  assert.match(await status(page), /^Game over/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('AI vs AI in the lab, a heuristic per side, plays a Clobber game to the end', async () => {
  const { page, errors, context } = await openGame(browser, server.url);
  await chooseClobber(page, 3, 3);
  await page.click('#lab summary');
  assert.ok(await page.locator('#eval-black').isVisible());
  assert.ok(!(await page.locator('#eval').isVisible()), "the checkers heuristic is hidden");
  for (const side of ['black', 'white']) {
    await choose(page, `algorithm-${side}`, 'alphabeta');
    await page.fill(`#depth-${side}`, '2');
    await page.dispatchEvent(`#depth-${side}`, 'change');
  }
  await choose(page, 'eval-black', 'active');
  await choose(page, 'eval-white', 'group_then_fight');
  await page.setChecked('#lab-enabled', true);
  await choose(page, 'ai-delay', '0');
  await choose(page, 'mode', 'ai');
  await page.waitForFunction(() => /^Game over/.test(document.querySelector('#status').textContent), null, { timeout: 20000 });
  assert.match(await status(page), /^Game over — (Black|White) wins: (White|Black) has no legal move$/);
  assert.ok((await moveTexts(page)).length >= 2);
  // The lab's fixed depth holds (the last searches, near the end, may stop sooner).
  const [depth] = (await page.locator('#info-depth').textContent()).split('/').map(Number);
  assert.ok(depth >= 1 && depth <= 2, `depth ${depth}`);
  assert.deepEqual(errors, []);
  await context.close();
});

/**
 * An init script that records what reaches the AI worker: `window.searches`
 * maps each request id to the side to move (from the game sent), the
 * engine choice sent and the depth the worker's final answer reports;
 * `window.panel` gets the info panel's search and depth at every update.
 */
function recordSearches() {
  window.searches = {};
  window.panel = [];
  const post = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function (message, ...rest) {
    const think = message?.Think;
    if (think) {
      const { start, moves } = think.game.Clobber;
      const first = start.endsWith(':B') ? 'Black' : 'White';
      const other = first === 'Black' ? 'White' : 'Black';
      const side = moves.length % 2 === 0 ? first : other;
      window.searches[think.id] = { side, choice: think.choice, depth: null };
    }
    return post.call(this, message, ...rest);
  };
  window.Worker = class extends window.Worker {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', (event) => {
        const done = event.data?.Done;
        if (done && window.searches[done.id]) window.searches[done.id].depth = done.report.depth;
      });
    }
  };
  document.addEventListener('DOMContentLoaded', () => {
    const depth = document.querySelector('#info-depth');
    new MutationObserver(() => {
      window.panel.push({
        search: document.querySelector('#info-search').textContent,
        depth: Number(depth.textContent.split('/')[0]),
      });
    }).observe(depth, { childList: true, characterData: true, subtree: true });
  });
}

test('AI vs AI in the lab: each side searches with its own algorithm and depth', async () => {
  const { page, errors, context } = await openGame(browser, server.url, { initScripts: [recordSearches] });
  await chooseClobber(page, 4, 5);
  await page.click('#lab summary');
  await choose(page, 'algorithm-black', 'minimax');
  await page.fill('#depth-black', '2');
  await page.dispatchEvent('#depth-black', 'change');
  await choose(page, 'algorithm-white', 'alphabeta');
  await page.fill('#depth-white', '4');
  await page.dispatchEvent('#depth-white', 'change');
  await page.setChecked('#lab-enabled', true);
  await choose(page, 'ai-delay', '0');
  await choose(page, 'mode', 'ai');
  await page.waitForFunction(() => /^Game over/.test(document.querySelector('#status').textContent), null, { timeout: 30000 });

  // What each side's requests carried, and how deep the worker went.
  const searches = Object.values(await page.evaluate(() => window.searches));
  const moves = (await moveTexts(page)).length;
  assert.equal(searches.length, moves, 'one search per move');
  const black = searches.filter((s) => s.side === 'Black');
  const white = searches.filter((s) => s.side === 'White');
  assert.ok(black.length >= 2 && white.length >= 2, JSON.stringify(searches));
  for (const s of black) {
    assert.equal(s.choice.Lab.algorithm, 'minimax');
    assert.equal(s.choice.Lab.depth, 2);
    assert.ok(s.depth >= 1 && s.depth <= 2, `Black searched to depth ${s.depth}`);
  }
  for (const s of white) {
    assert.equal(s.choice.Lab.algorithm, 'alphabeta');
    assert.equal(s.choice.Lab.depth, 4);
    assert.ok(s.depth >= 1 && s.depth <= 4, `White searched to depth ${s.depth}`);
  }
  // Deeper than Black may go: White's own depth reached the worker.
  assert.ok(white.some((s) => s.depth >= 3), JSON.stringify(white));

  // The info panel says who searched with what, next to the depth reached.
  const panel = await page.evaluate(() => window.panel.filter((p) => p.search !== '–'));
  const shown = new Set(panel.map((p) => p.search));
  assert.deepEqual([...shown].sort(),
    ['Black: minimax, depth 2, heuristic live', 'White: alpha-beta, depth 4, heuristic live']);
  for (const p of panel) {
    assert.ok(p.depth <= (p.search.startsWith('Black') ? 2 : 4), JSON.stringify(p));
  }
  assert.ok(panel.some((p) => p.search.startsWith('White') && p.depth >= 3));
  // After the game: the winner made the last move; the panel shows its search.
  const winner = (await status(page)).match(/(Black|White) wins/)[1];
  assert.equal(await page.locator('#info-search').textContent(),
    winner === 'Black' ? 'Black: minimax, depth 2, heuristic live' : 'White: alpha-beta, depth 4, heuristic live');
  assert.deepEqual(errors, []);
  await context.close();
});

test('an invalid Clobber position import shows an error and changes nothing', async () => {
  const { page, errors, context } = await openGame(browser, server.url);
  await chooseClobber(page, 4, 4);
  await clickCell(page, 'a1', 4, 4);
  await clickCell(page, 'a2', 4, 4);
  await waitMoves(page, 1);
  const position = await fen(page);
  for (const [bad, reason] of [
    ['WBX/BWB:B', /unknown cell 'X'/],
    ['WBW/BW:B', /rows have different lengths/],
    ['W:W21-32:B1-12', /not supported|position text/],
    ['WBWBWBWBWBW/BWBWBWBWBWB:B', /not supported: rows and columns must be 2-10/],
  ]) {
    await importText(page, bad);
    const text = await waitNotice(page, /Not loaded/);
    assert.match(text, reason);
    assert.match(text, /current game is unchanged/);
    assert.equal(await fen(page), position);
    assert.deepEqual(await moveTexts(page), ['1. a1-a2']);
  }
  assert.ok(await page.locator('text=FEN and PDN are for checkers only').isVisible());

  // A good position loads, with its own board size.
  await importText(page, 'BW./.WB:B');
  assert.equal(await fen(page), 'BW./.WB:B');
  assert.deepEqual(await moveTexts(page), []);
  assert.equal(await page.inputValue('#rows'), '2');
  assert.equal(await page.inputValue('#cols'), '3');
  assert.equal(await notice(page), null);
  assert.deepEqual(errors, []);
  await context.close();
});
