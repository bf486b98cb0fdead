/* Shared parts of the bench drivers (bench_narrow, bench_cast, bench_broadphase): a seeded
 * splitmix64 generator, a monotonic clock, medians, and the per-call timing harness of the narrow
 * and cast suites. Bench code only; not part of the library. */
#ifndef COLLIDE2D_BENCH_UTIL_H
#define COLLIDE2D_BENCH_UTIL_H

#include <time.h>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace bench {

/* splitmix64 with a caller-chosen fixed seed */
struct Rng {
    uint64_t s;
    uint64_t next() {
        uint64_t z = (s += 0x9E3779B97F4A7C15ULL);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
        return z ^ (z >> 31);
    }
    /* uniform in [0, 1) */
    double uni() { return (double)(next() >> 11) * (1.0 / 9007199254740992.0); }
    /* uniform in [a, b) */
    double range(double a, double b) { return a + (b - a) * uni(); }
    /* uniform integer in [0, n) */
    int64_t below(int64_t n) { return (int64_t)(uni() * (double)n); }
    /* standard normal (Box-Muller) */
    double gauss() {
        double u = uni(), v = uni();
        if (u < 1e-300) u = 1e-300;
        return std::sqrt(-2.0 * std::log(u)) * std::cos(6.283185307179586 * v);
    }
};

/* Monotonic clock in nanoseconds. */
inline double now_ns() {
    timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

/* Median of the samples (mean of the middle two for an even count); 0 when empty. */
inline double median(std::vector<double> v) {
    if (v.empty()) return 0;
    std::sort(v.begin(), v.end());
    size_t k = v.size() / 2;
    return v.size() % 2 ? v[k] : 0.5 * (v[k - 1] + v[k]);
}

/* Smallest sample; 0 when empty. */
inline double minimum(const std::vector<double> &v) {
    return v.empty() ? 0 : *std::min_element(v.begin(), v.end());
}

/* The 1-minute load average from /proc/loadavg; -1 when it cannot be read. */
inline double load_average() {
    double l = -1;
    FILE *f = std::fopen("/proc/loadavg", "r");
    if (f) {
        if (std::fscanf(f, "%lf", &l) != 1) l = -1;
        std::fclose(f);
    }
    return l;
}

/* ---- per-call timing of the narrow and cast suites ---- */

/* What a loop folds its results into: a hit count (integer adds, cheap) and a sum of one real
 * output per hit. Both end in g_sink. */
struct Acc {
    uint64_t hits;
    double f;
};
inline volatile double g_sink;

/* Runs a case's loop `passes` times over the n inputs, adding into the accumulator. */
typedef std::function<void(int passes, Acc &acc)> RunFn;

/* Wraps a per-input body into a RunFn. The body is copied into a local so that its captured
 * array pointers live in registers across the opaque library calls. */
template <class F>
RunFn loop(int n, F body) {
    return [n, body](int passes, Acc &out) {
        F f = body;
        Acc acc = out;
        for (int p = 0; p < passes; ++p)
            for (int i = 0; i < n; ++i) f(i, acc);
        out = acc;
    };
}

/* One implementation of a case, and what measure() found for it. */
struct Impl {
    std::string name;
    RunFn run;
    int passes = 1;
    double median = 0, min = 0, hit_rate = 0;
};

/* Times every implementation of a case (a struct with `n` and `impls`): one warm-up pass (which
 * also gives the hit rate), passes per sample sized to about target_ms, then `reps` interleaved
 * samples in ns per call, reduced to median and minimum. */
template <class CaseT>
void measure(CaseT &c, int reps, double target_ms) {
    std::vector<std::vector<double>> samples(c.impls.size());
    for (Impl &im : c.impls) {
        Acc acc = {0, 0};
        im.run(1, acc);
        im.hit_rate = (double)acc.hits / c.n;
        double best = 1e300;
        for (int k = 0; k < 3; ++k) {
            double t0 = now_ns();
            im.run(1, acc);
            best = std::min(best, now_ns() - t0);
        }
        double want = target_ms * 1e6 / std::max(best, 1.0);
        im.passes = (int)std::max(1.0, std::min(100000.0, std::ceil(want)));
        g_sink = g_sink + acc.f + (double)acc.hits;
    }
    for (int r = 0; r < reps; ++r) {
        for (size_t k = 0; k < c.impls.size(); ++k) {
            Impl &im = c.impls[k];
            Acc acc = {0, 0};
            double t0 = now_ns();
            im.run(im.passes, acc);
            double t = now_ns() - t0;
            samples[k].push_back(t / ((double)im.passes * c.n));
            g_sink = g_sink + acc.f + (double)acc.hits;
        }
    }
    for (size_t k = 0; k < c.impls.size(); ++k) {
        c.impls[k].median = median(samples[k]);
        c.impls[k].min = minimum(samples[k]);
    }
}

}  // namespace bench

#endif
