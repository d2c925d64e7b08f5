// The page as a whole on a laptop and on a phone: a move never scrolls the
// page, the whole game fits a 1280x720 window with the result on the board,
// and the move list is a paired list that scrolls inside itself and follows
// the arrow keys; on a phone no state of the page, in either language, is
// wider than the screen.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  serve, launch, openGame, clickSquares, moveTexts, moveButton, fen, status, notice, waitMoves,
  importText, configure, choose, LONG_GAME, TOURNAMENT_START,
} from './harness.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1280, height: 720 };

/** The element's box in the page, and whether it lies in the first screen. */
async function box(page, selector) {
  return page.locator(selector).evaluate((el) => {
    const r = el.getBoundingClientRect();
    return { top: r.top + scrollY, bottom: r.bottom + scrollY, left: r.left, right: r.right };
  });
}

test('a move on a phone does not scroll the page', async () => {
  const { page, errors, context } = await openGame(browser, server.url, { viewport: PHONE, hasTouch: true });
  await configure(page, { mode: 'human' });
  await clickSquares(page, ['c3', 'd4']);
  await waitMoves(page, 1);
  assert.equal(await page.evaluate(() => scrollY), 0, 'the page stayed where it was');
  // Neither does a long game: the list scrolls, the page does not.
  await importText(page, LONG_GAME);
  await page.evaluate(() => scrollTo(0, 0));
  await page.fill('#move-input', '11-7');
  await page.press('#move-input', 'Enter');
  await waitMoves(page, 61);
  assert.equal(await page.evaluate(() => scrollY), 0, 'the page stayed where it was');
  assert.deepEqual(errors, []);
  await context.close();
});

/**
 * Checks the finished game's result: shown under the board (never over the
 * final position) within the first screen of `viewport`, its score on one
 * line, with "New game" in it and "Rematch" where `rematch` says.
 */
async function assertResultBesideTheBoard(page, viewport, { rematch }) {
  const result = page.locator('#result');
  assert.ok(await result.isVisible(), 'the result is shown');
  const r = await box(page, '#result');
  const b = await box(page, '#board');
  assert.ok(r.top >= b.bottom || r.bottom <= b.top || r.left >= b.right || r.right <= b.left,
    `the result ${JSON.stringify(r)} does not cover the board ${JSON.stringify(b)}`);
  assert.ok(r.top >= 0 && r.bottom <= viewport.height, `the result ${JSON.stringify(r)} is in the first screen`);
  const score = page.locator('#result-score');
  assert.equal(await score.count(), 1, 'the score has its own element');
  assert.equal(await score.evaluate((el) => el.getClientRects().length), 1, 'the score is on one line');
  assert.ok(await page.locator('#result-new').isVisible(), '"New game" is in the result');
  assert.equal(await page.locator('#result-rematch').isVisible(), rematch, `"Rematch" shown: ${rematch}`);
}

test('the whole game fits a 1280x720 window, and the result is shown under the board', async () => {
  const { page, errors, context } = await openGame(browser, server.url, { viewport: LAPTOP });
  for (const selector of ['#board', '#status', '#move-form', '#new-game', '#undo', '#moves']) {
    const b = await box(page, selector);
    assert.ok(b.top >= 0 && b.bottom <= LAPTOP.height, `${selector} ${JSON.stringify(b)} in the window`);
    assert.ok(b.right <= LAPTOP.width, `${selector} ${JSON.stringify(b)} not cut on the right`);
  }
  const board = await box(page, '#board');
  assert.ok(board.bottom - board.top >= 480, `a board of ${board.bottom - board.top} px is big enough`);

  // A finished game: the result lies under the board, in the window.
  await configure(page, { variant: 'english', mode: 'human' });
  await importText(page, 'W:WK22:B18,19,25,26,27');
  await clickSquares(page, ['c3', 'a1', 'e1']);
  await waitMoves(page, 1);
  assert.match(await status(page), /^Game over/);
  const result = page.locator('#result');
  assert.match(await result.textContent(), /White wins/);
  await assertResultBesideTheBoard(page, LAPTOP, { rematch: false });
  // Looking at the position before the last move: not "Game over", no result.
  await moveButton(page, 1).click();
  await page.keyboard.press('ArrowLeft');
  assert.match(await status(page), /^Viewing the start position/);
  assert.ok(!(await result.isVisible()), 'no result under an earlier position');
  await page.keyboard.press('ArrowRight');
  assert.match(await status(page), /^Game over/);
  assert.ok(await result.isVisible());
  // Its "New game" removes it.
  await page.click('#result-new');
  assert.ok(!(await result.isVisible()));
  assert.deepEqual(await moveTexts(page), []);
  assert.deepEqual(errors, []);
  await context.close();
});

test('on a phone the result leaves the final position in view, keeps the score whole and offers a rematch', async () => {
  const { page, errors, context } = await openGame(browser, server.url, { viewport: PHONE, hasTouch: true });
  await configure(page, { level: 1 });
  // You (White) against the AI: 22x15 takes Black's last man.
  await importText(page, 'W:W22:B18');
  await clickSquares(page, ['c3', 'e5']);
  await waitMoves(page, 1);
  assert.match(await status(page), /^Game over — White wins.*\(1-0\)$/);
  await page.evaluate(() => scrollTo(0, 0));
  await assertResultBesideTheBoard(page, PHONE, { rematch: true });
  // Rematch: a new game with the colours swapped; the AI (White) opens.
  await page.click('#result-rematch');
  assert.equal(await page.inputValue('#mode'), 'black');
  assert.ok(!(await page.locator('#result').isVisible()));
  const moves = await waitMoves(page, 1);
  assert.match(moves[0], /^1\. \d+-\d+$/);
  assert.match(await status(page), /^Black to move/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the move list: numbered pairs, scrolls inside itself, arrow keys step through the game', async () => {
  const { page, errors, context } = await openGame(browser, server.url, { viewport: LAPTOP });
  await configure(page, { mode: 'human' });
  await importText(page, LONG_GAME);
  const texts = await moveTexts(page);
  assert.equal(texts.length, 60);
  assert.deepEqual(texts.slice(0, 3), ['1. 24-20', '10-15', '2. 28-24']);
  // One row per move number: its number, then both moves; no list numbers of its own.
  const rows = await page.locator('#moves li').evaluateAll((lis) => lis.map((li) => li.innerText.replace(/\s+/g, ' ').trim()));
  assert.equal(rows.length, 30);
  assert.equal(rows[0], '1. 24-20 10-15');
  assert.equal(rows[29], '30. 5-1 28-32');
  assert.equal(await page.locator('#moves').evaluate((el) => getComputedStyle(el).listStyleType), 'none');
  // The list scrolls inside itself, never sideways, and shows the last move.
  const list = await page.locator('#moves').evaluate((el) => ({
    scrollHeight: el.scrollHeight, clientHeight: el.clientHeight, scrollTop: el.scrollTop,
    scrollWidth: el.scrollWidth, clientWidth: el.clientWidth,
  }));
  assert.ok(list.scrollHeight > list.clientHeight, JSON.stringify(list));
  assert.ok(list.scrollTop > 0, 'scrolled to the end');
  assert.ok(list.scrollWidth <= list.clientWidth, `no sideways overflow ${JSON.stringify(list)}`);
  assert.equal(await page.evaluate(() => scrollY), 0, 'the page did not scroll');
  const last = await box(page, '#moves button[data-ply="60"]');
  const inside = await box(page, '#moves');
  assert.ok(last.top >= inside.top && last.bottom <= inside.bottom + 1, 'the last move is in view');

  // Arrow keys: back and forward one position; the list follows.
  const live = await fen(page);
  await page.keyboard.press('ArrowLeft');
  assert.match(await status(page), /^Viewing the position after move 59 of 60/);
  assert.equal(await page.locator('#moves .current').getAttribute('data-ply'), '59');
  await page.keyboard.press('Home');
  assert.equal(await fen(page), TOURNAMENT_START);
  assert.match(await status(page), /^Viewing the start position/);
  assert.equal(await page.locator('#moves').evaluate((el) => el.scrollTop), 0, 'the list shows the start');
  await page.keyboard.press('ArrowRight');
  assert.match(await status(page), /^Viewing the position after move 1 of 60/);
  await page.keyboard.press('End');
  assert.equal(await fen(page), live);
  assert.match(await status(page), /^White to move/);
  await page.keyboard.press('ArrowRight');
  assert.equal(await fen(page), live, 'nothing after the last position');
  // In a text field the arrows edit the text.
  await page.fill('#move-input', '11');
  await page.focus('#move-input');
  await page.keyboard.press('ArrowLeft');
  assert.equal(await fen(page), live);
  assert.equal(await page.evaluate(() => scrollY), 0, 'the page did not scroll');
  assert.deepEqual(errors, []);
  await context.close();
});

test('on a phone every control is at least 44 px tall', async () => {
  const { page, errors, context } = await openGame(browser, server.url, { viewport: PHONE, hasTouch: true });
  await configure(page, { mode: 'human' });
  await clickSquares(page, ['c3', 'd4']);
  await waitMoves(page, 1);
  await page.click('#lab summary');
  const small = await page.evaluate(() => [...document.querySelectorAll(
    'button, select, input:not([type=checkbox]), textarea, summary, label.check',
  )].filter((el) => el.getClientRects().length > 0)
    .map((el) => ({ el: el.id || el.textContent.trim().slice(0, 20) || el.tagName, h: el.getBoundingClientRect().height }))
    .filter(({ h }) => h < 44));
  assert.deepEqual(small, []);
  assert.deepEqual(errors, []);
  await context.close();
});

test('on a phone the position text wraps only between squares', async () => {
  const { page, errors, context } = await openGame(browser, server.url, { viewport: PHONE, hasTouch: true });
  // Two humans: with the AI as Black, it would answer the second position at once.
  await configure(page, { mode: 'human' });
  for (const position of [TOURNAMENT_START, 'B:W5,6,7,8,9,10,11,12,13,14,15,16:B17,18,19,20,21,22,23,24,25,26,27,28']) {
    await importText(page, position);
    assert.equal(await fen(page), position);
    const { lines, broken } = await page.locator('#fen').evaluate((el) => {
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      const broken = [];
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (const m of node.data.matchAll(/\d+/g)) {
          const range = document.createRange();
          range.setStart(node, m.index);
          range.setEnd(node, m.index + m[0].length);
          if (range.getClientRects().length > 1) broken.push(m[0]);
        }
      }
      return { lines: new Set([...el.getClientRects()].map((r) => Math.round(r.top))).size, broken };
    });
    assert.ok(lines > 1, `the FEN wraps on a phone (${lines} lines)`);
    assert.deepEqual(broken, [], 'no number is broken over two lines');
  }
  assert.deepEqual(errors, []);
  await context.close();
});

test('on a touch screen the board\'s hints do not say "click"', async () => {
  const { page, errors, context } = await openGame(browser, server.url, { viewport: PHONE, hasTouch: true });
  await configure(page, { mode: 'human' });
  await importText(page, 'W:W22,30:B1,9,10,11,18');
  await clickSquares(page, ['c3', 'e5']);
  const hint = await notice(page) ?? '(no notice)';
  assert.match(hint, /next landing square/);
  assert.doesNotMatch(hint, /click/i);
  await page.click('#edit');
  assert.match(await status(page), /^Editing the position/);
  assert.doesNotMatch(await status(page), /click/i);
  assert.doesNotMatch(await page.locator('#editor .hint').textContent(), /click/i);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a two-line notice at 1280x720 makes the board smaller, never pushes the move box out of the window', async () => {
  const { page, errors, context } = await openGame(browser, server.url, { viewport: LAPTOP });
  await configure(page, { mode: 'human' });
  const before = await box(page, '#board');
  await importText(page, 'X:W21:B1');
  await page.evaluate(() => scrollTo(0, 0));
  const lines = await page.locator('#notice').evaluate((el) => Math.round(el.getBoundingClientRect().height
    / parseFloat(getComputedStyle(el).lineHeight)));
  assert.ok(lines >= 2, `a notice of two lines or more (${lines})`);
  const form = await box(page, '#move-form');
  assert.ok(form.bottom <= LAPTOP.height, `the move box ends at ${form.bottom}, in the window`);
  const smaller = await box(page, '#board');
  assert.ok(smaller.bottom - smaller.top < before.bottom - before.top, 'the board made room');
  // The canvas is drawn at its new size (its pixels follow its box).
  await page.waitForFunction(() => {
    const c = document.querySelector('#board');
    return Math.abs(c.width / devicePixelRatio - c.getBoundingClientRect().width) < 1.5;
  });
  // A move ends the notice: the board grows back.
  await clickSquares(page, ['c3', 'd4']);
  await page.waitForFunction(() => document.querySelector('#notice').hidden);
  const after = await box(page, '#board');
  assert.equal(Math.round(after.bottom - after.top), Math.round(before.bottom - before.top), 'back to its size');
  assert.deepEqual(errors, []);
  await context.close();
});

test('on a phone, in English and Polish, no state of the page is wider than the screen', async () => {
  /** The page's width, which is the phone's unless something pokes out. */
  const width = (page) => page.evaluate(() => document.documentElement.scrollWidth);
  for (const lang of ['en', 'pl']) {
    const { page, errors, context } = await openGame(browser, server.url, { viewport: PHONE, hasTouch: true });
    await choose(page, 'language', lang);
    const states = [];
    for (const variant of ['tournament', 'english', 'russian', 'brazilian', 'international']) {
      await choose(page, 'variant', variant);
      states.push([`rules ${variant}`, await width(page)]);
      await page.click('#how-to-play');
      states.push([`How to play, ${variant}`, await width(page)]);
      await page.click('#howto-close');
    }
    await page.click('#new-game');
    states.push(['New game dialog', await width(page)]);
    await page.click('#ng-cancel');
    await page.click('#edit');
    states.push(['position editor', await width(page)]);
    await page.click('#edit-cancel');
    await choose(page, 'game', 'clobber');
    states.push(['Clobber', await width(page)]);
    const wide = states.filter(([, w]) => w > PHONE.width);
    assert.deepEqual(wide, [], `${lang}: wider than ${PHONE.width} px`);
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test('every list and button stays inside its panel, in English and Polish, on a phone and a laptop', async () => {
  for (const viewport of [PHONE, LAPTOP]) {
    for (const lang of ['en', 'pl']) {
      const { page, errors, context } = await openGame(browser, server.url, { viewport, hasTouch: viewport === PHONE });
      await choose(page, 'language', lang);
      await page.evaluate(() => document.querySelectorAll('details').forEach((d) => { d.open = true; }));
      const outside = await page.evaluate(() => [...document.querySelectorAll('section select, section button')]
        .filter((el) => el.offsetParent !== null)
        .map((el) => {
          const panel = el.closest('section').getBoundingClientRect();
          const box = el.getBoundingClientRect();
          return { el: `#${el.id}`, right: box.right, panel: panel.right };
        })
        .filter(({ right, panel }) => right > panel + 0.5));
      assert.deepEqual(outside, [], `${lang}, ${viewport.width} px`);
      assert.deepEqual(errors, []);
      await context.close();
    }
  }
});
