// Move animation, seen from outside: the canvas's data-animating attribute
// and the canvas's pixels while a Clobber stone or a checkers man slides,
// the AI's moves paced so each animation runs to its end, and undo or a
// look at an earlier position cancelling a running animation.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  serve, launch, openGame, choose, fen, status, moveTexts, clickSquares, squareCentre, configure,
  cellCentre, clickCell, chooseClobber, recordAnimations, animating,
} from './harness.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

/** Opens the game with motion allowed, recording every animation. */
function openAnimated() {
  return openGame(browser, server.url, { reducedMotion: 'no-preference', initScripts: [recordAnimations] });
}

/** Waits until `count` animations have run to their end; returns them all. */
async function waitAnimations(page, count, timeout = 5000) {
  await page.waitForFunction((n) => window.animations.length >= n && window.animations.every((a) => a.end !== null),
    count, { timeout });
  return page.evaluate(() => window.animations);
}

/** Page point to a point on the canvas (CSS pixels from its corner). */
async function onCanvas(page, { x, y }) {
  const box = await page.locator('#board').boundingBox();
  return [x - box.x, y - box.y];
}

const HOP_MS = 180;
const DARK = 80;
const LIGHT = 150;

test('a Clobber move slides the stone onto the captured one, then shows the result', async () => {
  const { page, errors, context } = await openAnimated();
  await chooseClobber(page, 4, 4);
  assert.ok(await page.isChecked('#animate'));
  assert.equal(await animating(page), 'false');
  const a1 = await cellCentre(page, 'a1', 4, 4);
  const a2 = await cellCentre(page, 'a2', 4, 4);
  // The border between a1 and a2, and the two cells' centres.
  const border = await onCanvas(page, { x: a1.x, y: (a1.y + a2.y) / 2 });
  const probes = [border, await onCanvas(page, a1), await onCanvas(page, a2)];
  await page.evaluate((points) => { window.probes = points; }, probes);

  // Black's a1 takes White's a2.
  await clickCell(page, 'a1', 4, 4);
  await clickCell(page, 'a2', 4, 4);
  const [anim] = await waitAnimations(page, 1);
  const took = anim.end - anim.start;
  assert.ok(took >= HOP_MS - 30 && took < 2000, `the slide took ${took} ms`);
  assert.ok(anim.frames.length >= 3, `${anim.frames.length} frames`);
  const atBorder = anim.frames.map((f) => f[0]);
  assert.ok(Math.min(...atBorder) < DARK, `the black stone crossed the border: ${atBorder}`);
  assert.ok(anim.frames.some((f) => f[2] > 200), 'the captured white stone stays until the black one lands');
  // The final position: a1 empty, the black stone on a2, the border clear.
  const [border2, a1After, a2After] = anim.after;
  assert.ok(border2 > LIGHT && a1After > LIGHT && a2After < DARK, JSON.stringify(anim.after));
  assert.equal(await fen(page), 'WBWB/BWBW/BBWB/.WBW:W');
  assert.equal(await animating(page), 'false');

  // White's b1 takes c1 and at once: undo (then a look back) cancels the slide.
  const b1 = await cellCentre(page, 'b1', 4, 4);
  const c1 = await cellCentre(page, 'c1', 4, 4);
  const moveThen = (cancel) => page.evaluate(([from, to, how]) => {
    const canvas = document.querySelector('#board');
    const tap = ({ x, y }) => {
      for (const type of ['pointerdown', 'pointerup']) {
        canvas.dispatchEvent(new PointerEvent(type, { clientX: x, clientY: y, bubbles: true, isPrimary: true }));
      }
    };
    tap(from);
    tap(to);
    const during = canvas.dataset.animating;
    document.querySelector(how).click();
    return { during, after: canvas.dataset.animating };
  }, [b1, c1, cancel]);
  assert.deepEqual(await moveThen('#undo'), { during: 'true', after: 'false' });
  assert.equal(await fen(page), 'WBWB/BWBW/BBWB/.WBW:W');
  assert.deepEqual(await moveTexts(page), ['1. a1-a2']);
  assert.deepEqual(await moveThen('#moves button[data-ply="1"]'), { during: 'true', after: 'false' });
  assert.equal(await fen(page), 'WBWB/BWBW/BBWB/.WBW:W', 'the position after move 1 is shown');
  await page.click('#live');
  assert.equal(await fen(page), 'WBWB/BWBW/BBWB/..WW:B');
  await page.waitForTimeout(HOP_MS * 2);
  assert.equal(await animating(page), 'false', 'no animation comes back');
  assert.equal((await page.evaluate(() => window.animations)).length, 3);
  assert.deepEqual(errors, []);
  await context.close();
});

test("AI vs AI Clobber: every AI move slides, each to its end before the next", async () => {
  const { page, errors, context } = await openAnimated();
  await chooseClobber(page, 4, 4);
  await choose(page, 'level', '1');
  await choose(page, 'time', '250');
  await choose(page, 'ai-delay', '0');
  await choose(page, 'mode', 'ai');
  await page.waitForFunction(() => /^Game over/.test(document.querySelector('#status').textContent),
    null, { timeout: 30000 });
  const moves = (await moveTexts(page)).length;
  const anims = await waitAnimations(page, moves);
  assert.equal(anims.length, moves, 'one animation per move');
  for (const [i, a] of anims.entries()) {
    assert.ok(a.end - a.start >= HOP_MS - 30, `move ${i + 1}: ${a.end - a.start} ms`);
    if (i > 0) {
      const gap = a.start - anims[i - 1].start;
      assert.ok(gap >= HOP_MS - 30, `move ${i + 1} started ${gap} ms after the one before`);
    }
  }
  assert.equal(await animating(page), 'false');
  assert.match(await status(page), /^Game over — (Black|White) wins/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a checkers move still slides, and not at all with reduced motion', async () => {
  const { page, errors, context } = await openAnimated();
  await configure(page, { mode: 'human' });
  await clickSquares(page, ['c3', 'd4']);
  await waitAnimations(page, 1);
  // Black's f6-e5 passes the corner of e6: probe just inside that light square.
  const box = await page.locator('#board').boundingBox();
  const f6 = squareCentre(box, 'f6');
  const e5 = squareCentre(box, 'e5');
  const cell = box.width / 8;
  const corner = { x: (f6.x + e5.x) / 2 - 0.15 * cell, y: (f6.y + e5.y) / 2 - 0.15 * cell };
  await page.evaluate((points) => { window.probes = points; }, [await onCanvas(page, corner)]);
  await clickSquares(page, ['f6', 'e5']);
  const [first, second] = await waitAnimations(page, 2);
  assert.ok(first.end - first.start >= HOP_MS - 30);
  const seen = second.frames.map((f) => f[0]);
  assert.ok(Math.min(...seen) < DARK, `the black man passed over e6's corner: ${seen}`);
  assert.ok(second.after[0] > LIGHT, 'and left it');
  assert.equal(await fen(page), 'W:W18,21,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,12,15');
  await context.close();

  // The same moves with reduced motion: nothing animates.
  const reduced = await openGame(browser, server.url, { initScripts: [recordAnimations] });
  await configure(reduced.page, { mode: 'human' });
  await clickSquares(reduced.page, ['c3', 'd4', 'f6', 'e5']);
  assert.equal((await moveTexts(reduced.page)).length, 2);
  assert.deepEqual(await reduced.page.evaluate(() => window.animations), []);
  assert.deepEqual([...errors, ...reduced.errors], []);
  await reduced.context.close();
});
