// Node benchmark of collide2d's character mover (wasm build) beside Rapier's
// KinematicCharacterController (@dimforge/rapier2d-compat) and, for boxes, detect-collisions'
// push-out. Appends JSON lines {suite: 'mover', scene, n, impl, frames, us_per_mover_frame, ...}
// to argv[2] (default ../build/bench/mover.jsonl; its rows from an earlier run of this script are
// replaced, the native rows of bench/bench_mover.c kept) and prints ratios.
//
// Scene (the same numbers for every engine): 10 bands of terrain, 2100 columns each, built from
// separate unit tile boxes (about 100k) with 45 degree slopes on one in two rises and falls, and
// 0.4-high steps on flat ground; 1000 movers (box, circle, capsule, octagon in turn; scene
// "boxes": all boxes) walk, turn, jump and step for 100 frames at 1/60 s. Each engine gets the
// same controller in JavaScript (run 6, jump 12, gravity 30) fed by its own results. Mover
// settings: skin/offset 0.02, max climb = min slide 50 degrees, step-up 0.5 high / 0.2 wide,
// snap to ground 0.5, slide on, up (0, 1). Movers do not collide with each other.
// Time: the median of 3 runs of the 100 frames (movers back at their spawn points each run).
import { mkdirSync, appendFileSync, writeFileSync, readFileSync, existsSync } from 'node:fs';
import { dirname } from 'node:path';
import { createRequire } from 'node:module';
import { load, MoverWorld } from '../src/index.js';
import { rng } from '../test/rng.mjs';

const require = createRequire(import.meta.url);
const RAPIER = require('@dimforge/rapier2d-compat');
const { System } = require('detect-collisions');

const out = process.argv[2] || new URL('../../build/bench/mover.jsonl', import.meta.url).pathname;
mkdirSync(dirname(out), { recursive: true });
// Keep the native rows (make bench: bench/bench_mover.c appends them); replace this script's.
writeFileSync(out, existsSync(out) ? readFileSync(out, 'utf8').split('\n').filter((l) => l.includes('"impl":"collide2d native')).map((l) => l + '\n').join('') : '');
const QUICK = process.env.BENCH_QUICK === '1';

const BANDS = 10, COLUMNS = QUICK ? 400 : 2100, MOVERS = QUICK ? 200 : 1000, FRAMES = 100, RUNS = 3;
const DT = 1 / 60, RUN = 6, JUMP = 12, GRAVITY = 30;
const DEG = Math.PI / 180;
const SET = { skin: 0.02, maxSlope: 50 * DEG, minSlide: 50 * DEG, stepHeight: 0.5, stepWidth: 0.2, snap: 0.5 };

// mulberry32: the same stream in C (bench/bench_mover.c) if it is ever ported.
function makeLevel() {
  const tiles = [], tris = [], steps = [], ground = [];
  for (let b = 0; b < BANDS; b++) {
    const Y = 40 * b, r = rng(1000 + b), h = new Int32Array(COLUMNS);
    let cur = 2;
    for (let c = 0; c < COLUMNS; c++) {
      const u = r();
      if (c > 2 && c < COLUMNS - 3) { if (u < 0.15 && cur < 4) cur++; else if (u < 0.3 && cur > 0) cur--; }
      h[c] = c === 0 || c === COLUMNS - 1 ? 10 : cur;   // walls at both ends
    }
    for (let c = 0; c < COLUMNS; c++) for (let y = -3; y < h[c]; y++) tiles.push([c, Y + y, c + 1, Y + y + 1]);
    for (let c = 1; c < COLUMNS - 2; c++) {
      const u = r();
      if (h[c + 1] === h[c] + 1 && u < 0.5) tris.push([[c, Y + h[c]], [c + 1, Y + h[c]], [c + 1, Y + h[c] + 1]]);
      else if (h[c + 1] === h[c] - 1 && u < 0.5) tris.push([[c + 1, Y + h[c + 1]], [c + 2, Y + h[c + 1]], [c + 1, Y + h[c + 1] + 1]]);
      else if (h[c + 1] === h[c] && h[c + 2] === h[c] && u < 0.1) steps.push([c + 1, Y + h[c], c + 2, Y + h[c] + 0.4]);
    }
    ground.push(h);
  }
  return { tiles, tris, steps, ground };
}

const SHAPES = ['box', 'circle', 'capsule', 'octagon'];
const OCT = Array.from({ length: 8 }, (_, i) => ({ x: 0.5 * Math.cos((i + 0.5) * Math.PI / 4), y: 0.6 * Math.sin((i + 0.5) * Math.PI / 4) }));
function spawns(level, allBoxes) {
  const s = [];
  for (let i = 0; i < MOVERS; i++) {
    const b = i % BANDS, col = 20 + Math.floor(COLUMNS / (MOVERS / BANDS) - 1) * Math.floor(i / BANDS);
    s.push({ shape: allBoxes ? 'box' : SHAPES[i % 4], x: col + 0.5, y: 40 * b + level.ground[b][col] + 1.5 });
  }
  return s;
}

// The controller every engine shares: per mover {dir, vy, grounded}; returns the desired move.
function makeController(n) {
  return { dir: new Float64Array(n).fill(1), vy: new Float64Array(n), grounded: new Uint8Array(n), blocked: new Uint8Array(n) };
}
function desired(ctl, i, frame) {
  if ((frame + 7 * i) % (60 + (i % 50)) === 0) ctl.dir[i] = -ctl.dir[i];
  if (ctl.grounded[i] && (ctl.blocked[i] || (frame + i) % 45 === 0)) ctl.vy[i] = JUMP;
  ctl.vy[i] = Math.max(ctl.vy[i] - GRAVITY * DT, -20);
  return [ctl.dir[i] * RUN * DT, ctl.vy[i] * DT];
}
function feedback(ctl, i, grounded, ceiling, movedX, wantX) {
  ctl.grounded[i] = grounded ? 1 : 0;
  if (grounded && ctl.vy[i] < 0) ctl.vy[i] = 0;
  if (ceiling && ctl.vy[i] > 0) ctl.vy[i] = 0;
  ctl.blocked[i] = Math.abs(movedX) < 0.5 * Math.abs(wantX) ? 1 : 0;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
function record(scene, impl, usPer, extra) {
  const row = { suite: 'mover', scene, n: MOVERS, tiles: extra.tiles, impl, frames: FRAMES, us_per_mover_frame: Number(usPer.toFixed(4)), ...extra };
  appendFileSync(out, JSON.stringify(row) + '\n');
  console.log(`mover ${scene.padEnd(7)} ${impl.padEnd(44)} ${usPer.toFixed(3).padStart(8)} us/mover/frame  grounded ${(100 * extra.grounded_frac).toFixed(1)}%  mean |dx| ${extra.mean_abs_dx.toFixed(4)}`);
  return row;
}

// Runs FRAMES frames RUNS times through step(i, dx, dy) -> [grounded, ceiling, movedX]; reset()
// puts movers back at spawn. Returns {us, grounded_frac, mean_abs_dx} of the median run.
function measure(n, reset, step) {
  const runs = [];
  for (let rep = 0; rep < RUNS; rep++) {
    reset();
    const ctl = makeController(n);
    let grounded = 0, adx = 0, ms = 0;
    for (let f = 0; f < FRAMES; f++) {
      const t0 = performance.now();
      for (let i = 0; i < n; i++) {
        const [dx, dy] = desired(ctl, i, f);
        const [g, c, mx] = step(i, dx, dy);
        feedback(ctl, i, g, c, mx, dx);
        grounded += g ? 1 : 0;
        adx += Math.abs(mx);
      }
      ms += performance.now() - t0;
    }
    runs.push({ us: (1000 * ms) / (n * FRAMES), grounded_frac: grounded / (n * FRAMES), mean_abs_dx: adx / (n * FRAMES) });
  }
  return runs.sort((a, b) => a.us - b.us)[RUNS >> 1];
}

function c2dScene(lib, level, sp) {
  const t0 = performance.now();
  const w = new MoverWorld(lib, { capacity: level.tiles.length + level.tris.length + level.steps.length + sp.length });
  for (const t of level.tiles) w.addBox(t[0], t[1], t[2], t[3]);
  for (const t of level.steps) w.addBox(t[0], t[1], t[2], t[3]);
  for (const t of level.tris) w.addShape({ type: 'polygon', points: t.map(([x, y]) => ({ x, y })) });
  const shapes = {
    box: { type: 'aabb', minX: -0.4, minY: -0.7, maxX: 0.4, maxY: 0.7 },
    circle: { type: 'circle', x: 0, y: 0, r: 0.5 },
    capsule: { type: 'capsule', x1: 0, y1: -0.3, x2: 0, y2: 0.3, r: 0.4 },
    octagon: { type: 'polygon', points: OCT },
  };
  // Movers: one negative group, so that they collide with the level only.
  const movers = sp.map((s) => w.createMover(shapes[s.shape], s, {
    skin: SET.skin, maxSlope: SET.maxSlope, minSlideSlope: SET.minSlide, stepHeight: SET.stepHeight,
    stepMinWidth: SET.stepWidth, snapDistance: SET.snap,
  }));
  movers.forEach((m) => w.setFilter(m.collider, { groupIndex: -1 }));
  w.update();
  return { w, movers, buildMs: performance.now() - t0 };
}

async function rapierScene(level, sp) {
  const t0 = performance.now();
  const world = new RAPIER.World({ x: 0, y: 0 });
  const tileDesc = (t) => RAPIER.ColliderDesc.cuboid((t[2] - t[0]) / 2, (t[3] - t[1]) / 2).setTranslation((t[0] + t[2]) / 2, (t[1] + t[3]) / 2);
  for (const t of level.tiles) world.createCollider(tileDesc(t));
  for (const t of level.steps) world.createCollider(tileDesc(t));
  for (const t of level.tris) world.createCollider(RAPIER.ColliderDesc.triangle({ x: t[0][0], y: t[0][1] }, { x: t[1][0], y: t[1][1] }, { x: t[2][0], y: t[2][1] }));
  // Movers: membership 2, filter 1 (the level, membership 1 by default: 0xFFFF_FFFF groups).
  const groups = (0x0002 << 16) | 0x0001;
  const octPts = new Float32Array(OCT.flatMap((p) => [p.x, p.y]));
  const desc = {
    box: () => RAPIER.ColliderDesc.cuboid(0.4, 0.7),
    circle: () => RAPIER.ColliderDesc.ball(0.5),
    capsule: () => RAPIER.ColliderDesc.capsule(0.3, 0.4),
    octagon: () => RAPIER.ColliderDesc.convexHull(octPts),
  };
  const cols = sp.map((s) => world.createCollider(desc[s.shape]().setTranslation(s.x, s.y).setCollisionGroups(groups)));
  const kcc = world.createCharacterController(SET.skin);
  kcc.setUp({ x: 0, y: 1 });
  kcc.setSlideEnabled(true);
  kcc.setMaxSlopeClimbAngle(SET.maxSlope);
  kcc.setMinSlopeSlideAngle(SET.minSlide);
  kcc.enableAutostep(SET.stepHeight, SET.stepWidth, false);
  kcc.enableSnapToGround(SET.snap);
  kcc.setApplyImpulsesToDynamicBodies(false);
  world.step();  // puts every collider into the broad phase the queries use
  return { world, kcc, cols, groups, buildMs: performance.now() - t0 };
}

function dcScene(level, sp) {
  const t0 = performance.now();
  const system = new System();
  for (const t of level.tiles) system.createBox({ x: t[0], y: t[1] }, t[2] - t[0], t[3] - t[1], { isStatic: true });
  for (const t of level.steps) system.createBox({ x: t[0], y: t[1] }, t[2] - t[0], t[3] - t[1], { isStatic: true });
  for (const t of level.tris) system.createPolygon({ x: 0, y: 0 }, t.map(([x, y]) => ({ x, y })), { isStatic: true });
  const bodies = sp.map((s) => system.createBox({ x: s.x - 0.4, y: s.y - 0.7 }, 0.8, 1.4));
  return { system, bodies, buildMs: performance.now() - t0 };
}

await RAPIER.init();
const lib = await load();
const level = makeLevel();
const nTiles = level.tiles.length;
console.log(`mover scene: ${nTiles} tiles, ${level.tris.length} slopes, ${level.steps.length} steps, ${MOVERS} movers, ${FRAMES} frames (median of ${RUNS} runs)`);

const summary = [];
for (const scene of ['mixed', 'boxes']) {
  const sp = spawns(level, scene === 'boxes');
  const extra = (o, build) => ({ tiles: nTiles, grounded_frac: o.grounded_frac, mean_abs_dx: o.mean_abs_dx, build_ms: Number(build.toFixed(1)) });

  const c = c2dScene(lib, level, sp);
  const c2d = measure(MOVERS,
    () => c.movers.forEach((m, i) => { c.w.setPosition(m.collider, sp[i].x, sp[i].y); m.reset(); }),
    (i, dx, dy) => { const r = c.movers[i].move(dx, dy); return [r.grounded, r.hitCeiling, r.moved.x]; });
  const rowC = record(scene, 'collide2d wasm (Mover.move per mover)', c2d.us, extra(c2d, c.buildMs));
  // The same through the batch call (one wasm call a frame for all movers).
  {
    const inputs = new Float64Array(3 * MOVERS);
    const runs = [];
    for (let rep = 0; rep < RUNS; rep++) {
      c.movers.forEach((m, i) => { c.w.setPosition(m.collider, sp[i].x, sp[i].y); m.reset(); });
      const ctl = makeController(MOVERS);
      const prev = sp.map((s) => s.x);
      let ms = 0, grounded = 0, adx = 0;
      for (let f = 0; f < FRAMES; f++) {
        const t0 = performance.now();
        for (let i = 0; i < MOVERS; i++) { const [dx, dy] = desired(ctl, i, f); inputs[3 * i] = dx; inputs[3 * i + 1] = dy; inputs[3 * i + 2] = 0; }
        const o = c.w.moveAll(inputs);
        for (let i = 0; i < MOVERS; i++) {
          const mx = o[4 * i] - prev[i];
          prev[i] = o[4 * i];
          feedback(ctl, i, o[4 * i + 2] === 1, o[4 * i + 3] === 1, mx, inputs[3 * i]);
          grounded += o[4 * i + 2]; adx += Math.abs(mx);
        }
        ms += performance.now() - t0;
      }
      runs.push({ us: (1000 * ms) / (MOVERS * FRAMES), grounded_frac: grounded / (MOVERS * FRAMES), mean_abs_dx: adx / (MOVERS * FRAMES) });
    }
    const b = runs.sort((x, y) => x.us - y.us)[RUNS >> 1];
    record(scene, 'collide2d wasm (MoverWorld.moveAll batch)', b.us, extra(b, c.buildMs));
  }
  c.w.destroy();

  const R = await rapierScene(level, sp);
  const pos = sp.map((s) => ({ x: s.x, y: s.y }));
  const rap = measure(MOVERS,
    () => R.cols.forEach((col, i) => { col.setTranslation({ x: sp[i].x, y: sp[i].y }); pos[i].x = sp[i].x; pos[i].y = sp[i].y; }),
    (i, dx, dy) => {
      const col = R.cols[i];
      R.kcc.computeColliderMovement(col, { x: dx, y: dy }, undefined, R.groups);
      const mv = R.kcc.computedMovement();
      pos[i].x += mv.x; pos[i].y += mv.y;
      col.setTranslation(pos[i]);
      return [R.kcc.computedGrounded(), dy > 0 && mv.y < dy * 0.5, mv.x];
    });
  const rowR = record(scene, 'rapier2d-compat KinematicCharacterController', rap.us, extra(rap, R.buildMs));
  R.world.free();

  let rowD = null;
  if (scene === 'boxes') {
    const D = dcScene(level, sp);
    const dc = measure(MOVERS,
      () => D.bodies.forEach((b, i) => b.setPosition(sp[i].x - 0.4, sp[i].y - 0.7)),
      (i, dx, dy) => {
        const b = D.bodies[i];
        const x0 = b.x, y0 = b.y;
        b.setPosition(x0 + dx, y0 + dy);
        D.system.separateBody(b);
        const pushedUp = b.y > y0 + dy + 1e-9, pushedDown = b.y < y0 + dy - 1e-9;
        return [pushedUp, pushedDown, b.x - x0];
      });
    rowD = record(scene, 'detect-collisions (move + separateBody, boxes)', dc.us, extra(dc, D.buildMs));
  }
  summary.push({ scene, c2d: rowC, rapier: rowR, dc: rowD });
}

for (const s of summary) {
  const ratio = s.rapier.us_per_mover_frame / s.c2d.us_per_mover_frame;
  console.log(`mover ${s.scene}: collide2d ${s.c2d.us_per_mover_frame} us vs Rapier ${s.rapier.us_per_mover_frame} us per mover per frame: ${ratio.toFixed(1)}x faster (target >= 5x)${s.dc ? `; detect-collisions push-out ${s.dc.us_per_mover_frame} us (${(s.dc.us_per_mover_frame / s.c2d.us_per_mover_frame).toFixed(1)}x)` : ''}`);
  appendFileSync(out, JSON.stringify({ suite: 'mover', scene: s.scene, n: MOVERS, impl: 'ratio rapier/collide2d', ratio: Number(ratio.toFixed(2)), target: 5 }) + '\n');
}
