// The game review, at a laptop's and a phone's size: an imported English
// game with a planted blunder (Black's 12-16 hangs the shot 20x4, the game
// of tests/review.rs) is reviewed in the worker with a progress bar, the
// blunder gets its ?? in the move list, the graph goes to a ply when
// clicked, each side's accuracy is shown and the better move is named and
// drawn; the main thread never blocks for long. A running review can be
// cancelled, a change of the game drops a review, and a worker crash
// during one stops it with a notice.
import { test, before, after } from 'node:test';
import { readFileSync } from 'node:fs';
import assert from 'node:assert/strict';
import { serve, launch, openGame, importText, waitMoves, moveButton, configure, PHONE, LAPTOP } from './harness.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

const PLANTED = '[Event "planted blunder"]\n[GameType "21"]\n'
  + '1. 11-15 23-19 2. 8-11 22-17 3. 4-8 17-13 4. 15-18 24-20 '
  + '5. 11-15 26-22 6. 15x24 28x19 7. 12-16 20x4 8. 10-14 22x15 9. 3-8 4x11 '
  + '10. 7x23 27x18 11. 14x23 31-27 *\n';

/** The blunder 12-16: Black's 7th move, the 13th ply. */
const BLUNDER_PLY = 13;


const LONG_TASKS = () => {
  window.longTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.longTasks.push(entry.duration);
  }).observe({ type: 'longtask', buffered: true });
};

for (const [size, device] of [['a laptop', LAPTOP], ['a phone', PHONE]]) {
  test(`on ${size}: the review marks the planted blunder, graphs the game and names the better move`, async () => {
    const { page, errors, context } = await openGame(browser, server.url, { ...device, initScripts: [LONG_TASKS] });
    await configure(page, { mode: 'human' });
    await importText(page, PLANTED);
    await waitMoves(page, 22);
    const start = page.locator('#review-start');
    assert.ok(await start.isVisible(), 'a game with moves can be reviewed');
    const begun = Date.now();
    await page.evaluate(() => { window.longTasks = []; });
    await start.click();
    await page.waitForFunction(() => /^Reviewing… \d+\/23$/.test(document.querySelector('#review-count').textContent));
    await page.locator('#review-result').waitFor({ state: 'visible', timeout: 60000 });
    const seconds = (Date.now() - begun) / 1000;
    console.log(`review of 22 plies (23 positions) on ${size}: ${seconds.toFixed(1)} s`);
    assert.ok(!(await page.locator('#review-running').isVisible()), 'the progress bar is gone');
    const longTasks = await page.evaluate(() => window.longTasks.filter((d) => d > 50));
    assert.deepEqual(longTasks, [], 'no long task on the main thread during the review');

    // The blunder is marked ?? in the move list, and only it.
    const blunder = moveButton(page, BLUNDER_PLY);
    assert.equal(await blunder.textContent(), '12-16??');
    assert.equal(await page.locator('#moves .mark.blunder').count(), 1);
    // Accuracy and counts per side.
    assert.match(await page.locator('#review-white').textContent(), /^White: accuracy \d+%, \d+ inaccurac(y|ies), \d+ mistakes?, \d+ blunders?/);
    assert.match(await page.locator('#review-black').textContent(), /^Black: accuracy \d+%, .*1 blunder\b/);

    // A click on the graph goes to that ply: the blunder's.
    const graph = page.locator('#review-graph');
    assert.ok(await graph.isVisible());
    await graph.locator(`rect[data-ply="${BLUNDER_PLY}"]`).click({ force: true });
    assert.equal(await blunder.getAttribute('aria-current'), 'step');
    const better = page.locator('#review-better');
    assert.match(await better.textContent(), /^12-16 is a blunder; better (\d+-\d+) \(\1/);
    assert.doesNotMatch(await better.textContent(), /better 12-16/);
    // Another, unmarked move names nothing.
    await moveButton(page, 2).click();
    assert.ok(!(await better.isVisible()));

    // A change of the game (a move taken back) drops the review.
    await page.click('#undo');
    await page.waitForFunction(() => document.querySelectorAll('#moves button').length === 21);
    assert.ok(!(await page.locator('#review-result').isVisible()));
    assert.equal(await page.locator('#moves .mark').count(), 0);
    assert.ok(await start.isVisible());
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test('a running review can be cancelled, and another started', async () => {
  const { page, errors, context } = await openGame(browser, server.url, LAPTOP);
  await configure(page, { mode: 'human' });
  await importText(page, PLANTED);
  await waitMoves(page, 22);
  await page.click('#review-start');
  await page.locator('#review-running').waitFor({ state: 'visible' });
  await page.click('#review-cancel');
  assert.ok(!(await page.locator('#review-running').isVisible()));
  assert.ok(await page.locator('#review-start').isVisible());
  // The stopped review says nothing more.
  await page.waitForTimeout(1500);
  assert.ok(!(await page.locator('#review-result').isVisible()));
  assert.equal(await page.locator('#moves .mark').count(), 0);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a worker crash during a review stops it and says so', async () => {
  const { page, errors, context } = await openGame(browser, server.url, LAPTOP);
  await configure(page, { mode: 'human' });
  await importText(page, PLANTED);
  await waitMoves(page, 22);
  await page.click('#review-start');
  await page.waitForFunction(() => /^Reviewing… [1-9]/.test(document.querySelector('#review-count').textContent));
  await page.evaluate(() => window.wasmBindings.debug_crash_ai());
  await page.waitForFunction(() => /review stopped/.test(document.querySelector('#notice').textContent));
  assert.ok(!(await page.locator('#review-running').isVisible()));
  assert.ok(await page.locator('#review-start').isVisible(), 'it can be started again');
  assert.deepEqual(errors.filter((e) => !/crash/.test(e)), []);
  await context.close();
});

test('the better move of the marked move shown is drawn on the board as an arrow', async () => {
  const { page, errors, context } = await openGame(browser, server.url, LAPTOP);
  await configure(page, { mode: 'human' });
  await importText(page, PLANTED);
  await waitMoves(page, 22);
  await page.click('#review-start');
  await page.locator('#review-result').waitFor({ state: 'visible', timeout: 60000 });
  const board = () => page.locator('#board').screenshot();
  await moveButton(page, BLUNDER_PLY).click();
  const withArrow = await board();
  // Undo and redo: the same game, its review dropped: the same position
  // without the arrow.
  await page.click('#undo');
  await page.click('#redo');
  await page.waitForFunction(() => document.querySelectorAll('#moves button').length === 22);
  assert.ok(!(await page.locator('#review-result').isVisible()));
  await moveButton(page, BLUNDER_PLY).click();
  assert.ok(!withArrow.equals(await board()), 'the arrow is drawn only with the review');
  assert.deepEqual(errors, []);
  await context.close();
});

test('the review goes into the PDN as comments, and a reviewed PDN loads back with its marks', async () => {
  const { page, errors, context } = await openGame(browser, server.url, LAPTOP);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await configure(page, { mode: 'human' });
  await importText(page, PLANTED);
  await waitMoves(page, 22);
  await page.click('#review-start');
  await page.locator('#review-result').waitFor({ state: 'visible', timeout: 60000 });
  const black = await page.locator('#review-black').textContent();
  await page.click('#copy-pdn');
  const pdn = await page.inputValue('#import-text');
  assert.match(pdn, /12-16\s+\{\[%eval [+-]\d+\.\d\d\] blunder; better \d+-\d+ \(/);
  assert.match(pdn, /1\. 11-15\s+\{\[%eval [+-]\d+\.\d\d\]( best)?\}/);

  // A new game drops the review; the reviewed PDN brings it back, unreviewed.
  await page.click('#new-game');
  await page.click('#ng-start');
  await waitMoves(page, 0);
  assert.ok(!(await page.locator('#review-result').isVisible()));
  await importText(page, pdn);
  await waitMoves(page, 22);
  assert.ok(await page.locator('#review-result').isVisible(), 'the review is back at once');
  assert.equal(await moveButton(page, BLUNDER_PLY).textContent(), '12-16??');
  // The same figures: the accuracy is recomputed from the evaluations,
  // and the comments say which moves were the engine's own (no loss).
  assert.equal(await page.locator('#review-black').textContent(), black);
  assert.deepEqual(errors, []);
  await context.close();
});

/** A 40-move English game (79 plies) of the arena: level 5 against level 6. */
const FORTY_MOVES = readFileSync(new URL('./games/forty-moves.pdn', import.meta.url), 'utf8');

test('a 40-move game is reviewed to the end without blocking the page (its time is logged)', async () => {
  const { page, errors, context } = await openGame(browser, server.url, { ...LAPTOP, initScripts: [LONG_TASKS] });
  await configure(page, { mode: 'human' });
  await importText(page, FORTY_MOVES);
  await waitMoves(page, 79);
  const begun = Date.now();
  await page.evaluate(() => { window.longTasks = []; });
  await page.click('#review-start');
  await page.locator('#review-result').waitFor({ state: 'visible', timeout: 120000 });
  console.log(`review of a 40-move game (79 plies, 80 positions) at level 8: ${((Date.now() - begun) / 1000).toFixed(1)} s`);
  assert.equal(await page.locator('#review-graph rect[data-ply]').count(), 80, 'a column per position');
  const longTasks = await page.evaluate(() => window.longTasks.filter((d) => d > 50));
  assert.deepEqual(longTasks, [], 'no long task on the main thread during the review');
  assert.deepEqual(errors, []);
  await context.close();
});
