// A tiny static server for the live page: serves web/ on 127.0.0.1 (port from argv[2] or PORT,
// default 8642; 0 picks a free one) and prints the address. Imported by the browser test.
// Two more folders are mounted for the page's links: /api/ is the API reference that `make docs`
// writes (build/docs/html, or C2D_DOCS_HTML), with a list of the headers in its place while it is
// not built; /include/ is the installed headers (include/, as plain text).
import http from 'node:http';
import { readFile, readdir } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const repo = fileURLToPath(new URL('../..', import.meta.url));
export const docsDir = process.env.C2D_DOCS_HTML || join(repo, 'build', 'docs', 'html');
const mounts = [['/api/', docsDir], ['/include/', join(repo, 'include')], ['/', root]];
const types = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8', '.wasm': 'application/wasm', '.json': 'application/json', '.ts': 'text/plain; charset=utf-8',
  '.h': 'text/plain; charset=utf-8', '.png': 'image/png', '.svg': 'image/svg+xml' };

// The stand-in for /api/ before `make docs` has run: the headers, whose comments are the reference.
async function headerList() {
  const names = (await readdir(join(repo, 'include', 'collide2d'))).filter((f) => f.endsWith('.h')).sort();
  const items = ['collide2d.h', ...names.map((f) => `collide2d/${f}`)].map((f) => `<li><a href="/include/${f}">include/${f}</a></li>`).join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>collide2d API reference (headers)</title></head><body>
<h1>collide2d API reference</h1><p>The generated reference is not built: run <code>make docs</code> (doxygen), then reload.
Every public function has its contract in a comment above it in the headers:</p><ul>
${items}
</ul><p><a href="/page/">back to the live page</a></p></body></html>`;
}

export function serve(port = 8642) {
  const server = http.createServer(async (req, res) => {
    const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    if (path === '/') { res.writeHead(302, { location: '/page/' }); res.end(); return; }
    if (path === '/api') { res.writeHead(302, { location: '/api/' }); res.end(); return; }
    const [prefix, dir] = mounts.find(([p]) => path.startsWith(p));
    const rel = path.slice(prefix.length);
    const base = normalize(dir + sep);
    const file = normalize(join(base, rel.endsWith('/') || rel === '' ? rel + 'index.html' : rel));
    if (!file.startsWith(base) || file.includes(`${sep}node_modules${sep}`)) { res.writeHead(403); res.end(); return; }
    if (prefix === '/api/' && (rel === '' || rel === 'index.html') && !existsSync(file)) {
      res.writeHead(200, { 'content-type': types['.html'], 'cache-control': 'no-store' });
      res.end(await headerList());
      return;
    }
    try {
      const body = await readFile(file);
      res.writeHead(200, { 'content-type': types[extname(file)] || 'application/octet-stream', 'cache-control': 'no-store' });
      res.end(body);
    } catch { res.writeHead(404); res.end('not found'); }
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const server = await serve(Number(process.argv[2] ?? process.env.PORT ?? 8642));
  const where = `http://127.0.0.1:${server.address().port}`;
  console.log(`collide2d live page: ${where}/page/  API reference: ${where}/api/${existsSync(join(docsDir, 'index.html')) ? '' : ' (headers only: run make docs)'}  (Ctrl-C to stop)`);
}
