/* Reference fp32 dot-add (spec 2.11; docs/model.md): exact 576-bit fixed point, bit i = 2^(i-298).
 * Every finite term is a multiple of 2^-298 (subnormal * subnormal) and below 2^256,
 * so positive and negative parts are summed exactly, subtracted, then rounded bit by bit. */
#include <string.h>

#include "dotadd_terms.h"

enum { LIMBS = 18, FIX_BITS = 32 * LIMBS, FIX_LSB = -298 };

typedef struct {
    uint32_t w[LIMBS];
} fix576;

static void fix_add_term(fix576 *x, uint64_t man, int lsb)
{
    for (int i = 0; i < 48; i++) {
        if (!((man >> i) & 1))
            continue;
        /* add 2^(pos) with carry */
        int pos = lsb - FIX_LSB + i;
        for (int limb = pos / 32; limb < LIMBS; limb++) {
            uint32_t add = limb == pos / 32 ? 1u << (pos % 32) : 1u;
            uint32_t old = x->w[limb];
            x->w[limb] = old + add;
            if (x->w[limb] >= old)
                break;
        }
    }
}

static int fix_cmp(const fix576 *x, const fix576 *y)
{
    for (int i = LIMBS - 1; i >= 0; i--)
        if (x->w[i] != y->w[i])
            return x->w[i] > y->w[i] ? 1 : -1;
    return 0;
}

static void fix_sub(fix576 *x, const fix576 *y) /* x -= y, x >= y */
{
    uint64_t borrow = 0;
    for (int i = 0; i < LIMBS; i++) {
        uint64_t d = (uint64_t)x->w[i] - y->w[i] - borrow;
        x->w[i] = (uint32_t)d;
        borrow = (d >> 32) & 1;
    }
}

static int fix_bit(const fix576 *x, int i) { return i >= 0 && ((x->w[i / 32] >> (i % 32)) & 1); }

static uint32_t ref_round(bool neg, const fix576 *mag, bool flush, unsigned *flags)
{
    uint32_t sign = neg ? 0x80000000u : 0;
    int msb = FIX_BITS - 1;
    while (!fix_bit(mag, msb))
        msb--;
    int lo = msb - 23; /* keep 24 bits ... */
    if (lo < -149 - FIX_LSB)
        lo = -149 - FIX_LSB; /* ... but never below 2^-149 */
    uint64_t q = 0;
    for (int i = msb; i >= lo; i--)
        q = (q << 1) | (uint64_t)fix_bit(mag, i);
    bool round_bit = fix_bit(mag, lo - 1), sticky = false;
    for (int i = lo - 2; i >= 0; i--)
        sticky = sticky || fix_bit(mag, i);
    if (round_bit || sticky)
        *flags |= FIU_F32_EV_INEXACT;
    if (round_bit && !sticky)
        *flags |= FIU_F32_EV_TIE;
    if (msb + FIX_LSB < -126)
        *flags |= FIU_F32_EV_TINY;
    if (round_bit && (sticky || (q & 1)))
        q++;
    int lsb_exp = lo + FIX_LSB;
    if (q == (1u << 24)) {
        q >>= 1;
        lsb_exp++;
    }
    if (q & (1u << 23)) {
        int biased = lsb_exp + 150;
        if (biased > 254) {
            *flags |= FIU_F32_EV_OVERFLOW;
            return sign | FIU_F32_POS_INF;
        }
        return sign | ((uint32_t)biased << 23) | ((uint32_t)q & 0x007FFFFFu);
    }
    return flush ? sign : sign | (uint32_t)q;
}

static uint32_t ref_fused_flags(uint32_t a, uint32_t b, uint32_t c, uint32_t d, uint32_t e, unsigned mode,
                               unsigned *flags)
{
    *flags = 0;
    f32_terms terms = f32_terms_decode(a, b, c, d, e, mode);
    if (terms.done)
        return terms.result;
    fix576 pos, negp;
    memset(&pos, 0, sizeof pos);
    memset(&negp, 0, sizeof negp);
    for (int i = 0; i < terms.n; i++)
        fix_add_term(terms.t[i].neg ? &negp : &pos, terms.t[i].man, terms.t[i].lsb);
    int cmp = fix_cmp(&pos, &negp);
    if (cmp == 0)
        return FIU_F32_POS_ZERO;
    fix576 *big = cmp > 0 ? &pos : &negp;
    fix_sub(big, cmp > 0 ? &negp : &pos);
    return ref_round(cmp < 0, big, (mode & FIU_F32_FLUSH) != 0, flags);
}

static uint32_t ref_fused(uint32_t a, uint32_t b, uint32_t c, uint32_t d, uint32_t e, unsigned mode)
{
    unsigned flags;
    return ref_fused_flags(a, b, c, d, e, mode, &flags);
}

uint32_t fiu_f32_dotadd_ref(uint32_t a, uint32_t b, uint32_t c, uint32_t d, uint32_t e, unsigned mode)
{
    if (!(mode & FIU_F32_FUSED))
        f32_round_products(&a, &b, &c, &d, mode, ref_fused);
    return ref_fused(a, b, c, d, e, mode);
}

uint32_t fiu_f32_dotadd_ref_events(uint32_t a, uint32_t b, uint32_t c, uint32_t d, uint32_t e, unsigned mode,
                                   unsigned *events)
{
    if (!(mode & FIU_F32_FUSED))
        f32_round_products(&a, &b, &c, &d, mode, ref_fused);
    return ref_fused_flags(a, b, c, d, e, mode, events);
}
