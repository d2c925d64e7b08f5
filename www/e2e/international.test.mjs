// International draughts (10x10, "warcaby polskie") on the page, at a
// laptop's and a phone's size: a game against the AI started in the New
// game dialog, whose worker (a second build, with the engine's 10x10 game)
// is fetched only then — the first visit does not — and which a reload
// restores; Undo/Redo; a move entered on the turned board; a four-piece
// capture chain entered hop by hop (a shorter capture refused with the
// maximum-capture rule's reason); a flying king's two five-piece captures
// ending on one square told apart by the next click; PDN GameType 20 out
// and in; a 10x10 worker that cannot load; one 10x10 worker (and no
// worker left behind) when the game moves to 10x10 and back with the
// analysis on; a strong level's network fetched once; How to play, the
// editor and the analysis on 10x10; the
// rules' names in Polish, and the 10x10 name whole in the New game dialog
// (in both languages, on a phone too).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  serve, launch, openGame, choose, configure, importText, clickSquare, moveTexts, waitMoves,
  fen, status, notice, waitReady, closeWelcome, evalNetsServed, PHONE, LAPTOP, TOURNAMENT_START,
} from './harness.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });


const range = (from, to) => Array.from({ length: to - from + 1 }, (_, i) => String(from + i));
/** The start position: Black on 1-20, White on 31-50, White to move. */
const START = `W:W${range(31, 50).join(',')}:B${range(1, 20).join(',')}`;

/** The name (a1..j10) of square `n` (1-50): row by row from Black's side, 1 = b10, 46 = a1. */
function named(n) {
  const row = Math.floor((n - 1) / 5);
  const rank = 9 - row;
  const file = 2 * ((n - 1) % 5) + (rank % 2 === 0 ? 0 : 1);
  return `${String.fromCharCode(97 + file)}${rank + 1}`;
}

/** Clicks 10x10 squares by number, in turn. */
async function clickNumbers(page, numbers, { flipped = false } = {}) {
  for (const n of numbers) await clickSquare(page, named(n), { flipped, side: 10 });
}

/** The pieces of a FEN's side `letter` (W or B), as written, in order. */
function pieces(text, letter) {
  const field = text.split(':').slice(1).find((f) => f.startsWith(letter));
  return field.slice(1).split(',').filter(Boolean).sort((a, b) => parseInt(a.replace('K', ''), 10) - parseInt(b.replace('K', ''), 10));
}

const isWorker10 = (file) => /(^|\/)warcaby-worker10/.test(file.path);
const isWorker8 = (file) => /(^|\/)warcaby-worker_bg-[0-9a-f]+\.wasm$/.test(file.path);

test('the 10x10 square names of the tests are the rules\' numbering', () => {
  assert.deepEqual([1, 5, 6, 28, 46, 50].map(named), ['b10', 'j10', 'a9', 'e5', 'a1', 'i1']);
});

for (const [size, device] of [['a laptop', LAPTOP], ['a phone', PHONE]]) {
  test(`on ${size}: international draughts against the AI, its worker fetched only for it; a reload restores the game`, async () => {
    const own = await serve();
    const { page, errors, context } = await openGame(browser, own.url, device);
    // The first visit plays 8x8: its AI is loaded, the 10x10 one is not.
    await waitFor(() => own.served.some(isWorker8), 'the 8x8 worker is loaded on the first visit');
    assert.equal(own.served.filter(isWorker10).length, 0, 'the first visit does not fetch the 10x10 worker');

    await page.click('#new-game');
    await choose(page, 'ng-variant', 'international');
    await choose(page, 'ng-opponent', '1');
    await choose(page, 'ng-colour', 'white');
    await page.click('#ng-start');
    assert.equal(await fen(page), START);
    assert.match(await status(page), /^White to move/);
    await waitFor(() => own.served.some(isWorker10), 'a 10x10 game fetches its worker');

    await clickNumbers(page, [32, 28]);
    const moves = await waitMoves(page, 2, 60000);
    assert.equal(moves[0], '1. 32-28');
    assert.match(moves[1], /^(1[6-9]|20)-(2[1-5])$/, `Black (the AI) answers from its front row: ${moves[1]}`);
    assert.match(await fen(page), /^W:/);

    // Undo takes back the AI's move and the player's; Redo plays both again.
    await page.click('#undo');
    assert.deepEqual(await moveTexts(page), []);
    assert.equal(await fen(page), START);
    await page.click('#redo');
    assert.deepEqual(await moveTexts(page), moves);

    // A reload restores the 10x10 game and its rules.
    const before = await fen(page);
    await page.reload();
    await waitReady(page);
    await closeWelcome(page);
    assert.deepEqual(await moveTexts(page), moves);
    assert.equal(await fen(page), before);
    assert.equal(await page.locator('#variant').inputValue(), 'international');

    // On the turned board: back to the start, then 31-26 (b4-a5), and the
    // reloaded page's 10x10 worker answers.
    await page.click('#undo');
    await page.click('#flip');
    await clickNumbers(page, [31, 26], { flipped: true });
    const again = await waitMoves(page, 2, 60000);
    assert.equal(again[0], '1. 31-26');
    assert.match(again[1], /^(1[6-9]|20)-(2[1-5])$/);
    assert.equal(await notice(page), null);
    assert.deepEqual(errors, []);
    await context.close();
    await own.close();
  });

  test(`on ${size}: a four-piece capture on 10x10 entered hop by hop, and two maximum captures told apart`, async () => {
    const { page, errors, context } = await openGame(browser, server.url, device);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await configure(page, { variant: 'international', mode: 'human' });
    assert.equal(await fen(page), START);

    // 35 could take 30 (one piece); 46 takes four: 41, 32, 22, then 11
    // (ending on 6) or 12 (ending on 8), so each hop is entered in turn.
    await importText(page, 'W:W46,35:B41,32,22,11,12,30');
    assert.match(await status(page), /White to move — a capture is mandatory/);
    await clickNumbers(page, [35]);
    assert.match(
      await notice(page) ?? '(no notice)',
      /capture that takes the most pieces is mandatory \(4\): move a marked piece \(46\); the piece on 35 cannot take as many/,
    );
    await clickNumbers(page, [46, 37, 28, 17]);
    assert.deepEqual(await moveTexts(page), [], 'no move before the last hop');
    await clickNumbers(page, [6]);
    assert.deepEqual(await waitMoves(page, 1), ['1. 46x6']);
    const after = await fen(page);
    assert.deepEqual([pieces(after, 'W'), pieces(after, 'B')], [['6', '35'], ['12', '30']]);
    assert.match(await status(page), /^Black to move/);

    // PDN out: the game type of international draughts; and back in.
    await page.click('#copy-pdn');
    const pdn = await page.inputValue('#import-text');
    assert.match(pdn, /\[GameType "20"\]/);
    assert.match(pdn, /1\. 46x6/);
    await page.click('#import');
    assert.deepEqual(await moveTexts(page), ['1. 46x6']);
    assert.equal(await fen(page), after);

    // On the turned board, the flying king on 11 takes five either way to
    // 4: its fourth hop lands on 47 (taking 41) or on 42 (taking 37). The
    // last square alone does not say which; the next click on a marked
    // square does.
    await importText(page, 'W:WK11:B7,8,9,29,35,37,41');
    await page.click('#flip');
    await clickNumbers(page, [11, 4], { flipped: true });
    assert.deepEqual(await moveTexts(page), []);
    assert.match(await notice(page) ?? '(no notice)', /2 captures end on 4.*pick a marked square/);
    await clickNumbers(page, [47], { flipped: true });
    assert.deepEqual(await waitMoves(page, 1), ['1. 11x2x24x47x36x4']);
    const taken = await fen(page);
    assert.deepEqual([pieces(taken, 'W'), pieces(taken, 'B')], [['K4'], ['35', '37']]);
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test('a strong level plays 10x10 with its own network, fetched once and only for it', async () => {
  const own = await serve();
  const { page, errors, context } = await openGame(browser, own.url, LAPTOP);
  const evalNets = () => evalNetsServed(own.served);
  await choose(page, 'mode', 'human');
  await configure(page, { variant: 'international', level: 8, time: 250, aiDelay: 0, animate: false, mode: 'ai' });
  // The AI plays both sides: three moves, one fetch.
  const moves = await waitMoves(page, 3, 60000);
  await choose(page, 'mode', 'human');
  assert.match(moves[0], /^1\. 3[1-5]-(2[6-9]|30)$/, `White opens: ${moves[0]}`);
  assert.deepEqual(evalNets(), ['eval-international.bin'], 'the 10x10 network, once');
  assert.equal(await notice(page), null);
  assert.deepEqual(errors, []);
  await context.close();
  await own.close();
});

test('a 10x10 worker that cannot load says so and offers a retry, which brings the AI back', async () => {
  const own = await serve();
  const { page, errors, context } = await openGame(browser, own.url, LAPTOP);
  // The 10x10 worker's files are unreachable (a lost connection).
  own.block(/warcaby-worker10/);
  try {
    await page.click('#new-game');
    await choose(page, 'ng-variant', 'international');
    await choose(page, 'ng-opponent', '1');
    await choose(page, 'ng-colour', 'black');
    await page.click('#ng-start');
    await page.waitForFunction(() => /AI is unavailable/.test(document.querySelector('#notice').textContent), null, { timeout: 15000 });
    assert.ok(await page.locator('#ai-retry').isVisible(), 'a retry is offered');
    assert.doesNotMatch(await status(page), /thinking/);
    assert.equal(await fen(page), START, 'the game is kept');
  } finally {
    own.block(null);
  }
  await page.click('#ai-retry');
  const moves = await waitMoves(page, 1, 60000);
  assert.match(moves[0], /^1\. (3[1-5])-(2[6-9]|30)$/, `White (the AI) opens: ${moves[0]}`);
  assert.ok(!(await page.locator('#ai-retry').isVisible()));
  // The only errors are the browser's own about the missing files.
  assert.deepEqual(errors.filter((e) => !/Failed to load|404|ERR_/.test(e)), []);
  await context.close();
  await own.close();
});

test('with the analysis on, a change to 10x10 starts one 10x10 worker; back to 8x8 and to 10x10 again leaves one worker', async () => {
  const own = await serve();
  // Every worker the page starts (its script's URL), as Playwright reports
  // it; one stopped as soon as it was started may go unreported, but not
  // its first file's fetch, which the server's record counts.
  const started = [];
  const { page, errors, context } = await openGame(browser, own.url, {
    ...LAPTOP, onPage: (p) => p.on('worker', (w) => started.push(w.url())),
  });
  const worker10Files = () => own.served.filter(isWorker10).map((f) => f.path);
  const worker10Starts = () => started.filter((url) => /warcaby-worker10/.test(url)).length;
  // The analysis's best line of a start position: White's first move on
  // 8x8 (21-24 to 17-20) or on 10x10 (31-35 to 26-30).
  const FIRST = { tournament: '2[1-4]-(1[7-9]|20)', international: '3[1-5]-(2[6-9]|30)' };
  const bestLine = (variant) => page.waitForFunction(
    (move) => new RegExp(`Engine's best line: ${move}`).test(document.querySelector('#board').getAttribute('aria-label')),
    FIRST[variant], { timeout: 30000 },
  );
  /** New game of `variant` against the level 1 AI, the player White (to move: the analysis runs). */
  const newGame = async (variant) => {
    await page.click('#new-game');
    await choose(page, 'ng-variant', variant);
    await choose(page, 'ng-opponent', '1');
    await choose(page, 'ng-colour', 'white');
    await page.click('#ng-start');
    await bestLine(variant);
  };
  await waitFor(() => own.served.some(isWorker8), 'the 8x8 worker is loaded on the first visit');
  // The analysis of the 8x8 start runs when the game changes.
  await page.check('#analyse');
  await bestLine('tournament');
  assert.equal(worker10Files().length, 0);

  // A worker's files are its loader, its glue and its wasm: each once.
  const once = (files, times) => {
    for (const kind of [/_loader-[0-9a-f]+\.js$/, /10-[0-9a-f]+\.js$/, /_bg-[0-9a-f]+\.wasm$/]) {
      assert.equal(files.filter((f) => kind.test(f)).length, times, `${kind} in ${files.join(', ')}`);
    }
  };
  await newGame('international');
  assert.equal(await fen(page), START);
  // Time for a second worker's fetches to reach the server, had one been started.
  await page.waitForTimeout(1000);
  assert.equal(worker10Starts(), 1, 'one 10x10 worker started');
  once(worker10Files(), 1);
  // (A terminated worker's end reaches Playwright a little later.)
  await waitFor(() => page.workers().length === 1, 'one worker alive');

  // Back to 8x8 (the 10x10 worker goes) and to 10x10 again (a new one).
  await newGame('tournament');
  assert.equal(await fen(page), TOURNAMENT_START);
  await newGame('international');
  await page.waitForTimeout(1000);
  assert.equal(worker10Starts(), 2, 'one more 10x10 worker started');
  once(worker10Files(), 2);
  await waitFor(() => page.workers().length === 1, 'one worker alive, no worker left behind');
  assert.deepEqual(errors, []);
  await context.close();
  await own.close();
});

test('the New game dialog shows the 10x10 rules\' name whole, in English and Polish, on a phone and a laptop', async () => {
  for (const [device, lang] of [[PHONE, 'en'], [PHONE, 'pl'], [LAPTOP, 'pl']]) {
    const { page, errors, context } = await openGame(browser, server.url, device);
    await choose(page, 'language', lang);
    await page.click('#new-game');
    await choose(page, 'ng-variant', 'international');
    // The list's own width (its widest name, the 10x10 one) against the
    // width it is given in the dialog: less would cut the name.
    const { given, natural } = await page.evaluate(() => {
      const list = document.querySelector('#ng-variant');
      const given = list.getBoundingClientRect().width;
      Object.assign(list.style, { position: 'absolute', maxWidth: 'none', minWidth: '0' });
      const natural = list.getBoundingClientRect().width;
      list.style.cssText = '';
      return { given, natural };
    });
    assert.ok(given >= natural, `${lang}: the Rules list is ${given} px wide, its names need ${natural} px`);
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test('on 10x10: How to play, a position set up in the editor and played from, the analysis; the names in Polish', async () => {
  const { page, errors, context } = await openGame(browser, server.url, LAPTOP);
  await configure(page, { variant: 'international', mode: 'human' });
  const label = () => page.locator('#board').getAttribute('aria-label');

  await page.click('#how-to-play');
  const shown = await page.evaluate(() => ({
    title: document.querySelector('#howto-title').textContent,
    captions: [...document.querySelectorAll('#howto-dialog figcaption')].map((c) => c.textContent),
  }));
  assert.equal(shown.title, 'How to play: international draughts (10×10)');
  assert.equal(shown.captions.length, 4);
  assert.match(shown.captions[1], /capture the most pieces/);
  await page.click('#howto-close');

  // The editor on the 10x10 board: a white man on 32 and a black man
  // on 27, White to move, then the capture 32x21.
  await page.click('#edit');
  await page.click('#edit-clear');
  assert.match(await label(), /White: no pieces\. Black: no pieces/);
  await clickNumbers(page, [32]);
  await clickNumbers(page, [27, 27, 27]);
  assert.match(await label(), /White: men on 32\. Black: men on 27\./);
  await page.click('#edit-done');
  assert.equal(await fen(page), 'W:W32:B27');
  await clickNumbers(page, [32, 21]);
  assert.deepEqual(await waitMoves(page, 1), ['1. 32x21']);
  assert.match(await status(page), /^Game over/);

  // The analysis of a 10x10 position, by the 10x10 worker.
  await importText(page, START);
  await page.check('#analyse');
  await page.waitForFunction(() => /Engine's best line: \d+-\d+/.test(document.querySelector('#board').getAttribute('aria-label')), null, { timeout: 30000 });
  assert.ok(await page.locator('#evaluation').isVisible(), 'the score bar is shown');
  await page.uncheck('#analyse');

  // A bad 10x10 FEN is refused and changes nothing.
  await importText(page, 'W:W46,35:B41,32,22,11,5,30');
  const kept = await fen(page);
  await importText(page, 'W:W51:B1');
  assert.notEqual(await notice(page), null, 'a square past 50 is refused with a notice');
  assert.equal(await fen(page), kept);

  await choose(page, 'language', 'pl');
  for (const list of ['variant', 'ng-variant']) {
    assert.equal(
      await page.locator(`#${list} option[value="international"]`).textContent(),
      'Warcaby polskie (10×10)',
    );
  }
  await page.click('#how-to-play');
  assert.equal(await page.locator('#howto-title').textContent(), 'Jak grać: warcaby polskie (międzynarodowe, 10×10)');
  await page.click('#howto-close');
  assert.deepEqual(errors, []);
  await context.close();
});

/** Waits (up to 30 s) until `check()` holds; fails with `what`. */
async function waitFor(check, what) {
  const deadline = Date.now() + 30000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out: ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
