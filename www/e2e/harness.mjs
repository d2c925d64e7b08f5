// Shared by the end-to-end tests: serves the tests' build of the site
// (target/e2e-dist/) on 127.0.0.1 through the site's own static server
// (www/site-server.mjs, as `bash www/serve.sh` serves dist/), starts
// Debian's headless Chromium through playwright-core, and records console
// errors and page errors.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { siteHandler, listen } from '../site-server.mjs';

// The release build with the test-only hooks (feature test-hooks, such as
// window.wasmBindings.debug_crash_ai), which the release dist/ leaves out:
// `source www/tools.sh; build_e2e_site` builds it (tests/run_all.sh does).
// WARCABY_DIST serves another build (say, of an older commit, to see a new test fail there).
export const DIST = process.env.WARCABY_DIST ?? fileURLToPath(new URL('../../target/e2e-dist/', import.meta.url));

/**
 * Text that only a build with the test hooks holds: the app's exported
 * `debug_crash_ai` and the worker's panic message for `Request::Panic`.
 */
export const TEST_HOOK_MARKERS = ['debug_crash_ai', 'the page asked the worker to crash'];

/** The test-hook markers found in the files of the site built in `dir` (Trunk's .stage left out). */
export function testHooksIn(dir) {
  const files = readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((f) => f.isFile() && !join(f.parentPath ?? f.path, f.name).includes('/.stage'))
    .map((f) => readFileSync(join(f.parentPath ?? f.path, f.name)).toString('latin1'));
  return TEST_HOOK_MARKERS.filter((marker) => files.some((text) => text.includes(marker)));
}

/**
 * Serves a build (the tests' own unless `dist` names another) under
 * `prefix` (a sub-path, to prove relative URLs work).
 */
export async function serve(prefix = '/warcaby/', { dist = DIST } = {}) {
  if (!existsSync(`${dist}/index.html`)) {
    throw new Error(`no built site in ${dist} (the tests' build: \`source www/tools.sh; build_e2e_site\`)`);
  }
  // Paths matching `blocked` (a RegExp) get a 404, as if they were gone.
  let blocked = null;
  // Every file served: its path under the prefix and its size in bytes.
  const served = [];
  const handler = siteHandler({
    dist, prefix, blocked: () => blocked, onServed: (file) => served.push(file),
  });
  const server = await listen(handler, 0, '127.0.0.1');
  const { port } = server.address();
  return {
    url: `http://127.0.0.1:${port}${prefix}`,
    close: () => new Promise((r) => { server.closeAllConnections(); server.close(r); }),
    /** Makes the files whose path matches `pattern` unreachable (null: none). */
    block: (pattern) => { blocked = pattern; },
    /** The files served so far ({ path, bytes }), in order. */
    served,
  };
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

/** openGame's options for a phone (touch) and a laptop window. */
export const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true };
export const LAPTOP = { viewport: { width: 1280, height: 720 } };

/** Whether a file the server sent is an evaluation network (`eval-RULES-HASH.bin`). */
export const isEvalNet = (file) => /(^|\/)eval-[a-z]+-[0-9a-f]+\.bin$/.test(file.path);

/** The evaluation networks among the files `served`, in order, by their names without the hash. */
export const evalNetsServed = (served) => served.filter(isEvalNet)
  .map((f) => f.path.replace(/.*\//, '').replace(/-[0-9a-f]+\.bin$/, '.bin'));

/**
 * Opens the game in a fresh context; `errors` collects console errors and
 * uncaught exceptions. `storage` presets the saved-game value, `initScripts`
 * run before the page's own scripts, `deviceScaleFactor` emulates HiDPI,
 * `viewport` and `hasTouch` a phone; `serviceWorkers: 'allow'` lets the
 * page's service worker run; `onPage(page)` is called before the page
 * loads (to listen to its requests, say); `locale` is the browser's
 * language (English unless told); `welcome: true` leaves a first visit's
 * New game dialog open (a phone's).
 */
export async function openGame(browser, url, {
  reducedMotion = 'reduce', storage, initScripts = [], deviceScaleFactor,
  viewport = { width: 1100, height: 900 }, hasTouch, serviceWorkers = 'block', onPage, locale = 'en-US',
  welcome = false,
} = {}) {
  // Service workers are off unless asked for: a test that makes files
  // unreachable means the server's, not a cached copy.
  const context = await browser.newContext({
    reducedMotion, viewport, deviceScaleFactor, hasTouch, isMobile: hasTouch, serviceWorkers, locale,
  });
  const page = await context.newPage();
  const errors = [];
  page.on('console', (msg) => { if (msg.type() === 'error') errors.push(msg.text()); });
  page.on('pageerror', (err) => errors.push(String(err)));
  if (storage !== undefined) {
    await page.addInitScript((value) => { localStorage.setItem('warcaby.v1', value); }, storage);
  }
  for (const script of initScripts) await page.addInitScript(script);
  onPage?.(page);
  await page.goto(url);
  await waitReady(page);
  // A first visit on a phone opens the New game dialog; tests of other
  // things close it, as a player who keeps the default game would.
  if (!welcome) await closeWelcome(page);
  return { context, page, errors };
}

/** Closes the New game dialog if it is open (Cancel). */
export async function closeWelcome(page) {
  if (await page.locator('#new-game-dialog').evaluate((d) => d.open)) await page.click('#ng-cancel');
}

/** "New game" and, in its dialog, "Play" with the choices as they are (the settings'). */
export async function newGame(page) {
  await page.click('#new-game');
  await page.click('#ng-start');
}

/** Waits until the app has started (the status no longer says "Loading"). */
export async function waitReady(page) {
  await page.waitForFunction(() => !document.querySelector('#status').textContent.startsWith('Loading'));
}

/**
 * The board's box in the window, scrolled into view first (an import or a
 * panel click may have scrolled the page away from it).
 */
export async function boardBox(page) {
  const board = page.locator('#board');
  await board.scrollIntoViewIfNeeded();
  return board.boundingBox();
}

/**
 * Clicks the centre of a square given as a1..h8 (a1..j10 on a board of
 * `side` 10; board not flipped unless told).
 */
export async function clickSquare(page, name, { flipped = false, side = 8 } = {}) {
  const box = await boardBox(page);
  const { x, y } = squareCentre(box, name, flipped, side);
  await page.mouse.click(x, y);
}

/** Clicks several squares in turn. */
export async function clickSquares(page, names, options) {
  for (const name of names) await clickSquare(page, name, options);
}

/** Drags the piece on `from` to `to` with the mouse (down, moves, up). */
export async function dragSquare(page, from, to, { flipped = false } = {}) {
  const box = await boardBox(page);
  const a = squareCentre(box, from, flipped);
  const b = squareCentre(box, to, flipped);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 4 });
  await page.mouse.move(b.x, b.y, { steps: 4 });
  await page.mouse.up();
}

/** Centre of square `name` (a1..) of a board of `side` squares a side, in page pixels. */
export function squareCentre(box, name, flipped = false, side = 8) {
  const file = name.charCodeAt(0) - 97;
  const rank = Number(name.slice(1)) - 1;
  const cell = box.width / side;
  const col = flipped ? side - 1 - file : file;
  const row = flipped ? rank : side - 1 - rank;
  return { x: box.x + (col + 0.5) * cell, y: box.y + (row + 0.5) * cell };
}

/**
 * The move list's texts, numbered as the game numbers them: "1. 22-18",
 * "11-15", "2. 18x11"; a list that starts with the second player's move
 * begins "1... 11-15". Read off the list's rows (number, first move or a
 * gap, second move).
 */
export async function moveTexts(page) {
  return page.evaluate(() => [...document.querySelectorAll('#moves li')].flatMap((row) => {
    const num = row.querySelector('.num');
    // (A build from before the paired list: one numbered button per row.)
    if (!num) return [...row.querySelectorAll('button')].map((b) => b.textContent);
    const number = num.textContent.replace('.', '');
    const [first, second] = [...row.children].slice(1);
    const texts = [];
    if (first.tagName === 'BUTTON') texts.push(`${number}. ${first.textContent}`);
    if (second) texts.push(first.tagName === 'BUTTON' ? second.textContent : `${number}... ${second.textContent}`);
    return texts;
  }));
}

/** The move list's button of the move that made ply `ply` (1 = the first move). */
export function moveButton(page, ply) {
  return page.locator(`#moves button[data-ply="${ply}"]`);
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
  await page.waitForFunction((n) => document.querySelectorAll('#moves button').length >= n, count, { timeout });
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

/** 60 plies of a tournament game (the CLI's level 1 against itself). */
export const LONG_GAME = '1. 24-20 10-15 2. 28-24 12-16 3. 23-18 7-10 4. 21-17 9-14 5. 18x9 5x21 '
  + '6. 27-23 3-7 7. 22-18 15x22 8. 25x18 8-12 9. 29-25 1-5 10. 26-22 6-9 11. 31-27 4-8 12. 32-28 10-14 '
  + '13. 22-17 7-10 14. 17-13 10-15 15. 13x6 15x29 16. 6-1 2-7 17. 24-19 14-18 18. 23x14 16x32 '
  + '19. 28-24 7-10 20. 14x16 12x28 21. 30-26 5-9 22. 1-5 9-13 23. 20-16 29-25 24. 26-22 25x18 '
  + '25. 5-1 18-22 26. 1-5 8-12 27. 16-11 22-18 28. 5-1 18-22 29. 1-5 32-27 30. 5-1 28-32 *';

/** Pixel brightness (0-255) of the canvas at (x, y) CSS pixels from its corner. */
export async function brightness(page, x, y) {
  return page.evaluate(([x, y]) => {
    const canvas = document.querySelector('#board');
    const ratio = canvas.width / canvas.getBoundingClientRect().width;
    const [r, g, b] = canvas.getContext('2d').getImageData(Math.round(x * ratio), Math.round(y * ratio), 1, 1).data;
    return (r + g + b) / 3;
  }, [x, y]);
}

/** The tournament variant's start position (White to move). */
export const TOURNAMENT_START = 'W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12';

/** Centre of Clobber cell `name` (like b3: column a.., row 1.. from the bottom), in page pixels. */
export async function cellCentre(page, name, rows, cols) {
  const box = await boardBox(page);
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
