// Looks and sounds, as a player sets them: board themes and piece sets
// change what is drawn and are remembered; the page follows the system's
// dark mode unless told otherwise; square numbers are off at first and
// coordinates on; moves, captures, crownings and the game's end make their
// sounds through Web Audio (counted by an init script), none when muted.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  serve, launch, openGame, choose, clickSquares, boardBox, squareCentre, brightness, importText, waitReady,
} from './harness.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

/** The canvas colour [r, g, b] in `square` (a1..h8), `dx` cells right of its centre. */
async function colourAt(page, square, dx = 0) {
  const box = await boardBox(page);
  const c = squareCentre(box, square);
  const [x, y] = [c.x + dx * box.width / 8, c.y];
  return page.evaluate(([x, y]) => {
    const canvas = document.querySelector('#board');
    const ratio = canvas.width / canvas.getBoundingClientRect().width;
    return [...canvas.getContext('2d').getImageData(Math.round(x * ratio), Math.round(y * ratio), 1, 1).data.slice(0, 3)];
  }, [x - box.x, y - box.y]);
}

/** The page's background colour, as computed. */
const background = (page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

/** Mean brightness of the top-left corner of `square`, where its number's badge sits. */
async function numberCorner(page, square) {
  const box = await boardBox(page);
  const cell = box.width / 8;
  const { x, y } = squareCentre(box, square);
  return brightness(page, x - box.x - cell / 2 + 5, y - box.y - cell / 2 + 5);
}

/** Counts the tones the page starts through Web Audio, in `window.tones`. */
function countTones() {
  window.tones = 0;
  const start = OscillatorNode.prototype.start;
  OscillatorNode.prototype.start = function (...args) { window.tones += 1; return start.apply(this, args); };
}

test('board themes and piece sets change the drawing and are remembered after a reload', async () => {
  const { page, errors, context } = await openGame(browser, server.url);
  const wood = await colourAt(page, 'd4');
  // On the classic man's inner ring, which the flat set has not.
  const man = await colourAt(page, 'c3', 0.24);
  await choose(page, 'board-theme', 'green');
  const green = await colourAt(page, 'd4');
  assert.notDeepEqual(green, wood, 'a dark square changes colour');
  assert.ok(green[1] > green[0] && green[1] > green[2], `green squares are green: ${green}`);
  await choose(page, 'piece-set', 'flat');
  assert.notDeepEqual(await colourAt(page, 'c3', 0.24), man, 'a white man is drawn otherwise');
  await page.reload();
  await waitReady(page);
  assert.equal(await page.inputValue('#board-theme'), 'green');
  assert.equal(await page.inputValue('#piece-set'), 'flat');
  assert.deepEqual(await colourAt(page, 'd4'), green, 'the theme is drawn after the reload');
  assert.deepEqual(errors, []);
  await context.close();
});

test('the page follows the system dark mode unless the player picks light or dark', async () => {
  const { page, errors, context } = await openGame(browser, server.url);
  await page.emulateMedia({ colorScheme: 'light' });
  const light = await background(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  const dark = await background(page);
  assert.notEqual(dark, light, 'the system dark mode is followed');
  const [r, g, b] = dark.match(/\d+/g).map(Number);
  assert.ok(r + g + b < 150, `a dark background: ${dark}`);
  await choose(page, 'color-scheme', 'light');
  assert.equal(await background(page), light, 'Light wins over the system');
  await page.emulateMedia({ colorScheme: 'light' });
  await choose(page, 'color-scheme', 'dark');
  assert.equal(await background(page), dark, 'Dark wins over the system');
  await page.reload();
  await waitReady(page);
  assert.equal(await background(page), dark, 'and is remembered');
  assert.deepEqual(errors, []);
  await context.close();
});

test('square numbers are off at first, coordinates on; each can be switched', async () => {
  const { page, errors, context } = await openGame(browser, server.url);
  assert.equal(await page.isChecked('#square-numbers'), false);
  assert.equal(await page.isChecked('#coordinates'), true);
  // d4 is an empty dark square: its corner is plain until its number shows.
  const plain = await numberCorner(page, 'd4');
  await page.check('#square-numbers');
  const numbered = await numberCorner(page, 'd4');
  assert.ok(Math.abs(plain - numbered) > 25, `the number's badge shows: ${plain} -> ${numbered}`);
  await page.uncheck('#square-numbers');
  assert.equal(await numberCorner(page, 'd4'), plain);
  assert.deepEqual(errors, []);
  await context.close();
});

test('moves, captures, crowning and the end make their sounds; muted, none', async () => {
  const { page, errors, context } = await openGame(browser, server.url, {
    reducedMotion: 'no-preference', initScripts: [countTones],
  });
  assert.equal(await page.isChecked('#sound'), true, 'sounds are on at first');
  await page.uncheck('#animate');
  await choose(page, 'mode', 'human');
  const sound = () => page.locator('#board').getAttribute('data-sound');
  await clickSquares(page, ['c3', 'd4']);
  assert.equal(await sound(), 'move');
  const afterMove = await page.evaluate(() => window.tones);
  assert.ok(afterMove >= 1, 'a tone was started');
  await clickSquares(page, ['f6', 'e5']);
  await clickSquares(page, ['d4', 'f6']);
  assert.equal(await sound(), 'capture');
  // A crowning: a white man on 6 moves to 1 (Black's man on 20 can go on).
  await importText(page, 'W:W6:B20');
  await clickSquares(page, ['c7', 'b8']);
  assert.equal(await sound(), 'crown');
  // The last black piece taken ends the game.
  await importText(page, 'W:W14:B10');
  await clickSquares(page, ['c5', 'e7']);
  assert.equal(await sound(), 'end');
  // Muted: no tone at all.
  await page.uncheck('#sound');
  const before = await page.evaluate(() => window.tones);
  await importText(page, 'W:W6:B20');
  await clickSquares(page, ['c7', 'b8']);
  assert.equal(await page.evaluate(() => window.tones), before, 'no tone while muted');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a first visit with reduced motion starts with sounds off', async () => {
  const { page, errors, context } = await openGame(browser, server.url, { reducedMotion: 'reduce' });
  assert.equal(await page.isChecked('#sound'), false);
  assert.deepEqual(errors, []);
  await context.close();
});
