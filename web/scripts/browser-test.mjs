// Browser test of the live page: headless Debian Chromium driven by playwright-core.
//   node scripts/browser-test.mjs <path to c2d_ref> [chromium path]
// It loads the page, drags shapes, moves the MDN entity with the arrow keys, replays every query
// the page reports through the native reference build and compares the results, checks
// screenshot pixels for the collision colours, and fails on any console error or failed request.
// It also checks what the page teaches: every figure has its prose and a C code block; every c2d_*
// name in the blocks is declared in include/ and every block compiles against the headers; the
// LTRB figure's block, built and run with the library, gives the figure's answers; every figure's
// JS block, run in the page with the library, gives the results the figure shows; the API
// reference link works; a 390 px phone viewport does not overflow sideways; on a phone with a touch
// screen a finger drags a handle of every figure that has handles.
// C2D_SCREENSHOT_DIR=dir saves desktop and phone screenshots of the whole page there.
import { mkdtempSync, rmSync, writeFileSync, mkdirSync, readFileSync, readdirSync, existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { serve, docsDir } from './serve.mjs';
import { compareCases } from './ref-compare.mjs';
import { decodePng, countColour } from './png.mjs';

const refPath = process.argv[2];
const chromePath = process.argv[3] || process.env.CHROMIUM || '/usr/bin/chromium';
if (!refPath) { console.error('usage: browser-test.mjs <c2d_ref> [chromium]'); process.exit(2); }

const repo = fileURLToPath(new URL('../..', import.meta.url));
const includeDir = join(repo, 'include');
const CC = process.env.CC || 'cc';
// The native library the reference was linked with (web/native builds it in double precision).
const libPath = join(dirname(resolve(refPath)), 'collide2d', 'libcollide2d.a');

// Every c2d_ / C2D_ identifier of the installed headers, and those of them called or declared
// as functions (a name followed by "(").
const headerText = [join(includeDir, 'collide2d.h'), ...readdirSync(join(includeDir, 'collide2d')).filter((f) => f.endsWith('.h')).map((f) => join(includeDir, 'collide2d', f))]
  .map((f) => readFileSync(f, 'utf8')).join('\n');
const headerWords = new Set(headerText.match(/\b(?:c2d|C2D)_\w+/g));
const headerFuncs = new Set([...headerText.matchAll(/\b(c2d_\w+)\s*\(/g)].map((m) => m[1]));
// The names of a code block that the headers do not declare: calls must be functions, other
// c2d_ / C2D_ words any declared name.
function unknownNames(code) {
  const bad = [];
  for (const m of code.matchAll(/\b(c2d_\w+)\s*\(/g)) if (!headerFuncs.has(m[1])) bad.push(`${m[1]}()`);
  for (const m of code.matchAll(/\b(?:c2d|C2D)_\w+/g)) if (!headerWords.has(m[0])) bad.push(m[0]);
  return [...new Set(bad)];
}
// Compiles C source with the headers (double precision, as the page's library); returns the
// compiler's messages, or '' when it compiled. link: also link with the library and run it.
function compileC(dir, name, source, link = false) {
  const src = join(dir, `${name}.c`), exe = join(dir, name);
  writeFileSync(src, source);
  const flags = ['-std=c99', '-DC2D_DOUBLE', `-I${includeDir}`, '-Werror=implicit-function-declaration', '-Werror=incompatible-pointer-types',
    '-Werror=int-conversion', '-Wno-unused-variable', '-Wno-unused-but-set-variable', '-Wno-missing-braces', '-Wno-missing-field-initializers'];
  try {
    if (link) execFileSync(CC, [...flags, src, libPath, '-lm', '-o', exe], { stdio: 'pipe' });
    else execFileSync(CC, [...flags, '-fsyntax-only', src], { stdio: 'pipe' });
    return { ok: true, out: link ? execFileSync(exe, { encoding: 'utf8' }) : '' };
  } catch (e) {
    return { ok: false, out: `${e.stderr || ''}${e.stdout || ''}` || String(e) };
  }
}
const cdir = mkdtempSync(join(tmpdir(), 'c2d-page-c-'));

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
  // 4b. The kinds of issue 15 in the explorer: each, as A over the circle B, overlaps and is drawn
  // (its outline in the contact colour around A), and the table has every query for every pair
  // of the kinds in c2d_shape (all eleven: the concave polygon and the arc included), no empty cell.
  for (const k of ['roundedPolygon', 'ellipse', 'wedge', 'concave', 'arc']) {
    await page.evaluate((kind) => window.c2dPage.figures.pairs.setKinds(kind, 'circle'), k);
    const st = await state('pairs');
    img = await shot('pairs');
    const outline = countColour(img, 200 - 55, 140 - 55, 200 + 55, 140 + 55, RED_HIT);
    check(st.overlap === true && st.ops.length === 5 && outline > 60,
      `pairs: ${k} A over circle B overlaps, answers ${st.ops.join(' ')}, outline drawn (${outline} px in the contact colour)`);
  }
  await page.evaluate(() => window.c2dPage.figures.pairs.setKinds('circle', 'polygon'));
  {
    const cells = await page.evaluate(() => [...document.querySelectorAll('table.pairs td')].map((td) => ({ a: td.dataset.a, b: td.dataset.b, ops: td.textContent })));
    const shapeKinds = ['point', 'segment', 'aabb', 'circle', 'capsule', 'polygon', 'roundedPolygon', 'ellipse', 'wedge', 'concave', 'arc'];
    const grid = cells.filter((c) => shapeKinds.includes(c.a) && shapeKinds.includes(c.b));
    const holes = grid.filter((c) => c.ops !== 'ohmdc');
    check(grid.length === shapeKinds.length ** 2 && holes.length === 0,
      `pairs table: ${grid.length} cells of the ${shapeKinds.length} c2d_shape kinds, every one with o h m d c${holes.length ? `; not: ${holes.slice(0, 6).map((c) => `${c.a}-${c.b} ${c.ops}`).join(', ')}` : ''}`);
  }

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
  await press('ArrowRight', 40);
  await press('ArrowDown', 40);
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

  // 7. What each figure teaches: prose, and a C block whose names the headers declare.
  const teach = await page.evaluate(() => {
    const els = [...Object.values(window.c2dPage.figures).map((f) => f.el), document.getElementById('fig-platformer')];
    return els.map((el) => ({
      id: el.id,
      prose: [...el.querySelectorAll('.teach > p:not(.js)')].map((p) => p.textContent).join(' '),
      code: el.querySelector('.teach pre.c')?.textContent || '',
      js: el.querySelector('.teach pre.js')?.textContent || '',
    }));
  });
  // The pair explorer writes its C for the kinds chosen: every pair of kinds is checked too.
  const pairCodes = await page.evaluate(() => {
    const f = window.c2dPage.figures.pairs;
    const kinds = [...f.el.querySelector('select').options].map((o) => o.value);
    const out = [];
    for (const a of kinds) for (const b of kinds) { f.setKinds(a, b); out.push({ id: `fig-pairs-${a}-${b}`, prose: '', code: f.codeEl.textContent }); }
    f.setKinds('circle', 'polygon');
    return out;
  });
  const noTeach = teach.filter((t) => t.prose.length < 150 || !/\bc2d_\w+\s*\(/.test(t.code));
  check(teach.length >= 22 && noTeach.length === 0,
    `every figure (${teach.length}) has prose (>= 150 characters) and a C block with a c2d_ call${noTeach.length ? `; not: ${noTeach.map((t) => t.id).join(', ')}` : ''}`);
  const blocks = [...teach, ...pairCodes];
  const misnamed = blocks.map((t) => ({ id: t.id, bad: unknownNames(t.code) })).filter((t) => t.bad.length);
  check(misnamed.length === 0, `every c2d_ name in the C blocks (${blocks.length}, the pair explorer's ${pairCodes.length} kind pairs included) is declared in include/ (${headerFuncs.size} functions)`);
  misnamed.forEach((t) => console.log(`     ${t.id}: ${t.bad.join(', ')}`));
  // The JS calls named beside the C: methods the package's type declarations have.
  const dts = ['index.d.ts', 'mover.d.ts'].map((f) => readFileSync(join(repo, 'web', 'src', f), 'utf8')).join('\n');
  const badJs = teach.flatMap((t) => [...t.js.matchAll(/\b(?:lib|world|player|bodies)\.(\w+)\(/g)].map((m) => m[1])
    .filter((name) => !new RegExp(`\\b${name}\\s*[(<]`).test(dts)).map((name) => `${t.id}: ${name}`));
  check(badJs.length === 0, `every JS call named beside the C is a method in web/src/*.d.ts${badJs.length ? `; not: ${badJs.join(', ')}` : ''}`);
  // The JS block beside each figure, run in the page against the library (`lib` and the MDN
  // figure's `statics` in scope): every `const x = lib.<query>(...)` in it, in order, gives the
  // result the figure's own queries got (what its numbers show); the world figures' moves end
  // where the figure shows; the LTRB block's flags are the figure's.
  {
    const QUERIES = 'overlap|hit|containsPoint|raycast|cast|sweepInto|sweepAABB|sweepAABBInto|aabbSegmentPadded|segmentIntersection|manifold|distance';
    const runJs = (id, mutate) => page.evaluate(([i, q, m]) => {
      const P = window.c2dPage, f = P.figures[i];
      let code = f.jsEl.textContent;
      if (m) code = code.replace(m[0], m[1]);
      const names = [...code.matchAll(/^const (\w+) =/gm)].map((x) => x[1]);
      const queries = [...code.matchAll(new RegExp(`^const (\\w+) = lib\\.(?:${q})\\(`, 'gm'))].map((x) => x[1]);
      let vals;
      try {
        vals = new Function('lib', 'statics', `${code}\nreturn { ${names.join(', ')} };`)(P.lib, P.figures.mdn.statics);
      } catch (e) { return { error: String(e), code }; }
      if (vals.world) vals.world.destroy();
      const plain = (x) => JSON.parse(JSON.stringify(x === undefined ? null : x));
      const out = {};
      for (const n of names) if (n !== 'world' && typeof vals[n] !== 'function') out[n] = plain(vals[n]);
      return { code, queries: queries.map((n) => out[n]), vals: out, cases: (f.cases || []).map((c) => plain(c.result)), state: plain(f.state) };
    }, [id, QUERIES, mutate || null]);
    const same = (x, y) => JSON.stringify(x) === JSON.stringify(y);
    // What is wrong with a figure's JS block ('' when it gives what the figure shows).
    const jsWrong = (id, r) => {
      if (r.error) return `throws ${r.error}`;
      if (id === 'bump') {
        const bad = ['touch', 'cross', 'slide', 'bounce'].filter((k) => !r.vals[k] || r.vals[k].x !== r.state[k].x || r.vals[k].y !== r.state[k].y || r.vals[k].collisions.length !== r.state[k].collisions);
        return bad.length ? `world.check ${bad.join(', ')} differ from the figure` : '';
      }
      if (id === 'mdn') {
        const m = r.vals.move;
        if (!m) return 'no move in the block';
        return m.x === r.state.entity.x && m.y === r.state.entity.y && same(m.collisions.map((c) => c.userData), r.state.with) ? ''
          : `world.move ends (${m.x}, ${m.y}) bumping [${m.collisions.map((c) => c.userData)}], the figure (${r.state.entity.x}, ${r.state.entity.y}) [${r.state.with}]`;
      }
      if (!r.queries.length && (id !== 'pairs' || r.cases.length)) return 'no lib query in the block';   // (a pair of kinds may have none)
      if (!same(r.queries, r.cases)) {
        const k = r.queries.findIndex((x, i) => !same(x, r.cases[i]));
        return `query ${k < 0 ? r.queries.length : k} gives ${JSON.stringify(r.queries[k] ?? null)}, the figure ${JSON.stringify(r.cases[k] ?? r.cases.length + ' queries')}`;
      }
      if (id === 'rects') {
        const bad = ['overlap', 'aHasB', 'bHasA', 'touching'].filter((k) => r.vals[k] !== r.state[k]);
        if (bad.length) return `${bad.join(', ')} differ from the figure`;
      }
      return '';
    };
    // Not run: the broad phase's bodies move every frame and the platformer runs a game loop; their
    // blocks name the calls (the broad phase's with its live counts).
    const NOT_RUN = ['broadphase'];
    const ids = await page.evaluate(() => Object.keys(window.c2dPage.figures));
    const wrongJs = [];
    let ran = 0;
    for (const id of ids.filter((i) => !NOT_RUN.includes(i))) {
      const why = jsWrong(id, await runJs(id));
      ran++;
      if (why) wrongJs.push(`${id}: ${why}`);
    }
    // the pair explorer's block for every pair of kinds
    const kinds = await page.evaluate(() => [...window.c2dPage.figures.pairs.el.querySelector('select').options].map((o) => o.value));
    for (const ka of kinds) {
      for (const kb of kinds) {
        await page.evaluate(([x, y]) => window.c2dPage.figures.pairs.setKinds(x, y), [ka, kb]);
        const why = jsWrong('pairs', await runJs('pairs'));
        ran++;
        if (why) wrongJs.push(`pairs ${ka}-${kb}: ${why}`);
      }
    }
    await page.evaluate(() => window.c2dPage.figures.pairs.setKinds('circle', 'polygon'));
    // the MDN figure in circles mode: its JS after a move, and its C block compiles
    await page.click('#fig-mdn button[data-mode="circle"]');
    await page.click('canvas[data-fig="mdn"]', { position: { x: 538, y: 2 } });
    await press('ArrowLeft', 2);
    {
      const why = jsWrong('mdn', await runJs('mdn'));
      ran++;
      if (why) wrongJs.push(`mdn circles: ${why}`);
      const cText = await page.evaluate(() => window.c2dPage.figures.mdn.codeEl.textContent);
      const built = compileC(cdir, 'mdn_circle', `#include <collide2d.h>\nvoid mdn_circle(void);\nvoid mdn_circle(void) {\n${cText}\n}\n`);
      check(built.ok && /c2d_circle_make/.test(cText), 'mdn: in circles mode the C block makes a circle and compiles with the headers');
      if (!built.ok) console.log(built.out.split('\n').slice(0, 10).map((l) => `     ${l}`).join('\n'));
    }
    await page.click('#fig-mdn button[data-mode="box"]');
    check(wrongJs.length === 0, `every JS block (${ran}: ${ids.length - NOT_RUN.length} figures, the pair explorer's ${kinds.length * kinds.length} kind pairs and MDN's circles; not run: ${NOT_RUN.join(', ')}, platformer), run in the page, gives what its figure shows${wrongJs.length ? `; not: ${wrongJs.slice(0, 8).join(' | ')}` : ''}`);
    // The checker itself: a block with its arguments swapped, or a world move's goal changed, is caught.
    const swapped = jsWrong('article-aabb', await runJs('article-aabb', ['lib.hit(a, b)', 'lib.hit(b, a)']));
    const bumpGoal = await page.evaluate(() => window.c2dPage.figures.bump.handles.g);
    const moved = jsWrong('bump', await runJs('bump', [`const goal = { x: ${bumpGoal.x}, y: ${bumpGoal.y} }`, `const goal = { x: ${bumpGoal.x}, y: ${bumpGoal.y + 7} }`]));
    check(swapped !== '' && moved !== '', `the JS check catches a wrong block (article-aabb with a and b swapped: ${swapped || 'not caught'}; bump's goal moved: ${moved || 'not caught'})`);
  }
  // The checker itself: a block with one name broken is caught.
  const sample = teach.find((t) => t.id === 'fig-article-aabb');
  const broken = sample ? unknownNames(sample.code.replace('c2d_aabb_hit_aabb', 'c2d_aabb_hit_aabbb')) : [];
  check(broken.includes('c2d_aabb_hit_aabbb()'), `the name check catches a broken name (${broken.join(', ') || 'nothing found'})`);
  // Every block compiles against the headers, as the body of a function.
  const unit = '#include <collide2d.h>\n' + blocks.map((t) => `void ${t.id.replace(/\W/g, '_')}(void);\nvoid ${t.id.replace(/\W/g, '_')}(void) {\n${t.code}\n}\n`).join('\n');
  const built = compileC(cdir, 'blocks', unit);
  check(built.ok, `every C block (${blocks.length}) compiles with the headers (${CC} -std=c99 -fsyntax-only)`);
  if (!built.ok) console.log(built.out.split('\n').slice(0, 30).map((l) => `     ${l}`).join('\n'));

  // 8. The segment along the box's top edge (the article's 0 * infinity): touching, no NaN.
  await page.click('#fig-article-segment button[data-preset="edge"]');
  {
    const st = await state('article-segment');
    const nums = await page.evaluate(() => window.c2dPage.figures['article-segment'].nums.textContent);
    check(st.hit === false && !/nan/i.test(nums), `article-segment: along the top edge, no hit and no NaN (${nums.split('\n')[0]})`);
  }

  // 9. The LTRB figure: its answers for several placed rectangles are what its own C block gives
  // when built with the library and run.
  {
    const expect = {
      overlap: { overlap: true, aHasB: false, bHasA: false, touching: false },
      contains: { overlap: true, aHasB: true, bHasA: false, touching: false, tutorial: false },
      'shared edge': { overlap: false, touching: true },
      corner: { overlap: false, touching: true },
      cross: { overlap: true, aHasB: false, bHasA: false, tutorial: false },
      'from above': { overlap: true, tutorial: false },
      apart: { overlap: false, touching: false },
    };
    const placed = [];
    for (const name of Object.keys(expect)) {
      await page.click(`#fig-rects button[data-preset="${name}"]`);
      placed.push({ name, state: await state('rects'), code: await page.evaluate(() => window.c2dPage.figures.rects.codeEl.textContent) });
    }
    // and one placed by dragging B's top-left corner inside A (B then lies within A)
    await page.click('#fig-rects button[data-preset="contains"]');
    await drag('rects', 'b1', 60, 50);
    placed.push({ name: 'dragged', state: await state('rects'), code: await page.evaluate(() => window.c2dPage.figures.rects.codeEl.textContent) });
    for (const { name, state: st } of placed) {
      const want = expect[name] || { overlap: true, aHasB: true, bHasA: false, touching: false };
      const wrong = Object.entries(want).filter(([k, v]) => st[k] !== v).map(([k]) => k);
      check(wrong.length === 0, `rects ${name}: A ${st.a.join(',')} B ${st.b.join(',')}: overlap ${st.overlap}, A has B ${st.aHasB}, B has A ${st.bHasA}, touching ${st.touching}, tutorial ${st.tutorial}${wrong.length ? `; expected other ${wrong.join(', ')}` : ''}`);
    }
    const prog = '#include <collide2d.h>\n#include <stdio.h>\n' + placed.map((p, i) =>
      `static void case${i}(void) {\n${p.code}\n    printf("%d %d %d %d\\n", overlap, a_has_b, b_has_a, touching);\n}\n`).join('\n') +
      `int main(void) {\n${placed.map((_, i) => `    case${i}();`).join('\n')}\n    return 0;\n}\n`;
    const run = compileC(cdir, 'ltrb', prog, true);
    if (!run.ok) fail(`rects: the figure's C block did not build and run:\n${run.out.split('\n').slice(0, 20).join('\n')}`);
    else {
      const rows = run.out.trim().split('\n');
      const b = (x) => (x ? 1 : 0);
      const disagree = placed.filter((p, i) => rows[i] !== [p.state.overlap, p.state.aHasB, p.state.bHasA, p.state.touching].map(b).join(' '));
      check(disagree.length === 0 && rows.length === placed.length,
        `rects: the C block, built with ${libPath.replace(repo, '')} and run, agrees with the figure for ${placed.length} placements${disagree.length ? `; not: ${disagree.map((p) => p.name).join(', ')}` : ''}`);
    }
  }

  // 10. The API reference link: followed in the served page, it opens the reference (doxygen's
  // when make docs has run, else the list of headers), and the headers it links are served.
  {
    const href = await page.evaluate(() => document.getElementById('api-link')?.href);
    const tab = await ctx.newPage();
    tab.on('response', (r) => { if (r.status() >= 400) consoleErrors.push(`HTTP ${r.status()}: ${r.url()}`); });
    await tab.goto(`${base}/page/`);
    await tab.click('#api-link');
    await tab.waitForLoadState('load');
    const built = existsSync(join(docsDir, 'index.html'));
    const apiText = await tab.evaluate(() => document.documentElement.outerHTML);
    check(href === `${base}/api/` && tab.url() === `${base}/api/` && (built ? /doxygen/i.test(apiText) && /collide2d/.test(apiText) : /include\/collide2d\/collision\.h/.test(apiText)),
      `API link ${href} opens the ${built ? 'doxygen reference (make docs output)' : 'header list (make docs not run)'}`);
    if (built) {
      const ref = await tab.goto(`${base}/api/collision_8h.html`);
      check(ref.status() === 200 && (await ref.text()).includes('c2d_aabb_hit_aabb'), 'the reference has collision.h\'s page with c2d_aabb_hit_aabb');
    }
    const hdr = await tab.goto(`${base}/include/collide2d/collision.h`);
    check(hdr.status() === 200 && (await hdr.text()).includes('c2d_aabb_hit_aabb'), 'the headers are served at /include/ (collision.h declares c2d_aabb_hit_aabb)');
    await tab.close();
  }

  // 11. A phone (390 x 844): the page does not overflow sideways, code blocks included.
  {
    const phone = await ctx.newPage();
    phone.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') consoleErrors.push(`phone console.${m.type()}: ${m.text()}`); });
    phone.on('pageerror', (e) => consoleErrors.push(`phone page error: ${e.message}`));
    await phone.setViewportSize({ width: 390, height: 844 });
    await phone.goto(`${base}/page/`);
    await phone.waitForFunction(() => window.c2dPage && window.c2dPage.ready, null, { timeout: 15000 });
    const w = await phone.evaluate(() => {
      // (inside a box that scrolls or clips sideways, such as a code block or the pair table, wide content is fine)
      const clipped = (el) => { for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) if (['auto', 'scroll', 'hidden'].includes(getComputedStyle(p).overflowX)) return true; return false; };
      const wide = [...document.querySelectorAll('body *')].filter((el) => el.getBoundingClientRect().right > window.innerWidth + 0.5 && !clipped(el));
      return { scroll: document.documentElement.scrollWidth, vw: window.innerWidth, wide: wide.slice(0, 5).map((el) => `${el.tagName.toLowerCase()}#${el.id || ''}.${el.className || ''}`) };
    });
    check(w.scroll <= w.vw && w.wide.length === 0, `phone ${w.vw} px: no horizontal overflow (scroll width ${w.scroll})${w.wide.length ? `; too wide: ${w.wide.join(' ')}` : ''}`);
    if (process.env.C2D_SCREENSHOT_DIR) {
      mkdirSync(process.env.C2D_SCREENSHOT_DIR, { recursive: true });
      writeFileSync(join(process.env.C2D_SCREENSHOT_DIR, 'phone.png'), await phone.screenshot({ fullPage: true }));
    }
    await phone.close();
  }

  // 12. Touch: a phone-sized context with a touch screen. Every figure with handles gets one handle
  // dragged by a finger (CDP touch events, which the page sees as pointer events of type touch),
  // the touch landing 18 CSS px off the handle's center (outside the mouse's 14 px grab radius);
  // the handle follows the finger and the figure's numbers and code are redrawn.
  {
    const browser = await chromium.launch({ executablePath: chromePath, headless: true, args: ['--no-sandbox', '--disable-gpu', '--no-first-run'] });
    try {
      const tctx = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, deviceScaleFactor: 1 });
      const tp = await tctx.newPage();
      tp.on('pageerror', (e) => consoleErrors.push(`touch page error: ${e.message}`));
      await tp.goto(`${base}/page/`);
      await tp.waitForFunction(() => window.c2dPage && window.c2dPage.ready, null, { timeout: 15000 });
      const cdp = await tctx.newCDPSession(tp);
      const withHandles = await tp.evaluate(() => Object.values(window.c2dPage.figures).filter((f) => Object.keys(f.handles).length).map((f) => f.id));
      const wrong = [];
      for (const id of withHandles) {
        // the handle and the direction to touch it from: the one of 8 farthest from the other handles, inside the canvas
        const g = await tp.evaluate((i) => {
          const f = window.c2dPage.figures[i];
          f.canvas.scrollIntoView({ block: 'center' });
          const c = f.canvas, r = c.getBoundingClientRect(), k = c.clientWidth / c.width;
          const name = Object.keys(f.handles)[0], h = f.handles[name];
          const toCss = (p) => ({ x: r.left + c.clientLeft + p.x * k, y: r.top + c.clientTop + p.y * k });
          const at = toCss(h);
          let best = null;
          for (let d = 0; d < 8; d++) {
            const u = { x: Math.cos(d * Math.PI / 4), y: Math.sin(d * Math.PI / 4) };
            const p = { x: at.x + 18 * u.x, y: at.y + 18 * u.y };
            if (p.x < r.left + 4 || p.y < r.top + 4 || p.x > r.right - 4 || p.y > r.bottom - 4) continue;
            const clear = Math.min(...Object.entries(f.handles).filter(([n]) => n !== name).map(([, o]) => Math.hypot(toCss(o).x - p.x, toCss(o).y - p.y)), 1e9);
            if (!best || clear > best.clear) best = { p, clear };
          }
          // the finger moves toward the canvas center by 30 CSS px
          const cx = r.left + r.width / 2, cy = r.top + r.height / 2, len = Math.hypot(cx - at.x, cy - at.y) || 1;
          return { name, start: { ...h }, touch: best && best.p, move: { x: 30 * (cx - at.x) / len, y: 30 * (cy - at.y) / len }, k,
            text: f.nums.textContent + f.codeEl.textContent + (f.jsEl ? f.jsEl.textContent : '') };
        }, id);
        if (!g.touch) { wrong.push(`${id}: no room to touch beside handle ${g.name}`); continue; }
        const pt = (dx, dy) => ({ touchPoints: [{ x: g.touch.x + dx, y: g.touch.y + dy }] });
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', ...pt(0, 0) });
        for (let s = 1; s <= 6; s++) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', ...pt(g.move.x * s / 6, g.move.y * s / 6) });
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
        const after = await tp.evaluate(([i, n]) => {
          const f = window.c2dPage.figures[i];
          return { h: { ...f.handles[n] }, text: f.nums.textContent + f.codeEl.textContent + (f.jsEl ? f.jsEl.textContent : '') };
        }, [id, g.name]);
        const want = { x: g.start.x + g.move.x / g.k, y: g.start.y + g.move.y / g.k };
        const followed = Math.abs(after.h.x - want.x) <= 1.5 && Math.abs(after.h.y - want.y) <= 1.5;
        if (!followed || after.text === g.text) {
          wrong.push(`${id}: handle ${g.name} (${g.start.x}, ${g.start.y}) -> (${after.h.x}, ${after.h.y}), expected about (${want.x.toFixed(1)}, ${want.y.toFixed(1)})${after.text === g.text ? ', figure not redrawn' : ''}`);
        }
      }
      check(withHandles.length >= 20 && wrong.length === 0, `touch, 390 px phone: a finger 18 px off a handle drags it in every figure with handles (${withHandles.length})${wrong.length ? `; not: ${wrong.join(' | ')}` : ''}`);
      // The MDN entity (no handle: the finger grabs the entity itself) on the phone, where its
      // 540 px canvas is drawn smaller: put it where 60 px above it are free, touch 12 CSS px
      // beside it and pull up by 30 CSS px.
      const m = await tp.evaluate(() => {
        const f = window.c2dPage.figures.mdn;
        const free = (x, y) => f.statics.every((s) => s.x >= x + 40 || s.x + 20 <= x - 20 || s.y >= y + 40 || s.y + 20 <= y - 60);
        let p = null;
        for (let y = 100; !p && y <= 480; y += 20) for (let x = 40; !p && x <= 480; x += 20) if (free(x, y)) p = { x, y };
        f.place(p);
        f.canvas.scrollIntoView({ block: 'center' });
        const c = f.canvas, r = c.getBoundingClientRect(), k = c.clientWidth / c.width;
        return { p, k, at: { x: r.left + c.clientLeft + (p.x + 20) * k + 12, y: r.top + c.clientTop + (p.y + 10) * k } };
      });
      const mt = (dy) => ({ touchPoints: [{ x: m.at.x, y: m.at.y + dy }] });
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', ...mt(0) });
      for (let s = 1; s <= 6; s++) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', ...mt(-30 * s / 6) });
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
      const me = await tp.evaluate(() => ({ ...window.c2dPage.figures.mdn.entity }));
      const wantY = m.p.y - 30 / m.k;
      check(me.x === m.p.x && Math.abs(me.y - wantY) <= 1.5, `touch, 390 px phone: a finger 12 px beside the MDN entity drags it from (${m.p.x}, ${m.p.y}) to (${me.x}, ${me.y}), expected y about ${wantY.toFixed(1)} (canvas drawn at ${m.k.toFixed(2)} CSS px per px)`);
    } finally {
      await browser.close();
    }
  }

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
  rmSync(cdir, { recursive: true, force: true });
}

if (failures.length) {
  console.log(`browser test: ${failures.length} failure(s)`);
  process.exit(1);
}
console.log('browser test: passed');
