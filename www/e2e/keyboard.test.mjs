// Playing without a mouse, and what a screen reader gets: the focusable
// board with its cursor, moves and capture chains entered with the keys,
// Clobber too; the board's accessible name and one announcement per move.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  serve, launch, openGame, moveTexts, waitMoves, importText, configure, chooseClobber,
} from './harness.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

/** Presses each key in turn (with a count: 'ArrowUp*2'). */
async function keys(page, ...list) {
  for (const item of list) {
    const [key, times] = item.split('*');
    for (let i = 0; i < Number(times ?? 1); i++) await page.keyboard.press(key);
  }
}

const label = (page) => page.locator('#board').getAttribute('aria-label');

/** Records every text of the live region in `window.announced`. */
function recordAnnouncements() {
  window.announced = [];
  document.addEventListener('DOMContentLoaded', () => {
    const region = document.querySelector('#announce');
    new MutationObserver(() => window.announced.push(region.textContent))
      .observe(region, { childList: true, characterData: true, subtree: true });
  });
}

test('checkers by keyboard: cursor, pick up, drop, a chain hop by hop, Escape', async () => {
  const { page, errors, context } = await openGame(browser, server.url, { initScripts: [recordAnnouncements] });
  await configure(page, { mode: 'human' });
  assert.match(await label(page), /^Checkers board, Tournament rules\. White to move\. White: men on 21, 22,.*Black: men on 1, 2,/);
  await page.focus('#board');
  // The cursor starts bottom left (a1 = 29).
  assert.match(await label(page), /Cursor: 29, white man\.$/);
  // c3 (22): two right, two up; pick it up; Escape puts it down.
  await keys(page, 'ArrowRight*2', 'ArrowUp*2', 'Enter');
  assert.match(await label(page), /Selected: 22\. Cursor: 22, white man\.$/);
  await keys(page, 'Escape');
  assert.doesNotMatch(await label(page), /Selected/);
  // Pick up again and drop on d4 (18).
  await keys(page, 'Space', 'ArrowRight', 'ArrowUp', 'Enter');
  assert.deepEqual(await waitMoves(page, 1), ['1. 22-18']);
  assert.match(await label(page), /Black to move\./);
  const said = await page.evaluate(() => window.announced.filter((t) => t));
  assert.deepEqual(said.slice(-1), ['White plays 22-18. Black to move.']);

  // A capture chain, landing square by landing square: c3, e5, then c7.
  await importText(page, 'W:W22,30:B1,9,10,11,18');
  await page.focus('#board');
  await keys(page, 'ArrowLeft*7', 'ArrowDown*7', 'ArrowRight*2', 'ArrowUp*2', 'Enter'); // c3
  await keys(page, 'ArrowRight*2', 'ArrowUp*2', 'Enter'); // e5
  assert.deepEqual(await moveTexts(page), [], 'two chains pass e5');
  await keys(page, 'ArrowLeft*2', 'ArrowUp*2', 'Enter'); // c7
  assert.deepEqual(await waitMoves(page, 1), ['1. 22x13']);
  assert.equal(await page.evaluate(() => document.activeElement.id), 'board', 'the board keeps the focus');
  assert.deepEqual(errors, []);
  await context.close();
});

test('one announcement after each move: the move, its captures and the result', async () => {
  const { page, errors, context } = await openGame(browser, server.url, { initScripts: [recordAnnouncements] });
  await configure(page, { variant: 'english', mode: 'human' });
  await importText(page, 'W:WK22:B18,19,25,26,27');
  const before = await page.evaluate(() => window.announced.length);
  await page.focus('#board');
  // c3 (22) is the cursor's square after two right and two up from a1.
  await keys(page, 'ArrowRight*2', 'ArrowUp*2', 'Enter', 'ArrowLeft*2', 'ArrowDown*2', 'Enter');
  assert.match(await page.locator('#notice').textContent(), /3 captures end on 29/);
  await keys(page, 'ArrowRight*4', 'Enter');
  await waitMoves(page, 1);
  const after = await page.evaluate((n) => window.announced.slice(n).filter((t) => /plays|Game over/.test(t)), before);
  assert.deepEqual(after, ['White plays 22x31x24x15x22x29, capturing 5 pieces. Game over: White wins: Black has no pieces left (1-0).']);
  assert.match(await label(page), /Game over: White wins/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('Clobber by keyboard', async () => {
  const { page, errors, context } = await openGame(browser, server.url);
  await chooseClobber(page, 4, 4);
  assert.match(await label(page), /^Clobber board, 4 rows by 4 columns\. Black to move\. Black: a1, c1,/);
  await page.focus('#board');
  assert.match(await label(page), /Cursor: a1, black stone\.$/);
  await keys(page, 'Enter', 'ArrowUp', 'Enter');
  assert.deepEqual(await waitMoves(page, 1), ['1. a1-a2']);
  assert.match(await label(page), /White to move\./);
  assert.deepEqual(errors, []);
  await context.close();
});
