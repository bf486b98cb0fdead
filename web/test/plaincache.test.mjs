// The cache behind plain polygon objects (Collide2D._cached): a polygon or concave object used
// again is not checked and decoded again, yet every call sees the object as it is now (moved
// points, replaced arrays, a changed type, an invalid value), frozen objects work, and the wasm
// memory of dead objects is released.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import v8 from 'node:v8';
import vm from 'node:vm';
import { load, C2DError } from '../src/index.js';

const c2d = await load();
// Count the polygon and concave decodes (w_shape_set; the other kinds are decoded on every call)
// that the calls make, through a copy of the exports.
let decodes = 0;
const exportsCopy = { ...c2d._x };
const shapeSet = exportsCopy.w_shape_set;
exportsCopy.w_shape_set = (s, e, n) => {
  const kind = new Float64Array(c2d._mem.buffer, e, 1)[0];
  if (kind === 5 || kind === 6) decodes++;
  return shapeSet(s, e, n);
};
c2d._x = exportsCopy;

const square = (x0, y0, s) => [{ x: x0, y: y0 }, { x: x0 + s, y: y0 }, { x: x0 + s, y: y0 + s }, { x: x0, y: y0 + s }];
const circle = (x, y, r) => ({ type: 'circle', x, y, r });
const isCode = (code) => (e) => e instanceof C2DError && e.code === code;
// The answer for a copy of the object (a fresh object is decoded from its numbers).
const fresh = (s) => JSON.parse(JSON.stringify(s));

test('a plain polygon used again is decoded once, not on every call', () => {
  const a = { type: 'polygon', points: square(0, 0, 2) };
  const b = { type: 'polygon', points: [1, 1, 3, 1, 3, 3, 1, 3] };
  const c = circle(2.5, 1, 1);
  const ref = c2d.hit(fresh(a), fresh(b));
  decodes = 0;
  for (let i = 0; i < 100; i++) {
    assert.deepEqual(c2d.hit(a, b), ref);
    assert.equal(c2d.overlap(c, a), true);
  }
  // first sight (a scratch decode) and the cache entry, once each per object
  assert.ok(decodes <= 4, `${decodes} decodes for 200 calls`);
});

test('moving a point of a cached polygon between calls gives the new answer', () => {
  const pts = square(0, 0, 2);
  const a = { type: 'polygon', points: pts };
  const c = circle(3, 1, 0.5);
  assert.equal(c2d.overlap(a, c), false);
  assert.equal(c2d.overlap(a, c), false); // cached now
  pts[1].x = 3; pts[2].x = 3; // the right edge moves into the circle
  assert.equal(c2d.overlap(a, c), true);
  assert.deepEqual(c2d.hit(a, c), c2d.hit(fresh(a), c));
  pts[1].x = 2; pts[2].x = 2; // and back
  assert.equal(c2d.overlap(a, c), false);
  // a new points array (flat now), more points, then a point taken away
  a.points = [0, 0, 3, 0, 3, 2, 0, 2];
  assert.equal(c2d.overlap(a, c), true);
  a.points = [0, 0, 2, 0, 2.6, 1, 2, 2, 0, 2];
  assert.equal(c2d.overlap(a, c), true);
  assert.deepEqual(c2d.hit(a, c), c2d.hit(fresh(a), c));
  a.points.splice(4, 2);
  assert.equal(c2d.overlap(a, c), false);
  // a typed array, changed in place
  const f = new Float64Array([0, 0, 2, 0, 2, 2, 0, 2]);
  const t = { type: 'polygon', points: f };
  assert.equal(c2d.containsPoint(t, 2.5, 1), false);
  assert.equal(c2d.containsPoint(t, 2.5, 1), false);
  f[2] = 3; f[4] = 3;
  assert.equal(c2d.containsPoint(t, 2.5, 1), true);
});

test('a cached polygon made invalid throws its error on every call, and works again once fixed', () => {
  const pts = square(0, 0, 2);
  const a = { type: 'polygon', points: pts };
  const c = circle(1, 1, 0.5);
  assert.equal(c2d.overlap(a, c), true);
  assert.equal(c2d.overlap(c, a), true);
  pts[2].x = NaN;
  assert.throws(() => c2d.overlap(a, c), isCode('C2D_ERR_NOT_FINITE'));
  assert.throws(() => c2d.overlap(c, a), isCode('C2D_ERR_NOT_FINITE'));
  pts[2].x = 2; pts[2].y = 0; pts[3].x = 2; pts[3].y = 0; // all on one line
  assert.throws(() => c2d.hit(a, c), isCode('C2D_ERR_DEGENERATE'));
  pts[2].x = '2';
  assert.throws(() => c2d.overlap(a, c), TypeError);
  pts[2].y = 2; pts[2].x = 2; pts[3].x = 0; pts[3].y = 2;
  assert.equal(c2d.overlap(a, c), true);
  a.points = { length: 8, 0: 0, 1: 0, 2: 2, 3: 0, 4: 2, 5: 2, 6: 0, 7: 2 }; // not an array
  assert.throws(() => c2d.overlap(a, c), TypeError);
});

test('frozen polygons are cached and answer right', () => {
  const a = Object.freeze({ type: 'polygon', points: Object.freeze(square(0, 0, 2).map(Object.freeze)) });
  const b = Object.freeze({ type: 'concave', points: Object.freeze([0, 0, 4, 0, 4, 4, 3, 4, 3, 1, 1, 1, 1, 4, 0, 4]) });
  const c = Object.freeze(circle(2, 3, 0.5));
  decodes = 0;
  for (let i = 0; i < 10; i++) {
    assert.equal(c2d.overlap(a, c), false);
    assert.equal(c2d.overlap(b, c), false); // in the notch of the U
    assert.equal(c2d.containsPoint(b, 0.5, 3), true);
  }
  assert.ok(decodes <= 4, `${decodes} decodes`);
});

test('an object switched between kinds answers as its current kind', () => {
  const u = [0, 0, 4, 0, 4, 4, 3, 4, 3, 1, 1, 1, 1, 4, 0, 4];
  const s = { type: 'polygon', points: u.slice() };
  const c = circle(2, 3, 0.5);
  assert.equal(c2d.overlap(s, c), true); // the hull of the U covers the notch
  assert.equal(c2d.overlap(s, c), true);
  s.type = 'concave';
  assert.equal(c2d.overlap(s, c), false);
  assert.equal(c2d.overlap(s, c), false);
  s.type = 'circle'; s.x = 2; s.y = 2; s.r = 0.1;
  assert.equal(c2d.overlap(s, c), false);
  s.r = 1;
  assert.equal(c2d.overlap(s, c), true);
  s.type = 'polygon';
  assert.equal(c2d.overlap(s, c), true);
  assert.equal(c2d.containsPoint(s, 2, 3), true);
  s.type = 'concave';
  assert.equal(c2d.containsPoint(s, 2, 3), false);
});

test('the same numbers in another form reuse the entry; 0 and -0 do not', () => {
  const a = { type: 'polygon', points: [0, 0, 2, 0, 2, 2, 0, 2] };
  const c = circle(1, 1, 0.5);
  c2d.overlap(a, c); c2d.overlap(a, c);
  decodes = 0;
  a.points = square(0, 0, 2); // {x, y} form, same numbers
  assert.equal(c2d.overlap(a, c), true);
  assert.equal(decodes, 0);
  a.points[0].x = -0;
  assert.equal(c2d.overlap(a, c), true);
  assert.equal(decodes, 1); // built again, so the answers keep the sign of zero of the input
});

test('the wasm memory of dead cached objects is released', async () => {
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc');
  const c = c2d.shape(circle(0, 0, 1));
  const base = c2d._cachedCount;
  (() => {
    for (let i = 0; i < 2000; i++) {
      const p = { type: 'polygon', points: square(i, 0, 1) };
      c2d.overlap(p, c); c2d.overlap(p, c);
    }
  })();
  assert.equal(c2d._cachedCount, base + 2000);
  for (let k = 0; k < 50 && c2d._cachedCount > base; k++) {
    gc();
    await new Promise((r) => setTimeout(r, 10));
  }
  assert.ok(c2d._cachedCount <= base, `${c2d._cachedCount} entries left, ${base} before`);
});

test('other kinds are cached too and see their changes (circle, rect, capsule, segment)', () => {
  const poly = { type: 'polygon', points: square(0, 0, 2) };
  const shapes = [
    [circle(3, 1, 0.5), (s) => { s.x = 2.2; }],
    [{ type: 'rect', x: 2.5, y: 0, width: 1, height: 1 }, (s) => { s.x = 1.5; }],
    [{ type: 'capsule', x1: 3, y1: 0, x2: 3, y2: 2, r: 0.5 }, (s) => { s.r = 1.5; }],
    [{ type: 'segment', x1: 3, y1: 0, x2: 3, y2: 2 }, (s) => { s.x1 = 1.5; s.x2 = 1.5; }],
  ];
  for (const [s, move] of shapes) {
    assert.equal(c2d.overlap(poly, s), false, s.type);
    assert.equal(c2d.overlap(s, poly), false, s.type);
    move(s);
    const now = c2d.overlap(fresh(s), poly);
    assert.equal(c2d.overlap(s, poly), now, s.type);
    assert.equal(c2d.overlap(poly, s), now, s.type);
    assert.equal(now, true, s.type);
  }
  const r = shapes[1][0];
  r.width = -1;
  assert.throws(() => c2d.overlap(poly, r), isCode('C2D_ERR_BAD_SIZE'));
});

test('after many objects used once, objects used again are still cached', () => {
  for (let i = 0; i < 20000; i++) c2d.overlap({ type: 'polygon', points: square(i, 0, 1) }, circle(0, 0, 1));
  const polys = Array.from({ length: 10 }, (_, i) => ({ type: 'polygon', points: square(i, 0, 1) }));
  const c = circle(0, 0, 1);
  for (let k = 0; k < 50; k++) for (const p of polys) c2d.overlap(p, c);
  decodes = 0;
  for (let k = 0; k < 50; k++) for (const p of polys) c2d.overlap(p, c);
  assert.equal(decodes, 0);
});
