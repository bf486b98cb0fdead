// The World (src/index.js) over the wasm build: hand-computed moves for every response, events,
// stale handles, filters, and queries against brute force over the narrow phase; with C2D_REF (the
// native reference build, set by make web-check) a scripted scene is replayed through the native
// library and every answer must agree.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { load, encodeShape } from '../src/index.js';
import { diff } from '../scripts/ref-compare.mjs';
import { moveView } from '../page/world-view.mjs';
import { rng } from './rng.mjs';

const c2d = await load();
const ref = process.env.C2D_REF;
const M = 1e-4; // C2D_SWEEP_MARGIN: a touch is backed off by it
const near = (a, b, eps = 1e-9, what = '') => assert.ok(Math.abs(a - b) <= eps, `${what} ${a} != ${b}`);
const box = (hw, hh) => ({ type: 'aabb', minX: -hw, minY: -hh, maxX: hw, maxY: hh });

// A corridor: floor, a wall at x = 60..70, the mover a 10 x 10 box at (20, 20).
function corridor() {
  const w = c2d.createWorld();
  const floor = w.add({ type: 'aabb', minX: 0, minY: 0, maxX: 200, maxY: 10 }, { static: true, userData: 'floor' });
  const wall = w.add(box(5, 25), { x: 65, y: 35, static: true, userData: { name: 'wall' } });
  const mover = w.add(box(5, 5), { x: 20, y: 20, userData: 1 });
  return { w, floor, wall, mover };
}

test('move: touch stops backed off before the wall, with bump\'s collision fields', () => {
  const { w, wall, mover } = corridor();
  const r = w.move(mover, { x: 80, y: 20 }, 'touch');
  near(r.x, 55 - M, 1e-9, 'x'); near(r.y, 20, 0, 'y');
  assert.equal(r.collisions.length, 1);
  const c = r.collisions[0];
  assert.equal(c.other, wall); assert.deepEqual(c.userData, { name: 'wall' }); assert.equal(c.type, 'touch');
  assert.equal(c.overlaps, false);
  near(c.ti, 35 / 60, 1e-12, 'ti');
  assert.deepEqual(c.normal, { x: -1, y: 0 });
  assert.deepEqual(c.move, { x: 60, y: 0 });
  assert.deepEqual(c.otherAABB, { minX: 60, minY: 10, maxX: 70, maxY: 60 });
  const g = w.get(mover);
  assert.equal(g.x, r.x); assert.equal(g.y, r.y);
  assert.ok(w.validate());
  w.destroy();
});

test('move: cross passes through and records, slide keeps the free axis, bounce reflects', () => {
  let { w, wall, mover } = corridor();
  let r = w.move(mover, { x: 80, y: 20 }, (item, other) => (other === wall ? 'cross' : 'slide'));
  assert.equal(r.x, 80); assert.equal(r.y, 20);
  assert.equal(r.collisions.length, 1); assert.equal(r.collisions[0].type, 'cross');
  w.destroy();
  ({ w, wall, mover } = corridor());
  r = w.move(mover, { x: 80, y: 30 }); // default filter: slide
  near(r.x, 55, M, 'slide x'); assert.ok(r.x < 55); near(r.y, 30, 1e-12, 'slide y');
  assert.equal(r.collisions[0].type, 'slide');
  near(r.collisions[0].slide.x, r.x, 0, 'col.slide.x'); near(r.collisions[0].slide.y, 30, 1e-12, 'col.slide.y');
  w.destroy();
  ({ w, wall, mover } = corridor());
  r = w.move(mover, { x: 80, y: 20 }, 'bounce');
  // 25 units left after the touch at 55 - M: reflected back to 55 - M - 25.
  near(r.x, 30 - 2 * M, 1e-9, 'bounce x'); // touch 55 - M, then the 25 + M left, reflected near(r.y, 20, 0, 'bounce y');
  assert.equal(r.collisions[0].type, 'bounce');
  near(r.collisions[0].bounce.x, r.x, 0, 'col.bounce.x');
  w.destroy();
});

test('move: slide along a floor of separate tiles does not stop at the seams', () => {
  const w = c2d.createWorld();
  for (let i = 0; i < 10; i++) w.add(box(5, 5), { x: 5 + 10 * i, y: 5, static: true });
  const m = w.add(box(4, 4), { x: 10, y: 14 + 1e-3 });
  const r = w.move(m, { x: 80, y: 13 });
  near(r.x, 80, 0, 'x');
  assert.ok(r.y > 14 && r.y <= 14 + M, `y ${r.y}: resting on the tiles, not stopped at a seam`);
  assert.equal(r.collisions.length, 1); // the first tile it lands on; the seams add nothing
  w.destroy();
});

test('move: custom responses (addResponse) and check / project do not move', () => {
  const { w, floor, wall, mover } = corridor();
  w.addResponse('stickx', (col, leg) => { leg.start = col.touch; leg.goal = { x: col.touch.x, y: leg.goal.y }; return true; });
  const before = w.get(mover);
  const c = w.check(mover, { x: 80, y: 40 }, (item, other) => (other === wall ? 'stickx' : 'slide'));
  near(c.x, 55, M, 'x'); assert.ok(c.x < 55); near(c.y, 40, 1e-12, 'y');
  assert.equal(c.collisions[0].type, 'stickx');
  const after = w.get(mover);
  assert.equal(after.x, before.x); assert.equal(after.y, before.y);
  const stop = c2d.createWorld();
  const s = stop.add(box(5, 5), { x: 0, y: 0 });
  stop.add(box(5, 5), { x: 20, y: 0, static: true });
  stop.addResponse('halt', (col, leg) => { leg.goal = { x: 1, y: 2 }; return false; });
  const h = stop.move(s, { x: 30, y: 0 }, 'halt');
  assert.equal(h.x, 1); assert.equal(h.y, 2);
  stop.destroy();
  const p = w.project(null, { type: 'circle', x: 0, y: 0, r: 3 }, { x: 0, y: 40 }, { x: 100, y: 40 });
  assert.equal(p.x, 100); assert.equal(p.y, 40);
  assert.deepEqual(p.collisions.map((k) => k.other), [wall]);
  near(p.collisions[0].ti, 0.57, 1e-12, 'project ti');
  // project as the mover: itself is left out.
  const q = w.project(mover, box(5, 5), { x: 0, y: 20 }, { x: 100, y: 20 }, 'cross');
  assert.deepEqual(q.collisions.map((k) => k.other), [wall]);
  void floor;
  w.destroy();
});

test('move: filter errors and unknown responses throw, the world stays valid and unmoved', () => {
  const { w, mover } = corridor();
  assert.throws(() => w.move(mover, { x: 80, y: 20 }, () => { throw new Error('boom'); }), /boom/);
  assert.throws(() => w.move(mover, { x: 80, y: 20 }, () => 'nope'), /unknown response "nope"/);
  assert.throws(() => w.move(mover, { x: 80, y: 20 }, 'nope'), /unknown response/);
  assert.throws(() => w.move(mover, { x: 80, y: 20 }, () => w.queryPoint(0, 0)), /must not call into the library/);
  assert.equal(w.get(mover).x, 20);
  assert.ok(w.validate());
  // A filter may read user data; null ignores the other collider.
  const r = w.move(mover, { x: 80, y: 20 }, (item, other) => (w.userData(other) === 'floor' ? 'slide' : null));
  assert.equal(r.x, 80);
  w.destroy();
});

test('handles: stale, foreign and destroyed-world handles throw a clear Error', () => {
  const { w, mover, wall } = corridor();
  const other = c2d.createWorld();
  const o = other.add(box(1, 1));
  w.remove(mover);
  for (const call of [() => w.setTransform(mover, 0, 0), () => w.move(mover, { x: 0, y: 0 }), () => w.get(mover),
    () => w.userData(mover), () => w.remove(mover), () => w.setFilter(mover, {}), () => w.get(o)]) {
    assert.throws(call, /stale or foreign collider handle/);
  }
  assert.equal(w.has(mover), false);
  assert.equal(w.has(wall), true);
  // The slot is reused with a new generation: the old handle stays stale.
  const again = w.add(box(5, 5), { x: 20, y: 20 });
  assert.notEqual(again, mover);
  assert.throws(() => w.get(mover), /stale/);
  // every kind of c2d_shape is a collider, the arc too: a point in its ring finds it, one in its hole not
  const ring = w.add({ type: 'arc', x: 0, y: 0, inner: 1, outer: 2, start: 0, end: Math.PI }, { x: 5000, y: 5000 });
  assert.deepEqual(w.queryPoint(5000, 5001.5).map((e) => e.id), [ring]);
  assert.deepEqual(w.queryPoint(5000, 5000.5), []);
  assert.throws(() => w.add(box(5, 5), { x: NaN }), /collide2d: add:/);
  other.destroy();
  assert.throws(() => other.add(box(1, 1)), /destroyed/);
  w.destroy();
});

test('update: begin, stay and end events with user data; touching is not an overlap', () => {
  const w = c2d.createWorld();
  const a = w.add({ type: 'circle', x: 0, y: 0, r: 1 }, { x: 0, y: 0, userData: 'a' });
  const b = w.add({ type: 'circle', x: 0, y: 0, r: 1 }, { x: 2, y: 0, userData: { b: true } });
  const s = w.add(box(1, 1), { x: 10, y: 0, sensor: true, static: true, userData: 's' });
  assert.deepEqual(w.update(), []); // touching
  w.setTransform(b, 1.5, 0);
  assert.deepEqual(w.update(), [{ type: 'begin', a, b, userA: 'a', userB: { b: true } }]);
  assert.deepEqual(w.update(), [{ type: 'stay', a, b, userA: 'a', userB: { b: true } }]);
  w.setTransform(a, 10, 0.5);
  assert.deepEqual(w.update().map((e) => [e.type, e.a, e.b]), [['end', a, b], ['begin', a, s]]);
  w.remove(a);
  assert.deepEqual(w.update(), [{ type: 'end', a, b: s, userA: 'a', userB: 's' }]);
  assert.deepEqual(w.update(), []);
  w.destroy();
});

test('queries: filters, flags, and answers equal brute force over the narrow phase (seed 12)', () => {
  const seed = 12;
  const r = rng(seed);
  const w = c2d.createWorld();
  const shapes = [];
  const kinds = ['aabb', 'circle', 'capsule', 'polygon', 'segment'];
  for (let i = 0; i < 300; i++) {
    const k = kinds[i % kinds.length], s = 1 + r() * 4;
    const local = k === 'aabb' ? box(s, s * 0.6) : k === 'circle' ? { type: 'circle', x: 0, y: 0, r: s }
      : k === 'capsule' ? { type: 'capsule', x1: -s, y1: 0, x2: s, y2: 0, r: s / 3 }
        : k === 'segment' ? { type: 'segment', x1: -s, y1: -s, x2: s, y2: s }
          : { type: 'polygon', points: [{ x: -s, y: -s }, { x: s, y: -s * 0.5 }, { x: 0, y: s }] };
    const h = w.add(local, { x: r() * 200, y: r() * 200, angle: r() * 6, static: i % 2 === 0, filter: { category: i % 3 === 0 ? 2 : 1 } });
    shapes.push(h);
  }
  w.update();
  for (let q = 0; q < 200; q++) {
    const x = r() * 200, y = r() * 200;
    const byPoint = w.queryPoint(x, y).map((e) => e.id);
    const brutePoint = shapes.filter((h) => w.pieces(h).some((p) => c2d.overlap({ type: 'point', x, y }, p)));
    assert.deepEqual(byPoint.sort(), brutePoint.sort(), `point (${x}, ${y}) seed ${seed}`);
    const qb = { type: 'aabb', minX: x, minY: y, maxX: x + 10 * r() + 0.5, maxY: y + 10 * r() + 0.5 };
    const byBox = w.queryAABB(qb).map((e) => e.id).sort();
    assert.deepEqual(byBox, shapes.filter((h) => w.pieces(h).some((p) => c2d.overlap(qb, p))).sort(), `aabb seed ${seed}`);
    const circ = { type: 'circle', x, y, r: 1 + 5 * r() };
    const byShape = w.queryShape(circ);
    assert.deepEqual(byShape.map((e) => e.id).sort(), shapes.filter((h) => w.pieces(h).some((p) => c2d.overlap(circ, p))).sort());
    for (const e of byShape) {
      const [piece] = w.pieces(e.id);
      assert.deepEqual(e.hit, c2d.hit(circ, piece));
    }
    const ray = { origin: { x, y }, translation: { x: 100 * r() - 50, y: 100 * r() - 50 } };
    const all = w.raycastAll(ray);
    const brute = shapes.map((h) => ({ id: h, hit: c2d.raycast(w.pieces(h)[0], ray) })).filter((e) => e.hit && w.get(e.id).pieceCount === 1)
      .sort((a, b) => a.hit.time - b.hit.time || ((a.id / 2 ** 32) | 0) - ((b.id / 2 ** 32) | 0));
    assert.deepEqual(all.map((e) => e.id), brute.map((e) => e.id), `ray seed ${seed}`);
    const first = w.raycastFirst(ray);
    assert.equal(first ? first.id : null, brute.length ? brute[0].id : null);
    // category 2 only
    const cat2 = w.queryAABB(qb, { mask: 2 }).map((e) => e.id);
    assert.ok(cat2.every((h) => w.get(h).filter.category === 2));
    assert.ok(w.queryAABB(qb, { skipStatic: true }).every((e) => !w.get(e.id).static));
  }
  assert.ok(w.validate());
  w.destroy();
});

// ---- the scripted scene against the native reference ----

const handleLine = (h) => String(h);
function scene() {
  const lines = [], results = [];
  const w = c2d.createWorld({ tag: 1 }); // the reference's world has tag 1: the same handles
  const rec = (line, result) => { lines.push(line); results.push(result); return result; };
  const enc = (s) => Array.from(encodeShape(s)).join(' ');
  const add = (shape, o) => {
    const h = w.add(shape, o);
    const f = o.filter || {};
    const flags = (o.static ? 1 : 0) | (o.sensor ? 2 : 0);
    return rec(`wadd ${enc(shape)} ${o.x} ${o.y} ${o.angle || 0} ${f.category || 0} ${f.mask || 0} ${f.group || 0} ${flags} ${o.oneWay ? `${o.oneWay.x} ${o.oneWay.y}` : '0 0'}`, h);
  };
  const ids = (list) => list.map((e) => ({ id: e.id }));
  const noUser = (list) => list.map(({ userData, ...rest }) => rest);
  rec('wnew', true);
  const r = rng(5);
  const statics = [];
  for (let i = 0; i < 40; i++) {
    const kinds = [box(3 + r() * 6, 2 + r() * 4), { type: 'circle', x: 0, y: 0, r: 2 + r() * 4 },
      { type: 'capsule', x1: -4, y1: 0, x2: 4, y2: 0, r: 1.5 }, { type: 'polygon', points: [{ x: -4, y: -3 }, { x: 5, y: -2 }, { x: 1, y: 5 }] },
      { type: 'concave', points: [{ x: -6, y: -6 }, { x: 6, y: -6 }, { x: 6, y: 6 }, { x: 2, y: 6 }, { x: 2, y: -2 }, { x: -2, y: -2 }, { x: -2, y: 6 }, { x: -6, y: 6 }] }];
    statics.push(add(kinds[i % kinds.length], { x: Math.round(r() * 150), y: Math.round(r() * 150), angle: i % 4 === 1 ? Math.round(r() * 100) / 37 : 0, static: true }));
  }
  const sensor = add(box(10, 10), { x: 75, y: 75, sensor: true, static: true });
  const movers = [];
  for (let i = 0; i < 10; i++) movers.push(add(i % 2 ? box(3, 3) : { type: 'circle', x: 0, y: 0, r: 3 }, { x: Math.round(r() * 150), y: Math.round(r() * 150) }));
  rec('wupdate', noUser(w.update()).map(({ userA, userB, ...e }) => e));
  for (let step = 0; step < 30; step++) {
    const x = Math.round(r() * 1500) / 10, y = Math.round(r() * 1500) / 10;
    rec(`wpoint ${x} ${y}`, ids(w.queryPoint(x, y)));
    rec(`waabb ${x} ${y} ${x + 20} ${y + 15}`, ids(w.queryAABB({ minX: x, minY: y, maxX: x + 20, maxY: y + 15 })));
    const c = { type: 'circle', x, y, r: 8 };
    rec(`wshape ${enc(c)}`, noUser(w.queryShape(c)));
    const tx = Math.round(r() * 1000) / 10 - 50, ty = Math.round(r() * 1000) / 10 - 50;
    const ray = { origin: { x, y }, translation: { x: tx, y: ty } };
    rec(`wray ${x} ${y} ${tx} ${ty} 1 0`, (() => { const h = w.raycastFirst(ray); return h && { id: h.id, hit: h.hit }; })());
    rec(`wray ${x} ${y} ${tx} ${ty} 1 1`, noUser(w.raycastAll(ray)));
    const bx = box(2, 3);
    const shifted = { type: 'aabb', minX: x - 2, minY: y - 3, maxX: x + 2, maxY: y + 3 };
    void bx;
    rec(`wcast ${enc(shifted)} ${tx} ${ty} 0`, (() => { const h = w.castFirst(shifted, { x: tx, y: ty }); return h && { id: h.id, sweep: h.sweep }; })());
    rec(`wcast ${enc(shifted)} ${tx} ${ty} 1`, noUser(w.castAll(shifted, { x: tx, y: ty })));
    rec(`wnearest ${enc({ type: 'point', x, y })} 30`, (() => { const h = w.nearest({ type: 'point', x, y }, 30); if (!h) return null; const { userData, ...rest } = h; return rest; })());
    const m = movers[step % movers.length];
    const resp = ['touch', 'cross', 'slide', 'bounce'];
    const table = statics.map((h, i) => (i + step) % 4 + 1);
    rec(`wfilter ${table.length} ${table.join(' ')}`, true);
    const filter = (item, other) => { const k = Math.floor(other / 2 ** 32); return k < table.length ? resp[table[k] - 1] : 'slide'; };
    const g = { x: Math.round(r() * 1500) / 10, y: Math.round(r() * 1500) / 10 };
    if (step % 3 === 0) rec(`wcheck ${handleLine(m)} ${g.x} ${g.y} 1 0`, moveView(w.check(m, g, filter)));
    rec(`wmove ${handleLine(m)} ${g.x} ${g.y} 1 0`, moveView(w.move(m, g, filter)));
    if (step % 5 === 0) rec(`wmove ${handleLine(m)} ${g.x + 10} ${g.y} 0 0`, moveView(w.move(m, { x: g.x + 10, y: g.y })));
    if (step % 4 === 0) rec(`wproject 0 ${enc(box(3, 3))} ${x} ${y} 0 ${g.x} ${g.y} 1`, moveView(w.project(null, box(3, 3), { x, y }, g, filter)));
    if (step === 10) rec(`wremove ${handleLine(statics[3])}`, (w.remove(statics[3]), 0));
    if (step % 6 === 0) rec(`wxf ${handleLine(movers[1])} ${x} ${y} 0`, (w.setTransform(movers[1], x, y), 0));
    rec('wupdate', w.update().map(({ userA, userB, ...e }) => e));
  }
  assert.ok(w.validate());
  void sensor;
  w.destroy();
  return { lines, results };
}

test('the scripted scene: every answer equals the native reference', { skip: !ref && 'C2D_REF not set (make web-check sets it)' }, () => {
  const { lines, results } = scene();
  const out = spawnSync(ref, [], { input: lines.join('\n') + '\n', encoding: 'utf8', maxBuffer: 64 << 20 });
  assert.equal(out.status, 0, out.stderr);
  const native = out.stdout.trim().split('\n').map((l) => JSON.parse(l));
  assert.equal(native.length, lines.length);
  const bad = [];
  results.forEach((got, i) => { const d = diff(got, native[i], `[${i}] ${lines[i].split(' ')[0]}`); if (d.length) bad.push(d.slice(0, 3).join('; ')); });
  assert.deepEqual(bad.slice(0, 10), []);
  const ops = new Set(lines.map((l) => l.split(' ')[0]));
  assert.ok(['wmove', 'wcheck', 'wproject', 'wcast', 'wray', 'wshape', 'wnearest', 'wupdate'].every((o) => ops.has(o)));
  const moves = results.filter((x, i) => lines[i].startsWith('wmove'));
  assert.ok(moves.some((m) => m.collisions.length > 0), 'some moves collide');
});
