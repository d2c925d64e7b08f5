// The game's flow, at a laptop's and a phone's size: the New game dialog
// (the first thing on a phone), the first game's hint, clocks (the AI by
// its clock, a flag that falls, a reload), Resign and Offer a draw with
// their confirm step, and the result in the PDN.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  serve, launch, openGame, waitReady, clickSquares, waitMoves, status, notice, waitNotice, configure,
  choose, importText, newGame, PHONE, LAPTOP,
} from './harness.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });


/** The clock texts shown, White's and Black's, and which run or are low. */
async function clocks(page) {
  return page.evaluate(() => Object.fromEntries(['white', 'black'].map((side) => {
    const el = document.querySelector(`#clock-${side}`);
    return [side, { time: el.querySelector('.time').textContent, running: el.classList.contains('running'),
      low: el.classList.contains('low') }];
  })));
}

/** Seconds a clock text ("4:05", "0:07.3") stands for. */
function seconds(text) {
  const [m, s] = text.split(':');
  return Number(m) * 60 + Number(s);
}

/** Chooses in the open New game dialog and presses Play. */
async function startFromDialog(page, { game, variant, opponent, colour, time } = {}) {
  if (game) await choose(page, 'ng-game', game);
  if (variant) await choose(page, 'ng-variant', variant);
  if (opponent) await choose(page, 'ng-opponent', String(opponent));
  if (colour) await choose(page, 'ng-colour', colour);
  if (time) await choose(page, 'ng-time', time);
  await page.click('#ng-start');
}

for (const [size, device] of [['a laptop', LAPTOP], ['a phone', PHONE]]) {
  test(`on ${size}: the New game dialog sets the page's lists, and a clock runs by the board`, async () => {
    const { page, errors, context } = await openGame(browser, server.url, { ...device, welcome: true });
    const dialog = page.locator('#new-game-dialog');
    const phone = device === PHONE;
    assert.equal(await dialog.isVisible(), phone, 'a first visit on a phone opens with the dialog');
    if (!phone) {
      assert.match(await page.locator('#first-hint').textContent(), /^You are White: pick a piece to move/);
      await page.click('#new-game');
    }
    assert.ok(await dialog.isVisible());
    // The rules apply to checkers only, the colour to a game against the computer.
    await choose(page, 'ng-game', 'clobber');
    assert.ok(await page.locator('#ng-rules-row').isHidden());
    await choose(page, 'ng-opponent', 'human');
    assert.ok(await page.locator('#ng-colour-row').isHidden());
    await choose(page, 'ng-game', 'checkers');
    await startFromDialog(page, { variant: 'russian', opponent: 1, colour: 'black', time: '3+2' });
    assert.ok(await dialog.isHidden());
    assert.equal(await page.inputValue('#variant'), 'russian');
    assert.equal(await page.inputValue('#mode'), 'black');
    assert.equal(await page.inputValue('#level'), '1');
    // The computer (White) opens; then Black's clock runs, and White got its increment.
    assert.ok(await page.locator('#clocks').isVisible());
    await waitMoves(page, 1);
    await page.waitForFunction(() => document.querySelector('#clock-black').classList.contains('running'));
    const shown = await clocks(page);
    assert.equal(shown.white.running, false);
    assert.ok(seconds(shown.white.time) > 178 && seconds(shown.white.time) <= 182, JSON.stringify(shown));
    assert.ok(seconds(shown.black.time) <= 180, JSON.stringify(shown));
    assert.match(await page.locator('#first-hint').textContent(), /^You are Black: pick a piece to move/);
    // No taking back moves in a timed game against the computer.
    assert.ok(await page.locator('#undo').isDisabled());
    // The clocks and the board fit the first screen.
    const board = await page.locator('#board').boundingBox();
    const clocksBox = await page.locator('#clocks').boundingBox();
    assert.ok(clocksBox.y >= 0 && clocksBox.y + clocksBox.height <= board.y, 'the clocks sit above the board');
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test('a running clock survives a reload, and a fallen flag loses the game', async () => {
  const { page, errors, context } = await openGame(browser, server.url, LAPTOP);
  await configure(page, { mode: 'human' });
  await page.click('#new-game');
  await startFromDialog(page, { opponent: 'human', time: '3+2' });
  await clickSquares(page, ['c3', 'd4']);
  await waitMoves(page, 1);
  assert.equal(await page.locator('#first-hint').isHidden(), true, 'the first move ends the hint');
  const saved = JSON.parse(await page.evaluate(() => localStorage.getItem('warcaby.flow.v1')));
  assert.equal(saved.ply, 1);
  assert.equal(saved.clock.running.white, false, "Black's clock runs");
  // Black has 3 s left, saved 1 s ago: after the reload it has 2 and is low.
  saved.clock.black_ms = 3000;
  saved.clock.running.since = Date.now() - 1000;
  await page.evaluate((v) => localStorage.setItem('warcaby.flow.v1', v), JSON.stringify(saved));
  await page.reload();
  await waitReady(page);
  const shown = await clocks(page);
  assert.ok(shown.black.running && shown.black.low, JSON.stringify(shown));
  assert.ok(seconds(shown.black.time) <= 2.1, JSON.stringify(shown));
  await page.waitForFunction(() => /^Game over/.test(document.querySelector('#status').textContent), null, { timeout: 5000 });
  assert.equal(await status(page), 'Game over — White wins: Black lost on time (1-0)');
  assert.match(await page.locator('#result').textContent(), /Black lost on time/);
  assert.equal((await clocks(page)).black.time, '0:00.0');
  assert.ok(await page.locator('#resign').isHidden(), 'nothing to resign in a finished game');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a damaged saved clock is dropped with a notice, and the game is kept', async () => {
  const { page, errors, context } = await openGame(browser, server.url, LAPTOP);
  await configure(page, { mode: 'human' });
  await clickSquares(page, ['c3', 'd4']);
  await waitMoves(page, 1);
  await page.evaluate(() => localStorage.setItem('warcaby.flow.v1', '{"ply":1,"clock":{"white_ms":"soon"}}'));
  await page.reload();
  await waitReady(page);
  assert.match(await notice(page) ?? '(no notice)', /clock could not be restored/);
  assert.equal((await waitMoves(page, 1)).length, 1, 'the game is kept');
  assert.ok(await page.locator('#clocks').isHidden());
  assert.deepEqual(errors, []);
  await context.close();
});

test('Resign asks first; the result is in the PDN', async () => {
  const { page, errors, context } = await openGame(browser, server.url, LAPTOP);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await configure(page, { level: 1 });
  await page.click('#resign');
  assert.match(await page.locator('#confirm').textContent(), /Resign this game\?/);
  await page.click('#confirm-no');
  assert.ok(await page.locator('#confirm').isHidden());
  assert.match(await status(page), /^White to move/);
  await page.click('#resign');
  await page.click('#confirm-yes');
  assert.equal(await status(page), 'Game over — Black wins: White resigned (0-1)');
  assert.ok(await page.locator('#undo').isDisabled(), 'a resignation is not taken back');
  await page.click('#copy-pdn');
  const pdn = await page.inputValue('#import-text');
  assert.match(pdn, /\[Result "0-1"\]/);
  assert.match(pdn, /\[Termination "White resigned"\]/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('on a phone: between two humans a draw is agreed, and Polish speaks for it', async () => {
  const { page, errors, context } = await openGame(browser, server.url, PHONE);
  await choose(page, 'language', 'pl');
  await configure(page, { mode: 'human' });
  await page.click('#offer-draw');
  assert.equal(await page.locator('#confirm-text').textContent(), 'Zgadzacie się na remis?');
  await page.click('#confirm-yes');
  assert.match(await page.locator('#result').textContent(), /Remis za zgodą\s*\(1\/2-1\/2\)/);
  await page.click('#result-new');
  await page.click('#resign');
  assert.equal(await page.locator('#confirm-text').textContent(), 'Poddać partię za białe (teraz ich ruch)?');
  await page.click('#confirm-yes');
  assert.match(await page.locator('#result').textContent(), /Wygrywają czarne: białe się poddały/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the computer accepts a draw in an equal position and declines when it stands better', async () => {
  const { page, errors, context } = await openGame(browser, server.url, LAPTOP);
  await configure(page, { variant: 'english', level: 1, mode: 'black' });
  // Black (you) to move, White (the computer) a king up: declined.
  await importText(page, 'B:WK10,K20,30:B1,3');
  await page.click('#offer-draw');
  const declined = await waitNotice(page, /declines the draw/, 10000);
  assert.match(declined, /stands better \((\+\d|a forced win)/);
  assert.match(await status(page), /^Black to move/, 'the game goes on');
  // The start position (Black to move): equal, accepted.
  await newGame(page);
  await page.click('#offer-draw');
  await waitNotice(page, /accepts the draw/, 10000);
  assert.equal(await status(page), 'Game over — Draw agreed (1/2-1/2)');
  assert.deepEqual(errors, []);
  await context.close();
});

test('the computer plays by its clock: with 2.5 s left it moves in time, though its level takes 10 s', async () => {
  const { page, errors, context } = await openGame(browser, server.url, LAPTOP);
  await configure(page, { level: 8, time: 10000, mode: 'human' });
  await page.click('#new-game');
  await startFromDialog(page, { opponent: 'human', time: '3+2' });
  await clickSquares(page, ['c3', 'd4']);
  await waitMoves(page, 1);
  // Black becomes the computer with 2.5 s on its clock, then the page reloads.
  await page.evaluate(() => {
    const saved = JSON.parse(localStorage.getItem('warcaby.v1'));
    saved.settings.mode = { HumanVsAi: { human_white: true } };
    localStorage.setItem('warcaby.v1', JSON.stringify(saved));
    const flow = JSON.parse(localStorage.getItem('warcaby.flow.v1'));
    flow.clock.black_ms = 2500;
    flow.clock.running.since = Date.now();
    localStorage.setItem('warcaby.flow.v1', JSON.stringify(flow));
  });
  await page.reload();
  await waitReady(page);
  const started = Date.now();
  await waitMoves(page, 2, 4000);
  assert.ok(Date.now() - started < 3000, 'it answered before its flag fell');
  assert.match(await status(page), /^White to move/);
  const shown = await clocks(page);
  assert.ok(seconds(shown.black.time) > 2 && seconds(shown.black.time) < 4.5, `the increment came: ${JSON.stringify(shown)}`);
  assert.deepEqual(errors, []);
  await context.close();
});

/** The How to play dialog: its title, captions, and whether each diagram was drawn (not one colour). */
async function howTo(page) {
  return page.evaluate(() => {
    const dialog = document.querySelector('#howto-dialog');
    const drawn = [...dialog.querySelectorAll('canvas')].map((canvas) => {
      const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
      const seen = new Set();
      for (let i = 0; i < data.length; i += 4 * 97) seen.add(data[i] >> 4);
      return seen.size > 2;
    });
    return {
      open: dialog.open, title: dialog.querySelector('#howto-title').textContent, drawn,
      captions: [...dialog.querySelectorAll('figcaption')].map((c) => c.textContent),
      width: dialog.getBoundingClientRect().width,
    };
  });
}

for (const [size, device] of [['a laptop', LAPTOP], ['a phone', PHONE]]) {
  test(`on ${size}: "How to play" shows the rules on the board with drawn diagrams, in either language`, async () => {
    const { page, errors, context } = await openGame(browser, server.url, device);
    await page.click('#how-to-play');
    let shown = await howTo(page);
    assert.ok(shown.open);
    assert.equal(shown.title, 'How to play: checkers, tournament rules');
    assert.deepEqual(shown.drawn, [true, true, true]);
    assert.match(shown.captions[1], /captures forward and backward/);
    assert.ok(shown.width <= device.viewport.width, `the dialog fits the screen: ${shown.width}`);
    await page.click('#howto-close');
    assert.equal((await howTo(page)).open, false);
    await choose(page, 'language', 'pl');
    await choose(page, 'variant', 'russian');
    await page.click('#how-to-play');
    shown = await howTo(page);
    assert.equal(shown.title, 'Jak grać: warcaby rosyjskie');
    assert.match(shown.captions[1], /bije z daleka/);
    assert.deepEqual(shown.drawn, [true, true]);
    await page.click('#howto-close');
    await choose(page, 'game', 'clobber');
    await page.click('#how-to-play');
    shown = await howTo(page);
    assert.equal(shown.title, 'Jak grać: Clobber');
    assert.deepEqual(shown.drawn, [true, true]);
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test('a player\'s clock going under ten seconds beeps once (with sounds on)', async () => {
  const { page, errors, context } = await openGame(browser, server.url, {
    ...LAPTOP, reducedMotion: 'no-preference',
    initScripts: [() => {
      window.tones = 0;
      const start = OscillatorNode.prototype.start;
      OscillatorNode.prototype.start = function (...args) { window.tones += 1; return start.apply(this, args); };
    }],
  });
  await configure(page, { mode: 'human' });
  assert.ok(await page.isChecked('#sound'));
  await page.click('#new-game');
  await startFromDialog(page, { opponent: 'human', time: '3+2' });
  await clickSquares(page, ['c3', 'd4']);
  await waitMoves(page, 1);
  // Black has 11.5 s left: the crossing comes within two seconds.
  const saved = JSON.parse(await page.evaluate(() => localStorage.getItem('warcaby.flow.v1')));
  saved.clock.black_ms = 11500;
  saved.clock.running.since = Date.now();
  await page.evaluate((v) => localStorage.setItem('warcaby.flow.v1', v), JSON.stringify(saved));
  await page.reload();
  await waitReady(page);
  await page.evaluate(() => { window.tones = 0; });
  await page.waitForFunction(() => document.querySelector('#board').dataset.sound === 'low-time', null, { timeout: 5000 });
  const tones = await page.evaluate(() => window.tones);
  assert.ok(tones >= 1, 'the beep was played');
  // Once: a second later no more tones.
  await page.waitForTimeout(1200);
  assert.equal(await page.evaluate(() => window.tones), tones, 'it beeps once, not on every tick');
  assert.deepEqual(errors, []);
  await context.close();
});
