// The JS character mover (src/mover.js over web/wasm/c2d_mover_wasm.c) with every shape type the
// world accepts, as the collider it moves and as what it walks against: a concave cup and an arc
// wall included. Before, the mover surface decoded kinds 2-5 only (aabb, circle, capsule,
// polygon) and threw on the rest. Run: node --test test/
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { load, MoverWorld } from '../src/index.js';

const c2d = await load();
const near = (a, e, what, eps) => assert.ok(Math.abs(a - e) <= eps, `${what}: ${a} != ${e} (within ${eps})`);

// Local mover shapes of every type, each with its lowest point at y = -0.5 (a flat segment at 0).
const MOVERS = {
  aabb: { type: 'aabb', minX: -0.4, minY: -0.5, maxX: 0.4, maxY: 0.5 },
  rect: { type: 'rect', x: -0.4, y: -0.5, width: 0.8, height: 1 },
  circle: { type: 'circle', x: 0, y: 0, r: 0.5 },
  capsule: { type: 'capsule', x1: 0, y1: -0.25, x2: 0, y2: 0.25, r: 0.25 },
  polygon: { type: 'polygon', points: [{ x: -0.4, y: -0.5 }, { x: 0.4, y: -0.5 }, { x: 0, y: 0.5 }] },
  roundedPolygon: { type: 'roundedPolygon', r: 0.2, points: [-0.3, -0.3, 0.3, -0.3, 0.3, 0.3, -0.3, 0.3] },
  ellipse: { type: 'ellipse', x: 0, y: 0, rx: 0.7, ry: 0.5 },
  wedge: { type: 'wedge', x: 0, y: -0.5, r: 1, start: 0.5, end: 2.6 },
  concave: { type: 'concave', points: [-0.5, -0.5, 0.5, -0.5, 0.5, -0.2, -0.2, -0.2, -0.2, 0.5, -0.5, 0.5] },
  arc: { type: 'arc', x: 0, y: -0.5, inner: 0.3, outer: 1, start: 0, end: Math.PI },
  segment: { type: 'segment', x1: -0.5, y1: 0, x2: 0.5, y2: 0 },
  point: { type: 'point', x: 0, y: 0 },
};
const LOW = (t) => (t === 'segment' || t === 'point' ? 0 : 0.5);

test('a mover of every shape type lands on the floor at the skin and stops at a wall', () => {
  for (const [t, shape] of Object.entries(MOVERS)) {
    const w = new MoverWorld(c2d);
    try {
      w.addBox(-20, -1, 20, 0);
      w.addBox(6, 0, 7, 10);
      w.update();
      const m = w.createMover(shape, { x: 0, y: 3 }, { skin: 0.01 });
      let r = m.move(0, -5);
      assert.ok(r.grounded, `${t} grounded`);
      near(r.position.y, LOW(t) + 0.01, `${t} rests at the skin`, 2e-3);
      for (let i = 0; i < 40; i++) r = m.move(0.5, -0.1);
      assert.ok(r.hitWall, `${t} met the wall`);
      assert.ok(r.position.x < 6 && r.position.x > 4, `${t} stopped before the wall: x ${r.position.x}`);
    } finally {
      w.destroy();
    }
  }
});

test('a box walks inside a concave cup: lands on its inner floor, stops at its inner walls', () => {
  const w = new MoverWorld(c2d);
  try {
    w.addBox(-20, -1, 20, 0);
    // the cup: outer walls x in [2, 8], inner floor y = 1, inner walls x = 3 and 7
    w.addShape({ type: 'concave', points: [2, 0, 8, 0, 8, 4, 7, 4, 7, 1, 3, 1, 3, 4, 2, 4] });
    w.update();
    const m = w.createMover(MOVERS.aabb, { x: 5, y: 6 });
    let r = m.move(0, -8);
    assert.ok(r.grounded);
    near(r.position.y, 1.5 + 0.01, 'on the inner floor, not the rim', 1e-3);
    for (let i = 0; i < 40; i++) {
      r = m.move(0.5, -0.1);
      assert.ok(r.position.x < 6.6 && r.position.x > 3.4, `never through the wall: x ${r.position.x}`);
    }
    near(r.position.x, 7 - 0.4 - 0.01, 'at the right inner wall', 1e-3);
    r = m.move(-1, -1); // slides along the floor
    near(r.position.x, 7 - 0.4 - 0.01 - 1, 'slid left', 1e-3);
    near(r.position.y, 1.51, 'still on the floor', 1e-3);
  } finally {
    w.destroy();
  }
});

test('a circle against an arc wall: stops at its inner circle, slides up along it', () => {
  const w = new MoverWorld(c2d);
  try {
    w.addShape({ type: 'arc', x: 0, y: 5, inner: 4, outer: 5, start: -1.5, end: 1.5 });
    w.update();
    const m = w.createMover(MOVERS.circle, { x: 0, y: 5 });
    let r;
    for (let i = 0; i < 40; i++) {
      r = m.move(0.5, 0);
      assert.ok(r.position.x < 4, `never through: x ${r.position.x}`);
    }
    assert.ok(r.hitWall);
    assert.ok(r.position.x > 3.3 && r.position.x < 3.5, `at the wall: x ${r.position.x}`);
    for (let i = 0; i < 10; i++) r = m.move(0.3, 0.3);
    assert.ok(r.position.y > 6, `slid up: y ${r.position.y}`);
    const d = c2d.distance({ type: 'circle', x: r.position.x, y: r.position.y, r: 0.5 },
      { type: 'arc', x: 0, y: 5, inner: 4, outer: 5, start: -1.5, end: 1.5 });
    assert.ok(d.distance > 0 && d.distance < 0.15, `clear and near the wall: ${d.distance}`);
  } finally {
    w.destroy();
  }
});

test('the trace of a concave mover replays through the native build', { skip: !process.env.C2D_REF }, async () => {
  const { execFileSync } = await import('node:child_process');
  const { dirname, join } = await import('node:path');
  const w = new MoverWorld(c2d, { trace: true });
  try {
    w.addBox(-20, -1, 20, 0);
    w.addShape({ type: 'arc', x: 10, y: 0, inner: 2, outer: 3, start: 0, end: Math.PI });
    w.update();
    const m = w.createMover(MOVERS.concave, { x: 0, y: 2 });
    const rows = [];
    for (let i = 0; i < 30; i++) rows.push(m.move(0.4, -0.2).raw);
    const out = execFileSync(join(dirname(process.env.C2D_REF), 'c2d_mover_ref'), { input: w.trace.join('\n') + '\n' }).toString();
    const native = out.trim().split('\n').filter((l) => l.includes(' ')).map((l) => l.trim().split(/\s+/).map(Number));
    assert.equal(native.length, rows.length);
    for (let i = 0; i < rows.length; i++) {
      for (let k = 0; k < 24; k++) near(rows[i][k], native[i][k + 1], `move ${i} value ${k}`, 1e-9); // native: status first
    }
  } finally {
    w.destroy();
  }
});
