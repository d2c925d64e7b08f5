import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, openGame, clickSquare, moveTexts, fen, choose } from './harness.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

test('the page loads under a sub-path with no console errors', async () => {
  const { page, errors, context } = await openGame(browser, server.url);
  assert.match(await page.locator('#status').textContent(), /White to move/);
  assert.equal(await fen(page), 'W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a human move by clicks, and the AI answers', async () => {
  const { page, errors, context } = await openGame(browser, server.url);
  await choose(page, 'level', '1');
  await clickSquare(page, 'c3');
  await clickSquare(page, 'd4');
  await page.waitForFunction(() => document.querySelectorAll('#moves button').length >= 2, null, { timeout: 20000 });
  const moves = await moveTexts(page);
  assert.equal(moves[0], '1. 22-18');
  assert.match(await page.locator('#status').textContent(), /White to move/);
  assert.deepEqual(errors, []);
  await context.close();
});
