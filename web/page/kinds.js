// The shape kinds of the pair explorer (page.js) and of its C and JS blocks (teach.js): one row per
// kind. A new kind is one row here (and one row of SHAPES in ../src/index.js).
//   make(c)      the figure's shape around the point c (a plain shape object for the JS API)
//   c(name, c)   C declarations that make the same shape as variables prefixed `name`
//   shape(name)  for a kind of c2d_shape: the C expression of the tagged shape (the generic calls
//                take it); absent for a kind the library queries through its own functions
//                (teach.js writes those calls; every kind is in c2d_shape now)
//   js(c)        the JS source of make(c) (default: the object literal, every digit)
//   path(ctx, s, lib)  traces the shape's outline on a canvas (page.js strokes and fills it)

// A number as C source: integers bare, others with up to 3 decimals.
const n = (x) => (Number.isInteger(x) ? String(x) : String(Number(x.toFixed(3))));
const at = (c, dx, dy) => `c2d_v2(${n(c.x + dx)}, ${n(c.y + dy)})`;
const cpts = (list) => list.map((p) => `{${n(p.x)}, ${n(p.y)}}`).join(', ');
const offset = (c, list) => list.map(([x, y]) => ({ x: c.x + x, y: c.y + y }));

const PENTAGON = [0, 1, 2, 3, 4].map((i) => [40 * Math.cos(i * 1.2566 - 1.5708), 40 * Math.sin(i * 1.2566 - 1.5708)]);
const L_SHAPE = [[-40, -35], [40, -35], [40, -10], [-10, -10], [-10, 35], [-40, 35]];
const ROUNDED_BOX = [[-25, -16], [25, -16], [25, 16], [-25, 16]];

// Traces a polygon through its points.
function polyPath(ctx, pts) {
  pts.forEach((p, i) => (i ? ctx.lineTo(p.x, p.y) : ctx.moveTo(p.x, p.y)));
  ctx.closePath();
}

// Traces the convex hull of pts grown by r: an arc around each vertex between the normals of its
// two edges, joined by the edges moved out by r (the hull is counter-clockwise with y up, so the
// normals turn toward increasing angle).
function roundedPath(ctx, hull, r) {
  const k = hull.length;
  const angle = (i) => {
    const p = hull[i], q = hull[(i + 1) % k];
    return Math.atan2(-(q.x - p.x), q.y - p.y); // outward normal (dy, -dx)
  };
  for (let i = 0; i < k; i++) ctx.arc(hull[i].x, hull[i].y, r, angle((i + k - 1) % k), angle(i), false);
  ctx.closePath();
}

// A plain object's JS source with every digit (the block must give the figure's numbers exactly).
function literal(v) {
  if (Array.isArray(v)) return `[${v.map(literal).join(', ')}]`;
  if (typeof v === 'object') return `{ ${Object.entries(v).map(([k, x]) => `${k}: ${k === 'type' ? `'${x}'` : literal(x)}`).join(', ')} }`;
  return String(v);
}

export const PAIR_KINDS = [
  {
    kind: 'point',
    make: (c) => ({ type: 'point', x: c.x, y: c.y }),
    c: (a, c) => [`c2d_vec2 ${a}p = ${at(c, 0, 0)};`],
    shape: (a) => `c2d_shape_from_point(${a}p)`,
    path: (ctx, s) => ctx.arc(s.x, s.y, 3, 0, 2 * Math.PI),
  },
  {
    kind: 'segment',
    make: (c) => ({ type: 'segment', x1: c.x - 45, y1: c.y + 25, x2: c.x + 45, y2: c.y - 25 }),
    c: (a, c) => [`c2d_segment ${a}s = { ${at(c, -45, 25)}, ${at(c, 45, -25)} };`],
    shape: (a) => `c2d_shape_from_segment(${a}s)`,
    path: (ctx, s) => { ctx.moveTo(s.x1, s.y1); ctx.lineTo(s.x2, s.y2); },
  },
  {
    kind: 'aabb',
    make: (c) => ({ type: 'aabb', minX: c.x - 40, minY: c.y - 28, maxX: c.x + 40, maxY: c.y + 28 }),
    c: (a, c) => [`c2d_aabb ${a}b;`, `c2d_aabb_from_center(${at(c, 0, 0)}, c2d_v2(40, 28), &${a}b);`],
    shape: (a) => `c2d_shape_from_aabb(${a}b)`,
    path: (ctx, s) => ctx.rect(s.minX, s.minY, s.maxX - s.minX, s.maxY - s.minY),
  },
  {
    kind: 'circle',
    make: (c) => ({ type: 'circle', x: c.x, y: c.y, r: 35 }),
    c: (a, c) => [`c2d_circle ${a}c;`, `c2d_circle_make(${at(c, 0, 0)}, 35, &${a}c);`],
    shape: (a) => `c2d_shape_from_circle(${a}c)`,
    path: (ctx, s) => ctx.arc(s.x, s.y, s.r, 0, 2 * Math.PI),
  },
  {
    kind: 'capsule',
    make: (c) => ({ type: 'capsule', x1: c.x - 35, y1: c.y + 12, x2: c.x + 35, y2: c.y - 12, r: 18 }),
    c: (a, c) => [`c2d_capsule ${a}k;`, `c2d_capsule_make(${at(c, -35, 12)}, ${at(c, 35, -12)}, 18, &${a}k);`],
    shape: (a) => `c2d_shape_from_capsule(${a}k)`,
    path: (ctx, s) => {
      const t = Math.atan2(s.y2 - s.y1, s.x2 - s.x1);
      ctx.arc(s.x2, s.y2, s.r, t - Math.PI / 2, t + Math.PI / 2);
      ctx.arc(s.x1, s.y1, s.r, t + Math.PI / 2, t + 3 * Math.PI / 2);
      ctx.closePath();
    },
  },
  {
    kind: 'polygon',
    make: (c) => ({ type: 'polygon', points: offset(c, PENTAGON) }),
    js: (c) => `{ type: 'polygon', points: [0, 1, 2, 3, 4].map((i) => ({\n    x: ${c.x} + 40 * Math.cos(i * 1.2566 - 1.5708), y: ${c.y} + 40 * Math.sin(i * 1.2566 - 1.5708) })) }`,
    c: (a, c) => [`c2d_vec2 ${a}v[5] = { ${cpts(offset(c, PENTAGON))} };`, `c2d_polygon ${a}g;`, `c2d_polygon_make(${a}v, 5, &${a}g);`],
    shape: (a) => `c2d_shape_from_polygon(&${a}g)`,
    path: (ctx, s, lib) => polyPath(ctx, lib.hull(s) || []),
  },
  {
    kind: 'roundedPolygon',
    make: (c) => ({ type: 'roundedPolygon', points: offset(c, ROUNDED_BOX), r: 12 }),
    c: (a, c) => [`c2d_vec2 ${a}v[4] = { ${cpts(offset(c, ROUNDED_BOX))} };`, `c2d_rounded_polygon ${a}r;`,
      `c2d_rounded_polygon_make(${a}v, 4, 12, &${a}r);`],
    shape: (a) => `c2d_shape_from_rounded_polygon(&${a}r)`,
    path: (ctx, s, lib) => roundedPath(ctx, lib.hull({ type: 'polygon', points: s.points }) || [], s.r),
  },
  {
    kind: 'ellipse',
    make: (c) => ({ type: 'ellipse', x: c.x, y: c.y, rx: 48, ry: 24, angle: 0.5 }),
    c: (a, c) => [`c2d_ellipse ${a}e;`, `c2d_ellipse_make(${at(c, 0, 0)}, 48, 24, 0.5, &${a}e);`],
    shape: (a) => `c2d_shape_from_ellipse(${a}e)`,
    path: (ctx, s) => ctx.ellipse(s.x, s.y, s.rx, s.ry, s.angle || 0, 0, 2 * Math.PI),
  },
  {
    kind: 'wedge',
    make: (c) => ({ type: 'wedge', x: c.x, y: c.y, r: 48, start: -0.6, end: 2.2 }),
    c: (a, c) => [`c2d_arc ${a}w;`, `c2d_convex_wedge_make(${at(c, 0, 0)}, 48, -0.6, 2.2, &${a}w);`],
    shape: (a) => `c2d_shape_from_wedge(&${a}w)`,
    path: (ctx, s) => { ctx.moveTo(s.x, s.y); ctx.arc(s.x, s.y, s.r, s.start, s.end); ctx.closePath(); },
  },
  {
    kind: 'concave',
    make: (c) => ({ type: 'concave', points: offset(c, L_SHAPE) }),
    // the outline, then its convex pieces in caller storage (at most 6 - 2 of them)
    c: (a, c) => [`c2d_vec2 ${a}v[6] = { ${cpts(offset(c, L_SHAPE))} };`, `c2d_concave ${a}o;`, `c2d_concave_make(${a}v, 6, &${a}o);`,
      `c2d_polygon ${a}p[4];`, `c2d_concave_shape ${a}x;`, `c2d_concave_shape_make(&${a}o, ${a}p, 4, c2d_transform_identity(), &${a}x);`],
    shape: (a) => `c2d_shape_from_concave(&${a}x)`,
    path: (ctx, s) => polyPath(ctx, s.points),
  },
  {
    kind: 'arc',
    make: (c) => ({ type: 'arc', x: c.x, y: c.y, inner: 25, outer: 45, start: 0.3, end: 3.6 }),
    c: (a, c) => [`c2d_arc ${a}x;`, `c2d_arc_shape_make(${at(c, 0, 0)}, 25, 45, 0.3, 3.6, &${a}x);`],
    shape: (a) => `c2d_shape_from_arc(&${a}x)`,
    path: (ctx, s) => {
      ctx.arc(s.x, s.y, s.outer, s.start, s.end);
      if (s.inner > 0) ctx.arc(s.x, s.y, s.inner, s.end, s.start, true);
      else ctx.lineTo(s.x, s.y);
      ctx.closePath();
    },
  },
];

/** The row of a kind name. */
export const KIND_ROW = Object.fromEntries(PAIR_KINDS.map((r) => [r.kind, r]));
/** The JS source of a kind's figure shape around c. */
export const kindJs = (kind, c) => (KIND_ROW[kind].js ? KIND_ROW[kind].js(c) : literal(KIND_ROW[kind].make(c)));
