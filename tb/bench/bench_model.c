/* Benchmark: C model lanes/s for immediate IPA (CENTER, CENTROID) and a mixed-op stream
 * from the generator. Not a test: prints figures only. */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "args.h"
#include "fiu_vectors.h"

enum { LANES = 32, REQS = 4096, MIXED = 20000, BATCH = 64 };

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

typedef struct {
    fiu_state st;
    bool have_state;
    fiu_request *rq;
    size_t n, cap;
} stream;

static bool collect(void *ctx, const fiu_vrec *rec)
{
    stream *s = ctx;
    if (rec->kind == FIU_VREC_REQUEST) {
        if (s->n == s->cap)
            return false;
        s->rq[s->n++] = rec->u.req.rq;
        return true;
    }
    if (rec->kind == FIU_VREC_RAMSIZE && s->have_state)
        fiu_state_free(&s->st);
    s->have_state = true;
    return fiu_vec_apply(&s->st, rec); /* the final state serves every request: fine for timing */
}

/* Best of `rounds` passes; batch: fiu_execute_batch over BATCH requests at a time. */
static double lanes_per_s(const fiu_state *st, const fiu_request *rq, size_t n, int rounds, bool batch,
                          uint32_t *sink)
{
    static fiu_response rsp[BATCH];
    double best = 0;
    for (int r = 0; r < rounds; r++) {
        double t0 = now();
        uint64_t lanes = 0;
        for (size_t i = 0; i < n; i += batch ? BATCH : 1) {
            size_t k = batch ? (n - i < BATCH ? n - i : BATCH) : 1;
            if (batch)
                fiu_execute_batch(st, &rq[i], k, rsp);
            else
                fiu_execute(st, &rq[i], rsp);
            *sink ^= rsp[0].result[0];
        }
        double dt = now() - t0;
        for (size_t i = 0; i < n; i++)
            lanes += rq[i].lanes;
        double v = (double)lanes / dt;
        best = v > best ? v : best;
    }
    return best;
}

int main(int argc, char **argv)
{
    int rounds = 15;
    const char *only = NULL; /* center, centroid or mixed: that figure alone (for callgrind) */
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            printf("usage: bench_model [--rounds N] [--only center|centroid|mixed]\n"
                   "  Times fiu_execute: immediate IPA PASS over %d lanes (CENTER, CENTROID) and a\n"
                   "  generated mixed-op stream (seed 7), single requests and fiu_execute_batch; best of\n"
                   "  N rounds (default 15). --only runs one figure with single requests, e.g. under\n"
                   "  valgrind --tool=callgrind --toggle-collect=fiu_execute for instructions per lane.\n",
                   LANES);
            return 0;
        } else if (!strcmp(argv[i], "--rounds") && i + 1 < argc) {
            uint64_t v;
            if (!fiu_arg_u64("bench_model", "--rounds", argv[++i], 1, 10000, &v))
                return 2;
            rounds = (int)v;
        } else if (!strcmp(argv[i], "--only") && i + 1 < argc) {
            only = argv[++i];
            if (strcmp(only, "center") && strcmp(only, "centroid") && strcmp(only, "mixed")) {
                fprintf(stderr, "bench_model: bad --only '%s' (center, centroid or mixed)\n", only);
                return 2;
            }
        } else {
            fprintf(stderr, "bench_model: unknown argument '%s' (try --help)\n", argv[i]);
            return 2;
        }
    }
    fiu_state st;
    if (!fiu_state_init(&st, 4096))
        return 1;
    fiu_state_samples_default(&st, 4);
    for (uint32_t d = 0; d < 64; d++)
        fiu_state_map_write(&st, 0x80 / 4 + d, true, d, FIU_INTERP_LINEAR);
    uint64_t seed = 12345;
    for (uint32_t w = 0; w < 64 * 3 + 64; w++) { /* planes: small random fp32 coefficients */
        seed = seed * 6364136223846793005ull + 1442695040888963407ull;
        fiu_state_ram_write(&st, w, 0x3C000000u | (uint32_t)(seed >> 41));
    }
    fiu_request *rq = calloc(REQS, sizeof *rq);
    if (!rq)
        return 1;
    for (int i = 0; i < REQS; i++) {
        rq[i].op = FIU_OP_IPA;
        rq[i].ipa_mode = FIU_IPA_PASS;
        rq[i].imm = (uint16_t)(0x80 + 4 * (i % 64));
        rq[i].lanes = LANES;
        for (int l = 0; l < LANES; l++) {
            fiu_lane *ln = &rq[i].lane[l];
            ln->active = ln->guard = true;
            ln->px = (uint16_t)(l % 8 + 8 * (i % 256));
            ln->py = (uint16_t)(l / 8 + 8 * (i / 256));
            ln->coverage = (uint16_t)((i * 7 + l * 3) & 0xF);
        }
    }
    uint32_t sink = 0;
    double center = 0, center_b = 0, centroid = 0, centroid_b = 0, mixed = 0, mixed_b = 0;
    if (!only || !strcmp(only, "center"))
        center = lanes_per_s(&st, rq, REQS, rounds, false, &sink);
    if (!only)
        center_b = lanes_per_s(&st, rq, REQS, rounds, true, &sink);
    for (int i = 0; i < REQS; i++)
        rq[i].loc = FIU_LOC_CENTROID;
    if (!only || !strcmp(only, "centroid"))
        centroid = lanes_per_s(&st, rq, REQS, rounds, false, &sink);
    if (!only)
        centroid_b = lanes_per_s(&st, rq, REQS, rounds, true, &sink);
    free(rq);
    fiu_state_free(&st);

    stream s = {.rq = calloc(MIXED, sizeof(fiu_request)), .cap = MIXED};
    if (!s.rq)
        return 1;
    fiu_gen_config g = {.seed = 7, .count = MIXED, .lanes = 0, .ops = 0};
    fiu_gen_run(&g, collect, &s);
    if (!only || !strcmp(only, "mixed"))
        mixed = lanes_per_s(&s.st, s.rq, s.n, rounds, false, &sink);
    if (!only)
        mixed_b = lanes_per_s(&s.st, s.rq, s.n, rounds, true, &sink);
    printf("bench_model: best of %d rounds, one core; lanes/s, fiu_execute | fiu_execute_batch (%d requests)\n",
           rounds, BATCH);
    printf("  IPA immediate PASS, CENTER,   %d lanes : %10.3e | %10.3e\n", LANES, center, center_b);
    printf("  IPA immediate PASS, CENTROID, %d lanes : %10.3e | %10.3e\n", LANES, centroid, centroid_b);
    printf("  mixed-op generator stream (seed 7, %zu requests): %10.3e | %10.3e\n", s.n, mixed, mixed_b);
    printf("bench_model: summary: execute %.2g lanes/s (target 5e7), centroid %.2g, mixed %.2g [sink %08x]\n",
           center, centroid, mixed, sink);
    free(s.rq);
    if (s.have_state)
        fiu_state_free(&s.st);
    return 0;
}
