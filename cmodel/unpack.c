/* unpack stage (spec 6): one component of a 2_10_10_10 dword.
 * Integer arithmetic only: float results are built as fp32 bit patterns,
 * correctly rounded (RNE) from the exact rational. */
#include "fiu.h"

/* RNE fp32 of num/den. Requires den > 0 and |num| < 2^23, |num|/den >= 2^-126
 * or num == 0 (true here: |num| <= 1023, den <= 1023). num == 0 gives +0. */
static uint32_t rational_to_f32(int32_t num, uint32_t den)
{
    if (num == 0)
        return FIU_F32_POS_ZERO;
    uint32_t sign = num < 0 ? 0x80000000u : 0;
    uint64_t n = num < 0 ? (uint64_t)(-(int64_t)num) : (uint64_t)num;

    /* Smallest k with n*2^k >= den*2^23; then q = floor(n*2^k/den) is in [2^23, 2^24)
     * and the value is (q + r/den) * 2^-k. */
    int k = 0;
    while ((n << k) < ((uint64_t)den << 23))
        k++;
    uint64_t q = (n << k) / den;
    uint64_t r = (n << k) % den;

    /* Round to nearest, ties to even, on the remainder. */
    if (2 * r > den || (2 * r == den && (q & 1)))
        q++;

    /* q carries the hidden bit at 2^23, so adding it to (exponent-1) << 23 builds
     * the pattern; q == 2^24 after rounding carries into the exponent. */
    uint32_t biased_minus_1 = (uint32_t)(150 - k - 1); /* value = q * 2^-k, q ~ 2^23 */
    return sign | ((biased_minus_1 << 23) + (uint32_t)q);
}

uint32_t fiu_unpack(uint32_t packed, uint32_t comp, uint32_t fmt, bool bgra)
{
    if (fmt >= FIU_UNPACK_COUNT_ || comp > 3)
        return 0; /* caller raises FIU_ST_BAD_UNPACK */

    uint32_t field = bgra && comp != 3 ? 2 - comp : comp; /* BGRA: 0 <-> 2 */
    uint32_t b = field == 3 ? 2 : 10;
    uint32_t u = (packed >> (10 * field)) & ((1u << b) - 1);
    int32_t half = (int32_t)1 << (b - 1);
    int32_t s = (int32_t)(u ^ (uint32_t)half) - half; /* sign extension */
    int32_t umax = (int32_t)((1u << b) - 1);           /* 2^b - 1 */

    switch (fmt) {
    case FIU_UNPACK_UNORM:
        return rational_to_f32((int32_t)u, (uint32_t)umax);
    case FIU_UNPACK_SNORM: /* max(s/(2^(b-1)-1), -1): clamp the numerator */
        return rational_to_f32(s < 1 - half ? 1 - half : s, (uint32_t)(half - 1));
    case FIU_UNPACK_SNORM_LEGACY:
        return rational_to_f32(2 * s + 1, (uint32_t)umax);
    case FIU_UNPACK_USCALED:
        return rational_to_f32((int32_t)u, 1);
    case FIU_UNPACK_SSCALED:
        return rational_to_f32(s, 1);
    case FIU_UNPACK_UINT:
        return u;
    default: /* FIU_UNPACK_SINT */
        return (uint32_t)s;
    }
}
