// The wasm build against the native build: random shapes of every kind, every query, the JS
// layer's results compared with web/native/c2d_ref's for the same input. Needs C2D_REF (the path
// of the built c2d_ref; make web-check sets it); skipped without it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { load } from '../src/index.js';
import { compareCases, diff } from '../scripts/ref-compare.mjs';
import { rng } from './rng.mjs';

const ref = process.env.C2D_REF;
const c2d = await load();

const KINDS = ['point', 'segment', 'aabb', 'circle', 'capsule', 'polygon', 'roundedPolygon', 'ellipse', 'wedge', 'concave', 'arc'];

function randomShape(kind, r, o) {
  const x = o + r() * 4 - 2, y = o + r() * 4 - 2, s = 0.5 + r() * 1.5;
  switch (kind) {
    case 'point': return { type: 'point', x, y };
    case 'segment': return { type: 'segment', x1: x, y1: y, x2: x + r() * 3 - 1.5, y2: y + r() * 3 - 1.5 };
    case 'aabb': return { type: 'aabb', minX: x - s, minY: y - s * 0.7, maxX: x + s, maxY: y + s * 0.7 };
    case 'circle': return { type: 'circle', x, y, r: s };
    case 'capsule': return { type: 'capsule', x1: x, y1: y, x2: x + r() * 2 - 1, y2: y + r() * 2 - 1, r: s * 0.5 };
    case 'polygon': {
      const pts = [];
      for (let i = 0; i < 6; i++) pts.push({ x: x + (r() * 2 - 1) * s, y: y + (r() * 2 - 1) * s });
      return { type: 'polygon', points: pts };
    }
    case 'roundedPolygon': {
      const pts = [];
      for (let i = 0; i < 5; i++) pts.push({ x: x + (r() * 2 - 1) * s * 0.7, y: y + (r() * 2 - 1) * s * 0.7 });
      return { type: 'roundedPolygon', points: pts, r: s * 0.3 };
    }
    case 'concave': {
      const pts = [];
      for (let i = 0; i < 7; i++) {
        const a = (2 * Math.PI * i) / 7, rad = s * (i % 2 ? 1 : 0.45);
        pts.push({ x: x + rad * Math.cos(a), y: y + rad * Math.sin(a) });
      }
      return { type: 'concave', points: pts };
    }
    case 'arc': return { type: 'arc', x, y, inner: s * 0.4, outer: s, start: r() * 6, end: r() * 6 + 1 };
    case 'wedge': { const start = r() * 6; return { type: 'wedge', x, y, r: s, start, end: start + 0.2 + r() * 2.9 }; }
    case 'ellipse': return { type: 'ellipse', x, y, rx: s, ry: s * (0.3 + 0.6 * r()), angle: r() * 6 };
    default: throw new Error(kind);
  }
}

// timeOfImpact's result, or {error, t} when it throws its C2DError (as c2d_ref prints a failure).
function toiResult(a, ma, b, mb, options) {
  try { return c2d.timeOfImpact(a, ma, b, mb, options); } catch (e) { if (e.name !== 'C2DError') throw e; return { error: e.status, t: e.t }; }
}

// Runs fn; records the case when the library has the operation for these kinds.
function tryCase(cases, c, fn) {
  try { cases.push({ ...c, result: fn() }); } catch (e) { if (!/no \w+ test/.test(e.message)) throw e; }
}

test('ref-compare: a changed result is reported', { skip: !ref && 'C2D_REF not set' }, () => {
  const a = { type: 'circle', x: 0, y: 0, r: 1 }, b = { type: 'circle', x: 1.5, y: 0, r: 1 };
  const good = { op: 'hit', a, b, result: c2d.hit(a, b) };
  assert.deepEqual(compareCases(ref, [good]), []);
  const bad = { ...good, result: { ...good.result, delta: { x: -0.5000001, y: 0 } } };
  assert.equal(compareCases(ref, [bad]).length, 1);
  assert.equal(diff(true, false).length, 1);
});

for (const origin of [0, 1e5]) {
  test(`wasm matches native on random shapes of every kind near ${origin}`, { skip: !ref && 'C2D_REF not set' }, () => {
    assert.ok(existsSync(ref), `C2D_REF=${ref} does not exist`);
    const seed = 1234 + origin;
    console.log(`seed ${seed}`);
    const r = rng(seed), rt = rng(seed + 1);
    const cases = [];
    for (let round = 0; round < 6; round++) {
      for (const ka of KINDS) {
        for (const kb of KINDS) {
          const a = randomShape(ka, r, origin), b = randomShape(kb, r, origin);
          const d = { x: r() * 8 - 4, y: r() * 8 - 4 };
          tryCase(cases, { op: 'overlap', a, b }, () => c2d.overlap(a, b));
          tryCase(cases, { op: 'hit', a, b }, () => c2d.hit(a, b));
          tryCase(cases, { op: 'manifold', a, b }, () => c2d.manifold(a, b));
          tryCase(cases, { op: 'distance', a, b }, () => c2d.distance(a, b));
          tryCase(cases, { op: 'cast', a, da: d, b, db: { x: 0, y: 0 } }, () => c2d.cast(a, d, b, { x: 0, y: 0 }));
          // time of impact: a slides by d and turns, b turns about a point near it (angles from
          // their own stream rt, so the other cases stay those of the seed)
          const ma = { localCenter: { x: origin, y: origin }, c1: { x: origin - d.x / 2, y: origin - d.y / 2 },
            c2: { x: origin + d.x / 2, y: origin + d.y / 2 }, a2: rt() * 3 - 1.5 };
          const mb = { localCenter: { x: origin, y: origin }, a1: rt() - 0.5, a2: rt() * 2 - 1 };
          tryCase(cases, { op: 'toi', a, b, ma, mb }, () => toiResult(a, ma, b, mb));
        }
        const a = randomShape(ka, r, origin);
        const px = origin + r() * 4 - 2, py = origin + r() * 4 - 2;
        tryCase(cases, { op: 'contains', a, x: px, y: py }, () => c2d.containsPoint(a, px, py));
        const ray = { origin: { x: origin - 4, y: py }, translation: { x: 8, y: r() * 2 - 1 }, maxFraction: 1 };
        tryCase(cases, { op: 'raycast', a, ray }, () => c2d.raycast(a, ray));
      }
    }
    const statics = KINDS.map((k) => randomShape(k, r, origin));
    const mover = randomShape('circle', r, origin - 6);
    cases.push({ op: 'sweep_into', a: mover, delta: { x: 12, y: 0 }, statics, result: c2d.sweepInto(mover, { x: 12, y: 0 }, statics) });
    const boxes = [0, 1, 2, 3].map(() => randomShape('aabb', r, origin));
    const ab = randomShape('aabb', r, origin - 6);
    cases.push({ op: 'aabb_sweep_into', a: ab, delta: { x: 12, y: 1 }, boxes, result: c2d.sweepAABBInto(ab, { x: 12, y: 1 }, boxes) });
    cases.push({ op: 'aabb_sweep', a: ab, delta: { x: 12, y: 1 }, b: boxes[0], result: c2d.sweepAABB(ab, { x: 12, y: 1 }, boxes[0]) });
    const bad = compareCases(ref, cases);
    assert.deepEqual(bad.slice(0, 5), [], `${bad.length} of ${cases.length} cases differ`);
    assert.ok(cases.length > 1000, `${cases.length} cases`);
    assert.ok(cases.some((c) => c.op === 'hit' && c.result), 'some hits');
    assert.ok(cases.some((c) => c.op === 'cast' && c.result.hit), 'some cast hits');
    for (const st of ['hit', 'separated', 'overlapped']) assert.ok(cases.some((c) => c.op === 'toi' && c.result.status === st), `some toi ${st}`);
    // every pair of the kinds in c2d_shape (all eleven) answers every query: none was skipped
    for (const op of ['overlap', 'hit', 'manifold', 'distance', 'cast', 'toi']) {
      for (const ka of KINDS) {
        for (const kb of KINDS) {
          assert.ok(cases.some((c) => c.op === op && c.a.type === ka && c.b.type === kb), `${op} ${ka} ${kb} compared`);
        }
      }
    }
    for (const k of ['roundedPolygon', 'ellipse', 'wedge', 'concave', 'arc']) {
      assert.ok(cases.some((c) => c.op === 'hit' && c.result && (c.a.type === k || c.b.type === k)), `some hits with ${k}`);
      assert.ok(cases.some((c) => c.op === 'raycast' && c.a.type === k), `rays on ${k} compared`);
    }
    assert.ok(cases.some((c) => c.op === 'raycast' && c.result && ['roundedPolygon', 'ellipse', 'wedge'].includes(c.a.type)), 'some ray hits on the new kinds');
  });
}
