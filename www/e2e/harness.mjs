// Shared by the end-to-end tests: serves dist/ on 127.0.0.1 (a static
// server, as any host would), starts Debian's headless Chromium through
// playwright-core, and records console errors and page errors.
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { join, extname, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const DIST = fileURLToPath(new URL('../../dist/', import.meta.url));
const TYPES = {
  '.html': 'text/html', '.js': 'text/javascript', '.wasm': 'application/wasm',
  '.css': 'text/css', '.json': 'application/json',
};

/** Serves dist/ under `prefix` (a sub-path, to prove relative URLs work). */
export async function serve(prefix = '/warcaby/') {
  const server = createServer(async (req, res) => {
    const url = new URL(req.url, 'http://x');
    if (!url.pathname.startsWith(prefix)) { res.writeHead(404); res.end(); return; }
    let path = url.pathname.slice(prefix.length) || 'index.html';
    path = normalize(path).replace(/^(\.\.[/\\])+/, '');
    try {
      const body = await readFile(join(DIST, path));
      res.writeHead(200, { 'content-type': TYPES[extname(path)] ?? 'application/octet-stream' });
      res.end(body);
    } catch {
      res.writeHead(404); res.end();
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  return { url: `http://127.0.0.1:${port}${prefix}`, close: () => new Promise((r) => server.close(r)) };
}

export async function launch() {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
    ],
    // Playwright gives every launch a fresh, empty user data directory.
  });
}

/**
 * Opens the game in a fresh context; `errors` collects console errors and
 * uncaught exceptions. `storage` presets the saved-game value, `initScripts`
 * run before the page's own scripts, `deviceScaleFactor` emulates HiDPI.
 */
export async function openGame(browser, url, {
  reducedMotion = 'reduce', storage, initScripts = [], deviceScaleFactor,
} = {}) {
  const context = await browser.newContext({
    reducedMotion, viewport: { width: 1100, height: 900 }, deviceScaleFactor,
  });
  const page = await context.newPage();
  const errors = [];
  page.on('console', (msg) => { if (msg.type() === 'error') errors.push(msg.text()); });
  page.on('pageerror', (err) => errors.push(String(err)));
  if (storage !== undefined) {
    await page.addInitScript((value) => { localStorage.setItem('warcaby.v1', value); }, storage);
  }
  for (const script of initScripts) await page.addInitScript(script);
  await page.goto(url);
  await waitReady(page);
  return { context, page, errors };
}

/** Waits until the app has started (the status no longer says "Loading"). */
export async function waitReady(page) {
  await page.waitForFunction(() => !document.querySelector('#status').textContent.startsWith('Loading'));
}

/** Clicks the centre of a square given as a1..h8 (board not flipped unless told). */
export async function clickSquare(page, name, { flipped = false } = {}) {
  const box = await page.locator('#board').boundingBox();
  const { x, y } = squareCentre(box, name, flipped);
  await page.mouse.click(x, y);
}

/** Clicks several squares in turn. */
export async function clickSquares(page, names, options) {
  for (const name of names) await clickSquare(page, name, options);
}

/** Drags the piece on `from` to `to` with the mouse (down, moves, up). */
export async function dragSquare(page, from, to, { flipped = false } = {}) {
  const box = await page.locator('#board').boundingBox();
  const a = squareCentre(box, from, flipped);
  const b = squareCentre(box, to, flipped);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 4 });
  await page.mouse.move(b.x, b.y, { steps: 4 });
  await page.mouse.up();
}

export function squareCentre(box, name, flipped = false) {
  const file = name.charCodeAt(0) - 97;
  const rank = Number(name.slice(1)) - 1;
  const cell = box.width / 8;
  const col = flipped ? 7 - file : file;
  const row = flipped ? rank : 7 - rank;
  return { x: box.x + (col + 0.5) * cell, y: box.y + (row + 0.5) * cell };
}

/** The move list's texts. */
export async function moveTexts(page) {
  return page.locator('#moves li button').allTextContents();
}

/** The FEN of the position shown. */
export async function fen(page) {
  return (await page.locator('#fen').textContent()).trim();
}

/** Chooses an option of a <select>. */
export async function choose(page, id, value) {
  await page.selectOption(`#${id}`, value);
}

/** The status line. */
export async function status(page) {
  return (await page.locator('#status').textContent()).trim();
}

/** The notice's text, or null while it is hidden. */
export async function notice(page) {
  const el = page.locator('#notice');
  return (await el.isVisible()) ? (await el.textContent()).trim() : null;
}

/** Waits for a visible notice matching `pattern` and returns its text. */
export async function waitNotice(page, pattern, timeout = 5000) {
  await page.waitForFunction((source) => {
    const el = document.querySelector('#notice');
    return !el.hidden && new RegExp(source).test(el.textContent);
  }, pattern.source, { timeout });
  return notice(page);
}

/** Waits until the move list has at least `count` entries. */
export async function waitMoves(page, count, timeout = 20000) {
  await page.waitForFunction((n) => document.querySelectorAll('#moves li').length >= n, count, { timeout });
  return moveTexts(page);
}

/** Pastes `text` into the import box and presses Load. */
export async function importText(page, text) {
  await page.fill('#import-text', text);
  await page.click('#import');
}

/**
 * Sets the page's controls. Order matters: the variant starts a new game
 * and the players start the AI, so those come first and last.
 */
export async function configure(page, { variant, level, time, aiDelay, animate, mode } = {}) {
  if (variant !== undefined) await choose(page, 'variant', variant);
  if (level !== undefined) await choose(page, 'level', String(level));
  if (time !== undefined) await choose(page, 'time', String(time));
  if (aiDelay !== undefined) await choose(page, 'ai-delay', String(aiDelay));
  if (animate !== undefined) await page.setChecked('#animate', animate);
  if (mode !== undefined) await choose(page, 'mode', mode);
}

/** The tournament variant's start position (White to move). */
export const TOURNAMENT_START = 'W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12';

/** Centre of Clobber cell `name` (like b3: column a.., row 1.. from the bottom), in page pixels. */
export async function cellCentre(page, name, rows, cols) {
  const box = await page.locator('#board').boundingBox();
  const cell = box.width / Math.max(rows, cols);
  const ox = (box.width - cols * cell) / 2;
  const oy = (box.height - rows * cell) / 2;
  const col = name.charCodeAt(0) - 97;
  const row = rows - Number(name.slice(1));
  return { x: box.x + ox + (col + 0.5) * cell, y: box.y + oy + (row + 0.5) * cell };
}

/** Clicks Clobber cell `name`. */
export async function clickCell(page, name, rows, cols) {
  const { x, y } = await cellCentre(page, name, rows, cols);
  await page.mouse.click(x, y);
}

/** Drags the stone on Clobber cell `from` to `to`. */
export async function dragCell(page, from, to, rows, cols) {
  const a = await cellCentre(page, from, rows, cols);
  const b = await cellCentre(page, to, rows, cols);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move(b.x, b.y, { steps: 5 });
  await page.mouse.up();
}

/**
 * Switches to Clobber on a rows x cols board, human vs human (Black moves
 * first in Clobber: against the default "You (White)" the AI would start).
 */
export async function chooseClobber(page, rows, cols) {
  await choose(page, 'mode', 'human');
  await choose(page, 'game', 'clobber');
  await choose(page, 'rows', String(rows));
  await choose(page, 'cols', String(cols));
}

/**
 * An init script that records every move animation the page runs, from the
 * canvas's `data-animating` attribute: `window.animations` gets
 * `{ start, end, frames, after }` per animation (times from
 * performance.now()). `frames` holds, for each animation frame, the
 * brightness (0-255) of the canvas at each point of `window.probes`
 * (CSS pixels from the canvas's corner); `after` the same once it ended.
 */
export function recordAnimations() {
  window.animations = [];
  window.probes = [];
  const brightness = (canvas, [x, y]) => {
    const ratio = canvas.width / canvas.getBoundingClientRect().width;
    const [r, g, b] = canvas.getContext('2d')
      .getImageData(Math.round(x * ratio), Math.round(y * ratio), 1, 1).data;
    return (r + g + b) / 3;
  };
  const sample = (canvas) => window.probes.map((p) => brightness(canvas, p));
  const start = (canvas) => {
    const anim = { start: performance.now(), end: null, frames: [], after: null };
    window.animations.push(anim);
    const frame = () => {
      if (anim.end !== null) return;
      anim.frames.push(sample(canvas));
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  };
  const end = (canvas) => {
    const anim = window.animations.at(-1);
    if (anim && anim.end === null) {
      anim.end = performance.now();
      anim.after = sample(canvas);
    }
  };
  document.addEventListener('DOMContentLoaded', () => {
    const canvas = document.querySelector('#board');
    new MutationObserver((records) => {
      // Each record's new value is the next record's old one; the last
      // record's is the attribute's value now.
      const values = records.slice(1).map((r) => r.oldValue).concat(canvas.dataset.animating);
      let was = records[0].oldValue;
      for (const value of values) {
        if (value !== was) (value === 'true' ? start : end)(canvas);
        was = value;
      }
    }).observe(canvas, { attributes: true, attributeFilter: ['data-animating'], attributeOldValue: true });
  });
}

/** The canvas's `data-animating` attribute. */
export async function animating(page) {
  return page.locator('#board').getAttribute('data-animating');
}
