/* Internal: the model's portability layer (docs/model.md, "Portability"). The core is ISO C11;
 * this header is the one place where it takes a compiler's extensions, and each has an ISO C
 * form that gives the same values:
 *  - bit scans (count leading / trailing zeros, population count): GCC or Clang builtins, else
 *    shifts and masks;
 *  - 128-bit two's-complement integers for the dot-add's wide window: unsigned __int128 where
 *    the compiler has it (64-bit GCC or Clang), else a pair of 64-bit words.
 * -DFIU_PORTABLE selects the ISO C forms everywhere and also compiles out the host
 * floating-point fast paths (dotadd_t1.h: SSE2 intrinsics, MXCSR). The tests model.c11.* build
 * the core that way with -std=c11 -pedantic-errors, model.m32.* with gcc -m32 (no __int128);
 * both compare their results with this build's, bit for bit. */
#ifndef FIU_PORT_H
#define FIU_PORT_H

#include <stdbool.h>
#include <stdint.h>

#if defined(__GNUC__) && !defined(FIU_PORTABLE)
#define FIU_GNUC_EXT 1
#else
#define FIU_GNUC_EXT 0
#endif

#if FIU_GNUC_EXT
#define FIU_NOINLINE __attribute__((noinline))
#else
#define FIU_NOINLINE
#endif

/* ---- bit scans; x != 0 for the counts of zeros ---- */
#if FIU_GNUC_EXT
static inline int fiu_clz32(uint32_t x) { return __builtin_clz(x); }
static inline int fiu_clz64(uint64_t x) { return __builtin_clzll(x); }
static inline int fiu_ctz64(uint64_t x) { return __builtin_ctzll(x); }
static inline int fiu_popcount32(uint32_t x) { return __builtin_popcount(x); }
#else
static inline int fiu_clz64(uint64_t x)
{
    int n = 0;
    if (!(x >> 32)) n += 32, x <<= 32;
    if (!(x >> 48)) n += 16, x <<= 16;
    if (!(x >> 56)) n += 8, x <<= 8;
    if (!(x >> 60)) n += 4, x <<= 4;
    if (!(x >> 62)) n += 2, x <<= 2;
    if (!(x >> 63)) n += 1;
    return n;
}
static inline int fiu_clz32(uint32_t x) { return fiu_clz64(x) - 32; }
static inline int fiu_ctz64(uint64_t x) { return 63 - fiu_clz64(x & (0u - x)); }
static inline int fiu_popcount32(uint32_t x)
{
    x = x - ((x >> 1) & 0x55555555u);
    x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
    x = (x + (x >> 4)) & 0x0F0F0F0Fu;
    return (int)((x * 0x01010101u) >> 24);
}
#endif

static inline int fiu_bitlen64(uint64_t x) { return 64 - fiu_clz64(x); } /* x != 0 */

/* ---- 128-bit integers, two's complement: negative when bit 127 is set ---- */
#if FIU_GNUC_EXT && defined(__SIZEOF_INT128__)
#define FIU_NATIVE_INT128 1
__extension__ typedef unsigned __int128 fiu_u128;

static inline fiu_u128 fiu_u128_shl(uint64_t m, int s) { return (fiu_u128)m << s; } /* 0 <= s < 128 */
static inline fiu_u128 fiu_u128_of_i64(int64_t x) { return (fiu_u128)x; }          /* sign-extended */
static inline fiu_u128 fiu_u128_add(fiu_u128 a, fiu_u128 b) { return a + b; }
static inline fiu_u128 fiu_u128_neg(fiu_u128 a) { return -a; }
static inline fiu_u128 fiu_u128_dbl(fiu_u128 a) { return a << 1; }
static inline bool fiu_u128_is_zero(fiu_u128 a) { return a == 0; }
static inline bool fiu_u128_is_neg(fiu_u128 a) { return (a >> 127) != 0; }
static inline bool fiu_u128_gt(fiu_u128 a, fiu_u128 b) { return a > b; } /* unsigned */
static inline bool fiu_u128_eq(fiu_u128 a, fiu_u128 b) { return a == b; }
static inline uint64_t fiu_u128_lo(fiu_u128 a) { return (uint64_t)a; }
static inline uint64_t fiu_u128_hi(fiu_u128 a) { return (uint64_t)(a >> 64); }
/* a >> d (which fits in 64 bits), with the bits shifted out jammed into bit 0; 0 < d < 64 */
static inline uint64_t fiu_u128_shr_jam(fiu_u128 a, int d) { return (uint64_t)(a >> d) | ((a << (128 - d)) != 0); }
#else
#define FIU_NATIVE_INT128 0
typedef struct {
    uint64_t lo, hi;
} fiu_u128;

static inline fiu_u128 fiu_u128_shl(uint64_t m, int s)
{
    fiu_u128 r;
    if (s == 0)
        r.lo = m, r.hi = 0;
    else if (s < 64)
        r.lo = m << s, r.hi = m >> (64 - s);
    else
        r.lo = 0, r.hi = m << (s - 64);
    return r;
}
static inline fiu_u128 fiu_u128_of_i64(int64_t x)
{
    fiu_u128 r = {(uint64_t)x, x < 0 ? UINT64_MAX : 0};
    return r;
}
static inline fiu_u128 fiu_u128_add(fiu_u128 a, fiu_u128 b)
{
    fiu_u128 r;
    r.lo = a.lo + b.lo;
    r.hi = a.hi + b.hi + (r.lo < a.lo);
    return r;
}
static inline fiu_u128 fiu_u128_neg(fiu_u128 a)
{
    fiu_u128 r = {0u - a.lo, ~a.hi + (a.lo == 0)};
    return r;
}
static inline fiu_u128 fiu_u128_dbl(fiu_u128 a)
{
    fiu_u128 r = {a.lo << 1, (a.hi << 1) | (a.lo >> 63)};
    return r;
}
static inline bool fiu_u128_is_zero(fiu_u128 a) { return (a.lo | a.hi) == 0; }
static inline bool fiu_u128_is_neg(fiu_u128 a) { return (a.hi >> 63) != 0; }
static inline bool fiu_u128_gt(fiu_u128 a, fiu_u128 b) { return a.hi != b.hi ? a.hi > b.hi : a.lo > b.lo; }
static inline bool fiu_u128_eq(fiu_u128 a, fiu_u128 b) { return a.hi == b.hi && a.lo == b.lo; }
static inline uint64_t fiu_u128_lo(fiu_u128 a) { return a.lo; }
static inline uint64_t fiu_u128_hi(fiu_u128 a) { return a.hi; }
static inline uint64_t fiu_u128_shr_jam(fiu_u128 a, int d)
{
    return (a.lo >> d) | (a.hi << (64 - d)) | ((a.lo << (64 - d)) != 0);
}
#endif

/* Bits in a (a != 0). */
static inline int fiu_u128_bitlen(fiu_u128 a)
{
    uint64_t hi = fiu_u128_hi(a);
    return hi ? 64 + fiu_bitlen64(hi) : fiu_bitlen64(fiu_u128_lo(a));
}

#endif
