// The shape kinds of issue 15 in the JS layer: roundedPolygon, ellipse and (convex) wedge, made
// by their constructors (checked in C) or as plain objects, in every query, with hand-computed
// values. Pairs through the support path (ellipse, wedge) are within C2D_ELLIPSE_TOLERANCE (1e-10
// relative in double) for depths, distances and times, and about its square root for normals.
// Run: node --test test/
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { load, C2DError, encodeShape } from '../src/index.js';

const c2d = await load();

function near(actual, expected, eps, what = '') {
  assert.ok(Math.abs(actual - expected) <= eps, `${what} ${actual} != ${expected} (eps ${eps})`);
}
function nearVec(actual, x, y, eps, what = '') {
  near(actual.x, x, eps, `${what}.x`);
  near(actual.y, y, eps, `${what}.y`);
}
const code = (c) => (e) => e instanceof C2DError && e.code === c;
const circle = (x, y, r) => ({ type: 'circle', x, y, r });
const ORIGIN = { x: 0, y: 0 };
const NORMAL = 1e-5, LEN = 1e-8;

// x^2/4 + y^2 < 1
const ellipse = c2d.ellipse(ORIGIN, 2, 1);
// the quarter disk of radius 2 in the first quadrant
const wedge = c2d.wedge(ORIGIN, 2, 0, Math.PI / 2);
// the square [-1, 1]^2 grown by 0.5
const rounded = c2d.roundedPolygon([{ x: -1, y: -1 }, { x: 1, y: -1 }, { x: 1, y: 1 }, { x: -1, y: 1 }], 0.5);

test('constructors return plain shapes of the new types', () => {
  assert.deepEqual(ellipse, { type: 'ellipse', x: 0, y: 0, rx: 2, ry: 1, angle: 0 });
  assert.deepEqual(wedge, { type: 'wedge', x: 0, y: 0, r: 2, start: 0, end: Math.PI / 2 });
  assert.equal(rounded.type, 'roundedPolygon');
  assert.equal(rounded.r, 0.5);
  assert.equal(rounded.points.length, 4);
  // the kind numbers are c2d_shape_type's: rounded polygon 6, ellipse 7, wedge 8
  assert.deepEqual(Array.from(encodeShape(ellipse)), [7, 0, 0, 2, 1, 0]);
  assert.deepEqual(Array.from(encodeShape(wedge)), [8, 0, 0, 2, 0, Math.PI / 2]);
  assert.deepEqual(Array.from(encodeShape(rounded)), [6, 4, 0.5, -1, -1, 1, -1, 1, 1, -1, 1]);
  assert.deepEqual(Array.from(encodeShape({ type: 'ellipse', x: 1, y: 2, rx: 3, ry: 1 })), [7, 1, 2, 3, 1, 0]); // angle defaults to 0
});

test('bad input: the C constructors\' errors as C2DError, malformed objects as TypeError', () => {
  assert.throws(() => c2d.ellipse(ORIGIN, -1, 1), code('C2D_ERR_BAD_SIZE'));
  assert.throws(() => c2d.ellipse(ORIGIN, 1, 1e-7), code('C2D_ERR_BAD_SIZE')); // axis ratio above 1e6
  assert.throws(() => c2d.ellipse({ x: NaN, y: 0 }, 1, 1), code('C2D_ERR_NOT_FINITE'));
  assert.throws(() => c2d.ellipse(ORIGIN, 1, 1, Infinity), code('C2D_ERR_NOT_FINITE'));
  assert.throws(() => c2d.wedge(ORIGIN, 1, 0, 4), code('C2D_ERR_BAD_ANGLE')); // wider than pi: not convex
  assert.throws(() => c2d.wedge(ORIGIN, 0, 0, 1), code('C2D_ERR_BAD_SIZE'));
  assert.throws(() => c2d.wedge(ORIGIN, 1, 1, 1), code('C2D_ERR_BAD_ANGLE'));
  assert.throws(() => c2d.roundedPolygon([0, 0, 1, 0, 0, 1], 0), code('C2D_ERR_BAD_SIZE'));
  assert.throws(() => c2d.roundedPolygon([0, 0, 1, 0, 0, 1], NaN), code('C2D_ERR_NOT_FINITE'));
  assert.throws(() => c2d.roundedPolygon([0, 0, 1, 1, 2, 2], 0.1), code('C2D_ERR_DEGENERATE'));
  assert.throws(() => c2d.roundedPolygon([0, 0, 1, 0, 0], 0.1), TypeError); // odd count of numbers
  // plain objects: the same checks in every query, and a missing field is a TypeError
  assert.throws(() => c2d.overlap({ type: 'ellipse', x: 0, y: 0, rx: 0, ry: 1 }, circle(0, 0, 1)), code('C2D_ERR_BAD_SIZE'));
  assert.throws(() => c2d.hit(circle(0, 0, 1), { type: 'wedge', x: 0, y: 0, r: 1, start: 0, end: 3.5 }), code('C2D_ERR_BAD_ANGLE'));
  assert.throws(() => c2d.shape({ type: 'roundedPolygon', points: [0, 0, 1, 0, 0, 1], r: -1 }), code('C2D_ERR_BAD_SIZE'));
  assert.throws(() => c2d.overlap({ type: 'ellipse', x: 0, y: 0, rx: 1 }, circle(0, 0, 1)), TypeError);
  assert.throws(() => c2d.overlap({ type: 'roundedPolygon', points: [0, 0, 1, 0, 0, 1] }, circle(0, 0, 1)), TypeError);
  assert.match(c2d.validate({ type: 'wedge', x: 0, y: 0, r: 1, start: 0, end: 3.5 }), /angle/);
  assert.equal(c2d.validate(wedge), null);
});

test('ellipse: contains, bounds, raycast, overlap, hit, manifold, distance, cast', () => {
  assert.equal(c2d.containsPoint(ellipse, 1.9, 0), true);
  assert.equal(c2d.containsPoint(ellipse, 0, 1.01), false);
  assert.equal(c2d.containsPoint(ellipse, 2, 0), false); // the boundary is outside
  const turned = c2d.ellipse({ x: 1, y: 0 }, 2, 1, Math.PI / 2);
  const b = c2d.bounds(turned);
  near(b.minX, 0, LEN, 'minX'); near(b.maxX, 2, LEN, 'maxX'); near(b.minY, -2, LEN, 'minY'); near(b.maxY, 2, LEN, 'maxY');
  const r = c2d.raycast(ellipse, { origin: { x: -5, y: 0 }, translation: { x: 10, y: 0 } });
  near(r.time, 0.3, 1e-12, 'ray time');
  nearVec(r.pos, -2, 0, 1e-12, 'ray pos');
  nearVec(r.normal, -1, 0, 1e-12, 'ray normal');
  // circle A of radius 1 at (2.5, 0) against the ellipse B: the nearest boundary point of B is its
  // vertex (2, 0), so the depth is 0.5 along +x
  const a = circle(2.5, 0, 1);
  assert.equal(c2d.overlap(a, ellipse), true);
  const h = c2d.hit(a, ellipse);
  nearVec(h.normal, 1, 0, NORMAL, 'hit normal');
  nearVec(h.delta, 0.5, 0, LEN, 'hit delta');
  const m = c2d.manifold(a, ellipse);
  assert.equal(m.points.length, 1);
  near(m.points[0].depth, 0.5, LEN, 'manifold depth');
  nearVec(m.normal, 1, 0, NORMAL, 'manifold normal');
  const d = c2d.distance(circle(3.5, 0, 1), ellipse);
  near(d.distance, 0.5, LEN, 'distance');
  nearVec(d.pointB, 2, 0, 1e-4, 'distance pointB');
  assert.equal(c2d.overlap(circle(3.5, 0, 1), ellipse), false);
  // circle of radius 0.5 from (-5, 0) moving by (10, 0): touches x = -2 when its center is at -2.5
  const c = c2d.cast(circle(-5, 0, 0.5), { x: 10, y: 0 }, ellipse);
  near(c.hit.time, 0.25, 1e-9, 'cast time');
  nearVec(c.hit.normal, -1, 0, NORMAL, 'cast normal');
  assert.ok(c.time <= c.hit.time && c.time > 0.249, `safe time ${c.time}`);
  // two ellipses side by side: x extents [-2, 2] and [3, 7] (rx 2) are apart by 1
  const e2 = c2d.ellipse({ x: 5, y: 0 }, 2, 1);
  near(c2d.distance(ellipse, e2).distance, 1, LEN, 'ellipse distance');
  assert.equal(c2d.overlap(ellipse, c2d.ellipse({ x: 3.9, y: 0 }, 2, 1)), true);
});

test('wedge: contains, bounds, raycast, overlap, hit, manifold, distance, cast', () => {
  assert.equal(c2d.containsPoint(wedge, 0.5, 0.5), true);
  assert.equal(c2d.containsPoint(wedge, -0.5, 0.5), false);
  assert.equal(c2d.containsPoint(wedge, 1, 0), false); // on the straight side
  const b = c2d.bounds(wedge);
  near(b.minX, 0, LEN, 'minX'); near(b.minY, 0, LEN, 'minY'); near(b.maxX, 2, LEN, 'maxX'); near(b.maxY, 2, LEN, 'maxY');
  // up through the straight side on the x axis at (1, 0)
  const r = c2d.raycast(wedge, { origin: { x: 1, y: -5 }, translation: { x: 0, y: 10 } });
  near(r.time, 0.5, 1e-12, 'ray time');
  nearVec(r.pos, 1, 0, 1e-12, 'ray pos');
  nearVec(r.normal, 0, -1, 1e-12, 'ray normal');
  // in through the arc along the diagonal: enters at distance 2 from the center
  const r2 = c2d.raycast(wedge, { origin: { x: 3, y: 3 }, translation: { x: -3, y: -3 } });
  near(r2.time, 1 - 2 / (3 * Math.SQRT2), 1e-12, 'arc ray time');
  nearVec(r2.normal, Math.SQRT1_2, Math.SQRT1_2, 1e-12, 'arc ray normal');
  // circle A of radius 0.5 centered at (1, -0.3): overlaps the straight side by 0.2, pushed down
  const a = circle(1, -0.3, 0.5);
  assert.equal(c2d.overlap(a, wedge), true);
  const h = c2d.hit(a, wedge);
  nearVec(h.normal, 0, -1, NORMAL, 'hit normal');
  nearVec(h.delta, 0, -0.2, LEN, 'hit delta');
  near(c2d.manifold(a, wedge).points[0].depth, 0.2, LEN, 'manifold depth');
  // the point (3, 1) is sqrt(10) from the center, so sqrt(10) - 2 from the arc
  const d = c2d.distance({ type: 'point', x: 3, y: 1 }, wedge);
  near(d.distance, Math.sqrt(10) - 2, LEN, 'distance');
  nearVec(d.pointB, 6 / Math.sqrt(10), 2 / Math.sqrt(10), 1e-4, 'distance pointB');
  // a box [-3, -2] x [0.5, 1] moving right by 4 meets the side x = 0 after 2 of its 4
  const c = c2d.cast({ type: 'aabb', minX: -3, minY: 0.5, maxX: -2, maxY: 1 }, { x: 4, y: 0 }, wedge);
  near(c.hit.time, 0.5, 1e-9, 'cast time');
  nearVec(c.hit.normal, -1, 0, NORMAL, 'cast normal');
  // a reflex sector is an arc with inner radius 0 (point containment only, as before)
  assert.equal(c2d.containsPoint({ type: 'arc', x: 0, y: 0, inner: 0, outer: 1, start: 0, end: 4 }, -0.5, 0.1), true);
});

test('roundedPolygon: contains, bounds, raycast, overlap, hit, manifold, distance, cast', () => {
  assert.equal(c2d.containsPoint(rounded, 1.4, 0), true);
  assert.equal(c2d.containsPoint(rounded, 1.4, 1.4), false); // the corner is rounded: 0.566 from (1, 1)
  assert.equal(c2d.containsPoint(rounded, 1.3, 1.3), true); // 0.424 from (1, 1)
  assert.deepEqual(c2d.bounds(rounded), { minX: -1.5, minY: -1.5, maxX: 1.5, maxY: 1.5 });
  const r = c2d.raycast(rounded, { origin: { x: -5, y: 0 }, translation: { x: 10, y: 0 } });
  near(r.time, 0.35, 1e-12, 'ray time');
  nearVec(r.normal, -1, 0, 1e-12, 'ray normal');
  // the corner (1, 1) rounded: a ray along the diagonal enters at 1 + 0.5 / sqrt(2) on each axis
  const r2 = c2d.raycast(rounded, { origin: { x: 3, y: 3 }, translation: { x: -3, y: -3 } });
  near(r2.pos.x, 1 + 0.5 * Math.SQRT1_2, 1e-12, 'corner ray pos');
  nearVec(r2.normal, Math.SQRT1_2, Math.SQRT1_2, 1e-12, 'corner ray normal');
  const a = circle(2, 0, 1);
  const h = c2d.hit(a, rounded);
  nearVec(h.normal, 1, 0, 1e-12, 'hit normal');
  nearVec(h.delta, 0.5, 0, 1e-12, 'hit delta');
  const m = c2d.manifold(a, rounded);
  assert.ok(m.points.length >= 1);
  near(m.points[0].depth, 0.5, 1e-12, 'manifold depth');
  near(c2d.distance(circle(3, 0, 1), rounded).distance, 0.5, 1e-12, 'distance');
  assert.equal(c2d.overlap(circle(3, 0, 1), rounded), false);
  // two rounded squares: faces at 1.5 and 4 - 1.5 = 2.5, so 1 apart; a cast closes it at 1 / 2
  const other = { ...rounded, points: rounded.points.map((p) => ({ x: p.x + 4, y: p.y })) };
  near(c2d.distance(rounded, other).distance, 1, 1e-12, 'rounded distance');
  const c = c2d.cast(rounded, { x: 2, y: 0 }, other);
  near(c.hit.time, 0.5, 1e-9, 'cast time');
  nearVec(c.hit.normal, -1, 0, 1e-9, 'cast normal');
});

test('the new kinds with handles and the batch calls: the plain-object answers', () => {
  const shapes = [ellipse, wedge, rounded, circle(1, 1, 0.7), { type: 'polygon', points: [0, 0, 2, 0, 1, 2] }];
  const handles = shapes.map((s) => c2d.shape(s));
  const as = [], bs = [], pa = [], pb = [];
  for (let i = 0; i < shapes.length; i++) {
    for (let j = 0; j < shapes.length; j++) {
      as.push(handles[i]); bs.push(handles[j]); pa.push(shapes[i]); pb.push(shapes[j]);
    }
  }
  const ov = c2d.overlapMany(as, bs);
  const hm = c2d.hitMany(as, bs);
  let k = 0;
  for (let i = 0; i < pa.length; i++) {
    assert.equal(ov[i], c2d.overlap(pa[i], pb[i]) ? 1 : 0, `overlapMany ${pa[i].type} ${pb[i].type}`);
    const h = c2d.hit(pa[i], pb[i]);
    assert.deepEqual(c2d.hit(as[i], bs[i]), h);
    if (h) {
      assert.equal(hm.index[k], i);
      assert.deepEqual(Array.from(hm.hits.subarray(6 * k, 6 * k + 6)), [h.normal.x, h.normal.y, h.delta.x, h.delta.y, h.pos.x, h.pos.y]);
      k++;
    }
  }
  assert.equal(hm.count, k);
  assert.ok(k > 10, `${k} hits`);
  handles.forEach((h) => h.destroy());
});

test('the new kinds as world colliders and world query shapes', () => {
  const w = c2d.createWorld();
  const e = w.add({ type: 'ellipse', x: 0, y: 0, rx: 2, ry: 1 }, { x: 10, y: 0, angle: Math.PI / 2, userData: 'e' });
  w.add(wedge, { x: 20, y: 0, userData: 'w' });
  w.add(rounded, { x: 30, y: 0, userData: 'r' });
  w.update();
  const piece = w.pieces(e)[0];
  assert.equal(piece.type, 'ellipse');
  near(piece.x, 10, 1e-12, 'piece x');
  near(Math.abs(Math.sin(piece.angle)), 1, 1e-12, 'piece angle'); // turned by pi/2
  assert.deepEqual(w.queryPoint(10, 1.9).map((o) => o.userData), ['e']); // the turned ellipse reaches y = 2
  assert.deepEqual(w.queryPoint(20.5, 0.5).map((o) => o.userData), ['w']);
  assert.deepEqual(w.queryPoint(31.4, 0).map((o) => o.userData), ['r']);
  assert.deepEqual(w.queryShape(c2d.ellipse({ x: 25, y: 0 }, 4, 0.5)).map((o) => o.userData).sort(), ['r', 'w']);
  w.destroy();
});
