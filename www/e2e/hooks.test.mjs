// The tests' build of the site (target/e2e-dist/, feature test-hooks) holds
// the test-only hooks that the crash tests use and that the release dist/
// leaves out (www/e2e/start_command.mjs checks dist/ for the same markers,
// so this test also proves those markers are the right ones to look for).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { DIST, TEST_HOOK_MARKERS, testHooksIn, serve, launch, openGame } from './harness.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

test('the tests\' build has the app\'s and the worker\'s test hooks', async () => {
  assert.deepEqual(testHooksIn(DIST), TEST_HOOK_MARKERS);
  const { page, errors, context } = await openGame(browser, server.url);
  assert.equal(await page.evaluate(() => typeof window.wasmBindings?.debug_crash_ai), 'function');
  assert.deepEqual(errors, []);
  await context.close();
});
