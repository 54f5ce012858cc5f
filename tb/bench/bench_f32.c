#define _POSIX_C_SOURCE 199309L
/* Benchmark: fused dot-add lanes/s vs a plain fmaf(a,x,fmaf(b,y,c)) loop, side by side.
 * Not a test: prints figures only. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

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
static void fill(lanes_t *L, uint64_t seed)
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

static double run_fiu(lanes_t *L, unsigned mode)
{
    double t0 = now();
    for (int i = 0; i < LANES; i++)
        L->out[i] = fiu_f32_dotadd(L->a[i], L->x[i], L->b[i], L->y[i], L->c[i], mode);
    return now() - t0;
}

static double run_fmaf(lanes_t *L)
{
    double t0 = now();
    for (int i = 0; i < LANES; i++)
        L->out[i] = f2u(fmaf(u2f(L->a[i]), u2f(L->x[i]), fmaf(u2f(L->b[i]), u2f(L->y[i]), u2f(L->c[i]))));
    return now() - t0;
}

static int cmp_double(const void *p, const void *q)
{
    double a = *(const double *)p, b = *(const double *)q;
    return (a > b) - (a < b);
}

int main(int argc, char **argv)
{
    int rounds = 31;
    uint64_t seed = 1;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            printf("usage: bench_f32 [--rounds N] [--seed S]\n"
                   "  Times fiu_f32_dotadd (fused+flush and unfused+flush) and a plain\n"
                   "  fmaf(a,x,fmaf(b,y,c)) loop over %d lanes, interleaved, N rounds;\n"
                   "  prints median lane evaluations/s and the ratio.\n", LANES);
            return 0;
        } else if (!strcmp(argv[i], "--rounds") && i + 1 < argc) {
            rounds = atoi(argv[++i]);
        } else if (!strcmp(argv[i], "--seed") && i + 1 < argc) {
            seed = strtoull(argv[++i], NULL, 0);
        } else {
            fprintf(stderr, "bench_f32: unknown argument '%s' (try --help)\n", argv[i]);
            return 2;
        }
    }
    if (rounds < 1 || rounds > 10000) {
        fprintf(stderr, "bench_f32: --rounds must be 1..10000\n");
        return 2;
    }
    lanes_t *L = malloc(sizeof *L);
    double *tf = malloc(sizeof(double) * (size_t)rounds), *tu = malloc(sizeof(double) * (size_t)rounds),
           *tp = malloc(sizeof(double) * (size_t)rounds);
    if (!L || !tf || !tu || !tp) {
        fprintf(stderr, "bench_f32: out of memory\n");
        return 1;
    }
    fill(L, seed);
    uint32_t sink = 0;
    for (int r = 0; r < rounds; r++) { /* interleaved so machine noise hits all three alike */
        tf[r] = run_fiu(L, FIU_F32_FUSED | FIU_F32_FLUSH);
        sink ^= L->out[r % LANES];
        tu[r] = run_fiu(L, FIU_F32_FLUSH);
        sink ^= L->out[r % LANES];
        tp[r] = run_fmaf(L);
        sink ^= L->out[r % LANES];
    }
    qsort(tf, (size_t)rounds, sizeof(double), cmp_double);
    qsort(tu, (size_t)rounds, sizeof(double), cmp_double);
    qsort(tp, (size_t)rounds, sizeof(double), cmp_double);
    double f = LANES / tf[rounds / 2], u = LANES / tu[rounds / 2], p = LANES / tp[rounds / 2];
    printf("bench_f32: lanes=%d rounds=%d seed=%llu (median of rounds, one core)\n", LANES, rounds,
           (unsigned long long)seed);
    printf("  fiu_f32_dotadd fused+flush   : %10.3e lanes/s\n", f);
    printf("  fiu_f32_dotadd unfused+flush : %10.3e lanes/s\n", u);
    printf("  fmaf(a,x,fmaf(b,y,c)) loop   : %10.3e lanes/s\n", p);
    printf("bench_f32: fused dot-add is %.2fx slower than the fmaf loop (target <= 3x) [sink %08x]\n", p / f,
           sink);
    free(L);
    free(tf);
    free(tu);
    free(tp);
    return 0;
}
