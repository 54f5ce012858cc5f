/* Slots per request, docs/spec.md 8.5 "Issue": one per distinct fetch key of the executing lanes. */
#include "issue_model.h"

static bool is_system_address(uint16_t imm)
{
    return imm == 0x060 || imm == 0x070 || imm == 0x074 || imm == 0x3fc;
}

/* PRIMID of a wave quad (spec 4.6) */
static uint64_t primid(uint32_t m0, unsigned quad)
{
    uint32_t mask = (m0 >> 16) & 0x7fff;
    return (uint64_t)__builtin_popcount(mask & ((1u << quad) - 1u));
}

static unsigned distinct(const uint64_t *keys, unsigned n)
{
    unsigned count = 0;
    for (unsigned i = 0; i < n; i++) {
        bool seen = false;
        for (unsigned j = 0; j < i && !seen; j++)
            seen = keys[j] == keys[i];
        count += !seen;
    }
    return count;
}

unsigned fiu_rtl_issue_slots(const fiu_request *rq, const fiu_response *rsp)
{
    if (rsp->status >= FIU_ST_BAD_OP && rsp->status <= FIU_ST_SAMPLE_COUNT)
        return 1; /* request error */
    bool vintrp = rq->op == FIU_OP_VINTRP;
    if (rq->op == FIU_OP_IPA && !rq->idx && ((rq->imm & 3) || is_system_address(rq->imm & 0x3ff)))
        return 1;
    if (rq->op != FIU_OP_IPA && rq->op != FIU_OP_AL2P && !vintrp)
        return 1; /* ATEST, UNPACK */

    uint32_t first_ra = 0;
    bool have_first = false;
    uint64_t keys[FIU_MAX_LANES];
    unsigned n = 0;
    for (unsigned i = 0; i < rq->lanes; i++) {
        const fiu_lane *ln = &rq->lane[i];
        if (!ln->active || (!vintrp && !ln->guard))
            continue;
        if (!have_first) {
            first_ra = ln->ra;
            have_first = true;
        }
        uint32_t ra = rq->puniform ? first_ra : ln->ra;
        if (vintrp)
            keys[n++] = primid(rq->m0, (rq->wave_lane0 + i) / 4);
        else if (rq->op == FIU_OP_AL2P)
            keys[n++] = ((ln->ra + rq->imm) >> 2) & 0xff;
        else if (rq->idx)
            keys[n++] = (uint64_t)ln->prim_base + ((ra >> 2) & 0x3fff);
        else
            keys[n++] = ln->prim_base;
    }
    unsigned slots = distinct(keys, n);
    return slots ? slots : 1;
}
