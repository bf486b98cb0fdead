// Tests of the JavaScript layer over the wasm build, with hand-computed values. Run: node --test test/
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { load, loadSync, C2DError } from '../src/index.js';
import { readFileSync } from 'node:fs';

const c2d = await load();
const EPS = 1e-9;

function near(actual, expected, eps = EPS, what = '') {
  assert.ok(Math.abs(actual - expected) <= eps, `${what} ${actual} != ${expected} (eps ${eps})`);
}
function nearVec(actual, x, y, eps = EPS, what = '') {
  near(actual.x, x, eps, `${what}.x`);
  near(actual.y, y, eps, `${what}.y`);
}

const circle = (x, y, r) => ({ type: 'circle', x, y, r });
const aabb = (minX, minY, maxX, maxY) => ({ type: 'aabb', minX, minY, maxX, maxY });
const boxAt = (cx, cy, hx, hy) => aabb(cx - hx, cy - hy, cx + hx, cy + hy);
const seg = (x1, y1, x2, y2) => ({ type: 'segment', x1, y1, x2, y2 });

test('load: double build, version, loadSync from bytes', () => {
  assert.equal(c2d.version, 100);
  assert.equal(c2d.maxPolygonVertices, 8);
  const bytes = readFileSync(new URL('../dist/collide2d.wasm', import.meta.url));
  const again = loadSync(bytes);
  assert.equal(again.overlap(circle(0, 0, 1), circle(1, 0, 1)), true);
});

test('circles: touching is not an overlap, overlapping by a little is', () => {
  assert.equal(c2d.overlap(circle(0, 0, 1), circle(2, 0, 1)), false);
  assert.equal(c2d.overlap(circle(0, 0, 1), circle(1.999, 0, 1)), true);
  assert.equal(c2d.hit(circle(0, 0, 1), circle(2, 0, 1)), null);
  // A at 0 is pushed away from B at 1.5 along -x by the overlap 0.5; pos on B's surface.
  const h = c2d.hit(circle(0, 0, 1), circle(1.5, 0, 1));
  nearVec(h.normal, -1, 0, EPS, 'normal');
  nearVec(h.delta, -0.5, 0, EPS, 'delta');
  nearVec(h.pos, 0.5, 0, EPS, 'pos');
  assert.equal(h.time, 0);
});

test('seed_snippets_circles_touching: the snippet counts touching (<=), collide2d does not', () => {
  // CirclesColliding({x:0,y:0,radius:10},{x:20,y:0,radius:10}) is true in the snippet (<=).
  assert.equal(c2d.overlap(circle(0, 0, 10), circle(20, 0, 10)), false);
  assert.equal(c2d.overlap(circle(0, 0, 10), circle(19.99, 0, 10)), true);
});

test('seed_article_intersect_point: point inside a box pushed out through the nearest edge', () => {
  // Box center (0,0), half (2,2); point (1.5, 0.5): px = 0.5 < py = 1.5, so out through +x.
  const h = c2d.hit({ type: 'point', x: 1.5, y: 0.5 }, boxAt(0, 0, 2, 2));
  nearVec(h.delta, 0.5, 0, EPS, 'delta');
  nearVec(h.normal, 1, 0, EPS, 'normal');
  nearVec(h.pos, 2, 0.5, EPS, 'pos');
  // On the edge: outside (the article agrees: px <= 0 returns null).
  assert.equal(c2d.hit({ type: 'point', x: 2, y: 0.5 }, boxAt(0, 0, 2, 2)), null);
});

test('seed_article_intersect_segment: slab test hit time, normal, pos, delta', () => {
  // Box center (0,0) half (1,1); segment from (-3,0) by (6,0): enters x = -1 at t = 2/6.
  const h = c2d.aabbSegmentPadded(boxAt(0, 0, 1, 1), { x: -3, y: 0 }, { x: 6, y: 0 });
  near(h.time, 1 / 3, EPS, 'time');
  nearVec(h.normal, -1, 0, EPS, 'normal');
  nearVec(h.pos, -1, 0, EPS, 'pos');
  nearVec(h.delta, -4, 0, EPS, 'delta'); // (1 - t) * -delta
  // With padding (1, 1) the box reaches x = -2: t = 1/6.
  const p = c2d.aabbSegmentPadded(boxAt(0, 0, 1, 1), { x: -3, y: 0 }, { x: 6, y: 0 }, { x: 1, y: 1 });
  near(p.time, 1 / 6, EPS, 'padded time');
  // Running along the top edge y = 1: no hit.
  assert.equal(c2d.aabbSegmentPadded(boxAt(0, 0, 1, 1), { x: -3, y: 1 }, { x: 6, y: 0 }), null);
  // The same through the generic ray cast.
  const r = c2d.raycast(boxAt(0, 0, 1, 1), { origin: { x: -3, y: 0 }, translation: { x: 6, y: 0 } });
  near(r.time, 1 / 3, EPS, 'raycast time');
});

test('seed_article_intersect_aabb: push-out along the axis of least overlap', () => {
  // A center (1.5, 0.2) half (1,1) against B center (0,0) half (1,1): px = 0.5 < py = 1.8.
  const h = c2d.hit(boxAt(1.5, 0.2, 1, 1), boxAt(0, 0, 1, 1));
  nearVec(h.delta, 0.5, 0, EPS, 'delta');
  nearVec(h.normal, 1, 0, EPS, 'normal');
  near(h.pos.x, 1, EPS, 'pos.x on B\'s right edge');
  // Exactly touching: no hit.
  assert.equal(c2d.hit(boxAt(2, 0.2, 1, 1), boxAt(0, 0, 1, 1)), null);
  assert.equal(c2d.overlap(boxAt(1.999, 0.2, 1, 1), boxAt(0, 0, 1, 1)), true);
});

test('seed_article_sweep_aabb: first contact at 0.4, safe position just before it', () => {
  // A [0,1]x[0,1] moves by (10,0); B [5,6]x[0,1]: A's right side meets x = 5 at t = 0.4.
  const s = c2d.sweepAABB(aabb(0, 0, 1, 1), { x: 10, y: 0 }, aabb(5, 0, 6, 1));
  near(s.hit.time, 0.4, EPS, 'hit time');
  nearVec(s.hit.normal, -1, 0, EPS, 'normal');
  assert.ok(s.time < 0.4 && s.time > 0.4 - 1e-4, `backed-off time ${s.time}`);
  near(s.pos.x, 0.5 + 10 * s.time, 1e-12, 'pos.x');
  near(s.pos.y, 0.5, EPS, 'pos.y');
  // The box at the safe position does not touch B.
  assert.ok(s.pos.x + 0.5 < 5);
  // Sliding along B's top (touching, moving parallel): no hit, full move.
  const slide = c2d.sweepAABB(aabb(0, 1, 1, 2), { x: 10, y: 0 }, aabb(5, 0, 6, 1));
  assert.equal(slide.hit, null);
  assert.equal(slide.time, 1);
  nearVec(slide.pos, 10.5, 1.5, EPS, 'slide pos');
  // The generic cast agrees on the hit time.
  const g = c2d.cast(aabb(0, 0, 1, 1), { x: 10, y: 0 }, aabb(5, 0, 6, 1));
  near(g.hit.time, 0.4, EPS, 'cast hit time');
});

test('seed_article_sweep_into: the nearest of many statics wins', () => {
  const statics = [aabb(8, 0, 9, 1), aabb(3, 0, 4, 1), aabb(5, 0, 6, 1), aabb(3, 5, 4, 6)];
  const s = c2d.sweepAABBInto(aabb(0, 0, 1, 1), { x: 10, y: 0 }, statics);
  assert.equal(s.index, 1);
  near(s.hit.time, 0.2, EPS, 'hit time');
  const none = c2d.sweepAABBInto(aabb(0, 10, 1, 11), { x: 10, y: 0 }, statics);
  assert.equal(none.index, -1);
  assert.equal(none.time, 1);
  const g = c2d.sweepInto(circle(0.5, 0.5, 0.5), { x: 10, y: 0 }, statics);
  assert.equal(g.index, 1);
  near(g.hit.time, 0.2, 1e-9, 'circle hit time');
});

test('seed_mdn_aabb: 20x20 entities, touching does not collide', () => {
  const rect = (x, y) => ({ type: 'rect', x, y, width: 20, height: 20 });
  assert.equal(c2d.overlap(rect(50, 50), rect(70, 50)), false);
  assert.equal(c2d.overlap(rect(50, 50), rect(69, 50)), true);
  assert.equal(c2d.overlap(rect(50, 50), rect(50, 70)), false);
  assert.equal(c2d.overlap(rect(50, 50), rect(50, 69.5)), true);
});

test('seed_mdn_circle: radius 10 at top-left corners, touching does not collide', () => {
  // Corners (0,0) and (20,0): centers (10,10) and (30,10), distance 20 = r + r.
  assert.equal(c2d.overlap(circle(10, 10, 10), circle(30, 10, 10)), false);
  assert.equal(c2d.overlap(circle(10, 10, 10), circle(29, 10, 10)), true);
});

test('seed_snippets_segments: the usage example does not intersect (the seed says true)', () => {
  // The seed's comment says lineSegmentsIntercept(p1, p2, p3, p4) is true, but the lines cross at
  // u = 30/49 along line 1, i.e. (100 + 600/49, 6000/49) = (112.24, 122.45), which is past the end
  // (100, 120) of line 2 (its fraction there is 1 + 6/49 > 1). The seed's own code returns false.
  const a = { x1: 100, y1: 0, x2: 120, y2: 200 };
  const b = { x1: 0, y1: 100, x2: 100, y2: 120 };
  assert.equal(c2d.overlap({ type: 'segment', ...a }, { type: 'segment', ...b }), false);
  assert.equal(c2d.segmentIntersection(a, b), null);
  const l = c2d.lineIntersection(a, b);
  near(l.x, 100 + 600 / 49, 1e-9, 'x');
  near(l.y, 6000 / 49, 1e-9, 'y');
  // Extend line 2 along its own line to (200, 140): it now reaches the same crossing point.
  const b2 = { x1: 0, y1: 100, x2: 200, y2: 140 };
  const p = c2d.segmentIntersection(a, b2);
  near(p.x, 100 + 600 / 49, 1e-9, 'x');
  near(p.y, 6000 / 49, 1e-9, 'y');
  near(p.fraction, 30 / 49, 1e-12, 'fraction');
  // Shared endpoint: segments are closed, so they meet.
  assert.equal(c2d.overlap(seg(0, 0, 1, 0), seg(1, 0, 2, 5)), true);
  assert.equal(c2d.overlap(seg(0, 0, 1, 0), seg(1.001, 0, 2, 5)), false);
  // Parallel lines: no crossing point.
  assert.equal(c2d.lineIntersection({ x1: 0, y1: 0, x2: 1, y2: 0 }, { x1: 0, y1: 1, x2: 1, y2: 1 }), null);
  const l2 = c2d.lineIntersection({ x1: 0, y1: 0, x2: 1, y2: 0 }, { x1: 5, y1: 1, x2: 5, y2: 2 });
  nearVec(l2, 5, 0, EPS, 'line point');
});

test('seed_snippets_segment_circle and segment_rect', () => {
  // Segment (0,0)-(10,0) against a circle at (5,1): r = 1 touches (no hit), r = 1.01 hits.
  assert.equal(c2d.overlap(seg(0, 0, 10, 0), circle(5, 1, 1)), false);
  assert.equal(c2d.overlap(seg(0, 0, 10, 0), circle(5, 1, 1.01)), true);
  // Segment along the rect's top edge: no hit; crossing it: hit; wholly inside: hit.
  const rect = { type: 'rect', x: 0, y: 0, width: 10, height: 10 };
  assert.equal(c2d.overlap(seg(-5, 0, 15, 0), rect), false);
  assert.equal(c2d.overlap(seg(-5, 0.1, 15, 0.1), rect), true);
  assert.equal(c2d.overlap(seg(2, 2, 3, 3), rect), true); // the snippet's edge-only test says false
});

test('seed_snippets_rect_circle: the snippet compares dx with the full width; the corner case is no hit', () => {
  // Rect (0,0) 10x10 and a circle at (10.9, 10.9), r 1.2: the snippet passes "dx <= rect.width"
  // and answers true, but the corner (10,10) is 0.9*sqrt(2) = 1.273 > 1.2 away.
  const rect = { type: 'rect', x: 0, y: 0, width: 10, height: 10 };
  assert.equal(c2d.overlap(rect, circle(10.9, 10.9, 1.2)), false);
  assert.equal(c2d.overlap(rect, circle(10.9, 10.9, 1.3)), true);
});

test('seed_snippets_point_in_rect: {x:10, y:15, width:25, height:20}', () => {
  const rect = { type: 'rect', x: 10, y: 15, width: 25, height: 20 };
  assert.equal(c2d.containsPoint(rect, 10, 20), false);
  assert.equal(c2d.containsPoint(rect, 11, 20), true);
  assert.equal(c2d.containsPoint(rect, { x: 35, y: 35 }), false);
});

test('seed_snippets_point_in_arc: arc (150,150) radii 75..100, angles 0..pi, boundary excluded', () => {
  const arc = { type: 'arc', x: 150, y: 150, inner: 75, outer: 100, start: 0, end: Math.PI };
  assert.equal(c2d.containsPoint(arc, 150, 240), true); // angle pi/2, distance 90
  assert.equal(c2d.containsPoint(arc, 150, 60), false); // angle 3pi/2
  assert.equal(c2d.containsPoint(arc, 150, 200), false); // distance 50 < inner
  // Angle exactly 0 at distance 90: the snippet's closed arc says true; the open interior is false.
  assert.equal(c2d.containsPoint(arc, 240, 150), false);
  assert.equal(c2d.overlap(arc, { type: 'point', x: 150, y: 240 }), true);
});

test('seed_snippets_point_in_wedge: wedge (150,150) r 100, angles 0..pi', () => {
  const wedge = { type: 'wedge', x: 150, y: 150, r: 100, start: 0, end: Math.PI };
  assert.equal(c2d.containsPoint(wedge, 150, 200), true);
  assert.equal(c2d.containsPoint(wedge, 150, 100), false);
  assert.equal(c2d.containsPoint(wedge, 150, 150), false); // the apex is on the boundary
  assert.equal(c2d.containsPoint(wedge, 150, 250), false); // on the rim
  assert.equal(c2d.containsPoint(wedge, 150, 249.9), true);
});

test('seed_snippets_convex_polygons: SAT, touching triangles do not collide', () => {
  const t1 = { type: 'polygon', points: [{ x: 100, y: 100 }, { x: 150, y: 150 }, { x: 50, y: 150 }] };
  const t2 = { type: 'polygon', points: [{ x: 50, y: 150 }, { x: 150, y: 150 }, { x: 100, y: 200 }] };
  assert.equal(c2d.overlap(t1, t2), false); // they share the edge y = 150
  const t3 = { type: 'polygon', points: [50, 149, 150, 149, 100, 200] };
  assert.equal(c2d.overlap(t1, t3), true);
  const h = c2d.hit(t3, t1);
  nearVec(h.normal, 0, 1, EPS, 'normal'); // t3 is pushed down (+y) out of t1
  nearVec(h.delta, 0, 1, 1e-9, 'delta');
});

test('seed_snippets_concave_polygons: a U shape with a box in its notch', () => {
  const u = { type: 'concave', points: [0, 0, 30, 0, 30, 30, 20, 30, 20, 10, 10, 10, 10, 30, 0, 30] };
  assert.equal(c2d.overlap(u, aabb(12, 15, 18, 25)), false); // in the notch
  assert.equal(c2d.overlap(u, aabb(12, 5, 18, 25)), true); // reaches the bottom bar
  assert.equal(c2d.overlap(u, aabb(10, 15, 18, 25)), false); // touches the left arm's side
  assert.equal(c2d.overlap(u, aabb(9.9, 15, 18, 25)), true);
  assert.equal(c2d.containsPoint(u, 15, 20), false);
  assert.equal(c2d.containsPoint(u, 5, 20), true);
  // A box wholly inside the left arm (no edges cross): containment counts.
  assert.equal(c2d.overlap(aabb(2, 12, 8, 28), u), true);
  const r = c2d.raycast(u, { origin: { x: 15, y: 40 }, translation: { x: 0, y: -40 } });
  near(r.time, 0.75, EPS, 'ray into the notch floor'); // from y = 40 down to y = 10
});

test('capsules, manifold, distance, cast of circles', () => {
  const cap = { type: 'capsule', x1: 0, y1: 0, x2: 10, y2: 0, r: 1 };
  assert.equal(c2d.overlap(cap, circle(5, 2, 1)), false);
  assert.equal(c2d.overlap(cap, circle(5, 1.9, 1)), true);
  const m = c2d.manifold(aabb(0, 0, 2, 2), aabb(1, -1, 3, 1.5));
  assert.ok(m.points.length >= 1);
  const d = c2d.distance(circle(0, 0, 1), circle(5, 0, 1));
  near(d.distance, 3, 1e-9, 'distance');
  nearVec(d.pointA, 1, 0, 1e-9, 'pointA');
  nearVec(d.pointB, 4, 0, 1e-9, 'pointB');
  nearVec(d.normal, -1, 0, 1e-9, 'normal');
  const r = c2d.raycast(circle(0, 0, 1), { origin: { x: -5, y: 0 }, translation: { x: 10, y: 0 } });
  near(r.time, 0.4, EPS, 'ray time');
  nearVec(r.pos, -1, 0, EPS, 'ray pos');
  nearVec(r.normal, -1, 0, EPS, 'ray normal');
  const s = c2d.cast(circle(0, 0, 1), { x: 10, y: 0 }, circle(5, 0, 1));
  near(s.hit.time, 0.3, 1e-9, 'cast hit time');
  assert.ok(s.time < 0.3);
  const none = c2d.cast(circle(0, 0, 1), { x: 10, y: 0 }, circle(5, 2, 1));
  assert.equal(none.hit, null); // grazing: centers 2 apart at closest, exactly touching
});

test('polygon hull and bounds', () => {
  const hull = c2d.hull({ type: 'polygon', points: [0, 0, 1, 1, 2, 0, 2, 2, 0, 2] });
  assert.equal(hull.length, 4); // (1,1) is inside the square
  assert.deepEqual(c2d.bounds(circle(1, 2, 3)), { minX: -2, minY: -1, maxX: 4, maxY: 5 });
});

test('bad input: an invalid or NaN shape throws a C2DError, misuse throws', () => {
  const code = (c) => (e) => e instanceof C2DError && e.code === c;
  assert.throws(() => c2d.overlap(circle(NaN, 0, 1), circle(0, 0, 1)), code('C2D_ERR_NOT_FINITE'));
  assert.throws(() => c2d.hit(circle(0, 0, Infinity), circle(0, 0, 1)), code('C2D_ERR_NOT_FINITE'));
  assert.throws(() => c2d.overlap(circle(0, 0, -1), circle(0, 0, 1)), code('C2D_ERR_BAD_SIZE'));
  assert.equal(c2d.validate(circle(0, 0, 1)), null);
  assert.match(c2d.validate(circle(0, 0, -1)), /size/);
  assert.match(c2d.validate({ type: 'polygon', points: [0, 0, 1, 1, 2, 2] }), /collinear|degenerate|distinct/i);
  assert.match(c2d.validate({ type: 'concave', points: [0, 0, 2, 2, 2, 0, 0, 2] }), /cross/);
  assert.equal(c2d.raycast(circle(0, 0, 1), { origin: { x: NaN, y: 0 }, translation: { x: 1, y: 0 } }), null);
  assert.throws(() => c2d.overlap({ type: 'circle', x: 0, y: 0 }, circle(0, 0, 1)), TypeError);
  assert.throws(() => c2d.overlap({ type: 'blob' }, circle(0, 0, 1)), TypeError);
  assert.throws(() => c2d.overlap({ type: 'arc', x: 0, y: 0, inner: 1, outer: 1, start: 0, end: 1 }, circle(0, 0, 1)), (e) => e instanceof C2DError);
});

test('precision far from the origin: the same answers at (1e5, 1e5)', () => {
  const o = 1e5;
  assert.equal(c2d.overlap(circle(o, o, 1), circle(o + 2, o, 1)), false);
  assert.equal(c2d.overlap(circle(o, o, 1), circle(o + 1.999, o, 1)), true);
  const h = c2d.hit(boxAt(o + 1.5, o + 0.2, 1, 1), boxAt(o, o, 1, 1));
  nearVec(h.delta, 0.5, 0, 1e-9, 'delta');
});

test('scratch and heap growth: big concave polygon, many proxies', () => {
  const n = 5000;
  const pts = [];
  for (let i = 0; i < n; i++) {
    const a = (2 * Math.PI * i) / n;
    const r = i % 2 ? 10 : 9;
    pts.push({ x: r * Math.cos(a), y: r * Math.sin(a) });
  }
  const star = { type: 'concave', points: pts };
  assert.equal(c2d.containsPoint(star, 0, 0), true);
  assert.equal(c2d.overlap(star, circle(20, 0, 1)), false);
  const idx = c2d.createIndex('dynamic_tree');
  for (let i = 0; i < 100000; i++) idx.insert(aabb(i * 2, 0, i * 2 + 1, 1));
  assert.equal(idx.count, 100000);
  assert.deepEqual(idx.queryAABB(aabb(1.5, 0.5, 4.5, 0.7)), [1, 2]);
  idx.destroy();
  // The library still works after the heap grew.
  assert.equal(c2d.overlap(circle(0, 0, 1), circle(1, 0, 1)), true);
  assert.equal(c2d.containsPoint(star, 0, 0), true);
});

test('index: pairs exclude touching boxes, every kind agrees', () => {
  for (const kind of ['dynamic_tree', 'spatial_hash', 'grid', 'quadtree', 'sweep_prune']) {
    const idx = c2d.createIndex(kind, { cellSize: 2 });
    const a = idx.insert(aabb(0, 0, 1, 1));
    const b = idx.insert(aabb(1, 0, 2, 1)); // touches a
    const c = idx.insert(aabb(0.5, 0.5, 1.5, 1.5)); // overlaps both
    assert.deepEqual(Array.from(idx.pairs()), [a, c, b, c], kind);
    assert.deepEqual(idx.queryPoint(1, 0.5), [], `${kind}: point on a shared edge`);
    idx.move(c, aabb(5, 5, 6, 6));
    assert.deepEqual(Array.from(idx.pairs()), [], kind);
    idx.remove(b);
    assert.equal(idx.count, 2);
    idx.destroy();
    assert.throws(() => idx.insert(aabb(0, 0, 1, 1)), /destroy/);
  }
});

test('static index: built once, queries, no changes', () => {
  const idx = c2d.createStaticIndex([aabb(0, 0, 1, 1), aabb(2, 0, 3, 1), aabb(0.5, 0.5, 2.5, 0.8)]);
  assert.equal(idx.count, 3);
  assert.deepEqual(idx.queryAABB(aabb(0.9, 0.9, 2.1, 2)).sort(), [0, 1]);
  assert.deepEqual(idx.queryAABB(aabb(1, 0, 2, 0.5)), []); // touches boxes 0 and 1 only
  assert.deepEqual(Array.from(idx.pairs()), [0, 2, 1, 2]);
  assert.throws(() => idx.insert(aabb(0, 0, 1, 1)), /not support/);
  idx.destroy();
});

test('bodies: SoA batch finds colliding circle and box pairs with push-outs', () => {
  const bodies = c2d.createBodies(8);
  const a = bodies.addCircle(0, 0, 1);
  const b = bodies.addCircle(1.5, 0, 1);
  bodies.addCircle(10, 10, 1);
  const d = bodies.addBox(11, 9, 13, 11); // touches circle 2 at (11, 10): no collision
  let r = bodies.collide();
  assert.equal(r.count, 1);
  assert.deepEqual(Array.from(r.pairs), [a, b]);
  near(r.hits[0], -1, EPS, 'nx'); // from b toward a
  near(r.hits[2], -0.5, EPS, 'dx');
  bodies.params[4 * d] = 10.9; // the box's minX: now it overlaps circle 2
  r = bodies.collide();
  assert.equal(r.count, 2);
  bodies.destroy();
});
