// What each figure teaches: a few paragraphs of prose (what the test answers, the idea of the
// algorithm, the touching rule and what the seed code gets wrong) and the C calls that give the
// figure's numbers, written with the figure's current values. Keyed by figure id.
//
// The code blocks are fragments of a C function body (declarations, then statements) over
// <collide2d.h>: the browser test checks that every c2d_* name in them is declared in
// include/collide2d/*.h, compiles every block, and runs the LTRB block against the figure.
// Prose is trusted HTML written here (no user input reaches it).

// A number as C source: integers bare, others with up to 3 decimals.
const n = (x) => (Number.isInteger(x) ? String(x) : String(Number(x.toFixed(3))));
const v = (p) => `c2d_v2(${n(p.x)}, ${n(p.y)})`;
const pts = (list) => list.map((p) => `{${n(p.x)}, ${n(p.y)}}`).join(', ');

// The pair explorer's C: each shape made as the figure makes it (A at its handle, B at (220, 150)),
// then the generic calls for two convex shapes, or the concave / arc function the pair has.
const CONVEX = ['point', 'segment', 'aabb', 'circle', 'capsule', 'polygon'];
function makeC(kind, name, c) {
  const at = (dx, dy) => `c2d_v2(${n(c.x + dx)}, ${n(c.y + dy)})`;
  switch (kind) {
    case 'point': return [`c2d_vec2 ${name}p = ${at(0, 0)};`];
    case 'segment': return [`c2d_segment ${name}s = { ${at(-45, 25)}, ${at(45, -25)} };`];
    case 'aabb': return [`c2d_aabb ${name}b;`, `c2d_aabb_from_center(${at(0, 0)}, c2d_v2(40, 28), &${name}b);`];
    case 'circle': return [`c2d_circle ${name}c;`, `c2d_circle_make(${at(0, 0)}, 35, &${name}c);`];
    case 'capsule': return [`c2d_capsule ${name}k;`, `c2d_capsule_make(${at(-35, 12)}, ${at(35, -12)}, 18, &${name}k);`];
    case 'polygon': return [`c2d_polygon ${name}g;   /* pentagon of radius 40 around (${n(c.x)}, ${n(c.y)}): c2d_polygon_make */`];
    case 'concave': return [`c2d_vec2 ${name}v[6] = { ${pts([[-40, -35], [40, -35], [40, -10], [-10, -10], [-10, 35], [-40, 35]].map(([x, y]) => ({ x: c.x + x, y: c.y + y })))} };`,
      `c2d_concave ${name}x;`, `c2d_concave_make(${name}v, 6, &${name}x);`];
    case 'arc': return [`c2d_arc ${name}x;`, `c2d_arc_make(${at(0, 0)}, 25, 45, 0.3, 3.6, &${name}x);`];
    case 'wedge': return [`c2d_arc ${name}x;`, `c2d_wedge_make(${at(0, 0)}, 45, -0.6, 2.2, &${name}x);`];
    default: return [];
  }
}
const VALUE = { point: 'p', segment: 's', aabb: 'b', circle: 'c', capsule: 'k' };
function pairCode(kindA, kindB, ca, cb, d) {
  const lines = [...makeC(kindA, 'a', ca), ...makeC(kindB, 'b', cb)];
  if (CONVEX.includes(kindA) && CONVEX.includes(kindB)) {
    const from = (kind, name) => (kind === 'polygon' ? `c2d_shape_from_polygon(&${name}g)` : `c2d_shape_from_${kind}(${name}${VALUE[kind]})`);
    lines.push(`c2d_shape a = ${from(kindA, 'a')};`, `c2d_shape b = ${from(kindB, 'b')};`,
      'bool overlap = c2d_shape_overlap(&a, &b);', 'c2d_hit hit;', 'bool hit_ok = c2d_shape_hit(&a, &b, &hit);',
      'c2d_manifold m = c2d_shape_manifold(&a, &b);', 'c2d_distance_result d = c2d_shape_distance(&a, &b);   /* GJK */',
      `c2d_sweep sw = c2d_shape_cast(&a, c2d_v2(${n(d.x)}, ${n(d.y)}), &b, c2d_v2(0, 0));`);
    return lines.join('\n');
  }
  // One shape is concave, an arc or a wedge: overlap is symmetric, so the special shape goes first.
  const [k1, n1, k2, n2] = CONVEX.includes(kindA) ? [kindB, 'b', kindA, 'a'] : [kindA, 'a', kindB, 'b'];
  let call = null;
  if (k1 === 'concave') {
    if (k2 === 'concave') call = `c2d_concave_overlap_concave(&${n1}x, &${n2}x)`;
    else if (k2 === 'polygon') call = `c2d_concave_overlap_polygon(&${n1}x, &${n2}g)`;
    else if (k2 === 'aabb') { lines.push(`c2d_polygon ${n2}g = c2d_polygon_from_aabb(${n2}b);`); call = `c2d_concave_overlap_polygon(&${n1}x, &${n2}g)`; }
    else if (k2 === 'circle') call = `c2d_concave_overlap_circle(&${n1}x, ${n2}c)`;
    else if (k2 === 'segment') call = `c2d_concave_overlap_segment(&${n1}x, ${n2}s)`;
    else if (k2 === 'point') call = `c2d_concave_contains_point(&${n1}x, ${n2}p)`;
  } else if (k2 === 'point') call = `c2d_arc_contains_point(&${n1}x, ${n2}p)`;
  lines.push(call ? `bool overlap = ${call};` : `/* no overlap test for ${kindA} and ${kindB}: only points against an arc or a wedge */`);
  return lines.join('\n');
}

export const TEACH = {
  'article-point': {
    prose: [
      '<b>Answers:</b> is the point strictly inside the box, and if so, what is the shortest move that takes it out?',
      '<b>Idea:</b> measure how far the point is from the box center on each axis. The box reaches half its width on x and half its height on y, so the point is inside by <i>half &minus; |d|</i> on each axis. The smaller of the two is the way out: the point leaves through that edge, the normal points along that axis, and <code>hit.delta</code> is the push.',
      '<b>Boundary:</b> a point exactly on an edge is outside (open interior), so it gets no hit and no zero-length push.',
    ],
    code: (h) => `c2d_aabb box;
c2d_aabb_from_center(c2d_v2(150, 120), c2d_v2(70, 45), &box);
c2d_hit hit;
if (c2d_point_hit_aabb(${v(h.p)}, box, &hit)) {
    /* hit.pos: on the nearest edge; hit.delta: moves the point out */
}`,
    js: 'lib.hit({ type: "point", x, y }, box)',
  },
  'article-segment': {
    prose: [
      '<b>Answers:</b> where does the segment first enter the box? <code>hit.time</code> is the fraction of the segment at the entry point.',
      '<b>Idea: the slab test.</b> A box is where two slabs cross: the band between its left and right edges and the band between its top and bottom. For each axis compute the fractions where the segment crosses the two edge lines; the later of the two entries and the earlier of the two exits bound the part of the segment inside the box. It enters when <i>entry &lt; exit</i> and the entry lies within the segment. Padding grows the box by a half size on each side, which turns a moving box into a moving point (see the sweep below).',
      '<b>Pitfall we fix:</b> the article divides by the direction (<code>scale = 1 / delta</code>). A segment parallel to an axis has <code>delta = 0</code>, so <code>scale = &infin;</code>, and when it lies exactly on an edge line the distance to that edge is 0: <code>0 &middot; &infin;</code> is NaN, and every comparison with NaN is false, so the answer depends on the order of the tests. collide2d treats a zero direction on an axis on its own: the segment is either strictly inside that slab or never in it. Press <i>along an edge</i>: running along the box\'s top edge is touching, no hit, and no NaN anywhere.',
    ],
    code: (h) => `c2d_aabb box;
c2d_aabb_from_center(c2d_v2(160, 120), c2d_v2(55, 35), &box);
c2d_segment s = { ${v(h.p1)}, ${v(h.p2)} };
c2d_hit hit;
bool entered = c2d_aabb_raycast_padded(box, c2d_v2(0, 0),
                                       c2d_segment_cast_input(s), &hit);
/* hit.time: fraction of s at the entry; hit.delta: s.p2 back to hit.pos */`,
    js: 'lib.aabbSegmentPadded(box, p1, delta, { x: 0, y: 0 })',
  },
  'article-aabb': {
    prose: [
      '<b>Answers:</b> do the two boxes overlap, and what is the smallest move of A that separates them?',
      '<b>Idea: separating axes.</b> Two boxes are apart exactly when their shadows on the x axis or on the y axis are apart. On each axis the shadows overlap by <i>(half A + half B) &minus; |center distance|</i>; if both amounts are positive the boxes overlap, and the smaller amount, along its axis, is the push-out (dashed: A + delta). A box inside the other overlaps on both axes, so containment needs no special case.',
      '<b>Boundary:</b> boxes that share an edge overlap by 0 on one axis: touching, no hit.',
    ],
    code: (h) => `c2d_aabb a, b;
c2d_aabb_from_center(${v(h.a)}, c2d_v2(35, 25), &a);
c2d_aabb_from_center(c2d_v2(170, 140), c2d_v2(60, 45), &b);
c2d_hit hit;
if (c2d_aabb_hit_aabb(a, b, &hit)) {
    /* hit.normal: from B toward A; add hit.delta to A to separate */
}`,
    js: 'lib.hit(a, b)',
  },
  'article-sweep': {
    prose: [
      '<b>Answers:</b> A moves by a delta; when does it first touch B, and where can it safely stop?',
      '<b>Idea: the Minkowski sum.</b> Grow B by A\'s half size on every side and shrink A to its center point: A\'s box touches B exactly when its center touches the grown box. The move of A is then a segment against a box, and the slab test above gives the time of first contact (<code>sweep.hit.time</code>). <code>sweep.time</code> backs off by a tiny margin so that A at <code>sweep.pos</code> is clear of B, not touching it.',
      '<b>Boundary:</b> sliding along B or moving away from it is no hit; starting on B\'s edge and moving into it is a hit at time 0; starting inside gives time 0 with the push-out normal.',
    ],
    code: (h) => `c2d_aabb a, b;
c2d_aabb_from_center(${v(h.a)}, c2d_v2(22, 16), &a);
c2d_aabb_from_center(c2d_v2(170, 130), c2d_v2(40, 30), &b);
c2d_sweep sw = c2d_aabb_sweep_aabb(a, c2d_v2(${n(h.d.x - h.a.x)}, ${n(h.d.y - h.a.y)}), b);
if (sw.has_hit) {
    /* sw.hit.time: first contact; sw.pos: A's center where it stops */
}`,
    js: 'lib.sweepAABB(a, delta, b)',
  },
  'article-sweep-into': {
    prose: [
      '<b>Answers:</b> A moves through several static boxes; which one does it hit first, and where does it stop?',
      '<b>Idea:</b> sweep A against each static as above and keep the earliest hit. When two statics are hit at the same time the one with the smallest corners wins, so the answer does not depend on the array order. For many statics, ask a broad phase (below) for the boxes near the path first.',
      '<b>Boundary:</b> as the single sweep: grazing a static or sliding along it is no hit.',
    ],
    code: (h) => `c2d_aabb a, statics[5];   /* each made with c2d_aabb_from_center */
c2d_aabb_from_center(${v(h.a)}, c2d_v2(15, 15), &a);
int index;                 /* the static hit, or -1 */
c2d_sweep sw = c2d_aabb_sweep_into(a, c2d_v2(${n(h.d.x - h.a.x)}, ${n(h.d.y - h.a.y)}),
                                   statics, 5, &index);`,
    js: 'lib.sweepAABBInto(a, delta, statics)',
  },
  rects: {
    prose: [
      '<b>Answers:</b> given as left, top, right, bottom (y down), do two rectangles overlap, does one contain the other, or do they only touch?',
      '<b>Idea:</b> two rectangles overlap exactly when A starts before B ends and B starts before A ends, on both axes: <code>a.left &lt; b.right &amp;&amp; b.left &lt; a.right &amp;&amp; a.top &lt; b.bottom &amp;&amp; b.top &lt; a.bottom</code>. Those four comparisons cover every case: partial overlap, one inside the other, and a cross where neither has a corner in the other. Containment is a separate question (<code>c2d_aabb_contains</code>: every edge of B within A). Touching is when the closed rectangles meet but the open ones do not: an edge or a corner in common.',
      '<b>What the tutorial gets wrong:</b> it asks whether an edge of r2 lies between r1\'s edges. That misses r1 wholly inside r2 (no edge of r2 is inside r1) and the cross; its fix for containment starts <code>isContainsCollision</code> at True, so every pair "collides"; and its vertical check sets <code>isVerticalCollision = False</code> where it means True, so an r2 that overlaps r1 from above (only its bottom edge inside r1) is never seen. Try the buttons.',
    ],
    code: (h, s) => `c2d_aabb a, b;   /* left, top, right, bottom; y down */
c2d_aabb_from_ltrb(${s.a.join(', ')}, &a);
c2d_aabb_from_ltrb(${s.b.join(', ')}, &b);
bool overlap = c2d_aabb_overlap_aabb(a, b);   /* open interiors meet */
bool a_has_b = c2d_aabb_contains(a, b);       /* b within a, edges may meet */
bool b_has_a = c2d_aabb_contains(b, a);
bool meet = a.lower.x <= b.upper.x && b.lower.x <= a.upper.x &&
            a.lower.y <= b.upper.y && b.lower.y <= a.upper.y;
bool touching = meet && !overlap;             /* an edge or a corner only */`,
    js: 'lib.overlap({ type: "aabb", minX: left, minY: top, maxX: right, maxY: bottom }, b)',
  },
  mdn: {
    prose: [
      '<b>Answers:</b> how far can the entity move toward where the keys (or your finger) send it, and what did it bump into?',
      '<b>Idea:</b> MDN\'s demo moves the entity, then tests it against all 100 statics and reports an overlap after the fact. Here the statics sit in the world\'s static tree (a broad phase), and each move is a swept cast: the entity stops at the first contact and the slide response spends the rest of the motion along the surface, so it never ends inside a static. Four static walls just outside the canvas keep it in.',
      '<b>Boundary:</b> touching is not a collision, so an entity resting against a static after a move is clear of it, and the next move along that static slides freely.',
    ],
    code: (h, s) => `c2d_world *w;
c2d_world_create(NULL, &w);
c2d_aabb box20;
c2d_aabb_make(c2d_v2(0, 0), c2d_v2(20, 20), &box20);
c2d_collider_def def = {0};
def.shape = c2d_shape_from_aabb(box20);             /* local frame */
def.transform = c2d_transform_make(c2d_v2(${n(s.entity.x)}, ${n(s.entity.y)}), 0);
c2d_collider_id entity;
c2d_world_add(w, &def, &entity);   /* statics: flags = C2D_COLLIDER_STATIC */
int32_t events;
c2d_world_update(w, NULL, &events);
c2d_move_result r;                  /* NULL input: slide */
c2d_world_move(w, entity, c2d_v2(${n(s.entity.x + 5)}, ${n(s.entity.y)}), NULL, &r);
/* r.position: where it stopped; r.total: what it bumped into */`,
    js: 'world.move(entity, { x, y })',
  },
  bump: {
    prose: [
      '<b>Answers:</b> one move from the box to the goal, four ways to react to what is in the way (bump.lua\'s responses).',
      '<b>Idea:</b> the move casts A along its path and finds the first collider; a filter names the response for that collider. <i>touch</i> stops there, <i>cross</i> goes through and records it, <i>slide</i> keeps the part of the remaining motion along the surface, <i>bounce</i> reflects it. Each response starts a new leg from the contact, until the goal is reached or nothing is left. <code>c2d_world_check</code> computes the move without moving anything; <code>c2d_world_move</code> also places the collider.',
      '<b>Boundary:</b> a leg that ends touching a static is clear of it; the next leg may slide along it.',
    ],
    code: (h) => `c2d_world *w;           /* the statics, as in the MDN figure */
c2d_collider_id a;      /* the moving box */
c2d_move_filter_fn respond;   /* returns C2D_RESPONSE_SLIDE (or TOUCH, CROSS, BOUNCE) */
c2d_move_collision hits[8];
c2d_move_input in = {0};
in.filter = respond;
in.collisions = hits;
in.capacity = 8;
c2d_move_result r;
c2d_world_check(w, a, ${v(h.g)}, &in, &r);   /* nothing moves */`,
    js: 'world.check(a, goal, "slide")',
  },
  'snip-circles': {
    prose: [
      '<b>Answers:</b> do two circles overlap, and how far apart must A move?',
      '<b>Idea:</b> they overlap when the centers are closer than the sum of the radii. Compare squared lengths, <i>dx&sup2; + dy&sup2; &lt; (ra + rb)&sup2;</i>, so no square root is needed for the yes/no. The push-out runs along the line of centers by the overlap amount.',
      '<b>Boundary:</b> the snippet uses <code>&lt;=</code>, so touching circles collide there; in collide2d they do not.',
    ],
    code: (h) => `c2d_circle a, b;
c2d_circle_make(${v(h.a)}, 45, &a);
c2d_circle_make(c2d_v2(200, 130), 55, &b);
bool overlap = c2d_circle_overlap_circle(a, b);   /* |ab| < ra + rb */
c2d_hit hit;
c2d_circle_hit_circle(a, b, &hit);   /* push A out along the centers */`,
    js: 'lib.overlap(a, b); lib.hit(a, b)',
  },
  'snip-rects': {
    prose: [
      '<b>Answers:</b> do two rectangles given as <code>{x, y, width, height}</code> overlap?',
      '<b>Idea:</b> the same separating-axis test as the boxes above: apart when one ends before the other starts on x or on y. The corner-and-size form becomes a box with <code>c2d_aabb_from_corner</code>.',
      '<b>Boundary:</b> the snippet\'s <code>!(r1.x &gt; r2.x + r2.width || &hellip;)</code> counts shared edges as a collision; collide2d counts them as touching.',
    ],
    code: (h) => `c2d_aabb a, b;
c2d_aabb_from_corner(${v(h.a)}, 90, 60, &a);   /* x, y, width, height */
c2d_aabb_from_corner(c2d_v2(140, 100), 120, 90, &b);
bool overlap = c2d_aabb_overlap_aabb(a, b);`,
    js: 'lib.overlap({ type: "rect", x, y, width, height }, b)',
  },
  'snip-rect-circle': {
    prose: [
      '<b>Answers:</b> does a circle overlap a rectangle?',
      '<b>Idea: the closest point.</b> Clamp the circle\'s center into the box: that is the point of the box nearest the center. The shapes overlap when it is closer than the radius. Inside the box the clamp returns the center itself, so a circle inside the box counts too.',
      '<b>Pitfall we fix:</b> after measuring <code>dx</code> from the box\'s center, the snippet compares it with the full <code>rect.width</code> where the half width belongs, and subtracts the full width before the corner test, so near a corner it says "colliding" while the circle is still clear. It also uses <code>&lt;=</code> (touching collides).',
    ],
    code: (h) => `c2d_circle c;
c2d_aabb r;
c2d_circle_make(${v(h.a)}, 35, &c);
c2d_aabb_from_corner(c2d_v2(70, 80), 130, 90, &r);
bool overlap = c2d_aabb_overlap_circle(r, c);   /* box first */
c2d_shape sc = c2d_shape_from_circle(c), sr = c2d_shape_from_aabb(r);
c2d_hit hit;
c2d_shape_hit(&sc, &sr, &hit);   /* pushes the circle out */`,
    js: 'lib.overlap(circle, rect); lib.hit(circle, rect)',
  },
  'snip-segment-circle': {
    prose: [
      '<b>Answers:</b> does a segment pass through a circle?',
      '<b>Idea: the closest point.</b> Project the center onto the segment\'s line and clamp the fraction to [0, 1]: that is the point of the segment nearest the center. They overlap when it is closer than the radius, so a segment wholly inside the circle counts.',
      '<b>Boundary:</b> a segment tangent to the circle touches it: no overlap.',
    ],
    code: (h) => `c2d_segment s = { ${v(h.p1)}, ${v(h.p2)} };
c2d_circle c;
c2d_circle_make(c2d_v2(160, 120), 50, &c);
bool overlap = c2d_segment_overlap_circle(s, c);
c2d_hit hit;
c2d_segment_hit_circle(s, c, &hit);   /* pushes the segment out */`,
    js: 'lib.overlap(segment, circle)',
  },
  'snip-segment-rect': {
    prose: [
      '<b>Answers:</b> does a segment pass through a rectangle, and where does it first enter?',
      '<b>Idea:</b> the slab test of the article\'s segment figure: the part of the segment inside both slabs is not empty. The ray cast gives the first entry (cyan dot).',
      '<b>Pitfall we fix:</b> the snippet tests the segment against the four sides only, so a segment wholly inside the rectangle crosses no side and is missed. The slab test needs no crossing: it counts that segment. Running along a side is touching.',
    ],
    code: (h) => `c2d_segment s = { ${v(h.p1)}, ${v(h.p2)} };
c2d_aabb r;
c2d_aabb_from_corner(c2d_v2(100, 80), 110, 80, &r);
bool overlap = c2d_segment_overlap_aabb(s, r);
c2d_hit entry;
bool enters = c2d_aabb_raycast(r, c2d_segment_cast_input(s), &entry);`,
    js: 'lib.overlap(segment, rect); lib.raycast(rect, { origin, translation, maxFraction: 1 })',
  },
  'snip-segments': {
    prose: [
      '<b>Answers:</b> do two segments meet, and where?',
      '<b>Idea: orientation.</b> The segments cross when the ends of each lie on opposite sides of the other\'s line; which side is the sign of a cross product (<code>c2d_orient2d</code>, computed exactly, so nearly parallel segments get the right answer). The point is then found along A by the ratio of two cross products.',
      '<b>Boundary:</b> a segment has no interior, so it counts as its closed self: a shared endpoint or a T-junction is a meeting. The seed\'s usage example says its two segments meet, but they do not: their lines cross beyond the end of the second one.',
    ],
    code: (h) => `c2d_segment a = { ${v(h.p1)}, ${v(h.p2)} };
c2d_segment b = { ${v(h.p3)}, ${v(h.p4)} };
c2d_vec2 p;
c2d_real t;
bool meet = c2d_segment_intersect_segment(a, b, &p, &t);   /* t along a */`,
    js: 'lib.segmentIntersection(a, b)',
  },
  'snip-convex': {
    prose: [
      '<b>Answers:</b> do two convex polygons overlap, and where are the contact points?',
      '<b>Idea: the separating axis theorem.</b> Two convex shapes are apart exactly when some line separates them, and for polygons it is enough to try the directions of their edge normals: project both polygons on each normal and look for a gap. With no gap anywhere, the normal with the least overlap is the push-out. The manifold (green dots) takes the face along that normal and clips the other polygon\'s nearest edge against it, giving up to two points.',
      '<b>Boundary:</b> polygons that share an edge have a zero gap on its normal: touching, no hit. Any point cloud can go in: <code>c2d_polygon_make</code> takes its convex hull.',
    ],
    code: (h) => `c2d_vec2 pa[3] = { ${pts([{ x: h.a.x - 40, y: h.a.y - 30 }, { x: h.a.x + 50, y: h.a.y - 10 }, { x: h.a.x + 10, y: h.a.y + 45 }])} };
c2d_vec2 pb[5] = { {170, 90}, {230, 100}, {250, 160}, {200, 210}, {140, 170} };
c2d_polygon a, b;
c2d_polygon_make(pa, 3, &a);   /* any point cloud: its convex hull */
c2d_polygon_make(pb, 5, &b);
bool overlap = c2d_polygon_overlap_polygon(&a, &b);
c2d_manifold m = c2d_polygon_manifold_polygon(&a, &b);   /* m.count points */`,
    js: 'lib.overlap(a, b); lib.manifold(a, b)',
  },
  'snip-concave': {
    prose: [
      '<b>Answers:</b> does a box overlap a concave (U-shaped) polygon?',
      '<b>Idea:</b> the separating axis theorem needs convex shapes, so a concave polygon is tested another way: if an edge of one shape reaches into the open interior of the other, they overlap; if none does, the outlines do not cross, so they overlap only when one lies inside the other, and one vertex decides that (the crossing rule: a ray from a point inside crosses the outline an odd number of times). The world splits concave polygons into convex pieces instead (<code>c2d_concave_decompose</code>).',
      '<b>Pitfall we fix:</b> the snippet tests edges only, so a box wholly inside an arm of the U, crossing no edge, is missed; collide2d counts it. A box in the notch, clear of the U, does not collide.',
    ],
    code: (h) => `c2d_vec2 u[8] = { {60, 40}, {110, 40}, {110, 170}, {190, 170},
                  {190, 40}, {240, 40}, {240, 220}, {60, 220} };
c2d_concave shape;
c2d_concave_make(u, 8, &shape);   /* u must outlive shape */
c2d_aabb box;
c2d_aabb_from_center(${v(h.a)}, c2d_v2(30, 20), &box);
c2d_polygon p = c2d_polygon_from_aabb(box);
bool overlap = c2d_concave_overlap_polygon(&shape, &p);`,
    js: 'lib.overlap(concave, box)',
  },
  'snip-arc': {
    prose: [
      '<b>Answers:</b> is a point inside an annular sector (a ring cut to an angle range)?',
      '<b>Idea:</b> two tests. The distance from the center lies strictly between the radii (compared squared), and the direction lies strictly inside the angle range, which two cross products with the start and end directions decide, with no <code>atan2</code> and no wrap-around at 2&pi;.',
      '<b>Boundary:</b> the seed\'s test uses <code>&gt;=</code> and <code>&lt;=</code>, so points on the rim or on a cut edge are inside there; collide2d\'s open interior puts them outside. On this y-down screen the angles run clockwise.',
    ],
    code: (h) => `c2d_arc arc;   /* center, inner and outer radius, start and end angle */
c2d_arc_make(c2d_v2(150, 110), 75, 100, 0, 3.14159265358979, &arc);
bool inside = c2d_arc_contains_point(&arc, ${v(h.p)});`,
    js: 'lib.containsPoint(arc, x, y)',
  },
  'snip-wedge': {
    prose: [
      '<b>Answers:</b> is a point inside a wedge (a pie slice)?',
      '<b>Idea:</b> a wedge is an arc whose inner radius is 0: closer than the radius to the center, and inside the angle range by the same two cross products.',
      '<b>Boundary:</b> the center and the two straight edges are boundary, so they are outside.',
    ],
    code: (h) => `c2d_arc wedge;
c2d_wedge_make(c2d_v2(150, 110), 100, 0, 3.14159265358979, &wedge);
bool inside = c2d_arc_contains_point(&wedge, ${v(h.p)});`,
    js: 'lib.containsPoint(wedge, x, y)',
  },
  'snip-point-circle': {
    prose: [
      '<b>Answers:</b> is a point inside a circle?',
      '<b>Idea:</b> its squared distance to the center is less than the squared radius.',
      '<b>Boundary:</b> strict: a point on the circle is outside.',
    ],
    code: (h) => `c2d_circle c;
c2d_circle_make(c2d_v2(150, 120), 80, &c);
bool inside = c2d_circle_contains_point(c, ${v(h.p)});`,
    js: 'lib.containsPoint(circle, x, y)',
  },
  'snip-point-rect': {
    prose: [
      '<b>Answers:</b> is a point inside a rectangle?',
      '<b>Idea:</b> left &lt; x &lt; right and top &lt; y &lt; bottom.',
      '<b>Boundary:</b> strict on all four sides: a point on an edge is outside.',
    ],
    code: (h) => `c2d_aabb r;
c2d_aabb_from_corner(c2d_v2(60, 60), 150, 120, &r);
bool inside = c2d_aabb_contains_point(r, ${v(h.p)});`,
    js: 'lib.containsPoint(rect, x, y)',
  },
  pairs: {
    prose: [
      '<b>Answers:</b> every query for any two shapes, through the generic entry points.',
      '<b>Idea:</b> a <code>c2d_shape</code> holds any convex shape; the generic calls look the pair up in one table and call the pair function (a reversed pair is the same function with the result flipped). Distance uses <b>GJK</b>: it walks the Minkowski difference of the two shapes (every point of A minus every point of B) with support points, toward the point nearest the origin; that distance is the gap. The linear cast moves A along the dashed line and finds the first time the Minkowski difference reaches the moving point.',
      '<b>Boundary:</b> shapes that touch do not overlap, have no hit and distance 0; a cast that starts touching and moves away is no hit.',
    ],
    code: (h, st) => pairCode(st.kindA || 'circle', st.kindB || 'polygon', h.a, { x: 220, y: 150 }, { x: h.d.x - h.a.x, y: h.d.y - h.a.y }),
    js: 'lib.overlap(a, b); lib.hit(a, b); lib.manifold(a, b); lib.distance(a, b); lib.cast(a, d, b)',
  },
  broadphase: {
    prose: [
      '<b>Answers:</b> which of many moving bodies touch, without testing every pair (2,000 bodies make two million pairs)?',
      '<b>Idea: a broad phase.</b> Each body\'s bounding box goes into a uniform grid of cells about one body across; only boxes that share a cell can overlap, so each step asks the grid for the overlapping box pairs and runs the exact shape test on those alone. A box that moves within the same cells costs one comparison.',
      '<b>Boundary:</b> a pair whose boxes overlap but whose shapes only touch or miss (two circles near their corners) is dropped by the exact test.',
    ],
    code: () => `c2d_index_config cfg = {0};
cfg.cell_size = 36;
c2d_index *grid;
c2d_grid_create(&cfg, &grid);
c2d_aabb box;      /* a body's bounding box */
int32_t id;
c2d_index_insert(grid, box, 0, &id);   /* once per body */
c2d_index_move(grid, id, box);         /* after it moved */
const c2d_index_pair *pairs;
int32_t count;
c2d_index_find_pairs(grid, &pairs, &count);
/* then the exact test per pair, e.g. c2d_shape_overlap */`,
    js: 'bodies.collide()',
  },
  platformer: {
    prose: [
      '<b>Answers:</b> how does a game character walk, jump and land on a level made of many separate tiles, slopes and platforms?',
      '<b>Idea:</b> each step the game asks the mover for one translation (input plus gravity). The mover casts the character\'s shape, stops a skin gap short of what it meets, and slides the rest of the motion along the surface; a surface is ground, wall or ceiling by its normal and the maximum slope. It steps up low steps, snaps down to the ground when walking down, and is carried by the platform it stands on.',
      '<b>Boundary:</b> the skin keeps the character just off every surface (touching is not a collision), so the seams between tiles never snag it.',
    ],
    code: () => `c2d_world *w;   /* the level, one collider per tile */
c2d_collider_id body;
c2d_mover player;
c2d_mover_config cfg = {0};
cfg.skin = 0.02;
cfg.step_height = 0.45;
cfg.snap_distance = 0.5;
c2d_mover_init(&player, w, body, &cfg);
c2d_mover_input in = {0};
in.translation = c2d_v2(6.0 / 60, -0.5);   /* run and gravity, one step */
c2d_mover_result r;
c2d_mover_move(&player, w, &in, NULL, 0, &r);
/* r.grounded: standing; r.position: where it ended */`,
    js: 'player.move(dx, dy)',
  },
};

// Appends the prose and the code block (an empty <code>, filled by renderCode) to el.
export function teachBlock(el, id) {
  const t = TEACH[id];
  if (!t) return null;
  const div = document.createElement('div');
  div.className = 'teach';
  div.innerHTML = t.prose.map((p) => `<p>${p}</p>`).join('') +
    '<pre class="code" aria-label="C code"><code class="language-c"></code></pre>' +
    (t.js ? '<p class="js">JS: <code></code></p>' : '');
  if (t.js) div.querySelector('.js code').textContent = t.js;
  el.appendChild(div);
  return div.querySelector('pre.code code');
}

// Writes the figure's C code with its current values.
export function renderCode(codeEl, id, handles, state) {
  const t = TEACH[id];
  if (codeEl && t) codeEl.textContent = t.code(handles, state || {});
}
