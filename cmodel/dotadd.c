/* Fast fp32 dot-add (spec 2.11): integer-only, 128-bit window.
 *
 * Terms sorted by magnitude position h (value < 2^h). The window's unit is 2^wb,
 * wb = h1 - 124, so the largest term T1 sits exactly below bit 124 and |sum| < 2^126.
 * A term with bits below wb has h < h1 - 76 (terms are at most 48 bits wide):
 *  - T2 below the window: T2 and T3 are both below 2^(h1-76), while T1 is a multiple
 *    of 2^(h1-48); only the sign of T2+T3 can matter, as a sticky of that sign.
 *  - only T3 below the window: T1+T2 is exact and is either 0 (result = T3) or
 *    at least 2^(h1-49), so T3's lost bits act as one floor + sticky bit.
 * The value is carried in half units (2*acc + sticky) and rounded once. */
#include <limits.h>
#include <stddef.h>

#include "dotadd_terms.h"

__extension__ typedef unsigned __int128 u128;
__extension__ typedef __int128 i128;

static int bitlen64(uint64_t x) { return 64 - __builtin_clzll(x); }

static int bitlen128(u128 x)
{
    uint64_t hi = (uint64_t)(x >> 64);
    return hi ? 64 + bitlen64(hi) : bitlen64((uint64_t)x);
}

/* Round (neg ? -1 : 1) * mag * 2^lsb (mag != 0) to fp32, IEEE gradual underflow, then flush. */
static uint32_t round_pack64(bool neg, uint64_t mag, int lsb, bool flush)
{
    uint32_t sign = neg ? 0x80000000u : 0;
    int shift = bitlen64(mag) - 24;
    if (-149 - lsb > shift)
        shift = -149 - lsb;
    uint32_t q;
    if (shift <= 0) {
        q = (uint32_t)(mag << -shift);
    } else if (shift > 64) {
        q = 0; /* mag < 2^64 <= half an ulp */
    } else {
        uint64_t half = 1ull << (shift - 1);
        uint64_t rem = mag & (half | (half - 1));
        q = shift == 64 ? 0 : (uint32_t)(mag >> shift);
        q += (uint32_t)((rem > half) | ((rem == half) & q));
    }
    int qlsb = lsb + shift;
    if (q == (1u << 24)) {
        q >>= 1;
        qlsb++;
    }
    if (q >= (1u << 23)) {
        int biased = qlsb + 150;
        if (biased >= 255)
            return sign | FIU_F32_POS_INF;
        return sign | ((uint32_t)biased << 23) | (q & 0x007FFFFFu);
    }
    return flush ? sign : (sign | q); /* subnormal or zero: qlsb == -149 */
}

/* Same for a 128-bit magnitude: keep the top 64 bits and jam the rest into bit 0
 * (the rounding point is then at least 40 bits above it). */
static uint32_t round_pack(bool neg, u128 mag, int lsb, bool flush)
{
    int drop = bitlen128(mag) - 64;
    if (drop <= 0)
        return round_pack64(neg, (uint64_t)mag, lsb, flush);
    uint64_t top = (uint64_t)(mag >> drop) | ((mag << (128 - drop)) != 0);
    return round_pack64(neg, top, lsb + drop, flush);
}

static int term_h(const f32_term *t) { return t->lsb + bitlen64(t->man); }

static i128 signed_shl(const f32_term *t, int shift)
{
    i128 v = (i128)((u128)t->man << shift);
    return t->neg ? -v : v;
}

static int64_t signed_shl64(const f32_term *t, int base)
{
    int64_t v = (int64_t)(t->man << (t->lsb - base));
    return t->neg ? -v : v;
}

/* Sign (-1, 0, 1) of t2 + t3 where h(t2) >= h(t3). */
static int sign_of_sum(const f32_term *t2, const f32_term *t3)
{
    if (t2->neg == t3->neg || term_h(t2) > term_h(t3))
        return t2->neg ? -1 : 1;
    int base = t2->lsb < t3->lsb ? t2->lsb : t3->lsb;
    u128 m2 = (u128)t2->man << (t2->lsb - base);
    u128 m3 = (u128)t3->man << (t3->lsb - base);
    if (m2 == m3)
        return 0;
    return (m2 > m3) == t2->neg ? -1 : 1;
}

static uint32_t sum_terms(const f32_term *t, int n, bool flush)
{
    if (n == 1)
        return round_pack64(t[0].neg, t[0].man, t[0].lsb, flush);

    int h0 = term_h(&t[0]), h1 = term_h(&t[1]), h2 = n == 3 ? term_h(&t[2]) : INT32_MIN;

    /* Common case: all terms within 61 bits of each other; exact in 64 bits. */
    int base = t[0].lsb < t[1].lsb ? t[0].lsb : t[1].lsb;
    if (n == 3)
        base = base < t[2].lsb ? base : t[2].lsb;
    int hmax = h0 > h1 ? h0 : h1;
    hmax = hmax > h2 ? hmax : h2;
    if (hmax - base <= 61) {
        int64_t sum = signed_shl64(&t[0], base) + signed_shl64(&t[1], base);
        if (n == 3)
            sum += signed_shl64(&t[2], base);
        if (sum == 0)
            return FIU_F32_POS_ZERO; /* exact zero with a nonzero term (spec 2.4) */
        uint64_t neg_mask = (uint64_t)(sum >> 63);
        return round_pack64(sum < 0, ((uint64_t)sum ^ neg_mask) - neg_mask, base, flush);
    }

    /* Next: every term inside the 128-bit window of the largest; still exact. */
    int wb = hmax - 124;
    if (t[0].lsb >= wb && t[1].lsb >= wb && (n == 2 || t[2].lsb >= wb)) {
        i128 sum = signed_shl(&t[0], t[0].lsb - wb) + signed_shl(&t[1], t[1].lsb - wb);
        if (n == 3)
            sum += signed_shl(&t[2], t[2].lsb - wb);
        if (sum == 0)
            return FIU_F32_POS_ZERO; /* exact zero with a nonzero term (spec 2.4) */
        bool neg = sum < 0;
        return round_pack(neg, neg ? -(u128)sum : (u128)sum, wb, flush);
    }

    /* Order by h, largest first: t[i0], t[i1], t[i2]. */
    int i0 = 0, i1 = 1, i2 = 2;
    if (h1 > h0) {
        i0 = 1, i1 = 0;
        int s = h0; h0 = h1; h1 = s;
    }
    if (h2 > h1) {
        i2 = i1, i1 = 2;
        h1 = h2;
        if (h1 > h0) {
            i1 = i0, i0 = 2;
            h0 = h1;
        }
    }
    const f32_term *T1 = &t[i0], *T2 = &t[i1], *T3 = n == 3 ? &t[i2] : NULL;

    i128 acc = signed_shl(T1, T1->lsb - wb);
    i128 half_units;
    if (T2->lsb < wb) {
        int s = T3 ? sign_of_sum(T2, T3) : (T2->neg ? -1 : 1);
        half_units = 2 * acc + s;
    } else {
        acc += signed_shl(T2, T2->lsb - wb);
        if (!T3 || T3->lsb >= wb) {
            if (T3)
                acc += signed_shl(T3, T3->lsb - wb);
            half_units = 2 * acc;
        } else if (acc == 0) {
            return round_pack64(T3->neg, T3->man, T3->lsb, flush);
        } else {
            int s = wb - T3->lsb;
            uint64_t kept = s < 64 ? T3->man >> s : 0;
            bool lost = s < 64 ? (T3->man & ((1ull << s) - 1)) != 0 : true;
            acc += T3->neg ? -(i128)(kept + lost) : (i128)kept; /* floor */
            half_units = 2 * acc + lost;
        }
    }
    if (half_units == 0)
        return FIU_F32_POS_ZERO; /* exact zero with a nonzero term (spec 2.4) */
    bool neg = half_units < 0;
    return round_pack(neg, neg ? -(u128)half_units : (u128)half_units, wb - 1, flush);
}

/* Common case: all five operands normal, so every term is finite and nonzero. */
static bool is_normal(uint32_t x) { return ((x >> 23) & 0xFFu) - 1u < 254u; }

static bool all_normal(uint32_t a, uint32_t b, uint32_t c, uint32_t d, uint32_t e)
{
    return is_normal(a) & is_normal(b) & is_normal(c) & is_normal(d) & is_normal(e);
}

static f32_term normal_product(uint32_t x, uint32_t y)
{
    uint64_t mx = (x & 0x007FFFFFu) | 0x00800000u, my = (y & 0x007FFFFFu) | 0x00800000u;
    int lsb = (int)((x >> 23) & 0xFFu) + (int)((y >> 23) & 0xFFu) - 300;
    return (f32_term){.man = mx * my, .lsb = lsb, .neg = ((x ^ y) >> 31) != 0};
}

static uint32_t dotadd_fused(uint32_t a, uint32_t b, uint32_t c, uint32_t d, uint32_t e, unsigned mode)
{
    if (all_normal(a, b, c, d, e)) {
        f32_term t[3] = {normal_product(a, b), normal_product(c, d), normal_product(e, FIU_F32_ONE)};
        return sum_terms(t, 3, (mode & FIU_F32_FLUSH) != 0);
    }
    f32_terms terms = f32_terms_decode(a, b, c, d, e, mode);
    if (terms.done)
        return terms.result;
    return sum_terms(terms.t, terms.n, (mode & FIU_F32_FLUSH) != 0);
}

uint32_t fiu_f32_dotadd(uint32_t a, uint32_t b, uint32_t c, uint32_t d, uint32_t e, unsigned mode)
{
    if (!(mode & FIU_F32_FUSED))
        f32_round_products(&a, &b, &c, &d, mode, dotadd_fused);
    return dotadd_fused(a, b, c, d, e, mode);
}

uint32_t fiu_f32_fma(uint32_t a, uint32_t b, uint32_t e, unsigned mode)
{
    return fiu_f32_dotadd(a, b, FIU_F32_ABSENT_A, FIU_F32_ABSENT_B, e, mode);
}

uint32_t fiu_f32_mul(uint32_t a, uint32_t b, unsigned mode)
{
    return fiu_f32_fma(a, b, FIU_F32_ABSENT_E, mode);
}
