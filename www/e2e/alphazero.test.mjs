// The networks in the page: none is part of the first visit's download (the
// page's size budget holds). AlphaZero's is fetched only when it is chosen,
// a rule set's evaluation network only when a strong level first thinks
// there (then once); each fetch that fails leaves the game playable.
// The AlphaZero bot: its top moves (visits %,
// prior, value) show while it thinks, it plays legal moves, in the level
// list and in the lab, English checkers only; a network that cannot be
// fetched or read leaves the game playable with the other AI.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  serve, launch, openGame, choose, configure, waitMoves, waitNotice, notice, status, isEvalNet, evalNetsServed,
  clickSquares, moveTexts,
} from './harness.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

/**
 * What the checkers page may load before AlphaZero or a strong level plays,
 * in bytes (uncompressed, as the test server sends them): the page, the app
 * and the AI worker, measured at 1,022,284 bytes in the tests' build once
 * the worker stopped compiling in the three evaluation networks (1,075,292
 * before; each is fetched when a strong level first needs it, 20,956
 * bytes), then 1,107,875 once the app held the game review, hints and
 * puzzles (the puzzle sets themselves are fetched on first use). What a
 * first visit transfers compressed is checked by the start command's test
 * against issue 33's 450 KB. The AlphaZero network alone (585,568 bytes)
 * would break it.
 */
const PAGE_BUDGET = 1_150_000;

const isNet = (f) => f.path.endsWith('.wazn');

/** Waits until `server` has sent the worker's wasm (the page is fully up). */
async function waitWorkerServed(page, own) {
  for (let i = 0; i < 100 && !own.served.some((f) => /warcaby-worker_bg.*\.wasm$/.test(f.path)); i++) {
    await page.waitForTimeout(100);
  }
}

/** English rules, AlphaZero (or `level`) for Black, the human White. */
async function englishAgainst(page, level = 'alphazero', time = 1000) {
  await choose(page, 'mode', 'human');
  await configure(page, { variant: 'english', level, time, mode: 'white' });
}

/** The AlphaZero table's rows as [move, visits, prior, value] texts. */
async function mctsRows(page) {
  return page.evaluate(() => [...document.querySelectorAll('#mcts-rows tr')]
    .map((tr) => [...tr.children].map((td) => td.textContent)));
}

/** Waits for the AlphaZero table while the AI thinks and checks its rows. */
async function assertTopMoves(page) {
  await page.waitForSelector('#mcts:not([hidden]) #mcts-rows tr', { timeout: 15000 });
  const rows = await mctsRows(page);
  assert.ok(rows.length >= 1 && rows.length <= 5, JSON.stringify(rows));
  for (const [mv, visits, prior, value] of rows) {
    assert.match(mv, /^\d+[-x]\d+/);
    assert.match(visits, /^\d+\.\d %$/);
    assert.match(prior, /^[01]\.\d{3}$/);
    assert.match(value, /^([+-]\d\.\d\d|–)$/);
  }
  assert.match(await page.locator('#info-search').textContent(), /^Black: AlphaZero/);
  return rows;
}

test('the page keeps its size budget until AlphaZero is chosen, then fetches the network once and plays', async () => {
  const own = await serve();
  const { page, errors, context } = await openGame(browser, own.url);
  await waitWorkerServed(page, own);
  const loaded = own.served.reduce((sum, f) => sum + f.bytes, 0);
  console.log(`page before AlphaZero: ${loaded} bytes in ${own.served.length} files (budget ${PAGE_BUDGET})`);
  assert.ok(loaded <= PAGE_BUDGET, `${loaded} bytes loaded`);
  assert.equal(own.served.filter(isNet).length, 0, 'no network before AlphaZero is chosen');
  assert.equal(own.served.filter(isEvalNet).length, 0, 'no evaluation network before a strong level thinks');

  // Offered for English checkers only (the level list, both lab sides and the New game dialog).
  const offered = () => page.evaluate(() => [...document.querySelectorAll('option[value=alphazero]')]
    .map((o) => !o.disabled && !o.hidden));
  assert.deepEqual(await offered(), [false, false, false, false], 'tournament rules: no AlphaZero');
  await englishAgainst(page);
  assert.deepEqual(await offered(), [true, true, true, true]);

  // Black (AlphaZero) opens: its top moves while it thinks, then a legal move.
  const rows = await assertTopMoves(page);
  const moves = await waitMoves(page, 1, 20000);
  assert.equal(moves.length, 1);
  assert.equal(await notice(page), null);
  assert.match(await status(page), /^White to move/);
  assert.equal(own.served.filter(isNet).length, 1, 'the network fetched once');
  const net = own.served.find(isNet);
  console.log(`network ${net.path}: ${net.bytes} bytes; top moves ${JSON.stringify(rows)}`);
  assert.equal(net.bytes, 585568);
  console.log(`AlphaZero in the worker: ${await page.locator('#info-nodes').textContent()} simulations, `
    + `${await page.locator('#info-nps').textContent()} simulations/s`);

  // The next move needs no new fetch; the worker keeps the network.
  await clickSquares(page, ['c3', 'd4']);
  await waitMoves(page, 3, 20000);
  assert.equal(own.served.filter(isNet).length, 1);

  // Other rules: the choice is dropped and the level plays.
  await choose(page, 'variant', 'tournament');
  assert.notEqual(await page.locator('#level').inputValue(), 'alphazero');
  assert.deepEqual(errors, []);
  await context.close();
  await own.close();
});

test('in the lab, AlphaZero plays one side and shows its top moves; a crashed worker gets the network again', async () => {
  const { page, errors, context } = await openGame(browser, server.url);
  await choose(page, 'mode', 'human');
  await configure(page, { variant: 'english', time: 2000 });
  await page.click('#lab summary');
  await page.setChecked('#lab-enabled', true);
  await choose(page, 'algorithm-black', 'alphazero');
  await choose(page, 'mode', 'white');
  await assertTopMoves(page);
  // The worker crashes mid-search: restarted, sent the network again, it answers.
  await page.evaluate(() => window.wasmBindings.debug_crash_ai());
  await waitNotice(page, /AI stopped unexpectedly.*restarted/);
  const moves = await waitMoves(page, 1, 20000);
  assert.equal(moves.length, 1);
  assert.match(await status(page), /^White to move/);
  // Clobber: no AlphaZero in the lab.
  await choose(page, 'game', 'clobber');
  assert.equal(await page.locator('#algorithm-black').inputValue(), 'negascout');
  assert.ok(await page.evaluate(() => document.querySelector('#algorithm-black option[value=alphazero]').disabled));
  assert.deepEqual(errors, []);
  await context.close();
});

test('a network that cannot be fetched, or is corrupt, gets a notice and the other AI plays', async () => {
  const own = await serve();
  own.block(/\.wazn$/);
  const { page, errors, context } = await openGame(browser, own.url);
  await englishAgainst(page, 'alphazero', 250);
  const text = await waitNotice(page, /AlphaZero network could not be loaded.*404/, 10000);
  assert.match(text, /game goes on/);
  assert.equal(await page.locator('#level').inputValue(), '4', 'back to the level');
  assert.equal((await waitMoves(page, 1, 15000)).length, 1);
  await context.close();
  await own.close();

  const corrupt = await openGame(browser, server.url);
  await corrupt.page.route('**/*.wazn', (route) => route.fulfill({ status: 200, body: 'WAZN but nothing else' }));
  await englishAgainst(corrupt.page, 'alphazero', 250);
  await waitNotice(corrupt.page, /AlphaZero network could not be loaded.*unusable/, 10000);
  assert.equal((await waitMoves(corrupt.page, 1, 15000)).length, 1);
  assert.equal(await corrupt.page.locator('#level').inputValue(), '4');
  assert.match(await status(corrupt.page), /^White to move/);
  assert.deepEqual(errors.filter((e) => !/404/.test(e)), []);
  assert.deepEqual(corrupt.errors, []);
  assert.ok((await moveTexts(corrupt.page)).length === 1);
  await corrupt.context.close();
});

test('a strong level fetches its rule set\'s evaluation network once, before it first thinks, then plays', async () => {
  const own = await serve();
  const { page, errors, context } = await openGame(browser, own.url);
  await waitWorkerServed(page, own);
  const evalNets = () => evalNetsServed(own.served);
  // A weak level plays without it.
  await choose(page, 'mode', 'human');
  await configure(page, { variant: 'english', level: 4, time: 250, aiDelay: 0, animate: false, mode: 'ai' });
  await waitMoves(page, 2, 15000);
  assert.deepEqual(evalNets(), [], 'level 4 needs no network');

  await configure(page, { level: 8 });
  const before = (await moveTexts(page)).length;
  await waitMoves(page, before + 4, 30000);
  assert.deepEqual(evalNets(), ['eval-english.bin'], 'only the English network, once');
  assert.equal(own.served.find(isEvalNet).bytes, 20956);
  assert.equal(await notice(page), null);

  // Russian rules: that rule set's own network, when its strong level first thinks.
  await configure(page, { variant: 'russian' });
  await waitMoves(page, 2, 30000);
  await choose(page, 'mode', 'human');
  assert.deepEqual(evalNets(), ['eval-english.bin', 'eval-russian.bin']);
  assert.deepEqual(errors, []);
  await context.close();
  await own.close();
});

test('an evaluation network that cannot be fetched, or is corrupt, gets a notice and the strong level plays on', async () => {
  const own = await serve();
  own.block(/eval-[a-z]+-[0-9a-f]+\.bin$/);
  const { page, errors, context } = await openGame(browser, own.url);
  await englishAgainst(page, 7, 250);
  const text = await waitNotice(page, /evaluation network could not be loaded.*404/, 10000);
  assert.match(text, /game goes on/);
  assert.equal(await page.locator('#level').inputValue(), '7', 'the level is kept');
  assert.equal((await waitMoves(page, 1, 15000)).length, 1);
  await clickSquares(page, ['c3', 'd4']);
  await waitMoves(page, 3, 20000);
  assert.deepEqual(errors.filter((e) => !/404/.test(e)), []);
  await context.close();
  await own.close();

  const corrupt = await openGame(browser, server.url);
  await corrupt.page.route('**/eval-*.bin', (route) => route.fulfill({ status: 200, body: 'WCEVNET1 and nothing else' }));
  await englishAgainst(corrupt.page, 8, 250);
  await waitNotice(corrupt.page, /evaluation network could not be loaded.*unusable/, 10000);
  assert.equal((await waitMoves(corrupt.page, 1, 15000)).length, 1);
  assert.equal(await corrupt.page.locator('#level').inputValue(), '8');
  assert.match(await status(corrupt.page), /^White to move/);
  assert.deepEqual(corrupt.errors, []);
  await corrupt.context.close();
});
