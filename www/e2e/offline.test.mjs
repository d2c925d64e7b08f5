// The site as shipped: a strict Content-Security-Policy that the page keeps
// to, and a service worker that keeps the game (AI included) playable
// offline after one visit.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  serve, launch, openGame, waitReady, clickSquares, waitMoves, status, configure, choose, notice, newGame,
} from './harness.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

/** Records Content-Security-Policy violations in `window.violations`. */
function recordViolations() {
  window.violations = [];
  document.addEventListener('securitypolicyviolation', (e) => {
    window.violations.push(`${e.violatedDirective} ${e.blockedURI}`);
  });
}

test('a strict Content-Security-Policy, kept: no inline script or style, no violation', async () => {
  const { page, errors, context } = await openGame(browser, server.url, { initScripts: [recordViolations] });
  const warnings = [];
  page.on('console', (msg) => { if (msg.type() === 'warning') warnings.push(msg.text()); });
  const csp = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
  assert.match(csp, /script-src 'self' 'wasm-unsafe-eval'(;|$)/);
  assert.match(csp, /style-src 'self'(;|$)/);
  assert.match(csp, /default-src 'self'/);
  assert.equal(await page.locator('script:not([src])').count(), 0, 'no inline script');
  assert.equal(await page.locator('[style]').count(), 0, 'no inline style');

  // The game runs under it: a move and the AI's answer, a reload.
  await configure(page, { level: 1 });
  await clickSquares(page, ['c3', 'd4']);
  await waitMoves(page, 2);
  await page.reload();
  await waitReady(page);
  await page.waitForTimeout(300);
  assert.deepEqual(await page.evaluate(() => window.violations), []);
  assert.deepEqual(warnings.filter((w) => /preload|integrity|Content Security/i.test(w)), []);
  assert.deepEqual(errors, []);
  await context.close();
});

test('after one visit the game and its AI work with the server stopped', async () => {
  const own = await serve();
  const { page, errors, context } = await openGame(browser, own.url, { serviceWorkers: 'allow' });
  try {
    assert.equal(await page.locator('link[rel=manifest]').count(), 1, 'a web app manifest');
    await page.evaluate(() => navigator.serviceWorker.ready);
  } finally {
    await own.close();
  }

  await page.reload();
  await waitReady(page);
  assert.ok(await page.evaluate(() => navigator.serviceWorker.controller !== null), 'served by the service worker');
  await configure(page, { level: 1 });
  await clickSquares(page, ['c3', 'd4']);
  const moves = await waitMoves(page, 2, 15000);
  assert.equal(moves[0], '1. 22-18');
  assert.match(await status(page), /^White to move/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('AlphaZero plays offline once its network was fetched (cached on first fetch, not precached)', async () => {
  const own = await serve();
  const { page, errors, context } = await openGame(browser, own.url, { serviceWorkers: 'allow' });
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.reload();
  await waitReady(page);
  assert.ok(await page.evaluate(() => navigator.serviceWorker.controller !== null), 'served by the service worker');
  assert.equal(own.served.filter((f) => f.path.endsWith('.wazn')).length, 0, 'the network is not precached');
  await choose(page, 'mode', 'human');
  await configure(page, { variant: 'english', level: 'alphazero', time: 250, mode: 'white' });
  await waitMoves(page, 1, 20000);
  assert.equal(own.served.filter((f) => f.path.endsWith('.wazn')).length, 1, 'fetched once, when chosen');
  await own.close();

  // The server is gone: a reload, a new game, and AlphaZero opens again.
  await page.reload();
  await waitReady(page);
  assert.equal(await page.locator('#level').inputValue(), 'alphazero');
  await newGame(page);
  await page.waitForSelector('#mcts:not([hidden]) #mcts-rows tr', { timeout: 15000 });
  const moves = await waitMoves(page, 1, 20000);
  assert.equal(moves.length, 1);
  assert.equal(await notice(page), null);
  assert.match(await status(page), /^White to move/);
  assert.deepEqual(errors, []);
  await context.close();
});
