/* fiu_pycheck: the independent path of the Python tests (tests/python/test_f32.py). Draws
 * random fp32 bit patterns (uniform bits, corner cases, nearby exponents) and parameters, calls
 * the C library's scalar functions directly and writes every case as little-endian uint32
 * words: the parameters, the inputs, then the C result. pytest recomputes each result through
 * the fiu package (numpy arrays, the extension's batch loops) and compares.
 * Usage: fiu_pycheck --func NAME [--count N] [--seed S] -o FILE */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "args.h"
#include "fiu.h"
#include "fiu_f32.h"
#include "splitmix64.h"

typedef struct {
    const char *name;
    unsigned words; /* per case: parameters + inputs + result */
    const char *layout;
} func;

static const func funcs[] = {
    {"dotadd", 7, "mode a b c d e r"},
    {"dotadd_ref", 7, "mode a b c d e r"},
    {"fma", 5, "mode a b e r"},
    {"mul", 4, "mode a b r"},
    {"flush", 2, "x r"},
    {"post_multiply", 4, "flags(pmul|sat<<1) r rb result"},
    {"saturate", 2, "x r"},
    {"unpack", 5, "comp fmt bgra packed r"},
    {"alpha_pass", 5, "func format alpha ref pass"},
    {"alpha_unorm", 3, "bits a r"},
};
enum { NFUNCS = sizeof funcs / sizeof funcs[0] };

static const uint32_t corner[] = {
    0x00000000u, 0x80000000u, 0x3F800000u, 0xBF800000u, 0x3F000000u, 0x40000000u, 0x00000001u, 0x80000001u,
    0x007FFFFFu, 0x807FFFFFu, 0x00800000u, 0x80800000u, 0x00800001u, 0x3F800001u, 0x3F7FFFFFu, 0x7F7FFFFFu,
    0xFF7FFFFFu, 0x7F800000u, 0xFF800000u, 0x7FC00000u, 0xFFC00000u, 0x7F800001u, 0x7FFFFFFFu, 0x33800000u,
    0x4B000000u, 0x4B800000u, 0x5F800000u, 0x3EAAAAABu, 0x0000FFFFu, 0x3FFFFFFFu,
};

static uint32_t pattern(uint64_t *rng)
{
    uint64_t r = splitmix64(rng);
    switch (r % 8) {
    case 0:
    case 1:
        return corner[(r >> 8) % (sizeof corner / sizeof corner[0])];
    case 2: /* exponents near 1.0, so sums and cancellations happen */
        return (uint32_t)(r >> 32) % 2 ? (uint32_t)((r >> 16) & 0x807FFFFFu) | (uint32_t)(120 + (r >> 40) % 16) << 23
                                      : (uint32_t)((r >> 16) & 0x807FFFFFu) | (uint32_t)(127 + (r >> 40) % 4) << 23;
    case 3: /* tiny: subnormal and near 2^-126 */
        return (uint32_t)((r >> 16) & 0x80FFFFFFu);
    default:
        return (uint32_t)(r >> 32);
    }
}

static void usage(FILE *f)
{
    fprintf(f, "usage: fiu_pycheck --func NAME [--count N] [--seed S] -o FILE\n"
               "  Writes N random cases of one fp32-core function as little-endian uint32 words\n"
               "  (parameters, inputs, the C library's result), for tests/python/test_f32.py.\n"
               "  --count N   cases (default 100000)\n"
               "  --seed S    random seed (default 1; printed in the summary)\n"
               "functions and their case layouts:\n");
    for (unsigned i = 0; i < NFUNCS; i++)
        fprintf(f, "  %-14s %s\n", funcs[i].name, funcs[i].layout);
}

int main(int argc, char **argv)
{
    const char *fname = NULL, *out = NULL;
    uint64_t count = 100000, seed = 1;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            usage(stdout);
            return 0;
        }
        if (i + 1 >= argc) {
            fprintf(stderr, "fiu_pycheck: %s: missing value or unknown option (try --help)\n", a);
            return 2;
        }
        const char *v = argv[++i];
        if (!strcmp(a, "--func"))
            fname = v;
        else if (!strcmp(a, "-o"))
            out = v;
        else if (!strcmp(a, "--count")) {
            if (!fiu_arg_u64("fiu_pycheck", "--count", v, 1, 1000000000, &count))
                return 2;
        } else if (!strcmp(a, "--seed")) {
            if (!fiu_arg_u64("fiu_pycheck", "--seed", v, 0, UINT64_MAX, &seed))
                return 2;
        } else {
            fprintf(stderr, "fiu_pycheck: unknown option '%s' (try --help)\n", a);
            return 2;
        }
    }
    const func *fn = NULL;
    for (unsigned i = 0; fname && i < NFUNCS; i++)
        if (!strcmp(fname, funcs[i].name))
            fn = &funcs[i];
    if (!fn || !out) {
        fprintf(stderr, "fiu_pycheck: %s (try --help)\n", !fname ? "--func is required"
                                                         : !fn  ? "unknown --func"
                                                                : "-o is required");
        return 2;
    }
    FILE *f = fopen(out, "wb");
    if (!f) {
        perror(out);
        return 2;
    }
    uint64_t rng = seed;
    static const unsigned bits_choice[] = {8, 10, 16, 1, 2, 23, 24, 31, 32};
    for (uint64_t n = 0; n < count; n++) {
        uint32_t w[8], m = (uint32_t)(splitmix64(&rng) % 4);
        const char *k = fn->name;
        if (!strcmp(k, "dotadd") || !strcmp(k, "dotadd_ref")) {
            w[0] = m;
            for (int i = 1; i <= 5; i++)
                w[i] = pattern(&rng);
            w[6] = k[6] ? fiu_f32_dotadd_ref(w[1], w[2], w[3], w[4], w[5], m)
                        : fiu_f32_dotadd(w[1], w[2], w[3], w[4], w[5], m);
        } else if (!strcmp(k, "fma")) {
            w[0] = m, w[1] = pattern(&rng), w[2] = pattern(&rng), w[3] = pattern(&rng);
            w[4] = fiu_f32_fma(w[1], w[2], w[3], m);
        } else if (!strcmp(k, "mul")) {
            w[0] = m, w[1] = pattern(&rng), w[2] = pattern(&rng);
            w[3] = fiu_f32_mul(w[1], w[2], m);
        } else if (!strcmp(k, "flush")) {
            w[0] = pattern(&rng), w[1] = fiu_f32_flush(w[0]);
        } else if (!strcmp(k, "post_multiply")) {
            w[0] = m, w[1] = pattern(&rng), w[2] = pattern(&rng);
            w[3] = fiu_f32_post_multiply(w[1], w[2], m & 1, (m >> 1) & 1);
        } else if (!strcmp(k, "saturate")) {
            w[0] = pattern(&rng), w[1] = fiu_f32_saturate(w[0]);
        } else if (!strcmp(k, "unpack")) {
            uint64_t r = splitmix64(&rng);
            w[0] = (uint32_t)(r % 4), w[1] = (uint32_t)((r >> 8) % FIU_UNPACK_COUNT_), w[2] = (uint32_t)(r >> 16) & 1;
            w[3] = (uint32_t)(r >> 32);
            w[4] = fiu_unpack(w[3], w[0], w[1], w[2]);
        } else if (!strcmp(k, "alpha_pass")) {
            uint64_t r = splitmix64(&rng);
            w[0] = (uint32_t)(r % 8), w[1] = (uint32_t)((r >> 8) % 4);
            w[2] = pattern(&rng);
            w[3] = (r >> 16) % 4 ? pattern(&rng) : w[2] + (uint32_t)((r >> 24) % 5) - 2; /* near alpha */
            w[4] = fiu_alpha_pass(w[0], w[1], w[2], w[3]);
        } else { /* alpha_unorm */
            w[0] = bits_choice[splitmix64(&rng) % (sizeof bits_choice / sizeof bits_choice[0])];
            w[1] = pattern(&rng), w[2] = fiu_alpha_unorm(w[1], w[0]);
        }
        unsigned char b[32];
        for (unsigned i = 0; i < fn->words; i++)
            for (unsigned j = 0; j < 4; j++)
                b[4 * i + j] = (unsigned char)(w[i] >> (8 * j));
        if (fwrite(b, 4, fn->words, f) != fn->words) {
            perror(out);
            fclose(f);
            return 2;
        }
    }
    if (fclose(f) != 0) {
        perror(out);
        return 2;
    }
    printf("fiu_pycheck: func=%s seed=%" PRIu64 " count=%" PRIu64 " words/case=%u -> %s\n", fn->name, seed, count,
           fn->words, out);
    return 0;
}
