// Compiled by test/types.test.mjs with tsc --strict --noEmit: the package's types must accept
// this ordinary use of the world, and reject the misuse marked @ts-expect-error.
import { load, type Collide2D, type World, type Collision, type Handle, type MoveResult } from '../../src/index.js';

interface Thing { name: string; hp?: number; }

async function main(): Promise<void> {
  const lib: Collide2D = await load();
  const world: World<Thing> = lib.createWorld<Thing>({ staticIndex: 'default', movingIndex: 'dynamic_tree' });
  const ground: Handle = world.add({ type: 'aabb', minX: 0, minY: 0, maxX: 100, maxY: 10 }, { static: true, userData: { name: 'ground' } });
  const player = world.add({ type: 'circle', x: 0, y: 0, r: 5 }, { x: 20, y: 30, filter: { category: 2, mask: 1 }, userData: { name: 'player', hp: 3 } });
  world.add({ type: 'concave', points: [{ x: 0, y: 0 }, { x: 10, y: 0 }, { x: 10, y: 10 }, { x: 5, y: 3 }, { x: 0, y: 10 }] }, { static: true, oneWay: { x: 0, y: 1 } });
  world.setTransform(player, 25, 30, 0.5);
  world.setFlags(player, { sensor: false });
  const info = world.get(player);
  const hp: number | undefined = info.userData?.hp;
  const hits = world.queryPoint(50, 5, { skipSensors: true });
  const names: string[] = hits.map((h) => h.userData?.name ?? '?');
  const ray = world.raycastFirst({ origin: { x: 0, y: 50 }, translation: { x: 0, y: -100 } });
  if (ray) { const t: number = ray.hit.time; void t; }
  const cast = world.castFirst({ type: 'aabb', minX: 0, minY: 0, maxX: 4, maxY: 4 }, { x: 10, y: 0 }, { self: player });
  if (cast && cast.sweep.hit) { const n = cast.sweep.hit.normal.x; void n; }
  for (const e of world.update()) { if (e.type === 'begin') void e.userA; }
  world.addResponse('stop', (col: Collision<Thing>, leg) => { leg.goal = col.touch; return false; });
  const r: MoveResult<Thing> = world.move(player, { x: 80, y: 12 }, (item, other) => (other === ground ? 'slide' : 'cross'));
  const first = r.collisions[0];
  if (first) { const s: string = first.type; void s; }
  world.check(player, { x: 0, y: 0 }, 'touch', { maxIterations: 8 });
  world.project(null, { type: 'circle', x: 0, y: 0, r: 2 }, { x: 0, y: 40 }, { x: 100, y: 40 });
  world.add({ type: 'arc', x: 0, y: 0, inner: 1, outer: 2, start: 0, end: 1 }); // every kind is a collider
  // @ts-expect-error an arc has two radii
  world.add({ type: 'arc', x: 0, y: 0, r: 1, start: 0, end: 1 });
  // @ts-expect-error the goal is a vector
  world.move(player, 5);
  void hp; void names;
  world.destroy();
}
void main();
