// Brazilian draughts (the international rules on 8x8) on the page, at a
// laptop's and a phone's size: a maximum capture entered on the board (a
// shorter capture refused with the reason), a man that passes the last row
// in a capture stays a man, "How to play" draws the rules, no puzzles are
// offered (there is no set), and a strong level plays with the Russian
// network, fetched once; the Polish names of the rules, and every rule
// set's name whole in the Rules list beside the board, inside its panel, on
// a phone and a laptop.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  serve, launch, openGame, configure, importText, clickSquare, clickSquares, moveTexts, waitMoves,
  fen, status, notice, choose, evalNetsServed, PHONE, LAPTOP,
} from './harness.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });


/** The pieces of a FEN's side `letter` (W or B), as written. */
function pieces(text, letter) {
  const field = text.split(':').slice(1).find((f) => f.startsWith(letter));
  return field.slice(1).split(',').filter(Boolean).sort();
}

for (const [size, device] of [['a laptop', LAPTOP], ['a phone', PHONE]]) {
  test(`on ${size}: Brazilian rules take the most pieces, and a man passing the last row stays a man`, async () => {
    const { page, errors, context } = await openGame(browser, server.url, device);
    await configure(page, { variant: 'brazilian', mode: 'human' });
    assert.ok(await page.locator('#puzzle-open').isHidden(), 'no puzzles of these rules');

    // h2 could take g3 (one piece), c3 takes d4 and f6: only c3 may capture.
    await importText(page, 'W:Wc3,h2:Bd4,f6,g3');
    assert.match(await status(page), /White to move — a capture is mandatory/);
    await clickSquare(page, 'h2');
    assert.match(
      await notice(page) ?? '(no notice)',
      /capture that takes the most pieces is mandatory \(2\): move a marked piece \(c3\); the piece on h2 cannot take as many/,
    );
    assert.deepEqual(await moveTexts(page), []);
    await clickSquares(page, ['c3', 'g7']);
    assert.deepEqual(await waitMoves(page, 1), ['1. c3:g7']);
    const after = await fen(page);
    assert.deepEqual([pieces(after, 'W'), pieces(after, 'B')], [['g7', 'h2'], ['g3']]);

    // b6 takes c7 landing on d8, then e7 backwards: it ends on f6 a man.
    await importText(page, 'W:Wb6:Bc7,e7,a7');
    await clickSquares(page, ['b6', 'd8']);
    assert.deepEqual(await waitMoves(page, 1), ['1. b6:f6']);
    const passed = await fen(page);
    assert.deepEqual(pieces(passed, 'W'), ['f6'], `not crowned: ${passed}`);
    assert.match(await status(page), /^Black to move/);

    await page.click('#how-to-play');
    const shown = await page.evaluate(() => {
      const dialog = document.querySelector('#howto-dialog');
      return {
        title: dialog.querySelector('#howto-title').textContent,
        captions: [...dialog.querySelectorAll('figcaption')].map((c) => c.textContent),
        width: dialog.getBoundingClientRect().width,
      };
    });
    assert.equal(shown.title, 'How to play: Brazilian draughts (international rules on 8×8)');
    assert.equal(shown.captions.length, 4);
    assert.match(shown.captions[1], /capture the most pieces/);
    assert.ok(shown.width <= device.viewport.width, `the dialog fits: ${shown.width}`);
    await page.click('#howto-close');
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test('a strong level plays Brazilian with the Russian network, fetched once; the rules in Polish', async () => {
  const own = await serve();
  const { page, errors, context } = await openGame(browser, own.url, LAPTOP);
  const evalNets = () => evalNetsServed(own.served);
  await choose(page, 'mode', 'human');
  await configure(page, { variant: 'brazilian', level: 8, time: 250, aiDelay: 0, animate: false, mode: 'black' });
  const moves = await waitMoves(page, 1, 30000);
  assert.match(moves[0], /^1\. [a-h][1-8]-[a-h][1-8]$/, 'White (the AI) opens');
  assert.deepEqual(evalNets(), ['eval-russian.bin'], 'the Russian network serves Brazilian');
  assert.equal(await notice(page), null);

  await choose(page, 'language', 'pl');
  const option = await page.locator('#variant option[value="brazilian"]').textContent();
  assert.equal(option, 'Brazylijskie (8×8)');
  await page.click('#how-to-play');
  assert.equal(
    await page.locator('#howto-title').textContent(),
    'Jak grać: warcaby brazylijskie (zasady międzynarodowe na planszy 8×8)',
  );
  await page.click('#howto-close');
  assert.deepEqual(errors, []);
  await context.close();
  await own.close();
});

test('the Rules list beside the board shows every rule set\'s name whole and stays in its panel, in English and Polish, on a phone and a laptop', async () => {
  for (const device of [PHONE, LAPTOP]) {
    for (const lang of ['en', 'pl']) {
      const { page, errors, context } = await openGame(browser, server.url, device);
      await choose(page, 'language', lang);
      await choose(page, 'variant', 'brazilian');
      // The list's own width (its widest name) against the width the page
      // gives it (less would cut the name shown), and where it ends against
      // its panel and the window.
      const { given, natural, widest, right, panel, pageWidth } = await page.evaluate(() => {
        const list = document.querySelector('#variant');
        const { width: given, right } = list.getBoundingClientRect();
        const panel = list.closest('section').getBoundingClientRect().right;
        const pageWidth = document.documentElement.scrollWidth;
        Object.assign(list.style, { position: 'absolute', maxWidth: 'none', minWidth: '0', width: 'auto' });
        const natural = list.getBoundingClientRect().width;
        list.style.cssText = '';
        const widest = [...list.options].map((o) => o.textContent).sort((a, b) => b.length - a.length)[0];
        return { given, natural, widest, right, panel, pageWidth };
      });
      const where = `${lang}, ${device.viewport.width} px`;
      assert.ok(given >= natural - 0.5, `${where}: the Rules list is ${given} px wide, "${widest}" needs ${natural} px`);
      assert.ok(right <= panel + 0.5, `${where}: the Rules list ends at ${right} px, its panel at ${panel} px`);
      assert.ok(pageWidth <= device.viewport.width, `${where}: the page is ${pageWidth} px wide`);
      assert.deepEqual(errors, []);
      await context.close();
    }
  }
});
