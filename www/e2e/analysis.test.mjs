// The analysis mode: the engine evaluates the position shown (the game's
// or an earlier one), with its best line as arrows and a score bar.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  serve, launch, openGame, clickSquares, waitMoves, moveButton, configure, importText,
} from './harness.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

const label = (page) => page.locator('#board').getAttribute('aria-label');

/** Waits until the analysis of the position with `side` to move shows a best line. */
async function waitAnalysis(page, side) {
  await page.waitForFunction((s) => document.querySelector('#info-search').textContent === `Analysis: ${s} to move`
    && /Engine's best line: /.test(document.querySelector('#board').getAttribute('aria-label')), side,
  { timeout: 10000 });
}

test('the engine analyses the position shown: best line, score bar, earlier positions too', async () => {
  const { page, errors, context } = await openGame(browser, server.url);
  await configure(page, { mode: 'human' });
  assert.ok(!(await page.locator('#evaluation').isVisible()));
  await page.check('#analyse');
  await waitAnalysis(page, 'White');
  assert.ok(await page.locator('#evaluation').isVisible(), 'the score bar is shown');
  assert.match(await page.locator('#evaluation').getAttribute('aria-valuetext'), /for White|wins in/);
  assert.match(await label(page), /Engine's best line: \d+-\d+/);

  // After a move, the new position is analysed.
  await clickSquares(page, ['c3', 'd4']);
  await waitMoves(page, 1);
  await waitAnalysis(page, 'Black');
  // An earlier position (the start) too.
  await moveButton(page, 1).click();
  await page.keyboard.press('ArrowLeft');
  await waitAnalysis(page, 'White');

  // Off: no bar, no line.
  await page.uncheck('#analyse');
  assert.ok(!(await page.locator('#evaluation').isVisible()));
  assert.doesNotMatch(await label(page), /best line/);
  assert.deepEqual(errors, []);
  await context.close();
});

test("the Engine panel's score speaks for White, like the bar", async () => {
  const { page, errors, context } = await openGame(browser, server.url);
  await configure(page, { mode: 'human' });
  // Black to move, three men against one: good for White.
  await importText(page, 'B:W21,22,23:B1');
  await page.check('#analyse');
  await waitAnalysis(page, 'Black');
  const bar = Number(await page.getAttribute('#evaluation', 'value'));
  assert.ok(bar > 0, `the bar leans to White (${bar})`);
  assert.match(await page.locator('#info-score').textContent(), /^(\+\d+\.\d\d for White|White wins in \d+)$/,
    'the score is White\'s too');
  assert.deepEqual(errors, []);
  await context.close();
});
