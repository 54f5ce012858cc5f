// Shared pieces of the fp32 RTL unit testbenches: options, RNG, fp32 operand generators.
#ifndef FIU_TB_RTL_UNIT_COMMON_H
#define FIU_TB_RTL_UNIT_COMMON_H

#include <cerrno>
#include <cinttypes>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <initializer_list>
#include "../common/args.h"
#include "../common/splitmix64.h"

namespace tb {

struct Rng {  // splitmix64
    uint64_t s;
    uint64_t next() { return splitmix64(&s); }
    uint32_t u32() { return static_cast<uint32_t>(next() >> 32); }
    uint32_t below(uint32_t n) { return static_cast<uint32_t>((next() >> 32) % n); }
    bool coin() { return (next() >> 63) != 0; }
    bool chance(unsigned pct) { return next() % 100 < pct; }
};

struct Options {
    uint64_t count;
    uint64_t seed = 1;
    uint64_t max_print = 10;
    bool inject_fault = false;
};

// Parses --count N --seed N --max-print N --inject-fault --help. Exits on --help / errors.
inline Options parse_options(int argc, char **argv, const char *usage, uint64_t default_count)
{
    Options o;
    o.count = default_count;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!std::strcmp(a, "--help") || !std::strcmp(a, "-h")) {
            std::fputs(usage, stdout);
            std::exit(0);
        } else if (!std::strcmp(a, "--inject-fault")) {
            o.inject_fault = true;
        } else if ((!std::strcmp(a, "--count") || !std::strcmp(a, "--seed") ||
                    !std::strcmp(a, "--max-print")) && i + 1 < argc) {
            uint64_t v;
            if (!fiu_arg_u64(argv[0], a, argv[++i], 0, UINT64_MAX, &v))
                std::exit(2);
            if (!std::strcmp(a, "--count"))
                o.count = v;
            else if (!std::strcmp(a, "--seed"))
                o.seed = v;
            else
                o.max_print = v;
        } else {
            std::fprintf(stderr, "%s: unknown or incomplete option '%s'\n%s", argv[0], a, usage);
            std::exit(2);
        }
    }
    return o;
}

inline uint32_t mk(uint32_t sign, uint32_t biased, uint32_t frac)
{
    return (sign << 31) | ((biased & 0xFFu) << 23) | (frac & 0x7FFFFFu);
}
inline uint32_t expo(uint32_t x) { return (x >> 23) & 0xFFu; }

// Special and boundary fp32 values.
inline uint32_t special_value(Rng &r)
{
    static const uint32_t k[] = {
        0x00000000u, 0x00000001u, 0x00000002u, 0x007FFFFFu, 0x00400000u, 0x00800000u,
        0x00800001u, 0x00FFFFFFu, 0x3F800000u, 0x3F800001u, 0x3F7FFFFFu, 0x3F000000u,
        0x40000000u, 0x4B000000u, 0x7F7FFFFFu, 0x7F7FFFFEu, 0x7F000000u, 0x7F800000u,
        0x7F800001u, 0x7FC00000u, 0x7FFFFFFFu, 0x7FBFFFFFu, 0x33800000u, 0x34000000u,
        0x0C800000u, 0x20000000u, 0x5F800000u, 0x73000000u, 0x72FFFFFFu, 0x58800000u,
    };
    return k[r.below(sizeof k / sizeof k[0])] | (r.coin() ? 0x80000000u : 0);
}

// Exponent-extreme weighting: biased exponent near 0, near 255, or near 127.
inline uint32_t extreme_value(Rng &r)
{
    uint32_t e;
    switch (r.below(4)) {
    case 0: e = r.below(4); break;                 // 0..3 (zero / subnormal / tiny normal)
    case 1: e = 251 + r.below(5); break;           // 251..255 (huge, inf, NaN)
    case 2: e = 127 - 4 + r.below(9); break;       // around 1.0
    default: e = r.below(256); break;
    }
    uint32_t f;
    switch (r.below(4)) {
    case 0: f = 0; break;
    case 1: f = 0x7FFFFFu - r.below(4); break;
    case 2: f = r.below(4); break;
    default: f = r.u32(); break;
    }
    return mk(r.coin(), e, f);
}

// A finite value with biased exponent clamped to [lo, hi] (random fraction and sign).
inline uint32_t value_exp(Rng &r, int biased)
{
    if (biased < 0)
        biased = 0;
    if (biased > 254)
        biased = 254;
    return mk(r.coin(), static_cast<uint32_t>(biased), r.u32());
}

// Inverse of an odd x modulo 2^24 (Newton's iteration).
inline uint32_t inv24(uint32_t x)
{
    uint32_t y = x; // correct to 3 bits
    for (int i = 0; i < 4; i++)
        y = y * (2u - x * y);
    return y & 0xFFFFFFu;
}

// Mantissas (24 bits, leading one) of a and b whose exact product is within `delta` units of
// its last bit from a rounding midpoint to 24 bits.
inline void near_midpoint(Rng &r, int delta, uint32_t &ma, uint32_t &mb)
{
    for (;;) {
        ma = 0x800001u | (r.u32() & 0x7FFFFEu);
        for (uint32_t half : {0x800000u, 0x400000u}) {
            uint32_t target = (half + static_cast<uint32_t>(delta)) & 0xFFFFFFu;
            mb = (target * inv24(ma)) & 0xFFFFFFu;
            if (mb < 0x800000u)
                continue;
            uint64_t prod = static_cast<uint64_t>(ma) * mb;
            bool top = (prod >> 47) != 0; // guard bit at 23 (top) or 22
            if (top == (half == 0x800000u))
                return;
        }
    }
}

// Change x by a small number of ulps (bit pattern arithmetic, staying finite).
inline uint32_t ulps(Rng &r, uint32_t x)
{
    int32_t d = static_cast<int32_t>(r.below(7)) - 3;
    uint32_t m = x & 0x7FFFFFFFu;
    int64_t v = static_cast<int64_t>(m) + d;
    if (v < 0)
        v = 0;
    if (v > 0x7F7FFFFF)
        v = 0x7F7FFFFF;
    return (x & 0x80000000u) | static_cast<uint32_t>(v);
}

// IPA-like plane value: moderate magnitude, or an exact pixel coordinate (x >= 0).
inline uint32_t ipa_coord(Rng &r)
{
    // (n + k/16) for n < 2^14: exact in fp32.
    uint32_t n = r.below(1u << 14), k = r.below(16);
    if (n == 0 && k == 0)
        return 0;
    uint32_t v = n * 16 + k;  // value v / 16, v < 2^18
    int msb = 31 - __builtin_clz(v);
    uint32_t frac = (v << (23 - msb)) & 0x7FFFFFu;
    return mk(0, static_cast<uint32_t>(127 + msb - 4), frac);
}

}  // namespace tb

#endif
