// Trunk's post_build hook (see Trunk.toml): finishes the site in Trunk's
// staging directory before it becomes dist/.
//  1. The inline start script Trunk writes into index.html moves to a file
//     of its own, so the Content-Security-Policy needs no inline script.
//  2. The AI workers' files get content hashes in their names, like the
//     app's; index.html names each worker's loader in a <meta> for the app
//     (warcaby-worker: the 8x8 AI; warcaby-worker10: international
//     draughts', fetched only when a 10x10 game needs it, and so left out
//     of the service worker's list like the networks).
//  3. sw.js, the service worker, gets this build's file list and a cache
//     name of its own, so the game (AI included) works offline after one
//     visit and a new build replaces the old files.
//  4. The networks (the AlphaZero bot's az-english.wazn, the learned
//     evaluation's eval-RULES.bin) get content hashes too and are named in
//     <meta name="warcaby-net-STEM"> tags for the app (STEM: the file name
//     without its extension); they are left out of the service worker's
//     list (the page fetches each only when an engine first needs it, and
//     the service worker caches it then), so a first visit downloads none.
//     The puzzle sets (puzzles-RULES.json) are handled the same way, named
//     in <meta name="warcaby-puzzles-RULES"> tags: fetched when the player
//     first asks for a puzzle of those rules.
import { createHash } from 'node:crypto';
import { readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

const dir = process.env.TRUNK_STAGING_DIR;
if (!dir) throw new Error('TRUNK_STAGING_DIR is not set: run me as a Trunk hook');

const hash = (data) => createHash('sha256').update(data).digest('hex').slice(0, 16);
const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// 2. Each worker's files: WORKER.js, WORKER_bg.wasm and the loader. Each
// file's new name hashes its content after the references in it were
// renamed, so the wasm comes first and the loader last.
const WORKERS = ['warcaby-worker', 'warcaby-worker10'];
const LAZY_WORKERS = new Set(['warcaby-worker10']);
const renames = new Map();
const lazyWorkerFiles = new Set();
const loaders = new Map();
for (const worker of WORKERS) {
  const fileRenames = new Map();
  for (const name of [`${worker}_bg.wasm`, `${worker}.js`, `${worker}_loader.js`]) {
    const path = join(dir, name);
    let data = await readFile(path);
    if (name.endsWith('.js')) {
      let text = data.toString('utf8');
      for (const [from, to] of fileRenames) text = text.replace(new RegExp(escape(from), 'g'), to);
      data = Buffer.from(text);
    }
    const dot = name.lastIndexOf('.');
    const hashed = `${name.slice(0, dot)}-${hash(data)}${name.slice(dot)}`;
    await writeFile(join(dir, hashed), data);
    await rm(path);
    fileRenames.set(name, hashed);
    renames.set(name, hashed);
    if (LAZY_WORKERS.has(worker)) lazyWorkerFiles.add(hashed);
  }
  loaders.set(worker, fileRenames.get(`${worker}_loader.js`));
}

// 4. The networks and the puzzle sets: each file's hashed name, by the
// name of the <meta> that tells the app.
const LAZY = [
  ...['az-english.wazn', 'eval-tournament.bin', 'eval-english.bin', 'eval-russian.bin', 'eval-international.bin']
    .map((name) => [name, `warcaby-net-${name.slice(0, name.lastIndexOf('.'))}`]),
  ...['tournament', 'english', 'russian']
    .map((rules) => [`puzzles-${rules}.json`, `warcaby-puzzles-${rules}`]),
];
const netNames = new Map();
for (const [name, meta] of LAZY) {
  const data = await readFile(join(dir, name));
  const dot = name.lastIndexOf('.');
  const hashed = `${name.slice(0, dot)}-${hash(data)}${name.slice(dot)}`;
  await writeFile(join(dir, hashed), data);
  await rm(join(dir, name));
  netNames.set(meta, hashed);
}

// 1. The start script.
let html = await readFile(join(dir, 'index.html'), 'utf8');
// (Release builds are minified: attribute quotes may be gone.)
const inline = /<script type="?module"?>([\s\S]*?)<\/script>/;
const match = html.match(inline);
if (!match) throw new Error('no inline start script in index.html');
const start = `${match[1].trim()}

// The service worker keeps the game playable offline (www/static/sw.js).
if ('serviceWorker' in navigator) navigator.serviceWorker.register('./sw.js').catch(() => {});
`;
const startName = `start-${hash(start)}.js`;
await writeFile(join(dir, startName), start);
html = html.replace(inline, `<script type="module" src="./${startName}"></script>`);
// A minified page may leave out its optional </head>: then before <body>.
const headEnd = html.includes('</head>') ? '</head>' : '<body';
html = html.replace(headEnd,
  [...loaders].map(([worker, loader]) => `<meta name="${worker}" content="./${loader}">\n`).join('')
  + [...netNames].map(([meta, hashed]) => `<meta name="${meta}" content="./${hashed}">\n`).join('')
  + headEnd);
if (/<script(?![^>]*\bsrc=)[^>]*>/.test(html)) throw new Error('an inline script is left in index.html');
await writeFile(join(dir, 'index.html'), html);

// 3. The service worker, with every file of the build but those fetched on
// first use (the networks, the puzzle sets, the 10x10 worker).
const nets = new Set(netNames.values());
const files = (await readdir(dir))
  .filter((f) => f !== 'sw.js' && !nets.has(f) && !lazyWorkerFiles.has(f)).sort();
const contents = await Promise.all(files.map((f) => readFile(join(dir, f))));
const version = hash(Buffer.concat(contents.map((c) => Buffer.from(hash(c)))));
const sw = (await readFile(join(dir, 'sw.js'), 'utf8'))
  .replace("'__VERSION__'", JSON.stringify(version))
  .replace("['__FILES__']", JSON.stringify(['./', ...files.map((f) => `./${f}`)]));
await writeFile(join(dir, 'sw.js'), sw);
console.log(`postbuild: ${startName}, worker ${[...renames.values()].join(' ')}, nets ${[...nets].join(' ')}, cache ${version}`);
