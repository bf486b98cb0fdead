// The concave polygon (C2D_SHAPE_CONCAVE) in every JS query, with hand-computed values on a U:
// the square 0..30 with the notch 10..20 x 10..30 cut from its top (prongs x 0..10 and 20..30,
// bar y 0..10). Run: node --test test/
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { load, C2DError } from '../src/index.js';

const c2d = await load();
const EPS = 1e-9;
const near = (a, e, what, eps = EPS) => assert.ok(Math.abs(a - e) <= eps, `${what}: ${a} != ${e}`);
const nearVec = (v, x, y, what, eps = EPS) => { near(v.x, x, `${what}.x`, eps); near(v.y, y, `${what}.y`, eps); };
const isCode = (code) => (e) => e instanceof C2DError && e.code === code;

const U = [0, 0, 30, 0, 30, 30, 20, 30, 20, 10, 10, 10, 10, 30, 0, 30];
const u = { type: 'concave', points: U };
const circle = (x, y, r) => ({ type: 'circle', x, y, r });
const aabb = (minX, minY, maxX, maxY) => ({ type: 'aabb', minX, minY, maxX, maxY });

test('concave overlap, containment and bounds: a circle in the notch misses, one in a prong hits', () => {
  for (const s of [u, c2d.shape(u)]) {
    assert.equal(c2d.overlap(s, circle(15, 20, 4)), false); // in the notch, 1 from each prong
    assert.equal(c2d.overlap(s, circle(15, 20, 5)), false); // touching both prongs
    assert.equal(c2d.overlap(s, circle(15, 20, 5.01)), true);
    assert.equal(c2d.overlap(circle(5, 20, 3), s), true); // in the left prong
    assert.equal(c2d.overlap(s, circle(15, 45, 10)), false); // above, touching nothing
    assert.equal(c2d.containsPoint(s, 15, 20), false);
    assert.equal(c2d.containsPoint(s, 5, 20), true);
    assert.equal(c2d.containsPoint(s, 15, 5), true);
    assert.deepEqual(c2d.bounds(s), { minX: 0, minY: 0, maxX: 30, maxY: 30 });
    // a point on the diagonal between two pieces is inside; one on the outline is not
    assert.equal(c2d.overlap(s, { type: 'point', x: 15, y: 5 }), true);
    assert.equal(c2d.overlap(s, { type: 'point', x: 15, y: 10 }), false);
  }
});

test('concave hit and manifold: the push-out separates the shapes', () => {
  // circle r 2 at (7, 20) in the left prong: 3 to the prong's right face (x = 10), 9 to its left
  // face, 12 to the top: the push-out is 5 along +x, into the notch
  const a = circle(7, 20, 2);
  const h = c2d.hit(a, u);
  nearVec(h.delta, 5, 0, 'delta');
  nearVec(h.normal, 1, 0, 'normal');
  const moved = circle(7 + h.delta.x, 20 + h.delta.y, 2);
  assert.equal(c2d.overlap(moved, u), false);
  // reversed: the U is pushed the other way
  const hr = c2d.hit(u, a);
  nearVec(hr.delta, -5, 0, 'reversed delta');
  const m = c2d.manifold(a, u);
  nearVec(m.normal, 1, 0, 'manifold normal');
  assert.equal(m.points.length, 1);
  near(m.points[0].depth, 5, 'manifold depth');
  assert.equal(c2d.hit(circle(15, 20, 4), u), null);
  // two concave shapes: an L in the notch misses, moved down into the bar it is pushed out up
  const L = (dy) => ({ type: 'concave', points: [12, 12 + dy, 18, 12 + dy, 18, 14 + dy, 14, 14 + dy, 14, 20 + dy, 12, 20 + dy] });
  assert.equal(c2d.overlap(L(0), u), false);
  const hl = c2d.hit(L(-3), u); // its foot 1 deep in the bar (y 9..11)
  nearVec(hl.delta, 0, 1, 'L delta');
  assert.equal(c2d.overlap({ type: 'concave', points: L(-3).points.map((v, i) => (i % 2 ? v + 1 : v)) }, u), false);
});

test('concave distance, ray cast, linear cast and sweepInto', () => {
  const d = c2d.distance(circle(15, 20, 2), u); // 3 to either prong
  near(d.distance, 3, 'distance');
  near(Math.abs(d.pointA.x - 15), 2, 'pointA on the circle');
  near(Math.abs(d.pointB.x - 15), 5, 'pointB on a prong face');
  // above the notch: nearest are the prong tops' inner corners (10, 30) and (20, 30)
  near(c2d.distance(u, circle(15, 40, 2)).distance, Math.sqrt(125) - 2, 'distance above the notch');
  // a ray from the left enters the left face at x = 0
  const r = c2d.raycast(u, { origin: { x: -10, y: 20 }, translation: { x: 20, y: 0 } });
  near(r.time, 0.5, 'ray time');
  nearVec(r.pos, 0, 20, 'ray pos');
  nearVec(r.normal, -1, 0, 'ray normal');
  // down through the notch: the floor at y = 10
  const r2 = c2d.raycast(c2d.shape(u), { origin: { x: 15, y: 40 }, translation: { x: 0, y: -40 } });
  near(r2.time, 0.75, 'notch ray time');
  nearVec(r2.normal, 0, 1, 'notch ray normal');
  // a circle falling into the notch lands on its floor when its center is at y = 12
  const s = c2d.cast(circle(15, 40, 2), { x: 0, y: -40 }, u);
  near(s.hit.time, 0.7, 'cast time', 1e-6);
  nearVec(s.hit.normal, 0, 1, 'cast normal', 1e-6);
  const sw = c2d.sweepInto(circle(15, 40, 2), { x: 0, y: -40 }, [aabb(100, 100, 101, 101), u]);
  assert.equal(sw.index, 1);
  near(sw.hit.time, 0.7, 'sweepInto time', 1e-6);
  // the concave shape moving: the U falls onto a box under its notch floor
  const s2 = c2d.cast(u, { x: 0, y: -10 }, aabb(12, -20, 18, -5));
  near(s2.hit.time, 0.5, 'moving U time', 1e-6);
});

test('concave in the batch calls, pair lists and handles (a handle grown to more pieces)', () => {
  const hu = c2d.shape(u), hin = c2d.shape(circle(5, 20, 3)), hout = c2d.shape(circle(15, 20, 4));
  assert.deepEqual([...c2d.overlapMany([hu, hu], [hin, hout])], [1, 0]);
  const many = c2d.hitMany([hin, hout], [hu, hu]);
  assert.equal(many.count, 1);
  assert.equal(many.index[0], 0);
  // a handle that starts as a triangle (one piece) and is set to the U (more pieces): its block
  // is made again and a pair list made before still answers for the U
  const ht = c2d.shape({ type: 'concave', points: [100, 100, 101, 100, 100, 101] });
  const list = c2d.pairList([ht, ht], [hin, hout]);
  assert.deepEqual([...list.overlap()], [0, 0]);
  ht.set(u);
  assert.deepEqual([...list.overlap()], [1, 0]);
  nearVec(c2d.hit(circle(7, 20, 2), ht).delta, 5, 0, 'hit after set');
  list.destroy();
  for (const h of [hu, hin, hout, ht]) h.destroy();
});

test('concave query shapes in a world', () => {
  const w = c2d.createWorld();
  const box = w.add(aabb(12, 12, 18, 18)); // in the notch
  const bar = w.add(aabb(12, 2, 18, 8)); // in the bar
  const hits = w.queryShape(u).map((e) => e.id).sort();
  assert.deepEqual(hits, [bar]);
  assert.ok(!hits.includes(box));
  const right = w.add(aabb(40, 112, 46, 118));
  const up = (dy) => ({ type: 'concave', points: U.map((v, i) => (i % 2 ? v + dy : v)) });
  assert.equal(w.castFirst(up(200), { x: 20, y: 0 }), null); // above everything
  const c = w.castFirst(up(100), { x: 20, y: 0 });
  assert.equal(c.id, right); // its right face x = 30 meets x = 40 after 10 of 20
  near(c.sweep.hit.time, 0.5, 'world cast time', 1e-6);
  const nb = w.nearest(up(100), 100); // the box right of it, 10 away
  assert.equal(nb.id, right);
  near(nb.distance, 10, 'world nearest distance', 1e-6);
  w.destroy();
});

test('bad concave input is a C2DError', () => {
  const bowtie = { type: 'concave', points: [0, 0, 2, 2, 2, 0, 0, 2] };
  assert.throws(() => c2d.hit(bowtie, circle(0, 0, 1)), isCode('C2D_ERR_SELF_INTERSECTING'));
  assert.throws(() => c2d.distance(circle(0, 0, 1), bowtie), isCode('C2D_ERR_SELF_INTERSECTING'));
  assert.throws(() => c2d.shape(bowtie), isCode('C2D_ERR_SELF_INTERSECTING'));
  assert.throws(() => c2d.overlap({ type: 'concave', points: [0, 0, 1, 0, 2, 0] }, circle(0, 0, 1)), isCode('C2D_ERR_DEGENERATE'));
  // more outline vertices than the binding holds (W_MAX_CONCAVE_VERTICES, 8192)
  const pts = [];
  for (let i = 0; i < 8193; i++) pts.push(Math.cos((2 * Math.PI * i) / 8193), Math.sin((2 * Math.PI * i) / 8193));
  assert.throws(() => c2d.hit({ type: 'concave', points: pts }, circle(0, 0, 1)), isCode('C2D_ERR_TOO_MANY_POINTS'));
});
