/* Loop scaffolding shared by the bench_peer_*.c files (bench code only): LOOP(name, body...) defines
 * a bench_peer_fn whose body sees the pair index i, the accumulator acc, the vertex index v and
 * the peer's scene pointer s (of type SCENE_T, which the including file defines). */
#ifndef COLLIDE2D_BENCH_PEER_COMMON_H
#define COLLIDE2D_BENCH_PEER_COMMON_H

/* Each pass must redo its work: queries inlined into the loop are pure functions of the arrays, and
 * without this barrier (the compiler must assume memory changed) a compiler could compute one pass
 * and reuse it for the others. */
#if defined(__GNUC__)
#  define PASS_BARRIER() __asm__ __volatile__("" ::: "memory")
#else
#  define PASS_BARRIER() ((void)0)
#endif

#define LOOP(NAME, ...)                                                   \
    static void NAME(const void *scene_ptr, int v, int passes, bench_acc *out) { \
        const SCENE_T *s = (const SCENE_T *)scene_ptr;                      \
        const int n = s->n;                                               \
        bench_acc acc = *out;                                             \
        int p, i;                                                         \
        (void)v;                                                          \
        for (p = 0; p < passes; ++p) {                                    \
            PASS_BARRIER();                                               \
            for (i = 0; i < n; ++i) {                                     \
                __VA_ARGS__                                               \
            }                                                             \
        }                                                                 \
        *out = acc;                                                       \
    }

/* A case table row: a case without a polygon, or one run at 4 and 8 vertices. */
#define PLAIN(NAME) {#NAME, 0, NAME}
#define POLY(NAME) {#NAME, 1, NAME}

#endif
