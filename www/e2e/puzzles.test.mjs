// Puzzles, at a laptop's and a phone's size: "Solve a puzzle" fetches the
// set of the rules in play (only then), puts the puzzle nearest the
// player's rating on the board, and judges the player's moves: the right
// ones are answered from the line until it is solved, a wrong one is
// refused with the winning move named and the puzzle counted as failed;
// the hint lights the piece, the rating and streak are kept, "Back to the
// game" brings the game back, and after one visit they work offline.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, openGame, configure, waitReady, moveTexts, importText, PHONE, LAPTOP } from './harness.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });


const isSet = (f) => /puzzles-[a-z]+(-[0-9a-f]+)?\.json$/.test(f.path);

/** The puzzle on the board, read from the set the page fetched. */
async function currentPuzzle(page) {
  const title = await page.locator('#puzzle-title').textContent();
  const id = title.match(/ ([a-z]+-\d{4}) /)[1];
  const variant = id.split('-')[0];
  return page.evaluate(async ([id, variant]) => {
    const meta = document.querySelector(`meta[name="warcaby-puzzles-${variant}"]`);
    const url = meta ? meta.content : `./puzzles-${variant}.json`;
    const set = await (await fetch(url)).json();
    return set.puzzles.find((p) => p.id === id);
  }, [id, variant]);
}

/** Types a move into the move box. */
async function type(page, text) {
  await page.fill('#move-input', text);
  await page.press('#move-input', 'Enter');
}

/** Plays the puzzle's line: the solver's moves, waiting for each reply. */
async function solve(page, puzzle, from = 0) {
  for (let i = from; i < puzzle.line.length; i += 2) {
    const before = (await moveTexts(page)).length;
    await type(page, puzzle.line[i]);
    const after = i + 1 < puzzle.line.length ? before + 2 : before + 1;
    await page.waitForFunction((n) => document.querySelectorAll('#moves button').length >= n, after);
  }
}

for (const [size, device] of [['a laptop', LAPTOP], ['a phone', PHONE]]) {
  test(`on ${size}: a puzzle is solved move by move, with a hint, and the rating goes up`, async () => {
    const own = await serve();
    const { page, errors, context } = await openGame(browser, own.url, device);
    await configure(page, { variant: 'english', mode: 'white', level: 1 });
    await page.waitForTimeout(300);
    assert.equal(own.served.filter(isSet).length, 0, 'no puzzles fetched before they are asked for');
    await page.click('#puzzle-open');
    await page.locator('#puzzle').waitFor({ state: 'visible' });
    assert.equal(own.served.filter(isSet).length, 1, 'the English set only');
    assert.match(await page.locator('#puzzle-title').textContent(), /^Puzzle english-\d{4} · rating \d+ · \S/);
    assert.match(await page.locator('#puzzle-news').textContent(), /^(White|Black) to move: find the move that wins a man\.$/);
    const puzzle = await currentPuzzle(page);

    const bare = await page.locator('#board').screenshot();
    await page.click('#puzzle-hint');
    assert.ok(!bare.equals(await page.locator('#board').screenshot()), 'the hint lights the piece');

    await solve(page, puzzle);
    assert.match(await page.locator('#puzzle-news').textContent(), /^Solved! Rating \+\d+\.$/);
    assert.match(await page.locator('#puzzle-record').textContent(), /^Your rating \d+ · streak 1 \(best 1\)$/);
    assert.ok(await page.locator('#puzzle-hint').isDisabled());
    // No AI move in a puzzle: the line's last move ends it.
    await page.waitForTimeout(800);
    assert.equal((await moveTexts(page)).length, puzzle.line.length);
    assert.deepEqual(errors, []);
    await own.close();
    await context.close();
  });
}

test('a wrong move is refused and named, the puzzle fails, the game comes back; offline after one visit', async () => {
  const own = await serve();
  const { page, errors, context } = await openGame(browser, own.url, { ...LAPTOP, serviceWorkers: 'allow' });
  await configure(page, { variant: 'english', mode: 'human' });
  await importText(page, '1. 11-15 23-19 2. 8-11 22-17 *');
  await page.waitForFunction(() => document.querySelectorAll('#moves button').length === 4);
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.click('#puzzle-open');
  await page.locator('#puzzle').waitFor({ state: 'visible' });
  const puzzle = await currentPuzzle(page);
  // The legal moves, as the page lists them for a text that is none.
  await type(page, '1-2');
  const legal = (await page.locator('#notice').textContent()).match(/legal moves: (.*)$/)[1].split(', ');
  const ends = (text) => { const squares = text.split(/[-x]/); return `${squares[0]}/${squares.at(-1)}`; };
  const wrong = legal.find((m) => ends(m) !== ends(puzzle.line[0]));
  assert.ok(wrong, JSON.stringify({ legal, line: puzzle.line }));
  const movesBefore = (await moveTexts(page)).length;
  await type(page, wrong);
  assert.match(await page.locator('#puzzle-news').textContent(), /^Wrong: \S+ wins here\. Play it to go on\.$/);
  assert.equal((await moveTexts(page)).length, movesBefore, 'the wrong move is not played');
  assert.match(await page.locator('#puzzle-record').textContent(), /streak 0/);
  // The right move still goes on, to the end, counted once as failed.
  await solve(page, puzzle);
  assert.match(await page.locator('#puzzle-news').textContent(), /^Solved after a wrong move\. Rating -\d+\.$/);
  // Another, by its solution.
  await page.click('#puzzle-next');
  await page.click('#puzzle-solution');
  assert.match(await page.locator('#puzzle-news').textContent(), /^The solution: .+\.$/);
  // Back to the game: the imported one.
  await page.click('#puzzle-leave');
  assert.ok(await page.locator('#puzzle').isHidden());
  assert.deepEqual(await moveTexts(page), ['1. 11-15', '23-19', '2. 8-11', '22-17']);

  // Offline: the set fetched once comes from the service worker.
  await own.close();
  await page.reload();
  await waitReady(page);
  await page.click('#puzzle-open');
  await page.locator('#puzzle').waitFor({ state: 'visible' });
  assert.match(await page.locator('#puzzle-record').textContent(), /^Your rating \d+ · streak 0 \(best 0\)$/);
  assert.deepEqual(errors.filter((e) => !/Failed to load resource|ERR_CONNECTION_REFUSED/.test(e)), []);
  await context.close();
});
