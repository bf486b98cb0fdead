// The arc (annular sector, C2D_SHAPE_ARC) in every JS query, with hand-computed values on the
// upper half ring around the origin: 1 < distance < 2, angle in (0, pi). Run: node --test test/
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { load, C2DError } from '../src/index.js';

const c2d = await load();
const TOL = 1e-8; // the arc's push-outs are within C2D_ELLIPSE_TOLERANCE of the pair's size
const near = (a, e, what, eps = TOL) => assert.ok(Math.abs(a - e) <= eps, `${what}: ${a} != ${e}`);
const nearVec = (v, x, y, what, eps = TOL) => { near(v.x, x, `${what}.x`, eps); near(v.y, y, `${what}.y`, eps); };
const arc = { type: 'arc', x: 0, y: 0, inner: 1, outer: 2, start: 0, end: Math.PI };
const circle = (x, y, r) => ({ type: 'circle', x, y, r });

test('arc overlap, hit, distance: a circle in the ring overlaps, one in the hole does not', () => {
  for (const s of [arc, c2d.shape(arc)]) {
    assert.equal(c2d.overlap(s, circle(0, 1.4, 0.2)), true);
    assert.equal(c2d.overlap(s, circle(0, 0, 0.5)), false); // in the hole
    assert.equal(c2d.overlap(s, circle(0, -1.5, 0.2)), false); // below: outside the angle range
    // 0.4 past the inner circle, 0.6 inside the outer one: the push-out is 0.6 toward the center
    const h = c2d.hit(circle(0, 1.4, 0.2), s);
    nearVec(h.delta, 0, -0.6, 'delta');
    assert.equal(c2d.overlap(circle(0, 1.4 + h.delta.y, 0.2), s), false);
    near(c2d.distance(circle(0, 0, 0.5), s).distance, 0.5, 'distance from the hole');
    assert.equal(c2d.containsPoint(s, 0, 1.5), true);
    assert.equal(c2d.containsPoint(s, 0, -1.5), false);
  }
});

test('arc ray cast, linear cast and world', () => {
  const r = c2d.raycast(arc, { origin: { x: 0, y: 5 }, translation: { x: 0, y: -5 } });
  near(r.time, 0.6, 'ray time'); // enters the outer circle at y = 2
  nearVec(r.normal, 0, 1, 'ray normal');
  const r2 = c2d.raycast(arc, { origin: { x: 0, y: 0 }, translation: { x: 0, y: 5 } });
  near(r2.time, 0.2, 'ray from the hole'); // enters across the inner circle at y = 1
  nearVec(r2.normal, 0, -1, 'ray from the hole normal');
  const s = c2d.cast(circle(0, 5, 0.5), { x: 0, y: -5 }, arc);
  near(s.hit.time, 0.5, 'cast time', 1e-6); // meets y = 2 when its center is at 2.5
});

test('bad arc input is a C2DError', () => {
  assert.throws(() => c2d.hit({ ...arc, inner: 2 }, circle(0, 0, 1)), (e) => e instanceof C2DError);
  assert.throws(() => c2d.shape({ ...arc, outer: NaN }), (e) => e instanceof C2DError && e.code === 'C2D_ERR_NOT_FINITE');
});
