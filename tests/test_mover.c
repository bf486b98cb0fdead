/* The character mover (mover.h): no snags at seams, never inside or through a collider, rest in
 * a V corner, determinism and float/double agreement, slopes, stairs, snapping, one-way and
 * moving platforms, recovery from overlap, bad input. */
#include "test_util.h"

/* ---- level and mover builders ---- */

static c2d_world *new_world(void) {
    c2d_world *w = NULL;
    c2d_world_config cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.id_tag = 7; /* handles alike in every world (the default tag comes from its address) */
    assert_status(c2d_world_create(&cfg, &w), C2D_OK);
    return w;
}

static c2d_collider_id add_static(c2d_world *w, c2d_shape s) {
    c2d_collider_def def;
    c2d_collider_id id;
    memset(&def, 0, sizeof def);
    def.shape = s;
    def.flags = C2D_COLLIDER_STATIC;
    assert_status(c2d_world_add(w, &def, &id), C2D_OK);
    return id;
}

static c2d_collider_id add_box(c2d_world *w, double x0, double y0, double x1, double y1) {
    c2d_aabb b;
    assert_status(c2d_aabb_make(c2d_v2((c2d_real)x0, (c2d_real)y0), c2d_v2((c2d_real)x1, (c2d_real)y1), &b), C2D_OK);
    return add_static(w, c2d_shape_from_aabb(b));
}

/* A static polygon from points (any order). */
static c2d_collider_id add_poly(c2d_world *w, int n, const double *xy) {
    c2d_polygon p = poly_n(n, xy);
    return add_static(w, c2d_shape_from_polygon(&p));
}

enum { SHAPE_BOX,
       SHAPE_CIRCLE,
       SHAPE_CAPSULE,
       SHAPE_OCTAGON,
       SHAPE_KINDS };
static const char *const shape_names[SHAPE_KINDS] = {"box", "circle", "capsule", "8-gon"};

/* Local mover shapes, each 1 tall (so the default skin is 0.01); half extents in *hx, *hy. */
static c2d_shape mover_shape(int kind, double *hx, double *hy) {
    c2d_shape s;
    switch (kind) {
    case SHAPE_BOX:
        s = c2d_shape_from_aabb(box_c(0, 0, 0.4, 0.5));
        *hx = 0.4;
        *hy = 0.5;
        break;
    case SHAPE_CIRCLE:
        s = c2d_shape_from_circle(circ(0, 0, 0.5));
        *hx = 0.5;
        *hy = 0.5;
        break;
    case SHAPE_CAPSULE:
        s = c2d_shape_from_capsule(caps(0, -0.25, 0, 0.25, 0.25));
        *hx = 0.25;
        *hy = 0.5;
        break;
    default: {
        /* a regular 8-gon with a vertex at the bottom and one at each side (a diamond in the
         * 4-vertex build) */
        const int pn = C2D_MAX_POLYGON_VERTICES >= 8 ? 8 : 4;
        double xy[16];
        int i;
        c2d_polygon p;
        for (i = 0; i < pn; ++i) {
            xy[2 * i] = 0.5 * cos(i * 2 * 3.14159265358979323846 / pn);
            xy[2 * i + 1] = 0.5 * sin(i * 2 * 3.14159265358979323846 / pn);
        }
        p = poly_n(pn, xy);
        s = c2d_shape_from_polygon(&p);
        *hx = 0.5;
        *hy = 0.5;
        break;
    }
    }
    return s;
}

static c2d_collider_id add_mover_collider(c2d_world *w, int kind, double x, double y) {
    c2d_collider_def def;
    c2d_collider_id id;
    double hx, hy;
    memset(&def, 0, sizeof def);
    def.shape = mover_shape(kind, &hx, &hy);
    def.transform = c2d_transform_make(c2d_v2((c2d_real)x, (c2d_real)y), 0);
    assert_status(c2d_world_add(w, &def, &id), C2D_OK);
    return id;
}

static c2d_vec2 position_of(const c2d_world *w, c2d_collider_id id) {
    c2d_collider_info info;
    assert_status(c2d_world_get(w, id, &info), C2D_OK);
    return info.transform.p;
}

static c2d_mover_result move(c2d_mover *m, c2d_world *w, double dx, double dy) {
    c2d_mover_input in;
    c2d_mover_result r;
    memset(&in, 0, sizeof in);
    in.translation = c2d_v2((c2d_real)dx, (c2d_real)dy);
    assert_status(c2d_mover_move(m, w, &in, NULL, 0, &r), C2D_OK);
    return r;
}

/* Number of solid, non-one-way static colliders the mover's own shape overlaps. */
static int32_t static_overlaps(const c2d_world *w, c2d_collider_id id) {
    c2d_shape s;
    c2d_query_filter f;
    c2d_collider_id ids[16];
    int32_t total = 0, i, n = 0;
    memset(&f, 0, sizeof f);
    f.self = id;
    f.flags = C2D_QUERY_SKIP_MOVING | C2D_QUERY_SKIP_SENSORS;
    assert_status(c2d_world_get_piece(w, id, 0, &s), C2D_OK);
    assert_status(c2d_world_overlap_shape(w, &s, &f, ids, 16, &total), C2D_OK);
    for (i = 0; i < total && i < 16; ++i) {
        c2d_collider_info info;
        assert_status(c2d_world_get(w, ids[i], &info), C2D_OK);
        if (info.one_way.x == 0 && info.one_way.y == 0) ++n;
    }
    return n;
}

/* ---- the 0-snag test ---- */

enum { SURF_FLOOR_BOXES,
       SURF_FLOOR_SEGMENTS,
       SURF_WALL_BOXES,
       SURF_KINDS };
static const char *const surf_names[SURF_KINDS] = {"floor of 1000 boxes", "floor of 1000 segments", "wall of 1000 boxes"};

/* 1,000 separate unit tiles from -500 to 500: a floor with its top at y = 0, or a wall with its
 * right face at x = 0. */
static c2d_world *surface_world(int surf) {
    c2d_world *w = new_world();
    const c2d_world_event *ev;
    int32_t i, count;
    for (i = 0; i < 1000; ++i) {
        double a = i - 500;
        if (surf == SURF_FLOOR_BOXES) add_box(w, a, -1, a + 1, 0);
        else if (surf == SURF_WALL_BOXES) add_box(w, -1, a, 0, a + 1);
        else add_static(w, c2d_shape_from_segment(seg(a, 0, a + 1, 0)));
    }
    assert_status(c2d_world_update(w, &ev, &count), C2D_OK);
    return w;
}

/* Runs every mover shape at 100 speeds and 50 sub-tile offsets along the surface, 12 frames each,
 * and counts the snags: a frame whose progress along the surface is under 99.9% of the desired
 * move, or whose gap to the surface leaves [0, 2 skin] (a push off larger than the skin). */
static int64_t snag_count(int surf, int shape, int64_t *frames) {
    c2d_world *w = surface_world(surf);
    int64_t snags = 0;
    int s, o, f;
    bool wall = surf == SURF_WALL_BOXES;
    for (s = 0; s < 100; ++s) {
        double speed = 0.1 + 0.049 * s;
        for (o = 0; o < 50; ++o) {
            double hx, hy, along0 = -430 + ((s * 50 + o) * 37) % 840 + o / 50.0, dir = ((s + o) & 1) ? 1 : -1;
            c2d_collider_id id;
            c2d_mover m;
            c2d_mover_result r;
            double skin, half;
            (void)mover_shape(shape, &hx, &hy);
            half = wall ? hx : hy;
            skin = 0.01;
            id = wall ? add_mover_collider(w, shape, half + skin, along0) : add_mover_collider(w, shape, along0, half + skin);
            assert_status(c2d_mover_init(&m, w, id, NULL), C2D_OK);
            assert_near(m.config.skin, skin, 1e-6);
            /* settle against the surface, then run */
            r = wall ? move(&m, w, -0.1, 0) : move(&m, w, 0, -0.1);
            for (f = 0; f < 12; ++f) {
                c2d_vec2 before = position_of(w, id);
                double progress, gap;
                r = wall ? move(&m, w, -0.1, dir * speed) : move(&m, w, dir * speed, -0.1);
                progress = dir * (wall ? r.moved.y : r.moved.x);
                gap = wall ? (double)r.position.x - half : (double)r.position.y - half;
                ++*frames;
                if (progress < 0.999 * speed || gap < 0 || gap > 2 * skin) {
                    if (snags < 3)
                        printf("  snag: %s, %s, speed %g, offset %d, frame %d: from (%.6f, %.6f) progress %.6f gap %.6f\n",
                               surf_names[surf], shape_names[shape], speed, o, f, (double)before.x, (double)before.y,
                               progress, gap);
                    ++snags;
                }
            }
            assert_status(c2d_world_remove(w, id), C2D_OK);
        }
    }
    c2d_world_destroy(w);
    return snags;
}

static void test_no_snags_at_seams(void **state) {
    int surf, shape;
    int64_t total = 0;
    (void)state;
    for (surf = 0; surf < SURF_KINDS; ++surf)
        for (shape = 0; shape < SHAPE_KINDS; ++shape) {
            int64_t frames = 0, snags = snag_count(surf, shape, &frames);
            printf("snags: %-24s %-8s %lld of %lld frames\n", surf_names[surf], shape_names[shape], (long long)snags,
                   (long long)frames);
            total += snags;
        }
    assert_int_equal(total, 0);
}

/* ---- never inside, never through ---- */

/* A 20 x 20 room with a jumble of count boxes, thin platforms and ramps. */
static void add_room(c2d_world *w, test_rng *rng, int count) {
    int i;
    add_box(w, -11, -11, 11, -10);
    add_box(w, -11, 10, 11, 11);
    add_box(w, -11, -10, -10, 10);
    add_box(w, 10, -10, 11, 10);
    for (i = 0; i < count; ++i) {
        double x = test_rng_range(rng, -9, 8), y = test_rng_range(rng, -9, 8);
        double wdt = test_rng_range(rng, 0.2, 3), h = test_rng_range(rng, 0.1, 2);
        if (i % 3 == 2) {
            double xy[6] = {x, y, x + wdt, y, x + wdt, y + h};
            add_poly(w, 3, xy);
        } else {
            add_box(w, x, y, x + wdt, y + h);
        }
    }
}

static void test_never_ends_inside_random(void **state) {
    test_rng rng = test_rng_make("mover_never_inside");
    int iters = test_iterations(400), it, i;
    int64_t calls = 0;
    (void)state;
    for (it = 0; it < iters; ++it) {
        c2d_world *w = new_world();
        c2d_collider_id id;
        c2d_mover m;
        int shape = (int)(test_rng_next(&rng) % SHAPE_KINDS);
        add_room(w, &rng, 12);
        /* a start that is clear */
        for (i = 0; i < 100; ++i) {
            id = add_mover_collider(w, shape, test_rng_range(&rng, -9, 9), test_rng_range(&rng, -9, 9));
            if (static_overlaps(w, id) == 0) break;
            assert_status(c2d_world_remove(w, id), C2D_OK);
            id = c2d_collider_id_null();
        }
        if (c2d_collider_id_is_null(id)) {
            c2d_world_destroy(w);
            continue;
        }
        assert_status(c2d_mover_init(&m, w, id, NULL), C2D_OK);
        for (i = 0; i < 60; ++i) {
            c2d_mover_result r = move(&m, w, test_rng_range(&rng, -2, 2), test_rng_range(&rng, -2, 2));
            ++calls;
            if (static_overlaps(w, id) != 0) {
                printf("iteration %d call %d: ends inside at (%g, %g)\n", it, i, (double)r.position.x, (double)r.position.y);
                fail();
            }
        }
        c2d_world_destroy(w);
    }
    printf("never inside: %lld calls\n", (long long)calls);
}

/* A thin platform's corner hit diagonally, fast, from below-left, at many offsets: the mover
 * never ends above the platform while over it (it would have passed through). */
static void test_platform_corner_diagonal(void **state) {
    int shape, i, j, through = 0, runs = 0;
    (void)state;
    for (shape = 0; shape < SHAPE_KINDS; ++shape) {
        c2d_world *w = new_world();
        add_box(w, 0, 0, 4, 0.2);
        for (i = 0; i < 40; ++i)
            for (j = 0; j < 10; ++j) {
                double hx, hy, sx = -1.5 + i * 0.05, sy = -1.5 + j * 0.07;
                c2d_collider_id id;
                c2d_mover m;
                c2d_mover_result r;
                (void)mover_shape(shape, &hx, &hy);
                id = add_mover_collider(w, shape, sx, sy - hy);
                assert_status(c2d_mover_init(&m, w, id, NULL), C2D_OK);
                r = move(&m, w, 3 + j * 0.1, 3.5);
                ++runs;
                if ((double)r.position.y - hy > 0.2 - 1e-6 && (double)r.position.x + hx > 0 && (double)r.position.x - hx < 4) {
                    if (!(sx + hx <= 0 && (double)r.position.x - hx < 0)) ++through;
                }
                assert_int_equal(static_overlaps(w, id), 0);
                assert_status(c2d_world_remove(w, id), C2D_OK);
            }
        c2d_world_destroy(w);
    }
    printf("platform corner: %d of %d diagonal runs passed through\n", through, runs);
    assert_int_equal(through, 0);
}

/* ---- a V corner: comes to rest ---- */

static void test_v_corner_rest(void **state) {
    int shape;
    (void)state;
    for (shape = 0; shape < SHAPE_KINDS; ++shape) {
        c2d_world *w = new_world();
        const double left[6] = {-4, 0, 0, 0, -4, 4}, right[6] = {0, 0, 4, 0, 4, 4}; /* two 45-degree slopes */
        c2d_collider_id id;
        c2d_mover m;
        c2d_mover_config cfg;
        int f;
        double worst = 0;
        add_poly(w, 3, left);
        add_poly(w, 3, right);
        id = add_mover_collider(w, shape, 0.3, 3);
        memset(&cfg, 0, sizeof cfg);
        cfg.max_slope = 40 * C2D_PI / 180; /* both sides too steep to stand on */
        assert_status(c2d_mover_init(&m, w, id, &cfg), C2D_OK);
        for (f = 0; f < 200; ++f) {
            c2d_mover_result r = move(&m, w, 0.05, -0.2); /* pushed into the corner, along gravity */
            double d = sqrt((double)c2d_len_sq(r.moved));
            if (f >= 100 && d > worst) worst = d;
            assert_int_equal(static_overlaps(w, id), 0);
        }
        printf("V corner, %s: largest move over frames 100-199: %g (skin 0.01)\n", shape_names[shape], worst);
        assert_true(worst < 0.01);
        c2d_world_destroy(w);
    }
}

/* ---- determinism and precision ---- */

/* A fixed walk through slopes, stairs, platforms; returns the final positions of the 4 movers.
 * Each mover walks alone in its own copy of the level: movers that block one another turn a
 * rounding difference into a frame's difference, which is no test of precision. */
static void scenario(c2d_vec2 out[SHAPE_KINDS], c2d_mover_result last[SHAPE_KINDS]) {
    const double ramp[6] = {4, 0, 8, 0, 8, 2.3094010767585}; /* 30 degrees */
    int i, k, f;
    for (k = 0; k < SHAPE_KINDS; ++k) {
        c2d_world *w = new_world();
        c2d_collider_id id;
        c2d_mover m;
        c2d_mover_config cfg;
        for (i = 0; i < 30; ++i) add_box(w, i - 5, -1, i - 4, 0);
        add_poly(w, 3, ramp);
        add_box(w, 8, 0, 12, 2.3094010767585);
        for (i = 0; i < 4; ++i) add_box(w, 12 + i, 0, 13 + i, 2.3094010767585 + 0.25 * (i + 1));
        memset(&cfg, 0, sizeof cfg);
        cfg.step_height = 0.3;
        cfg.snap_distance = 0.3;
        id = add_mover_collider(w, k, -3 - 0.3 * k, 0.7);
        assert_status(c2d_mover_init(&m, w, id, &cfg), C2D_OK);
        for (f = 0; f < 240; ++f) {
            double vx = f < 200 ? 0.1 + 0.01 * k : -0.07;
            last[k] = move(&m, w, vx, f % 60 == 30 ? 0.4 : -0.15);
        }
        out[k] = position_of(w, id);
        c2d_world_destroy(w);
    }
}

static void test_bit_identical(void **state) {
    c2d_vec2 a[SHAPE_KINDS], b[SHAPE_KINDS];
    c2d_mover_result ra[SHAPE_KINDS], rb[SHAPE_KINDS];
    int k;
    (void)state;
    memset(ra, 0, sizeof ra);
    memset(rb, 0, sizeof rb);
    scenario(a, ra);
    scenario(b, rb);
    assert_memory_equal(a, b, sizeof a);
    for (k = 0; k < SHAPE_KINDS; ++k) { /* field by field: struct padding is not compared */
        assert_memory_equal(&ra[k].position, &rb[k].position, sizeof ra[k].position);
        assert_memory_equal(&ra[k].moved, &rb[k].moved, sizeof ra[k].moved);
        assert_memory_equal(&ra[k].ground_normal, &rb[k].ground_normal, sizeof ra[k].ground_normal);
        assert_memory_equal(&ra[k].ground_angle, &rb[k].ground_angle, sizeof ra[k].ground_angle);
        assert_true(c2d_collider_id_equal(ra[k].ground, rb[k].ground));
        assert_int_equal(ra[k].grounded, rb[k].grounded);
        assert_int_equal(ra[k].contact_count, rb[k].contact_count);
    }
}

/* The same scenario's final positions, printed by a double build: the float build agrees within
 * rounding (the walk is 240 frames over coordinates near 10). */
static void test_float_double_agree(void **state) {
    static const double expect[SHAPE_KINDS][2] = {
        {16.410017238, 0.510100000}, {16.510100000, 0.510090618}, {17.446740429, 0.510090618}, {19.207144186, 0.510914540}};
    c2d_vec2 p[SHAPE_KINDS];
    c2d_mover_result r[SHAPE_KINDS];
    int k;
    (void)state;
    scenario(p, r);
    for (k = 0; k < SHAPE_KINDS; ++k) printf("scenario %s: (%.9f, %.9f)\n", shape_names[k], (double)p[k].x, (double)p[k].y);
    /* the expected polygon values are the 8-gon's; a build with fewer vertices walks a diamond */
    for (k = 0; k < (C2D_MAX_POLYGON_VERTICES >= 8 ? SHAPE_KINDS : SHAPE_OCTAGON); ++k)
        assert_vec_near(p[k], expect[k][0], expect[k][1], 1e-3);
}

/* A landing that ends within the skin of the floor (a slow fall near a jump's top) settles onto
 * it: a grounded mover rests where a fall onto the floor stops, from the first grounded frame on,
 * for every shape (a polygon's skin reaches farther at a vertex, so the rest height is measured). */
static void test_landing_rests_at_skin(void **state) {
    int kind;
    (void)state;
    for (kind = 0; kind < SHAPE_KINDS; ++kind) {
        c2d_world *w = new_world();
        c2d_mover m;
        c2d_mover_result r;
        c2d_collider_id id;
        c2d_collider_info info;
        double rest;
        add_box(w, -5, -1, 5, 0);
        id = add_mover_collider(w, kind, 0, 2);
        assert_status(c2d_mover_init(&m, w, id, NULL), C2D_OK);
        r = move(&m, w, 0, -5); /* a fall: the cast stops it at rest */
        assert_true(r.grounded);
        rest = r.position.y;
        assert_status(c2d_world_get(w, id, &info), C2D_OK);
        info.transform.p.y = (c2d_real)(rest + 0.004); /* 0.004 above, within the skin (0.01) */
        assert_status(c2d_world_set_transform(w, id, info.transform), C2D_OK);
        r = move(&m, w, 0, -0.001);
        printf("landing %s: grounded %d, y %.7f (rest %.7f)\n", shape_names[kind], r.grounded, (double)r.position.y, rest);
        assert_true(r.grounded);
        assert_near(r.position.y, rest, 2e-4);
        assert_near(position_of(w, id).y, rest, 2e-4);
        c2d_world_destroy(w);
    }
}

/* ---- slopes, stairs, snap ---- */

static void test_slope_climb_keeps_speed(void **state) {
    c2d_world *w = new_world();
    const double ramp[6] = {0, 0, 10, 0, 10, 5.7735026918963}; /* 30 degrees */
    c2d_collider_id id;
    c2d_mover m;
    c2d_mover_result r;
    c2d_vec2 p0;
    int f;
    (void)state;
    add_box(w, -10, -1, 20, 0);
    add_poly(w, 3, ramp);
    id = add_mover_collider(w, SHAPE_BOX, -2, 0.51);
    assert_status(c2d_mover_init(&m, w, id, NULL), C2D_OK);
    (void)move(&m, w, 0, -0.1);
    for (f = 0; f < 30; ++f) r = move(&m, w, 0.1, -0.1);
    p0 = position_of(w, id);
    for (f = 0; f < 20; ++f) {
        r = move(&m, w, 0.1, -0.1);
        assert_true(r.grounded);
        assert_near(r.moved.x, 0.1, 1e-4);                   /* full horizontal speed up the ramp */
        assert_near(r.moved.y, 0.1 * tan(C2D_PI / 6), 1e-3); /* and the rise that goes with it */
        assert_near(r.ground_angle, C2D_PI / 6, 1e-3);
    }
    assert_true(position_of(w, id).y > p0.y + 1);
    c2d_world_destroy(w);
}

static void test_steep_slope_not_climbed_slides_down(void **state) {
    c2d_world *w = new_world();
    const double ramp[6] = {0, 0, 6, 0, 6, 6}; /* 45 degrees */
    c2d_collider_id id;
    c2d_mover m;
    c2d_mover_config cfg;
    c2d_mover_result r;
    double y0;
    int f;
    (void)state;
    add_box(w, -10, -1, 20, 0);
    add_poly(w, 3, ramp);
    memset(&cfg, 0, sizeof cfg);
    cfg.max_slope = 40 * C2D_PI / 180;
    /* walking into it from the floor: no climb */
    id = add_mover_collider(w, SHAPE_BOX, -2, 0.51);
    assert_status(c2d_mover_init(&m, w, id, &cfg), C2D_OK);
    for (f = 0; f < 60; ++f) r = move(&m, w, 0.1, -0.1);
    assert_true(r.position.y < 0.53);
    assert_true(r.hit_wall);
    /* set on the slope: slides down it under gravity alone */
    assert_status(c2d_world_set_transform(w, id, c2d_transform_make(c2d_v2(2.5, 3.5), 0)), C2D_OK);
    c2d_mover_reset(&m);
    assert_int_equal(static_overlaps(w, id), 0);
    y0 = (double)position_of(w, id).y;
    for (f = 0; f < 10; ++f) {
        r = move(&m, w, 0, -0.1);
        assert_false(r.grounded);
    }
    assert_true(r.position.x < 2.5 - 0.3);
    assert_true((double)r.position.y < y0 - 0.3);
    c2d_world_destroy(w);
}

static void test_gentle_slope_no_slide(void **state) {
    c2d_world *w = new_world();
    const double ramp[6] = {0, 0, 10, 0, 10, 5.7735026918963}; /* 30 degrees */
    c2d_collider_id id;
    c2d_mover m;
    c2d_mover_result r;
    c2d_vec2 p0;
    int f;
    (void)state;
    add_poly(w, 3, ramp);
    id = add_mover_collider(w, SHAPE_CIRCLE, 5, 3.5);
    assert_status(c2d_mover_init(&m, w, id, NULL), C2D_OK);
    for (f = 0; f < 10; ++f) r = move(&m, w, 0, -0.1);
    p0 = position_of(w, id);
    for (f = 0; f < 20; ++f) r = move(&m, w, 0, -0.1);
    assert_true(r.grounded);
    assert_near(r.position.x, p0.x, 1e-5);
    assert_near(r.position.y, p0.y, 1e-5);
    c2d_world_destroy(w);
}

static void test_stairs_step_up(void **state) {
    int with;
    (void)state;
    for (with = 0; with < 2; ++with) {
        c2d_world *w = new_world();
        c2d_collider_id id;
        c2d_mover m;
        c2d_mover_config cfg;
        c2d_mover_result r;
        int i, f, steps = 0;
        add_box(w, -10, -1, 30, 0);
        for (i = 0; i < 6; ++i) add_box(w, 2 + i, 0, 30, 0.25 * (i + 1)); /* 6 steps of 0.25 */
        memset(&cfg, 0, sizeof cfg);
        cfg.step_height = with ? 0.3 : 0;
        id = add_mover_collider(w, SHAPE_BOX, 0, 0.51);
        assert_status(c2d_mover_init(&m, w, id, &cfg), C2D_OK);
        for (f = 0; f < 120; ++f) {
            r = move(&m, w, 0.1, -0.1);
            steps += r.stepped;
            assert_int_equal(static_overlaps(w, id), 0);
        }
        printf("stairs, step_height %g: x %g y %g, %d steps\n", (double)cfg.step_height, (double)r.position.x, (double)r.position.y, steps);
        if (with) {
            assert_int_equal(steps, 6);
            assert_true(r.position.y > 1.5 + 0.5);
            assert_near(r.position.x, 12, 0.05);
            assert_true(r.grounded);
        } else {
            assert_int_equal(steps, 0);
            assert_true(r.position.x < 2 - 0.39);
        }
        c2d_world_destroy(w);
    }
}

static void test_snap_down_slope(void **state) {
    int with;
    (void)state;
    for (with = 0; with < 2; ++with) {
        c2d_world *w = new_world();
        const double ramp[6] = {0, 0, 10, 0, 0, 5.7735026918963}; /* 30 degrees, down to the right */
        c2d_collider_id id;
        c2d_mover m;
        c2d_mover_config cfg;
        c2d_mover_result r;
        int f, airborne = 0;
        add_box(w, -10, 4.7735026918963, 0, 5.7735026918963);
        add_poly(w, 3, ramp);
        memset(&cfg, 0, sizeof cfg);
        cfg.snap_distance = with ? 0.2 : 0;
        id = add_mover_collider(w, SHAPE_CAPSULE, -1, 5.7735026918963 + 0.51);
        assert_status(c2d_mover_init(&m, w, id, &cfg), C2D_OK);
        (void)move(&m, w, 0, -0.05);
        for (f = 0; f < 60; ++f) {
            r = move(&m, w, 0.1, -0.01); /* weak gravity: without snapping it flies off the slope */
            if (r.position.x > 0.3 && r.position.x < 9) airborne += !r.grounded;
        }
        printf("down a 30-degree slope, snap %g: %d airborne frames\n", (double)cfg.snap_distance, airborne);
        if (with) assert_int_equal(airborne, 0);
        else assert_true(airborne > 10);
        c2d_world_destroy(w);
    }
}

/* ---- platforms ---- */

static void test_one_way(void **state) {
    c2d_world *w = new_world();
    c2d_collider_id id, plat;
    c2d_mover m;
    c2d_mover_input in;
    c2d_mover_result r;
    int f;
    bool above = false;
    (void)state;
    add_box(w, -10, -1, 10, 0);
    plat = add_box(w, -2, 2, 2, 2.2);
    assert_status(c2d_world_set_one_way(w, plat, c2d_v2(0, 1)), C2D_OK);
    id = add_mover_collider(w, SHAPE_BOX, 0, 0.51);
    assert_status(c2d_mover_init(&m, w, id, NULL), C2D_OK);
    /* from below: passes through upward */
    for (f = 0; f < 40; ++f) {
        r = move(&m, w, 0, 0.15);
        assert_false(r.hit_ceiling);
    }
    assert_true(r.position.y > 2.2 + 0.5);
    /* from above: lands and stands */
    for (f = 0; f < 60; ++f) r = move(&m, w, 0, -0.15);
    assert_true(r.grounded);
    assert_true(c2d_collider_id_equal(r.ground, plat));
    assert_near(r.position.y, 2.2 + 0.5 + 0.01, 2e-3);
    /* from the side: walks through it */
    assert_status(c2d_world_set_transform(w, id, c2d_transform_make(c2d_v2(-4, 2.1), 0)), C2D_OK);
    c2d_mover_reset(&m);
    for (f = 0; f < 100; ++f) {
        r = move(&m, w, 0.1, 0);
        assert_false(r.hit_wall);
    }
    assert_true(r.position.x > 5);
    /* stand on it again, then drop through on request */
    assert_status(c2d_world_set_transform(w, id, c2d_transform_make(c2d_v2(0, 3), 0)), C2D_OK);
    c2d_mover_reset(&m);
    for (f = 0; f < 20; ++f) r = move(&m, w, 0, -0.15);
    assert_true(r.grounded && r.position.y > 2.5);
    memset(&in, 0, sizeof in);
    in.translation = c2d_v2(0, -0.15);
    in.drop_through = true;
    assert_status(c2d_mover_move(&m, w, &in, NULL, 0, &r), C2D_OK);
    for (f = 0; f < 40; ++f) {
        r = move(&m, w, 0, -0.15);
        if (r.position.y > 2.2 + 0.5) above = true;
    }
    (void)above;
    assert_true(r.position.y < 0.6);
    assert_true(r.grounded);
    c2d_world_destroy(w);
}

static void test_moving_platform_carries(void **state) {
    c2d_world *w = new_world();
    c2d_collider_def def;
    c2d_collider_id id, plat;
    c2d_mover m;
    c2d_mover_result r;
    int f;
    (void)state;
    memset(&def, 0, sizeof def);
    def.shape = c2d_shape_from_aabb(box_c(0, 0, 1.5, 0.1));
    def.transform = c2d_transform_make(c2d_v2(0, 1), 0);
    assert_status(c2d_world_add(w, &def, &plat), C2D_OK);
    id = add_mover_collider(w, SHAPE_CIRCLE, 0, 1.62);
    assert_status(c2d_mover_init(&m, w, id, NULL), C2D_OK);
    r = move(&m, w, 0, -0.1);
    assert_true(r.grounded);
    for (f = 1; f <= 50; ++f) {
        c2d_vec2 before = position_of(w, id);
        /* the platform moves right and up, then the mover moves with no input but gravity */
        assert_status(c2d_world_set_transform(w, plat, c2d_transform_make(c2d_v2((c2d_real)(0.05 * f), (c2d_real)(1 + 0.02 * f)), 0)), C2D_OK);
        r = move(&m, w, 0, -0.1);
        assert_true(r.grounded);
        assert_true(c2d_collider_id_equal(r.ground, plat));
        assert_near(r.moved.x, 0.05, 1e-4);
        assert_near(r.carried.x, 0.05, 1e-4);
        assert_near((double)r.position.y - (double)before.y, 0.02, 1e-3);
    }
    assert_near(r.position.x, 2.5, 1e-3);
    c2d_world_destroy(w);
}

/* ---- overlap at the start ---- */

static void test_recovers_from_overlap(void **state) {
    c2d_world *w = new_world();
    c2d_collider_id id;
    c2d_mover m;
    c2d_mover_result r;
    (void)state;
    add_box(w, -10, -1, 10, 0);
    /* sunk 0.2 into the floor: up by the smallest push */
    id = add_mover_collider(w, SHAPE_BOX, 0, 0.3);
    assert_status(c2d_mover_init(&m, w, id, NULL), C2D_OK);
    r = move(&m, w, 0, 0);
    assert_true(r.started_inside);
    assert_false(r.stuck);
    assert_near(r.recovered.x, 0, 1e-6);
    assert_near(r.position.y, 0.5 + 0.01, 1e-3);
    assert_int_equal(static_overlaps(w, id), 0);
    c2d_world_destroy(w);

    /* inside a block whose nearest side (right) is against a wall: it leaves by the top, never
     * through the wall */
    w = new_world();
    add_box(w, -2, 0, 2, 1.2);                        /* the block */
    add_box(w, 2, 0, 3, 10);                          /* the wall against its right side */
    id = add_mover_collider(w, SHAPE_BOX, 1.55, 0.6); /* nearest way out: right, 0.85 */
    assert_status(c2d_mover_init(&m, w, id, NULL), C2D_OK);
    r = move(&m, w, 0, 0);
    assert_true(r.started_inside);
    assert_false(r.stuck);
    assert_true(r.position.x < 2);
    assert_near(r.position.y, 1.2 + 0.5 + 0.01, 1e-3);
    assert_int_equal(static_overlaps(w, id), 0);
    c2d_world_destroy(w);
}


/* ---- every kind the world accepts: concave and arc walls, and movers of every kind ---- */

/* A cup standing on the floor: outer walls x in [2, 8], inner floor y = 1, inner walls x = 3
 * and x = 7, rim y = 4 (local frame = world frame). */
static const c2d_vec2 k_cup[8] = {{2, 0}, {8, 0}, {8, 4}, {7, 4}, {7, 1}, {3, 1}, {3, 4}, {2, 4}};

static c2d_collider_id add_cup(c2d_world *w) {
    c2d_concave cc;
    c2d_collider_def def;
    c2d_collider_id id;
    assert_status(c2d_concave_make(k_cup, 8, &cc), C2D_OK);
    memset(&def, 0, sizeof def);
    def.concave = &cc;
    def.flags = C2D_COLLIDER_STATIC;
    assert_status(c2d_world_add(w, &def, &id), C2D_OK);
    return id;
}

/* An arc wall: the band between radii ri and ro about (cx, cy), from angle a0 to a1. */
static c2d_collider_id add_arc(c2d_world *w, double cx, double cy, double ri, double ro, double a0, double a1) {
    c2d_arc a;
    assert_status(c2d_arc_shape_make(c2d_v2((c2d_real)cx, (c2d_real)cy), (c2d_real)ri, (c2d_real)ro, (c2d_real)a0, (c2d_real)a1, &a), C2D_OK);
    return add_static(w, c2d_shape_from_arc(&a));
}

/* Solid static colliders that any piece of collider id overlaps (a concave mover has several). */
static int32_t overlaps_any_piece(const c2d_world *w, c2d_collider_id id) {
    c2d_collider_info info;
    int32_t k, n = 0;
    c2d_query_filter f;
    memset(&f, 0, sizeof f);
    f.self = id;
    f.flags = C2D_QUERY_SKIP_MOVING | C2D_QUERY_SKIP_SENSORS;
    assert_status(c2d_world_get(w, id, &info), C2D_OK);
    for (k = 0; k < info.piece_count; ++k) {
        c2d_shape s;
        c2d_collider_id ids[16];
        int32_t total = 0;
        assert_status(c2d_world_get_piece(w, id, k, &s), C2D_OK);
        assert_status(c2d_world_overlap_shape(w, &s, &f, ids, 16, &total), C2D_OK);
        n += total;
    }
    return n;
}

/* A box, circle, capsule or 8-gon walks inside a concave cup: it falls in and lands on the inner
 * floor (not on the rim, which the cup's hull would give), walks into each inner wall and stops
 * there (never through: 40 steps of 0.5 into a wall 1 thick), slides along the floor when pushed
 * down and sideways, and a start sunk into the wall is pushed out clear. */
static void test_walks_in_concave_cup(void **state) {
    int kind;
    (void)state;
    for (kind = 0; kind < SHAPE_KINDS; ++kind) {
        c2d_world *w = new_world();
        c2d_mover m;
        c2d_mover_result r;
        c2d_collider_id id;
        double hx, hy, rest, x0;
        int i;
        add_box(w, -20, -1, 20, 0);
        add_cup(w);
        (void)mover_shape(kind, &hx, &hy);
        id = add_mover_collider(w, kind, 5, 6);
        assert_status(c2d_mover_init(&m, w, id, NULL), C2D_OK);
        r = move(&m, w, 0, -8);
        assert_true(r.grounded);
        rest = r.position.y; /* the skin gap: 0.01, more under a polygon's vertex (0.0141 under a diamond's) */
        assert_true(rest >= 1 + hy + 0.0099 && rest <= 1 + hy + 0.0145);
        for (i = 0; i < 40; ++i) {
            r = move(&m, w, 0.5, -0.1);
            assert_int_equal(overlaps_any_piece(w, id), 0);
            assert_true(r.position.x < 7 - hx && r.position.x > 3 + hx);
        }
        assert_true(r.hit_wall);
        assert_true(r.position.x <= 7 - hx - 0.0099 && r.position.x >= 7 - hx - 0.0145);
        assert_near(r.position.y, rest, 1e-4);
        /* slides: a push down and left moves it along the floor */
        x0 = r.position.x;
        r = move(&m, w, -1, -1);
        assert_near(r.position.x, x0 - 1, 1e-4);
        assert_near(r.position.y, rest, 1e-4);
        for (i = 0; i < 40; ++i) r = move(&m, w, -0.5, -0.1);
        assert_true(r.position.x >= 3 + hx + 0.0099 && r.position.x <= 3 + hx + 0.0145);
        assert_int_equal(overlaps_any_piece(w, id), 0);
        c2d_world_destroy(w);

        /* sunk 0.2 into the inner wall: pushed out, clear */
        w = new_world();
        add_box(w, -20, -1, 20, 0);
        add_cup(w);
        id = add_mover_collider(w, kind, 7 - hx + 0.2, 2.5);
        assert_status(c2d_mover_init(&m, w, id, NULL), C2D_OK);
        r = move(&m, w, 0, 0);
        assert_true(r.started_inside);
        assert_false(r.stuck);
        assert_int_equal(overlaps_any_piece(w, id), 0);
        assert_true(r.position.x < 7 - hx);
        c2d_world_destroy(w);
    }
}

/* A mover inside a ring-shaped arc wall (radii 4 to 5 about (0, 5), the right half): walking
 * right it stops at the wall's inner circle, never through it (it is 1 thick, the steps 0.5);
 * pushed right and up it slides along the curve (rises 1 or more, ending within 0.15 of it); a
 * start sunk into the arc is pushed out clear. */
static void test_walks_against_arc_wall(void **state) {
    int kind;
    (void)state;
    for (kind = 0; kind < SHAPE_KINDS; ++kind) {
        c2d_world *w = new_world();
        c2d_mover m;
        c2d_mover_result r;
        c2d_collider_id id;
        c2d_collider_info info;
        c2d_shape real;
        double hx, hy, y0;
        int i;
        add_arc(w, 0, 5, 4, 5, -1.5, 1.5);
        (void)mover_shape(kind, &hx, &hy);
        id = add_mover_collider(w, kind, 0, 5);
        assert_status(c2d_mover_init(&m, w, id, NULL), C2D_OK);
        for (i = 0; i < 40; ++i) {
            r = move(&m, w, 0.5, 0);
            assert_int_equal(overlaps_any_piece(w, id), 0);
            assert_true(r.position.x < 4);
        }
        assert_true(r.hit_wall);
        assert_true(r.position.x > 4 - hx - 0.2 && r.position.x < 4 - hx);
        assert_near(r.position.y, 5, 2e-3);
        /* slides up along the curve: it rises and keeps close to the wall */
        y0 = r.position.y;
        for (i = 0; i < 10; ++i) r = move(&m, w, 0.3, 0.3);
        assert_int_equal(overlaps_any_piece(w, id), 0);
        assert_true(r.position.y > y0 + 1);
        assert_status(c2d_world_get_piece(w, id, 0, &real), C2D_OK);
        {
            c2d_shape arc;
            c2d_distance_result d;
            c2d_collider_id ids[4];
            int32_t total = 0;
            assert_status(c2d_world_query_point(w, c2d_v2((c2d_real)4.5, 5), NULL, ids, 4, &total), C2D_OK);
            assert_int_equal(total, 1);
            assert_status(c2d_world_get_piece(w, ids[0], 0, &arc), C2D_OK);
            d = c2d_shape_distance(&real, &arc);
            printf("arc wall, %s: slid to (%.4f, %.4f), %.5f from the wall\n", shape_names[kind], (double)r.position.x, (double)r.position.y, (double)d.distance);
            assert_true(d.distance > 0 && d.distance < 0.15);
        }
        c2d_world_destroy(w);

        /* sunk 0.2 into the arc's inner side: pushed out, clear */
        w = new_world();
        add_arc(w, 0, 5, 4, 5, -1.5, 1.5);
        id = add_mover_collider(w, kind, 4 - hx + 0.2, 5);
        assert_status(c2d_mover_init(&m, w, id, NULL), C2D_OK);
        r = move(&m, w, 0, 0);
        assert_true(r.started_inside);
        assert_false(r.stuck);
        assert_int_equal(overlaps_any_piece(w, id), 0);
        assert_status(c2d_world_get(w, id, &info), C2D_OK);
        c2d_world_destroy(w);

        /* a one-way arc (a thin cap, solid from above, top at y = 5): jumped through from below,
         * stood on from above, walked across when level with it (the one-way rule needs the arc's
         * highest point, from its kind's support function; before, the mover read it as 0, so it
         * took itself to be above the cap and was stopped by its side) */
        w = new_world();
        id = add_arc(w, 0, 0, 4.8, 5, 1.2, 1.94);
        assert_status(c2d_world_set_one_way(w, id, c2d_v2(0, 1)), C2D_OK);
        id = add_mover_collider(w, kind, 0, 3);
        assert_status(c2d_mover_init(&m, w, id, NULL), C2D_OK);
        r = move(&m, w, 0, 4);
        assert_near(r.position.y, 7, 1e-4);
        r = move(&m, w, 0, -4);
        assert_true(r.grounded);
        assert_true(r.position.y >= 5 + hy + 0.0099 && r.position.y <= 5 + hy + 0.0145);
        /* level with the cap (its lowest point below the top), walking across it and down a
         * little (against the one-way direction): passes */
        assert_status(c2d_world_set_transform(w, id, c2d_transform_make(c2d_v2(-4, 4.6f), 0)), C2D_OK);
        c2d_mover_reset(&m);
        r = move(&m, w, 8, -0.2);
        assert_near(r.position.x, 4, 1e-4);
        assert_near(r.position.y, 4.4, 1e-4);
        c2d_world_destroy(w);
    }
}

/* Movers of the kinds beyond the box, circle, capsule and polygon: a concave L, an arc (a thick
 * half ring, open side down), an ellipse, a convex wedge, a rounded polygon and a segment (with a
 * skin: a flat segment has no height). Each lands on the floor and rests at the skin gap (its
 * lowest point 0.01 above the floor: the skin of every kind is exactly r out at its lowest point),
 * walks into a wall and stops clear of it, and never ends inside anything over a random walk in a
 * room of boxes, ramps, a cup and an arc. Before, c2d_mover_init refused them (UNSUPPORTED). */
#define EXTRA_KINDS 6
static const char *const extra_names[EXTRA_KINDS] = {"concave L", "arc", "ellipse", "wedge", "rounded polygon", "segment"};
static const c2d_vec2 k_ell[6] = {{-0.5f, -0.5f}, {0.5f, -0.5f}, {0.5f, -0.2f}, {-0.2f, -0.2f}, {-0.2f, 0.5f}, {-0.5f, 0.5f}};

static c2d_collider_id add_extra_mover(c2d_world *w, int kind, double x, double y, double *low) {
    c2d_collider_def def;
    c2d_collider_id id;
    c2d_concave cc;
    memset(&def, 0, sizeof def);
    def.transform = c2d_transform_make(c2d_v2((c2d_real)x, (c2d_real)y), 0);
    *low = 0.5;
    switch (kind) {
    case 0:
        assert_status(c2d_concave_make(k_ell, 6, &cc), C2D_OK);
        def.concave = &cc;
        break;
    case 1: {
        c2d_arc a;
        assert_status(c2d_arc_shape_make(c2d_v2(0, -0.5f), 0.3f, 1, 0, 3.14159265f, &a), C2D_OK);
        def.shape = c2d_shape_from_arc(&a);
        break;
    }
    case 2: {
        c2d_ellipse e;
        assert_status(c2d_ellipse_make(c2d_v2(0, 0), 0.7f, 0.5f, 0, &e), C2D_OK);
        def.shape = c2d_shape_from_ellipse(e);
        break;
    }
    case 3: {
        c2d_arc a;
        assert_status(c2d_convex_wedge_make(c2d_v2(0, -0.5f), 1, 0.5f, 2.6f, &a), C2D_OK);
        def.shape = c2d_shape_from_wedge(&a);
        break;
    }
    case 4: {
        c2d_vec2 pts[4] = {{-0.3f, -0.3f}, {0.3f, -0.3f}, {0.3f, 0.3f}, {-0.3f, 0.3f}};
        c2d_rounded_polygon rp;
        assert_status(c2d_rounded_polygon_make(pts, 4, 0.2f, &rp), C2D_OK);
        def.shape = c2d_shape_from_rounded_polygon(&rp);
        break;
    }
    default:
        def.shape = c2d_shape_from_segment(seg(-0.5, 0, 0.5, 0));
        *low = 0;
        break;
    }
    assert_status(c2d_world_add(w, &def, &id), C2D_OK);
    return id;
}

static void test_movers_of_every_kind(void **state) {
    test_rng rng = test_rng_make("mover_every_kind");
    int kind, it, iters = test_iterations(60);
    c2d_mover_config cfg;
    (void)state;
    memset(&cfg, 0, sizeof cfg);
    cfg.skin = (c2d_real)0.01;
    for (kind = 0; kind < EXTRA_KINDS; ++kind) {
        c2d_world *w = new_world();
        c2d_mover m;
        c2d_mover_result r;
        c2d_collider_id id;
        c2d_aabb box;
        c2d_collider_info info;
        double low;
        int i;
        add_box(w, -20, -1, 20, 0);
        add_box(w, 6, 0, 7, 10);
        id = add_extra_mover(w, kind, 0, 3, &low);
        assert_status(c2d_mover_init(&m, w, id, &cfg), C2D_OK);
        r = move(&m, w, 0, -5);
        assert_true(r.grounded);
        assert_status(c2d_world_get(w, id, &info), C2D_OK);
        box = info.aabb;
        printf("%s: rests with its lowest point at %.6f\n", extra_names[kind], (double)box.lower.y);
        assert_near(box.lower.y, 0.01, 1e-3);
        for (i = 0; i < 40; ++i) {
            r = move(&m, w, 0.5, -0.1);
            assert_int_equal(overlaps_any_piece(w, id), 0);
        }
        assert_true(r.hit_wall);
        assert_status(c2d_world_get(w, id, &info), C2D_OK);
        assert_true(info.aabb.upper.x < 6 && info.aabb.upper.x > 6 - 0.05);
        c2d_world_destroy(w);
    }
    /* random walks in a room of boxes, ramps, a cup and an arc (whose inner curve a graze along
     * it meets again further on: the mover and the arc's cast follow the path past a graze) */
    for (it = 0; it < iters; ++it) {
        c2d_world *w = new_world();
        c2d_mover m;
        c2d_collider_id id = c2d_collider_id_null();
        double low;
        int i;
        kind = it % (EXTRA_KINDS + SHAPE_KINDS); /* the new kinds, then box, circle, capsule, 8-gon */
        add_room(w, &rng, 8);
        add_cup(w);
        add_arc(w, -5, -5, 2, 2.5, 0.5, 4);
        for (i = 0; i < 100; ++i) {
            double x = test_rng_range(&rng, -9, 9), y = test_rng_range(&rng, -9, 9);
            id = kind < EXTRA_KINDS ? add_extra_mover(w, kind, x, y, &low) : add_mover_collider(w, kind - EXTRA_KINDS, x, y);
            if (overlaps_any_piece(w, id) == 0) break;
            assert_status(c2d_world_remove(w, id), C2D_OK);
            id = c2d_collider_id_null();
        }
        if (c2d_collider_id_is_null(id)) {
            c2d_world_destroy(w);
            continue;
        }
        assert_status(c2d_mover_init(&m, w, id, &cfg), C2D_OK);
        for (i = 0; i < 40; ++i) {
            c2d_mover_result r = move(&m, w, test_rng_range(&rng, -2, 2), test_rng_range(&rng, -2, 2));
            if (overlaps_any_piece(w, id) != 0) {
                printf("%s, iteration %d call %d: ends inside at (%g, %g)\n", kind < EXTRA_KINDS ? extra_names[kind] : shape_names[kind - EXTRA_KINDS], it, i, (double)r.position.x,
                       (double)r.position.y);
                fail();
            }
        }
        c2d_world_destroy(w);
    }
}

/* ---- bad input ---- */

static void test_bad_input(void **state) {
    c2d_world *w = new_world();
    c2d_collider_id id, seg_id;
    c2d_mover m, before;
    c2d_mover_config cfg;
    c2d_mover_input in;
    c2d_mover_result r, r0;
    c2d_mover_contact contacts[4];
    c2d_vec2 p0;
    const c2d_real bad[] = {NAN, INFINITY, -INFINITY};
    int i;
    (void)state;
    add_box(w, -10, -1, 10, 0);
    id = add_mover_collider(w, SHAPE_BOX, 0, 0.6);
    assert_status(c2d_mover_init(&m, w, id, NULL), C2D_OK);
    (void)move(&m, w, 0, -0.5);
    before = m;
    p0 = position_of(w, id);
    memset(&in, 0, sizeof in);
    memset(&r0, 0x5A, sizeof r0);
    for (i = 0; i < 3; ++i) {
        in.translation = c2d_v2(bad[i], 0);
        r = r0;
        assert_status(c2d_mover_move(&m, w, &in, contacts, 4, &r), C2D_ERR_NOT_FINITE);
        in.translation = c2d_v2(0, bad[i]);
        assert_status(c2d_mover_move(&m, w, &in, contacts, 4, &r), C2D_ERR_NOT_FINITE);
        assert_memory_equal(&r, &r0, sizeof r);
    }
    in.translation = c2d_v2((c2d_real)(C2D_MAX_COORD * 2), 0);
    assert_status(c2d_mover_move(&m, w, &in, NULL, 0, &r), C2D_ERR_OUT_OF_RANGE);
    in.translation = c2d_v2(1, 0);
    assert_status(c2d_mover_move(&m, w, &in, NULL, 1, &r), C2D_ERR_BAD_SIZE);
    assert_status(c2d_mover_move(&m, w, &in, contacts, -1, &r), C2D_ERR_BAD_SIZE);
    assert_status(c2d_mover_move(NULL, w, &in, NULL, 0, &r), C2D_ERR_NULL_ARG);
    assert_status(c2d_mover_move(&m, NULL, &in, NULL, 0, &r), C2D_ERR_NULL_ARG);
    assert_status(c2d_mover_move(&m, w, NULL, NULL, 0, &r), C2D_ERR_NULL_ARG);
    assert_memory_equal(&m, &before, sizeof m);
    {
        c2d_vec2 p1 = position_of(w, id);
        assert_memory_equal(&p0, &p1, sizeof p0);
    }

    /* settings c2d_mover_init refuses, and the mover is not written */
    memset(&cfg, 0, sizeof cfg);
    cfg.skin = -1;
    assert_status(c2d_mover_init(&m, w, id, &cfg), C2D_ERR_BAD_SIZE);
    cfg.skin = NAN;
    assert_status(c2d_mover_init(&m, w, id, &cfg), C2D_ERR_NOT_FINITE);
    memset(&cfg, 0, sizeof cfg);
    cfg.max_slope = C2D_PI / 2;
    assert_status(c2d_mover_init(&m, w, id, &cfg), C2D_ERR_BAD_ANGLE);
    cfg.max_slope = -0.1f;
    assert_status(c2d_mover_init(&m, w, id, &cfg), C2D_ERR_BAD_ANGLE);
    memset(&cfg, 0, sizeof cfg);
    cfg.min_slide_slope = 2;
    assert_status(c2d_mover_init(&m, w, id, &cfg), C2D_ERR_BAD_ANGLE);
    memset(&cfg, 0, sizeof cfg);
    cfg.max_iterations = 65;
    assert_status(c2d_mover_init(&m, w, id, &cfg), C2D_ERR_BAD_SIZE);
    memset(&cfg, 0, sizeof cfg);
    cfg.up = c2d_v2(1e-30f, 0);
    assert_status(c2d_mover_init(&m, w, id, &cfg), C2D_ERR_BAD_SIZE);
    memset(&cfg, 0, sizeof cfg);
    cfg.step_height = -0.5f;
    assert_status(c2d_mover_init(&m, w, id, &cfg), C2D_ERR_BAD_SIZE);
    memset(&cfg, 0, sizeof cfg);
    cfg.snap_distance = (c2d_real)(C2D_MAX_COORD * 2);
    assert_status(c2d_mover_init(&m, w, id, &cfg), C2D_ERR_OUT_OF_RANGE);
    assert_memory_equal(&m, &before, sizeof m);
    /* a mover whose settings were overwritten with nonsense */
    m.config.skin = -1;
    in.translation = c2d_v2(1, 0);
    assert_status(c2d_mover_move(&m, w, &in, NULL, 0, &r), C2D_ERR_BAD_SIZE);
    m = before;
    assert_status(c2d_mover_init(NULL, w, id, NULL), C2D_ERR_NULL_ARG);
    assert_status(c2d_mover_init(&m, NULL, id, NULL), C2D_ERR_NULL_ARG);
    /* a flat segment has no height, so no default skin; with a skin it moves */
    seg_id = add_static(w, c2d_shape_from_segment(seg(0, 5, 1, 5)));
    assert_status(c2d_mover_init(&m, w, seg_id, NULL), C2D_ERR_BAD_SIZE);
    memset(&cfg, 0, sizeof cfg);
    cfg.skin = (c2d_real)0.01;
    assert_status(c2d_mover_init(&m, w, seg_id, &cfg), C2D_OK);
    m = before;
    /* stale handle */
    assert_status(c2d_world_remove(w, id), C2D_OK);
    assert_status(c2d_mover_move(&m, w, &in, NULL, 0, &r), C2D_ERR_BAD_ID);
    assert_status(c2d_mover_init(&m, w, id, NULL), C2D_ERR_BAD_ID);
    assert_memory_equal(&m, &before, sizeof m);
    assert_true(c2d_world_validate(w));
    c2d_world_destroy(w);
}

/* Contacts come in order into a caller buffer with the total. */
static void test_contacts_in_order(void **state) {
    c2d_world *w = new_world();
    c2d_collider_id id, floor_id, wall_id;
    c2d_mover m;
    c2d_mover_input in;
    c2d_mover_result r;
    c2d_mover_contact k[4];
    (void)state;
    floor_id = add_box(w, -10, -1, 10, 0);
    wall_id = add_box(w, 1, 0, 2, 5);
    id = add_mover_collider(w, SHAPE_BOX, 0, 0.6);
    assert_status(c2d_mover_init(&m, w, id, NULL), C2D_OK);
    memset(&in, 0, sizeof in);
    in.translation = c2d_v2(1, -0.5);
    assert_status(c2d_mover_move(&m, w, &in, k, 4, &r), C2D_OK);
    assert_int_equal(r.contact_count, 2);
    assert_true(c2d_collider_id_equal(k[0].id, floor_id));
    assert_int_equal(k[0].kind, C2D_MOVER_GROUND);
    assert_vec_near(k[0].normal, 0, 1, 1e-6);
    assert_true(c2d_collider_id_equal(k[1].id, wall_id));
    assert_int_equal(k[1].kind, C2D_MOVER_WALL);
    assert_vec_near(k[1].normal, -1, 0, 1e-6);
    assert_true(r.grounded && r.hit_wall);
    assert_near(r.position.x, 1 - 0.4 - 0.01, 1e-3);
    assert_near(r.position.y, 0.5 + 0.01, 1e-3);
    /* a buffer of 1 keeps the first, the total stays 2 */
    assert_status(c2d_world_set_transform(w, id, c2d_transform_make(c2d_v2(0, 0.6), 0)), C2D_OK);
    assert_status(c2d_mover_move(&m, w, &in, k, 1, &r), C2D_OK);
    assert_int_equal(r.contact_count, 2);
    assert_true(c2d_collider_id_equal(k[0].id, floor_id));
    c2d_world_destroy(w);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_bad_input),
        cmocka_unit_test(test_contacts_in_order),
        cmocka_unit_test(test_recovers_from_overlap),
        cmocka_unit_test(test_landing_rests_at_skin),
        cmocka_unit_test(test_slope_climb_keeps_speed),
        cmocka_unit_test(test_steep_slope_not_climbed_slides_down),
        cmocka_unit_test(test_gentle_slope_no_slide),
        cmocka_unit_test(test_stairs_step_up),
        cmocka_unit_test(test_snap_down_slope),
        cmocka_unit_test(test_one_way),
        cmocka_unit_test(test_moving_platform_carries),
        cmocka_unit_test(test_v_corner_rest),
        cmocka_unit_test(test_platform_corner_diagonal),
        cmocka_unit_test(test_never_ends_inside_random),
        cmocka_unit_test(test_bit_identical),
        cmocka_unit_test(test_float_double_agree),
        cmocka_unit_test(test_no_snags_at_seams),
        cmocka_unit_test(test_walks_in_concave_cup),
        cmocka_unit_test(test_walks_against_arc_wall),
        cmocka_unit_test(test_movers_of_every_kind),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
