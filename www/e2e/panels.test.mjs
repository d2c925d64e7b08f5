// The panels beside the board: the AI lab's fields and what they disable,
// the Engine panel's account of the search, and the rules summary.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  serve, launch, openGame, choose, notice, chooseClobber, configure, waitMoves, newGame,
} from './harness.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

test('the lab: a depth out of range is corrected where it is typed; the level waits while the lab decides', async () => {
  const { page, errors, context } = await openGame(browser, server.url);
  await configure(page, { mode: 'human' });
  await page.click('#lab summary');
  for (const [typed, kept] of [['999', '40'], ['-3', '0'], ['7', '7']]) {
    await page.fill('#depth-black', typed);
    await page.dispatchEvent('#depth-black', 'change');
    assert.equal(await page.inputValue('#depth-black'), kept, `typed ${typed}`);
    if (typed !== kept) assert.match(await notice(page), new RegExp(`depth is 0-40.*${kept}`), `typed ${typed}`);
  }
  const saved = JSON.parse(await page.evaluate(() => localStorage.getItem('warcaby.v1')));
  assert.equal(saved.settings.black_depth, 7);

  assert.ok(await page.locator('#level').isEnabled());
  await page.setChecked('#lab-enabled', true);
  assert.ok(await page.locator('#level').isDisabled(), 'the lab decides, not the level');
  await page.setChecked('#lab-enabled', false);
  assert.ok(await page.locator('#level').isEnabled());
  assert.deepEqual(errors, []);
  await context.close();
});

test('the Engine panel names the Clobber heuristic', async () => {
  const { page, errors, context } = await openGame(browser, server.url);
  await chooseClobber(page, 4, 4);
  await choose(page, 'level', '1');
  // Black (the AI) moves first in Clobber.
  await choose(page, 'mode', 'white');
  await page.waitForFunction(() => document.querySelector('#info-search').textContent !== '–');
  assert.equal(await page.locator('#info-search').textContent(), 'Black: level 1, heuristic live');

  // The lab set up while it is White's turn, then a new game: Black searches with it.
  await page.click('#lab summary');
  await choose(page, 'eval-black', 'active');
  await page.fill('#depth-black', '1');
  await page.dispatchEvent('#depth-black', 'change');
  await page.setChecked('#lab-enabled', true);
  await newGame(page);
  await page.waitForFunction(() => /active/.test(document.querySelector('#info-search').textContent));
  assert.equal(await page.locator('#info-search').textContent(), 'Black: NegaScout, depth 1, heuristic active');
  assert.deepEqual(errors, []);
  await context.close();
});

test('the rules summary: in the tournament rules a man crowned while capturing captures on', async () => {
  const { page, errors, context } = await openGame(browser, server.url);
  const text = await page.locator('#rules [data-variant=tournament]').textContent();
  assert.match(text, /crowned and continues capturing/);
  assert.doesNotMatch(text, /move ends/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a strong level has the worker build endgame tables in its idle time, and the Engine panel says so for their rules only', async () => {
  const { page, errors, context } = await openGame(browser, server.url);
  assert.ok(await page.locator('#info-endgame').isHidden(), 'no tables before a strong level plays');
  // English: Black (the AI, level 8) moves first and asks the worker.
  await configure(page, { level: 8, time: 250, mode: 'white' });
  await choose(page, 'variant', 'english');
  await newGame(page);
  await waitMoves(page, 1);
  await page.waitForSelector('#info-endgame:not([hidden])', { timeout: 60000 });
  assert.equal(
    await page.locator('#info-endgame').textContent(),
    'Endgame tables (English rules): every position of up to 4 pieces',
  );
  // Only while the game is played by those rules.
  await choose(page, 'mode', 'human');
  await choose(page, 'variant', 'russian');
  assert.ok(await page.locator('#info-endgame').isHidden(), 'no word of English tables in a Russian game');
  await choose(page, 'game', 'clobber');
  assert.ok(await page.locator('#info-endgame').isHidden(), 'nor in Clobber');
  await choose(page, 'game', 'checkers');
  await choose(page, 'variant', 'english');
  assert.ok(await page.locator('#info-endgame').isVisible(), 'back in English, the tables are there again');
  assert.deepEqual(errors, []);
  await context.close();
});

test("the move box's example is written in the notation of the rules", async () => {
  const { page, errors, context } = await openGame(browser, server.url);
  const example = () => page.getAttribute('#move-input', 'placeholder');
  assert.match(await example(), /^11-15/);
  await choose(page, 'variant', 'russian');
  assert.match(await example(), /^c3-d4 or c3:e5/, 'Russian moves are written with algebraic squares');
  await chooseClobber(page, 4, 4);
  assert.equal(await example(), 'b3-b4');
  assert.deepEqual(errors, []);
  await context.close();
});
