/* decode stage (spec 4.7, 7): VINTRP fields and request-level checks. */
#include "stages.h"

fiu_vintrp_fields fiu_vintrp_decode(uint32_t word)
{
    return (fiu_vintrp_fields){
        .vsrc = (uint8_t)(word & 0xFFu),
        .attrchan = (uint8_t)((word >> 8) & 0x3u),
        .attr = (uint8_t)((word >> 10) & 0x3Fu),
        .opcode = (uint8_t)((word >> 16) & 0x3u),
        .vdst = (uint8_t)((word >> 18) & 0xFFu),
        .encoding = (uint8_t)((word >> 26) & 0x3Fu),
    };
}

unsigned fiu_decode_mov_param(uint32_t vsrc)
{
    return vsrc == 0 ? FIU_LDS_P10 : vsrc == 1 ? FIU_LDS_P20 : FIU_LDS_P0;
}

static fiu_status check_vintrp(const fiu_request *rq)
{
    fiu_vintrp_fields f = fiu_vintrp_decode(rq->vintrp);
    if (f.encoding != FIU_VINTRP_ENC_GCN10 && f.encoding != FIU_VINTRP_ENC_GCN12)
        return FIU_ST_VINTRP_ENCODING;
    if (f.opcode > FIU_VINTRP_MOV)
        return FIU_ST_VINTRP_OPCODE;
    if (f.opcode != FIU_VINTRP_MOV && f.vdst == f.vsrc)
        return FIU_ST_VINTRP_VDST_VSRC;
    if (f.opcode == FIU_VINTRP_MOV && f.vsrc > 2)
        return FIU_ST_VINTRP_MOV_PARAM;
    if (f.attr > FIU_VINTRP_MAX_ATTR)
        return FIU_ST_VINTRP_ATTR;
    if ((uint32_t)rq->wave_lane0 + rq->lanes > FIU_WAVE_LANES)
        return FIU_ST_WAVE_RANGE;
    return FIU_OK;
}

fiu_status fiu_decode_check(const fiu_state *st, const fiu_request *rq)
{
    if (rq->op >= FIU_OP_COUNT_ || rq->lanes < 1 || rq->lanes > FIU_MAX_LANES)
        return FIU_ST_BAD_OP;
    switch (rq->op) {
    case FIU_OP_IPA:
        if (rq->loc == FIU_LOC_INVALID || rq->loc > FIU_LOC_AT_SAMPLE)
            return FIU_ST_BAD_SAMPLE_MODE;
        if (rq->ipa_mode > FIU_IPA_SC)
            return FIU_ST_BAD_IPA_MODE;
        if ((rq->loc == FIU_LOC_CENTROID || rq->loc == FIU_LOC_SAMPLE || rq->loc == FIU_LOC_AT_SAMPLE) &&
            !fiu_sample_count_supported(st->samples.count))
            return FIU_ST_SAMPLE_COUNT;
        return FIU_OK;
    case FIU_OP_VINTRP:
        return check_vintrp(rq);
    case FIU_OP_UNPACK:
        return rq->unpack_fmt >= FIU_UNPACK_COUNT_ || rq->unpack_comp > 3 ? FIU_ST_BAD_UNPACK : FIU_OK;
    default:
        return FIU_OK;
    }
}
