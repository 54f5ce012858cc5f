/* fiu_execute's IPA a[imm] path (docs/model.md, "IPA `a[imm]`") against an oracle built from
 * the spec: the position from fiu_coord_sample and fiu_coord_to_f32, the plane read from the
 * RAM here, the dot-add by fiu_f32_dotadd_ref (576-bit exact, integer only), then the
 * post-multiply and saturate. Planes: plausible, wide exponent spans, exact ties, special
 * coefficients (zeros of both signs, subnormals, inf, NaN, extremes), ties decided by a term
 * below the double precision of the others, results around 2^-126 and random bits; per-quad
 * primitives, planes past the end of the RAM; every location; PASS, MUL and SC; .SAT. Every
 * request runs again under one of 16 non-default host states (rounding mode by fesetround,
 * MXCSR FTZ and DAZ; or every trap but inexact enabled, glibc), which must not change its
 * response (and no trap may fire). */
#define _GNU_SOURCE /* feenableexcept */
#include <fenv.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "args.h"
#include "fiu.h"
#include "../../common/host_fp_state.h"
#include "../../common/splitmix64.h"

#define PROG "test_ipa_fast"

enum { RAM = 4096, PLANES = 64 };

static uint32_t r32(uint64_t *s) { return (uint32_t)splitmix64(s); }
static int range(uint64_t *s, int lo, int hi) { return lo + (int)(r32(s) % (uint32_t)(hi - lo + 1)); }

static uint32_t f32_make(uint32_t sign, int exp, uint32_t man)
{
    exp = exp < -126 ? -126 : exp > 127 ? 127 : exp;
    return (sign << 31) | ((uint32_t)(exp + 127) << 23) | (man & 0x7FFFFFu);
}

static uint32_t special(uint64_t *s)
{
    static const uint32_t SP[] = {0x00000000u, 0x80000000u, 0x00000001u, 0x807FFFFFu, 0x7F800000u, 0xFF800000u,
                                  0x7FC00000u, 0xFF800001u, 0x7F7FFFFFu, 0x00800000u, 0x3F800000u};
    return SP[r32(s) % (sizeof SP / sizeof SP[0])];
}

/* One coefficient word of plane kind k (w = 0, 1, 2 for A, B, C); 6 and up: random bits. */
static uint32_t coef(uint64_t *s, int kind, int w, int base_exp)
{
    switch (kind) {
    case 0: { /* plausible: k/65536 gradients, C below 1024 */
        float f = w < 2 ? (float)((int)(r32(s) % 65536) - 32768) / 65536.0f : (float)(r32(s) % 65536) / 64.0f;
        uint32_t u;
        memcpy(&u, &f, sizeof u);
        return u;
    }
    case 1: /* wide exponent spans */
        return f32_make(r32(s) & 1, range(s, -140, 120), r32(s));
    case 2: /* C and A near a tie at the sample positions: A's bits far below C's ulp */
        return w == 2 ? f32_make(r32(s) & 1, base_exp, r32(s)) : f32_make(r32(s) & 1, base_exp - range(s, 20, 40), r32(s) & 0x7F0000u);
    case 3:
        return r32(s) % 2 ? special(s) : f32_make(r32(s) & 1, range(s, -30, 30), r32(s));
    case 4: /* C + ulp(C) * (px + 1/2) is a tie at CENTER; B * y far below it decides it */
        return w == 2 ? f32_make(r32(s) & 1, base_exp, r32(s)) : w == 0 ? f32_make(r32(s) & 1, base_exp - 23, 0)
                                                                : f32_make(r32(s) & 1, base_exp - 90 + range(s, 0, 20), r32(s));
    case 5: /* A, B near 2^-126; C (below) cancels them at one small position: results below 2^-126 */
        return f32_make(r32(s) & 1, range(s, -126, -124), r32(s));
    default:
        return r32(s);
    }
}

static unsigned effective(unsigned mode, unsigned interp)
{
    if (mode != FIU_IPA_SC)
        return mode;
    return interp == FIU_INTERP_PERSPECTIVE ? FIU_IPA_MUL : FIU_IPA_PASS;
}

/* The expected response, from the spec (status codes of chapter 7: the lowest nonzero). */
static void oracle(const fiu_state *st, const fiu_request *rq, fiu_response *rsp)
{
    memset(rsp, 0, sizeof *rsp);
    rsp->lanes = rq->lanes;
    const fiu_map_entry *me = &st->map[(rq->imm & 0x3FFu) >> 2];
    unsigned mode = effective(rq->ipa_mode, me->interp);
    for (uint32_t i = 0; i < rq->lanes; i++) {
        const fiu_lane *ln = &rq->lane[i];
        if (!ln->active || !ln->guard)
            continue;
        uint8_t sx, sy, ls = (uint8_t)fiu_coord_sample(&st->samples, rq, ln, &sx, &sy);
        uint64_t w = (uint64_t)ln->prim_base + 3u * me->plane;
        if (!ls && w + 2 >= st->ram_words)
            ls = FIU_ST_ADDR_RANGE;
        if (ls) {
            if (!rsp->status || ls < rsp->status)
                rsp->status = ls;
            continue;
        }
        uint32_t r = fiu_f32_dotadd_ref(st->ram[w], fiu_coord_to_f32(ln->px, sx), st->ram[w + 1],
                                        fiu_coord_to_f32(ln->py, sy), st->ram[w + 2], FIU_F32_FUSED | FIU_F32_FLUSH);
        if (mode == FIU_IPA_MUL)
            r = fiu_f32_post_multiply(r, ln->rb, rq->pmul, rq->sat);
        if (rq->sat)
            r = fiu_f32_saturate(r);
        rsp->result[i] = r;
        rsp->wmask |= 1ull << i;
    }
}

static bool same(const fiu_response *a, const fiu_response *b)
{
    if (a->status != b->status || a->wmask != b->wmask || a->kill != b->kill || a->lanes != b->lanes)
        return false;
    for (uint32_t i = 0; i < a->lanes; i++)
        if (a->result[i] != b->result[i])
            return false;
    return true;
}

int main(int argc, char **argv)
{
    uint64_t seed = 0x1BA5EEDull, count = 20000;
    bool traps = true;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            printf("usage: " PROG " [--count N] [--seed S] [--no-traps]\n"
                   "  N random IPA a[imm] requests (default 20000) through fiu_execute, each checked lane by\n"
                   "  lane against an oracle (fiu_f32_dotadd_ref on the spec's operands) and run again\n"
                   "  under a non-default host state (16 of them in turn, one with traps enabled),\n"
                   "  which must change nothing (--no-traps: not the one with traps).\n"
                   "  Exit 1 on any difference.\n");
            return 0;
        } else if (!strcmp(argv[i], "--count") && i + 1 < argc) {
            if (!fiu_arg_u64(PROG, "--count", argv[++i], 0, UINT64_MAX, &count))
                return 2;
        } else if (!strcmp(argv[i], "--seed") && i + 1 < argc) {
            if (!fiu_arg_u64(PROG, "--seed", argv[++i], 0, UINT64_MAX, &seed))
                return 2;
        } else if (!strcmp(argv[i], "--no-traps")) {
            traps = false;
        } else {
            fprintf(stderr, PROG ": unknown argument '%s' (try --help)\n", argv[i]);
            return 2;
        }
    }
    printf(PROG ": seed 0x%" PRIX64 "\n", seed);
    uint64_t s = seed;
    fiu_state st;
    fiu_request *rq = malloc(sizeof *rq);
    if (!rq || !fiu_state_init(&st, RAM))
        return 2;
    fiu_state_samples_default(&st, 4);
    unsigned long fails = 0, changed = 0, lanes = 0, written = 0, states = 0;
    for (uint64_t n = 0; n < count; n++) {
        if (n % 256 == 0) { /* new planes and map */
            static const uint32_t COUNTS[] = {1, 2, 4, 8, 16};
            fiu_state_samples_default(&st, COUNTS[r32(&s) % 5]);
            for (uint32_t p = 0; p < PLANES; p++) {
                int kind = (int)(r32(&s) % 7), base = range(&s, -100, 100);
                fiu_state_map_write(&st, 0x80 / 4 + p, true, p, r32(&s) % 2 ? FIU_INTERP_LINEAR : FIU_INTERP_PERSPECTIVE);
                for (uint32_t prim = 0; prim < RAM; prim += 3 * PLANES) { /* the same kind in every slot */
                    uint32_t abc[3];
                    for (int w = 0; w < 3; w++)
                        abc[w] = coef(&s, kind, w, base);
                    if (kind == 5) /* C = -RNE(A*x + B*y) at px, py in 0..3 (CENTER) */
                        abc[2] = 0x80000000u ^ fiu_f32_dotadd_ref(abc[0], fiu_coord_to_f32((uint16_t)(r32(&s) % 4), 8),
                                                                  abc[1], fiu_coord_to_f32((uint16_t)(r32(&s) % 4), 8),
                                                                  0x80000000u, FIU_F32_FUSED);
                    for (uint32_t w = 0; w < 3; w++)
                        if (prim + 3 * p + w < RAM)
                            fiu_state_ram_write(&st, prim + 3 * p + w, abc[w]);
                }
            }
        }
        memset(rq, 0, sizeof *rq);
        rq->op = FIU_OP_IPA;
        static const uint8_t MODES[] = {FIU_IPA_PASS, FIU_IPA_MUL, FIU_IPA_SC};
        static const uint8_t LOCS[] = {FIU_LOC_CENTER, FIU_LOC_CENTER, FIU_LOC_CENTROID, FIU_LOC_OFFSET,
                                       FIU_LOC_SAMPLE, FIU_LOC_AT_SAMPLE};
        rq->ipa_mode = MODES[r32(&s) % 3];
        rq->loc = LOCS[r32(&s) % 6];
        rq->sat = r32(&s) % 4 == 0;
        rq->pmul = r32(&s) % 2;
        rq->imm = (uint16_t)(0x80 + 4 * (r32(&s) % PLANES));
        rq->lanes = (uint32_t)range(&s, 1, FIU_MAX_LANES);
        uint32_t size = r32(&s) % 3, pmax[3] = {4, 4096, 65536}; /* positions: tiny, screen, any */
        for (uint32_t i = 0; i < rq->lanes; i++) {
            fiu_lane *ln = &rq->lane[i];
            ln->active = r32(&s) % 16 != 0;
            ln->guard = r32(&s) % 16 != 0;
            ln->px = (uint16_t)(r32(&s) % pmax[size]);
            ln->py = (uint16_t)(r32(&s) % pmax[size]);
            ln->coverage = (uint16_t)r32(&s);
            ln->sample_id = (uint8_t)(r32(&s) % 16);
            ln->rc = r32(&s) % 2 ? r32(&s) % 20 : r32(&s);
            ln->rb = r32(&s) % 4 ? coef(&s, 0, 0, 0) : r32(&s);
            /* a primitive per quad: slot 0, another slot, or one past the end of the RAM */
            uint32_t q = r32(&s) % 8;
            ln->prim_base = i % 4 && i ? rq->lane[i - 1].prim_base
                            : q < 5    ? 3u * PLANES * q
                            : q < 7    ? 3u * PLANES * (uint32_t)range(&s, 0, RAM / (3 * PLANES))
                                       : RAM - (uint32_t)range(&s, 0, 200);
        }
        fiu_response got, want, other;
        fiu_execute(&st, rq, &got);
        oracle(&st, rq, &want);
        lanes += rq->lanes;
        written += (unsigned long)__builtin_popcountll(got.wmask);
        if (!same(&got, &want) && fails++ < 5) {
            printf(PROG ": request %" PRIu64 " (mode %u, loc %u, sat %d, imm 0x%x): status %u/%u, wmask %016" PRIx64
                   "/%016" PRIx64 "\n", n, rq->ipa_mode, rq->loc, rq->sat, rq->imm, got.status, want.status,
                   got.wmask, want.wmask);
            for (uint32_t i = 0; i < rq->lanes; i++)
                if (got.result[i] != want.result[i])
                    printf("  lane %u: %08" PRIX32 ", oracle %08" PRIX32 "\n", i, got.result[i], want.result[i]);
        }
        int state = (int)(n % (traps ? 16 : 15)) + 1;
        fenv_t saved;
        fegetenv(&saved);
        if (fiu_tb_set_host_state(state)) {
            fiu_execute(&st, rq, &other);
            fesetenv(&saved);
            states++;
            if (!same(&got, &other) && changed++ < 5)
                printf(PROG ": request %" PRIu64 ": response changed under host state %d\n", n, state);
        } else {
            fesetenv(&saved);
        }
    }
    printf(PROG ": %" PRIu64 " requests, %lu lanes (%lu written), %lu under non-default host states, "
           "%lu differ from the oracle, %lu changed by the host state\n",
           count, lanes, written, states, fails, changed);
    fiu_state_free(&st);
    free(rq);
    return fails || changed ? 1 : 0;
}
