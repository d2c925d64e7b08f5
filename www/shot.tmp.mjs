import { serve, launch, openGame } from './e2e/harness.mjs';
const [tag] = process.argv.slice(2);
const server = await serve(); const browser = await launch();
for (const [name, opts] of [
  ['desktop', { viewport: { width: 1280, height: 720 } }],
  ['phone', { viewport: { width: 390, height: 844 }, hasTouch: true, locale: 'pl-PL' }],
]) {
  const { page, context } = await openGame(browser, server.url, opts);
  await page.waitForTimeout(300);
  await page.screenshot({ path: `/tmp/${tag}-${name}.png` });
  await page.screenshot({ path: `/tmp/${tag}-${name}-full.png`, fullPage: true });
  await context.close();
}
await browser.close(); await server.close();
