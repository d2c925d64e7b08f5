// Hints, at a laptop's and a phone's size: in an untimed game against the
// AI the hint button first shows the piece to move (highlighted and in
// words), then the move (an arrow and in words); the player plays it, the
// AI answers, and the review counts the hint for the player's side. No
// hint in a timed game, nor between two humans, in Polish as in English.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, openGame, configure, waitMoves, choose, newGame, PHONE, LAPTOP } from './harness.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });


const board = (page) => page.locator('#board').screenshot();

for (const [size, device] of [['a laptop', LAPTOP], ['a phone', PHONE]]) {
  test(`on ${size}: a hint shows the piece, then the move, and the review counts it`, async () => {
    const { page, errors, context } = await openGame(browser, server.url, device);
    // English rules: Black (the human) moves first, the AI plays White.
    await configure(page, { variant: 'english', level: 1, time: 250, mode: 'black' });
    // A fresh game: Black (the human) to move, the AI waiting.
    await newGame(page);
    const hint = page.locator('#hint');
    const said = page.locator('#hint-text');
    await hint.waitFor({ state: 'visible' });
    assert.equal((await waitMoves(page, 0)).length, 0);
    assert.equal(await hint.textContent(), 'Hint');
    const bare = await board(page);
    await hint.click();
    await page.waitForFunction(() => /^Hint: move the piece on \d+$/.test(document.querySelector('#hint-text').textContent));
    const piece = (await said.textContent()).match(/(\d+)$/)[1];
    assert.equal(await hint.textContent(), 'Show the move');
    const withPiece = await board(page);
    assert.ok(!bare.equals(withPiece), 'the piece is highlighted');

    await hint.click();
    const move = (await said.textContent()).match(/^Hint: (\d+)([-x])(\d+)$/);
    assert.ok(move, await said.textContent());
    assert.equal(move[1], piece, 'the move starts from the piece shown');
    assert.ok(await hint.isDisabled(), 'nothing more to show');
    assert.ok(!withPiece.equals(await board(page)), 'the move is drawn');

    // The player follows it; the AI (White) answers; the hint is gone.
    await page.fill('#move-input', `${move[1]}${move[2]}${move[3]}`);
    await page.press('#move-input', 'Enter');
    await waitMoves(page, 2);
    // The AI's move is in: the player's turn again, a new position, a new hint.
    await hint.waitFor({ state: 'visible' });
    assert.ok(await said.isHidden());
    assert.equal(await hint.textContent(), 'Hint');

    // The review counts the hint for Black only.
    await page.click('#review-start');
    await page.locator('#review-result').waitFor({ state: 'visible', timeout: 30000 });
    assert.match(await page.locator('#review-black').textContent(), /, 1 hint$/);
    assert.doesNotMatch(await page.locator('#review-white').textContent(), /hint/);
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test('no hint in a timed game or between two humans; the hint speaks Polish', async () => {
  const { page, errors, context } = await openGame(browser, server.url, LAPTOP);
  await configure(page, { variant: 'english', level: 1, time: 250, mode: 'human' });
  assert.ok(await page.locator('#hint').isHidden(), 'two humans: no hint');
  await configure(page, { mode: 'black' });
  // A fresh game: Black (the human) to move first, whatever the AI did before.
  await newGame(page);
  await page.locator('#hint').waitFor({ state: 'visible' });
  await choose(page, 'language', 'pl');
  assert.equal(await page.locator('#hint').textContent(), 'Podpowiedź');
  await page.click('#hint');
  await page.waitForFunction(() => /^Podpowiedź: ruch z pola \d+$/.test(document.querySelector('#hint-text').textContent));
  assert.equal(await page.locator('#hint').textContent(), 'Pokaż ruch');
  await choose(page, 'language', 'en');

  // A timed game against the computer: no hint.
  await page.click('#new-game');
  await choose(page, 'ng-game', 'checkers');
  await choose(page, 'ng-variant', 'english');
  await choose(page, 'ng-opponent', '1');
  await choose(page, 'ng-colour', 'black');
  await choose(page, 'ng-time', '3+2');
  await page.click('#ng-start');
  await page.locator('#clocks').waitFor({ state: 'visible' });
  assert.ok(await page.locator('#hint').isHidden(), 'a timed game: no hint');
  assert.deepEqual(errors, []);
  await context.close();
});
