/* alpha_study: exhaustive check of seed 004's UNORM8 alpha-test lowering against the strict
 * UNORM8 compare, over every fp32 alpha bit pattern x every 8-bit reference k x every function.
 * Three lowerings are checked: the seed's (fiu_alpha_pass_lowered_unorm8), the same applied to
 * saturate(alpha), and the corrected one (fiu_alpha_pass_lowered_unorm8_fixed).
 * Method and proof of the shortcut: docs/alpha-test.md.
 *
 * Shortcut: for a fixed (func, k) the strict compare depends on alpha only through
 * u = fiu_alpha_unorm(alpha, 8), and each lowering only through float compares against the
 * thresholds (2j-1)/510 (RNE and round-up), i.e. through the position of alpha among those
 * split points (or "NaN"). All 2^32 patterns are enumerated once; runs of consecutive patterns
 * with the same class key are recorded and every (func, k) is then evaluated on each run, at
 * its first, middle and last pattern, which must agree (internal check).
 * Exit: 0 = study done (mismatches are facts, not failures) unless an --expect option
 * does not hold (1); 2 = usage or internal error. */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include <errno.h>
#include <inttypes.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <mpfr.h>

#include "alpha_lowering.h"
#include "fiu.h"
#include "../../common/host_f32.h"

enum { NUM_FUNCS = 8, NUM_REFS = 256, NUM_LOWERINGS = 3, MAX_THREADS = 64 };
enum { LOWERING_SEED = 0, LOWERING_SEED_SAT = 1, LOWERING_FIXED = 2 };
enum { CAT_NAN = 0, CAT_OUT_OF_RANGE = 1, CAT_IN_RANGE = 2, NUM_CATS = 3 };

#define NAN_CLASS 0xFFFFFFFFu
#define FULL_CHUNK_BITS 24 /* full mode: 256 chunks of 2^24 patterns */
#define QUICK_STRIDE 4096u
#define QUICK_NEAR 64u     /* quick mode: patterns within +-64 of each threshold */

static const char *const func_names[NUM_FUNCS] = {"NEVER",    "LESS",     "EQUAL",  "LEQUAL",
                                                  "GREATER", "NOTEQUAL", "GEQUAL", "ALWAYS"};
static const char *const lowering_names[NUM_LOWERINGS] = {"seed", "seed+sat", "fixed"};
static const char *const expect_options[NUM_LOWERINGS] = {"--expect-mismatches", "--expect-saturated-mismatches",
                                                          "--expect-fixed-mismatches"};

typedef bool (*lowering_fn)(uint32_t func, uint32_t alpha, uint32_t ref_unorm8);
/* Seed lowering applied to saturate(alpha) (spec 2.9: NaN, -0 -> +0, clamp to [0,1]): isolates
 * the threshold-rounding defect from the NaN / out-of-range one. */
static bool seed_lowering_saturated(uint32_t func, uint32_t alpha, uint32_t ref_unorm8)
{
    return fiu_alpha_pass_lowered_unorm8(func, fiu_f32_saturate(alpha), ref_unorm8);
}
static const lowering_fn lowerings[NUM_LOWERINGS] = {fiu_alpha_pass_lowered_unorm8, seed_lowering_saturated,
                                                     fiu_alpha_pass_lowered_unorm8_fixed};

/* One run of consecutively enumerated alphas with the same class key. */
typedef struct {
    uint32_t lo, hi;  /* first and last enumerated pattern */
    uint32_t mid;     /* an enumerated pattern in between (or lo) */
    uint64_t count;   /* enumerated patterns in the run */
    uint32_t key;     /* NAN_CLASS or (position << 9 | u) */
} run;

typedef struct {
    run *v;
    size_t n, cap;
} run_list;

/* Read-only study context shared by the workers. */
typedef struct {
    int64_t thr_keys[2 * FIU_ALPHA_U8_THRESHOLDS + 2]; /* sorted, distinct split keys */
    size_t n_thr;
    const uint32_t *samples; /* quick mode: sorted distinct patterns; NULL = all 2^32 */
    uint64_t n_alphas;
    size_t n_chunks;
    uint64_t chunk_len;
    uint32_t refs[NUM_REFS]; /* RNE(k/255) */
    bool direct;             /* also evaluate every enumerated alpha directly (cross-check) */
} study_ctx;

typedef struct {
    const study_ctx *ctx;
    unsigned index, n_threads;
    run_list *chunk_runs; /* indexed by chunk; this worker fills chunks index, index+T, ... */
    bool oom;
    uint64_t direct_mism[NUM_LOWERINGS]; /* --direct: mismatches found without the shortcut */
} worker_args;

typedef struct {
    unsigned threads;
    bool quick, quiet, direct;
    bool expect_set[NUM_LOWERINGS];
    uint64_t expect[NUM_LOWERINGS]; /* --expect-*-mismatches, per lowering */
} options;

/* ---- fp32 helpers (study-local) ---- */

static bool is_nan(uint32_t x) { return (x & 0x7FFFFFFFu) > 0x7F800000u; }
static int64_t order_key(uint32_t x)
{
    int64_t mag = (int64_t)(x & 0x7FFFFFFFu);
    return (x & 0x80000000u) ? -mag : mag;
}
static int category(uint32_t a)
{
    if (is_nan(a))
        return CAT_NAN;
    int64_t k = order_key(a);
    return (k < 0 || k > (int64_t)FIU_F32_ONE) ? CAT_OUT_OF_RANGE : CAT_IN_RANGE;
}

/* Correctly rounded fp32 of num/den with MPFR (independent of the model's integer code). */
static uint32_t mpfr_ratio_bits(long num, unsigned long den, mpfr_rnd_t rnd)
{
    mpfr_t x;
    mpfr_init2(x, 24);
    mpfr_set_si(x, num, MPFR_RNDN); /* exact: |num| < 2^24 */
    mpfr_div_ui(x, x, den, rnd);    /* one correct rounding of the exact quotient */
    float f = mpfr_get_flt(x, MPFR_RNDN);
    mpfr_clear(x);
    uint32_t b;
    memcpy(&b, &f, sizeof b);
    return b;
}

/* ---- class key of one alpha ---- */

/* pos_idx: running lower-bound index into thr_keys (amortised O(1) for monotone scans). */
static uint32_t class_key(const study_ctx *ctx, uint32_t a, size_t *pos_idx)
{
    if (is_nan(a))
        return NAN_CLASS;
    int64_t k = order_key(a);
    size_t i = *pos_idx;
    while (i < ctx->n_thr && ctx->thr_keys[i] < k)
        i++;
    while (i > 0 && ctx->thr_keys[i - 1] >= k)
        i--;
    *pos_idx = i;
    uint32_t pos = (uint32_t)(2 * i + (i < ctx->n_thr && ctx->thr_keys[i] == k));
    return pos << 9 | fiu_alpha_unorm(a, 8);
}

static bool runs_push(run_list *l, const run *r)
{
    if (l->n == l->cap) {
        size_t cap = l->cap ? 2 * l->cap : 64;
        run *v = realloc(l->v, cap * sizeof *v);
        if (!v)
            return false;
        l->v = v;
        l->cap = cap;
    }
    l->v[l->n++] = *r;
    return true;
}

static uint32_t alpha_at(const study_ctx *ctx, uint64_t i)
{
    return ctx->samples ? ctx->samples[i] : (uint32_t)i;
}

/* Enumerate one chunk [begin, end) of the alpha sequence into runs. */
static bool scan_chunk(const study_ctx *ctx, uint64_t begin, uint64_t end, run_list *out)
{
    size_t pos_idx = 0;
    uint64_t start = begin; /* index of the open run's first alpha */
    uint32_t key = 0;
    for (uint64_t i = begin; i <= end; i++) {
        uint32_t next_key = i < end ? class_key(ctx, alpha_at(ctx, i), &pos_idx) : 0;
        if (i > begin && (i == end || next_key != key)) { /* close run [start, i) */
            run r = {.lo = alpha_at(ctx, start), .hi = alpha_at(ctx, i - 1),
                     .mid = alpha_at(ctx, start + (i - 1 - start) / 2), .count = i - start, .key = key};
            if (!runs_push(out, &r))
                return false;
            start = i;
        }
        key = next_key;
    }
    return true;
}

/* --direct: every (alpha, func, k) of the chunk evaluated without classes. */
static void direct_chunk(const study_ctx *ctx, uint64_t begin, uint64_t end, uint64_t *mism)
{
    for (uint64_t i = begin; i < end; i++) {
        uint32_t a = alpha_at(ctx, i);
        for (uint32_t func = 0; func < NUM_FUNCS; func++)
            for (uint32_t k = 0; k < NUM_REFS; k++) {
                bool strict = fiu_alpha_pass(func, FIU_AFMT_UNORM8, a, ctx->refs[k]);
                for (int l = 0; l < NUM_LOWERINGS; l++)
                    mism[l] += lowerings[l](func, a, k) != strict;
            }
    }
}

static void *worker_main(void *p)
{
    worker_args *w = p;
    const study_ctx *ctx = w->ctx;
    for (size_t c = w->index; c < ctx->n_chunks; c += w->n_threads) {
        uint64_t begin = (uint64_t)c * ctx->chunk_len;
        uint64_t end = begin + ctx->chunk_len;
        if (end > ctx->n_alphas)
            end = ctx->n_alphas;
        if (!scan_chunk(ctx, begin, end, &w->chunk_runs[c])) {
            w->oom = true;
            break;
        }
        if (ctx->direct)
            direct_chunk(ctx, begin, end, w->direct_mism);
    }
    return NULL;
}

/* ---- quick-mode sample set ---- */

static int cmp_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

static void add_near(uint32_t *v, size_t *n, uint32_t center, uint32_t radius)
{
    for (int64_t d = -(int64_t)radius; d <= (int64_t)radius; d++) {
        int64_t x = (int64_t)center + d;
        if (x >= 0 && x <= (int64_t)UINT32_MAX)
            v[(*n)++] = (uint32_t)x;
    }
}

/* Every QUICK_STRIDE-th pattern, +-QUICK_NEAR around every threshold, every k/255 and the
 * specials (zeros, 1, infinities, NaN edges, subnormal edges). Sorted, distinct. */
static uint32_t *quick_samples(const uint32_t *thr, size_t n_thr, const uint32_t *refs, size_t *n_out)
{
    static const uint32_t specials[] = {0x00000000u, 0x80000000u, 0x00000001u, 0x80000001u, 0x007FFFFFu,
                                        0x807FFFFFu, 0x00800000u, 0x3F000000u, FIU_F32_ONE, 0xBF800000u,
                                        0x7F7FFFFFu, 0xFF7FFFFFu, FIU_F32_POS_INF, FIU_F32_NEG_INF,
                                        0x7FFFFFFFu, 0xFFFFFFFFu, 0x7FC00000u, 0xFFC00000u};
    size_t nspec = sizeof specials / sizeof specials[0];
    size_t cap = ((size_t)1 << 32) / QUICK_STRIDE + (n_thr + NUM_REFS + nspec) * (2 * QUICK_NEAR + 1);
    uint32_t *v = malloc(cap * sizeof *v);
    if (!v)
        return NULL;
    size_t n = 0;
    for (uint64_t a = 0; a <= UINT32_MAX; a += QUICK_STRIDE)
        v[n++] = (uint32_t)a;
    for (size_t i = 0; i < n_thr; i++)
        add_near(v, &n, thr[i], QUICK_NEAR);
    for (size_t k = 0; k < NUM_REFS; k++)
        add_near(v, &n, refs[k], QUICK_NEAR);
    for (size_t i = 0; i < nspec; i++)
        add_near(v, &n, specials[i], QUICK_NEAR);
    qsort(v, n, sizeof *v, cmp_u32);
    size_t m = 0;
    for (size_t i = 0; i < n; i++)
        if (m == 0 || v[m - 1] != v[i])
            v[m++] = v[i];
    *n_out = m;
    return v;
}

/* ---- counterexamples ---- */

typedef struct {
    uint8_t lowering, func, k;
    bool strict;
    size_t run_index;
} counterexample;

typedef struct {
    counterexample *v;
    size_t n, cap;
} cex_list;

static bool cex_push(cex_list *l, const counterexample *c)
{
    if (l->n == l->cap) {
        size_t cap = l->cap ? 2 * l->cap : 256;
        counterexample *v = realloc(l->v, cap * sizeof *v);
        if (!v)
            return false;
        l->v = v;
        l->cap = cap;
    }
    l->v[l->n++] = *c;
    return true;
}

/* A counterexample range being coalesced from adjacent runs. */
typedef struct {
    bool open, strict;
    uint32_t lo, hi;
    uint64_t count;
    size_t last_run;
} cex_range;

static void print_alpha(uint32_t a)
{
    printf("0x%08" PRIx32 " (%.9g)", a, (double)u2f(a));
}

/* Prints an open range (unless quiet); returns 1 if there was one. */
static size_t print_range(const cex_range *p, const options *opt, int lowering, uint32_t func, uint32_t k)
{
    if (!p->open)
        return 0;
    if (!opt->quiet) {
        printf("mismatch %s %-8s k=%3" PRIu32 " alpha ", lowering_names[lowering], func_names[func], k);
        if (category(p->lo) == CAT_NAN) {
            printf("NaN (any sign and payload)");
        } else {
            print_alpha(p->lo);
            printf(" .. ");
            print_alpha(p->hi);
        }
        printf(" [%" PRIu64 " pattern%s]: strict=%s lowered=%s\n", p->count, p->count == 1 ? "" : "s",
               p->strict ? "pass" : "kill", p->strict ? "kill" : "pass");
    }
    return 1;
}

/* ---- driver ---- */

static void usage(FILE *f)
{
    fprintf(f,
            "usage: alpha_study [options]\n"
            "Compares seed 004's UNORM8 alpha-test lowering (fiu_alpha_pass_lowered_unorm8), the same on\n"
            "saturate(alpha), and the corrected lowering (fiu_alpha_pass_lowered_unorm8_fixed) with\n"
            "the strict compare\n"
            "fiu_alpha_pass(func, UNORM8, alpha, RNE(k/255)) over every fp32 alpha, k = 0..255 and all\n"
            "8 functions. Method and proof of the class shortcut: docs/alpha-test.md.\n"
            "  --threads N                  worker threads (1..%d, default 2)\n"
            "  --quick                      subset: every %u-th pattern plus +-%u patterns around every\n"
            "                               threshold, every k/255 and the special values\n"
            "  --quiet                      do not print the counterexample ranges\n"
            "  --direct                     also evaluate every enumerated (alpha, k, func) directly,\n"
            "                               without the class shortcut, and require equal counts\n"
            "                               (use with --quick: the full direct run takes days)\n"
            "  --expect-mismatches N        exit 1 unless the seed lowering has exactly N mismatches\n"
            "  --expect-saturated-mismatches N  the same for the seed lowering on saturate(alpha)\n"
            "  --expect-fixed-mismatches N  the same for the corrected lowering\n"
            "  --help                       this text\n"
            "A mismatch is one (alpha, k, func) triple where lowering and strict compare disagree.\n"
            "Exit: 0 done (mismatches are reported facts), 1 an --expect failed, 2 usage/internal error.\n",
            MAX_THREADS, QUICK_STRIDE, QUICK_NEAR);
}

static bool parse_u64(const char *s, uint64_t *out)
{
    if (!s || !*s || *s == '-')
        return false;
    char *end;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 10);
    if (errno || *end)
        return false;
    *out = v;
    return true;
}

/* --expect-...-mismatches N for one of the lowerings. */
static bool parse_expect(const char *name, const char *value, options *o)
{
    for (int l = 0; l < NUM_LOWERINGS; l++)
        if (!strcmp(name, expect_options[l]) && parse_u64(value, &o->expect[l])) {
            o->expect_set[l] = true;
            return true;
        }
    return false;
}

/* Returns -1 to continue, else an exit code. */
static int parse_args(int argc, char **argv, options *o)
{
    *o = (options){.threads = 2};
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        uint64_t v;
        if (!strcmp(a, "--help")) {
            usage(stdout);
            return 0;
        } else if (!strcmp(a, "--quick")) {
            o->quick = true;
        } else if (!strcmp(a, "--direct")) {
            o->direct = true;
        } else if (!strcmp(a, "--quiet")) {
            o->quiet = true;
        } else if (!strcmp(a, "--threads") && i + 1 < argc && parse_u64(argv[i + 1], &v) && v >= 1 &&
                   v <= MAX_THREADS) {
            o->threads = (unsigned)v;
            i++;
        } else if (i + 1 < argc && parse_expect(a, argv[i + 1], o)) {
            i++;
        } else {
            fprintf(stderr, "alpha_study: bad argument or missing/bad value: '%s' (see --help)\n", a);
            return 2;
        }
    }
    return -1;
}

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* Reference values, thresholds and their cross-checks. Returns false on an internal error. */
static bool setup_constants(study_ctx *ctx, uint32_t *thr_bits, size_t *n_thr_bits)
{
    uint32_t *refs = ctx->refs;
    bool ok = true;
    for (long k = 0; k < NUM_REFS; k++) {
        refs[k] = mpfr_ratio_bits(k, 255, MPFR_RNDN);
        if (fiu_alpha_unorm(refs[k], 8) != (uint32_t)k) {
            fprintf(stderr, "alpha_study: internal: u8(RNE(%ld/255)) = %" PRIu32 "\n", k,
                    fiu_alpha_unorm(refs[k], 8));
            ok = false;
        }
    }
    /* Thresholds: MPFR values must equal the model's (the lowerings compare against exactly these). */
    size_t n = 0;
    for (long j = 0; j < FIU_ALPHA_U8_THRESHOLDS; j++) {
        uint32_t rne = mpfr_ratio_bits(2 * j - 1, 510, MPFR_RNDN);
        uint32_t up = mpfr_ratio_bits(2 * j - 1, 510, MPFR_RNDU);
        if (rne != fiu_alpha_u8_threshold((uint32_t)j, FIU_ALPHA_THR_RNE) ||
            up != fiu_alpha_u8_threshold((uint32_t)j, FIU_ALPHA_THR_UP)) {
            fprintf(stderr, "alpha_study: internal: threshold j=%ld differs from MPFR\n", j);
            ok = false;
        }
        thr_bits[n++] = rne;
        thr_bits[n++] = up;
    }
    /* Split points: the thresholds, plus 0 and 1 so that no class straddles the report
     * categories (NaN / outside [0,1] / inside); extra points only refine the classes. */
    int64_t keys[2 * FIU_ALPHA_U8_THRESHOLDS + 2];
    for (size_t i = 0; i < n; i++)
        keys[i] = order_key(thr_bits[i]);
    keys[n] = 0;
    keys[n + 1] = order_key(FIU_F32_ONE);
    size_t n_keys = n + 2;
    /* insertion sort + dedupe of the keys (516) */
    for (size_t i = 1; i < n_keys; i++)
        for (size_t j = i; j > 0 && keys[j - 1] > keys[j]; j--) {
            int64_t t = keys[j];
            keys[j] = keys[j - 1];
            keys[j - 1] = t;
        }
    ctx->n_thr = 0;
    for (size_t i = 0; i < n_keys; i++)
        if (ctx->n_thr == 0 || ctx->thr_keys[ctx->n_thr - 1] != keys[i])
            ctx->thr_keys[ctx->n_thr++] = keys[i];
    *n_thr_bits = n;
    return ok;
}

/* Facts about the seed's formulas evaluated in fp32 arithmetic (informational). */
static void print_fp32_notes(const uint32_t *refs)
{
    unsigned round_trip_ok = 0, upper_differs = 0;
    uint32_t differs[8];
    uint32_t one_255 = mpfr_ratio_bits(1, 255, MPFR_RNDN);
    for (uint32_t k = 0; k < NUM_REFS; k++) {
        /* round(ref * 255.0) in fp32: the product must round to the integer k. */
        float p = u2f(fiu_f32_mul(refs[k], 0x437F0000u /* 255.0 */, 0));
        if (p > (float)k - 0.5f && p < (float)k + 0.5f)
            round_trip_ok++;
        /* newref + 1.0/255.0 as an fp32 add vs the correctly rounded (2k+1)/510. */
        uint32_t lo = fiu_alpha_u8_threshold(k, FIU_ALPHA_THR_RNE);
        uint32_t sum = fiu_f32_fma(lo, FIU_F32_ONE, one_255, 0);
        if (sum != fiu_alpha_u8_threshold(k + 1, FIU_ALPHA_THR_RNE)) {
            if (upper_differs < sizeof differs / sizeof differs[0])
                differs[upper_differs] = k;
            upper_differs++;
        }
    }
    printf("note: round(fp32(RNE(k/255) * 255)) == k for %u of 256 k\n", round_trip_ok);
    printf("note: fp32 add newref + RNE(1/255) differs from RNE((2k+1)/510) for %u of 256 k (", upper_differs);
    for (unsigned i = 0; i < upper_differs && i < sizeof differs / sizeof differs[0]; i++)
        printf("%sk=%" PRIu32, i ? ", " : "", differs[i]);
    printf("); the lowering uses the correctly rounded value\n");
}

int main(int argc, char **argv)
{
    options opt;
    int rc = parse_args(argc, argv, &opt);
    if (rc >= 0)
        return rc;
    double t0 = now_seconds();

    study_ctx ctx = {0}; /* read-only once the workers start */
    uint32_t thr_bits[2 * FIU_ALPHA_U8_THRESHOLDS];
    const uint32_t *refs = ctx.refs;
    size_t n_thr_bits;
    ctx.direct = opt.direct;
    if (!setup_constants(&ctx, thr_bits, &n_thr_bits))
        return 2;

    uint32_t *samples = NULL;
    if (opt.quick) {
        size_t n;
        samples = quick_samples(thr_bits, n_thr_bits, refs, &n);
        if (!samples) {
            fprintf(stderr, "alpha_study: out of memory\n");
            return 2;
        }
        ctx.samples = samples;
        ctx.n_alphas = n;
        ctx.n_chunks = 64;
        ctx.chunk_len = (n + ctx.n_chunks - 1) / ctx.n_chunks;
    } else {
        ctx.n_alphas = UINT64_C(1) << 32;
        ctx.chunk_len = UINT64_C(1) << FULL_CHUNK_BITS;
        ctx.n_chunks = (size_t)(ctx.n_alphas >> FULL_CHUNK_BITS);
    }
    printf("alpha_study: %s, %" PRIu64 " alphas, %zu distinct split points, %u thread(s)\n",
           opt.quick ? "quick subset" : "exhaustive", ctx.n_alphas, ctx.n_thr, opt.threads);

    /* Phase 1: enumerate alphas into runs of equal class key. */
    run_list *chunk_runs = calloc(ctx.n_chunks, sizeof *chunk_runs);
    worker_args args[MAX_THREADS];
    pthread_t tid[MAX_THREADS];
    if (!chunk_runs) {
        fprintf(stderr, "alpha_study: out of memory\n");
        return 2;
    }
    bool internal_error = false;
    unsigned started = 0;
    for (unsigned t = 0; t < opt.threads; t++) {
        args[t] = (worker_args){.ctx = &ctx, .index = t, .n_threads = opt.threads, .chunk_runs = chunk_runs};
        if (pthread_create(&tid[t], NULL, worker_main, &args[t]) != 0) {
            fprintf(stderr, "alpha_study: pthread_create failed\n");
            internal_error = true;
            break;
        }
        started++;
    }
    uint64_t direct_mism[NUM_LOWERINGS] = {0};
    for (unsigned t = 0; t < started; t++) {
        pthread_join(tid[t], NULL);
        if (args[t].oom) {
            fprintf(stderr, "alpha_study: out of memory\n");
            internal_error = true;
        }
        for (int l = 0; l < NUM_LOWERINGS; l++)
            direct_mism[l] += args[t].direct_mism[l];
    }
    if (internal_error || started < opt.threads)
        return 2;

    /* Merge the chunk lists in enumeration order, joining equal-key runs across chunk ends. */
    run_list runs = {0};
    uint64_t enumerated = 0;
    for (size_t c = 0; c < ctx.n_chunks; c++) {
        for (size_t i = 0; i < chunk_runs[c].n; i++) {
            const run *r = &chunk_runs[c].v[i];
            enumerated += r->count;
            if (runs.n && runs.v[runs.n - 1].key == r->key && i == 0) {
                runs.v[runs.n - 1].hi = r->hi;
                runs.v[runs.n - 1].count += r->count;
            } else if (!runs_push(&runs, r)) {
                fprintf(stderr, "alpha_study: out of memory\n");
                return 2;
            }
        }
        free(chunk_runs[c].v);
    }
    free(chunk_runs);
    if (enumerated != ctx.n_alphas) {
        fprintf(stderr, "alpha_study: internal: enumerated %" PRIu64 " of %" PRIu64 "\n", enumerated,
                ctx.n_alphas);
        return 2;
    }
    double t1 = now_seconds();
    printf("alpha_study: %zu classes (runs) in %.1f s\n", runs.n, t1 - t0);

    /* Phase 2: every (lowering, func, k) on every run; the run's points must agree. */
    uint64_t mism[NUM_LOWERINGS][NUM_CATS] = {{0}};
    uint64_t mism_total[NUM_LOWERINGS] = {0};
    cex_list cex = {0};
    for (size_t ri = 0; ri < runs.n && !internal_error; ri++) {
        const run *r = &runs.v[ri];
        const uint32_t pts[3] = {r->lo, r->mid, r->hi};
        int cat = category(r->lo);
        if (category(r->hi) != cat || category(r->mid) != cat) {
            fprintf(stderr, "alpha_study: internal: run %zu spans categories\n", ri);
            internal_error = true;
            break;
        }
        for (uint32_t func = 0; func < NUM_FUNCS; func++)
            for (uint32_t k = 0; k < NUM_REFS; k++) {
                bool strict[3], low[NUM_LOWERINGS][3];
                for (int p = 0; p < 3; p++) {
                    strict[p] = fiu_alpha_pass(func, FIU_AFMT_UNORM8, pts[p], refs[k]);
                    for (int l = 0; l < NUM_LOWERINGS; l++)
                        low[l][p] = lowerings[l](func, pts[p], k);
                }
                bool constant = strict[0] == strict[1] && strict[1] == strict[2];
                for (int l = 0; l < NUM_LOWERINGS; l++)
                    constant = constant && low[l][0] == low[l][1] && low[l][1] == low[l][2];
                if (!constant) {
                    fprintf(stderr, "alpha_study: internal: class not constant: run %zu func %s k %" PRIu32 "\n",
                            ri, func_names[func], k);
                    internal_error = true;
                    break;
                }
                for (int l = 0; l < NUM_LOWERINGS; l++) {
                    if (low[l][0] == strict[0])
                        continue;
                    mism[l][cat] += r->count;
                    mism_total[l] += r->count;
                    counterexample c = {.lowering = (uint8_t)l, .func = (uint8_t)func, .k = (uint8_t)k,
                                        .strict = strict[0], .run_index = ri};
                    if (!cex_push(&cex, &c)) {
                        fprintf(stderr, "alpha_study: out of memory\n");
                        internal_error = true;
                    }
                }
            }
    }
    if (internal_error)
        return 2;

    /* Report: counterexample ranges ordered by lowering, function, k, alpha. Adjacent runs
     * with the same outcome and category are printed as one range. */
    size_t n_cex[NUM_LOWERINGS] = {0};
    for (int l = 0; l < NUM_LOWERINGS; l++)
        for (uint32_t func = 0; func < NUM_FUNCS; func++)
            for (uint32_t k = 0; k < NUM_REFS; k++) {
                cex_range pending = {0}, pending_nan = {0}; /* all NaN runs form one range */
                for (size_t i = 0; i < cex.n; i++) {
                    const counterexample *c = &cex.v[i];
                    if (c->lowering != l || c->func != func || c->k != k)
                        continue;
                    const run *r = &runs.v[c->run_index];
                    int cat = category(r->lo);
                    cex_range *p = cat == CAT_NAN ? &pending_nan : &pending;
                    bool adjacent = c->run_index == p->last_run + 1 || cat == CAT_NAN;
                    if (p->open && adjacent && c->strict == p->strict && cat == category(p->lo)) {
                        p->hi = r->hi;
                        p->count += r->count;
                        p->last_run = c->run_index;
                        continue;
                    }
                    n_cex[l] += print_range(p, &opt, l, func, k);
                    *p = (cex_range){.open = true, .lo = r->lo, .hi = r->hi, .count = r->count,
                                     .strict = c->strict, .last_run = c->run_index};
                }
                n_cex[l] += print_range(&pending, &opt, l, func, k);
                n_cex[l] += print_range(&pending_nan, &opt, l, func, k);
            }
    print_fp32_notes(refs);
    if (opt.direct) {
        for (int l = 0; l < NUM_LOWERINGS; l++)
            if (direct_mism[l] != mism_total[l]) {
                fprintf(stderr, "alpha_study: internal: %s lowering: direct evaluation %" PRIu64
                        " mismatches, class shortcut %" PRIu64 "\n", lowering_names[l], direct_mism[l], mism_total[l]);
                internal_error = true;
            }
        if (internal_error)
            return 2;
        printf("alpha_study: direct evaluation agrees with the class shortcut (%" PRIu64 ", %" PRIu64 ", %" PRIu64
               " mismatches)\n", direct_mism[LOWERING_SEED], direct_mism[LOWERING_SEED_SAT], direct_mism[LOWERING_FIXED]);
    }
    for (int l = 0; l < NUM_LOWERINGS; l++)
        printf("alpha_study: %s lowering: %" PRIu64 " mismatches in %zu counterexample ranges "
               "(NaN alpha %" PRIu64 ", alpha outside [0,1] %" PRIu64 ", alpha in [0,1] %" PRIu64 ")\n",
               lowering_names[l], mism_total[l], n_cex[l], mism[l][CAT_NAN], mism[l][CAT_OUT_OF_RANGE],
               mism[l][CAT_IN_RANGE]);
    free(cex.v);
    free(runs.v);
    free(samples);

    int exit_code = 0;
    for (int l = 0; l < NUM_LOWERINGS; l++)
        if (opt.expect_set[l] && opt.expect[l] != mism_total[l]) {
            printf("alpha_study: FAIL: expected %" PRIu64 " %s-lowering mismatches\n", opt.expect[l], lowering_names[l]);
            exit_code = 1;
        }
    printf("alpha_study: checked %" PRIu64 " alphas x 256 refs x 8 funcs, %" PRIu64 " mismatches (seed lowering), %" PRIu64
           " (seed+sat), %" PRIu64 " (fixed lowering), %.1f s%s\n",
           ctx.n_alphas, mism_total[LOWERING_SEED], mism_total[LOWERING_SEED_SAT], mism_total[LOWERING_FIXED],
           now_seconds() - t0,
           exit_code ? ", FAIL" : "");
    return exit_code;
}
