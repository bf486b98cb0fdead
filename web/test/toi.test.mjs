// timeOfImpact (c2d_shape_time_of_impact): hand-computed times for a slide and a spin, the concave
// and arc kinds, the statuses and the errors; the same cases through web/native/c2d_ref when
// C2D_REF is set (make web-check). Run: node --test test/
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { load, C2DError } from '../src/index.js';
import { compareCases } from '../scripts/ref-compare.mjs';

const c2d = await load();
const ref = process.env.C2D_REF;
const TARGET = 1e-4; // C2D_TOI_TARGET (C2D_SWEEP_MARGIN): a hit keeps a gap in [target, 1.25 target]
const near = (a, e, what, eps) => assert.ok(Math.abs(a - e) <= eps, `${what}: ${a} != ${e} (within ${eps})`);
const circle = (x, y, r) => ({ type: 'circle', x, y, r });
// a rod 4 long and 0.1 thick about the origin
const rod = { type: 'polygon', points: [{ x: -2, y: -0.05 }, { x: 2, y: -0.05 }, { x: 2, y: 0.05 }, { x: -2, y: 0.05 }] };
// a U (notch 1 wide from y = 1 up) and an upper half ring (radii 1 to 2)
const u = { type: 'concave', points: [0, 0, 3, 0, 3, 3, 2, 3, 2, 1, 1, 1, 1, 3, 0, 3] };
const arc = { type: 'arc', x: 0, y: 0, inner: 1, outer: 2, start: 0, end: Math.PI };

// The cases below, recorded for the native comparison: {op: 'toi', a, ma, b, mb, options, result}.
const cases = [];
function toi(a, ma, b, mb, options) {
  const result = c2d.timeOfImpact(a, ma, b, mb, options);
  cases.push({ op: 'toi', a: a.desc ?? a, ma, b: b.desc ?? b, mb, options, result });
  return result;
}

test('timeOfImpact: a circle sliding into a circle stops the target gap short of contact', () => {
  // centers 10 apart at t = 0 closing at 10 per step: contact (gap 0) at t = 0.3
  for (const [a, b] of [[circle(0, 0, 1), circle(0, 0, 1)], [c2d.shape(circle(0, 0, 1)), c2d.shape(circle(0, 0, 1))]]) {
    const r = c2d.timeOfImpact(a, { c1: { x: -5, y: 0 }, c2: { x: 5, y: 0 } }, b);
    assert.equal(r.status, 'hit');
    assert.ok(r.t >= 0.3 - 1.25 * TARGET / 10 - 1e-12 && r.t <= 0.3 - TARGET / 10 + 1e-12, `t ${r.t}`);
    near(r.normal.x, -1, 'normal.x', 1e-9); // from B toward A (A comes from the left)
    near(r.normal.y, 0, 'normal.y', 1e-9);
    near(r.point.x, -1, 'point.x', 1e-4); // midway between the closest points
    near(r.point.y, 0, 'point.y', 1e-9);
    assert.ok(r.iterations >= 1);
  }
  toi(circle(0, 0, 1), { c1: { x: -5, y: 0 }, c2: { x: 5, y: 0 } }, circle(0, 0, 1));
});

test('timeOfImpact: a spinning rod meets a circle that its end positions would not show', () => {
  // the rod turns a quarter turn about its center; the circle (r 0.1) at (0, 1.5) is first met
  // when the rod's top face comes within 0.1: 1.5 cos(theta) = 0.05 + 0.1, theta = acos(0.1)
  const r = toi(rod, { a2: Math.PI / 2 }, circle(0, 1.5, 0.1));
  assert.equal(r.status, 'hit');
  const t = Math.acos(0.1) / (Math.PI / 2); // 0.93623...
  assert.ok(r.t <= t && r.t > t - 1e-3, `t ${r.t} vs contact ${t}`);
  // the normal (B toward A) points from the circle down toward the rod's face, turned by theta
  near(r.normal.x, Math.sin(Math.acos(0.1)), 'normal.x', 1e-3);
  near(r.normal.y, -0.1, 'normal.y', 1e-3);
  // the rod at t does not overlap the circle; a little later it does
  assert.equal(c2d.overlap(rotated(rod, r.t * Math.PI / 2), circle(0, 1.5, 0.1)), false);
  assert.equal(c2d.overlap(rotated(rod, t * Math.PI / 2 + 1e-3), circle(0, 1.5, 0.1)), true);
});

// The polygon turned by angle about the origin.
function rotated(p, angle) {
  const c = Math.cos(angle), s = Math.sin(angle);
  return { type: 'polygon', points: p.points.map(({ x, y }) => ({ x: c * x - s * y, y: s * x + c * y })) };
}

test('timeOfImpact: concave U and arc kinds', () => {
  // a box falls into the U's notch (x 1..2, floor y = 1) past the mouth its convex hull would close
  const box = { type: 'aabb', minX: -0.3, minY: -0.3, maxX: 0.3, maxY: 0.3 };
  let r = toi(box, { c1: { x: 1.5, y: 5 }, c2: { x: 1.5, y: 0.5 } }, u);
  assert.equal(r.status, 'hit');
  // the box's bottom (y - 0.3) reaches the floor y = 1 at center y 1.3: t = (5 - 1.3) / 4.5
  near(r.t, 3.7 / 4.5, 'box into the U: t', 1e-4);
  assert.ok(r.t < 3.7 / 4.5);
  near(r.normal.y, 1, 'normal.y', 1e-6);
  // a circle moving along the arc's hole (radius 0.5 path about the center) never meets it
  r = toi(circle(0.5, 0, 0.3), { a2: Math.PI }, arc);
  assert.equal(r.status, 'separated');
  assert.equal(r.t, 1);
  // a small circle at radius 1.5 turns about the origin from below (angle -pi/2) up into the
  // ring's band, entering at angle 0 less its half-width asin(0.05 / 1.5)
  r = toi(circle(0, -1.5, 0.05), { a2: Math.PI / 2 }, arc);
  assert.equal(r.status, 'hit');
  const t = (Math.PI / 2 - Math.asin(0.05 / 1.5)) / (Math.PI / 2);
  assert.ok(r.t <= t && r.t > t - 1e-3, `t ${r.t} vs contact ${t}`);
  // the U second, turning, against a handle of the arc
  r = toi(c2d.shape(arc), { c1: { x: 8, y: 1 }, c2: { x: 1.5, y: 1 } }, u, { localCenter: { x: 1.5, y: 1.5 }, a2: 0.3 });
  assert.equal(r.status, 'hit');
  assert.ok(r.t > 0 && r.t < 1);
});

test('timeOfImpact: statuses, options and errors', () => {
  // overlapping at the start
  let r = toi(circle(0, 0, 1), undefined, circle(1, 0, 1));
  assert.deepEqual(r, { status: 'overlapped', t: 0, normal: { x: 0, y: 0 }, point: { x: 0, y: 0 }, iterations: r.iterations });
  // separated until tMax
  r = toi(circle(0, 0, 1), { c2: { x: 1, y: 0 } }, circle(5, 0, 1), undefined, { tMax: 0.5 });
  assert.equal(r.status, 'separated');
  assert.equal(r.t, 0.5);
  // a larger target stops earlier: gap 0.5 at t = 0.25 (contact at 0.3)
  r = toi(circle(0, 0, 1), { c1: { x: -5, y: 0 }, c2: { x: 5, y: 0 } }, circle(0, 0, 1), undefined, { target: 0.5 });
  assert.equal(r.status, 'hit');
  assert.ok(r.t <= 0.25 && r.t >= 0.25 - 0.125 / 10, `t ${r.t}`);
  // one iteration is not enough for a spin
  r = toi(rod, { a2: Math.PI / 2 }, circle(0, 1.5, 0.1), undefined, { maxIterations: 1 });
  assert.equal(r.status, 'maxIterations');
  assert.ok(r.t < 0.94);
  // rejected input: the C error's code, t = 0
  const fails = [
    [() => c2d.timeOfImpact(circle(0, 0, 1), { c2: { x: NaN, y: 0 } }, circle(5, 0, 1)), 'C2D_ERR_NOT_FINITE'],
    [() => c2d.timeOfImpact(circle(0, 0, 1), { a2: Infinity }, circle(5, 0, 1)), 'C2D_ERR_NOT_FINITE'],
    [() => c2d.timeOfImpact(circle(0, 0, 1), undefined, circle(5, 0, 1), undefined, { tMax: 2 }), 'C2D_ERR_BAD_SIZE'],
    [() => c2d.timeOfImpact(circle(0, 0, 1), undefined, circle(5, 0, 1), undefined, { target: -1 }), 'C2D_ERR_BAD_SIZE'],
    [() => c2d.timeOfImpact(circle(0, 0, 1), { c2: { x: 1e200, y: 0 } }, circle(5, 0, 1)), 'C2D_ERR_OUT_OF_RANGE'],
    [() => c2d.timeOfImpact(circle(0, 0, -1), undefined, circle(5, 0, 1)), 'C2D_ERR_BAD_SIZE'], // the shape itself
  ];
  for (const [fn, code] of fails) {
    assert.throws(fn, (e) => e instanceof C2DError && e.code === code && (e.t === undefined || e.t === 0), code);
  }
});

test('timeOfImpact: the wasm results are the native library\'s', { skip: !ref && 'C2D_REF not set' }, () => {
  assert.ok(cases.length >= 8, `${cases.length} cases`);
  assert.deepEqual(compareCases(ref, cases), []);
  // and a failure prints as {error, t}
  const bad = { op: 'toi', a: circle(0, 0, 1), ma: { a2: Infinity }, b: circle(5, 0, 1), result: { error: -2, t: 0 } };
  assert.deepEqual(compareCases(ref, [bad]), []);
});
