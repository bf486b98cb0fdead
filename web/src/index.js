// collide2d for JavaScript: the C library compiled to WebAssembly (double precision), behind an
// API of plain objects. Shapes are objects such as {type: 'circle', x, y, r}; every query copies
// its shapes into a scratch area of the wasm heap, calls the C function and reads the result back,
// so the common path needs no manual memory management. The broad-phase indexes and the Bodies
// batch own wasm memory and must be destroy()ed (a FinalizationRegistry frees forgotten ones).
//
// Conventions are the C library's: touching is not a hit (open interiors), every normal points
// from B toward A, hit.delta is added to A to separate, NaN input gives no hit.

const KIND = { point: 0, segment: 1, aabb: 2, rect: 2, circle: 3, capsule: 4, polygon: 5, concave: 6, arc: 7, wedge: 7 };
const UNSUPPORTED = -100;
const BAD_ENCODING = -101;
const OUT = 0; // the first 32 doubles of the scratch area hold results
const OUT_LEN = 32;
// 'spatial_hash' is kept as another name for the grid (the library's one hashed uniform grid).
const INDEX_KINDS = { dynamic_tree: 0, spatial_hash: 2, grid: 2, quadtree: 3, sweep_prune: 4 };

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

// Number of doubles a shape takes in the encoded form.
function encodedLength(shape) {
  switch (shape && shape.type) {
    case 'point': return 3;
    case 'segment': case 'aabb': case 'rect': return 5;
    case 'circle': return 4;
    case 'capsule': return 6;
    case 'arc': case 'wedge': return 7;
    case 'polygon': case 'concave': {
      const pts = pointList(shape);
      return 2 + (typeof pts[0] === 'number' ? pts.length : 2 * pts.length);
    }
    default:
      throw new TypeError(`collide2d: unknown shape type ${JSON.stringify(shape && shape.type)}`);
  }
}

// Writes the shape's encoded form at f[i...]; returns the index after it.
function encode(shape, f, i) {
  const t = shape.type;
  f[i] = KIND[t];
  switch (t) {
    case 'point': f[i + 1] = num(shape, 'x'); f[i + 2] = num(shape, 'y'); return i + 3;
    case 'segment':
      f[i + 1] = num(shape, 'x1'); f[i + 2] = num(shape, 'y1');
      f[i + 3] = num(shape, 'x2'); f[i + 4] = num(shape, 'y2'); return i + 5;
    case 'aabb':
      f[i + 1] = num(shape, 'minX'); f[i + 2] = num(shape, 'minY');
      f[i + 3] = num(shape, 'maxX'); f[i + 4] = num(shape, 'maxY'); return i + 5;
    case 'rect': {
      const x = num(shape, 'x'), y = num(shape, 'y');
      f[i + 1] = x; f[i + 2] = y;
      f[i + 3] = x + num(shape, 'width'); f[i + 4] = y + num(shape, 'height'); return i + 5;
    }
    case 'circle': f[i + 1] = num(shape, 'x'); f[i + 2] = num(shape, 'y'); f[i + 3] = num(shape, 'r'); return i + 4;
    case 'capsule':
      f[i + 1] = num(shape, 'x1'); f[i + 2] = num(shape, 'y1');
      f[i + 3] = num(shape, 'x2'); f[i + 4] = num(shape, 'y2'); f[i + 5] = num(shape, 'r'); return i + 6;
    case 'arc':
      f[i + 1] = num(shape, 'x'); f[i + 2] = num(shape, 'y'); f[i + 3] = num(shape, 'inner');
      f[i + 4] = num(shape, 'outer'); f[i + 5] = num(shape, 'start'); f[i + 6] = num(shape, 'end'); return i + 7;
    case 'wedge':
      f[i + 1] = num(shape, 'x'); f[i + 2] = num(shape, 'y'); f[i + 3] = 0;
      f[i + 4] = num(shape, 'r'); f[i + 5] = num(shape, 'start'); f[i + 6] = num(shape, 'end'); return i + 7;
    case 'polygon': case 'concave': {
      const pts = pointList(shape);
      let j = i + 2;
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
    default:
      throw new TypeError(`collide2d: unknown shape type ${JSON.stringify(t)}`);
  }
}

/** The encoded form of a shape (kind number, then its numbers) that the C surface reads: for
 * tests and tools that drive the native build with the same input. */
export function encodeShape(shape) {
  const f = new Float64Array(encodedLength(shape));
  encode(shape, f, 0);
  return f;
}

function readHit(f, i) {
  return {
    pos: { x: f[i], y: f[i + 1] },
    normal: { x: f[i + 2], y: f[i + 3] },
    delta: { x: f[i + 4], y: f[i + 5] },
    time: f[i + 6],
  };
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
  }

  // Makes sure the scratch area holds n doubles; returns the Float64Array view of it.
  _reserve(n) {
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

  _check(r, op, a, b) {
    if (r === UNSUPPORTED) {
      throw new Error(`collide2d: no ${op} test for ${a.type}${b ? ' and ' + b.type : ''}`);
    }
    if (r === BAD_ENCODING) throw new TypeError(`collide2d: malformed shape in ${op}`);
    return r;
  }

  /** null when the shape is valid, else the library's reason (e.g. 'a size is zero or negative'). */
  validate(shape) {
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

  /** True when the interiors of a and b intersect (touching is not an overlap). */
  overlap(a, b) {
    const [ia, ib] = this._put(a, b);
    return this._check(this._x.w_overlap(this._addr(ia), this._addr(ib)), 'overlap', a, b) === 1;
  }

  /** Overlap with contact: {pos, normal (B toward A), delta (push-out for A), time: 0}, or null. */
  hit(a, b) {
    const [ia, ib] = this._put(a, b);
    const r = this._check(this._x.w_hit(this._addr(ia), this._addr(ib), this._addr(OUT)), 'hit', a, b);
    return r === 1 ? readHit(this._f64(), OUT) : null;
  }

  /** Point strictly inside the shape (points and segments: on them). */
  containsPoint(shape, x, y) {
    if (typeof x === 'object') { y = x.y; x = x.x; }
    const [ia] = this._put(shape);
    return this._x.w_contains(this._addr(ia), x, y) === 1;
  }

  /** Cast of origin + t * translation, t in [0, maxFraction] (default 1): the first entry into the
   * shape's interior {pos, normal, delta, time}, or null. */
  raycast(shape, { origin, translation, maxFraction = 1 }) {
    const [ia] = this._put(shape);
    const r = this._check(this._x.w_raycast(this._addr(ia), origin.x, origin.y, translation.x, translation.y,
      maxFraction, this._addr(OUT)), 'raycast', shape);
    return r === 1 ? readHit(this._f64(), OUT) : null;
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
    const [ia, ib] = this._put(a, b);
    this._check(this._x.w_cast(this._addr(ia), deltaA.x, deltaA.y, this._addr(ib), deltaB.x, deltaB.y,
      this._addr(OUT)), 'cast', a, b);
    return readSweep(this._f64(), OUT);
  }

  /** Sweeps a by delta through the statics (the article's sweepInto): {hit, pos, time, index}. */
  sweepInto(a, delta, statics) {
    let n = OUT_LEN + encodedLength(a);
    for (const s of statics) n += encodedLength(s);
    const f = this._reserve(n);
    const is = encode(a, f, OUT_LEN);
    let j = is;
    for (const s of statics) j = encode(s, f, j);
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
    const [ia, ib] = this._put(a, b);
    const r = this._check(this._x.w_manifold(this._addr(ia), this._addr(ib), this._addr(OUT)), 'manifold', a, b);
    const f = this._f64();
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
    const [ia, ib] = this._put(a, b);
    const r = this._check(this._x.w_distance(this._addr(ia), this._addr(ib), this._addr(OUT)), 'distance', a, b);
    if (r !== 1) return null;
    const f = this._f64();
    return {
      pointA: { x: f[OUT], y: f[OUT + 1] },
      pointB: { x: f[OUT + 2], y: f[OUT + 3] },
      normal: { x: f[OUT + 4], y: f[OUT + 5] },
      distance: f[OUT + 6],
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

  /** Tight bounding box {minX, minY, maxX, maxY}, or null for an invalid shape. */
  bounds(shape) {
    const [ia] = this._put(shape);
    if (this._x.w_bounds(this._addr(ia), this._addr(OUT)) !== 1) return null;
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

  /** A static tree built once over boxes (ids are the array positions); insert/move/remove throw. */
  createStaticIndex(boxes) {
    return new Index(this, 'static_tree', { boxes });
  }

  /** A structure-of-arrays batch of moving circles and boxes, paired through an index. */
  createBodies(capacity, options = {}) {
    return new Bodies(this, capacity, options);
  }
}

/** A broad-phase index over boxes {minX, minY, maxX, maxY}. */
export class Index {
  constructor(lib, kind, { cellSize = 0, margin = 0, boxes = null } = {}) {
    this._lib = lib;
    this._x = lib._x;
    if (kind === 'static_tree') {
      const f = lib._reserve(OUT_LEN + 4 * boxes.length);
      let j = OUT_LEN;
      for (const b of boxes) {
        const q = boxArgs(b);
        f[j++] = q[0]; f[j++] = q[1]; f[j++] = q[2]; f[j++] = q[3];
      }
      this._p = this._x.w_static_tree_create(lib._addr(OUT_LEN), boxes.length);
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

const imports = {
  env: { emscripten_notify_memory_growth() {} },
  wasi_snapshot_preview1: {
    fd_write() { return 52; },
    fd_close() { return 52; },
    fd_seek() { return 52; },
    proc_exit(code) { throw new Error(`collide2d: wasm exited with ${code}`); },
  },
};

/** Instantiates from wasm bytes (ArrayBuffer / typed array) or a WebAssembly.Module, synchronously. */
export function loadSync(bytesOrModule) {
  const mod = bytesOrModule instanceof WebAssembly.Module ? bytesOrModule : new WebAssembly.Module(bytesOrModule);
  return new Collide2D(new WebAssembly.Instance(mod, imports));
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
  const { instance } = await WebAssembly.instantiate(src, imports);
  return new Collide2D(instance);
}

export default load;
export { MoverWorld, Mover, COLLIDER_STATIC, COLLIDER_SENSOR, COLLIDER_DISABLED, CONTACT_KINDS } from './mover.js';
