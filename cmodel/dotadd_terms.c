#include "dotadd_terms.h"

#define SIGN_BIT 0x80000000u
#define EXP_MASK 0x7F800000u
#define FRAC_MASK 0x007FFFFFu

static bool is_inf(uint32_t x) { return (x & 0x7FFFFFFFu) == EXP_MASK; }
static bool is_zero(uint32_t x) { return (x & 0x7FFFFFFFu) == 0; }

/* Finite nonzero x = man * 2^lsb. */
static void split(uint32_t x, uint64_t *man, int *lsb)
{
    uint32_t biased = (x & EXP_MASK) >> 23;
    uint32_t frac = x & FRAC_MASK;
    if (biased == 0) {
        *man = frac;
        *lsb = -149;
    } else {
        *man = frac | 0x00800000u;
        *lsb = (int)biased - 150;
    }
}

f32_terms f32_terms_decode(uint32_t a, uint32_t b, uint32_t c, uint32_t d, uint32_t e, unsigned mode)
{
    f32_terms r = {.n = 0, .done = false, .result = 0};
    uint32_t in[5] = {a, b, c, d, e};
    for (int i = 0; i < 5; i++) {
        if ((mode & FIU_F32_FLUSH) && fiu_f32_is_subnormal(in[i]))
            in[i] &= SIGN_BIT;
        if (fiu_f32_is_nan(in[i])) {
            r.done = true;
            r.result = FIU_F32_NAN;
            return r;
        }
    }

    /* Terms: (in[0]*in[1]), (in[2]*in[3]), in[4]. */
    bool pos_inf = false, neg_inf = false, all_neg_zero = true;
    for (int k = 0; k < 3; k++) {
        uint32_t x = in[2 * k], y = k < 2 ? in[2 * k + 1] : FIU_F32_ONE;
        bool neg = ((x ^ y) & SIGN_BIT) != 0;
        if (is_inf(x) || is_inf(y)) {
            if (is_zero(x) || is_zero(y)) { /* inf * 0 */
                r.done = true;
                r.result = FIU_F32_NAN;
                return r;
            }
            if (neg)
                neg_inf = true;
            else
                pos_inf = true;
            all_neg_zero = false;
        } else if (is_zero(x) || is_zero(y)) {
            all_neg_zero = all_neg_zero && neg;
        } else {
            uint64_t mx, my;
            int lx, ly;
            split(x, &mx, &lx);
            split(y, &my, &ly);
            r.t[r.n++] = (f32_term){.man = mx * my, .lsb = lx + ly, .neg = neg};
            all_neg_zero = false;
        }
    }
    if (pos_inf || neg_inf) {
        r.done = true;
        r.result = (pos_inf && neg_inf) ? FIU_F32_NAN : (pos_inf ? FIU_F32_POS_INF : FIU_F32_NEG_INF);
    } else if (r.n == 0) {
        r.done = true;
        r.result = all_neg_zero ? FIU_F32_NEG_ZERO : FIU_F32_POS_ZERO;
    }
    return r;
}

void f32_round_products(uint32_t *a, uint32_t *b, uint32_t *c, uint32_t *d, unsigned mode,
                        f32_fused_core fused_core)
{
    unsigned fused = mode | FIU_F32_FUSED;
    *a = fused_core(*a, *b, FIU_F32_ABSENT_A, FIU_F32_ABSENT_B, FIU_F32_ABSENT_E, fused);
    *c = fused_core(*c, *d, FIU_F32_ABSENT_A, FIU_F32_ABSENT_B, FIU_F32_ABSENT_E, fused);
    *b = FIU_F32_ONE;
    *d = FIU_F32_ONE;
}
