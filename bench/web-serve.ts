import { existsSync, readFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** What the twin itself answers: everything else is the SPA's files. */
const SERVER_PATHS = /^\/(api|_local)(\/|$)|^\/config\.json$/;

const TYPES: Record<string, string> = {
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.html': 'text/html',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
};
const COMPRESSED = new Set(['.js', '.css', '.html', '.json', '.svg']);

/**
 * A web/dist served as CloudFront serves it (gzip, level 6), the API and /config.json passed through to
 * the twin: the slow-link figures must move the bytes a phone would receive, which the twin's own static
 * server (uncompressed) does not.
 */
export async function serveLikeCloudFront(dist: string, twinUrl: string): Promise<{ url: string; close: () => Promise<void> }> {
  const gzipped = new Map<string, Buffer>();
  const twin = new URL(twinUrl);
  const server: Server = createServer((req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    if (SERVER_PATHS.test(pathname)) {
      const upstream = request(
        { host: twin.hostname, port: twin.port, path: req.url, method: req.method, headers: { ...req.headers, host: twin.host } },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      upstream.on('error', () => res.writeHead(502).end());
      req.pipe(upstream);
      return;
    }
    const wanted = path.join(dist, pathname);
    const file = wanted.startsWith(dist) && path.extname(wanted) && existsSync(wanted) ? wanted : path.join(dist, 'index.html');
    const ext = path.extname(file);
    const headers: Record<string, string> = { 'content-type': TYPES[ext] ?? 'application/octet-stream', 'cache-control': 'no-store' };
    if (!COMPRESSED.has(ext)) return void res.writeHead(200, headers).end(readFileSync(file));
    let body = gzipped.get(file);
    if (!body) gzipped.set(file, (body = gzipSync(readFileSync(file), { level: 6 })));
    res.writeHead(200, { ...headers, 'content-encoding': 'gzip', 'content-length': String(body.length) }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
