// What survives a reload, what happens to a broken saved game, an older
// saved value, and the import box.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  serve, launch, openGame, waitReady, clickSquares, moveTexts, fen, status, notice, waitMoves,
  importText, configure, choose, TOURNAMENT_START,
} from './harness.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

test('a reload restores the game and the settings', async () => {
  const { page, errors, context } = await openGame(browser, server.url);
  await configure(page, { mode: 'human', level: 3, time: 500 });
  await clickSquares(page, ['c3', 'd4', 'f6', 'e5', 'd4', 'f6']);
  const moves = await waitMoves(page, 3);
  assert.deepEqual(moves, ['1. 22-18', '11-15', '2. 18x11']);
  const before = await fen(page);
  assert.notEqual(before, TOURNAMENT_START);

  await page.reload();
  await waitReady(page);
  assert.deepEqual(await moveTexts(page), moves);
  assert.equal(await fen(page), before);
  assert.match(await status(page), /^Black to move — a capture is mandatory/);
  assert.equal(await page.inputValue('#mode'), 'human');
  assert.equal(await page.inputValue('#level'), '3');
  assert.equal(await page.inputValue('#time'), '500');
  assert.equal(await notice(page), null);
  // The restored game goes on: Black must recapture.
  await clickSquares(page, ['g7', 'e5']);
  assert.equal((await waitMoves(page, 4))[3], '8x15');
  assert.deepEqual(errors, []);
  await context.close();
});

test('switching the rules or the game mid-game puts the game aside, and it comes back', async () => {
  const { page, errors, context } = await openGame(browser, server.url);
  await configure(page, { mode: 'human' });
  await clickSquares(page, ['c3', 'd4', 'f6', 'e5']);
  await waitMoves(page, 2);
  const played = await fen(page);
  const restore = page.locator('#restore-game');

  await choose(page, 'variant', 'russian');
  assert.match(await notice(page) ?? '(no notice)', /russian game was started; your previous game was put aside/,
    'switching the rules says where the game went');
  assert.deepEqual(await moveTexts(page), []);
  await restore.click();
  assert.deepEqual(await moveTexts(page), ['1. 22-18', '11-15']);
  assert.equal(await fen(page), played);
  assert.equal(await page.inputValue('#variant'), 'tournament', 'its rules came back with it');
  assert.ok(!(await restore.isVisible()), 'nothing more to bring back');

  // The same for the game list; a second switch before any move keeps the offer.
  await choose(page, 'game', 'clobber');
  assert.match(await notice(page) ?? '(no notice)', /6x5 Clobber game was started; your previous game was put aside/);
  await choose(page, 'rows', '4');
  await restore.click();
  assert.equal(await page.inputValue('#game'), 'checkers');
  assert.equal(await fen(page), played);

  // Once the player moves in the new game, the old one is gone for good.
  await choose(page, 'variant', 'english');
  assert.ok(await restore.isVisible());
  await clickSquares(page, ['f6', 'e5']);
  await waitMoves(page, 1);
  assert.ok(!(await restore.isVisible()), 'a move in the new game drops the offer');
  assert.equal(await notice(page), null);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a reload while the AI thinks lets it think again and answer', async () => {
  const { page, errors, context } = await openGame(browser, server.url);
  await configure(page, { level: 8, time: 1000 });
  await clickSquares(page, ['c3', 'd4']);
  await page.waitForFunction(() => /is thinking/.test(document.querySelector('#status').textContent));
  await page.reload();
  await waitReady(page);
  assert.deepEqual(await moveTexts(page), ['1. 22-18']);
  assert.match(await status(page), /^Black \(AI\) is thinking/);
  const moves = await waitMoves(page, 2, 10000);
  assert.equal(moves.length, 2);
  assert.match(await status(page), /^White to move/);
  assert.deepEqual(errors, []);
  await context.close();
});

/** A good saved value: human vs human, after 1. 22-18 11-15. */
async function goodSaved() {
  const { page, context } = await openGame(browser, server.url);
  await configure(page, { mode: 'human' });
  await clickSquares(page, ['c3', 'd4', 'f6', 'e5']);
  await waitMoves(page, 2);
  const saved = JSON.parse(await page.evaluate(() => localStorage.getItem('warcaby.v1')));
  await context.close();
  assert.equal(saved.version, 1);
  assert.deepEqual(saved.game.moves, ['22-18', '11-15']);
  return saved;
}

for (const [what, spoil, reason] of [
  ['unreadable JSON', () => '{"version":1,"settings":{', /unreadable saved data/],
  ['an illegal move', (saved) => { saved.game.moves[1] = '11-18'; }, /move 2/],
  ['an old version', (saved) => { saved.version = 0; }, /old version \(0\)/],
  ['a variant mismatch', (saved) => { saved.settings.variant = 'russian'; }, /disagree on the variant/],
  ['level 99', (saved) => { saved.settings.level = 99; }, /level must be 1-8, got 99/],
  ['level 0', (saved) => { saved.settings.level = 0; }, /level must be 1-8, got 0/],
  ['a thinking time the page does not offer', (saved) => { saved.settings.time_ms = 7; }, /AI time per move .*7/],
  ['a lab depth of 999', (saved) => { saved.settings.black_depth = 999; }, /depth must be 0-40, got 999/],
  ['a Clobber board of 99 rows', (saved) => { saved.settings.rows = 99; }, /Clobber board 99x5 is not supported/],
  ['an unknown algorithm', (saved) => { saved.settings.white_algorithm = 'magic'; }, /algorithm/],
  ['an unknown AI pause', (saved) => { saved.settings.ai_delay_ms = 12345; }, /AI vs AI pause .*12345/],
]) {
  test(`a saved game with ${what} is discarded with a notice`, async () => {
    const saved = await goodSaved();
    const stored = spoil(saved) ?? JSON.stringify(saved);
    const { page, errors, context } = await openGame(browser, server.url, { storage: stored });
    const text = await notice(page);
    assert.ok(text, 'a notice is shown');
    assert.match(text, /could not be restored/);
    assert.match(text, reason);
    assert.match(text, /new game/);
    assert.equal(await fen(page), TOURNAMENT_START);
    assert.deepEqual(await moveTexts(page), []);
    assert.match(await status(page), /^White to move/);
    assert.equal(await page.inputValue('#mode'), 'white', 'default settings');
    assert.equal(await page.inputValue('#variant'), 'tournament');
    // The broken value was replaced by a good one.
    const now = JSON.parse(await page.evaluate(() => localStorage.getItem('warcaby.v1')));
    assert.equal(now.version, 1);
    assert.deepEqual(now.game.moves, []);
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test('a value saved with one lab algorithm and depth gives them to both sides', async () => {
  const old = JSON.stringify({
    version: 1,
    settings: {
      variant: 'tournament', mode: 'HumanVsHuman', level: 4, time_ms: 1000, lab: true,
      algorithm: 'minimax', eval: 'material', depth: 3, flipped: false, animate: true,
      coordinates: true, auto_single: true, ai_delay_ms: 300,
    },
    game: { variant: 'tournament', start_fen: TOURNAMENT_START, moves: ['22-18'] },
  });
  const { page, errors, context } = await openGame(browser, server.url, { storage: old });
  assert.equal(await notice(page), null);
  assert.deepEqual(await moveTexts(page), ['1. 22-18']);
  for (const side of ['black', 'white']) {
    assert.equal(await page.inputValue(`#algorithm-${side}`), 'minimax', side);
    assert.equal(await page.inputValue(`#depth-${side}`), '3', side);
  }
  assert.equal(await page.inputValue('#eval'), 'material');
  assert.ok(await page.isChecked('#lab-enabled'));
  // A change to one side is saved for that side only, in per-side fields.
  await page.click('#lab summary');
  await page.selectOption('#algorithm-white', 'negascout');
  const saved = JSON.parse(await page.evaluate(() => localStorage.getItem('warcaby.v1')));
  assert.equal(saved.settings.black_algorithm, 'minimax');
  assert.equal(saved.settings.white_algorithm, 'negascout');
  assert.deepEqual([saved.settings.black_depth, saved.settings.white_depth], [3, 3]);
  assert.ok(!('algorithm' in saved.settings) && !('depth' in saved.settings));
  assert.deepEqual(errors, []);
  await context.close();
});

test('a bad FEN is refused and leaves the game alone; a PDN game imports', async () => {
  const { page, errors, context } = await openGame(browser, server.url);
  await configure(page, { mode: 'human' });
  await clickSquares(page, ['c3', 'd4']);
  const moves = await waitMoves(page, 1);
  const before = await fen(page);

  for (const [bad, reason] of [
    ['W:W21,22,K99:B1-12', /'K99'.*off the board/],
    ['X:W21:B1', /side to move must be W or B/],
    ['W:W21,22:B21', /square 21 twice/],
  ]) {
    await importText(page, bad);
    const text = await notice(page);
    assert.ok(text, `a notice for ${bad}`);
    assert.match(text, /^Not loaded — .+\. The current game is unchanged\.$/);
    assert.match(text, reason);
    assert.equal(await fen(page), before, bad);
    assert.deepEqual(await moveTexts(page), moves, bad);
  }

  const pdn = [
    '[Event "Import test"]',
    '[White "A"]',
    '[Black "B"]',
    '[GameType "21,W,8,8,N2,0"]',
    '',
    '1. 22-18 11-15 2. 18x11 8x15 3. 24-19 15x24 4. 28x19 *',
  ].join('\n');
  await importText(page, pdn);
  assert.equal(await notice(page), null, 'the notice is cleared');
  assert.deepEqual(await moveTexts(page),
    ['1. 22-18', '11-15', '2. 18x11', '8x15', '3. 24-19', '15x24', '4. 28x19']);
  assert.equal(await fen(page), 'B:W19,21,23,25,26,27,29,30,31,32:B1,2,3,4,5,6,7,9,10,12');
  assert.match(await status(page), /^Black to move/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a PDN game of other rules switches the rules and says so', async () => {
  const { page, errors, context } = await openGame(browser, server.url);
  await configure(page, { mode: 'human' });
  assert.equal(await page.inputValue('#variant'), 'tournament');
  await importText(page, '[GameType "21"]\n\n1. 11-15 23-19 *');
  assert.deepEqual(await moveTexts(page), ['1. 11-15', '23-19']);
  assert.equal(await page.inputValue('#variant'), 'english');
  assert.match(await notice(page), /English/);
  assert.match(await notice(page), /GameType|rules/);
  assert.ok(await page.locator('#rules [data-variant=english]').isVisible());
  // Same rules: no notice.
  await importText(page, '[GameType "21"]\n\n1. 11-15 *');
  assert.equal(await notice(page), null);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a PDN of tags alone is refused and changes nothing', async () => {
  const { page, errors, context } = await openGame(browser, server.url);
  await configure(page, { mode: 'human' });
  await clickSquares(page, ['c3', 'd4']);
  await waitMoves(page, 1);
  const before = await fen(page);
  await importText(page, '[Event "Club night"]\n[White "Ann"]\n[Black "Bob"]\n');
  assert.match(await notice(page) ?? '(no notice)', /^Not loaded — the PDN has no moves and no FEN position/);
  assert.deepEqual(await moveTexts(page), ['1. 22-18']);
  assert.equal(await fen(page), before);
  assert.deepEqual(errors, []);
  await context.close();
});
