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
/** Convex hull of the points (as PolygonShape) inflated by r > 0: every point within r of it (a
 * rounded box or rounded polygon, Box2D's rounded polygon). */
export interface RoundedPolygonShape { type: 'roundedPolygon'; points: Vec2[] | number[] | Float64Array; r: number; }
/** Ellipse of semi-axes rx (along the direction of angle, radians; default 0) and ry around (x, y);
 * radii at least 1e-150 and at most 1e6 times each other. Pair queries are within 1e-10 of the
 * pair's size (normals within about 1e-5): the library's support-function path. */
export interface EllipseShape { type: 'ellipse'; x: number; y: number; rx: number; ry: number; angle?: number; }
/** Simple polygon of any size and either winding (no repeated closing vertex). */
export interface ConcaveShape { type: 'concave'; points: Vec2[] | number[] | Float64Array; }
/** Annular sector: inner < distance < outer, angle strictly between start and end (radians,
 * from +x toward +y, increasing; an end below the start wraps). */
export interface ArcShape { type: 'arc'; x: number; y: number; inner: number; outer: number; start: number; end: number; }
/** Convex circular sector: distance below r, angle strictly between start and end (radians, as
 * ArcShape), end - start (after wrapping) at most pi. A wider sector is an ArcShape with inner 0. */
export interface WedgeShape { type: 'wedge'; x: number; y: number; r: number; start: number; end: number; }

/** The convex shapes (a world collider's pieces are these). */
export type ConvexShape = PointShape | SegmentShape | AABBShape | RectShape | CircleShape | CapsuleShape | PolygonShape
  | RoundedPolygonShape | EllipseShape | WedgeShape;
/** Shapes every query accepts (the kinds of the library's c2d_shape: the convex ones and the
 * concave polygon, queried as its convex pieces). */
export type QueryShape = ConvexShape | ConcaveShape | ArcShape;
/** Every shape (every one is a kind of c2d_shape). */
export type Shape = QueryShape;
/** The shapes a concave polygon has an overlap test with (every QueryShape; kept for older code). */
export type ConcavePartner = QueryShape;

/** A shape kept decoded in wasm memory (lib.shape(desc)): checked once when made or set, then
 * passed to queries without copying. Its type parameter keeps the shape kind for the overloads. */
export declare class ShapeHandle<D extends Shape = Shape> {
  /** the shape's type, e.g. 'circle' */
  readonly type: D['type'];
  /** a copy of the last description set */
  readonly desc: D;
  /** replaces the shape (same kind); an invalid one throws a C2DError and changes nothing */
  set(desc: D): this;
  /** frees the wasm copy; using the handle afterwards throws */
  destroy(): void;
}
/** A shape of kind D, as a plain object or a handle. */
export type Of<D extends Shape> = D | ShapeHandle<D>;

/** An error the C library reported: status is the c2d_status number, code its C name. An invalid
 * shape gives its constructor's code (e.g. 'C2D_ERR_TOO_MANY_POINTS', 'C2D_ERR_BAD_SIZE',
 * 'C2D_ERR_NOT_FINITE'); a pair with no test gives 'C2D_ERR_UNSUPPORTED'. */
export declare class C2DError extends Error {
  readonly status: number;
  readonly code: string;
}
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

/** How a shape moves over one step (timeOfImpact): the local point localCenter (default (0, 0))
 * goes in a straight line from c1 (t = 0; default localCenter) to c2 (t = 1; default c1) while the
 * shape turns about it from angle a1 to a2 (radians; defaults 0 and a1). */
export interface Motion { localCenter?: Vec2; c1?: Vec2; c2?: Vec2; a1?: number; a2?: number; }
export interface TimeOfImpactOptions {
  /** end of the searched interval, in (0, 1]; default 1 */
  tMax?: number;
  /** gap to stop at (>= 0); 0 (default): the library's C2D_TOI_TARGET */
  target?: number;
  /** iteration cap; 0 (default): the library's default */
  maxIterations?: number;
}
/** timeOfImpact's answer: 'hit' (the gap is down to the target at t), 'separated' (t = tMax),
 * 'overlapped' (touching or overlapping at t = 0), 'maxIterations' (t keeps the target gap).
 * normal (B toward A) and point (midway between the closest points) at t for 'hit', else (0, 0). */
export interface TimeOfImpact {
  status: 'hit' | 'separated' | 'overlapped' | 'maxIterations';
  t: number; normal: Vec2; point: Vec2; iterations: number;
}

export interface RayInput {
  origin: Vec2;
  translation: Vec2;
  /** the cast covers origin + t * translation for t in [0, maxFraction]; default 1 (Infinity allowed) */
  maxFraction?: number;
}

/** 'spatial_hash' is another name for 'grid' (the hashed uniform grid); kind keeps the name given. */
export type IndexKind = 'dynamic_tree' | 'spatial_hash' | 'grid' | 'quadtree' | 'sweep_prune' | 'static_tree';
export interface IndexOptions { cellSize?: number; margin?: number; }

/** A box an index ray enters: its id and the fraction of the ray where it enters (0: origin inside). */
export interface IndexRayHit { id: number; fraction: number; }

/** A broad-phase index over boxes. Boxes that only touch do not overlap. */
export declare class Index {
  readonly kind: IndexKind;
  readonly count: number;
  insert(box: Box, userData?: number): number;
  move(id: number, box: Box): void;
  remove(id: number): void;
  queryAABB(box: Box): number[];
  queryPoint(x: number, y: number): number[];
  /** the box the ray enters first (ties: smaller id), or null; fraction is where it enters */
  raycast(ray: RayInput): IndexRayHit | null;
  /** every box the ray enters, nearest first (ties by id) */
  raycastAll(ray: RayInput): IndexRayHit[];
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

/** Result of hitMany: index[k] is the pair number of the k-th overlapping pair, hits[6k..6k+5] its
 * normal (B toward A), delta (push-out for A) and pos. */
export interface HitMany { count: number; index: Int32Array; hits: Float64Array; }

/** Fixed pairs of shape handles (lib.pairList): their pointers are written once, so each call
 * costs only the tests. It follows handle.set(); a destroyed handle in it makes calls throw. */
export declare class PairList {
  readonly count: number;
  /** 1 or 0 per pair */
  overlap(out?: Uint8Array): Uint8Array;
  /** the overlapping pairs with their contacts (as hitMany) */
  hit(out?: HitMany): HitMany;
  destroy(): void;
}

export declare class Collide2D {
  /** C2D_VERSION of the compiled library (major * 10000 + minor * 100 + patch) */
  readonly version: number;
  readonly maxPolygonVertices: number;
  /** a shape made once in wasm memory; an invalid shape throws a C2DError (validate()'s message) */
  shape<D extends Shape>(desc: D): ShapeHandle<D>;
  /** null when valid, else the library's reason */
  validate(shape: Of<Shape>): string | null;
  statusString(status: number): string;
  /** a rounded polygon: the hull of points inflated by radius (c2d_rounded_polygon_make's checks;
   * an invalid one throws its C2DError) */
  roundedPolygon(points: Vec2[] | number[] | Float64Array, radius: number): RoundedPolygonShape;
  /** an ellipse of semi-axes rx (along angle, radians, default 0) and ry (c2d_ellipse_make's checks) */
  ellipse(center: Vec2, rx: number, ry: number, angle?: number): EllipseShape & { angle: number };
  /** a convex wedge from angle start to end, at most pi wide (c2d_convex_wedge_make's checks) */
  wedge(center: Vec2, radius: number, start: number, end: number): WedgeShape;
  /** do the interiors meet; only the pairs the library has a test for type-check */
  overlap(a: Of<QueryShape>, b: Of<QueryShape>): boolean;
  /** the contact and push-out for a, or null; out (if given) is overwritten and returned */
  hit(a: Of<QueryShape>, b: Of<QueryShape>, out?: Hit): Hit | null;
  /** overlap of as[i] and bs[i] for every i: 1 or 0 */
  overlapMany(as: ShapeHandle<QueryShape>[], bs: ShapeHandle<QueryShape>[], out?: Uint8Array): Uint8Array;
  /** hit of as[i] and bs[i] for every i, in one call (into out's arrays when they hold n and 6n) */
  hitMany(as: ShapeHandle<QueryShape>[], bs: ShapeHandle<QueryShape>[], out?: HitMany): HitMany;
  /** fixed pairs of handles, tested in one call each time; destroy() when done */
  pairList(as: ShapeHandle<QueryShape>[], bs: ShapeHandle<QueryShape>[]): PairList;
  containsPoint(shape: Of<Shape>, x: number, y: number): boolean;
  containsPoint(shape: Of<Shape>, p: Vec2): boolean;
  raycast(shape: Of<QueryShape>, ray: RayInput): Hit | null;
  /** the article's intersectSegment: segment pos + t * delta against the box grown by padding */
  aabbSegmentPadded(box: Box, pos: Vec2, delta: Vec2, padding?: Vec2): Hit | null;
  cast(a: Of<QueryShape>, deltaA: Vec2, b: Of<QueryShape>, deltaB?: Vec2): Sweep;
  sweepInto(a: Of<QueryShape>, delta: Vec2, statics: Of<QueryShape>[]): SweepInto;
  sweepAABB(a: Box, delta: Vec2, b: Box): Sweep;
  sweepAABBInto(a: Box, delta: Vec2, boxes: Box[]): SweepInto;
  manifold(a: Of<QueryShape>, b: Of<QueryShape>): Manifold;
  distance(a: Of<QueryShape>, b: Of<QueryShape>): Distance | null;
  /** first time in [0, tMax] at which a and b, moving by their motions (shapes in their local
   * frames), come within the target gap; never past the first contact. Bad input or a numerical
   * failure throws a C2DError (whose t is the last time known to keep the gap) */
  timeOfImpact(a: Of<QueryShape>, motionA: Motion | undefined, b: Of<QueryShape>, motionB?: Motion, options?: TimeOfImpactOptions): TimeOfImpact;
  segmentIntersection(a: Omit<SegmentShape, 'type'>, b: Omit<SegmentShape, 'type'>): (Vec2 & { fraction: number }) | null;
  lineIntersection(a: Omit<SegmentShape, 'type'>, b: Omit<SegmentShape, 'type'>): Vec2 | null;
  bounds(shape: Of<Shape>): { minX: number; minY: number; maxX: number; maxY: number } | null;
  hull(shape: Of<PolygonShape>): Vec2[] | null;
  createIndex(kind?: IndexKind, options?: IndexOptions): Index;
  /** a static tree built once over the boxes (objects, or 4 numbers per box: minX, minY, maxX,
   * maxY; ids are the box positions); insert/move/remove throw */
  createStaticIndex(boxes: Box[] | Float64Array | number[]): Index;
  createBodies(capacity: number, options?: BodiesOptions): Bodies;
  /** a collision world; call destroy() when done */
  createWorld<U = unknown>(options?: WorldOptions): World<U>;
}

// ---- the world ----

/** A collider handle: (index * 65536 + world tag) * 65536 + generation. */
export type Handle = number;
/** Shapes a world collider can have (every kind). */
export type ColliderShape = QueryShape;
export type WorldIndexKind = 'default' | 'static_tree' | 'dynamic_tree' | 'grid' | 'quadtree' | 'sweep_prune';
export interface WorldOptions {
  /** index of static colliders; default: a bulk-built tree rebuilt by update() */
  staticIndex?: WorldIndexKind;
  /** index of moving colliders ('static_tree' is refused); default: a dynamic tree */
  movingIndex?: WorldIndexKind;
  /** grid cell size when a grid is chosen; 0: derived */
  cellSize?: number;
  /** add() refuses more; 0: 2^21 - 1 (the most a handle can hold) */
  maxColliders?: number;
  /** the world tag stamped into handles, 1..65535 (default: the next of a counter); two worlds with
   * the same tag cannot tell each other's handles apart */
  tag?: number;
}
/** Box2D's filter: 0 or missing fields mean category 1, mask every bit, no group. */
export interface Filter { category?: number; mask?: number; group?: number; }
export interface ColliderFlags { static?: boolean; sensor?: boolean; disabled?: boolean; }
export interface ColliderOptions<U> extends ColliderFlags {
  /** where the shape's local frame goes: position and angle (radians) */
  x?: number; y?: number; angle?: number;
  filter?: Filter;
  /** direction the collider is solid from (moves only); null: two-way */
  oneWay?: Vec2 | null;
  userData?: U;
}
export interface ColliderInfo<U> {
  id: Handle; x: number; y: number; angle: number;
  aabb: { minX: number; minY: number; maxX: number; maxY: number };
  static: boolean; sensor: boolean; disabled: boolean;
  oneWay: Vec2 | null;
  filter: { category: number; mask: number; group: number };
  pieceCount: number; concave: boolean;
  userData: U | undefined;
}
/** Which colliders a query sees (missing: every enabled collider). */
export interface QueryFilter extends Filter {
  skipSensors?: boolean; skipStatic?: boolean; skipMoving?: boolean;
  /** query as this collider: it is left out and its own filter decides */
  self?: Handle;
}
export interface WorldItem<U> { id: Handle; userData: U | undefined; }
export interface WorldHit<U> extends WorldItem<U> { hit: Hit; }
export interface WorldCastHit<U> extends WorldItem<U> { sweep: Sweep; }
export interface WorldNearest<U> extends WorldItem<U> { pointA: Vec2; pointB: Vec2; normal: Vec2; distance: number; }
export type EventType = 'begin' | 'stay' | 'end';
export interface WorldEvent<U> { type: EventType; a: Handle; b: Handle; userA: U | undefined; userB: U | undefined; }

export type BuiltinResponse = 'touch' | 'cross' | 'slide' | 'bounce';
/** A built-in response, a name given to addResponse, or null / false / undefined to ignore the pair. */
export type ResponseName = BuiltinResponse | string | null | false | undefined;
/** Response of the mover (item) to another collider. */
export type MoveFilter = ((item: Handle, other: Handle) => ResponseName) | BuiltinResponse | string;
export interface MoveOptions { skipSensors?: boolean; skipStatic?: boolean; skipMoving?: boolean; maxIterations?: number; }

/** One collision of a move (A = the mover, B = other); positions are collider positions. */
export interface Collision<U> {
  other: Handle;
  userData: U | undefined;
  /** the response the filter gave */
  type: string;
  /** the mover overlapped other at the leg's start */
  overlaps: boolean;
  /** exact time of contact along the leg, in [0, 1] */
  ti: number;
  start: Vec2;
  move: Vec2;
  /** unit, from other toward the mover */
  normal: Vec2;
  /** where the mover stops before other (backed off by a small margin) */
  touch: Vec2;
  /** contact point on other's surface */
  point: Vec2;
  itemAABB: { minX: number; minY: number; maxX: number; maxY: number };
  otherAABB: { minX: number; minY: number; maxX: number; maxY: number };
  slide: Vec2;
  bounce: Vec2;
}
export interface MoveResult<U> { x: number; y: number; collisions: Collision<U>[]; total: number; capped: boolean; }
/** A custom response: may change leg.start / leg.goal (and col.slide / col.bounce); true goes on
 * from leg.start toward leg.goal, false stops at leg.goal. */
export type ResponseFn<U> = (col: Collision<U>, leg: { start: Vec2; goal: Vec2 }) => boolean;

/** A collision world. Handles stay valid until removed; stale or foreign handles throw an Error. */
export declare class World<U = unknown> {
  readonly tag: number;
  readonly count: number;
  handles(): Handle[];
  has(h: Handle): boolean;
  add(shape: ColliderShape, options?: ColliderOptions<U>): Handle;
  remove(h: Handle): void;
  setTransform(h: Handle, x: number, y: number, angle?: number): void;
  setShape(h: Handle, shape: ColliderShape): void;
  setFilter(h: Handle, filter?: Filter): void;
  setFlags(h: Handle, flags?: ColliderFlags): void;
  setOneWay(h: Handle, direction: Vec2 | null): void;
  userData(h: Handle): U | undefined;
  setUserData(h: Handle, data: U): void;
  get(h: Handle): ColliderInfo<U>;
  /** the placed convex shapes the queries test, in the world frame */
  pieces(h: Handle): ConvexShape[];
  queryPoint(x: number, y: number, filter?: QueryFilter | null): WorldItem<U>[];
  queryAABB(box: Box, filter?: QueryFilter | null): WorldItem<U>[];
  queryShape(shape: QueryShape, filter?: QueryFilter | null): WorldHit<U>[];
  raycastFirst(ray: RayInput, filter?: QueryFilter | null): WorldHit<U> | null;
  raycastAll(ray: RayInput, filter?: QueryFilter | null): WorldHit<U>[];
  castFirst(shape: QueryShape, delta: Vec2, filter?: QueryFilter | null): WorldCastHit<U> | null;
  castAll(shape: QueryShape, delta: Vec2, filter?: QueryFilter | null): WorldCastHit<U>[];
  nearest(shape: QueryShape, maxDistance: number, filter?: QueryFilter | null): WorldNearest<U> | null;
  update(): WorldEvent<U>[];
  addResponse(name: string, fn: ResponseFn<U>): void;
  move(h: Handle, goal: Vec2, filter?: MoveFilter | null, options?: MoveOptions): MoveResult<U>;
  check(h: Handle, goal: Vec2, filter?: MoveFilter | null, options?: MoveOptions): MoveResult<U>;
  project(item: Handle | null, shape: ConvexShape, start: Vec2 & { angle?: number }, goal: Vec2,
    filter?: MoveFilter | null, options?: MoveOptions): MoveResult<U>;
  validate(): boolean;
  destroy(): void;
}

/** Loads the library (dist/collide2d.wasm beside the package by default). */
export declare function load(options?: { wasm?: ArrayBuffer | ArrayBufferView | URL | string | WebAssembly.Module }): Promise<Collide2D>;
/** Instantiates synchronously from wasm bytes or a compiled module. */
export declare function loadSync(bytesOrModule: ArrayBuffer | ArrayBufferView | WebAssembly.Module): Collide2D;
/** The encoded form (kind number, then its numbers) the C surface reads; for tests and tools. */
export declare function encodeShape(shape: Shape): Float64Array;
export default load;
export { MoverWorld, Mover, MoverConfig, MoverResult, MoverContact, ColliderOptions as MoverColliderOptions, COLLIDER_STATIC, COLLIDER_SENSOR, COLLIDER_DISABLED, CONTACT_KINDS } from './mover.js';
