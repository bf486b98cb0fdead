// collide2d's character mover for JavaScript: c2d_mover (include/collide2d/mover.h) over a
// collision world, through the flat surface of web/wasm/c2d_mover_wasm.c. A MoverWorld owns wasm
// memory and must be destroy()ed (a FinalizationRegistry frees a forgotten one).
//
//   const lib = await load();
//   const world = new MoverWorld(lib);
//   world.addBox(0, -1, 100, 0);                                  // static ground
//   const player = world.createMover({ type: 'aabb', minX: -0.4, minY: -0.7, maxX: 0.4, maxY: 0.7 },
//                                    { x: 2, y: 1 }, { stepHeight: 0.5, snapDistance: 0.2 });
//   world.update();                                                // after adding statics
//   each frame: const r = player.move(vx * dt, vy * dt); if (r.grounded) vy = 0;
//
// Coordinates are the caller's (any units); "up" is a setting (default (0, 1), y up). Colliders
// are numbered (their slot in the world); results name them by that number. Shapes are those of
// index.js, every type (the SHAPES rows, encoded by encodeShape): a concave polygon or an arc is
// a collider and a mover like any other.

import { encodeShape } from './index.js';

/** Collider flags (c2d's C2D_COLLIDER_*). */
export const COLLIDER_STATIC = 1;
export const COLLIDER_SENSOR = 2;
export const COLLIDER_DISABLED = 4;
/** Contact kinds of a mover result. */
export const CONTACT_KINDS = ['ground', 'wall', 'ceiling'];

const OUT_LEN = 72;
const MAX_CONTACTS = 8;
const SCRATCH = 64; // doubles: a config, or an encoded shape that fits (a longer one gets its own block)

const finalizer = typeof FinalizationRegistry !== 'undefined'
  ? new FinalizationRegistry((release) => release()) : null;

// A number for the trace that strtod reads back exactly (String keeps 17 significant digits'
// worth: the shortest round-trip form), -0 kept.
const tnum = (x) => (Object.is(x, -0) ? '-0' : String(x));

/** A collision world for movers. Options: capacity (colliders to reserve room for), trace (true:
 * record every call as a line of text in this.trace, for replay through the native build). */
export class MoverWorld {
  constructor(lib, { capacity = 0, trace = false } = {}) {
    this._lib = lib;
    const x = (this._x = lib._x);
    if (!x.wm_world_create) throw new Error('collide2d mover: this wasm build has no mover surface');
    this._p = x.wm_world_create(capacity);
    if (!this._p) throw new Error('collide2d mover: world creation failed');
    this._s = x.malloc(8 * SCRATCH);
    this._outPtr = x.wm_out(this._p);
    this._buf = null;
    this.trace = trace ? [`world ${capacity}`] : null;
    this.movers = [];
    const p = this._p, s = this._s;
    this._token = {};
    if (finalizer) finalizer.register(this, () => { x.wm_world_destroy(p); x.free(s); }, this._token);
  }

  _live() { if (!this._p) throw new Error('collide2d mover: world used after destroy()'); return this._p; }

  _views() {
    if (this._buf !== this._x.memory.buffer) {
      this._buf = this._x.memory.buffer;
      this._scratch = new Float64Array(this._buf, this._s, SCRATCH);
      this._out = new Float64Array(this._buf, this._outPtr, OUT_LEN);
    }
  }

  _status(st, what) {
    if (st < 0) throw new RangeError(`collide2d mover: ${what}: ${st <= -200 ? (st === -200 ? 'invalid shape' : 'no such collider or mover') : this._lib.statusString(st)}`);
    return st;
  }

  /** Adds a collider: a shape of any type of index.js (aabb, rect, circle, capsule, polygon,
   * roundedPolygon, ellipse, wedge, concave, arc, point, segment) in its local frame, placed at
   * position. Options: static (default true: level geometry), oneWay ({x, y}: solid from that
   * direction only), flags (more COLLIDER_* bits). Returns the collider's number. */
  addShape(shape, { x = 0, y = 0 } = {}, { static: isStatic = true, oneWay = null, flags = 0 } = {}) {
    const p = this._live();
    const enc = encodeShape(shape);
    const fl = (flags | (isStatic ? COLLIDER_STATIC : 0)) >>> 0;
    const ox = oneWay ? oneWay.x : 0, oy = oneWay ? oneWay.y : 0;
    if (this.trace) this.trace.push(`add ${fl} ${tnum(ox)} ${tnum(oy)} ${tnum(x)} ${tnum(y)} ${Array.from(enc, tnum).join(' ')}`);
    const big = enc.length > SCRATCH;
    const at = big ? this._x.malloc(8 * enc.length) : this._s;
    if (!at) throw new RangeError('collide2d mover: add: out of memory');
    try {
      new Float64Array(this._x.memory.buffer, at, enc.length).set(enc);
      return this._status(this._x.wm_add(p, at, fl, ox, oy, x, y), 'add');
    } finally {
      if (big) this._x.free(at);
    }
  }

  /** Adds a box collider from its corners (world frame); options as addShape. */
  addBox(minX, minY, maxX, maxY, options = {}) {
    return this.addShape({ type: 'aabb', minX: 0, minY: 0, maxX: maxX - minX, maxY: maxY - minY }, { x: minX, y: minY }, options);
  }

  /** Places collider c at (x, y) (no rotation): moves a platform; movers standing on it ride. */
  setPosition(c, x, y) {
    if (this.trace) this.trace.push(`set ${c} ${tnum(x)} ${tnum(y)}`);
    this._status(this._x.wm_set_position(this._live(), c, x, y), 'setPosition');
  }

  /** Gives collider c a collision filter {categoryBits, maskBits, groupIndex} (Box2D's rule; zero
   * or missing fields: defaults; bits up to 2^53). Movers sharing a negative group never collide. */
  setFilter(c, { categoryBits = 0, maskBits = 0, groupIndex = 0 } = {}) {
    if (this.trace) this.trace.push(`filter ${c} ${categoryBits} ${maskBits} ${groupIndex}`);
    this._status(this._x.wm_set_filter(this._live(), c, categoryBits, maskBits, groupIndex), 'setFilter');
  }

  /** Collider c's position {x, y}. */
  position(c) {
    this._status(this._x.wm_get_position(this._live(), c), 'position');
    this._views();
    return { x: this._out[0], y: this._out[1] };
  }

  /** Brings the world's indexes up to date: call after adding many static colliders. */
  update() {
    if (this.trace) this.trace.push('update');
    this._status(this._x.wm_update(this._live()), 'update');
  }

  /** Adds a moving collider with shape (local frame) at position and makes a mover of it.
   * config (all optional, zero or missing: the library's default): up {x, y}, skin, slide
   * (default true), maxSlope and minSlideSlope (radians), stepHeight, stepMinWidth, snapDistance,
   * maxIterations. Returns a Mover. */
  createMover(shape, position = { x: 0, y: 0 }, config = {}) {
    const c = this.addShape(shape, position, { static: false });
    const p = this._live();
    this._views();
    const f = this._scratch;
    const up = config.up || { x: 0, y: 0 };
    const vals = [up.x, up.y, config.skin || 0, config.slide === false ? 1 : 0, config.maxSlope || 0,
      config.minSlideSlope || 0, config.stepHeight || 0, config.stepMinWidth || 0, config.snapDistance || 0,
      config.maxIterations || 0];
    vals.forEach((v, i) => { f[i] = v; });
    if (this.trace) this.trace.push(`mover ${c} ${vals.map(tnum).join(' ')}`);
    const m = this._status(this._x.wm_mover_create(p, c, this._s), 'createMover');
    const mover = new Mover(this, m, c);
    this.movers.push(mover);
    return mover;
  }

  /** Moves movers 0 .. n-1 in one call: inputs is a Float64Array-like of (dx, dy, drop) triples;
   * returns a Float64Array of (x, y, grounded, hitCeiling) per mover (a copy). For many movers
   * this saves the per-call cost of Mover.move; it is not traced. */
  moveAll(inputs) {
    const p = this._live();
    const n = Math.floor(inputs.length / 3);
    const x = this._x;
    if (this._batchCap !== n) {
      if (this._batchIn) { x.free(this._batchIn); x.free(this._batchOut); }
      this._batchIn = x.malloc(24 * n);
      this._batchOut = x.malloc(32 * n);
      this._batchCap = n;
    }
    new Float64Array(x.memory.buffer, this._batchIn, 3 * n).set(inputs.length === 3 * n ? inputs : inputs.slice(0, 3 * n));
    const failed = x.wm_movers_move(p, this._batchIn, n, this._batchOut);
    if (failed < 0) this._status(failed, 'moveAll');
    return new Float64Array(x.memory.buffer, this._batchOut, 4 * n).slice();
  }

  /** Frees the world and its movers. */
  destroy() {
    if (!this._p) return;
    if (finalizer) finalizer.unregister(this._token);
    this._x.wm_world_destroy(this._p);
    this._x.free(this._s);
    if (this._batchIn) { this._x.free(this._batchIn); this._x.free(this._batchOut); }
    this._p = 0;
  }
}

/** A character mover in a MoverWorld (made by MoverWorld.createMover). */
export class Mover {
  constructor(world, index, collider) {
    this.world = world;
    this.index = index;
    this.collider = collider;
  }

  /** Moves by (dx, dy) (the desired translation this frame, gravity included); dropThrough passes
   * down through one-way platforms. Returns {position, moved, carried, recovered, startedInside,
   * stuck, grounded, groundNormal, ground (collider number or -1), groundAngle, hitWall,
   * wallNormal, hitCeiling, ceilingNormal, stepped, snapped, contactCount, contacts: [{collider,
   * point, normal, kind}] (at most 8)}. */
  move(dx, dy, { dropThrough = false } = {}) {
    const w = this.world;
    if (w.trace) w.trace.push(`move ${this.index} ${tnum(dx)} ${tnum(dy)} ${dropThrough ? 1 : 0}`);
    w._status(w._x.wm_mover_move(w._live(), this.index, dx, dy, dropThrough ? 1 : 0), 'move');
    w._views();
    const o = w._out;
    const v = (i) => ({ x: o[i], y: o[i + 1] });
    const count = o[23];
    const contacts = [];
    for (let k = 0; k < Math.min(count, MAX_CONTACTS); k++) {
      const i = 24 + 6 * k;
      contacts.push({ collider: o[i], point: v(i + 1), normal: v(i + 3), kind: CONTACT_KINDS[o[i + 5]] });
    }
    return {
      position: v(0), moved: v(2), carried: v(4), recovered: v(6),
      startedInside: o[8] !== 0, stuck: o[9] !== 0, grounded: o[10] !== 0,
      groundNormal: v(11), ground: o[13], groundAngle: o[14],
      hitWall: o[15] !== 0, wallNormal: v(16), hitCeiling: o[18] !== 0, ceilingNormal: v(19),
      stepped: o[21] !== 0, snapped: o[22] !== 0, contactCount: count, contacts,
      raw: w.trace ? Array.from(o) : undefined,
    };
  }

  /** Forgets the ground it stood on: call after teleporting it with world.setPosition. */
  reset() {
    const w = this.world;
    if (w.trace) w.trace.push(`reset ${this.index}`);
    w._status(w._x.wm_mover_reset(w._live(), this.index), 'reset');
  }

  /** The mover's position {x, y}. */
  get position() { return this.world.position(this.collider); }
}
