// Index.raycast / raycastAll against a brute-force loop over every box with broadphase.h's hit
// rule, for every index kind.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { load } from '../src/index.js';
import { rng } from './rng.mjs';

const c2d = await load();

// The entry fraction of the ray into box b, or null: per axis an open slab (a box of positive
// size) or one closed parameter (a flat box); an axis the ray does not move along needs the
// origin strictly inside; then intersected with [0, maxFraction].
function rayBox(ray, b) {
  const { origin: o, translation: t, maxFraction: maxF = 1 } = ray;
  let lo = 0, hi = maxF, loOpen = false, hiOpen = false;
  for (const [ov, tv, bl, bu] of [[o.x, t.x, b.minX, b.maxX], [o.y, t.y, b.minY, b.maxY]]) {
    const inv = tv !== 0 ? 1 / tv : 0;
    if (inv === 0 || !Number.isFinite(inv)) {
      if (!(bl < ov && ov < bu)) return null;
      continue;
    }
    const t1 = (bl - ov) * inv, t2 = (bu - ov) * inv;
    const tmin = Math.min(t1, t2), tmax = Math.max(t1, t2), open = bl < bu;
    if (tmin > lo) { lo = tmin; loOpen = open; } else if (tmin === lo) loOpen = loOpen || open;
    if (tmax < hi) { hi = tmax; hiOpen = open; } else if (tmax === hi) hiOpen = hiOpen || open;
  }
  if (!(lo < hi || (lo === hi && !loOpen && !hiOpen))) return null;
  if (!(lo <= maxF) || !Number.isFinite(lo)) return null;
  return lo;
}

function bruteAll(boxes, ray) {
  const hits = [];
  boxes.forEach((b, id) => { const f = rayBox(ray, b); if (f !== null) hits.push({ id, fraction: f }); });
  return hits.sort((p, q) => p.fraction - q.fraction || p.id - q.id);
}

test('Index.raycast and raycastAll match a brute-force check on every index kind', () => {
  const seed = 777;
  console.log(`seed ${seed}`);
  const r = rng(seed);
  const boxes = [];
  for (let i = 0; i < 400; i++) {
    const x = r() * 100, y = r() * 100, w = i % 17 === 0 ? 0 : 0.5 + r() * 6, h = i % 23 === 0 ? 0 : 0.5 + r() * 6;
    boxes.push({ minX: x, minY: y, maxX: x + w, maxY: y + h });
  }
  const rays = [];
  for (let k = 0; k < 300; k++) {
    const dir = k % 10 === 0 ? { x: 0, y: r() * 80 - 40 } : k % 10 === 1 ? { x: r() * 80 - 40, y: 0 } : { x: r() * 80 - 40, y: r() * 80 - 40 };
    rays.push({ origin: { x: r() * 100, y: r() * 100 }, translation: dir, maxFraction: k % 7 === 0 ? Infinity : 0.2 + r() });
  }
  // a ray from inside a box (fraction 0), one that misses everything, a point test
  rays.push({ origin: { x: boxes[1].minX + 0.01, y: boxes[1].minY + 0.01 }, translation: { x: 1, y: 1 } });
  rays.push({ origin: { x: -50, y: -50 }, translation: { x: -1, y: 0 } });
  rays.push({ origin: { x: boxes[2].minX + 0.01, y: boxes[2].minY + 0.01 }, translation: { x: 0, y: 0 } });
  const indexes = [
    c2d.createIndex('dynamic_tree'), c2d.createIndex('dynamic_tree', { margin: 2 }), c2d.createIndex('grid', { cellSize: 8 }),
    c2d.createIndex('quadtree'), c2d.createIndex('sweep_prune'), c2d.createStaticIndex(boxes),
    c2d.createStaticIndex(Float64Array.from(boxes.flatMap((b) => [b.minX, b.minY, b.maxX, b.maxY]))),
  ];
  for (const idx of indexes.slice(0, 5)) boxes.forEach((b, i) => assert.equal(idx.insert(b, i), i));
  let nonEmpty = 0;
  for (const ray of rays) {
    const want = bruteAll(boxes, ray);
    if (want.length > 1) nonEmpty++;
    for (const idx of indexes) {
      assert.deepEqual(idx.raycastAll(ray), want, `${idx.kind} all ${JSON.stringify(ray)}`);
      assert.deepEqual(idx.raycast(ray), want.length ? want[0] : null, `${idx.kind} first ${JSON.stringify(ray)}`);
    }
  }
  assert.ok(nonEmpty > 50, `rays with several hits: ${nonEmpty}`);
  assert.equal(rays.slice(-3).map((ray) => indexes[0].raycast(ray)?.fraction ?? null).join(), '0,,0');
  for (const idx of indexes) idx.destroy();
});

test('Index.raycast: hand-computed cases, ties, bad rays, many hits', () => {
  const idx = c2d.createIndex();
  idx.insert({ minX: 2, minY: -1, maxX: 3, maxY: 1 });     // 0
  idx.insert({ minX: 2, minY: 0, maxX: 4, maxY: 2 });      // 1: entered at the same x as 0
  idx.insert({ minX: 5, minY: -1, maxX: 6, maxY: 1 });     // 2
  idx.insert({ minX: 0, minY: 1, maxX: 10, maxY: 3 });     // 3: the ray runs along its lower edge
  const ray = { origin: { x: 0, y: 0.5 }, translation: { x: 10, y: 0 } };
  assert.deepEqual(idx.raycast(ray), { id: 0, fraction: 0.2 });
  assert.deepEqual(idx.raycastAll(ray), [{ id: 0, fraction: 0.2 }, { id: 1, fraction: 0.2 }, { id: 2, fraction: 0.5 }]);
  assert.deepEqual(idx.raycastAll({ origin: { x: 0, y: 1 }, translation: { x: 10, y: 0 } }).map((h) => h.id), [1]);
  assert.deepEqual(idx.raycastAll({ ...ray, maxFraction: 0.3 }).map((h) => h.id), [0, 1]);
  assert.equal(idx.raycast({ ...ray, maxFraction: 0.1 }), null);
  assert.equal(idx.raycast({ origin: { x: NaN, y: 0 }, translation: { x: 1, y: 0 } }), null);
  assert.equal(idx.raycast({ ...ray, maxFraction: -1 }), null);
  const big = c2d.createIndex('grid', { cellSize: 1 });
  for (let i = 0; i < 1000; i++) big.insert({ minX: i, minY: 0, maxX: i + 0.5, maxY: 1 });
  const all = big.raycastAll({ origin: { x: -1, y: 0.5 }, translation: { x: 2000, y: 0 } });
  assert.equal(all.length, 1000);
  assert.deepEqual(all.map((h) => h.id), [...Array(1000).keys()]);
  idx.destroy(); big.destroy();
  assert.throws(() => idx.raycast(ray), /destroy/);
});
