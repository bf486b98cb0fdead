// Types of collide2d for JavaScript (src/index.js). Shapes are plain objects; coordinates are
// numbers in any frame (the library never assumes which way y points).

export interface Vec2 { x: number; y: number; }

export interface PointShape { type: 'point'; x: number; y: number; }
export interface SegmentShape { type: 'segment'; x1: number; y1: number; x2: number; y2: number; }
/** Axis-aligned box by its corners (minX < maxX, minY < maxY). */
export interface AABBShape { type: 'aabb'; minX: number; minY: number; maxX: number; maxY: number; }
/** Axis-aligned box by the corner with the smallest x and y, a width and a height (MDN's form). */
export interface RectShape { type: 'rect'; x: number; y: number; width: number; height: number; }
export interface CircleShape { type: 'circle'; x: number; y: number; r: number; }
/** Every point within r of the segment (x1, y1)-(x2, y2). */
export interface CapsuleShape { type: 'capsule'; x1: number; y1: number; x2: number; y2: number; r: number; }
/** Convex hull of the points (any order; at most maxPolygonVertices hull vertices). */
export interface PolygonShape { type: 'polygon'; points: Vec2[] | number[] | Float64Array; }
/** Simple polygon of any size and either winding (no repeated closing vertex). */
export interface ConcaveShape { type: 'concave'; points: Vec2[] | number[] | Float64Array; }
/** Annular sector: inner < distance < outer, angle strictly between start and end (radians,
 * from +x toward +y, increasing; an end below the start wraps). */
export interface ArcShape { type: 'arc'; x: number; y: number; inner: number; outer: number; start: number; end: number; }
/** Circular sector (an arc with inner radius 0). */
export interface WedgeShape { type: 'wedge'; x: number; y: number; r: number; start: number; end: number; }

/** Shapes every query accepts. */
export type ConvexShape = PointShape | SegmentShape | AABBShape | RectShape | CircleShape | CapsuleShape | PolygonShape;
/** Shapes for overlap / containsPoint (and raycast for concave); other queries throw for these. */
export type Shape = ConvexShape | ConcaveShape | ArcShape | WedgeShape;
export type Box = AABBShape | RectShape | { minX: number; minY: number; maxX: number; maxY: number };

/** A contact: pos on B's surface (static tests) or where the ray/sweep hits; normal is a unit
 * vector from B toward A; delta is added to A to separate (ray casts: the move that takes the
 * segment's end back to pos); time is the fraction of the move (0 for static tests). */
export interface Hit { pos: Vec2; normal: Vec2; delta: Vec2; time: number; }

/** The intersect article's Sweep: hit (or null), and the safe position of A's center and the
 * backed-off fraction of the move that gives it. */
export interface Sweep { hit: Hit | null; pos: Vec2; time: number; }
export interface SweepInto extends Sweep { /** index of the static hit, -1 for none */ index: number; }

export interface ManifoldPoint { x: number; y: number; depth: number; id: number; }
export interface Manifold { normal: Vec2; points: ManifoldPoint[]; }

export interface Distance { pointA: Vec2; pointB: Vec2; normal: Vec2; distance: number; iterations: number; }

export interface RayInput {
  origin: Vec2;
  translation: Vec2;
  /** the cast covers origin + t * translation for t in [0, maxFraction]; default 1 (Infinity allowed) */
  maxFraction?: number;
}

/** 'spatial_hash' is another name for 'grid' (the hashed uniform grid); kind keeps the name given. */
export type IndexKind = 'dynamic_tree' | 'spatial_hash' | 'grid' | 'quadtree' | 'sweep_prune' | 'static_tree';
export interface IndexOptions { cellSize?: number; margin?: number; }

/** A broad-phase index over boxes. Boxes that only touch do not overlap. */
export declare class Index {
  readonly kind: IndexKind;
  readonly count: number;
  insert(box: Box, userData?: number): number;
  move(id: number, box: Box): void;
  remove(id: number): void;
  queryAABB(box: Box): number[];
  queryPoint(x: number, y: number): number[];
  /** every overlapping pair, flat [a0, b0, a1, b1, ...], a < b, sorted */
  pairs(): Int32Array;
  /** pairs with a proxy inserted or moved since the last call */
  updatePairs(): Int32Array;
  destroy(): void;
}

export interface BodiesOptions extends IndexOptions { index?: IndexKind; }
export interface CollideResult {
  count: number;
  /** [a0, b0, a1, b1, ...] body numbers */
  pairs: Int32Array;
  /** [nx, ny, dx, dy, ...]: normal from b toward a, push-out for a */
  hits: Float64Array;
}

/** Structure-of-arrays batch of moving circles (params x, y, r) and boxes (minX, minY, maxX, maxY). */
export declare class Bodies {
  readonly capacity: number;
  readonly count: number;
  readonly index: Index;
  /** 4 numbers per body, a view of wasm memory: valid until the next call into the library */
  readonly params: Float64Array;
  addCircle(x: number, y: number, r: number): number;
  addBox(minX: number, minY: number, maxX: number, maxY: number): number;
  collide(): CollideResult;
  destroy(): void;
}

export declare class Collide2D {
  /** C2D_VERSION of the compiled library (major * 10000 + minor * 100 + patch) */
  readonly version: number;
  readonly maxPolygonVertices: number;
  /** null when valid, else the library's reason */
  validate(shape: Shape): string | null;
  statusString(status: number): string;
  overlap(a: Shape, b: Shape): boolean;
  hit(a: ConvexShape, b: ConvexShape): Hit | null;
  containsPoint(shape: Shape, x: number, y: number): boolean;
  containsPoint(shape: Shape, p: Vec2): boolean;
  raycast(shape: ConvexShape | ConcaveShape, ray: RayInput): Hit | null;
  /** the article's intersectSegment: segment pos + t * delta against the box grown by padding */
  aabbSegmentPadded(box: Box, pos: Vec2, delta: Vec2, padding?: Vec2): Hit | null;
  cast(a: ConvexShape, deltaA: Vec2, b: ConvexShape, deltaB?: Vec2): Sweep;
  sweepInto(a: ConvexShape, delta: Vec2, statics: ConvexShape[]): SweepInto;
  sweepAABB(a: Box, delta: Vec2, b: Box): Sweep;
  sweepAABBInto(a: Box, delta: Vec2, boxes: Box[]): SweepInto;
  manifold(a: ConvexShape, b: ConvexShape): Manifold;
  distance(a: ConvexShape, b: ConvexShape): Distance | null;
  segmentIntersection(a: Omit<SegmentShape, 'type'>, b: Omit<SegmentShape, 'type'>): (Vec2 & { fraction: number }) | null;
  lineIntersection(a: Omit<SegmentShape, 'type'>, b: Omit<SegmentShape, 'type'>): Vec2 | null;
  bounds(shape: Shape): { minX: number; minY: number; maxX: number; maxY: number } | null;
  hull(shape: PolygonShape): Vec2[] | null;
  createIndex(kind?: IndexKind, options?: IndexOptions): Index;
  /** a static tree built once over the boxes (ids are array positions); insert/move/remove throw */
  createStaticIndex(boxes: Box[]): Index;
  createBodies(capacity: number, options?: BodiesOptions): Bodies;
}

/** Loads the library (dist/collide2d.wasm beside the package by default). */
export declare function load(options?: { wasm?: ArrayBuffer | ArrayBufferView | URL | string | WebAssembly.Module }): Promise<Collide2D>;
/** Instantiates synchronously from wasm bytes or a compiled module. */
export declare function loadSync(bytesOrModule: ArrayBuffer | ArrayBufferView | WebAssembly.Module): Collide2D;
/** The encoded form (kind number, then its numbers) the C surface reads; for tests and tools. */
export declare function encodeShape(shape: Shape): Float64Array;
export default load;
export { MoverWorld, Mover, MoverConfig, MoverResult, MoverContact, ColliderOptions, COLLIDER_STATIC, COLLIDER_SENSOR, COLLIDER_DISABLED, CONTACT_KINDS } from './mover.js';
