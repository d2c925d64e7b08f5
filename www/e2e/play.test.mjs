// Playing on the board: drag and drop, capture chains entered click by
// click, undo against the AI, and the move list on a HiDPI screen.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  serve, launch, openGame, clickSquare, clickSquares, dragSquare, moveTexts, fen, status,
  notice, waitNotice, waitMoves, importText, configure, squareCentre, brightness, boardBox,
  TOURNAMENT_START,
} from './harness.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

test('a move by drag and drop, and the AI (level 1) answers', async () => {
  const { page, errors, context } = await openGame(browser, server.url);
  await configure(page, { level: 1 });
  // A drop on a square the piece cannot reach plays nothing.
  await dragSquare(page, 'c3', 'e5');
  await page.waitForTimeout(300);
  assert.deepEqual(await moveTexts(page), []);
  assert.equal(await fen(page), TOURNAMENT_START);

  await dragSquare(page, 'c3', 'd4');
  const moves = await waitMoves(page, 2);
  assert.equal(moves[0], '1. 22-18');
  assert.equal(moves.length, 2);
  assert.match(moves[1], /^\d+[-x]\d+/);
  assert.match(await status(page), /^White to move/);
  // The AI's reply is a Black move: White's men are where the drop left them.
  assert.match(await fen(page), /^W:W18,21,23,/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a capture chain entered landing square by landing square', async () => {
  const { page, errors, context } = await openGame(browser, server.url);
  await configure(page, { mode: 'human' });
  // Tournament rules (men also capture backwards): c3xe5 then either
  // xg7 (22x8) or xc7xa5 (22x13): after e5 two chains remain.
  const start = 'W:W22,30:B1,9,10,11,18';
  await importText(page, start);
  assert.equal(await fen(page), start);
  assert.match(await status(page), /White to move — a capture is mandatory/);

  // A piece that cannot capture is refused with the reason.
  await clickSquare(page, 'c1');
  assert.match(await notice(page), /capture is mandatory: move a marked piece \(22\); the piece on 30 cannot capture/);

  await clickSquares(page, ['c3', 'e5']);
  await page.waitForTimeout(200);
  assert.deepEqual(await moveTexts(page), [], 'two chains pass e5: nothing is played yet');
  assert.equal(await fen(page), start);

  await clickSquare(page, 'c7');
  const moves = await waitMoves(page, 1);
  assert.deepEqual(moves, ['1. 22x13']);
  assert.equal(await fen(page), 'B:W13,30:B1,11');
  assert.match(await status(page), /^Black to move/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a chain that lands twice on a square is played by clicks, and by its typed path', async () => {
  const { page, errors, context } = await openGame(browser, server.url);
  await configure(page, { mode: 'human' });
  // f2 (27) takes five men and ends where it first landed, d4 (18), either
  // way round: 27x18x11x2x9x18 or 27x18x9x2x11x18. Both give one position.
  const start = 'W:W27,30,31:B23,14,6,15,7,1';
  const after = 'B:WK18,30,31:B1';
  const ways = [
    ['f2', 'd4'], // the end, which is also the first landing
    ['f2', 'd4', 'f6', 'd8', 'b6', 'd4'], // every landing, one by one
    ['f2', 'b6'], // a landing in the middle
  ];
  for (const clicks of ways) {
    await importText(page, start);
    await clickSquares(page, clicks);
    await page.waitForTimeout(200);
    const moves = await moveTexts(page);
    assert.equal(moves.length, 1,
      `clicks on ${clicks.join(', ')} play the capture (moves: ${moves}; notice: ${await notice(page)})`);
    assert.match(moves[0], /^1\. 27x18x(11x2x9|9x2x11)x18$/);
    assert.equal(await fen(page), after);
  }
  // Typing either path still plays it as typed.
  await importText(page, start);
  await page.fill('#move-input', '27x18x9x2x11x18');
  await page.press('#move-input', 'Enter');
  assert.deepEqual(await waitMoves(page, 1), ['1. 27x18x9x2x11x18']);
  assert.equal(await fen(page), after);
  assert.deepEqual(errors, []);
  await context.close();
});

test('chains sharing start and end are told apart by the next click', async () => {
  const { page, errors, context } = await openGame(browser, server.url);
  await configure(page, { variant: 'english', mode: 'human' });
  // King c3 (22): 22x29 alone, or the loop 22-31-24-15-22 either way round, then 29.
  const start = 'W:WK22:B18,19,25,26,27';
  await importText(page, start);
  assert.equal(await fen(page), start);

  await clickSquares(page, ['c3', 'a1']);
  await page.waitForTimeout(200);
  assert.deepEqual(await moveTexts(page), [], 'all three chains end on a1: nothing is played yet');
  assert.equal(await fen(page), start);

  await clickSquare(page, 'e1');
  const moves = await waitMoves(page, 1);
  assert.deepEqual(moves, ['1... 22x31x24x15x22x29']);
  assert.equal(await fen(page), 'B:WK29:B');
  assert.match(await status(page), /Game over/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('undo against the AI returns to the human\'s turn', async () => {
  const { page, errors, context } = await openGame(browser, server.url);
  // While the AI thinks: the search is dropped and the human's move undone.
  await configure(page, { level: 8, time: 5000 });
  await clickSquares(page, ['c3', 'd4']);
  await page.waitForFunction(() => /thinking/.test(document.querySelector('#status').textContent));
  await page.click('#undo');
  assert.deepEqual(await moveTexts(page), []);
  assert.equal(await fen(page), TOURNAMENT_START);
  assert.match(await status(page), /^White to move/);

  // After the AI's answer: both moves are taken back.
  await configure(page, { level: 1 });
  await clickSquares(page, ['e3', 'f4']);
  await waitMoves(page, 2);
  await page.click('#undo');
  assert.deepEqual(await moveTexts(page), []);
  assert.equal(await fen(page), TOURNAMENT_START);
  assert.match(await status(page), /^White to move/);
  // The AI does not move on its own afterwards, and redo brings both back.
  await page.waitForTimeout(500);
  assert.deepEqual(await moveTexts(page), []);
  await page.click('#redo');
  assert.equal((await moveTexts(page)).length, 2);
  assert.match(await status(page), /^White to move/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('HiDPI: a sharp canvas, and the move list shows earlier positions', async () => {
  const { page, errors, context } = await openGame(browser, server.url, { deviceScaleFactor: 2 });
  const size = await page.evaluate(() => {
    const c = document.querySelector('#board');
    return { width: c.width, height: c.height, css: c.getBoundingClientRect().width };
  });
  assert.ok(size.css > 100, `board ${size.css} CSS px wide`);
  assert.equal(size.width, Math.round(size.css * 2));
  assert.equal(size.height, size.width);

  // Clicks land on the right squares at this scale too.
  await configure(page, { mode: 'human' });
  await clickSquares(page, ['c3', 'd4', 'f6', 'e5', 'd4', 'f6']);
  const moves = await waitMoves(page, 3);
  assert.deepEqual(moves, ['1. 22-18', '11-15', '2. 18x11']);
  const live = await fen(page);

  await page.locator('#moves button').first().click();
  assert.equal(await fen(page), 'B:W18,21,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12');
  assert.ok(await page.locator('#live').isVisible());
  assert.match(await status(page), /Viewing the position after move 1 of 3/);
  await clickSquares(page, ['g7', 'h6']);
  assert.match(await notice(page), /earlier position/);
  assert.equal((await moveTexts(page)).length, 3, 'no move is played from a past position');

  await page.locator('#moves button').nth(1).click();
  assert.match(await fen(page), /^W:W18,/);
  await page.click('#live');
  assert.equal(await fen(page), live);
  assert.ok(!(await page.locator('#live').isVisible()));
  assert.match(await status(page), /^Black to move/);
  assert.deepEqual(errors, []);
  await context.close();
});

/** Brightness at a point of square `name`, `dx`/`dy` cells from its centre. */
async function squareBrightness(page, name, dx = 0, dy = 0) {
  const box = await boardBox(page);
  const { x, y } = squareCentre({ x: 0, y: 0, width: box.width }, name);
  const cell = box.width / 8;
  return brightness(page, x + dx * cell, y + dy * cell);
}

test('a drag released outside the board puts the piece back', async () => {
  const { page, errors, context } = await openGame(browser, server.url);
  await configure(page, { mode: 'human' });
  const box = await boardBox(page);
  const c3 = squareCentre(box, 'c3');
  const e5 = squareCentre(box, 'e5');
  const piece = await squareBrightness(page, 'c3');
  const empty = await squareBrightness(page, 'e5');
  assert.ok(piece > empty + 60, `a white man on c3 (${piece}) is brighter than an empty e5 (${empty})`);
  // Down on c3, out of the board to the right, released there.
  await page.mouse.move(c3.x, c3.y);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width + 150, c3.y, { steps: 8 });
  await page.mouse.up();
  // Back over the board without a button: the piece stays home.
  await page.mouse.move(e5.x, e5.y, { steps: 8 });
  await page.waitForTimeout(100);
  assert.ok(Math.abs((await squareBrightness(page, 'c3')) - piece) < 10, 'the man is back on c3');
  assert.ok(Math.abs((await squareBrightness(page, 'e5')) - empty) < 10, 'nothing follows the pointer');
  assert.deepEqual(await moveTexts(page), []);
  // And the next drag works.
  await page.mouse.move(c3.x, c3.y);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.5, box.y + box.height * 0.5, { steps: 4 });
  const d4 = squareCentre(box, 'd4');
  await page.mouse.move(d4.x, d4.y, { steps: 4 });
  await page.mouse.up();
  assert.deepEqual(await waitMoves(page, 1), ['1. 22-18']);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a capture chain shows the squares entered, and an ambiguous end square says what to do', async () => {
  const { page, errors, context } = await openGame(browser, server.url);
  await configure(page, { mode: 'human' });
  await importText(page, 'W:W22,30:B1,9,10,11,18');
  await clickSquare(page, 'c3');
  // Away from the dot in its centre: e5 as it looks before and after it is entered.
  const before = await squareBrightness(page, 'e5', 0.35, 0.35);
  await clickSquare(page, 'e5');
  const after = await squareBrightness(page, 'e5', 0.35, 0.35);
  assert.ok(Math.abs(after - before) > 20, `e5 is marked once entered (${before} -> ${after})`);
  assert.match(await notice(page), /next landing square|continue/i);
  assert.deepEqual(await moveTexts(page), []);
  await clickSquare(page, 'c7');
  assert.deepEqual(await waitMoves(page, 1), ['1. 22x13']);
  assert.equal(await notice(page), null, 'the hint goes with the move');

  // Several chains end on a1: the page says how to choose.
  await configure(page, { variant: 'english', mode: 'human' });
  await importText(page, 'W:WK22:B18,19,25,26,27');
  await clickSquares(page, ['c3', 'a1']);
  assert.match(await notice(page), /3 captures end on 29.*pick a marked square/);
  await clickSquare(page, 'e1');
  assert.deepEqual(await waitMoves(page, 1), ['1... 22x31x24x15x22x29']);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a refusal goes with the next click elsewhere', async () => {
  const { page, errors, context } = await openGame(browser, server.url);
  await configure(page, { mode: 'human' });
  await clickSquare(page, 'a1');
  assert.match(await notice(page) ?? '(no notice)', /The piece on 29 has no legal move/);
  await clickSquare(page, 'd4');
  assert.equal(await notice(page), null, 'a click on an empty square ends the refusal');
  assert.deepEqual(errors, []);
  await context.close();
});

test('after Undo while the AI thinks, "Wait for the AI" goes', async () => {
  const { page, errors, context } = await openGame(browser, server.url);
  await configure(page, { level: 8, time: 5000 });
  await clickSquares(page, ['c3', 'd4']);
  await page.waitForFunction(() => /thinking/.test(document.querySelector('#status').textContent));
  await clickSquare(page, 'e3');
  assert.match(await notice(page) ?? '(no notice)', /Wait for the AI to move/);
  await page.click('#undo');
  assert.equal(await fen(page), TOURNAMENT_START);
  assert.equal(await notice(page), null, 'nothing to wait for after Undo');
  assert.deepEqual(errors, []);
  await context.close();
});
