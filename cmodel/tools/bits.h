/* Internal to the tools: bit scans in ISO C (the tools take no compiler extension; the core's
 * fast forms are in cmodel/port.h, which the tools do not include). */
#ifndef FIU_TOOLS_BITS_H
#define FIU_TOOLS_BITS_H

#include <stdint.h>

static inline unsigned fiu_tool_popcount64(uint64_t x)
{
    x = x - ((x >> 1) & 0x5555555555555555ull);
    x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0Full;
    return (unsigned)((x * 0x0101010101010101ull) >> 56);
}

/* Index of the highest set bit (x != 0). */
static inline int fiu_tool_msb64(uint64_t x)
{
    int n = 0;
    if (x >> 32) n += 32, x >>= 32;
    if (x >> 16) n += 16, x >>= 16;
    if (x >> 8) n += 8, x >>= 8;
    if (x >> 4) n += 4, x >>= 4;
    if (x >> 2) n += 2, x >>= 2;
    if (x >> 1) n += 1;
    return n;
}

/* Index of the lowest set bit (x != 0). */
static inline int fiu_tool_lsb64(uint64_t x) { return fiu_tool_msb64(x & (0u - x)); }

#endif
