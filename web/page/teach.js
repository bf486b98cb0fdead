// What each figure teaches: a few paragraphs of prose (what the test answers, the idea of the
// algorithm, the touching rule and what the seed code gets wrong) and the C calls that give the
// figure's numbers, written with the figure's current values. Keyed by figure id.
//
// The C blocks are fragments of a C function body (declarations, then statements) over
// <collide2d.h>: the browser test checks that every c2d_* name in them is declared in
// include/collide2d/*.h, compiles every block, and runs the LTRB block against the figure.
// The JS blocks (JS, below) make the same queries through the npm package; the browser test runs
// each one in the page and compares its results with the figure's.
// Prose is trusted HTML written here (no user input reaches it).

import { KIND_ROW, kindJs } from './kinds.js';

// A number as C source: integers bare, others with up to 3 decimals.
const n = (x) => (Number.isInteger(x) ? String(x) : String(Number(x.toFixed(3))));
const v = (p) => `c2d_v2(${n(p.x)}, ${n(p.y)})`;
const pts = (list) => list.map((p) => `{${n(p.x)}, ${n(p.y)}}`).join(', ');

// The pair explorer's C: each shape made as the figure makes it (A at its handle, B at (220, 150)),
// then the generic calls for two kinds of c2d_shape, or the arc function the pair has.
// The kinds' C comes from their rows in ./kinds.js.
const inShape = (kind) => !!KIND_ROW[kind].shape;
const makeC = (kind, name, c) => KIND_ROW[kind].c(name, c);
function pairCode(kindA, kindB, ca, cb, d) {
  const lines = [...makeC(kindA, 'a', ca), ...makeC(kindB, 'b', cb)];
  if (inShape(kindA) && inShape(kindB)) {
    lines.push(`c2d_shape a = ${KIND_ROW[kindA].shape('a')};`, `c2d_shape b = ${KIND_ROW[kindB].shape('b')};`,
      'bool overlap = c2d_shape_overlap(&a, &b);', 'c2d_hit hit;', 'bool hit_ok = c2d_shape_hit(&a, &b, &hit);',
      'c2d_manifold m = c2d_shape_manifold(&a, &b);', 'c2d_distance_result d = c2d_shape_distance(&a, &b);   /* GJK */',
      `c2d_sweep sw = c2d_shape_cast(&a, c2d_v2(${n(d.x)}, ${n(d.y)}), &b, c2d_v2(0, 0));`);
    return lines.join('\n');
  }
  // One shape is an arc (outside c2d_shape): overlap is symmetric, so the arc goes first.
  const [k1, n1, k2, n2] = inShape(kindA) ? [kindB, 'b', kindA, 'a'] : [kindA, 'a', kindB, 'b'];
  let call = null;
  if (k1 === 'arc' && k2 === 'point') call = `c2d_arc_contains_point(&${n1}x, ${n2}p)`;
  lines.push(call ? `bool overlap = ${call};` : `/* no overlap test for ${kindA} and ${kindB} */`);
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
  },
  mdn: {
    prose: [
      '<b>Answers:</b> how far can the entity move toward where the keys (or your finger) send it, and what did it bump into?',
      '<b>Idea:</b> MDN\'s demo moves the entity, then tests it against all 100 statics and reports an overlap after the fact. Here the statics sit in the world\'s static tree (a broad phase), and each move is a swept cast: the entity stops at the first contact and the slide response spends the rest of the motion along the surface, so it never ends inside a static. Four static walls just outside the canvas keep it in.',
      '<b>Boundary:</b> touching is not a collision, so an entity resting against a static after a move is clear of it, and the next move along that static slides freely.',
    ],
    code: (h, s) => `c2d_world *w;
c2d_world_create(NULL, &w);
${s.mode === 'circle' ? `c2d_circle shape;
c2d_circle_make(c2d_v2(10, 10), 10, &shape);
c2d_collider_def def = {0};
def.shape = c2d_shape_from_circle(shape);           /* local frame */` : `c2d_aabb box20;
c2d_aabb_make(c2d_v2(0, 0), c2d_v2(20, 20), &box20);
c2d_collider_def def = {0};
def.shape = c2d_shape_from_aabb(box20);             /* local frame */`}
def.transform = c2d_transform_make(${v(s.from || s.entity)}, 0);
c2d_collider_id entity;
c2d_world_add(w, &def, &entity);   /* statics: flags = C2D_COLLIDER_STATIC */
int32_t events;
c2d_world_update(w, NULL, &events);
c2d_move_result r;                  /* NULL input: slide */
c2d_world_move(w, entity, ${s.goal ? v(s.goal) : v({ x: s.entity.x + 5, y: s.entity.y })}, NULL, &r);
/* r.position: where it stopped; r.total: what it bumped into */`,
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
  },
  pairs: {
    prose: [
      '<b>Answers:</b> every query for any two shapes, through the generic entry points.',
      '<b>Idea:</b> a <code>c2d_shape</code> holds any convex shape; the generic calls look the pair up in one table and call the pair function (a reversed pair is the same function with the result flipped). Distance uses <b>GJK</b>: it walks the Minkowski difference of the two shapes (every point of A minus every point of B) with support points, toward the point nearest the origin; that distance is the gap. The linear cast moves A along the dashed line and finds the first time the Minkowski difference reaches the moving point. An ellipse or a wedge has a curved side and no polygon core: its pairs go through the <b>support-function path</b> (GJK on support points for overlap, hit, manifold and distance; conservative advancement for the cast), within <code>C2D_ELLIPSE_TOLERANCE</code> of the pair\'s size; a rounded polygon is a polygon core with a radius, as a capsule is a segment with one.',
      '<b>Boundary:</b> shapes that touch do not overlap, have no hit and distance 0; a cast that starts touching and moves away is no hit.',
    ],
    code: (h, st) => pairCode(st.kindA || 'circle', st.kindB || 'polygon', h.a, { x: 220, y: 150 }, { x: h.d.x - h.a.x, y: h.d.y - h.a.y }),
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
  },
};

// ---- the JS beside the C, with the same values ----
// Each block is JS over the npm package (lib = await load()); it builds the figure's shapes from
// their current values and makes the figure's queries. The browser test runs every block in the page
// with `lib` in scope (and `statics`, the MDN figure's seeded positions) and checks that each
// `const name = lib.<query>(...)` gives, in order, what the figure computed and shows.
const j = (x) => String(x);   // every digit: the block must reproduce the figure's numbers exactly
const jv = (p) => `{ x: ${j(p.x)}, y: ${j(p.y)} }`;
const jd = (p, q) => jv({ x: q.x - p.x, y: q.y - p.y });
const jbox = (cx, cy, hx, hy) => `{ type: 'aabb', minX: ${j(cx - hx)}, minY: ${j(cy - hy)}, maxX: ${j(cx + hx)}, maxY: ${j(cy + hy)} }`;
const jrect = (x, y, w, h) => `{ type: 'rect', x: ${j(x)}, y: ${j(y)}, width: ${j(w)}, height: ${j(h)} }`;
const jcirc = (x, y, r) => `{ type: 'circle', x: ${j(x)}, y: ${j(y)}, r: ${j(r)} }`;
const jseg = (p, q) => `{ type: 'segment', x1: ${j(p.x)}, y1: ${j(p.y)}, x2: ${j(q.x)}, y2: ${j(q.y)} }`;
const jpts = (list) => `[${list.map(jv).join(', ')}]`;
const jltrb = (r) => `{ type: 'aabb', minX: ${j(r[0])}, minY: ${j(r[1])}, maxX: ${j(r[2])}, maxY: ${j(r[3])} }`;
// The pair explorer's shapes, as page.js makeShape builds them around c (./kinds.js).
const makeJs = kindJs;
const PAIR_CALLS = { overlap: 'lib.overlap(a, b)', hit: 'lib.hit(a, b)', manifold: 'lib.manifold(a, b)', distance: 'lib.distance(a, b)   // GJK', cast: 'lib.cast(a, d, b)' };
// A figure whose two shapes get overlap and hit (the snippets' pair figures), then `more` lines.
const jsPair = (a, b, more = '') => `const a = ${a};\nconst b = ${b};\nconst overlap = lib.overlap(a, b);\nconst hit = lib.hit(a, b);   // null, or { pos, normal, delta, time }: delta moves a out${more}`;
const jsContains = (shape) => (h) => `const shape = ${shape};\nconst inside = lib.containsPoint(shape, ${j(h.p.x)}, ${j(h.p.y)});`;
const MDN_WALLS = [[-50, -50, 590, 0], [-50, 540, 590, 590], [-50, 0, 0, 540], [540, 0, 590, 540]];
const BUMP_STATICS = [
  `{ type: 'aabb', minX: -30, minY: -40, maxX: 30, maxY: 40 }, { x: 190, y: 120, static: true }`,
  `{ type: 'circle', x: 0, y: 0, r: 26 }, { x: 300, y: 70, static: true }`,
  `{ type: 'polygon', points: [{ x: -35, y: -12 }, { x: 35, y: -12 }, { x: 0, y: 22 }] },\n          { x: 320, y: 200, angle: 0.4, static: true }`,
  `{ type: 'aabb', minX: -160, minY: -8, maxX: 160, maxY: 8 }, { x: 200, y: 262, static: true }`,
];

export const JS = {
  'article-point': (h) => `const box = ${jbox(150, 120, 70, 45)};
const hit = lib.hit({ type: 'point', x: ${j(h.p.x)}, y: ${j(h.p.y)} }, box);   // null: outside or on an edge`,
  'article-segment': (h) => `const box = ${jbox(160, 120, 55, 35)};
// the segment from its start by its delta, padding 0
const hit = lib.aabbSegmentPadded(box, ${jv(h.p1)}, ${jd(h.p1, h.p2)}, { x: 0, y: 0 });`,
  'article-aabb': (h) => `const a = ${jbox(h.a.x, h.a.y, 35, 25)};
const b = ${jbox(170, 140, 60, 45)};
const hit = lib.hit(a, b);   // hit.delta moves a out of b`,
  'article-sweep': (h) => `const a = ${jbox(h.a.x, h.a.y, 22, 16)};
const b = ${jbox(170, 130, 40, 30)};
const sweep = lib.sweepAABB(a, ${jd(h.a, h.d)}, b);   // sweep.pos: a's center where it stops`,
  'article-sweep-into': (h) => `const boxes = [
  ${[[110, 60, 15, 40], [160, 150, 20, 20], [230, 90, 25, 30], [280, 190, 20, 25], [120, 210, 40, 10]].map((b) => jbox(...b)).join(',\n  ')},
];
const a = ${jbox(h.a.x, h.a.y, 15, 15)};
const sweep = lib.sweepAABBInto(a, ${jd(h.a, h.d)}, boxes);   // sweep.index: the box hit, -1 for none`,
  rects: (h, s) => (!s.valid ? '// A or B has zero width or height: no box to test (c2d_aabb_from_ltrb refuses it)' : `const a = ${jltrb(s.a)};   // left, top, right, bottom
const b = ${jltrb(s.b)};
const overlap = lib.overlap(a, b);   // open interiors meet
const within = (o, i) => o.minX <= i.minX && o.minY <= i.minY && i.maxX <= o.maxX && i.maxY <= o.maxY;
const aHasB = within(a, b);
const bHasA = within(b, a);
const touching = !overlap && a.minX <= b.maxX && b.minX <= a.maxX && a.minY <= b.maxY && b.minY <= a.maxY;`),
  mdn: (h, s) => `const world = lib.createWorld();
const shape = ${s.mode === 'circle' ? jcirc(10, 10, 10) : jbox(10, 10, 10, 10)};   // local frame
// statics: the figure's 100 seeded positions
statics.forEach((p, i) => world.add(shape, { x: p.x, y: p.y, static: true, userData: i }));
${MDN_WALLS.map((w) => `world.add(${jltrb(w)}, { static: true, userData: 'wall' });`).join('\n')}
world.update();
${s.from && s.goal ? `const entity = world.add(shape, { x: ${j(s.from.x)}, y: ${j(s.from.y)}, userData: 'entity' });
const move = world.move(entity, ${jv(s.goal)});   // slide: where it stops, what it bumped into` : `const entity = world.add(shape, { x: ${j(s.entity.x)}, y: ${j(s.entity.y)}, userData: 'entity' });
// each arrow key or drag step: world.move(entity, goal)`}`,
  bump: (h) => `const world = lib.createWorld();
${BUMP_STATICS.map((b) => `world.add(${b});`).join('\n')}
const a = world.add(${jbox(0, 0, 14, 10)}, ${jv(h.a)});
const goal = ${jv(h.g)};
const touch = world.check(a, goal, 'touch');   // check: nothing moves
const cross = world.check(a, goal, 'cross');
const slide = world.check(a, goal, 'slide');
const bounce = world.check(a, goal, 'bounce');`,
  'snip-circles': (h) => jsPair(jcirc(h.a.x, h.a.y, 45), jcirc(200, 130, 55)),
  'snip-rects': (h) => jsPair(jrect(h.a.x, h.a.y, 90, 60), jrect(140, 100, 120, 90)),
  'snip-rect-circle': (h) => jsPair(jcirc(h.a.x, h.a.y, 35), jrect(70, 80, 130, 90)),
  'snip-segment-circle': (h) => jsPair(jseg(h.p1, h.p2), jcirc(160, 120, 50)),
  'snip-segment-rect': (h) => jsPair(jseg(h.p1, h.p2), jrect(100, 80, 110, 80),
    `\nconst entry = lib.raycast(b, { origin: ${jv(h.p1)}, translation: ${jd(h.p1, h.p2)}, maxFraction: 1 });`),
  'snip-segments': (h) => `const a = ${jseg(h.p1, h.p2)};
const b = ${jseg(h.p3, h.p4)};
const overlap = lib.overlap(a, b);
const meet = lib.segmentIntersection(a, b);   // { x, y, fraction along a } or null`,
  'snip-convex': (h) => jsPair(`{ type: 'polygon', points: ${jpts([{ x: h.a.x - 40, y: h.a.y - 30 }, { x: h.a.x + 50, y: h.a.y - 10 }, { x: h.a.x + 10, y: h.a.y + 45 }])} }`,
    `{ type: 'polygon', points: ${jpts([{ x: 170, y: 90 }, { x: 230, y: 100 }, { x: 250, y: 160 }, { x: 200, y: 210 }, { x: 140, y: 170 }])} }`,
    '\nconst m = lib.manifold(a, b);   // m.points: up to two contact points'),
  'snip-concave': (h) => `const u = { type: 'concave', points: ${jpts([[60, 40], [110, 40], [110, 170], [190, 170], [190, 40], [240, 40], [240, 220], [60, 220]].map(([x, y]) => ({ x, y })))} };
const box = ${jbox(h.a.x, h.a.y, 30, 20)};
const overlap = lib.overlap(u, box);
const inside = lib.containsPoint(u, ${j(h.a.x)}, ${j(h.a.y)});   // the box's center`,
  'snip-arc': jsContains("{ type: 'arc', x: 150, y: 110, inner: 75, outer: 100, start: 0, end: Math.PI }"),
  'snip-wedge': jsContains("{ type: 'wedge', x: 150, y: 110, r: 100, start: 0, end: Math.PI }"),
  'snip-point-circle': jsContains(jcirc(150, 120, 80)),
  'snip-point-rect': jsContains(jrect(60, 60, 150, 120)),
  pairs: (h, s) => {
    const ops = s.ops || [];
    const none = Object.keys(PAIR_CALLS).filter((k) => !ops.includes(k));
    return [`const a = ${makeJs(s.kindA || 'circle', h.a)};`, `const b = ${makeJs(s.kindB || 'polygon', { x: 220, y: 150 })};`,
      ...(ops.includes('cast') ? [`const d = ${jd(h.a, h.d)};   // a's move for the cast`] : []),
      ...ops.map((k) => `const ${k} = ${PAIR_CALLS[k]};`),
      ...(none.length ? [`// no ${none.join(', ')} for ${s.kindA} and ${s.kindB}`] : [])].join('\n');
  },
  broadphase: (h, s) => `const bodies = lib.createBodies(${j(s.bodies)}, { index: 'grid', cellSize: 36 });
bodies.addCircle(x, y, r);   // or bodies.addBox(minX, minY, maxX, maxY), once per body
// every frame: move the bodies in bodies.params, then
const { count, pairs } = bodies.collide();   // now: ${j(s.pairs)} colliding pairs`,
  platformer: () => `const world = new MoverWorld(lib);   // web/src/mover.js
for (const [x, y] of tiles) world.addBox(x, y, x + 1, y + 1);   // the level, one collider per tile
const player = world.createMover({ type: 'aabb', minX: -0.4, minY: -0.7, maxX: 0.4, maxY: 0.7 }, { x: 3, y: 1.5 });
world.update();
const r = player.move(6 / 60, -0.5);   // run and gravity, one step: r.grounded, r.position`,
};

// Appends the prose, the C block and the JS block (empty, filled by renderCode) to el; returns
// the teaching block.
export function teachBlock(el, id) {
  const t = TEACH[id];
  if (!t) return null;
  const div = document.createElement('div');
  div.className = 'teach';
  div.innerHTML = t.prose.map((p) => `<p>${p}</p>`).join('') +
    '<pre class="code c" aria-label="C code"><code class="language-c"></code></pre>' +
    (JS[id] ? '<p class="js">The same in JS (<code>lib = await load()</code> from the npm package):</p>' +
      '<pre class="code js" aria-label="JS code"><code class="language-js"></code></pre>' : '');
  el.appendChild(div);
  return div;
}

// Writes the figure's C and JS code with its current values into its teaching block.
export function renderCode(teachEl, id, handles, state) {
  const t = TEACH[id];
  if (!teachEl || !t) return;
  teachEl.querySelector('pre.c code').textContent = t.code(handles, state || {});
  const js = teachEl.querySelector('pre.js code');
  if (js) js.textContent = JS[id](handles, state || {});
}
