// Shape handles (lib.shape), their failure modes, the plain-JS circle path and the batch calls:
// each against the plain-object path, which decodes the shapes and runs the C code on every call.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { load, C2DError, ShapeHandle } from '../src/index.js';
import { rng } from './rng.mjs';

const c2d = await load();

const isCode = (code) => (e) => {
  assert.ok(e instanceof C2DError, `expected a C2DError, got ${e}`);
  assert.equal(e.code, code);
  return true;
};
const ring = (n, r = 1) => Array.from({ length: n }, (_, i) => ({ x: r * Math.cos((2 * Math.PI * i) / n), y: r * Math.sin((2 * Math.PI * i) / n) }));
const circle = (x, y, r) => ({ type: 'circle', x, y, r });

test('an invalid shape throws a C2DError with the C status name when made, and in every query', () => {
  const nine = { type: 'polygon', points: ring(9) };
  const bad = [
    [nine, 'C2D_ERR_TOO_MANY_POINTS'],
    [circle(0, 0, -1), 'C2D_ERR_BAD_SIZE'],
    [circle(NaN, 0, 1), 'C2D_ERR_NOT_FINITE'],
    [{ type: 'aabb', minX: 1, minY: 0, maxX: 0, maxY: 1 }, 'C2D_ERR_BAD_SIZE'],
    [{ type: 'polygon', points: [0, 0, 1, 1, 2, 2] }, 'C2D_ERR_DEGENERATE'],
    [{ type: 'concave', points: [0, 0, 2, 2, 2, 0, 0, 2] }, 'C2D_ERR_SELF_INTERSECTING'],
  ];
  const good = circle(0, 0, 1);
  for (const [shape, code] of bad) {
    assert.throws(() => c2d.shape(shape), isCode(code), code);
    // the message is validate()'s reason, with the status name
    assert.throws(() => c2d.shape(shape), (e) => e.message.includes(c2d.validate(shape)) && e.message.includes(code));
    assert.throws(() => c2d.overlap(shape, good), isCode(code));
    assert.throws(() => c2d.overlap(good, shape), isCode(code));
    assert.throws(() => c2d.containsPoint(shape, 0, 0), isCode(code));
    assert.throws(() => c2d.bounds(shape), isCode(code));
    if (shape.type !== 'concave') {
      assert.throws(() => c2d.hit(shape, good), isCode(code));
      assert.throws(() => c2d.manifold(good, shape), isCode(code));
      assert.throws(() => c2d.distance(shape, good), isCode(code));
      assert.throws(() => c2d.cast(shape, { x: 1, y: 0 }, good), isCode(code));
      assert.throws(() => c2d.sweepInto(shape, { x: 1, y: 0 }, [good]), isCode(code));
      assert.throws(() => c2d.sweepInto(good, { x: 1, y: 0 }, [good, shape]), isCode(code));
    }
  }
  // 8 points is the limit and is fine
  assert.ok(c2d.shape({ type: 'polygon', points: ring(8) }) instanceof ShapeHandle);
});

test('set() with an invalid shape throws and leaves the handle as it was; destroy() ends it', () => {
  const h = c2d.shape(circle(0, 0, 1));
  assert.throws(() => h.set(circle(0, 0, 0)), isCode('C2D_ERR_BAD_SIZE'));
  assert.equal(c2d.overlap(h, circle(1.5, 0, 1)), true);
  assert.deepEqual(c2d.bounds(h), { minX: -1, minY: -1, maxX: 1, maxY: 1 });
  h.set({ type: 'polygon', points: ring(6, 2) }); // grows its wasm copy
  assert.equal(h.type, 'polygon');
  assert.equal(c2d.overlap(h, circle(2.5, 0, 1)), true);
  h.set(circle(10, 0, 1));
  assert.equal(c2d.overlap(h, circle(2.5, 0, 1)), false);
  h.destroy();
  h.destroy();
  assert.throws(() => c2d.overlap(h, circle(0, 0, 1)), /after destroy/);
  assert.throws(() => c2d.hit(h, h), /after destroy/);
});

test('the calls that take shapes by value take handles too (hull, sweepInto, world.add)', () => {
  const p = c2d.shape({ type: 'polygon', points: [0, 0, 1, 1, 2, 0, 2, 2, 0, 2] });
  assert.equal(c2d.hull(p).length, 4);
  assert.equal(c2d.sweepInto(c2d.shape(circle(-3, 1, 0.5)), { x: 5, y: 0 }, [p]).index, 0);
  const w = c2d.createWorld();
  w.add(p, { static: true, userData: 'p' });
  w.update();
  assert.deepEqual(w.queryPoint(1, 1.5).map((o) => o.userData), ['p']);
  w.destroy();
});

test('every pair of kinds answers: the arc and the concave polygon are kinds of c2d_shape', () => {
  const poly = c2d.shape({ type: 'polygon', points: ring(5) });
  const arc = c2d.shape({ type: 'arc', x: 0, y: 0, inner: 1, outer: 2, start: 0, end: 1 });
  const concave = { type: 'concave', points: [0, 0, 4, 0, 4, 4, 2, 1, 0, 4] };
  assert.equal(typeof c2d.overlap(poly, arc), 'boolean');
  assert.equal(c2d.hitMany([poly], [arc]).count, c2d.hit(poly, arc) ? 1 : 0);
  assert.equal(c2d.overlap(arc, { type: 'point', x: 1.5 * Math.cos(0.5), y: 1.5 * Math.sin(0.5) }), true);
  assert.equal(c2d.overlap(concave, poly), true);
  assert.ok(c2d.hit(concave, poly));
});

const KINDS = ['point', 'segment', 'aabb', 'rect', 'circle', 'capsule', 'polygon', 'roundedPolygon', 'ellipse', 'wedge', 'concave', 'arc'];
function randomShape(kind, r) {
  const x = r() * 4 - 2, y = r() * 4 - 2, s = 0.5 + r() * 1.5;
  switch (kind) {
    case 'point': return { type: 'point', x, y };
    case 'segment': return { type: 'segment', x1: x, y1: y, x2: x + r() * 3 - 1.5, y2: y + r() * 3 - 1.5 };
    case 'aabb': return { type: 'aabb', minX: x - s, minY: y - s * 0.7, maxX: x + s, maxY: y + s * 0.7 };
    case 'rect': return { type: 'rect', x, y, width: s, height: s * 0.6 };
    case 'circle': return circle(x, y, s);
    case 'capsule': return { type: 'capsule', x1: x, y1: y, x2: x + r() * 2 - 1, y2: y + r() * 2 - 1, r: s * 0.5 };
    case 'polygon': return { type: 'polygon', points: ring(3 + Math.floor(r() * 6), s).map((p) => ({ x: x + p.x * (0.7 + 0.3 * r()), y: y + p.y })) };
    case 'roundedPolygon': return { type: 'roundedPolygon', points: ring(3 + Math.floor(r() * 4), s * 0.7).map((p) => ({ x: x + p.x, y: y + p.y * (0.6 + 0.4 * r()) })), r: s * 0.3 };
    case 'concave': return { type: 'concave', points: ring(7, s).map((p, i) => ({ x: x + p.x * (i % 2 ? 1 : 0.45), y: y + p.y * (i % 2 ? 1 : 0.45) })) };
    case 'arc': return { type: 'arc', x, y, inner: s * 0.4, outer: s, start: r() * 6, end: r() * 6 + 1 };
    case 'wedge': { const start = r() * 6; return { type: 'wedge', x, y, r: s, start, end: start + 0.2 + r() * 2.9 }; }
    case 'ellipse': return { type: 'ellipse', x, y, rx: s, ry: s * (0.3 + 0.6 * r()), angle: r() * 6 };
    default: throw new Error(kind);
  }
}
const attempt = (fn) => { try { return { value: fn() }; } catch (e) { return { error: e.message }; } };

test('handles give exactly the plain-object answers for every kind and query', () => {
  const seed = 4242;
  console.log(`seed ${seed}`);
  const r = rng(seed);
  let compared = 0;
  for (let round = 0; round < 4; round++) {
    for (const ka of KINDS) {
      for (const kb of KINDS) {
        const a = randomShape(ka, r), b = randomShape(kb, r);
        const ha = c2d.shape(a), hb = c2d.shape(b);
        const d = { x: r() * 4 - 2, y: r() * 4 - 2 };
        const ray = { origin: { x: r() * 8 - 4, y: r() * 8 - 4 }, translation: { x: r() * 8 - 4, y: r() * 8 - 4 } };
        const ops = [
          (p, q) => c2d.overlap(p, q), (p, q) => c2d.hit(p, q), (p, q) => c2d.manifold(p, q),
          (p, q) => c2d.distance(p, q), (p, q) => c2d.cast(p, d, q), (p) => c2d.bounds(p),
          (p) => c2d.containsPoint(p, d), (p) => c2d.raycast(p, ray),
        ];
        for (const op of ops) {
          const plain = attempt(() => op(a, b)), handles = attempt(() => op(ha, hb));
          assert.deepEqual(handles, plain, `${ka} ${kb} ${op}`);
          assert.deepEqual(attempt(() => op(ha, b)), plain, `${ka} ${kb} ${op} (mixed)`);
          compared++;
        }
        ha.destroy(); hb.destroy();
      }
    }
  }
  assert.ok(compared > 3000);
});

test('the plain-JS circle path gives the same bits as the C code', () => {
  const seed = 99;
  console.log(`seed ${seed}`);
  const r = rng(seed);
  const out = {};
  let hits = 0;
  const scales = [1, 1e-3, 1e5, 1e-149];
  for (let i = 0; i < 20000; i++) {
    const s = scales[i % scales.length];
    const a = circle((r() * 4 - 2) * s, (r() * 4 - 2) * s, (0.1 + r() * 2) * s);
    // some concentric or nearly so, some touching exactly
    const b = i % 50 === 0 ? circle(a.x, a.y, a.r * 2)
      : i % 50 === 1 ? circle(a.x + a.r + s, a.y, s)
        : i % 50 === 3 ? circle(a.x + s * 1e-12, a.y, a.r) // at 1e-149: centers closer than DBL_MIN
        : circle((r() * 4 - 2) * s, (r() * 4 - 2) * s, (0.1 + r() * 2) * s);
    const ha = c2d.shape(a), hb = c2d.shape(b);
    const ref = c2d.hit(a, b); // plain objects: decoded and tested in wasm
    assert.deepEqual(c2d.hit(ha, hb), ref, JSON.stringify([a, b]));
    const o = c2d.hit(ha, hb, out);
    if (ref) { assert.equal(o, out); assert.deepEqual({ ...out }, ref); hits++; } else assert.equal(o, null);
    assert.equal(c2d.overlap(ha, hb), c2d.overlap(a, b));
    ha.destroy(); hb.destroy();
  }
  assert.ok(hits > 1000 && hits < 19000, `hits ${hits}`);
});

test('batch calls (hitMany, overlapMany, pairList) agree with single calls', () => {
  const r = rng(5);
  const conv = ['point', 'segment', 'aabb', 'circle', 'capsule', 'polygon'];
  const as = [], bs = [];
  for (let i = 0; i < 500; i++) {
    as.push(c2d.shape(randomShape(conv[i % 6], r)));
    bs.push(c2d.shape(randomShape(conv[Math.floor(i / 6) % 6], r)));
  }
  const ov = c2d.overlapMany(as, bs);
  const hm = c2d.hitMany(as, bs);
  let k = 0;
  for (let i = 0; i < as.length; i++) {
    assert.equal(ov[i] === 1, c2d.overlap(as[i], bs[i]));
    const h = c2d.hit(as[i], bs[i]);
    if (!h) continue;
    assert.equal(hm.index[k], i);
    assert.deepEqual(Array.from(hm.hits.subarray(6 * k, 6 * k + 6)), [h.normal.x, h.normal.y, h.delta.x, h.delta.y, h.pos.x, h.pos.y]);
    k++;
  }
  assert.equal(hm.count, k);
  assert.ok(k > 50);
  // a pair list: the same answers, into caller arrays, and it follows set() on its handles
  const list = c2d.pairList(as, bs);
  const out = { count: 0, index: new Int32Array(as.length), hits: new Float64Array(6 * as.length) };
  assert.equal(list.hit(out), out);
  assert.equal(out.count, hm.count);
  assert.deepEqual(out.index.subarray(0, k), hm.index);
  assert.deepEqual(out.hits.subarray(0, 6 * k), hm.hits);
  assert.deepEqual(list.overlap(), ov);
  as[0].set({ type: 'polygon', points: ring(8, 50) }); // a longer encoding: the handle keeps its pointer
  bs[0].set(circle(0, 0, 1));
  assert.equal(list.overlap()[0], 1);
  assert.deepEqual(list.hit().index[0], 0);
  as[1].destroy();
  assert.throws(() => list.hit(), /after destroy/);
  list.destroy();
  assert.throws(() => list.overlap(), /after destroy/);
  assert.throws(() => c2d.overlapMany(as, bs.slice(1)), RangeError);
  assert.throws(() => c2d.hitMany([circle(0, 0, 1)], [as[0]]), TypeError);
});

test('handles survive wasm memory growth', () => {
  const keep = c2d.shape({ type: 'polygon', points: ring(6) });
  const other = c2d.shape(circle(0.5, 0, 1));
  const before = c2d.hit(keep, other);
  const many = [];
  for (let i = 0; i < 20000; i++) many.push(c2d.shape({ type: 'concave', points: ring(40, 1 + i) }));
  assert.deepEqual(c2d.hit(keep, other), before);
  assert.equal(c2d.overlap(many[0], many[19999]), true);
  for (const h of many) h.destroy();
});
