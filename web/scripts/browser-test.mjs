// Browser test of the live page: headless Debian Chromium driven by playwright-core.
//   node scripts/browser-test.mjs <path to c2d_ref> [chromium path]
// It loads the page, drags shapes, moves the MDN entity with the arrow keys, replays every query
// the page reports through the native reference build and compares the results, checks
// screenshot pixels for the collision colours, and fails on any console error or failed request.
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { serve } from './serve.mjs';
import { compareCases } from './ref-compare.mjs';
import { decodePng, countColour } from './png.mjs';

const refPath = process.argv[2];
const chromePath = process.argv[3] || process.env.CHROMIUM || '/usr/bin/chromium';
if (!refPath) { console.error('usage: browser-test.mjs <c2d_ref> [chromium]'); process.exit(2); }

const failures = [];
const fail = (msg) => { failures.push(msg); console.log(`FAIL ${msg}`); };
const ok = (msg) => console.log(`ok   ${msg}`);
const check = (cond, msg) => (cond ? ok(msg) : fail(msg));

const server = await serve(0);
const base = `http://127.0.0.1:${server.address().port}`;
const profile = mkdtempSync(join(tmpdir(), 'c2d-chromium-'));
const ctx = await chromium.launchPersistentContext(profile, {
  executablePath: chromePath,
  headless: true,
  viewport: { width: 1200, height: 900 },
  deviceScaleFactor: 1,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});

const consoleErrors = [];
try {
  const page = await ctx.newPage();
  page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') consoleErrors.push(`console.${m.type()}: ${m.text()}`); });
  page.on('pageerror', (e) => consoleErrors.push(`page error: ${e.message}`));
  page.on('requestfailed', (r) => consoleErrors.push(`request failed: ${r.url()}`));
  page.on('response', (r) => { if (r.status() >= 400) consoleErrors.push(`HTTP ${r.status()}: ${r.url()}`); });

  await page.goto(`${base}/`);
  await page.waitForFunction(() => window.c2dPage && window.c2dPage.ready, null, { timeout: 15000 });
  ok('page loaded, wasm module ready');

  const state = (id) => page.evaluate((i) => window.c2dPage.figures[i].state, id);
  // Drags a figure's handle to canvas point (x, y) with real mouse events.
  const drag = async (id, handle, x, y) => {
    await page.evaluate((i) => window.c2dPage.figures[i].canvas.scrollIntoView({ block: 'center' }), id);
    const from = await page.evaluate(([i, h]) => window.c2dPage.handleAt(i, h), [id, handle]);
    const rect = await page.evaluate((i) => { const c = window.c2dPage.figures[i].canvas, r = c.getBoundingClientRect(); return { left: r.left + c.clientLeft, top: r.top + c.clientTop }; }, id);
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(rect.left + x, rect.top + y, { steps: 8 });
    await page.mouse.up();
    return page.evaluate(([i, h]) => ({ ...window.c2dPage.figures[i].handles[h] }), [id, handle]);
  };
  // Screenshot of a figure's canvas bitmap (1 CSS px = 1 canvas px), decoded.
  const shot = async (id) => {
    const r = await page.evaluate((i) => {
      const c = window.c2dPage.figures[i].canvas;
      const b = c.getBoundingClientRect();
      return { x: b.left + c.clientLeft + window.scrollX, y: b.top + c.clientTop + window.scrollY, width: c.width, height: c.height };
    }, id);
    return decodePng(await page.screenshot({ fullPage: true, clip: r }));
  };
  const RED_HIT = [214, 39, 40];

  // 1. Drag box A of the article's AABB figure onto B: hit, A drawn in the contact colour.
  let before = await state('article-aabb');
  check(before.hit === false, 'article-aabb: no hit at the start');
  const a = await drag('article-aabb', 'a', 150, 110);
  check(a.x === 150 && a.y === 110, `article-aabb: handle dragged to (${a.x}, ${a.y})`);
  check((await state('article-aabb')).hit === true, 'article-aabb: hit after the drag');
  let img = await shot('article-aabb');
  const aPixels = countColour(img, a.x - 35, a.y - 25, a.x + 35, a.y + 25, RED_HIT);
  check(aPixels > 0.6 * 70 * 50, `article-aabb: box A drawn in the contact colour (${aPixels} of 3500 px)`);

  // 2. Drag the point of the article's point figure out of the box: no hit, no contact colour.
  await drag('article-point', 'p', 40, 40);
  check((await state('article-point')).hit === false, 'article-point: point dragged outside: no hit');

  // 3. Sweep figure: move the destination onto the far side of B: a hit with a time in (0, 1).
  await drag('article-sweep', 'd', 280, 130);
  check((await state('article-sweep')).hit === true, 'article-sweep: the sweep hits B');

  // 4. Pair explorer: circle A dragged onto the polygon B.
  before = await state('pairs');
  check(before.overlap === false, 'pairs: circle and polygon apart at the start');
  await drag('pairs', 'a', 200, 140);
  check((await state('pairs')).overlap === true, 'pairs: circle dragged onto the polygon overlaps');
  img = await shot('pairs');
  check(countColour(img, 200 - 20, 140 - 20, 200 + 20, 140 + 20, RED_HIT) > 200, 'pairs: overlapping A drawn in the contact colour');

  // 5. MDN demo: move the entity with the arrow keys, to a static (green) and to free space (red).
  const mdn = await page.evaluate(() => ({ statics: window.c2dPage.figures.mdn.statics, entity: { ...window.c2dPage.figures.mdn.entity } }));
  const overlapsAt = (x, y) => mdn.statics.filter((s) => Math.abs(s.x - x) < 20 && Math.abs(s.y - y) < 20).length;
  const press = async (key, times) => { for (let i = 0; i < times; i++) await page.keyboard.press(key); };
  const moveEntityTo = async (x, y) => {
    const cur = await page.evaluate(() => ({ ...window.c2dPage.figures.mdn.entity }));
    const dx = (x - cur.x) / 5, dy = (y - cur.y) / 5;
    await press(dx < 0 ? 'ArrowLeft' : 'ArrowRight', Math.abs(dx));
    await press(dy < 0 ? 'ArrowUp' : 'ArrowDown', Math.abs(dy));
    return page.evaluate(() => ({ ...window.c2dPage.figures.mdn.entity }));
  };
  // Nearest grid positions (500 - 5i, 500 - 5j) that collide / are free.
  let hitPos = null, freePos = null, touchPos = null;
  for (let r = 0; r <= 100 && (!hitPos || !freePos); r++) {
    for (let i = 0; i <= r; i++) {
      const x = 500 - 5 * i, y = 500 - 5 * (r - i);
      const k = overlapsAt(x, y);
      if (k > 0 && !hitPos && r > 4) hitPos = { x, y };
      if (k === 0 && !freePos && r > 4) freePos = { x, y };
    }
  }
  for (const s of mdn.statics) {
    // Touching a static's right side exactly, reachable on the 5 px grid, overlapping nothing.
    const x = s.x + 20, y = s.y;
    if ((500 - x) % 5 === 0 && (500 - y) % 5 === 0 && x <= 500 && y <= 500 && overlapsAt(x, y) === 0) { touchPos = { x, y }; break; }
  }
  await page.evaluate(() => window.c2dPage.figures.mdn.canvas.scrollIntoView({ block: 'center' }));
  await page.click('canvas[data-fig="mdn"]', { position: { x: 5, y: 5 } });
  const mdnCheck = async (target, colliding, label) => {
    const e = await moveEntityTo(target.x, target.y);
    check(e.x === target.x && e.y === target.y, `mdn: entity moved with the arrow keys to (${e.x}, ${e.y}) [${label}]`);
    const st = await state('mdn');
    check(st.colliding === colliding, `mdn: colliding = ${st.colliding} at (${e.x}, ${e.y}), expected ${colliding} [${label}]`);
    const pic = await shot('mdn');
    const green = countColour(pic, e.x + 2, e.y + 2, e.x + 18, e.y + 18, [0, 128, 0]);
    const red = countColour(pic, e.x + 2, e.y + 2, e.x + 18, e.y + 18, [255, 0, 0]);
    check(colliding ? green === 256 : red === 256, `mdn: screenshot shows the entity ${colliding ? 'green' : 'red'} (${green} green, ${red} red of 256 px) [${label}]`);
  };
  if (!hitPos || !freePos) fail('mdn: could not plan entity moves');
  else {
    await mdnCheck(hitPos, true, 'onto a static');
    await mdnCheck(freePos, false, 'free space');
    if (touchPos) await mdnCheck(touchPos, false, 'touching a static\'s side');
    else ok('mdn: no exactly-touching position reachable on the 5 px grid (skipped)');
  }

  // 6. Every figure's queries replayed through the native build.
  const report = await page.evaluate(() => window.c2dPage.report());
  const all = report.flatMap((f) => f.cases.map((c) => ({ ...c, fig: f.id })));
  const bad = compareCases(refPath, all, 'case');
  check(bad.length === 0, `native reference agrees on all ${all.length} queries of ${report.length} figures`);
  bad.slice(0, 20).forEach((b) => console.log(`     ${b}`));
  const ops = [...new Set(all.map((c) => c.op))].sort();
  ok(`operations compared: ${ops.join(', ')}`);

  if (process.env.C2D_SCREENSHOT_DIR) {
    mkdirSync(process.env.C2D_SCREENSHOT_DIR, { recursive: true });
    writeFileSync(join(process.env.C2D_SCREENSHOT_DIR, 'page.png'), await page.screenshot({ fullPage: true }));
  }
  check(consoleErrors.length === 0, `no console errors (${consoleErrors.length})`);
  consoleErrors.forEach((e) => console.log(`     ${e}`));
} catch (e) {
  fail(`exception: ${e.stack || e}`);
} finally {
  await ctx.close();
  server.close();
  rmSync(profile, { recursive: true, force: true });
}

if (failures.length) {
  console.log(`browser test: ${failures.length} failure(s)`);
  process.exit(1);
}
console.log('browser test: passed');
