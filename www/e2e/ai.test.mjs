// The AI in its worker: a whole AI-vs-AI game (which goes on after a look
// at an earlier position), recovery from a crashed worker, a responsive page
// while it thinks, and "Move now".
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  serve, launch, openGame, clickSquares, moveTexts, fen, status, waitNotice, waitMoves, configure,
} from './harness.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

/** Waits until the status says the AI is thinking. */
/** Polls `condition` (in this process) until true, or fails saying `what`. */
async function waitUntil(condition, timeoutMs, what) {
  const end = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > end) throw new Error(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function waitThinking(page) {
  await page.waitForFunction(() => /is thinking/.test(document.querySelector('#status').textContent));
}

test('AI vs AI plays a whole game to a result', { timeout: 120000 }, async () => {
  const { page, errors, context } = await openGame(browser, server.url);
  await configure(page, { level: 1, time: 250, aiDelay: 0, animate: false, mode: 'ai' });
  await page.waitForFunction(() => document.querySelector('#status').textContent.startsWith('Game over'),
    null, { timeout: 90000, polling: 250 });
  const text = await status(page);
  assert.match(text, /^Game over — .+ \((1-0|0-1|1\/2-1\/2)\)$/);
  const moves = await moveTexts(page);
  assert.ok(moves.length >= 10, `${moves.length} moves`);
  // Nothing moves after the end.
  await page.waitForTimeout(500);
  assert.equal((await moveTexts(page)).length, moves.length);
  assert.ok(await page.locator('#move-now').isDisabled());
  assert.ok(!(await page.locator('#notice').isVisible()), 'no AI error was shown');
  assert.deepEqual(errors, []);
  await context.close();
});

test('looking at an earlier position does not stop an AI-vs-AI game', async () => {
  const { page, errors, context } = await openGame(browser, server.url);
  await configure(page, { level: 1, time: 250, aiDelay: 300, animate: false, mode: 'ai' });
  await waitMoves(page, 2);
  await page.locator('#moves button').first().click();
  const viewed = await fen(page);
  assert.match(viewed, /^B:/);
  assert.match(await status(page), /^Viewing the position after move 1 of/);
  // The shown position stays while the AI would have moved on.
  await page.waitForTimeout(1000);
  assert.equal(await fen(page), viewed);
  const count = (await moveTexts(page)).length;

  await page.click('#live');
  assert.ok(!(await page.locator('#live').isVisible()));
  const moves = await waitMoves(page, count + 2, 5000);
  assert.ok(moves.length >= count + 2);
  assert.doesNotMatch(await status(page), /Viewing/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a crashed AI worker is restarted and the AI still answers', async () => {
  const { page, errors, context } = await openGame(browser, server.url);
  await configure(page, { level: 8, time: 5000 });
  await clickSquares(page, ['c3', 'd4']);
  await waitThinking(page);
  const afterHuman = await fen(page);
  await page.waitForTimeout(800);
  const crashed = Date.now();
  await page.evaluate(() => window.wasmBindings.debug_crash_ai());
  // Recovery is noticed at once, not when the 5 s search would have ended.
  const text = await waitNotice(page, /AI stopped unexpectedly.*restarted/, 2500);
  assert.ok(Date.now() - crashed < 2500, text);
  assert.deepEqual(await moveTexts(page), ['1. 22-18'], 'the crash plays no move');
  assert.equal(await fen(page), afterHuman);
  assert.match(await status(page), /Black \(AI\) is thinking/);

  // The new worker takes over the search and answers.
  const moves = await waitMoves(page, 2, 15000);
  assert.equal(moves.length, 2);
  assert.equal(moves[0], '1. 22-18');
  assert.match(await fen(page), /^W:W18,21,23,24,25,26,27,28,29,30,31,32:B/);
  assert.match(await status(page), /^White to move/);

  // A crash while the AI is idle (a real panic in the worker) is recovered too.
  await configure(page, { level: 1 });
  await page.evaluate(() => window.wasmBindings.debug_crash_ai());
  await waitNotice(page, /AI stopped unexpectedly.*restarted/);
  assert.equal((await moveTexts(page)).length, 2);
  await clickSquares(page, ['g3', 'h4']);
  const more = await waitMoves(page, 4);
  assert.equal(more[2], '2. 24-20');
  assert.deepEqual(errors, []);
  await context.close();
});

test('the page stays responsive while the AI thinks, and "Move now" plays at once', async () => {
  const { page, errors, context } = await openGame(browser, server.url, {
    initScripts: [() => {
      window.longTasks = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) window.longTasks.push({ start: e.startTime, duration: e.duration });
      }).observe({ type: 'longtask', buffered: true });
    }],
  });
  // 10 s: the engine stops early only when the next iteration cannot
  // finish, so it surely still thinks two seconds in, even on a busy machine.
  await configure(page, { level: 8, time: 10000 });
  assert.ok(await page.locator('#move-now').isDisabled(), 'nothing to hurry yet');
  await clickSquares(page, ['c3', 'd4']);
  const since = await page.evaluate(() => performance.now());
  const moved = Date.now();
  await waitThinking(page);
  // Level 8 first fetches its rule set's evaluation network (on its first
  // move only), then searches: "Move now" is offered once the search runs.
  await page.waitForFunction(() => !document.querySelector('#move-now').disabled, null, { timeout: 5000 });

  // Two seconds of thinking, while the page answers input.
  await page.waitForTimeout(1000);
  await clickSquares(page, ['e3', 'f4']);
  await waitNotice(page, /Wait for the AI/, 500);
  await page.waitForTimeout(1000);
  const long = await page.evaluate((t) => window.longTasks.filter((e) => e.start >= t), since);
  assert.deepEqual(long.filter((e) => e.duration > 200), [], JSON.stringify(long));
  assert.deepEqual(await moveTexts(page), ['1. 22-18'], 'still thinking');
  assert.ok(await page.locator('#info-depth').textContent() !== '–', 'progress is shown');

  await page.click('#move-now');
  const moves = await waitMoves(page, 2, 1500);
  assert.equal(moves.length, 2);
  assert.ok(Date.now() - moved < 6000, 'played long before its 10 s were up');
  assert.match(await status(page), /^White to move/);
  assert.ok(await page.locator('#move-now').isDisabled());

  // The observer does see a long task on the main thread (a busy timer).
  await page.evaluate(() => setTimeout(() => { const t = performance.now(); while (performance.now() - t < 250); }, 0));
  await page.waitForFunction(() => window.longTasks.some((e) => e.duration > 200), null, { timeout: 2000 });
  assert.deepEqual(errors, []);
  await context.close();
});

test('an AI worker that cannot be loaded: the page says so, keeps the game and offers a retry', async () => {
  const workerWasm = () => server.served.filter((f) => /warcaby-worker_bg.*\.wasm$/.test(f.path)).length;
  const loadedBefore = workerWasm();
  const { page, errors, context } = await openGame(browser, server.url);
  await configure(page, { level: 8, time: 5000 });
  // The first worker has its files (it loads beside the page: on a busy
  // machine blocking them at once would leave no worker to start with).
  await waitUntil(() => workerWasm() > loadedBefore, 15000, 'the first worker loads');
  // The worker's files are gone from now on (a server update, a lost connection).
  server.block(/warcaby-worker/);
  try {
    await clickSquares(page, ['c3', 'd4']);
    await waitThinking(page);
    await page.waitForFunction(() => document.querySelector('#info-depth').textContent !== '–');
    // "Move now" plays at once and replaces the worker: the new one cannot load.
    await page.click('#move-now');
    await waitMoves(page, 2, 3000);
    await waitNotice(page, /AI is unavailable/, 5000);
    assert.ok(await page.locator('#ai-retry').isVisible(), 'a retry is offered');
    // Back to the human's turn and play again: the page does not pretend to think.
    await page.click('#undo');
    await clickSquares(page, ['c3', 'd4']);
    await waitNotice(page, /AI is unavailable/, 5000);
    assert.match(await status(page), /AI is unavailable/);
    assert.doesNotMatch(await status(page), /thinking/);
    assert.deepEqual(await moveTexts(page), ['1. 22-18'], 'the game is kept');
    assert.ok(await page.locator('#move-now').isDisabled());
  } finally {
    server.block(null);
  }
  // Once the files are back, Retry brings the AI back and it answers.
  await page.click('#ai-retry');
  const moves = await waitMoves(page, 2, 15000);
  assert.equal(moves[0], '1. 22-18');
  assert.match(await status(page), /^White to move/);
  assert.ok(!(await page.locator('#ai-retry').isVisible()));
  // The only errors are the browser's own about the missing files.
  assert.deepEqual(errors.filter((e) => !/Failed to load|404|ERR_/.test(e)), []);
  await context.close();
});
