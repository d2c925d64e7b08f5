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

/** Opens the game; `errors` collects console errors and uncaught exceptions. */
export async function openGame(browser, url, { reducedMotion = 'reduce', storage } = {}) {
  const context = await browser.newContext({ reducedMotion, viewport: { width: 1100, height: 900 } });
  const page = await context.newPage();
  const errors = [];
  page.on('console', (msg) => { if (msg.type() === 'error') errors.push(msg.text()); });
  page.on('pageerror', (err) => errors.push(String(err)));
  if (storage !== undefined) {
    await page.addInitScript((value) => { localStorage.setItem('warcaby.v1', value); }, storage);
  }
  await page.goto(url);
  await page.waitForFunction(() => !document.querySelector('#status').textContent.startsWith('Loading'));
  return { context, page, errors };
}

/** Clicks the centre of a square given as a1..h8 (board not flipped unless told). */
export async function clickSquare(page, name, { flipped = false } = {}) {
  const box = await page.locator('#board').boundingBox();
  const { x, y } = squareCentre(box, name, flipped);
  await page.mouse.click(x, y);
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
