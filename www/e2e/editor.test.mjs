// The board editor: set up a position square by square (the engine refuses
// what cannot stand there), choose the side to move, and play from it.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  serve, launch, openGame, clickSquare, clickSquares, fen, status, moveTexts, waitMoves, configure,
  chooseClobber, clickCell, TOURNAMENT_START,
} from './harness.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

const label = (page) => page.locator('#board').getAttribute('aria-label');

test('a checkers position set up in the editor, then played from', async () => {
  const { page, errors, context } = await openGame(browser, server.url);
  await configure(page, { mode: 'human' });
  await page.click('#edit');
  assert.ok(await page.locator('#editor').isVisible());
  assert.match(await status(page), /^Editing the position/);
  await page.click('#edit-clear');
  assert.match(await label(page), /White: no pieces\. Black: no pieces/);
  // c3: a white man; d4: white man, white king, black man; b8 (White's
  // crowning row): a white man cannot stand there, so a white king.
  await clickSquare(page, 'c3');
  await clickSquares(page, ['d4', 'd4', 'd4']);
  await clickSquare(page, 'b8');
  assert.match(await label(page), /White: men on 22; kings on 1\. Black: men on 18\./);
  // Cancel keeps the game; the editor opens again on it.
  await page.click('#edit-cancel');
  assert.equal(await fen(page), TOURNAMENT_START);
  assert.match(await status(page), /^White to move/);
  await page.click('#edit');
  await page.click('#edit-clear');
  await clickSquare(page, 'c3');
  await clickSquares(page, ['d4', 'd4', 'd4']);
  await page.selectOption('#edit-side', 'black');
  assert.match(await label(page), /Editing, Black to move/);
  await page.selectOption('#edit-side', 'white');
  await page.click('#edit-done');
  assert.ok(!(await page.locator('#editor').isVisible()));
  assert.equal(await fen(page), 'W:W22:B18');
  assert.match(await status(page), /^White to move — a capture is mandatory/);
  await clickSquares(page, ['c3', 'e5']);
  assert.deepEqual(await waitMoves(page, 1), ['1. 22x15']);
  assert.match(await status(page), /^Game over/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a Clobber position set up in the editor', async () => {
  const { page, errors, context } = await openGame(browser, server.url);
  await chooseClobber(page, 2, 3);
  await page.click('#edit');
  await page.click('#edit-clear');
  // a1 black, b1 white (two clicks), then play from it: Black takes.
  await clickCell(page, 'a1', 2, 3);
  await clickCell(page, 'b1', 2, 3);
  await clickCell(page, 'b1', 2, 3);
  await page.click('#edit-done');
  assert.equal(await fen(page), '.../BW.:B');
  await clickCell(page, 'a1', 2, 3);
  await clickCell(page, 'b1', 2, 3);
  assert.deepEqual(await waitMoves(page, 1), ['1. a1-b1']);
  assert.deepEqual(await moveTexts(page), ['1. a1-b1']);
  assert.match(await status(page), /^Game over — Black wins/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the editor\'s "Position:" is the position being edited', async () => {
  const { page, errors, context } = await openGame(browser, server.url);
  await configure(page, { mode: 'human' });
  await page.click('#edit');
  await page.click('#edit-clear');
  await clickSquare(page, 'c3');
  await clickSquares(page, ['d4', 'd4', 'd4']);
  assert.equal(await fen(page), 'W:W22:B18', 'the FEN follows the edits');
  await page.selectOption('#edit-side', 'black');
  assert.equal(await fen(page), 'B:W22:B18');
  await page.click('#edit-cancel');
  assert.equal(await fen(page), TOURNAMENT_START, 'Cancel shows the game\'s again');
  assert.deepEqual(errors, []);
  await context.close();
});

test('the palette puts the chosen piece, says when it cannot stand there, and Start position resets', async () => {
  const { page, errors, context } = await openGame(browser, server.url);
  await configure(page, { mode: 'human' });
  await page.click('#edit');
  await page.click('#edit-clear');
  await page.check('input[name=brush][value=black-king]');
  await clickSquares(page, ['d4', 'f6']);
  assert.equal(await fen(page), 'W:W:BK11,K18');
  // Picking the same square again keeps the king (no cycling).
  await clickSquare(page, 'd4');
  assert.equal(await fen(page), 'W:W:BK11,K18');
  // A white man on White's crowning row cannot stand: a hint says why, nothing changes.
  await page.check('input[name=brush][value=white-man]');
  await clickSquare(page, 'b8');
  assert.match(await page.locator('#notice').textContent(), /cannot stand there/);
  assert.equal(await fen(page), 'W:W:BK11,K18');
  await page.check('input[name=brush][value=empty]');
  await clickSquare(page, 'f6');
  assert.equal(await fen(page), 'W:W:BK18');
  await page.click('#edit-start');
  assert.equal(await fen(page), TOURNAMENT_START);
  await page.click('#edit-done');
  assert.equal(await fen(page), TOURNAMENT_START);
  assert.match(await status(page), /^White to move/);
  assert.deepEqual(errors, []);
  await context.close();
});
