// Benchmark (not a test, never in CI): how long the built page takes, on
// localhost, from navigation to the first drawing of the board (the
// app's `warcaby:board-drawn` performance mark), over fresh browser
// contexts (cold HTTP cache, no service worker). Prints every run, the
// median and the spread; the budget is 300 ms (issue 33).
//
//   (build first: bash www/serve.sh or trunk build --release)
//   node www/e2e/first_paint.mjs [--runs 21]
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { serve, launch } from './harness.mjs';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '21' } } });
const runs = Number(values.runs);
// The release page (dist/), as a visitor gets it, not the tests' build.
const dist = process.env.WARCABY_DIST ?? fileURLToPath(new URL('../../dist/', import.meta.url));
const server = await serve('/warcaby/', { dist });
const browser = await launch();
const times = [];
try {
  for (let i = 0; i < runs; i++) {
    const context = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 1280, height: 720 } });
    const page = await context.newPage();
    await page.goto(server.url);
    const mark = await page.waitForFunction(() => performance.getEntriesByName('warcaby:board-drawn')[0]?.startTime,
      null, { timeout: 30000 });
    times.push(await mark.jsonValue());
    await context.close();
  }
} finally {
  await browser.close();
  await server.close();
}
const sorted = [...times].sort((a, b) => a - b);
const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
console.log(`runs (ms): ${times.map((t) => t.toFixed(0)).join(' ')}`);
console.log(`first board paint: median ${at(0.5).toFixed(0)} ms, min ${sorted[0].toFixed(0)}, max ${sorted.at(-1).toFixed(0)} (${runs} runs)`);
