/* plane_fetch stage (spec 4): TRAM planes, system attributes, AL2P, GCN LDS parameters. */
#include "stages.h"

static fiu_plane lane_error(fiu_status s) { return (fiu_plane){.status = (uint8_t)s}; }

/* Plane A,B,C at a TRAM word address, with the RAM range check. */
static fiu_plane read_plane(const fiu_state *st, uint64_t word, uint8_t interp)
{
    if (word + 2 >= st->ram_words)
        return lane_error(FIU_ST_ADDR_RANGE);
    return (fiu_plane){.status = FIU_OK, .interp = interp, .a = st->ram[word], .b = st->ram[word + 1],
                       .c = st->ram[word + 2]};
}

bool fiu_plane_is_system(uint32_t addr)
{
    return addr == FIU_SYS_PRIMID || addr == FIU_SYS_FRONT_FACE || addr == FIU_SYS_SAMPLE_X ||
           addr == FIU_SYS_SAMPLE_Y;
}

/* The value of a system address (fiu_plane_is_system). */
static fiu_plane system_attr(uint32_t addr, const fiu_lane *ln)
{
    switch (addr) {
    case FIU_SYS_PRIMID:
        return (fiu_plane){.is_int = true, .interp = FIU_INTERP_CONSTANT, .c = ln->prim_id};
    case FIU_SYS_FRONT_FACE:
        return (fiu_plane){.is_int = true, .interp = FIU_INTERP_CONSTANT, .c = ln->front_face ? 0xFFFFFFFFu : 0};
    case FIU_SYS_SAMPLE_X: /* the linear plane x: 1*x + 0*y + 0 */
        return (fiu_plane){.interp = FIU_INTERP_LINEAR, .a = FIU_F32_ONE};
    case FIU_SYS_SAMPLE_Y:
        return (fiu_plane){.interp = FIU_INTERP_LINEAR, .b = FIU_F32_ONE};
    default: /* not a system address */
        return lane_error(FIU_OK);
    }
}

fiu_plane fiu_plane_fetch_tram(const fiu_state *st, const fiu_request *rq, const fiu_lane *ln, uint32_t ra)
{
    if (rq->idx) {
        uint32_t interp = (ra >> FIU_AL2P_TYPE_SHIFT) & 3u, offset = ra & FIU_AL2P_OFFSET_MASK;
        if (!(ra & FIU_AL2P_VALID) || interp > FIU_INTERP_LINEAR)
            return lane_error(FIU_ST_UNMAPPED);
        if (offset & 3u)
            return lane_error(FIU_ST_MISALIGNED);
        return read_plane(st, (uint64_t)ln->prim_base + offset / 4, (uint8_t)interp);
    }
    uint32_t addr = rq->imm & 0x3FFu;
    if (addr & 3u)
        return lane_error(FIU_ST_MISALIGNED);
    if (fiu_plane_is_system(addr))
        return system_attr(addr, ln);
    const fiu_map_entry *e = &st->map[addr >> 2];
    if (!e->present)
        return lane_error(FIU_ST_UNMAPPED);
    return read_plane(st, (uint64_t)ln->prim_base + 3u * e->plane, e->interp);
}

uint32_t fiu_plane_fetch_al2p(const fiu_state *st, uint32_t logical_addr, uint8_t *status)
{
    *status = FIU_OK;
    if (logical_addr >= 0x400u)
        *status = FIU_ST_ADDR_RANGE;
    else if (logical_addr & 3u)
        *status = FIU_ST_MISALIGNED;
    else if (!st->map[logical_addr >> 2].present)
        *status = FIU_ST_UNMAPPED;
    if (*status)
        return 0;
    const fiu_map_entry *e = &st->map[logical_addr >> 2];
    return FIU_AL2P_VALID | ((uint32_t)e->interp << FIU_AL2P_TYPE_SHIFT) | (12u * e->plane);
}

uint32_t fiu_gcn_numprim(uint32_t newprimmask) { return (uint32_t)fiu_popcount32(newprimmask & 0x7FFFu) + 1; }

uint32_t fiu_gcn_primid(uint32_t newprimmask, uint32_t quad)
{
    return (uint32_t)fiu_popcount32(newprimmask & 0x7FFFu & ((1u << quad) - 1u));
}

uint32_t fiu_plane_fetch_lds(const fiu_state *st, uint32_t m0, uint32_t attr, uint32_t chan, uint32_t wave_lane,
                             unsigned which, uint8_t *status)
{
    uint32_t offset = m0 & 0xFFFFu, mask = (m0 >> 16) & 0x7FFFu;
    *status = FIU_OK;
    if (offset & 3u) {
        *status = FIU_ST_MISALIGNED;
        return 0;
    }
    uint64_t s = offset / 4 + 12ull * (attr * fiu_gcn_numprim(mask) + fiu_gcn_primid(mask, wave_lane >> 2));
    uint64_t word = which == FIU_LDS_P20 ? s + 8 + chan : s + 2 * chan + (which == FIU_LDS_P10);
    if (word >= st->ram_words) {
        *status = FIU_ST_ADDR_RANGE;
        return 0;
    }
    return st->ram[word];
}
