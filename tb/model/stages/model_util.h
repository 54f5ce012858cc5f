/* Helpers for model testbenches: build state and requests compactly. */
#ifndef FIU_TB_MODEL_UTIL_H
#define FIU_TB_MODEL_UTIL_H

#include <string.h>

#include "fiu.h"
#include "../../common/host_f32.h"

/* A request of n lanes, all active with guard true, pixel (px, py), slot at prim_base. */
static inline fiu_request make_request(uint8_t op, uint32_t n, uint16_t px, uint16_t py, uint32_t prim_base)
{
    fiu_request rq;
    memset(&rq, 0, sizeof rq);
    rq.op = op;
    rq.lanes = n;
    rq.pmul = true;
    for (uint32_t i = 0; i < n; i++) {
        rq.lane[i].active = true;
        rq.lane[i].guard = true;
        rq.lane[i].px = px;
        rq.lane[i].py = py;
        rq.lane[i].prim_base = prim_base;
    }
    return rq;
}

static inline void write_plane(fiu_state *st, uint32_t prim_base, uint32_t plane, float a, float b, float c)
{
    fiu_state_ram_write(st, prim_base + 3 * plane, f2u(a));
    fiu_state_ram_write(st, prim_base + 3 * plane + 1, f2u(b));
    fiu_state_ram_write(st, prim_base + 3 * plane + 2, f2u(c));
}

static inline uint32_t vintrp_word(uint32_t enc, uint32_t op, uint32_t vdst, uint32_t attr, uint32_t chan, uint32_t vsrc)
{
    return enc << 26 | vdst << 18 | op << 16 | attr << 10 | chan << 8 | vsrc;
}

#endif
