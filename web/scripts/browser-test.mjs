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

  // 0. Desktop layout (1200 px viewport): a section's figures sit two to a row, side by side,
  // and the page does not overflow horizontally.
  const lay = await page.evaluate(() => {
    const r = (id) => window.c2dPage.figures[id].el.getBoundingClientRect();
    const a = r('snip-circles'), b = r('snip-rects');
    return { aTop: a.top, bTop: b.top, aRight: a.right, bLeft: b.left, docW: document.documentElement.scrollWidth, vw: window.innerWidth };
  });
  check(Math.abs(lay.aTop - lay.bTop) < 1 && lay.bLeft >= lay.aRight,
    `desktop ${lay.vw} px: two snippet figures side by side (tops ${lay.aTop.toFixed(0)}, ${lay.bTop.toFixed(0)}; right ${lay.aRight.toFixed(0)} <= left ${lay.bLeft.toFixed(0)})`);
  check(lay.docW <= lay.vw, `desktop ${lay.vw} px: no horizontal overflow (scroll width ${lay.docW})`);

  // 0b. The broad-phase view at 2,000 bodies (nearly all colliding) stays readable: under 40% of
  // its canvas strongly red (filled bodies and pair lines painted 61% of it).
  await page.evaluate(() => { const f = window.c2dPage.figures.broadphase; f.el.querySelector('button[data-n="2000"]').click(); f.el.querySelector('button[data-run]').click(); f.canvas.scrollIntoView({ block: 'center' }); });
  await page.waitForTimeout(200);
  {
    const img = await shot('broadphase');
    let red = 0;
    for (let i = 0; i < img.width * img.height; i++) if (img.rgba[4 * i] > 150 && img.rgba[4 * i + 1] < 120 && img.rgba[4 * i + 2] < 120) red++;
    const share = red / (img.width * img.height);
    check(share < 0.4, `broadphase at 2000 bodies: ${(100 * share).toFixed(1)}% of the canvas strongly red (< 40%)`);
  }
  await page.evaluate(() => { const f = window.c2dPage.figures.broadphase; f.el.querySelector('button[data-n="400"]').click(); f.el.querySelector('button[data-run]').click(); });

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

  // 5. MDN demo on the world: arrow keys and drags make slide moves; the entity stops at statics,
  // never overlaps one, and stays inside the canvas.
  const mdn = await page.evaluate(() => ({ statics: window.c2dPage.figures.mdn.statics }));
  const M = 1e-3;
  const blocked = (x, y, pad = 0) => mdn.statics.some((s) => Math.abs(s.x - x) < 20 + pad && Math.abs(s.y - y) < 20 + pad);
  const entityNow = () => page.evaluate(() => ({ ...window.c2dPage.figures.mdn.entity }));
  const place = (p) => page.evaluate((q) => window.c2dPage.figures.mdn.place(q), p);
  const press = async (key, times) => { for (let i = 0; i < times; i++) await page.keyboard.press(key); };
  const inCanvas = (e) => e.x >= 0 && e.y >= 0 && e.x <= 520 && e.y <= 520;
  const overlapsNone = (e) => mdn.statics.every((s) => !(Math.abs(s.x - e.x) < 20 && Math.abs(s.y - e.y) < 20));
  await page.evaluate(() => window.c2dPage.figures.mdn.canvas.scrollIntoView({ block: 'center' }));
  await page.click('canvas[data-fig="mdn"]', { position: { x: 538, y: 2 } });
  // a. Into the bottom-right corner: the walls stop it at the canvas edge.
  await press('ArrowRight', 12);
  await press('ArrowDown', 12);
  let e = await entityNow();
  check(inCanvas(e) && e.x > 520 - M && e.y > 520 - M, `mdn: arrow keys into the corner stop at the canvas edge (${e.x}, ${e.y})`);
  check((await state('mdn')).colliding === true, 'mdn: the last move bumped into a wall (green)');
  // b. A static with free room to its right: place the entity there, press left until it stops.
  const target = mdn.statics.find((s) => s.x + 70 <= 520 && s.y >= 0 && s.y <= 520 && !mdn.statics.some((o) => o !== s && o.x > s.x - 20 && o.x < s.x + 90 && Math.abs(o.y - s.y) < 20 + 1));
  if (!target) fail('mdn: no static with free room to its right');
  else {
    await place({ x: target.x + 50, y: target.y });
    await press('ArrowLeft', 3);
    e = await entityNow();
    check(e.x === target.x + 35 && e.y === target.y && (await state('mdn')).colliding === false, `mdn: 3 presses left in free space move 15 px to (${e.x}, ${e.y}), red`);
    let pic = await shot('mdn');
    const red = countColour(pic, Math.round(e.x) + 2, Math.round(e.y) + 2, Math.round(e.x) + 18, Math.round(e.y) + 18, [255, 0, 0]);
    check(red === 256, `mdn: screenshot shows the entity red (${red} of 256 px)`);
    await press('ArrowLeft', 5);
    e = await entityNow();
    const st = await state('mdn');
    check(e.x >= target.x + 20 && e.x < target.x + 20 + M && e.y === target.y, `mdn: pressing into a static stops at its side, x ${e.x} (static at ${target.x})`);
    check(st.colliding === true && st.overlapping.length === 0 && overlapsNone(e), `mdn: bumped (green), overlapping nothing [${st.with}]`);
    pic = await shot('mdn');
    const green = countColour(pic, Math.ceil(e.x) + 2, Math.round(e.y) + 2, Math.ceil(e.x) + 18, Math.round(e.y) + 18, [0, 128, 0]);
    const red2 = countColour(pic, Math.ceil(e.x) + 2, Math.round(e.y) + 2, Math.ceil(e.x) + 18, Math.round(e.y) + 18, [255, 0, 0]);
    // (the contact's normal arrow is drawn over part of it)
    check(green > 0.7 * 256 && red2 === 0, `mdn: screenshot shows the entity green (${green} green, ${red2} red of 256 px)`);
    // c. Mouse drag: grab the entity and pull it up in free space, then into the static.
    const free = (() => { for (let y = target.y - 5; y >= 0; y -= 5) if (blocked(target.x + 35, y, 1)) return y + 5; return 0; })();
    await place({ x: target.x + 35, y: target.y });
    const rect = await page.evaluate(() => { const c = window.c2dPage.figures.mdn.canvas, r = c.getBoundingClientRect(); return { left: r.left + c.clientLeft, top: r.top + c.clientTop }; });
    const up = Math.max(free, target.y - 40);
    await page.mouse.move(rect.left + target.x + 45, rect.top + target.y + 10);
    await page.mouse.down();
    await page.mouse.move(rect.left + target.x + 45, rect.top + up + 10, { steps: 6 });
    e = await entityNow();
    check(e.x === target.x + 35 && e.y === up, `mdn: mouse drag moves the entity up to (${e.x}, ${e.y}), expected y ${up}`);
    await page.mouse.move(rect.left + target.x + 45, rect.top + target.y + 10, { steps: 4 });
    await page.mouse.move(rect.left + target.x - 40, rect.top + target.y + 10, { steps: 10 });
    await page.mouse.up();
    e = await entityNow();
    check(e.x >= target.x + 20 && e.x < target.x + 20 + M && overlapsNone(e), `mdn: dragging into the static stops at its side (${e.x}, ${e.y})`);
    // d. Touch drag (CDP touch events, which the page sees as pointer events of type touch).
    const cdp = await ctx.newCDPSession(page);
    await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 1 });
    await place({ x: target.x + 35, y: target.y });
    const tp = (x, y) => ({ touchPoints: [{ x: rect.left + x, y: rect.top + y }] });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', ...tp(target.x + 45, target.y + 10) });
    for (let k = 1; k <= 6; k++) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', ...tp(target.x + 45, target.y + 10 - k * ((target.y - up) / 6)) });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    e = await entityNow();
    check(e.x === target.x + 35 && Math.abs(e.y - up) < 1e-9, `mdn: touch drag moves the entity to (${e.x}, ${e.y}), expected y ${up}`);
    await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: false });
    await place({ x: target.x + 35, y: target.y });
    await press('ArrowLeft', 5); // leave a bumping move for the native comparison below
  }
  // e. Circles mode: the same walls keep it in.
  await page.click('#fig-mdn button[data-mode="circle"]');
  await page.click('canvas[data-fig="mdn"]', { position: { x: 538, y: 2 } });
  await press('ArrowLeft', 3);
  e = await entityNow();
  check(inCanvas(e) && (await state('mdn')).mode === 'circle', `mdn: circles mode, entity at (${e.x}, ${e.y}) inside the canvas`);
  await page.click('#fig-mdn button[data-mode="box"]');
  if (target) { await place({ x: target.x + 35, y: target.y }); await page.click('canvas[data-fig="mdn"]', { position: { x: 538, y: 2 } }); await press('ArrowLeft', 5); }

  // 5b. The bump responses figure: one move, touch / cross / slide / bounce.
  await drag('bump', 'a', 60, 130);
  await drag('bump', 'g', 330, 130);
  let b = await state('bump');
  const HW = 14;
  check(Math.abs(b.touch.x - (160 - HW)) < M && b.touch.y === 130 && b.touch.collisions === 1, `bump: touch stops before the box at x ${b.touch.x}`);
  check(b.cross.x === 330 && b.cross.y === 130 && b.cross.collisions >= 1, `bump: cross goes through to the goal (${b.cross.x}, ${b.cross.y}), ${b.cross.collisions} crossed`);
  check(Math.abs(b.slide.x - (160 - HW)) < M && b.slide.y === 130, `bump: slide head-on stays at the box (${b.slide.x}, ${b.slide.y})`);
  check(b.bounce.x < 160 - HW - 100 && b.bounce.collisions >= 1, `bump: bounce comes back to x ${b.bounce.x}`);
  await drag('bump', 'g', 330, 100);
  b = await state('bump');
  check(Math.abs(b.slide.x - (160 - HW)) < M && Math.abs(b.slide.y - 100) < 1e-9, `bump: slide keeps the free axis, ends (${b.slide.x}, ${b.slide.y})`);
  img = await shot('bump');
  const SLIDE = [44, 160, 44];
  const sx = Math.round(b.slide.x), sy = Math.round(b.slide.y);
  check(countColour(img, sx - HW + 2, sy - 8, sx + HW - 2, sy + 8, SLIDE) > 300, 'bump: the slide result drawn filled in the slide colour');
  await page.click('#fig-bump button[data-response="bounce"]');
  img = await shot('bump');
  const bx = Math.round(b.bounce.x), by = Math.round(b.bounce.y);
  check(bx < 0 || countColour(img, Math.max(0, bx - HW + 2), by - 8, bx + HW - 2, by + 8, [255, 127, 14]) > 100, 'bump: selecting bounce draws its result');

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
