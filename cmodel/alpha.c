/* alpha stage (spec 5): UNORMn conversion, the alpha compare, and the UNORM8
 * lowerings of seed 004 (docs/alpha-test.md). Integer-only on fp32 bit patterns:
 * no host float, so results never depend on the host FPU (rounding, FTZ, DAZ). */
#include "alpha_lowering.h"
#include "fiu.h"

/* ---- fp32 ordered compares on bit patterns ---- */

/* Monotone integer key of a non-NaN fp32: a < b (IEEE) iff key(a) < key(b); -0 and +0 share key 0. */
static int64_t f32_order_key(uint32_t x)
{
    int64_t mag = (int64_t)(x & 0x7FFFFFFFu);
    return (x & 0x80000000u) ? -mag : mag;
}

/* IEEE ordered compare "x func y" of two integers (func is a relational fiu_alpha_func). */
static bool compare_keys(uint32_t func, int64_t x, int64_t y)
{
    switch (func) {
    case FIU_ALPHA_LESS: return x < y;
    case FIU_ALPHA_EQUAL: return x == y;
    case FIU_ALPHA_LEQUAL: return x <= y;
    case FIU_ALPHA_GREATER: return x > y;
    case FIU_ALPHA_NOTEQUAL: return x != y;
    case FIU_ALPHA_GEQUAL: return x >= y;
    case FIU_ALPHA_ALWAYS: return true;
    default: return false; /* NEVER, out of range */
    }
}

/* Float compares as a shader executes them: false when either operand is NaN. */
static bool f32_lt(uint32_t a, uint32_t b)
{
    return !fiu_f32_is_nan(a) && !fiu_f32_is_nan(b) && f32_order_key(a) < f32_order_key(b);
}
static bool f32_le(uint32_t a, uint32_t b)
{
    return !fiu_f32_is_nan(a) && !fiu_f32_is_nan(b) && f32_order_key(a) <= f32_order_key(b);
}
static bool f32_gt(uint32_t a, uint32_t b) { return f32_lt(b, a); }
static bool f32_ge(uint32_t a, uint32_t b) { return f32_le(b, a); }

/* ---- UNORMn conversion ---- */

uint32_t fiu_alpha_unorm(uint32_t a, unsigned bits)
{
    if (bits < 1 || bits > 32)
        return 0;
    uint64_t max = (UINT64_C(1) << bits) - 1;
    if (fiu_f32_is_nan(a) || (a & 0x80000000u)) /* NaN, -0, negatives, -inf */
        return 0;
    if (a >= FIU_F32_ONE) /* >= 1, +inf */
        return (uint32_t)max;
    /* a = m * 2^-shift with m < 2^24 and shift >= 24 (a < 1). */
    uint32_t exp = a >> 23;
    uint64_t m = exp ? (a & 0x007FFFFFu) | 0x00800000u : (a & 0x007FFFFFu);
    unsigned shift = exp ? 150u - exp : 149u;
    uint64_t prod = m * max; /* exact, < 2^56 */
    if (shift > 56)          /* prod < 2^56 <= half an ulp of the result: rounds to 0 */
        return 0;
    uint64_t q = prod >> shift;
    uint64_t rem = prod & ((UINT64_C(1) << shift) - 1);
    /* Nearest integer; the only tie is a = 0.5 and rounds up to 2^(n-1) (spec 5). */
    if (rem >= (UINT64_C(1) << (shift - 1)))
        q++;
    return (uint32_t)q;
}

/* ---- the compare ---- */

bool fiu_alpha_pass(uint32_t func, uint32_t format, uint32_t alpha, uint32_t ref)
{
    if (func > FIU_ALPHA_ALWAYS || format > FIU_AFMT_UNORM16)
        return false; /* unreachable through fiu_state_alpha_write, which rejects these */
    if (func == FIU_ALPHA_NEVER || func == FIU_ALPHA_ALWAYS)
        return func == FIU_ALPHA_ALWAYS;
    if (format == FIU_AFMT_FLOAT32) {
        if (fiu_f32_is_nan(alpha) || fiu_f32_is_nan(ref))
            return func == FIU_ALPHA_NOTEQUAL;
        return compare_keys(func, f32_order_key(alpha), f32_order_key(ref)); /* no flush */
    }
    static const unsigned unorm_bits[4] = {0, 8, 10, 16};
    unsigned bits = unorm_bits[format];
    return compare_keys(func, fiu_alpha_unorm(alpha, bits), fiu_alpha_unorm(ref, bits));
}

/* ---- UNORM8 thresholds ---- */

static unsigned msb_index(uint64_t x) /* x > 0 */
{
    unsigned i = 0;
    while (x >>= 1)
        i++;
    return i;
}

/* fp32 bits of num/den rounded per rnd. Preconditions: 0 < |num| < 2^16, 0 < den < 2^16
 * (the quotient is then a normal number; no overflow, no subnormal). */
static uint32_t f32_from_ratio(int32_t num, uint32_t den, fiu_alpha_thr_round rnd)
{
    bool neg = num < 0;
    uint64_t n = (uint64_t)(neg ? -(int64_t)num : num), d = den;
    /* e = floor(log2(n/d)): 2^e <= n/d < 2^(e+1). */
    int e = (int)msb_index(n) - (int)msb_index(d);
    if (e >= 0 ? n < (d << e) : (n << -e) < d)
        e--;
    unsigned shift = (unsigned)(23 - e); /* 8..39: n << shift < 2^55 */
    uint64_t scaled = n << shift;
    uint64_t q = scaled / d, rem = scaled % d; /* 2^23 <= q < 2^24 */
    bool up;
    if (rnd == FIU_ALPHA_THR_UP)
        up = !neg && rem != 0; /* toward +inf: a negative value truncates its magnitude */
    else
        up = 2 * rem > d || (2 * rem == d && (q & 1));
    if (up && ++q == (UINT64_C(1) << 24)) {
        q >>= 1;
        e++;
    }
    return (neg ? 0x80000000u : 0u) | ((uint32_t)(e + 127) << 23) | (uint32_t)(q & 0x007FFFFFu);
}

uint32_t fiu_alpha_u8_threshold(uint32_t j, fiu_alpha_thr_round rnd)
{
    if (j > 256)
        j = 256;
    return f32_from_ratio(2 * (int32_t)j - 1, 510, rnd);
}

/* ---- seed 004's lowering (the faithful, most favourable reading; docs/alpha-test.md) ---- */

bool fiu_alpha_pass_lowered_unorm8(uint32_t func, uint32_t alpha, uint32_t ref_unorm8)
{
    uint32_t k = ref_unorm8 > 255 ? 255 : ref_unorm8;
    /* newref = (k - 0.5)/255 and newref + 1/255 = (k + 0.5)/255, each correctly rounded. */
    uint32_t lo = fiu_alpha_u8_threshold(k, FIU_ALPHA_THR_RNE);
    uint32_t hi = fiu_alpha_u8_threshold(k + 1, FIU_ALPHA_THR_RNE);
    switch (func) {
    case FIU_ALPHA_NEVER: return false;
    case FIU_ALPHA_ALWAYS: return true;
    case FIU_ALPHA_LESS: return f32_lt(alpha, lo);    /* discard if !(a < newref) */
    case FIU_ALPHA_GEQUAL: return f32_ge(alpha, lo);  /* discard if !(a >= newref) */
    case FIU_ALPHA_LEQUAL: return f32_le(alpha, hi);  /* discard if !(a <= newref) */
    case FIU_ALPHA_GREATER: return f32_gt(alpha, hi); /* discard if !(a > newref) */
    case FIU_ALPHA_EQUAL:
        /* k = 0 / 255: the seed's single-compare conversion (LEQUAL / GEQUAL). */
        if (k == 0)
            return f32_le(alpha, hi);
        if (k == 255)
            return f32_ge(alpha, lo);
        return !(f32_lt(alpha, lo) || f32_gt(alpha, hi)); /* discard if a < newref || a > newref + 1/255 */
    case FIU_ALPHA_NOTEQUAL:
        if (k == 0)
            return f32_gt(alpha, hi);
        if (k == 255)
            return f32_lt(alpha, lo);
        return !(f32_gt(alpha, lo) && f32_lt(alpha, hi)); /* discard if a > newref && a < newref + 1/255 */
    default: return false;
    }
}

/* ---- corrected lowering: thresholds rounded up, every compare "alpha >= T" ---- */

bool fiu_alpha_pass_lowered_unorm8_fixed(uint32_t func, uint32_t alpha, uint32_t ref_unorm8)
{
    uint32_t k = ref_unorm8 > 255 ? 255 : ref_unorm8;
    /* u8(alpha) >= j  <=>  alpha >= T_j for non-NaN alpha, j in 1..255; NaN acts as 0 because
     * "alpha >= T" is false for NaN, exactly as for alpha = 0 (T_j > 0). */
    bool at_least_k = k == 0 || f32_ge(alpha, fiu_alpha_u8_threshold(k, FIU_ALPHA_THR_UP));
    bool above_k = k != 255 && f32_ge(alpha, fiu_alpha_u8_threshold(k + 1, FIU_ALPHA_THR_UP));
    switch (func) {
    case FIU_ALPHA_NEVER: return false;
    case FIU_ALPHA_ALWAYS: return true;
    case FIU_ALPHA_LESS: return !at_least_k;
    case FIU_ALPHA_GEQUAL: return at_least_k;
    case FIU_ALPHA_LEQUAL: return !above_k;
    case FIU_ALPHA_GREATER: return above_k;
    case FIU_ALPHA_EQUAL: return at_least_k && !above_k;
    case FIU_ALPHA_NOTEQUAL: return !at_least_k || above_k;
    default: return false;
    }
}
