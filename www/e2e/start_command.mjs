// CI's proof of the README's start command (run by .ci/run, not by the
// test command): runs `bash www/serve.sh` exactly as the README gives it,
// on a free port (PORT=...), waits for the page, loads it in headless
// Chromium, checks that the board is drawn and that the AI answers a move
// with no console error and no Content-Security-Policy violation, that the
// release build has none of the test-only hooks (feature test-hooks, which
// only the tests' build in target/e2e-dist/ has), reports what the first
// visit transferred, then stops the server by its process id. Exits 1 on
// any failure.
//
//   node www/e2e/start_command.mjs [--timeout-minutes 30]
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import assert from 'node:assert/strict';
import {
  launch, openGame, clickSquare, waitMoves, brightness, squareCentre, boardBox, choose, testHooksIn,
} from './harness.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** A port nobody listens on now. */
function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

/** Starts the README's command in its own process group (so all of it can be stopped). */
function startServer(port) {
  const child = spawn('bash', ['www/serve.sh'], {
    cwd: ROOT, env: { ...process.env, PORT: String(port) }, stdio: 'inherit', detached: true,
  });
  child.exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  return child;
}

/**
 * Waits for the server's first answer, which must be HTTP 200: the start
 * command listens only once the site is built, so any other status is a
 * broken start. Fails if the process ends first or time runs out.
 */
async function waitServed(url, child, timeoutMs) {
  let exit = null;
  child.exited.then((e) => { exit = e; });
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exit) throw new Error(`the start command ended before serving the page (exit ${exit.code ?? exit.signal})`);
    const status = await fetch(url).then((res) => res.status, () => null);
    if (status === 200) return;
    if (status !== null) throw new Error(`${url} answered HTTP ${status}, not 200`);
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error(`no answer from ${url} within ${timeoutMs / 60000} minutes`);
}

/** Records Content-Security-Policy violations in `window.cspViolations`. */
function recordCspViolations() {
  window.cspViolations = [];
  document.addEventListener('securitypolicyviolation', (e) => {
    window.cspViolations.push(`${e.violatedDirective}: ${e.blockedURI}`);
  });
}

/** The board is drawn: a white man on c3 and an empty d4 look different, as do light and dark squares. */
async function assertBoardDrawn(page) {
  const box = await boardBox(page);
  const at = async (name) => {
    const { x, y } = squareCentre(box, name);
    return brightness(page, x - box.x, y - box.y);
  };
  const [man, empty, light] = [await at('c3'), await at('d4'), await at('c4')];
  assert.ok(Math.abs(man - empty) > 40, `white man on c3 (${man}) vs empty d4 (${empty})`);
  assert.ok(Math.abs(light - empty) > 40, `light c4 (${light}) vs dark d4 (${empty})`);
}

/**
 * The release page has no test-only hook: `window.wasmBindings` is there
 * (so the check means something) without `debug_crash_ai`, and no file of
 * dist/ holds a hook's text (the worker's `Request::Panic` included).
 */
async function assertNoTestHooks(page) {
  const bindings = await page.evaluate(() => typeof window.wasmBindings);
  assert.equal(bindings, 'object', 'Trunk exposes the app as window.wasmBindings');
  const hook = await page.evaluate(() => typeof window.wasmBindings.debug_crash_ai);
  assert.equal(hook, 'undefined', 'the release page has no debug_crash_ai');
  assert.deepEqual(testHooksIn(`${ROOT}dist`), [], 'no test hook in dist/');
}

/** Records every response of the page and its worker: url, content-encoding, body bytes sent. */
function recordResponses(page, responses) {
  page.on('response', async (res) => {
    const { responseBodySize } = await res.request().sizes();
    responses.push({ url: res.url(), encoding: res.headers()['content-encoding'] ?? 'none', sent: responseBodySize });
  });
}

/** Issue 33's budget for what a first visit transfers, compressed. */
const FIRST_VISIT_BUDGET = 450 * 1024;

/**
 * What the first visit transferred: within the budget, the wasm files
 * compressed (gzip or brotli).
 */
function reportFirstVisit(responses) {
  const sent = responses.reduce((n, r) => n + r.sent, 0);
  const encodings = [...new Set(responses.map((r) => r.encoding))].join(', ');
  console.log(`first visit: ${responses.length} files, ${Math.round(sent / 1024)} KB of bodies sent (${encodings})`);
  assert.ok(sent <= FIRST_VISIT_BUDGET, `the first visit sent ${sent} bytes, over ${FIRST_VISIT_BUDGET}`);
  const wasm = responses.filter((r) => r.url.endsWith('.wasm'));
  assert.ok(wasm.length >= 2, `the app's and the worker's wasm were served: ${JSON.stringify(wasm)}`);
  for (const { url, encoding } of wasm) assert.match(encoding, /^(gzip|br)$/, `${url} is sent compressed`);
}

async function checkPage(url) {
  const browser = await launch();
  try {
    const responses = [];
    const { page, errors, context } = await openGame(browser, url, {
      initScripts: [recordCspViolations], onPage: (p) => recordResponses(p, responses),
    });
    await assertBoardDrawn(page);
    await assertNoTestHooks(page);
    await choose(page, 'level', '1');
    await clickSquare(page, 'c3');
    await clickSquare(page, 'd4');
    const moves = await waitMoves(page, 2, 60000);
    assert.equal(moves[0], '1. 22-18');
    console.log(`the AI answered 22-18 with ${moves[1]}`);
    await page.waitForTimeout(500);
    assert.deepEqual(await page.evaluate(() => window.cspViolations), [], 'no CSP violation');
    assert.deepEqual(errors, [], 'no console error');
    reportFirstVisit(responses);
    await context.close();
  } finally {
    await browser.close();
  }
}

/** Stops the server by its process id (its whole group: a build may still run) and waits for it. */
async function stopServer(child) {
  try { process.kill(-child.pid, 'SIGTERM'); } catch { /* already gone */ }
  const timer = setTimeout(() => { try { process.kill(-child.pid, 'SIGKILL'); } catch { /* gone */ } }, 10000);
  await child.exited;
  clearTimeout(timer);
}

const { values } = parseArgs({ options: { 'timeout-minutes': { type: 'string', default: '30' } } });
const port = await freePort();
const url = `http://127.0.0.1:${port}/`;
const started = Date.now();
console.log(`start command: PORT=${port} bash www/serve.sh`);
const child = startServer(port);
let failed = false;
try {
  await waitServed(url, child, Number(values['timeout-minutes']) * 60000);
  console.log(`first HTTP 200 after ${((Date.now() - started) / 1000).toFixed(1)} s`);
  await checkPage(url);
  console.log('start command: the game is served, the board drawn and the AI answers');
} catch (err) {
  failed = true;
  console.error(`start command FAILED: ${err.message}`);
} finally {
  await stopServer(child);
}
try {
  await fetch(url);
  console.error('start command FAILED: the server still answers after it was stopped');
  failed = true;
} catch { /* stopped, as it should be */ }
process.exit(failed ? 1 : 0);
