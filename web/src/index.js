// collide2d for JavaScript: the C library compiled to WebAssembly (double precision), behind an
// API of plain objects. Shapes are objects such as {type: 'circle', x, y, r}: a query copies them
// into a scratch area of the wasm heap, decodes them there (an invalid shape throws a C2DError),
// calls the C function and reads the result back, so nothing needs freeing. A plain object used
// again is decoded once and kept (a WeakMap entry, checked against the object's numbers on every
// call and rebuilt when they changed; see _cached). Shape handles
// (lib.shape) are decoded once and stay in wasm memory, so a query passes two pointers; pair lists
// and the batch calls test many handle pairs in one call. Two circle handles (or plain circles)
// are tested in plain JS with the C code's operations, where a wasm call would cost more than the
// test. Handles, pair lists, indexes, worlds and the Bodies batch own wasm memory and must be
// destroy()ed (a FinalizationRegistry frees forgotten ones).
//
// Conventions are the C library's: touching is not a hit (open interiors), every normal points
// from B toward A, hit.delta is added to A to separate.

// The encoded form of every shape type (web/wasm/c2d_wasm.c W_KINDS): one row per type. kind is
// the C kind number (c2d_shape_type: concave is C2D_SHAPE_CONCAVE = 9; arc takes 10, the number
// C2D_SHAPE_ARC gets in issue 15, and stays outside c2d_shape until W_ARC_IN_SHAPE in c2d_wasm.h);
// fields are the numbers after the kind, in order (after the point count for a type with points);
// defaults fills a field left out; numbers(shape) computes them instead (rect). A new shape kind
// is one row here, one row of W_KINDS in c2d_wasm.c, and its interface in index.d.ts.
const SHAPES = {
  point: { kind: 0, fields: ['x', 'y'] },
  segment: { kind: 1, fields: ['x1', 'y1', 'x2', 'y2'] },
  aabb: { kind: 2, fields: ['minX', 'minY', 'maxX', 'maxY'] },
  rect: {
    kind: 2, fields: ['x', 'y', 'width', 'height'],
    numbers: (s) => { const x = num(s, 'x'), y = num(s, 'y'); return [x, y, x + num(s, 'width'), y + num(s, 'height')]; },
  },
  circle: { kind: 3, fields: ['x', 'y', 'r'] },
  capsule: { kind: 4, fields: ['x1', 'y1', 'x2', 'y2', 'r'] },
  polygon: { kind: 5, fields: [], points: true },
  roundedPolygon: { kind: 6, fields: ['r'], points: true },
  ellipse: { kind: 7, fields: ['x', 'y', 'rx', 'ry', 'angle'], defaults: { angle: 0 } },
  wedge: { kind: 8, fields: ['x', 'y', 'r', 'start', 'end'] },
  concave: { kind: 9, fields: [], points: true },
  arc: { kind: 10, fields: ['x', 'y', 'inner', 'outer', 'start', 'end'] },
};
const KIND = Object.fromEntries(Object.entries(SHAPES).map(([t, row]) => [t, row.kind]));
// The type a kind number decodes to (the first row with that number: aabb, not rect).
const TYPE_OF_KIND = [];
for (const [t, row] of Object.entries(SHAPES)) if (TYPE_OF_KIND[row.kind] === undefined) TYPE_OF_KIND[row.kind] = t;
const K_CIRCLE = 3;
const K_CONCAVE = 9;
const UNSUPPORTED = -100;
const BAD_ENCODING = -101;
const OUT = 0; // the first 32 doubles of the scratch area hold results
const OUT_LEN = 32;
// 'spatial_hash' is kept as another name for the grid (the library's one hashed uniform grid).
const INDEX_KINDS = { dynamic_tree: 0, spatial_hash: 2, grid: 2, quadtree: 3, sweep_prune: 4 };

// The C library's c2d_status names, by -status.
const STATUS_NAMES = ['C2D_OK', 'C2D_ERR_NULL_ARG', 'C2D_ERR_NOT_FINITE', 'C2D_ERR_OUT_OF_RANGE', 'C2D_ERR_BAD_SIZE',
  'C2D_ERR_DEGENERATE', 'C2D_ERR_TOO_MANY_POINTS', 'C2D_ERR_SELF_INTERSECTING', 'C2D_ERR_BAD_ANGLE',
  'C2D_ERR_OUT_OF_MEMORY', 'C2D_ERR_UNSUPPORTED', 'C2D_ERR_BAD_ID', 'C2D_ERR_BUSY', 'C2D_ERR_FULL',
  'C2D_ERR_BUFFER_TOO_SMALL', 'C2D_ERR_NUMERICAL'];
function statusName(status) { return STATUS_NAMES[-status] ?? `status ${status}`; }

/** An error the C library reported: status is the c2d_status number, code its C name (e.g.
 * 'C2D_ERR_TOO_MANY_POINTS', or 'C2D_ERR_UNSUPPORTED' for a pair of shapes with no test). */
export class C2DError extends Error {
  constructor(status, message) {
    super(message);
    this.name = 'C2DError';
    this.status = status;
    this.code = statusName(status);
  }
}

function num(shape, field) {
  const v = shape[field];
  if (typeof v !== 'number') {
    throw new TypeError(`collide2d: ${shape.type}.${field} must be a number (got ${typeof v})`);
  }
  return v;
}

function pointList(shape) {
  const pts = shape.points;
  if (!Array.isArray(pts) && !ArrayBuffer.isView(pts)) {
    throw new TypeError(`collide2d: ${shape.type}.points must be an array of {x, y} or of numbers`);
  }
  return pts;
}

function shapeRow(shape) {
  const row = shape && Object.hasOwn(SHAPES, shape.type) ? SHAPES[shape.type] : undefined;
  if (row === undefined) throw new TypeError(`collide2d: unknown shape type ${JSON.stringify(shape && shape.type)}`);
  return row;
}

// Number of doubles a shape takes in the encoded form.
function encodedLength(shape) {
  if (shape instanceof ShapeHandle) shape = shape.desc;
  const row = shapeRow(shape);
  if (!row.points) return 1 + row.fields.length;
  const pts = pointList(shape);
  return 2 + row.fields.length + (typeof pts[0] === 'number' ? pts.length : 2 * pts.length);
}

// Writes the shape's encoded form at f[i...]; returns the index after it.
function encode(shape, f, i) {
  if (shape instanceof ShapeHandle) shape = shape.desc; // the calls that take shapes by value
  const row = shapeRow(shape), fields = row.fields;
  f[i] = row.kind;
  let j = row.points ? i + 2 : i + 1;
  if (row.numbers) {
    const v = row.numbers(shape);
    for (let k = 0; k < v.length; k++) f[j++] = v[k];
  } else {
    for (let k = 0; k < fields.length; k++) {
      const name = fields[k];
      f[j++] = shape[name] === undefined && row.defaults && name in row.defaults ? row.defaults[name] : num(shape, name);
    }
  }
  if (!row.points) return j;
  const t = shape.type, pts = pointList(shape);
  if (typeof pts[0] === 'number') {
    if (pts.length % 2 !== 0) throw new TypeError(`collide2d: ${t}.points needs an even count of numbers`);
    for (let k = 0; k < pts.length; k++) f[j++] = pts[k];
    f[i + 1] = pts.length / 2;
  } else {
    for (let k = 0; k < pts.length; k++) {
      const p = pts[k];
      if (!p || typeof p.x !== 'number' || typeof p.y !== 'number') {
        throw new TypeError(`collide2d: ${t}.points[${k}] must be {x, y} numbers`);
      }
      f[j++] = p.x; f[j++] = p.y;
    }
    f[i + 1] = pts.length;
  }
  return j;
}

// The plain shape object of the encoded run at f[i...] (the inverse of encode; points as {x, y}).
function decodeShape(f, i) {
  const t = TYPE_OF_KIND[f[i]], row = SHAPES[t];
  const shape = { type: t };
  let j = row.points ? i + 2 : i + 1;
  for (const name of row.fields) shape[name] = f[j++];
  if (row.points) {
    const points = [];
    for (let k = 0; k < f[i + 1]; k++, j += 2) points.push({ x: f[j], y: f[j + 1] });
    shape.points = points;
  }
  return shape;
}

/** The encoded form of a shape (kind number, then its numbers) that the C surface reads: for
 * tests and tools that drive the native build with the same input. */
export function encodeShape(shape) {
  const f = new Float64Array(encodedLength(shape));
  encode(shape, f, 0);
  return f;
}

// A hit from 7 doubles at f[i...]; written into out when given (its vectors are reused).
function readHit(f, i, out) {
  if (out === undefined) {
    return {
      pos: { x: f[i], y: f[i + 1] },
      normal: { x: f[i + 2], y: f[i + 3] },
      delta: { x: f[i + 4], y: f[i + 5] },
      time: f[i + 6],
    };
  }
  setHit(out, f[i], f[i + 1], f[i + 2], f[i + 3], f[i + 4], f[i + 5], f[i + 6]);
  return out;
}

function setHit(out, px, py, nx, ny, dx, dy, time) {
  if (!out.pos) out.pos = { x: 0, y: 0 };
  if (!out.normal) out.normal = { x: 0, y: 0 };
  if (!out.delta) out.delta = { x: 0, y: 0 };
  out.pos.x = px; out.pos.y = py;
  out.normal.x = nx; out.normal.y = ny;
  out.delta.x = dx; out.delta.y = dy;
  out.time = time;
}

// c2d_circle_hit_circle in plain JS for two valid circles (disk_disk and finish_hit of
// src/manifold.c: the same double operations in the same order, so the same bits).
const EPSILON = 2.2204460492503131e-16; // C2D_EPSILON (double)
const REAL_MIN = 2.2250738585072014e-308; // DBL_MIN
// Returns the hit (a new object, or written into out), null, or undefined for centers closer
// than DBL_MIN but not equal (left to the wasm call).
function circleHit(ax, ay, ar, bx, by, br, out) {
  const dx = ax - bx, dy = ay - by;
  const r = ar + br, d2 = dx * dx + dy * dy;
  if (!(d2 < r * r)) return null;
  const adx = dx < 0 ? -dx : dx, ady = dy < 0 ? -dy : dy;
  const scale = (adx > ady ? adx : ady) + r;
  let nx = 1, ny = 0, dist = 0;
  if (d2 > 0) {
    if (!(d2 >= REAL_MIN)) return undefined;
    dist = Math.sqrt(d2);
    nx = dx / dist; ny = dy / dist;
  }
  let tiny = EPSILON * scale;
  if (!(tiny > 0)) tiny = REAL_MIN;
  let depth = r - dist;
  if (!(depth > tiny)) depth = tiny;
  const px = bx + nx * br, py = by + ny * br;
  if (out === undefined) return newHit(px, py, nx, ny, nx * depth, ny * depth);
  setHit(out, px, py, nx, ny, nx * depth, ny * depth, 0);
  return out;
}

function newHit(px, py, nx, ny, dx, dy) {
  return { pos: { x: px, y: py }, normal: { x: nx, y: ny }, delta: { x: dx, y: dy }, time: 0 };
}

// A plain {type: 'circle'} object that c2d_circle_make accepts (finite numbers within
// C2D_MAX_COORD, radius at least C2D_MIN_SIZE); anything else takes the wasm path, which throws
// the constructor's error.
const MAX_COORD = 1e100, MIN_SIZE = 1e-150;
function plainCircle(c) {
  const x = c.x, y = c.y, r = c.r;
  return c.type === 'circle' && typeof x === 'number' && typeof y === 'number' && typeof r === 'number'
    && x <= MAX_COORD && x >= -MAX_COORD && y <= MAX_COORD && y >= -MAX_COORD && r >= MIN_SIZE && r <= MAX_COORD;
}

// The names of c2d_toi_status's outcomes (C2D_TOI_HIT = 0 ... C2D_TOI_MAX_ITERATIONS = 4).
const TOI_STATUS = ['hit', 'separated', 'overlapped', undefined, 'maxIterations'];

// Writes a timeOfImpact motion as w_time_of_impact_s reads it (8 numbers from f[i]): local center,
// c1, c2, a1, a2, with the defaults of timeOfImpact.
function putMotion(f, i, m = {}) {
  const lc = m.localCenter ?? { x: 0, y: 0 }, c1 = m.c1 ?? lc, c2 = m.c2 ?? c1, a1 = m.a1 ?? 0;
  f[i] = lc.x; f[i + 1] = lc.y; f[i + 2] = c1.x; f[i + 3] = c1.y; f[i + 4] = c2.x; f[i + 5] = c2.y;
  f[i + 6] = a1; f[i + 7] = m.a2 ?? a1;
}

function readSweep(f, i) {
  return {
    hit: f[i] ? readHit(f, i + 4) : null,
    pos: { x: f[i + 1], y: f[i + 2] },
    time: f[i + 3],
  };
}

function boxArgs(b) {
  if (b.type === 'rect') return [b.x, b.y, b.x + b.width, b.y + b.height];
  return [b.minX, b.minY, b.maxX, b.maxY];
}

const finalizer = typeof FinalizationRegistry !== 'undefined'
  ? new FinalizationRegistry((release) => release()) : null;

// The cache of plain shape objects (Collide2D._cached): a WeakMap from the user's object to an
// entry {p: wasm block (decoded shape, then the encoded run it was built from, len doubles)}. An entry dies with its object: the WeakMap drops it and cacheFinalizer frees
// the wasm block. At most CACHE_MAX entries live at once; past that, objects take the scratch path.
// Polygons gain most (a check and a hull per call saved); a circle next to a polygon gains its
// decode call.
const CACHE_MAX = 16384;
const cacheFinalizer = typeof FinalizationRegistry !== 'undefined'
  ? new FinalizationRegistry((en) => { en.lib._x.free(en.p); en.p = 0; en.lib._cachedCount--; }) : null;

// Same number (bit for bit: 0 and -0 differ, so a rebuilt shape gives the same answers).
const same = (v, w) => v === w && (v !== 0 || 1 / v === 1 / w);

// Whether the object s of a type with points (row) encodes to exactly h[i..i+len), read straight
// from its fields and points.
function samePoints(s, row, h, i, len) {
  if (h[i] !== row.kind) return false;
  const pts = s.points;
  if (!Array.isArray(pts) && !ArrayBuffer.isView(pts)) return false;
  const n = h[i + 1], fields = row.fields;
  let j = i + 2;
  for (let k = 0; k < fields.length; k++, j++) if (!same(s[fields[k]], h[j])) return false;
  if (typeof pts[0] === 'number') {
    if (pts.length !== 2 * n || len !== 2 + fields.length + 2 * n) return false;
    for (let k = 0; k < pts.length; k++, j++) if (!same(pts[k], h[j])) return false;
    return true;
  }
  if (pts.length !== n) return false;
  for (let k = 0; k < n; k++, j += 2) {
    const p = pts[k];
    if (!p || !same(p.x, h[j]) || !same(p.y, h[j + 1])) return false;
  }
  return true;
}

/** A shape kept decoded in wasm memory (make it with lib.shape(desc)). Every query takes it where
 * it takes a plain shape; it is checked once, when made or set, instead of on every call. */
export class ShapeHandle {
  constructor(lib, desc) {
    this._lib = lib;
    this._p = 0; // the decoded shape (made again only for a bigger concave polygon: see set)
    this._bytes = 0; // its block's size (w_shape_size; a concave polygon's pieces follow)
    this._e = 0; // its encoded run (a concave polygon's outline points into it)
    this._len = 0;
    this._cell = { p: 0, e: 0 };
    this._k = -1;
    this._cx = 0; this._cy = 0; this._r = 0;
    this.desc = null;
    this.set(desc);
    const x = lib._x, cell = this._cell;
    if (finalizer) finalizer.register(this, () => { x.free(cell.p); x.free(cell.e); }, cell);
  }

  /** The shape's type ('circle', 'polygon', ...). */
  get type() { return this.desc.type; }

  /** Replaces the shape (a plain shape object, copied); an invalid one throws a C2DError and
   * leaves the handle as it was. Returns the handle. */
  set(desc) {
    const lib = this._lib;
    if (this._cell === null) throw new Error('collide2d: shape used after destroy()');
    const len = encodedLength(desc);
    const f = lib._reserve(OUT_LEN + len);
    encode(desc, f, OUT_LEN);
    const slot = lib._decode(0, OUT_LEN, desc, len); // throws when invalid, before anything changes
    const x = lib._x, bytes = x.w_shape_used_bytes(slot); // a concave polygon: room for its pieces only
    if (bytes > this._bytes) {
      // a bigger concave polygon: a new block (pair lists rewrite their pointers, as after a destroy)
      const p = x.malloc(bytes);
      if (!p) throw new RangeError('collide2d: out of wasm memory');
      if (this._p) { x.free(this._p); lib._destroyedShapes++; }
      this._p = this._cell.p = p;
      this._bytes = bytes;
    }
    if (len > this._len) {
      const e = x.malloc(8 * len);
      if (!e) throw new RangeError('collide2d: out of wasm memory');
      if (this._e) x.free(this._e);
      this._e = this._cell.e = e;
      this._len = len;
    }
    const g = lib._f64(); // malloc may have grown the memory
    new Float64Array(g.buffer, this._e, len).set(g.subarray(OUT_LEN, OUT_LEN + len));
    x.w_shape_set(this._p, this._e, this._bytes);
    this._k = KIND[desc.type];
    if (this._k === K_CIRCLE) { this._cx = desc.x; this._cy = desc.y; this._r = desc.r; }
    this.desc = { ...desc };
    return this;
  }

  _live() {
    const p = this._p;
    if (p === 0) throw new Error('collide2d: shape used after destroy()');
    return p;
  }

  /** Frees the wasm copy; the handle cannot be used afterwards. */
  destroy() {
    if (this._cell === null) return;
    if (finalizer) finalizer.unregister(this._cell);
    const x = this._lib._x;
    x.free(this._p);
    x.free(this._e);
    this._p = 0;
    this._e = 0;
    this._cell = null;
    this._k = -1;
    this._lib._destroyedShapes++;
  }
}

/** Fixed pairs of shape handles (lib.pairList(as, bs)) tested in one wasm call each time: the
 * handles' pointers are written once, so a call costs only the tests. Change the shapes with
 * handle.set(); the pairs stay. destroy() when done. */
export class PairList {
  constructor(lib, as, bs) {
    const n = as.length;
    if (bs.length !== n) throw new RangeError('collide2d: the two handle arrays differ in length');
    this._lib = lib;
    this._as = as.slice();
    this._bs = bs.slice();
    this.count = n;
    const x = lib._x;
    // pointers of a (n int32), of b (n int32), hit pair numbers (n int32, padded), hits (6n doubles)
    this._ptr = x.malloc(Math.max(8, 16 * n + 48 * n));
    if (!this._ptr) throw new RangeError('collide2d: out of wasm memory');
    this._gen = -1;
    this._check();
    const p = this._ptr;
    this._token = {};
    if (finalizer) finalizer.register(this, () => x.free(p), this._token);
  }

  // Writes the pointers again when a handle was destroyed since (a destroyed one throws).
  _check() {
    const lib = this._lib;
    if (!this._ptr) throw new Error('collide2d: pair list used after destroy()');
    if (this._gen === lib._destroyedShapes) return;
    const n = this.count;
    const v = new Int32Array(lib._mem.buffer, this._ptr, 2 * n);
    for (let i = 0; i < n; i++) {
      const a = this._as[i], b = this._bs[i];
      if (!(a instanceof ShapeHandle) || !(b instanceof ShapeHandle)) throw new TypeError('collide2d: pair lists take handles from shape()');
      v[i] = a._live();
      v[n + i] = b._live();
    }
    this._gen = lib._destroyedShapes;
  }

  /** out[i] = 1 when pair i overlaps, else 0 (out: a Uint8Array of count, or a new one). */
  overlap(out) {
    this._check();
    const lib = this._lib, n = this.count, p = this._ptr;
    if (lib._calls.length !== 0) lib._reentered();
    const flags = p + 8 * n;
    const r = lib._x.w_overlap_many(p, p + 4 * n, n, flags);
    if (r < 0) throw new C2DError(-10, `collide2d: no overlap test for a pair in the list (${statusName(-10)})`);
    const res = out && out.length >= n ? out : new Uint8Array(n);
    res.set(new Uint8Array(lib._mem.buffer, flags, n));
    return res;
  }

  /** The hits of every pair, as lib.hitMany returns them (into out's arrays when they fit). */
  hit(out) {
    this._check();
    const lib = this._lib, n = this.count, p = this._ptr;
    if (lib._calls.length !== 0) lib._reentered();
    const idx = p + 8 * n, hits = p + 16 * n;
    const count = lib._x.w_hit_many(p, p + 4 * n, n, idx, hits);
    if (count < 0) throw new C2DError(-10, `collide2d: no hit test for a pair in the list (${statusName(-10)})`);
    return manyResult(lib._mem.buffer, idx, hits, count, n, out);
  }

  /** Frees the list (not the handles). */
  destroy() {
    if (!this._ptr) return;
    if (finalizer) finalizer.unregister(this._token);
    this._lib._x.free(this._ptr);
    this._ptr = 0;
  }
}

// The {count, index, hits} of a batch hit call, copied out of wasm memory (into out when it fits).
function manyResult(buf, idx, hits, count, n, out) {
  const iv = new Int32Array(buf, idx, count), hv = new Float64Array(buf, hits, 6 * count);
  if (out && out.index && out.index.length >= n && out.hits && out.hits.length >= 6 * n) {
    out.index.set(iv);
    out.hits.set(hv);
    out.count = count;
    return out;
  }
  return { count, index: iv.slice(), hits: hv.slice() };
}

/** The loaded library. Make one with load() or loadSync(). */
export class Collide2D {
  constructor(instance) {
    this._x = instance.exports;
    this._mem = this._x.memory;
    if (this._x._initialize) this._x._initialize();
    this._cap = 0;
    this._ptr = 0;
    this._buf = null;
    this._reserve(4096);
    this.maxPolygonVertices = this._x.w_max_polygon_vertices();
    this.version = this._x.w_version();
    this._calls = [];
    this._shapeSize = this._x.w_shape_size();
    this._slots = [this._x.malloc(this._shapeSize), this._x.malloc(this._shapeSize)]; // scratch handles for plain-object calls
    this._slotBytes = [this._shapeSize, this._shapeSize];
    this._pa = 0;
    this._pb = 0;
    this._destroyedShapes = 0;
    this._cache = new WeakMap(); // plain shape object -> its cache entry (_cached)
    this._cachedCount = 0;
    this._missTick = 0;
    this._markEvery = 1;
    this._marks = 0;
    this._revisits = 0;
    this._tmp = new Float64Array(8);
    this._heapBuf = null;
    this._heap = null;
  }

  // Makes sure the scratch area holds n doubles; returns the Float64Array view of it.
  _reserve(n) {
    if (this._calls && this._calls.length) {
      throw new Error('collide2d: a move filter or custom response must not call into the library (it runs inside the move)');
    }
    if (n > this._cap) {
      if (this._ptr) this._x.free(this._ptr);
      let cap = Math.max(4096, this._cap);
      while (cap < n) cap *= 2;
      this._ptr = this._x.malloc(cap * 8);
      if (!this._ptr) throw new RangeError('collide2d: out of wasm memory');
      this._cap = cap;
      this._buf = null;
    }
    return this._f64();
  }

  _f64() {
    if (this._buf !== this._mem.buffer) {
      this._buf = this._mem.buffer;
      this._view = new Float64Array(this._buf, this._ptr, this._cap);
    }
    return this._view;
  }

  _addr(i) { return this._ptr + 8 * i; }

  // Encodes shapes after the result area; returns their element offsets.
  _put(a, b) {
    const la = encodedLength(a);
    const lb = b ? encodedLength(b) : 0;
    const f = this._reserve(OUT_LEN + la + lb);
    const ia = OUT_LEN;
    const ib = encode(a, f, ia);
    if (b) encode(b, f, ib);
    return [ia, ib];
  }

  // The result area as a Float64Array (refreshed after a memory growth or a new scratch area).
  _out() {
    const v = this._view;
    return this._buf === null || v.length === 0 ? this._f64() : v;
  }

  _reentered() {
    throw new Error('collide2d: a move filter or custom response must not call into the library (it runs inside the move)');
  }

  // Sets this._pa (and this._pb when b is given) to the decoded-shape pointers of a and b: a
  // ShapeHandle's own, a cached polygon's (_cached), or a scratch handle that a plain object is
  // decoded into (throwing a C2DError when it is invalid).
  _pair(a, b) {
    if (this._calls.length !== 0) this._reentered();
    const pa = a instanceof ShapeHandle ? a._live() : this._cached(a);
    const pb = b === undefined ? 1 : b instanceof ShapeHandle ? b._live() : this._cached(b);
    if (pa !== 0 && pb !== 0) {
      this._pa = pa;
      this._pb = pb;
      return;
    }
    const la = pa !== 0 ? 0 : encodedLength(a);
    const lb = pb !== 0 ? 0 : encodedLength(b);
    const f = this._reserve(OUT_LEN + la + lb);
    if (la) {
      encode(a, f, OUT_LEN);
      this._pa = this._decode(0, OUT_LEN, a, la);
    } else {
      this._pa = pa;
    }
    if (b === undefined) return;
    if (lb) {
      encode(b, f, OUT_LEN + la);
      this._pb = this._decode(1, OUT_LEN + la, b, lb);
    } else {
      this._pb = pb;
    }
  }

  // The decoded shape kept for a plain shape object seen before, or 0 (first sight, or the cache
  // full: the caller decodes it into a scratch handle). The entry keeps the encoded numbers it was
  // built from; when the object's numbers differ now (the user moved a point, changed the type),
  // it is checked and built again, so every call sees the object as it is. An invalid object
  // throws its error and leaves the entry empty. Remembering a first sight costs a WeakMap.set,
  // which a caller making a new object per call would pay for nothing: when few remembered
  // objects come back, only every _markEvery-th first sight is remembered (up to 1 in 64; one
  // that comes back sets it to 1 again).
  _cached(s) {
    if (typeof s !== 'object' || s === null) return 0; // the scratch path throws its TypeError
    let en = this._cache.get(s);
    if (en === undefined) {
      if (++this._missTick >= this._markEvery) {
        this._missTick = 0;
        this._cache.set(s, { lib: this, p: 0, cap: 0, len: 0, bytes: 0 }); // seen once: no wasm block yet
        if (++this._marks === 64) { // a window of 64 remembered objects: did they come back?
          if (this._revisits < 8) this._markEvery = Math.min(64, 2 * this._markEvery);
          this._marks = 0;
          this._revisits = 0;
        }
      }
      return 0;
    }
    if (en.p === 0) {
      if (en.cap === 0) { // the second sight
        if (this._cachedCount >= CACHE_MAX) return 0;
        this._revisits++;
        this._markEvery = 1; // objects come back: remember every one again
        this._cachedCount++;
        en.cap = -1;
        if (cacheFinalizer) cacheFinalizer.register(s, en);
      }
    } else if (en.len !== 0 && this._same(s, en.p + en.bytes, en.len)) {
      return en.p;
    }
    return this._build(en, s);
  }

  // Whether the shape object s encodes now to exactly the len doubles at wasm address e (the
  // run its entry was built from; the C code only reads it).
  _same(s, e, len) {
    const h = this._heapView(), i = e >>> 3, t = s.type;
    const row = Object.hasOwn(SHAPES, t) ? SHAPES[t] : null;
    if (row && row.points) return samePoints(s, row, h, i, len);
    if (t === 'circle') return h[i] === K_CIRCLE && same(s.x, h[i + 1]) && same(s.y, h[i + 2]) && same(s.r, h[i + 3]);
    if (KIND[t] !== h[i]) return false;
    const f = this._tmp;
    if (encode(s, f, 0) !== len) return false;
    for (let j = 1; j < len; j++) if (!same(f[j], h[i + j])) return false;
    return true;
  }

  // The whole wasm memory as doubles (made again after a memory growth).
  _heapView() {
    if (this._heapBuf !== this._mem.buffer) {
      this._heapBuf = this._mem.buffer;
      this._heap = new Float64Array(this._heapBuf);
    }
    return this._heap;
  }

  // Checks and decodes s into the cache entry en; returns its decoded shape.
  _build(en, s) {
    en.len = 0; // empty until the build succeeds
    const len = encodedLength(s);
    const x = this._x, size = this._blockBytes(s, len);
    if (size + 8 * len > en.cap) { // en.cap: the block's bytes (the decoded shape, then the run)
      const p = x.malloc(size + 8 * len);
      if (!p) throw new RangeError('collide2d: out of wasm memory');
      if (en.p) x.free(en.p);
      en.p = p;
      en.cap = size + 8 * len;
    }
    const e = en.p + size;
    en.bytes = size;
    encode(s, this._heapView(), e >>> 3);
    const st = x.w_shape_set(en.p, e, size);
    if (st !== 0) throw this._invalid(st, s);
    en.len = len;
    return en.p;
  }

  // Bytes the decoded block of shape (len doubles encoded) needs: w_shape_size, and for a
  // concave polygon room for its pieces (c2d_wasm.c w_shape_bytes).
  _blockBytes(shape, len) {
    if (shape instanceof ShapeHandle) shape = shape.desc;
    if (shapeRow(shape).kind !== K_CONCAVE) return this._shapeSize;
    return this._x.w_concave_block_bytes((len - 2) / 2);
  }

  // Decodes the encoded shape at element i (len doubles) into scratch handle k (0 or 1, grown
  // for a concave polygon); throws when it is invalid. Returns the handle.
  _decode(k, i, shape, len) {
    const bytes = this._blockBytes(shape, len);
    if (bytes > this._slotBytes[k]) {
      const p = this._x.malloc(bytes);
      if (!p) throw new RangeError('collide2d: out of wasm memory');
      this._x.free(this._slots[k]);
      this._slots[k] = p;
      this._slotBytes[k] = bytes;
    }
    const slot = this._slots[k];
    const st = this._x.w_shape_set(slot, this._addr(i), this._slotBytes[k]);
    if (st !== 0) throw this._invalid(st, shape);
    return slot;
  }

  // Throws the C2DError of the encoded shape at element i when it is invalid.
  _validAt(i, shape) {
    const st = this._x.w_validate(this._addr(i));
    if (st !== 0) throw this._invalid(st, shape);
  }

  _invalid(st, shape) {
    if (st === BAD_ENCODING) return new TypeError(`collide2d: malformed ${shape.type} (bad kind or point count)`);
    return new C2DError(st, `collide2d: invalid ${shape.type}: ${this.statusString(st)} (${statusName(st)})`);
  }

  _check(r, op, a, b) {
    if (r === UNSUPPORTED) throw this._unsupported(op, a, b);
    if (r === BAD_ENCODING) throw new TypeError(`collide2d: malformed shape in ${op}`);
    return r;
  }

  _unsupported(op, a, b) {
    const st = -10;
    return new C2DError(st, `collide2d: no ${op} test for ${a.type}${b ? ' and ' + b.type : ''} (${statusName(st)})`);
  }

  /** A shape made once in wasm memory and reused by handle: checked here (an invalid shape throws
   * a C2DError, with validate()'s message), then passed to every query without copying. Change it
   * with handle.set(desc); free it with handle.destroy() (a FinalizationRegistry frees forgotten
   * ones). */
  shape(desc) {
    return new ShapeHandle(this, desc);
  }

  // Returns shape when the library's constructor accepts it, else throws its C2DError.
  _made(shape) {
    const [ia] = this._put(shape);
    this._validAt(ia, shape);
    return shape;
  }

  /** A rounded polygon {type: 'roundedPolygon', points, r}: the convex hull of points (as
   * polygon) inflated by radius, checked by c2d_rounded_polygon_make (throws its C2DError). */
  roundedPolygon(points, radius) {
    return this._made({ type: 'roundedPolygon', points: Array.from(pointList({ type: 'roundedPolygon', points })), r: radius });
  }

  /** An ellipse {type: 'ellipse', x, y, rx, ry, angle}: semi-axis rx along the direction of angle
   * (radians), ry across it, checked by c2d_ellipse_make (throws its C2DError). */
  ellipse(center, rx, ry, angle = 0) {
    return this._made({ type: 'ellipse', x: center.x, y: center.y, rx, ry, angle });
  }

  /** A convex wedge (circular sector) {type: 'wedge', x, y, r, start, end} from angle start to end
   * (radians, toward increasing angle) of at most pi, checked by c2d_convex_wedge_make (throws
   * its C2DError; a wider sector is an arc with inner 0). */
  wedge(center, radius, start, end) {
    return this._made({ type: 'wedge', x: center.x, y: center.y, r: radius, start, end });
  }

  /** null when the shape is valid, else the library's reason (e.g. 'a size is zero or negative'). */
  validate(shape) {
    if (shape instanceof ShapeHandle) { shape._live(); return null; }
    const [ia] = this._put(shape);
    const st = this._x.w_validate(this._addr(ia));
    return st === 0 ? null : this.statusString(st);
  }

  /** The library's message for a status code. */
  statusString(status) {
    const p = this._x.w_status_string(status);
    const bytes = new Uint8Array(this._mem.buffer, p);
    let n = 0;
    while (bytes[n] !== 0) n++;
    return new TextDecoder().decode(bytes.subarray(0, n));
  }

  /** True when the interiors of a and b intersect (touching is not an overlap). Shapes are plain
   * objects or handles from shape(); an invalid shape throws a C2DError, a pair the library has no
   * test for throws one with code 'C2D_ERR_UNSUPPORTED'. */
  overlap(a, b) {
    let pa, pb;
    if (a instanceof ShapeHandle && b instanceof ShapeHandle) {
      // Two circles: c2d_circle_overlap_circle, the same operations in the same order.
      if (a._k === K_CIRCLE && b._k === K_CIRCLE) {
        const dx = a._cx - b._cx, dy = a._cy - b._cy, r = a._r + b._r;
        return dx * dx + dy * dy < r * r;
      }
      if (this._calls.length !== 0) this._reentered();
      pa = a._live(); pb = b._live();
    } else if (plainCircle(a) && plainCircle(b)) {
      const dx = a.x - b.x, dy = a.y - b.y, r = a.r + b.r;
      return dx * dx + dy * dy < r * r;
    } else {
      this._pair(a, b);
      pa = this._pa; pb = this._pb;
    }
    const r = this._x.w_overlap_s(pa, pb);
    if (r < 0) throw this._unsupported('overlap', a, b);
    return r === 1;
  }

  /** Overlap with contact: {pos, normal (B toward A), delta (push-out for A), time: 0}, or null.
   * Pass out (a Hit to overwrite) to avoid making a new object per call. */
  hit(a, b, out) {
    // Two circles (handles, or plain circles the C constructor accepts) are tested here in JS,
    // through one inlined copy of circleHit: V8 inlines by a bytecode budget, and a copy per path
    // left the reused-Hit path out of callers' loops (twice sat's time). Other pairs go to wasm.
    let ax, ay, ar, bx, by, br;
    const handles = a instanceof ShapeHandle && b instanceof ShapeHandle;
    if (handles) {
      if (a._k !== K_CIRCLE || b._k !== K_CIRCLE) return this._hitHandles(a, b, out);
      ax = a._cx; ay = a._cy; ar = a._r; bx = b._cx; by = b._cy; br = b._r;
    } else {
      if (!plainCircle(a) || !plainCircle(b)) return this._hitPlain(a, b, out);
      ax = a.x; ay = a.y; ar = a.r; bx = b.x; by = b.y; br = b.r;
    }
    const h = circleHit(ax, ay, ar, bx, by, br, out);
    if (h !== undefined) return h;
    return handles ? this._hitHandles(a, b, out) : this._hitPlain(a, b, out);
  }

  // hit() of two handles in wasm
  _hitHandles(a, b, out) {
    if (this._calls.length !== 0) this._reentered();
    return this._hitCall(a, b, a._live(), b._live(), out);
  }

  // hit() of plain shapes (or a handle and a plain shape) in wasm
  _hitPlain(a, b, out) {
    this._pair(a, b);
    return this._hitCall(a, b, this._pa, this._pb, out);
  }

  _hitCall(a, b, pa, pb, out) {
    const r = this._x.w_hit_s(pa, pb, this._ptr);
    if (r < 0) throw this._unsupported('hit', a, b);
    return r === 1 ? readHit(this._out(), OUT, out) : null;
  }

  /** overlap() over pairs of handles: out[i] = 1 when as[i] and bs[i] overlap, else 0. */
  overlapMany(as, bs, out) {
    const n = this._pairPointers(as, bs);
    const r = this._x.w_overlap_many(this._addr(OUT_LEN), this._addr(OUT_LEN) + 4 * n, n, this._addr(OUT_LEN) + 8 * n);
    if (r < 0) throw new C2DError(-10, `collide2d: no overlap test for a pair in overlapMany (${statusName(-10)})`);
    const res = out && out.length >= n ? out : new Uint8Array(n);
    res.set(new Uint8Array(this._mem.buffer, this._addr(OUT_LEN) + 8 * n, n));
    return res;
  }

  /** hit() over pairs of convex handles, in one call: {count, index, hits}: index[k] is the pair
   * number of the k-th overlapping pair, hits[6k..6k+5] its normal (B toward A), delta (push-out
   * for A) and pos. The arrays are copies: into out.index / out.hits when out is given and they
   * hold n and 6n numbers (then out is returned, with count set), else new arrays. */
  hitMany(as, bs, out) {
    const n = this._pairPointers(as, bs);
    const base = this._addr(OUT_LEN); // _pairPointers reserved 8n doubles after the result area:
    const idx = base + 8 * n, hits = idx + 8 * n; // pointers (8n bytes), index (8n), hits (48n)
    const count = this._x.w_hit_many(base, base + 4 * n, n, idx, hits);
    if (count < 0) throw new C2DError(-10, `collide2d: no hit test for a pair in hitMany (${statusName(-10)})`);
    return manyResult(this._mem.buffer, idx, hits, count, n, out);
  }

  /** Fixed pairs of handles, tested in one call each time (see PairList). */
  pairList(as, bs) {
    return new PairList(this, as, bs);
  }

  // Writes the handles' pointers (as[], then bs[]) as int32 after the result area; returns n.
  _pairPointers(as, bs) {
    const n = as.length;
    if (bs.length !== n) throw new RangeError('collide2d: the two handle arrays differ in length');
    this._reserve(OUT_LEN + 8 * n);
    const v = new Int32Array(this._mem.buffer, this._addr(OUT_LEN), 2 * n);
    for (let i = 0; i < n; i++) {
      const a = as[i], b = bs[i];
      if (!(a instanceof ShapeHandle) || !(b instanceof ShapeHandle)) throw new TypeError('collide2d: batch calls take handles from shape()');
      v[i] = a._live();
      v[n + i] = b._live();
    }
    return n;
  }

  /** Point strictly inside the shape (points and segments: on them). */
  containsPoint(shape, x, y) {
    if (typeof x === 'object') { y = x.y; x = x.x; }
    this._pair(shape);
    return this._x.w_contains_s(this._pa, x, y) === 1;
  }

  /** Cast of origin + t * translation, t in [0, maxFraction] (default 1): the first entry into the
   * shape's interior {pos, normal, delta, time}, or null. */
  raycast(shape, { origin, translation, maxFraction = 1 }) {
    this._pair(shape);
    const r = this._x.w_raycast_s(this._pa, origin.x, origin.y, translation.x, translation.y, maxFraction, this._ptr);
    if (r < 0) throw this._unsupported('raycast', shape);
    return r === 1 ? readHit(this._out(), OUT) : null;
  }

  /** The intersect article's intersectSegment: the segment pos + t * delta against the box grown
   * by padding {x, y}. */
  aabbSegmentPadded(box, pos, delta, padding = { x: 0, y: 0 }) {
    const f = this._reserve(OUT_LEN + 4);
    [f[OUT_LEN], f[OUT_LEN + 1], f[OUT_LEN + 2], f[OUT_LEN + 3]] = boxArgs(box);
    const r = this._x.w_aabb_raycast_padded(this._addr(OUT_LEN), padding.x, padding.y, pos.x, pos.y,
      delta.x, delta.y, 1, this._addr(OUT));
    return r === 1 ? readHit(this._f64(), OUT) : null;
  }

  /** Linear cast: a moves by deltaA while b moves by deltaB. {hit, pos, time}: hit.time is the
   * first contact, time/pos the backed-off safe position of a's center. */
  cast(a, deltaA, b, deltaB = { x: 0, y: 0 }) {
    this._pair(a, b);
    const r = this._x.w_cast_s(this._pa, deltaA.x, deltaA.y, this._pb, deltaB.x, deltaB.y, this._ptr);
    if (r < 0) throw this._unsupported('cast', a, b);
    return readSweep(this._out(), OUT);
  }

  /** Sweeps a by delta through the statics (the article's sweepInto): {hit, pos, time, index}. */
  sweepInto(a, delta, statics) {
    let n = OUT_LEN + encodedLength(a);
    for (const s of statics) n += encodedLength(s);
    const f = this._reserve(n);
    const is = encode(a, f, OUT_LEN);
    this._validAt(OUT_LEN, a);
    let j = is;
    for (const s of statics) {
      const next = encode(s, f, j);
      this._validAt(j, s);
      j = next;
    }
    const r = this._check(this._x.w_sweep_into(this._addr(OUT_LEN), delta.x, delta.y, this._addr(is),
      statics.length, this._addr(OUT)), 'sweep', a);
    return { ...readSweep(this._f64(), OUT), index: r };
  }

  /** The article's sweepAABB: box a moved by delta against static box b (boxes as aabb or rect). */
  sweepAABB(a, delta, b) {
    const f = this._reserve(OUT_LEN + 8);
    [f[OUT_LEN], f[OUT_LEN + 1], f[OUT_LEN + 2], f[OUT_LEN + 3]] = boxArgs(a);
    [f[OUT_LEN + 4], f[OUT_LEN + 5], f[OUT_LEN + 6], f[OUT_LEN + 7]] = boxArgs(b);
    this._x.w_aabb_sweep_aabb(this._addr(OUT_LEN), delta.x, delta.y, this._addr(OUT_LEN + 4), this._addr(OUT));
    return readSweep(this._f64(), OUT);
  }

  /** The article's sweepInto for boxes: {hit, pos, time, index}. */
  sweepAABBInto(a, delta, boxes) {
    const f = this._reserve(OUT_LEN + 4 + 4 * boxes.length);
    [f[OUT_LEN], f[OUT_LEN + 1], f[OUT_LEN + 2], f[OUT_LEN + 3]] = boxArgs(a);
    let j = OUT_LEN + 4;
    for (const b of boxes) {
      const q = boxArgs(b);
      f[j++] = q[0]; f[j++] = q[1]; f[j++] = q[2]; f[j++] = q[3];
    }
    const r = this._x.w_aabb_sweep_into(this._addr(OUT_LEN), delta.x, delta.y, this._addr(OUT_LEN + 4),
      boxes.length, this._addr(OUT));
    return { ...readSweep(this._f64(), OUT), index: r };
  }

  /** Contact manifold: {normal, points: [{x, y, depth, id}]} (no points without overlap). */
  manifold(a, b) {
    this._pair(a, b);
    const r = this._x.w_manifold_s(this._pa, this._pb, this._ptr);
    if (r < 0) throw this._unsupported('manifold', a, b);
    const f = this._out();
    const points = [];
    for (let k = 0; k < r; k++) {
      const o = OUT + 3 + 4 * k;
      points.push({ x: f[o], y: f[o + 1], depth: f[o + 2], id: f[o + 3] });
    }
    return { normal: { x: f[OUT], y: f[OUT + 1] }, points };
  }

  /** Distance and closest points {pointA, pointB, normal, distance, iterations}, or null for
   * invalid shapes. */
  distance(a, b) {
    this._pair(a, b);
    const r = this._x.w_distance_s(this._pa, this._pb, this._ptr);
    if (r < 0) throw this._unsupported('distance', a, b);
    if (r !== 1) return null;
    const f = this._out();
    return {
      pointA: { x: f[OUT], y: f[OUT + 1] },
      pointB: { x: f[OUT + 2], y: f[OUT + 3] },
      normal: { x: f[OUT + 4], y: f[OUT + 5] },
      distance: f[OUT + 6],
      iterations: f[OUT + 7],
    };
  }

  /** Time of impact (c2d_shape_time_of_impact): the first time in [0, tMax] at which the gap
   * between a and b, each moving by its motion over one step, comes down to the target gap. Shapes
   * are plain objects or handles of any kind, read in their local frame (their own numbers); a
   * motion {localCenter, c1, c2, a1, a2} moves the local point localCenter (default {x: 0, y: 0})
   * in a straight line from c1 (t = 0; default localCenter) to c2 (t = 1; default c1) while the
   * shape turns about it from angle a1 to a2 (radians; defaults 0 and a1); no motion: the shape
   * stays where its numbers put it. options: tMax in (0, 1] (default 1), target (gap to stop at,
   * >= 0; 0: the library's C2D_TOI_TARGET), maxIterations (0: the library's default). Returns
   * {status, t, normal (B toward A at t), point, iterations}: status 'hit' (the gap is down to the
   * target at t), 'separated' (t = tMax), 'overlapped' (touching or overlapping at t = 0) or
   * 'maxIterations' (t keeps the target gap); normal and point are (0, 0) unless 'hit'. It never
   * steps past the first contact. An invalid shape, motion or option throws a C2DError (code
   * e.g. 'C2D_ERR_NOT_FINITE', 'C2D_ERR_BAD_SIZE'), as does a numerical failure
   * ('C2D_ERR_NUMERICAL'); the error's t is the last time known to keep the target gap (0 for
   * rejected input). */
  timeOfImpact(a, motionA, b, motionB, { tMax = 1, target = 0, maxIterations = 0 } = {}) {
    this._pair(a, b);
    const f = this._out();
    putMotion(f, OUT, motionA);
    putMotion(f, OUT + 8, motionB);
    const r = this._x.w_time_of_impact_s(this._pa, this._pb, tMax, target, maxIterations, this._ptr);
    if (r < -1) throw this._unsupported('timeOfImpact', a, b);
    if (r === -1) {
      const st = f[OUT + 1];
      const e = new C2DError(st, `collide2d: timeOfImpact: ${this.statusString(st)} (${statusName(st)})`);
      e.t = f[OUT + 2];
      throw e;
    }
    return {
      status: TOI_STATUS[r],
      t: f[OUT + 2],
      normal: { x: f[OUT + 3], y: f[OUT + 4] },
      point: { x: f[OUT + 5], y: f[OUT + 6] },
      iterations: f[OUT + 7],
    };
  }

  /** Where two segments meet (closed: shared endpoints count): {x, y, fraction} (a's fraction), or null. */
  segmentIntersection(a, b) {
    const f = this._reserve(OUT_LEN + 8);
    const o = OUT_LEN;
    f[o] = a.x1; f[o + 1] = a.y1; f[o + 2] = a.x2; f[o + 3] = a.y2;
    f[o + 4] = b.x1; f[o + 5] = b.y1; f[o + 6] = b.x2; f[o + 7] = b.y2;
    if (this._x.w_segment_intersect(this._addr(o), this._addr(o + 4), this._addr(OUT)) !== 1) return null;
    const g = this._f64();
    return { x: g[OUT], y: g[OUT + 1], fraction: g[OUT + 2] };
  }

  /** Where the infinite lines through two segments cross: {x, y}, or null when parallel. */
  lineIntersection(a, b) {
    const f = this._reserve(OUT_LEN + 8);
    const o = OUT_LEN;
    f[o] = a.x1; f[o + 1] = a.y1; f[o + 2] = a.x2; f[o + 3] = a.y2;
    f[o + 4] = b.x1; f[o + 5] = b.y1; f[o + 6] = b.x2; f[o + 7] = b.y2;
    if (this._x.w_line_intersect(this._addr(o), this._addr(o + 4), this._addr(OUT)) !== 1) return null;
    const g = this._f64();
    return { x: g[OUT], y: g[OUT + 1] };
  }

  /** Tight bounding box {minX, minY, maxX, maxY} (an invalid shape throws a C2DError). */
  bounds(shape) {
    this._pair(shape);
    if (this._x.w_bounds_s(this._pa, this._ptr) !== 1) return null;
    const f = this._f64();
    return { minX: f[OUT], minY: f[OUT + 1], maxX: f[OUT + 2], maxY: f[OUT + 3] };
  }

  /** The convex hull the library builds from a polygon's points (counter-clockwise, y up), or null. */
  hull(shape) {
    const [ia] = this._put(shape);
    const n = this._x.w_polygon_hull(this._addr(ia), this._addr(OUT));
    if (n === 0) return null;
    const f = this._f64();
    const pts = [];
    for (let k = 0; k < n; k++) pts.push({ x: f[OUT + 2 * k], y: f[OUT + 2 * k + 1] });
    return pts;
  }

  /** A broad-phase index: 'dynamic_tree' (default), 'grid' ('spatial_hash' is another name for
   * it), 'quadtree', 'sweep_prune'; options {cellSize, margin}. Call destroy() when done. */
  createIndex(kind = 'dynamic_tree', options = {}) {
    return new Index(this, kind, options);
  }

  /** A static tree built once over boxes: objects, or a flat array of 4 numbers per box (ids are
   * the box positions); insert/move/remove throw. */
  createStaticIndex(boxes) {
    return new Index(this, 'static_tree', { boxes });
  }

  /** A structure-of-arrays batch of moving circles and boxes, paired through an index. */
  createBodies(capacity, options = {}) {
    return new Bodies(this, capacity, options);
  }

  /** A collision world (see class World). Call destroy() when done. */
  createWorld(options = {}) {
    return new World(this, options);
  }

  // Called by the wasm module (imports w_js_move_filter / w_js_response) during a move.
  _moveFilter(ctx, item, other) {
    const call = this._calls[ctx];
    if (!call || call.error) return -1;
    try {
      return call.world._responseCode(call.filter(item, other));
    } catch (e) {
      call.error = e;
      return -1; // an unknown response: the move stops with UNSUPPORTED and the error is thrown
    }
  }

  _response(ctx, k, block) {
    const call = this._calls[ctx];
    if (!call || call.error) return 0;
    const f = new Float64Array(this._mem.buffer, block, COL_LEN + 4);
    try {
      const col = call.world._collision(f, 0);
      const leg = { start: { x: f[COL_LEN], y: f[COL_LEN + 1] }, goal: { x: f[COL_LEN + 2], y: f[COL_LEN + 3] } };
      const go = call.world._responses[k].fn(col, leg);
      const g = new Float64Array(this._mem.buffer, block, COL_LEN + 4);
      g[22] = col.slide.x; g[23] = col.slide.y; g[24] = col.bounce.x; g[25] = col.bounce.y;
      g[COL_LEN] = leg.start.x; g[COL_LEN + 1] = leg.start.y; g[COL_LEN + 2] = leg.goal.x; g[COL_LEN + 3] = leg.goal.y;
      return go ? 1 : 0;
    } catch (e) {
      call.error = e;
      return 0;
    }
  }
}

// ---- the world ----

const STATUS = { BAD_ID: -11, BUSY: -12, FULL: -13, UNSUPPORTED: -10 };
const WORLD_INDEX = { default: 0, static_tree: 1, dynamic_tree: 2, grid: 3, quadtree: 4, sweep_prune: 5 };
const FLAG = { static: 1, sensor: 2, disabled: 4 };
const QUERY_FLAG = { skipSensors: 1, skipStatic: 2, skipMoving: 4 };
const RESPONSES = { touch: 1, cross: 2, slide: 3, bounce: 4 };
const RESPONSE_NAMES = { 0: null, 1: 'touch', 2: 'cross', 3: 'slide', 4: 'bounce' };
const RESPONSE_CUSTOM = 16;
const EVENT_TYPES = ['begin', 'stay', 'end'];
const COL_LEN = 26;  // doubles per move collision record (c2d_wasm_world.c)
const MOVE_CAP = 256; // C2D_MOVE_MAX_ITERATIONS: a move or check never has more collisions
const QF = OUT_LEN;   // the query filter block (5 doubles) follows the result area
const SHAPE_AT = OUT_LEN + 8; // then the encoded shape
let worldTag = 0;

const vec = (f, i) => ({ x: f[i], y: f[i + 1] });
const aabbAt = (f, i) => ({ minX: f[i], minY: f[i + 1], maxX: f[i + 2], maxY: f[i + 3] });

/** A collision world: shaped colliders that you add, move and query, with Box2D-style filters,
 * flags, overlap events and bump.lua-style moves (move / check / project with responses).
 *
 * Handles are numbers: (index * 65536 + world tag) * 65536 + generation. They stay valid until the
 * collider is removed; a removed collider's handle, or another world's, makes every call throw an
 * Error ("stale or foreign collider handle"). User data is any JS value, kept in a Map keyed by the
 * handle (never copied into wasm memory). Shapes are given in the collider's local frame and
 * placed by (x, y, angle); positions are the local frame's origin (bump's x, y). */
export class World {
  constructor(lib, { staticIndex = 'default', movingIndex = 'default', cellSize = 0, maxColliders = 0, tag = 0 } = {}) {
    this._lib = lib;
    this._x = lib._x;
    const si = WORLD_INDEX[staticIndex], mi = WORLD_INDEX[movingIndex];
    if (si === undefined || mi === undefined) throw new TypeError(`collide2d: unknown world index ${si === undefined ? staticIndex : movingIndex}`);
    if (tag) {
      if (!(Number.isInteger(tag) && tag > 0 && tag < 65536)) throw new RangeError('collide2d: a world tag is an integer in [1, 65535]');
      this.tag = tag;
    } else {
      worldTag = (worldTag % 65535) + 1;
      this.tag = worldTag;
    }
    this._p = this._x.w_world_create(si, mi, cellSize, maxColliders, this.tag);
    if (!this._p) throw new Error('collide2d: could not create the world (bad options or out of memory)');
    this._data = new Map();   // live handle -> user data
    this._gone = new Map();   // handles removed since the last update() -> user data, for END events
    this._responses = [];     // custom responses: {name, fn}
    this._responseIndex = new Map();
    this._cap = 64;           // records of the list queries' result area
    this._token = {};
    const x = this._x, p = this._p;
    if (finalizer) finalizer.register(this, () => x.w_world_destroy(p), this._token);
  }

  _live() {
    if (!this._p) throw new Error('collide2d: the world was destroyed');
    return this._p;
  }

  _status(st, op, h) {
    if (st === 0) return;
    if (st === STATUS.BAD_ID) throw new Error(`collide2d: ${op}: stale or foreign collider handle ${h} (removed, or from another world)`);
    if (st === UNSUPPORTED) throw new Error(`collide2d: ${op}: the world has no colliders of this shape kind`);
    if (st === BAD_ENCODING) throw new TypeError(`collide2d: ${op}: malformed shape`);
    throw new Error(`collide2d: ${op}: ${this._lib.statusString(st)}`);
  }

  // Writes the query filter block and the shape (if any); returns [filter address or 0, shape
  // address], with room for `records` results of `len` doubles after them.
  _prep(shape, filter, records = 0, len = 0) {
    const sl = shape ? encodedLength(shape) : 0;
    const resAt = SHAPE_AT + sl;
    const f = this._lib._reserve(resAt + records * len);
    if (shape) encode(shape, f, SHAPE_AT);
    let qf = 0;
    if (filter) {
      let flags = 0;
      for (const k in QUERY_FLAG) if (filter[k]) flags |= QUERY_FLAG[k];
      f[QF] = filter.category ?? 0; f[QF + 1] = filter.mask ?? 0; f[QF + 2] = filter.group ?? 0;
      f[QF + 3] = flags; f[QF + 4] = filter.self ?? 0;
      if (filter.self) this._check(filter.self, 'query filter self');
      qf = this._lib._addr(QF);
    }
    return { qf, shape: this._lib._addr(SHAPE_AT), res: resAt };
  }

  _check(h, op) {
    if (!this._data.has(h)) throw new Error(`collide2d: ${op}: stale or foreign collider handle ${h} (removed, or from another world)`);
  }

  // Runs a list query, growing the result area until every record fits; returns [total, first].
  _list(shape, filter, len, call) {
    for (;;) {
      const cap = this._cap;
      const a = this._prep(shape, filter, cap, len);
      const total = call(a, this._lib._addr(a.res), cap);
      if (total < 0) this._status(total, 'query');
      if (total <= cap) return [total, a.res];
      this._cap = Math.max(2 * cap, total);
    }
  }

  _ids(total, at) {
    const f = this._lib._f64();
    const out = new Array(total);
    for (let i = 0; i < total; i++) { const id = f[at + i]; out[i] = { id, userData: this._data.get(id) }; }
    return out;
  }

  _hits(total, at) {
    const f = this._lib._f64();
    const out = new Array(total);
    for (let i = 0; i < total; i++) {
      const o = at + 8 * i, id = f[o];
      out[i] = { id, userData: this._data.get(id), hit: readHit(f, o + 1) };
    }
    return out;
  }

  /** Number of colliders (enabled or not). */
  get count() { return this._x.w_world_count(this._live()); }

  /** Every live handle, in the order added. */
  handles() { return [...this._data.keys()]; }

  /** True when h is a live collider of this world. */
  has(h) { return this._data.has(h) && this._x.w_world_contains(this._live(), h) === 1; }

  /** Adds a collider; returns its handle. shape: any shape (concave polygons are
   * split into convex pieces), in the local frame. */
  add(shape, { x = 0, y = 0, angle = 0, filter = {}, static: isStatic = false, sensor = false, disabled = false,
    oneWay = null, userData } = {}) {
    const a = this._prep(shape, null, 1, 1);
    const flags = (isStatic ? FLAG.static : 0) | (sensor ? FLAG.sensor : 0) | (disabled ? FLAG.disabled : 0);
    const st = this._x.w_world_add(this._live(), a.shape, x, y, angle, filter.category ?? 0, filter.mask ?? 0,
      filter.group ?? 0, flags, oneWay ? oneWay.x : 0, oneWay ? oneWay.y : 0, this._lib._addr(a.res));
    this._status(st, 'add');
    const h = this._lib._f64()[a.res];
    this._data.set(h, userData);
    return h;
  }

  /** Removes a collider: its handle becomes stale; its overlaps end at the next update(). */
  remove(h) {
    this._check(h, 'remove');
    this._status(this._x.w_world_remove(this._live(), h), 'remove', h);
    this._gone.set(h, this._data.get(h));
    this._data.delete(h);
  }

  /** Places the collider's local frame at (x, y), turned by angle (radians). */
  setTransform(h, x, y, angle = 0) {
    this._check(h, 'setTransform');
    this._status(this._x.w_world_set_transform(this._live(), h, x, y, angle), 'setTransform', h);
  }

  /** A new local shape. */
  setShape(h, shape) {
    this._check(h, 'setShape');
    const a = this._prep(shape, null);
    this._status(this._x.w_world_set_shape(this._live(), h, a.shape), 'setShape', h);
  }

  /** Box2D's filter: {category, mask, group} (0 or missing: category 1, mask all bits, no group). */
  setFilter(h, { category = 0, mask = 0, group = 0 } = {}) {
    this._check(h, 'setFilter');
    this._status(this._x.w_world_set_filter(this._live(), h, category, mask, group), 'setFilter', h);
  }

  /** Flags: {static, sensor, disabled} (missing: false). */
  setFlags(h, { static: isStatic = false, sensor = false, disabled = false } = {}) {
    this._check(h, 'setFlags');
    const flags = (isStatic ? FLAG.static : 0) | (sensor ? FLAG.sensor : 0) | (disabled ? FLAG.disabled : 0);
    this._status(this._x.w_world_set_flags(this._live(), h, flags), 'setFlags', h);
  }

  /** One-way: the direction {x, y} the collider is solid from (moves only), or null for two-way. */
  setOneWay(h, dir) {
    this._check(h, 'setOneWay');
    this._status(this._x.w_world_set_one_way(this._live(), h, dir ? dir.x : 0, dir ? dir.y : 0), 'setOneWay', h);
  }

  /** The collider's user data. */
  userData(h) { this._check(h, 'userData'); return this._data.get(h); }

  /** Sets the collider's user data (any JS value). */
  setUserData(h, data) { this._check(h, 'setUserData'); this._data.set(h, data); }

  /** Everything about a collider. */
  get(h) {
    this._check(h, 'get');
    const f0 = this._lib._reserve(OUT_LEN);
    this._status(this._x.w_world_get(this._live(), h, this._lib._addr(OUT)), 'get', h);
    const f = this._lib._f64();
    void f0;
    const flags = f[OUT + 7];
    return {
      id: h, x: f[OUT], y: f[OUT + 1], angle: f[OUT + 2], aabb: aabbAt(f, OUT + 3),
      static: (flags & FLAG.static) !== 0, sensor: (flags & FLAG.sensor) !== 0, disabled: (flags & FLAG.disabled) !== 0,
      oneWay: f[OUT + 8] === 0 && f[OUT + 9] === 0 ? null : vec(f, OUT + 8),
      filter: { category: f[OUT + 10], mask: f[OUT + 11], group: f[OUT + 12] },
      pieceCount: f[OUT + 13], concave: f[OUT + 14] === 1, userData: this._data.get(h),
    };
  }

  /** The placed convex shapes the queries test (one for a convex collider, the pieces of a concave
   * one), as shape objects in the world frame (boxes under a rotation are polygons). */
  pieces(h) {
    const n = this.get(h).pieceCount;
    const out = [];
    for (let k = 0; k < n; k++) {
      this._status(this._x.w_world_piece(this._live(), h, k, this._lib._addr(OUT)), 'pieces', h);
      out.push(decodeShape(this._lib._f64(), OUT));
    }
    return out;
  }

  /** Colliders whose interior holds the point, by index: [{id, userData}]. */
  queryPoint(x, y, filter = null) {
    const p = this._live();
    const [n, at] = this._list(null, filter, 1, (a, out, cap) => this._x.w_world_query_point(p, x, y, a.qf, out, cap));
    return this._ids(n, at);
  }

  /** Colliders overlapping the box (touching excluded), by index. */
  queryAABB(box, filter = null) {
    const p = this._live();
    const b = boxArgs(box);
    const [n, at] = this._list(null, filter, 1, (a, out, cap) => this._x.w_world_query_aabb(p, b[0], b[1], b[2], b[3], a.qf, out, cap));
    return this._ids(n, at);
  }

  /** Colliders overlapping a world-frame convex shape, by index: [{id, userData, hit}], hit as
   * Collide2D.hit(shape, collider) (delta moves the query shape out). */
  queryShape(shape, filter = null) {
    const p = this._live();
    const [n, at] = this._list(shape, filter, 8, (a, out, cap) => this._x.w_world_overlap_shape(p, a.shape, a.qf, 1, out, cap));
    return this._hits(n, at);
  }

  /** The first collider the ray hits: {id, userData, hit} or null. */
  raycastFirst({ origin, translation, maxFraction = 1 }, filter = null) {
    const a = this._prep(null, filter, 1, 8);
    const n = this._x.w_world_raycast(this._live(), origin.x, origin.y, translation.x, translation.y, maxFraction, a.qf, 0, this._lib._addr(a.res), 1);
    if (n < 0) this._status(n, 'raycastFirst');
    return n ? this._hits(1, a.res)[0] : null;
  }

  /** Every collider the ray hits, by hit.time then index. */
  raycastAll({ origin, translation, maxFraction = 1 }, filter = null) {
    const p = this._live();
    const [n, at] = this._list(null, filter, 8, (a, out, cap) => this._x.w_world_raycast(p, origin.x, origin.y, translation.x, translation.y, maxFraction, a.qf, 1, out, cap));
    return this._hits(n, at);
  }

  _casts(total, at) {
    const f = this._lib._f64();
    const out = new Array(total);
    for (let i = 0; i < total; i++) {
      const o = at + 12 * i, id = f[o];
      out[i] = { id, userData: this._data.get(id), sweep: { hit: f[o + 1] ? readHit(f, o + 5) : null, pos: vec(f, o + 2), time: f[o + 4] } };
    }
    return out;
  }

  /** The first collider hit by a world-frame shape (any kind) moving by delta: {id, userData, sweep}
   * or null; sweep.pos / sweep.time are clear of every collider hit. */
  castFirst(shape, delta, filter = null) {
    const a = this._prep(shape, filter, 1, 12);
    const n = this._x.w_world_cast(this._live(), a.shape, delta.x, delta.y, a.qf, 0, this._lib._addr(a.res), 1);
    if (n < 0) this._status(n, 'castFirst');
    return n ? this._casts(1, a.res)[0] : null;
  }

  /** Every collider the cast hits, by time then index. */
  castAll(shape, delta, filter = null) {
    const p = this._live();
    const [n, at] = this._list(shape, filter, 12, (a, out, cap) => this._x.w_world_cast(p, a.shape, delta.x, delta.y, a.qf, 1, out, cap));
    return this._casts(n, at);
  }

  /** The nearest collider within maxDistance of a world-frame convex shape:
   * {id, userData, pointA, pointB, normal, distance} or null. */
  nearest(shape, maxDistance, filter = null) {
    const a = this._prep(shape, filter, 1, 8);
    const n = this._x.w_world_nearest(this._live(), a.shape, maxDistance, a.qf, this._lib._addr(a.res));
    if (n < 0) this._status(n, 'nearest');
    if (!n) return null;
    const f = this._lib._f64(), o = a.res, id = f[o];
    return { id, userData: this._data.get(id), pointA: vec(f, o + 1), pointB: vec(f, o + 3), normal: vec(f, o + 5), distance: f[o + 7] };
  }

  /** Brings the world up to date (rebuilds the static tree if needed) and returns the overlap
   * events since the last update, sorted by the pair: [{type: 'begin'|'stay'|'end', a, b, userA, userB}]. */
  update() {
    const p = this._live();
    let cap = this._cap;
    let f = this._lib._reserve(OUT_LEN + 3 * cap);
    let n = this._x.w_world_update(p, this._lib._addr(OUT_LEN), cap);
    if (n < 0) this._status(n, 'update');
    if (n > cap) {
      this._cap = cap = n;
      this._lib._reserve(OUT_LEN + 3 * cap);
      this._x.w_world_events(this._lib._addr(OUT_LEN), cap);
    }
    f = this._lib._f64();
    const data = (h) => (this._data.has(h) ? this._data.get(h) : this._gone.get(h));
    const out = new Array(n);
    for (let i = 0; i < n; i++) {
      const o = OUT_LEN + 3 * i, a = f[o + 1], b = f[o + 2];
      out[i] = { type: EVENT_TYPES[f[o]], a, b, userA: data(a), userB: data(b) };
    }
    this._gone.clear();
    return out;
  }

  /** Registers a custom response for move / check filters (bump's addResponse). fn(col, leg) gets
   * the collision and the leg {start, goal}; it may set leg.start and leg.goal (and col.slide /
   * col.bounce, which are recorded) and returns true to go on from leg.start toward leg.goal, or
   * false to stop at leg.goal. It must not change the world. */
  addResponse(name, fn) {
    if (typeof fn !== 'function') throw new TypeError('collide2d: addResponse needs a function');
    if (RESPONSES[name] !== undefined) throw new Error(`collide2d: addResponse: '${name}' is a built-in response`);
    if (this._responseIndex.has(name)) {
      this._responses[this._responseIndex.get(name)].fn = fn;
      return;
    }
    if (this._responses.length >= this._x.w_max_custom_responses()) throw new RangeError('collide2d: too many custom responses');
    this._responseIndex.set(name, this._responses.length);
    this._responses.push({ name, fn });
  }

  _responseCode(name) {
    if (name === null || name === undefined || name === false) return 0;
    const r = RESPONSES[name];
    if (r !== undefined) return r;
    const k = this._responseIndex.get(name);
    if (k !== undefined) return RESPONSE_CUSTOM + k;
    throw new Error(`collide2d: move filter returned an unknown response ${JSON.stringify(name)}`);
  }

  _responseName(code) {
    return code >= RESPONSE_CUSTOM ? this._responses[code - RESPONSE_CUSTOM].name : RESPONSE_NAMES[code];
  }

  _collision(f, o) {
    const other = f[o];
    return {
      other, userData: this._data.get(other), type: this._responseName(f[o + 1]), overlaps: f[o + 2] === 1,
      ti: f[o + 3], start: vec(f, o + 4), move: vec(f, o + 6), normal: vec(f, o + 8), touch: vec(f, o + 10),
      point: vec(f, o + 12), itemAABB: aabbAt(f, o + 14), otherAABB: aabbAt(f, o + 18), slide: vec(f, o + 22),
      bounce: vec(f, o + 24),
    };
  }

  // Runs a move, check or project with the JS filter hooked in; returns the result object.
  _moveCall(op, filter, run) {
    const lib = this._lib;
    if (!lib._calls) lib._calls = [];
    let ctx = -1;
    if (filter !== undefined && filter !== null) {
      const fn = typeof filter === 'function' ? filter : () => filter;
      if (typeof filter === 'string') this._responseCode(filter);
      ctx = lib._calls.length;
      lib._calls.push({ world: this, filter: fn, error: null });
    }
    let total;
    const call = ctx >= 0 ? lib._calls[ctx] : null;
    try {
      total = run(ctx);
    } finally {
      if (ctx >= 0) lib._calls.pop();
    }
    if (call && call.error) throw call.error;
    return total;
  }

  _moveResult(total, at) {
    const f = this._lib._f64();
    const count = f[at + 2];
    const collisions = new Array(count);
    for (let i = 0; i < count; i++) collisions[i] = this._collision(f, at + 4 + COL_LEN * i);
    return { x: f[at], y: f[at + 1], collisions, total, capped: f[at + 3] === 1 };
  }

  _moveArgs(opts) {
    let flags = 0;
    for (const k in QUERY_FLAG) if (opts[k]) flags |= QUERY_FLAG[k];
    return [flags, opts.maxIterations ?? 0];
  }

  /** Moves collider h toward goal {x, y} (bump's move): {x, y, collisions, total, capped}. filter:
   * (item, other) => 'touch' | 'cross' | 'slide' | 'bounce' | a custom name | null (ignore), or a
   * response name for every pair; none: slide against solids, cross sensors. The collider ends at
   * (x, y). Options skipSensors / skipStatic / skipMoving leave colliders out; maxIterations caps
   * the responses (default 64, at most 256). */
  move(h, goal, filter = null, opts = {}) { return this._move(0, h, goal, filter, opts); }

  /** move without moving (bump's check). */
  check(h, goal, filter = null, opts = {}) { return this._move(1, h, goal, filter, opts); }

  _move(op, h, goal, filter, opts) {
    this._check(h, op ? 'check' : 'move');
    const p = this._live();
    const [flags, maxIt] = this._moveArgs(opts);
    this._lib._reserve(OUT_LEN + 4 + COL_LEN * MOVE_CAP);
    const out = this._lib._addr(OUT_LEN);
    const fn = op ? this._x.w_world_check : this._x.w_world_move;
    const total = this._moveCall(op, filter, (ctx) => fn(p, h, goal.x, goal.y, ctx, this._responses.length, flags, maxIt, out, MOVE_CAP));
    if (total < 0) this._status(total, op ? 'check' : 'move', h);
    return this._moveResult(total, OUT_LEN);
  }

  /** Every collision of a convex shape (local frame, placed at start {x, y, angle?}) moved in a
   * straight line until its origin reaches goal (bump's project): {x, y (the goal), collisions,
   * total}. item (a handle or null) is left out and is what the filters see. */
  project(item, shape, start, goal, filter = null, opts = {}) {
    if (item) this._check(item, 'project');
    const p = this._live();
    const [flags] = this._moveArgs(opts);
    for (;;) {
      const cap = this._cap;
      const a = this._prep(shape, null, 4 + COL_LEN * cap, 1);
      const out = this._lib._addr(a.res);
      const total = this._moveCall(2, filter, (ctx) => this._x.w_world_project(p, item || 0, a.shape, start.x, start.y,
        start.angle ?? 0, goal.x, goal.y, ctx, flags, out, cap));
      if (total < 0) this._status(total, 'project', item);
      if (total <= cap) return this._moveResult(total, a.res);
      this._cap = Math.max(2 * cap, total);
    }
  }

  /** Self-check of the world's invariants (for tests). */
  validate() { return this._x.w_world_validate(this._live()) === 1; }

  /** Frees the world. */
  destroy() {
    if (!this._p) return;
    if (finalizer) finalizer.unregister(this._token);
    this._x.w_world_destroy(this._p);
    this._p = 0;
    this._data.clear();
  }
}

/** A broad-phase index over boxes {minX, minY, maxX, maxY}. */
export class Index {
  constructor(lib, kind, { cellSize = 0, margin = 0, boxes = null } = {}) {
    this._lib = lib;
    this._x = lib._x;
    if (kind === 'static_tree') {
      // boxes: objects ({minX, minY, maxX, maxY} or rects), or a flat array of 4 numbers per box
      const flat = ArrayBuffer.isView(boxes) || typeof boxes[0] === 'number';
      if (flat && boxes.length % 4 !== 0) throw new TypeError('collide2d: a flat box array needs 4 numbers per box');
      const n = flat ? boxes.length / 4 : boxes.length;
      const f = lib._reserve(OUT_LEN + 4 * n);
      if (flat) {
        f.set(boxes, OUT_LEN);
      } else {
        let j = OUT_LEN;
        for (let i = 0; i < n; i++) {
          const b = boxes[i];
          if (b.type === 'rect') {
            f[j] = b.x; f[j + 1] = b.y; f[j + 2] = b.x + b.width; f[j + 3] = b.y + b.height;
          } else {
            f[j] = b.minX; f[j + 1] = b.minY; f[j + 2] = b.maxX; f[j + 3] = b.maxY;
          }
          j += 4;
        }
      }
      this._p = this._x.w_static_tree_create(lib._addr(OUT_LEN), n);
    } else {
      const k = INDEX_KINDS[kind];
      if (k === undefined) throw new TypeError(`collide2d: unknown index kind ${JSON.stringify(kind)}`);
      this._p = this._x.w_index_create(k, cellSize, margin);
    }
    if (!this._p) throw new Error('collide2d: index creation failed');
    this.kind = kind;
    this._ids = 0;
    this._idsCap = 0;
    const x = this._x, p = this._p;
    this._token = {};
    if (finalizer) finalizer.register(this, () => x.w_index_destroy(p), this._token);
  }

  _live() { if (!this._p) throw new Error('collide2d: index used after destroy()'); return this._p; }

  /** Adds a box; returns its id. userData (a number >= 0) defaults to 0. */
  insert(box, userData = 0) {
    const b = boxArgs(box);
    const id = this._x.w_index_insert(this._live(), b[0], b[1], b[2], b[3], userData);
    if (id < 0) throw new RangeError(`collide2d: insert: ${this._lib.statusString(id)}`);
    return id;
  }

  /** Gives proxy id a new box. */
  move(id, box) {
    const b = boxArgs(box);
    const st = this._x.w_index_move(this._live(), id, b[0], b[1], b[2], b[3]);
    if (st !== 0) throw new RangeError(`collide2d: move: ${this._lib.statusString(st)}`);
  }

  /** Removes proxy id. */
  remove(id) {
    const st = this._x.w_index_remove(this._live(), id);
    if (st !== 0) throw new RangeError(`collide2d: remove: ${this._lib.statusString(st)}`);
  }

  get count() { return this._x.w_index_count(this._live()); }

  _collect(call) {
    for (;;) {
      const cap = this._idsCap;
      const total = call(this._ids, cap);
      if (total <= cap) return Array.from(new Int32Array(this._x.memory.buffer, this._ids, total));
      if (this._ids) this._x.free(this._ids);
      this._idsCap = Math.max(64, total * 2);
      this._ids = this._x.malloc(4 * this._idsCap);
    }
  }

  /** Ids of the boxes overlapping box (touching excluded). */
  queryAABB(box) {
    const b = boxArgs(box);
    const p = this._live();
    return this._collect((out, cap) => this._x.w_index_query_aabb(p, b[0], b[1], b[2], b[3], out, cap));
  }

  /** Ids of the boxes holding the point strictly inside. */
  queryPoint(x, y) {
    const p = this._live();
    return this._collect((out, cap) => this._x.w_index_query_point(p, x, y, out, cap));
  }

  _ray(ray, all) {
    const { origin, translation, maxFraction = 1 } = ray;
    const p = this._live();
    const lib = this._lib;
    for (;;) {
      const cap = all ? Math.max(this._rayCap || 0, 64) : 1;
      lib._reserve(OUT_LEN + 2 * cap);
      const ids = lib._addr(OUT_LEN), fr = ids + 8 * cap;
      const n = this._x.w_index_raycast(p, origin.x, origin.y, translation.x, translation.y, maxFraction,
        all ? 1 : 0, ids, fr, cap);
      if (n > cap) { this._rayCap = 2 * n; continue; }
      const buf = this._x.memory.buffer;
      const idv = new Int32Array(buf, ids, n), fv = new Float64Array(buf, fr, n);
      const hits = new Array(n);
      for (let k = 0; k < n; k++) hits[k] = { id: idv[k], fraction: fv[k] };
      return hits;
    }
  }

  /** The box the ray origin + t * translation, 0 <= t <= maxFraction (default 1), enters first:
   * {id, fraction} (ties at one fraction go to the smaller id), or null. A ray that grazes a box's
   * corner or runs along its edge does not enter it; an origin inside gives fraction 0. */
  raycast(ray) {
    const h = this._ray(ray, false);
    return h.length ? h[0] : null;
  }

  /** Every box the ray enters (the raycast rule): [{id, fraction}], nearest first (ties by id). */
  raycastAll(ray) {
    return this._ray(ray, true).sort((a, b) => a.fraction - b.fraction || a.id - b.id);
  }

  _pairs(update) {
    const slot = this._lib._addr(0);
    const n = this._x.w_index_pairs(this._live(), update ? 1 : 0, slot);
    if (n < 0) throw new Error(`collide2d: pairs: ${this._lib.statusString(n)}`);
    const at = new Uint32Array(this._x.memory.buffer, slot, 1)[0];
    return new Int32Array(this._x.memory.buffer, at, 2 * n).slice();
  }

  /** Every overlapping pair, flat [a0, b0, a1, b1, ...] with a < b, sorted. */
  pairs() { return this._pairs(false); }

  /** Pairs involving a proxy inserted or moved since the last updatePairs(). */
  updatePairs() { return this._pairs(true); }

  /** Frees the index. */
  destroy() {
    if (!this._p) return;
    if (finalizer) finalizer.unregister(this._token);
    this._x.w_index_destroy(this._p);
    if (this._ids) this._x.free(this._ids);
    this._p = 0;
    this._ids = 0;
  }
}

/** Many moving circles and boxes in structure-of-arrays form inside the wasm heap. Body i is
 * kind[i] 'circle' (params x, y, r) or 'box' (params minX, minY, maxX, maxY), 4 params per body.
 * Move bodies with setCircle / setBox (or write bodies.params directly, then call collide()). */
export class Bodies {
  constructor(lib, capacity, { index = 'dynamic_tree', cellSize = 0, margin = 0 } = {}) {
    this._lib = lib;
    this._x = lib._x;
    this.capacity = capacity;
    this.count = 0;
    const x = this._x;
    this._kinds = x.malloc(4 * capacity);
    this._params = x.malloc(32 * capacity);
    this._ids = x.malloc(4 * capacity);
    this._pairsCap = Math.max(64, capacity);
    this._pairs = x.malloc(8 * this._pairsCap);
    this._hits = x.malloc(32 * this._pairsCap);
    this.index = new Index(lib, index, { cellSize, margin });
    this._buf = null;
    const ptrs = [this._kinds, this._params, this._ids, this._pairs, this._hits];
    this._token = {};
    if (finalizer) finalizer.register(this, () => ptrs.forEach((p) => x.free(p)), this._token);
  }

  _views() {
    if (this._buf !== this._x.memory.buffer) {
      this._buf = this._x.memory.buffer;
      this._k = new Int32Array(this._buf, this._kinds, this.capacity);
      this._p = new Float64Array(this._buf, this._params, 4 * this.capacity);
      this._i = new Int32Array(this._buf, this._ids, this.capacity);
    }
  }

  /** Float64Array view of the params (4 per body); valid until the next call into the library. */
  get params() { this._views(); return this._p; }

  _add(kind, a, b, c, d) {
    if (this.count >= this.capacity) throw new RangeError('collide2d: Bodies is full');
    this._views();
    const i = this.count++;
    this._k[i] = kind;
    this._p[4 * i] = a; this._p[4 * i + 1] = b; this._p[4 * i + 2] = c; this._p[4 * i + 3] = d;
    this._i[i] = -1;
    return i;
  }

  /** Adds a circle; returns its body number. */
  addCircle(x, y, r) { return this._add(KIND.circle, x, y, r, 0); }
  /** Adds a box; returns its body number. */
  addBox(minX, minY, maxX, maxY) { return this._add(KIND.aabb, minX, minY, maxX, maxY); }

  /** Moves every proxy to its body's current bounds and returns the colliding pairs:
   * {count, pairs: Int32Array [a0, b0, ...], hits: Float64Array [nx, ny, dx, dy, ...]} where the
   * normal points from body b toward body a and delta pushes a out of b. The arrays are copies. */
  collide() {
    const x = this._x;
    const p = this.index._live();
    const st = x.w_bodies_sync(p, this._kinds, this._params, this._ids, this.count);
    if (st !== 0) throw new RangeError(`collide2d: body bounds: ${this._lib.statusString(st)}`);
    let n = x.w_bodies_collide(p, this._kinds, this._params, this._pairs, this._hits, this._pairsCap);
    if (n > this._pairsCap) {
      x.free(this._pairs); x.free(this._hits);
      this._pairsCap = 2 * n;
      this._pairs = x.malloc(8 * this._pairsCap);
      this._hits = x.malloc(32 * this._pairsCap);
      n = x.w_bodies_collide(p, this._kinds, this._params, this._pairs, this._hits, this._pairsCap);
    }
    if (n < 0) throw new Error(`collide2d: pairs: ${this._lib.statusString(n)}`);
    const buf = x.memory.buffer;
    return {
      count: n,
      pairs: new Int32Array(buf, this._pairs, 2 * n).slice(),
      hits: new Float64Array(buf, this._hits, 4 * n).slice(),
    };
  }

  /** Frees the bodies and their index. */
  destroy() {
    if (!this._kinds) return;
    if (finalizer) finalizer.unregister(this._token);
    for (const q of [this._kinds, this._params, this._ids, this._pairs, this._hits]) this._x.free(q);
    this._kinds = 0;
    this.index.destroy();
  }
}

// The module's imports; w_js_* call back into the library object that owns the instance.
function makeImports(hooks) {
  return {
    env: {
      emscripten_notify_memory_growth() {},
      w_js_move_filter: (ctx, item, other) => hooks.lib._moveFilter(ctx, item, other),
      w_js_response: (ctx, k, block) => hooks.lib._response(ctx, k, block),
    },
    wasi_snapshot_preview1: {
      fd_write() { return 52; },
      fd_close() { return 52; },
      fd_seek() { return 52; },
      proc_exit(code) { throw new Error(`collide2d: wasm exited with ${code}`); },
    },
  };
}

/** Instantiates from wasm bytes (ArrayBuffer / typed array) or a WebAssembly.Module, synchronously. */
export function loadSync(bytesOrModule) {
  const mod = bytesOrModule instanceof WebAssembly.Module ? bytesOrModule : new WebAssembly.Module(bytesOrModule);
  const hooks = {};
  hooks.lib = new Collide2D(new WebAssembly.Instance(mod, makeImports(hooks)));
  return hooks.lib;
}

/** Loads the library. With no argument it finds dist/collide2d.wasm next to this package (fs in
 * Node, fetch in a browser); or pass {wasm: bytes | URL | string | WebAssembly.Module}. */
export async function load({ wasm } = {}) {
  let src = wasm ?? new URL('../dist/collide2d.wasm', import.meta.url);
  if (src instanceof WebAssembly.Module) return loadSync(src);
  if (typeof src === 'string') src = new URL(src, import.meta.url);
  if (src instanceof URL) {
    if (src.protocol === 'file:') {
      const fs = await import('node:fs/promises');
      src = await fs.readFile(src);
    } else {
      const res = await fetch(src);
      if (!res.ok) throw new Error(`collide2d: cannot fetch ${src}: ${res.status}`);
      src = await res.arrayBuffer();
    }
  }
  const hooks = {};
  const { instance } = await WebAssembly.instantiate(src, makeImports(hooks));
  hooks.lib = new Collide2D(instance);
  return hooks.lib;
}

export default load;
export { MoverWorld, Mover, COLLIDER_STATIC, COLLIDER_SENSOR, COLLIDER_DISABLED, CONTACT_KINDS } from './mover.js';
