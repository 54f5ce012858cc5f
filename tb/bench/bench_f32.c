#define _POSIX_C_SOURCE 199309L
/* Benchmark: fiu_f32_dotadd lanes/s against the inlined hardware FMA chain
 * fmaf(a,x,fmaf(b,y,c)), measured side by side in one run. Not a test: prints figures only. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "args.h"
#include "fiu_f32.h"
#include "../common/host_f32.h"
#include "../common/splitmix64.h"

enum { LANES = 1 << 16 };

typedef struct {
    uint32_t a[LANES], b[LANES], c[LANES], x[LANES], y[LANES], out[LANES];
} lanes_t;

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* Plane coefficients of a plausible triangle; (x, y) sample positions on a 4K screen. */
static void fill_plausible(lanes_t *L, uint64_t seed)
{
    for (int i = 0; i < LANES; i++) {
        uint64_t r = splitmix64(&seed);
        L->a[i] = f2u((float)((int)(r & 0xFFFF) - 32768) / 65536.0f);
        L->b[i] = f2u((float)((int)((r >> 16) & 0xFFFF) - 32768) / 65536.0f);
        L->c[i] = f2u((float)((r >> 32) & 0xFFFF) / 64.0f);
        L->x[i] = f2u((float)((r >> 48) & 0xFFF) + (float)((r >> 60) & 0xF) / 16.0f);
        L->y[i] = f2u((float)((r >> 36) & 0x7FF) + 0.5f);
    }
}

/* Uniformly random bit patterns (NaN, inf, subnormals included). */
static void fill_random(lanes_t *L, uint64_t seed)
{
    for (int i = 0; i < LANES; i++) {
        uint64_t r = splitmix64(&seed), s = splitmix64(&seed), t = splitmix64(&seed);
        L->a[i] = (uint32_t)r, L->x[i] = (uint32_t)(r >> 32);
        L->b[i] = (uint32_t)s, L->y[i] = (uint32_t)(s >> 32);
        L->c[i] = (uint32_t)t;
    }
}

__attribute__((noinline)) static double run_batch(lanes_t *L, unsigned mode)
{
    double t0 = now();
    fiu_f32_dotadd_batch(LANES, L->a, L->x, L->b, L->y, L->c, mode, L->out);
    return now() - t0;
}

__attribute__((noinline)) static double run_fiu(lanes_t *L, unsigned mode)
{
    double t0 = now();
    for (int i = 0; i < LANES; i++)
        L->out[i] = fiu_f32_dotadd(L->a[i], L->x[i], L->b[i], L->y[i], L->c[i], mode);
    return now() - t0;
}

/* The inlined hardware FMA chain, one lane per iteration (as the model is called), and the
 * same loop as the compiler vectorises it. Only these functions are compiled for FMA. */
#if defined(__x86_64__) && defined(__GNUC__)
#define HAVE_FMA_TARGET 1
#if defined(__clang__)
#define NO_VEC _Pragma("clang loop vectorize(disable) interleave(disable)")
#define SCALAR_ATTR __attribute__((target("fma"), noinline))
#else
#define NO_VEC
#define SCALAR_ATTR __attribute__((target("fma"), noinline, optimize("no-tree-vectorize")))
#endif
SCALAR_ATTR static void fma_chain_scalar(lanes_t *L)
{
    NO_VEC
    for (int i = 0; i < LANES; i++)
        L->out[i] = f2u(__builtin_fmaf(u2f(L->a[i]), u2f(L->x[i]),
                                       __builtin_fmaf(u2f(L->b[i]), u2f(L->y[i]), u2f(L->c[i]))));
}

__attribute__((target("fma"), noinline)) static void fma_chain_vector(lanes_t *L)
{
    for (int i = 0; i < LANES; i++)
        L->out[i] = f2u(__builtin_fmaf(u2f(L->a[i]), u2f(L->x[i]),
                                       __builtin_fmaf(u2f(L->b[i]), u2f(L->y[i]), u2f(L->c[i]))));
}
static int have_fma(void) { return __builtin_cpu_supports("fma"); }
#else
#define HAVE_FMA_TARGET 0
static void fma_chain_scalar(lanes_t *L) { (void)L; }
static void fma_chain_vector(lanes_t *L) { (void)L; }
static int have_fma(void) { return 0; }
#endif

/* Without hardware FMA: libm fmaf calls (a much slower reference; the output says so). */
__attribute__((noinline)) static void fma_libm(lanes_t *L)
{
    for (int i = 0; i < LANES; i++)
        L->out[i] = f2u(fmaf(u2f(L->a[i]), u2f(L->x[i]), fmaf(u2f(L->b[i]), u2f(L->y[i]), u2f(L->c[i]))));
}

static double run_ref(lanes_t *L, int hw, int vector)
{
    double t0 = now();
    if (!hw)
        fma_libm(L);
    else if (vector)
        fma_chain_vector(L);
    else
        fma_chain_scalar(L);
    return now() - t0;
}

static int cmp_double(const void *p, const void *q)
{
    double a = *(const double *)p, b = *(const double *)q;
    return (a > b) - (a < b);
}

/* Median over n rounds of num[r] / den[r], or of num[r] when den is NULL (q: scratch of n
 * doubles; the inputs stay in round order). */
static double median_ratio(const double *num, const double *den, int n, double *q)
{
    for (int r = 0; r < n; r++)
        q[r] = den ? num[r] / den[r] : num[r];
    qsort(q, (size_t)n, sizeof(double), cmp_double);
    return q[n / 2];
}

enum { T_FMA, T_FMA_VEC, T_FUSED, T_UNFUSED, T_FUSED_RANDOM, T_UNFUSED_RANDOM, T_BATCH, T_BATCH_UNFUSED, T_BATCH_RANDOM, T_COUNT };
static const char *const T_NAMES[T_COUNT] = {"fma", "fma-vector", "fused", "unfused", "fused-random", "unfused-random",
                                             "batch", "batch-unfused", "batch-random"};

/* The lines of a full run after the FMA chain's: loop k, timed against loop ref. */
static const struct {
    int k, ref;
    const char *label, *than;
} ROWS[] = {
    {T_FUSED, T_FMA, "fiu_f32_dotadd fused+flush,   plausible    ", "the chain"},
    {T_UNFUSED, T_FUSED, "fiu_f32_dotadd unfused+flush, plausible    ", "fused"},
    {T_FUSED_RANDOM, T_FMA, "fiu_f32_dotadd fused+flush,   random bits  ", "the chain"},
    {T_UNFUSED_RANDOM, T_FMA, "fiu_f32_dotadd unfused+flush, random bits  ", "the chain"},
    {T_BATCH, T_FMA, "fiu_f32_dotadd_batch fused+flush,   plausible ", "the chain"},
    {T_BATCH_UNFUSED, T_BATCH, "fiu_f32_dotadd_batch unfused+flush, plausible ", "batch fused"},
    {T_BATCH_RANDOM, T_FMA, "fiu_f32_dotadd_batch fused+flush,   random    ", "the chain"},
};

/* The figures of a full run: lanes/s and ratios, then the summary line. Ratios are the
 * median over rounds of each round's time ratio, so that a change of clock rate between
 * rounds (this machine is shared) cancels instead of skewing two medians. */
static void report(double *const t[T_COUNT], int rounds, uint64_t seed, int hw, uint32_t sink, double *q)
{
    double v[T_COUNT], x[T_COUNT]; /* lanes/s; time ratio of loop k to its ROWS reference */
    for (int k = 0; k < T_COUNT; k++)
        v[k] = LANES / median_ratio(t[k], NULL, rounds, q);
    for (size_t i = 0; i < sizeof ROWS / sizeof ROWS[0]; i++)
        x[ROWS[i].k] = median_ratio(t[ROWS[i].k], t[ROWS[i].ref], rounds, q);
    const char *ref = hw ? "inlined hardware FMA chain" : "libm fmaf calls (no hardware FMA on this CPU)";
    printf("bench_f32: lanes=%d rounds=%d seed=%llu (lanes/s: median of interleaved rounds; ratios: median of\n"
           "  the rounds' time ratios; one core)\n",
           LANES, rounds, (unsigned long long)seed);
    if (!hw)
        printf("  note: this CPU (or compiler) has no FMA: the reference is %s\n", ref);
    printf("  fmaf(a,x,fmaf(b,y,c)) %-28s : %10.3e lanes/s\n", hw ? "inlined, scalar" : "libm", v[T_FMA]);
    if (hw)
        printf("  fmaf(a,x,fmaf(b,y,c)) %-28s : %10.3e lanes/s (%.1fx the scalar chain)\n",
               "inlined, vectorised loop", v[T_FMA_VEC], median_ratio(t[T_FMA], t[T_FMA_VEC], rounds, q));
    for (size_t i = 0; i < sizeof ROWS / sizeof ROWS[0]; i++)
        printf("  %s: %10.3e lanes/s  %5.2fx slower than %s\n", ROWS[i].label, v[ROWS[i].k], x[ROWS[i].k],
               ROWS[i].than);
    printf("bench_f32: summary: dotadd fused %.2fx FMA (target 6), batch %.2fx, random %.2fx (target 20), "
           "batch %.2fx, unfused %.2fx fused (target 1.5), batch %.2fx; reference %s [sink %08x]\n",
           x[T_FUSED], x[T_BATCH], x[T_FUSED_RANDOM], x[T_BATCH_RANDOM], x[T_UNFUSED], x[T_BATCH_UNFUSED],
           hw ? "inlined FMA chain, scalar" : "libm fmaf", sink);
}

int main(int argc, char **argv)
{
    int rounds = 31, only = -1;
    uint64_t seed = 1;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            printf("usage: bench_f32 [--rounds N] [--seed S] [--only NAME]\n"
                   "  Times fiu_f32_dotadd (FLUSH; fused and unfused) on plausible plane data and on\n"
                   "  random bit patterns against the inlined hardware FMA chain\n"
                   "  fmaf(a,x,fmaf(b,y,c)) (compiled for FMA, one lane per iteration; the\n"
                   "  vectorised loop is shown too), %d lanes, interleaved, N rounds; prints\n"
                   "  median lanes/s, the ratios (median over rounds of each round's time ratio) and a\n"
                   "  summary line with the targets.\n"
                   "  --only NAME times one loop (fma, fma-vector, fused, unfused, fused-random,\n"
                   "  unfused-random, batch, batch-unfused, batch-random), e.g. under valgrind\n"
                   "  --tool=callgrind --toggle-collect=run_fiu (or run_batch) for instructions per lane.\n",
                   LANES);
            return 0;
        } else if (!strcmp(argv[i], "--rounds") && i + 1 < argc) {
            uint64_t v;
            if (!fiu_arg_u64("bench_f32", "--rounds", argv[++i], 1, 10000, &v))
                return 2;
            rounds = (int)v;
        } else if (!strcmp(argv[i], "--seed") && i + 1 < argc) {
            if (!fiu_arg_u64("bench_f32", "--seed", argv[++i], 0, UINT64_MAX, &seed))
                return 2;
        } else if (!strcmp(argv[i], "--only") && i + 1 < argc) {
            i++;
            for (int k = 0; k < T_COUNT; k++)
                if (!strcmp(argv[i], T_NAMES[k]))
                    only = k;
            if (only < 0) {
                fprintf(stderr, "bench_f32: unknown --only '%s' (try --help)\n", argv[i]);
                return 2;
            }
        } else {
            fprintf(stderr, "bench_f32: unknown argument '%s' (try --help)\n", argv[i]);
            return 2;
        }
    }
    lanes_t *P = malloc(sizeof *P), *R = malloc(sizeof *R);
    double *q = malloc(sizeof(double) * (size_t)rounds); /* scratch for the medians */
    double *t[T_COUNT];
    for (int k = 0; k < T_COUNT; k++)
        t[k] = malloc(sizeof(double) * (size_t)rounds);
    for (int k = 0; k < T_COUNT; k++)
        if (!t[k])
            P = NULL;
    if (!P || !R || !q) {
        fprintf(stderr, "bench_f32: out of memory\n");
        return 1;
    }
    fill_plausible(P, seed);
    fill_random(R, seed);
    int hw = HAVE_FMA_TARGET && have_fma();
    uint32_t sink = 0;
    static const unsigned MODE[T_COUNT] = {0, 0, FIU_F32_FUSED | FIU_F32_FLUSH, FIU_F32_FLUSH,
                                           FIU_F32_FUSED | FIU_F32_FLUSH, FIU_F32_FLUSH, FIU_F32_FUSED | FIU_F32_FLUSH,
                                           FIU_F32_FLUSH, FIU_F32_FUSED | FIU_F32_FLUSH};
    static const int ORDER[T_COUNT] = {T_FMA, T_FUSED, T_UNFUSED, T_FUSED_RANDOM, T_UNFUSED_RANDOM, T_BATCH,
                                       T_BATCH_UNFUSED, T_BATCH_RANDOM, T_FMA_VEC};
    for (int r = 0; r < rounds; r++) { /* interleaved so machine noise hits all alike */
        for (int j = 0; j < T_COUNT; j++) {
            int k = ORDER[j];
            lanes_t *L = k == T_FUSED_RANDOM || k == T_UNFUSED_RANDOM || k == T_BATCH_RANDOM ? R : P;
            if (only >= 0 && k != only) {
                t[k][r] = 1;
                continue;
            }
            t[k][r] = k == T_FMA || k == T_FMA_VEC       ? run_ref(L, hw, k == T_FMA_VEC)
                      : k >= T_BATCH                    ? run_batch(L, MODE[k])
                                                        : run_fiu(L, MODE[k]);
            sink ^= L->out[r % LANES];
        }
    }
    if (only >= 0)
        printf("bench_f32: summary: only %s: %.3e lanes/s (median of %d rounds) [sink %08x]\n", T_NAMES[only],
               LANES / median_ratio(t[only], NULL, rounds, q), rounds, sink);
    else
        report(t, rounds, seed, hw, sink, q);
    free(P);
    free(R);
    free(q);
    for (int k = 0; k < T_COUNT; k++)
        free(t[k]);
    return 0;
}
