// Serves the built site (dist/) as a static host would: the files as they
// are, gzip-compressed when the browser accepts it (express and its
// compression middleware), nothing else. `bash www/serve.sh` runs it after
// `trunk build --release`; the end-to-end tests serve the site through the
// same function (under a sub-path, to prove the relative URLs).
//
//   node www/site-server.mjs [--port 8080] [--address 127.0.0.1] [--dist dist]
import express from 'express';
import compression from 'compression';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { resolve } from 'node:path';

export const DEFAULT_DIST = fileURLToPath(new URL('../dist/', import.meta.url));

/**
 * The site's request handler: `dist` served under `prefix` (ending in "/"),
 * everything else 404. `blocked()` returns a RegExp (or null) of paths to
 * answer 404 as if they were gone; `onServed({ path, bytes })` hears of each
 * file sent (`bytes`: its size on disk, before compression).
 */
export function siteHandler({ dist = DEFAULT_DIST, prefix = '/', blocked = () => null, onServed } = {}) {
  const app = express();
  app.disable('x-powered-by');
  app.use((req, res, next) => (blocked()?.test(req.path) ? res.sendStatus(404) : next()));
  app.use(compression());
  app.use(prefix, express.static(dist, {
    // Like a static host: no directory listings, no dotfiles (dist/.stage).
    dotfiles: 'deny',
    setHeaders: (res, path, stat) => {
      res.on('finish', () => onServed?.({ path: path.slice(resolve(dist).length + 1), bytes: stat.size }));
    },
  }));
  app.use((req, res) => res.sendStatus(404));
  return app;
}

/** Starts serving; resolves with the listening http.Server, rejects if it cannot listen. */
export function listen(handler, port, address) {
  return new Promise((done, fail) => {
    const server = createServer(handler);
    server.once('error', fail);
    server.listen(port, address, () => done(server));
  });
}

async function main() {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '8080' },
      address: { type: 'string', default: '127.0.0.1' },
      dist: { type: 'string', default: DEFAULT_DIST },
    },
  });
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`error: --port must be a port number (0-65535), not "${values.port}"`);
    process.exit(2);
  }
  try {
    const server = await listen(siteHandler({ dist: values.dist }), port, values.address);
    const { port: actual } = server.address();
    console.log(`Warcaby is served on http://${values.address}:${actual}/ (Ctrl-C stops it)`);
    const stop = () => { server.closeAllConnections(); server.close(() => process.exit(0)); };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  } catch (err) {
    const hint = err.code === 'EADDRINUSE' ? ': another program uses it; choose another with PORT=8081 bash www/serve.sh' : '';
    console.error(`error: cannot serve on ${values.address}:${port} (${err.code ?? err.message})${hint}`);
    process.exit(1);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
