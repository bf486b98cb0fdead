// Compiled by test/types.test.mjs with tsc --strict --noEmit: the narrow-phase calls accept the
// pairs the library has a test for and reject the rest (each @ts-expect-error line must fail to
// compile, or tsc reports the directive as unused).
import { load, C2DError, type Collide2D, type Hit, type ShapeHandle, type PolygonShape, type IndexRayHit } from '../../src/index.js';

async function main(): Promise<void> {
  const lib: Collide2D = await load();
  const poly = lib.shape({ type: 'polygon', points: [0, 0, 1, 0, 0, 1] });
  const circle = lib.shape({ type: 'circle', x: 0, y: 0, r: 1 });
  const arc = lib.shape({ type: 'arc', x: 0, y: 0, inner: 1, outer: 2, start: 0, end: 1 });
  const concave = lib.shape({ type: 'concave', points: [0, 0, 4, 0, 4, 4, 2, 1, 0, 4] });
  const point = { type: 'point' as const, x: 1, y: 1 };
  const p2: ShapeHandle<PolygonShape> = poly;
  const out: Hit = { pos: { x: 0, y: 0 }, normal: { x: 0, y: 0 }, delta: { x: 0, y: 0 }, time: 0 };
  const ok: boolean[] = [
    lib.overlap(poly, circle), lib.overlap(concave, poly), lib.overlap(circle, concave), lib.overlap(arc, point),
    lib.overlap(point, arc), lib.overlap({ type: 'circle', x: 0, y: 0, r: 1 }, p2),
  ];
  const h: Hit | null = lib.hit(circle, poly, out);
  const many = lib.hitMany([circle, circle], [poly, circle]);
  const list = lib.pairList([circle, poly], [poly, poly]);
  const n: number = many.count + lib.overlapMany([poly], [circle])[0] + list.hit(many).count + list.overlap()[0];
  list.destroy();
  circle.set({ type: 'circle', x: 2, y: 0, r: 1 });
  const ray: IndexRayHit | null = lib.createIndex().raycast({ origin: { x: 0, y: 0 }, translation: { x: 1, y: 0 } });
  try { lib.shape({ type: 'circle', x: 0, y: 0, r: -1 }); } catch (e) { if (e instanceof C2DError) { const c: string = e.code; void c; } }
  // the arc answers every query too (issue 15)
  const ha = lib.hit(poly, arc), oa: boolean = lib.overlap({ type: 'arc', x: 0, y: 0, inner: 1, outer: 2, start: 0, end: 1 }, { type: 'circle', x: 0, y: 0, r: 1 });
  // a concave polygon answers every query (issue 15)
  const hc = lib.hit(concave, circle), mc: number = lib.manifold(circle, concave).points.length + lib.hitMany([concave], [circle]).count;
  // @ts-expect-error a circle handle is set with a circle
  circle.set({ type: 'polygon', points: [0, 0, 1, 0, 0, 1] });
  // @ts-expect-error batch calls take handles, not plain shapes
  lib.hitMany([{ type: 'circle', x: 0, y: 0, r: 1 }], [circle]);
  // the kinds of issue 15 answer every query, alone or in batches
  const e = lib.ellipse({ x: 0, y: 0 }, 2, 1, 0.3), w = lib.wedge({ x: 0, y: 0 }, 1, 0, 1);
  const rp = lib.shape(lib.roundedPolygon([0, 0, 1, 0, 0, 1], 0.2));
  const m: number = lib.manifold(e, w).points.length + (lib.distance(rp, e)?.distance ?? 0) + lib.cast(w, { x: 1, y: 0 }, rp).time
    + lib.hitMany([rp], [lib.shape(e)]).count + (lib.raycast(w, { origin: { x: -2, y: 0.5 }, translation: { x: 4, y: 0 } })?.time ?? 0);
  const plain: boolean = lib.overlap({ type: 'ellipse', x: 0, y: 0, rx: 1, ry: 2 }, { type: 'wedge', x: 0, y: 0, r: 1, start: 0, end: 1 });
  // @ts-expect-error a rounded polygon has a radius
  lib.overlap({ type: 'roundedPolygon', points: [0, 0, 1, 0, 0, 1] }, circle);
  // @ts-expect-error an ellipse has two radii
  lib.overlap(arc, { type: 'ellipse', x: 0, y: 0, r: 1 });
  // time of impact of any kinds, each moving by a motion (every field optional)
  const toi = lib.timeOfImpact(arc, { c1: { x: -3, y: 0 }, c2: { x: 0, y: 0 }, a2: 1 }, rp, undefined, { tMax: 0.5 });
  const toiT: number = toi.t + toi.normal.x + toi.iterations + (toi.status === 'hit' ? 1 : 0);
  // @ts-expect-error a motion's angles are numbers
  lib.timeOfImpact(arc, { a1: 'half' }, rp);
  void ok; void h; void n; void ray; void m; void plain; void hc; void mc; void ha; void oa; void toiT;
  poly.destroy();
}
void main();
