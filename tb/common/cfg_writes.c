/* State records to configuration-port writes (docs/spec.md 8.2). */
#include "cfg_writes.h"

static void map_entry(const fiu_state *st, uint32_t d, fiu_cfg_emit emit, void *ctx)
{
    const fiu_map_entry *e = &st->map[d];
    emit(ctx, FIU_CFG_MAP, d, (uint32_t)e->present << 10 | (uint32_t)e->interp << 8 | e->plane);
}

static void samples(const fiu_state *st, fiu_cfg_emit emit, void *ctx)
{
    const fiu_sample_table *t = &st->samples;
    emit(ctx, FIU_CFG_SAMPLE_COUNT, 0, t->count);
    for (uint32_t i = 0; i < FIU_MAX_SAMPLES; i++) {
        emit(ctx, FIU_CFG_SAMPLE_POS, i, (uint32_t)t->x[i] | (uint32_t)t->y[i] << 4);
        emit(ctx, FIU_CFG_SAMPLE_PRIO, i, t->priority[i]);
    }
}

static void alpha_mode(const fiu_state *st, fiu_cfg_emit emit, void *ctx)
{
    emit(ctx, FIU_CFG_ALPHA, 0, (uint32_t)st->alpha_func | (uint32_t)st->alpha_format << 3);
    emit(ctx, FIU_CFG_ALPHA_REF, 0, st->alpha_ref);
    emit(ctx, FIU_CFG_MODE, 0, (uint32_t)st->flush | (uint32_t)st->fused << 1);
}

void fiu_cfg_record(const fiu_state *st, const fiu_vrec *rec, fiu_cfg_emit emit, void *ctx)
{
    switch (rec->kind) {
    case FIU_VREC_RAM:
        for (uint32_t i = 0; i < rec->u.ram.count; i++)
            emit(ctx, FIU_CFG_RAM, rec->u.ram.addr + i, rec->u.ram.word[i]);
        break;
    case FIU_VREC_MAP:
        map_entry(st, rec->u.map.dword, emit, ctx);
        break;
    case FIU_VREC_SAMPLES:
        samples(st, emit, ctx);
        break;
    case FIU_VREC_ALPHA:
    case FIU_VREC_MODE:
        alpha_mode(st, emit, ctx);
        break;
    default:
        break;
    }
}

void fiu_cfg_all(const fiu_state *st, bool with_ram, fiu_cfg_emit emit, void *ctx)
{
    if (with_ram)
        for (uint32_t w = 0; w < st->ram_words; w++)
            emit(ctx, FIU_CFG_RAM, w, st->ram[w]);
    for (uint32_t d = 0; d < FIU_MAP_ENTRIES; d++)
        map_entry(st, d, emit, ctx);
    samples(st, emit, ctx);
    alpha_mode(st, emit, ctx);
}

bool fiu_cfg_apply(fiu_state *st, bool *have, const fiu_vrec *rec, fiu_cfg_emit emit, void *ctx)
{
    if (rec->kind == FIU_VREC_RAMSIZE && *have) {
        fiu_state_free(st);
        *have = false;
    }
    if (!fiu_vec_apply(st, rec))
        return false;
    if (rec->kind == FIU_VREC_RAMSIZE) {
        *have = true;
        fiu_cfg_all(st, true, emit, ctx);
    } else {
        fiu_cfg_record(st, rec, emit, ctx);
    }
    return true;
}

const char *fiu_rtl_request_misfit(const fiu_request *rq, unsigned lanes)
{
    if (rq->lanes != lanes)
        return "lane count differs from the RTL's LANES";
    if (rq->op > 7 || rq->ipa_mode > 7 || rq->loc > 7 || rq->unpack_fmt > 7 || rq->unpack_comp > 7)
        return "a request field does not fit its RTL port";
    if (rq->imm > 0x3FF || rq->wave_lane0 > 63)
        return "imm or wave_lane0 does not fit its RTL port";
    for (uint32_t i = 0; i < rq->lanes; i++)
        if (rq->lane[i].sample_id > 15)
            return "sample_id does not fit its RTL port";
    return NULL;
}
