// Types of collide2d's character mover for JavaScript (src/mover.js).
import type { Collide2D, Vec2, Shape } from './index.js';

/** Shapes a mover world accepts (local frame of the collider): every shape type of index.js. */
export type MoverShape = Shape;

/** Collider flags (C2D_COLLIDER_*). */
export const COLLIDER_STATIC: 1;
export const COLLIDER_SENSOR: 2;
export const COLLIDER_DISABLED: 4;
/** Contact kinds, by the number the C surface uses. */
export const CONTACT_KINDS: ['ground', 'wall', 'ceiling'];

export interface ColliderOptions {
  /** Level geometry (default true); false: a moving collider such as a platform. */
  static?: boolean;
  /** Solid only from this direction (one-way platform). */
  oneWay?: Vec2 | null;
  /** More COLLIDER_* bits. */
  flags?: number;
}

/** c2d_mover_config: every missing or zero field means the library's default. */
export interface MoverConfig {
  /** Unit up direction; default (0, 1). */
  up?: Vec2;
  /** Gap kept from every surface; default 1% of the shape's height. */
  skin?: number;
  /** Slide along what it meets (default true). */
  slide?: boolean;
  /** Steepest walkable ground, radians from up; default pi/4. */
  maxSlope?: number;
  /** Ground at least this steep lets a downward move slide down it; default maxSlope. */
  minSlideSlope?: number;
  /** Highest step climbed when grounded; default 0 (no step-up). */
  stepHeight?: number;
  /** Free width a step's top must offer; default half the shape's width. */
  stepMinWidth?: number;
  /** How far down it looks for the ground after a grounded move; default 0 (no snap). */
  snapDistance?: number;
  /** Casts per move, 1..64; default 4. */
  maxIterations?: number;
}

export interface MoverContact {
  collider: number;
  point: Vec2;
  /** Unit surface normal from the collider toward the mover (after seam correction). */
  normal: Vec2;
  kind: 'ground' | 'wall' | 'ceiling';
}

/** What one Mover.move call did (c2d_mover_result). */
export interface MoverResult {
  position: Vec2;
  moved: Vec2;
  carried: Vec2;
  recovered: Vec2;
  startedInside: boolean;
  stuck: boolean;
  grounded: boolean;
  groundNormal: Vec2;
  /** Ground collider number, -1 when not grounded. */
  ground: number;
  groundAngle: number;
  hitWall: boolean;
  wallNormal: Vec2;
  hitCeiling: boolean;
  ceilingNormal: Vec2;
  stepped: boolean;
  snapped: boolean;
  /** Contacts met in total (contacts holds at most 8). */
  contactCount: number;
  contacts: MoverContact[];
  /** The raw result doubles, only when the world records a trace. */
  raw?: number[];
}

/** A collision world for movers; destroy() when done. */
export class MoverWorld {
  constructor(lib: Collide2D, options?: { capacity?: number; trace?: boolean });
  /** Recorded calls (text lines for the native replay) when made with trace: true, else null. */
  trace: string[] | null;
  movers: Mover[];
  addShape(shape: MoverShape, position?: Vec2, options?: ColliderOptions): number;
  addBox(minX: number, minY: number, maxX: number, maxY: number, options?: ColliderOptions): number;
  setPosition(collider: number, x: number, y: number): void;
  setFilter(collider: number, filter?: { categoryBits?: number; maskBits?: number; groupIndex?: number }): void;
  position(collider: number): Vec2;
  update(): void;
  createMover(shape: MoverShape, position?: Vec2, config?: MoverConfig): Mover;
  /** (dx, dy, drop) triples for movers 0..n-1; returns (x, y, grounded, hitCeiling) per mover. */
  moveAll(inputs: ArrayLike<number>): Float64Array;
  destroy(): void;
}

export class Mover {
  readonly world: MoverWorld;
  readonly index: number;
  readonly collider: number;
  move(dx: number, dy: number, options?: { dropThrough?: boolean }): MoverResult;
  reset(): void;
  readonly position: Vec2;
}
