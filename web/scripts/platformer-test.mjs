// Browser test of the live page's platformer (web/page/platformer.js): headless Chromium driven by
// playwright-core.
//   node scripts/platformer-test.mjs <path to c2d_mover_ref> [chromium path]
// It walks the character with the keyboard across the tile floor (each player shape) and checks
// that no frame snags; walks the level with the box (30 and 45 degree slopes, stairs by step-up,
// the 65 degree slope it cannot climb), rides the moving platform, jumps onto the one-way platform
// and drops through it; replays every mover call the page made through the native build
// (c2d_mover_ref, the same C surface) and compares every result double (|diff| <= 1e-9, exact
// matches counted); then checks the figure at a 390 px wide viewport (no horizontal overflow,
// the touch buttons move the character). C2D_SCREENSHOT_DIR=dir saves desktop and phone shots.
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { serve } from './serve.mjs';

const refPath = process.argv[2];
const chromePath = process.argv[3] || process.env.CHROMIUM || '/usr/bin/chromium';
if (!refPath) { console.error('usage: platformer-test.mjs <c2d_mover_ref> [chromium]'); process.exit(2); }

const failures = [];
const fail = (msg) => { failures.push(msg); console.log(`FAIL ${msg}`); };
const ok = (msg) => console.log(`ok   ${msg}`);
const check = (cond, msg) => (cond ? ok(msg) : fail(msg));
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

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

// Replays a trace through the native build; returns the result rows of its move lines.
function nativeMoves(trace) {
  const out = execFileSync(refPath, { input: trace.join('\n') + '\n', maxBuffer: 1 << 28 }).toString().trim().split('\n');
  const rows = [];
  trace.forEach((line, i) => {
    if (line.startsWith('move ')) rows.push(out[i].split(' ').map(Number));
    else if (line.startsWith('add') || line.startsWith('mover')) {
      if (Number(out[i]) < 0) rows.push(null);
    }
  });
  return rows;
}

const consoleErrors = [];
const runs = [];   // {label, trace, history} for the native comparison
try {
  const page = await ctx.newPage();
  page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') consoleErrors.push(`console.${m.type()}: ${m.text()}`); });
  page.on('pageerror', (e) => consoleErrors.push(`page error: ${e.message}`));
  page.on('requestfailed', (r) => consoleErrors.push(`request failed: ${r.url()}`));
  page.on('response', (r) => { if (r.status() >= 400) consoleErrors.push(`HTTP ${r.status()}: ${r.url()}`); });

  await page.goto(`${base}/`);
  await page.waitForFunction(() => window.c2dPage && window.c2dPage.ready && window.c2dPlatformer, null, { timeout: 15000 });
  ok('page loaded, platformer ready');
  await page.evaluate(() => window.c2dPlatformer.canvas.scrollIntoView({ block: 'center' }));

  const last = () => page.evaluate(() => { const s = window.c2dPlatformer.state(); return { frame: s.frame, ...(s.last || {}) }; });
  const waitFor = async (pred, timeoutMs, what) => {
    const t0 = Date.now();
    for (;;) {
      const s = await last();
      if (s.position && pred(s)) return s;
      if (Date.now() - t0 > timeoutMs) { fail(`timed out waiting for ${what} (at ${JSON.stringify(s.position)}, frame ${s.frame})`); return s; }
      await sleep(30);
    }
  };
  // Takes the history and trace of the current world (then rebuilds clear them).
  const collect = async (label) => {
    const r = await page.evaluate(() => {
      const f = window.c2dPlatformer;
      return { build: f.builds, trace: f.world.trace, history: f.history.map((h) => ({ frame: h.frame, keys: h.keys, dx: h.dx, dy: h.dy, raw: h.result.raw })) };
    });
    runs.push({ label, ...r });
    return r;
  };
  const focus = () => page.click('#fig-platformer canvas', { position: { x: 5, y: 5 } });

  // 1. A run across the flat tile floor (x 0..16, 17 separate tiles under it) with every shape.
  // At rest the box's centre is 0.7 (half height) + the skin 0.02 above the surface, within rounding
  // of the casts (the skin is kept to about 1e-5).
  const SKIN = 0.02, REST = 1e-3;
  for (const shape of ['box', 'circle', 'capsule', 'octagon']) {
    await page.evaluate((s) => window.c2dPlatformer.rebuild(s), shape);
    await focus();
    await waitFor((s) => s.grounded, 5000, `${shape} to land`);
    await page.keyboard.down('ArrowRight');
    const s = await waitFor((q) => q.position.x > 15.2, 8000, `${shape} to run to x 15.2`);
    await page.keyboard.up('ArrowRight');
    const { history } = await collect(`floor run (${shape})`);
    // Frames walking right on the flat floor: grounded before and after, x within the floor.
    let frames = 0, snags = 0, worst = Infinity, push = 0, y0 = null;
    for (let i = 1; i < history.length; i++) {
      const h = history[i], prev = history[i - 1].raw;
      const r = h.raw;
      const x = r[0], grounded = r[10] === 1, wasGrounded = prev[10] === 1;
      if (!(h.keys.right && !h.keys.left && !h.keys.jump && grounded && wasGrounded && prev[0] > 1 && x < 15.5)) continue;
      frames++;
      const progress = r[2] / h.dx;
      worst = Math.min(worst, progress);
      if (y0 === null) y0 = r[1];
      push = Math.max(push, Math.abs(r[1] - y0));
      if (progress < 0.999 || Math.abs(r[1] - y0) > SKIN) snags++;
    }
    check(frames >= 60 && snags === 0, `${shape}: ran to x ${s.position.x.toFixed(2)} across the tile floor: ${frames} walking frames, ${snags} snags (worst progress ${(100 * worst).toFixed(3)}% of the move, largest vertical change ${push.toExponential(2)} <= skin ${SKIN})`);
  }

  // 2. The box walks the level: 30 deg up, plateau of tiles, 45 deg down, stairs, landing, the
  //    65 deg slope it cannot climb.
  await page.evaluate(() => window.c2dPlatformer.rebuild('box'));
  await focus();
  await waitFor((s) => s.grounded, 5000, 'box to land');
  await page.keyboard.down('ArrowRight');
  await waitFor((s) => s.position.x > 40.0, 20000, 'box to walk to the 65 degree slope');
  await sleep(1200);  // keep pushing into the steep slope
  await page.keyboard.up('ArrowRight');
  let run = await collect('level walk (box)');
  const rows = run.history.map((h) => h.raw);
  const groundedAt = (x0, x1) => rows.filter((r) => r[10] === 1 && r[0] > x0 && r[0] < x1);
  const on30 = groundedAt(17, 19.6), onPlateau = groundedAt(20.5, 23.5), on45 = groundedAt(24.5, 25.5), onLanding = groundedAt(33.5, 35.5);
  check(on30.length > 5 && on30.every((r) => Math.abs(Math.acos(r[12]) * 180 / Math.PI - 30) < 1e-6), `box: walked up the 30 deg slope (${on30.length} grounded frames, ground angle 30 deg)`);
  check(onPlateau.length > 5 && onPlateau.every((r) => Math.abs(r[1] - 2.72) < REST), `box: on the plateau of tiles at height 2 (${onPlateau.length} frames, y ${onPlateau.length ? onPlateau[0][1].toFixed(5) : '-'})`);
  check(on45.length > 0 && on45.every((r) => Math.abs(Math.acos(r[12]) * 180 / Math.PI - 45) < 1e-6), `box: walked down the 45 deg slope grounded (snap; ${on45.length} frames)`);
  const stepped = rows.filter((r) => r[21] === 1 && r[0] > 27 && r[0] < 34).length;
  check(stepped >= 5 && onLanding.length > 5 && onLanding.every((r) => Math.abs(r[1] - 2.72) < REST), `box: climbed the stairs by step-up (${stepped} stepped frames) to the landing at height 2`);
  const steep = rows.filter((r) => r[0] > 39);
  const maxX = Math.max(...steep.map((r) => r[0])), maxY = Math.max(...steep.map((r) => r[1]));
  const walls = steep.filter((r) => r[15] === 1);
  check(steep.length > 30 && maxX < 41 && maxY < 1.6 && walls.length > 0, `box: cannot climb the 65 deg slope (${steep.length} frames pushing, x <= ${maxX.toFixed(3)}, y <= ${maxY.toFixed(3)}, wall normal ${walls.length ? `(${walls[0][16].toFixed(3)}, ${walls[0][17].toFixed(3)})` : '-'})`);

  // 3. Moving platform: put the box above it; with no key held it is carried.
  await page.evaluate(() => {
    const f = window.c2dPlatformer, P = f.level.platform;
    const x = P.x0 + (P.x1 - P.x0) * 0.5 * (1 - Math.cos(2 * Math.PI * f.frame / P.period));
    f.teleport(x + 1, P.y + P.h + 0.75);
  });
  const f0 = (await last()).frame;
  await sleep(1500);
  run = await collect('moving platform (box)');
  const ride = run.history.filter((h) => h.frame > f0 + 10).map((h) => h.raw);
  const platformId = await page.evaluate(() => window.c2dPlatformer.platformId);
  const carried = ride.filter((r) => r[10] === 1 && r[4] !== 0 && r[13] === platformId);
  const dxRide = ride.length ? ride[ride.length - 1][0] - ride[0][0] : 0;
  check(ride.length > 30 && carried.length > 0.8 * ride.length, `moving platform: carried in ${carried.length} of ${ride.length} frames with no key held, moved ${dxRide.toFixed(3)} in x, ground = the platform`);

  // 4. One-way platform (x 6..10, y 1.7..2): jump through it from below, land on it, drop through.
  await page.evaluate(() => window.c2dPlatformer.teleport(8, 0.75));
  await focus();
  await waitFor((s) => s.grounded && s.position.y < 1, 5000, 'box under the one-way platform');
  await page.keyboard.down('Space');
  await sleep(120);
  await page.keyboard.up('Space');
  const top = await waitFor((s) => s.grounded && s.position.y > 2, 5000, 'box to land on the one-way platform');
  check(Math.abs(top.position.y - 2.72) < REST, `one-way: jumped up through it and stands on it (y ${top.position.y.toFixed(4)})`);
  await sleep(300);
  await page.keyboard.down('ArrowDown');
  const below = await waitFor((s) => s.grounded && s.position.y < 1, 5000, 'box to drop through');
  await page.keyboard.up('ArrowDown');
  check(Math.abs(below.position.y - 0.72) < REST, `one-way: dropped through it with the down key (y ${below.position.y.toFixed(4)})`);
  await collect('one-way (box)');

  // 5. Native replay: every mover call of every run through c2d_mover_ref.
  let compared = 0, exact = 0, worstDiff = 0, bad = 0;
  // The last collect of each world holds every step of the earlier collects of that world.
  const finals = runs.filter((r, i) => !runs.slice(i + 1).some((q) => q.build === r.build));
  for (const r of finals) {
    if (!r.trace) { fail(`${r.label}: no trace recorded`); continue; }
    const native = nativeMoves(r.trace);
    if (native.some((x) => x === null)) { fail(`${r.label}: native replay refused a call`); continue; }
    for (const h of r.history) {
      const n = native[h.frame - 1];
      if (!n || n[0] !== 0) { bad++; continue; }
      compared++;
      let same = true;
      for (let i = 0; i < h.raw.length; i++) {
        const d = Math.abs(h.raw[i] - n[1 + i]);
        if (!(d <= 1e-9)) { bad++; same = false; if (bad < 5) console.log(`     ${r.label} frame ${h.frame} [${i}] wasm ${h.raw[i]} native ${n[1 + i]}`); break; }
        if (h.raw[i] !== n[1 + i]) same = false;
        worstDiff = Math.max(worstDiff, d);
      }
      if (same) exact++;
    }
  }
  check(compared > 500 && bad === 0, `native build agrees with the page on ${compared} mover steps of ${finals.length} worlds (${exact} bit-identical, largest difference ${worstDiff})`);

  if (process.env.C2D_SCREENSHOT_DIR) {
    mkdirSync(process.env.C2D_SCREENSHOT_DIR, { recursive: true });
    await page.evaluate(() => window.c2dPlatformer.teleport(22, 2.75));
    await sleep(400);
    writeFileSync(join(process.env.C2D_SCREENSHOT_DIR, 'platformer-desktop.png'), await page.locator('#fig-platformer').screenshot());
  }

  // 6. Phone-sized viewport: no horizontal overflow of the page or the figure; touch buttons work.
  await page.setViewportSize({ width: 390, height: 844 });
  await sleep(200);
  const lay = await page.evaluate(() => {
    const f = document.getElementById('fig-platformer');
    const r = f.getBoundingClientRect();
    const c = f.querySelector('canvas').getBoundingClientRect();
    const btns = [...f.querySelectorAll('.pf-touch button')].map((b) => b.getBoundingClientRect()).map((b) => ({ l: b.left, r: b.right, w: b.width, h: b.height }));
    return { docW: document.documentElement.scrollWidth, figL: r.left, figR: r.right, figScroll: f.scrollWidth, figClient: f.clientWidth, canvasL: c.left, canvasR: c.right, btns };
  });
  check(lay.figL >= 0 && lay.figR <= 390 && lay.canvasL >= 0 && lay.canvasR <= 390 && lay.figScroll <= lay.figClient && lay.btns.every((b) => b.l >= 0 && b.r <= 390 && b.w >= 44 && b.h >= 44),
    `phone 390 px: figure [${lay.figL.toFixed(0)}, ${lay.figR.toFixed(0)}] (scroll width ${lay.figScroll} of ${lay.figClient}), buttons ${JSON.stringify(lay.btns)} [${lay.figL.toFixed(0)}, ${lay.figR.toFixed(0)}], canvas [${lay.canvasL.toFixed(0)}, ${lay.canvasR.toFixed(0)}], ${lay.btns.length} touch buttons inside and >= 44 px`);
  check(lay.docW <= 390, `phone 390 px: the page has no horizontal overflow (scroll width ${lay.docW})`);
  await page.evaluate(() => { window.c2dPlatformer.rebuild('box'); window.scrollTo(0, 0); document.getElementById('fig-platformer').scrollIntoView({ block: 'start' }); });
  await waitFor((s) => s.grounded, 5000, 'box to land (phone)');
  const x0 = (await last()).position.x;
  const btn = await page.locator('#fig-platformer .pf-touch button[data-key="right"]').boundingBox();
  await page.mouse.move(btn.x + btn.width / 2, btn.y + btn.height / 2);
  await page.mouse.down();
  await sleep(600);
  await page.mouse.up();
  await sleep(100);
  const x1 = (await last()).position.x;
  const jb = await page.locator('#fig-platformer .pf-touch button[data-key="jump"]').boundingBox();
  await page.mouse.move(jb.x + jb.width / 2, jb.y + jb.height / 2);
  await page.mouse.down();
  const up = await waitFor((s) => s.position.y > 1.5, 3000, 'the jump button to jump');
  await page.mouse.up();
  check(x1 - x0 > 2 && up.position.y > 1.5, `phone: the touch buttons walk (x ${x0.toFixed(2)} -> ${x1.toFixed(2)}) and jump (y ${up.position.y.toFixed(2)})`);
  if (process.env.C2D_SCREENSHOT_DIR) {
    await waitFor((s) => s.grounded, 3000, 'landing');
    writeFileSync(join(process.env.C2D_SCREENSHOT_DIR, 'platformer-phone.png'), await page.screenshot());
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
  console.log(`platformer test: ${failures.length} failure(s)`);
  process.exit(1);
}
console.log('platformer test: passed');
