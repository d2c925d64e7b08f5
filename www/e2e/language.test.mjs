// Polish and English: a browser that asks for Polish gets the Polish page
// on its first visit, the language can be switched and is remembered, and
// no English is left in the Polish page — its fixed texts, attributes,
// lists, status, notices, hints, announcements, the Engine panel, results
// and the engine's errors — across the states a player meets. Move
// notation stays the standard one.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  serve, launch, openGame, choose, clickSquare, clickSquares, waitMoves, importText, status, waitReady, notice,
} from './harness.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

/** Words of the page's English that no Polish sentence has (whole words:
 * letters on neither side, Polish letters included). */
const ENGLISH = /(?<!\p{L})(the|and|or|of|is|are|with|your|you|moves?|games?|board|captures?|pieces?|white|black|level|rules|engine|search|depth|score|nodes|play|undo|redo|load|copy|back|analyse|paste|position|pick|wait|time|new|edit|flip|now|side|none|sounds?|page|light|dark|wood|green|blue|slate|classic|flat|glossy|settings|players|human|columns|rows|draw|wins|loading|type|keyboard|cancel|empty|retry|rematch|evaluation|visits|value|prior|heuristic|algorithm|fixed|use|instead|open|file|download|import|export|checkers|tournament|russian|american|beginner|strength|pause|only|cannot|legal|mandatory|thinking|viewing|after|lab|man|men|king|kings|stone|stones|selected|cursor|plies|agreed|unavailable|network)(?!\p{L})/iu;

/** Every text the page shows or says now: visible text, the live
 * regions, attributes read aloud or shown, and the lists' choices. */
function pageTexts() {
  const texts = [];
  const visible = (el) => el.getClientRects().length > 0;
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (node.textContent.trim() && el && (visible(el) || el.closest('#announce'))) texts.push(node.textContent.trim());
  }
  for (const el of document.querySelectorAll('[aria-label], [title], [placeholder], [aria-roledescription], [aria-valuetext]')) {
    for (const name of ['aria-label', 'title', 'placeholder', 'aria-roledescription', 'aria-valuetext']) {
      if (el.getAttribute(name)) texts.push(el.getAttribute(name));
    }
  }
  for (const option of document.querySelectorAll('select:not(#language) option')) texts.push(option.textContent.trim());
  texts.push(document.title);
  return texts;
}

/** Fails on any English word in what the page shows now (`where`: the state). */
async function assertPolish(page, where) {
  const english = (await page.evaluate(pageTexts)).filter((t) => ENGLISH.test(t));
  assert.deepEqual(english, [], `English left in the Polish page (${where})`);
}

test('a Polish browser gets the page in Polish; the language switches and is remembered', async () => {
  const { page, errors, context } = await openGame(browser, server.url, { locale: 'pl-PL' });
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'pl');
  assert.equal(await page.inputValue('#language'), 'pl');
  assert.equal(await status(page), 'Ruch białych');
  assert.equal(await page.locator('#new-game').textContent(), 'Nowa gra');
  await choose(page, 'language', 'en');
  assert.equal(await status(page), 'White to move');
  assert.equal(await page.locator('#new-game').textContent(), 'New game');
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'en');
  await page.reload();
  await waitReady(page);
  assert.equal(await page.inputValue('#language'), 'en', 'the choice beats the browser');
  assert.equal(await status(page), 'White to move');
  assert.deepEqual(errors, []);
  await context.close();
});

test('an English browser gets English (where the English detector finds plenty)', async () => {
  const { page, errors, context } = await openGame(browser, server.url, { locale: 'en-GB' });
  assert.equal(await page.inputValue('#language'), 'en');
  assert.equal(await status(page), 'White to move');
  const english = (await page.evaluate(pageTexts)).filter((t) => ENGLISH.test(t));
  assert.ok(english.length > 50, `the detector sees the English page: ${english.length} texts`);
  assert.deepEqual(errors, []);
  await context.close();
});

test('no English is left in the Polish page, in every state a player meets', async () => {
  const { page, errors, context } = await openGame(browser, server.url, {
    locale: 'pl-PL', viewport: { width: 1280, height: 900 },
  });
  await page.evaluate(() => { document.querySelector('#lab').open = true; });
  await assertPolish(page, 'start');
  // A piece that cannot move: the refusal.
  await clickSquare(page, 'a1');
  assert.match(await notice(page), /nie ma legalnego ruchu/);
  await assertPolish(page, 'refusal');
  // A move against the AI, its answer, the Engine panel and the announcement.
  await choose(page, 'level', '1');
  await clickSquares(page, ['c3', 'd4']);
  const moves = await waitMoves(page, 2);
  assert.equal(moves[0], '1. 22-18', 'the notation is the standard one');
  await page.waitForFunction(() => document.querySelector('#info-depth').textContent !== '–');
  await assertPolish(page, 'after the AI moved');
  // A bad FEN: the engine's error in Polish.
  await importText(page, 'X:W21:B1');
  assert.match(await notice(page), /^Nie wczytano — strona na ruchu w FEN musi być W albo B/);
  await assertPolish(page, 'import error');
  // A won game: the result under the board.
  await choose(page, 'mode', 'human');
  await importText(page, 'W:W14:B10');
  await clickSquares(page, ['c5', 'e7']);
  await page.waitForSelector('#result:not([hidden])');
  assert.match(await page.locator('#result').textContent(), /Wygrywają białe/);
  await assertPolish(page, 'game over');
  // The editor, then Clobber.
  await page.click('#edit');
  await assertPolish(page, 'editor');
  await page.click('#edit-cancel');
  await choose(page, 'game', 'clobber');
  await assertPolish(page, 'Clobber');
  assert.deepEqual(errors, []);
  await context.close();
});

test('the game flow speaks Polish too: the New game dialog first on a phone, clocks, Resign and draw offers, How to play', async () => {
  const { page, errors, context } = await openGame(browser, server.url, {
    locale: 'pl-PL', viewport: { width: 390, height: 844 }, hasTouch: true, welcome: true,
  });
  // A phone's first visit opens the New game dialog.
  await page.waitForFunction(() => document.querySelector('#new-game-dialog').open);
  await assertPolish(page, 'New game dialog on a phone');
  await choose(page, 'ng-opponent', '1');
  await choose(page, 'ng-colour', 'white');
  await choose(page, 'ng-time', '3+2');
  await page.click('#ng-start');
  await page.waitForSelector('#clocks:not([hidden])');
  await assertPolish(page, 'a timed game with clocks');
  await page.click('#resign');
  await assertPolish(page, 'resign asked');
  await page.click('#confirm-no');
  // A draw offered to the computer: its answer (in the start position, yes).
  await page.click('#offer-draw');
  await page.waitForFunction(() => !document.querySelector('#notice').hidden);
  await assertPolish(page, 'the draw offer answered');
  await page.waitForSelector('#result:not([hidden])');
  await assertPolish(page, 'the game drawn');
  await page.click('#how-to-play');
  await page.waitForFunction(() => document.querySelector('#howto-dialog').open);
  await assertPolish(page, 'How to play');
  await page.click('#howto-close');
  assert.deepEqual(errors, []);
  await context.close();
});
