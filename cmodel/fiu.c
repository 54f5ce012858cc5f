/* Unit state and execution: the pipeline of spec 1.2, stage by stage. */
#include <stdlib.h>
#include <string.h>

#include "dotadd_t1.h"
#include "stages.h"

static const char *const STATUS_NAMES[FIU_ST_COUNT_] = {
    "OK", "BAD_OP", "BAD_SAMPLE_MODE", "BAD_IPA_MODE", "VINTRP_ENCODING", "VINTRP_OPCODE",
    "VINTRP_VDST_VSRC", "VINTRP_MOV_PARAM", "VINTRP_ATTR", "WAVE_RANGE", "BAD_UNPACK", "SAMPLE_COUNT",
    "MISALIGNED", "UNMAPPED", "ADDR_RANGE", "SAMPLE_INDEX", "PUNIFORM",
};

const char *fiu_status_name(fiu_status s) { return (unsigned)s < FIU_ST_COUNT_ ? STATUS_NAMES[s] : "UNKNOWN"; }

bool fiu_state_init(fiu_state *st, uint32_t ram_words)
{
    memset(st, 0, sizeof *st);
    if (ram_words < 1)
        return false;
    st->ram = calloc(ram_words, sizeof *st->ram);
    if (!st->ram)
        return false;
    st->ram_words = ram_words;
    st->alpha_func = FIU_ALPHA_ALWAYS;
    st->alpha_format = FIU_AFMT_FLOAT32;
    st->flush = true;
    st->fused = false;
    return fiu_state_samples_default(st, 1);
}

void fiu_state_free(fiu_state *st)
{
    free(st->ram);
    st->ram = NULL;
    st->ram_words = 0;
}

bool fiu_state_ram_write(fiu_state *st, uint32_t word_addr, uint32_t data)
{
    if (word_addr >= st->ram_words)
        return false;
    st->ram[word_addr] = data;
    return true;
}

bool fiu_state_map_write(fiu_state *st, uint32_t dword, bool present, uint32_t plane, uint32_t interp)
{
    if (dword >= FIU_MAP_ENTRIES || plane > 255 || interp > FIU_INTERP_LINEAR)
        return false;
    st->map[dword] = (fiu_map_entry){.present = present, .plane = (uint8_t)plane, .interp = (uint8_t)interp};
    return true;
}

bool fiu_state_alpha_write(fiu_state *st, uint32_t func, uint32_t format, uint32_t ref)
{
    if (func > FIU_ALPHA_ALWAYS || format > FIU_AFMT_UNORM16)
        return false;
    st->alpha_func = (uint8_t)func;
    st->alpha_format = (uint8_t)format;
    st->alpha_ref = ref;
    return true;
}

void fiu_state_mode_write(fiu_state *st, bool flush, bool fused)
{
    st->flush = flush;
    st->fused = fused;
}

static void raise_status(fiu_response *rsp, uint8_t status)
{
    if (status && (!rsp->status || status < rsp->status))
        rsp->status = status;
}

/* Effective IPA mode after SC (spec 4.4). */
static unsigned ipa_effective_mode(unsigned mode, unsigned interp)
{
    if (mode != FIU_IPA_SC)
        return mode;
    return interp == FIU_INTERP_CONSTANT ? FIU_IPA_CONSTANT
           : interp == FIU_INTERP_PERSPECTIVE ? FIU_IPA_MUL
                                               : FIU_IPA_PASS;
}

/* IPA for one executing lane up to the dot-add; returns the lane status. *dot is set when the
 * result still needs dotadd(d[0], d[1], d[2], d[3], d[4]) and the post-multiply/saturate tail. */
/* Per-request memo: the fetch depends on the lane only through prim_base and Ra (and the
 * lane's own values for PrimID and front face, which are not reused). */
typedef struct {
    bool valid;
    uint32_t prim_base, ra;
    fiu_plane p;
    uint32_t ykey, ybits; /* last (py, sy) and its fp32 position */
} plane_memo;

static uint8_t ipa_lane_front(const fiu_state *st, const fiu_request *rq, const fiu_lane *ln, uint32_t ra,
                              plane_memo *memo, uint32_t *result, bool *dot, uint32_t d[5])
{
    uint8_t sx = 8, sy = 8;
    *dot = false;
    uint8_t status = rq->loc == FIU_LOC_CENTER ? FIU_OK : (uint8_t)fiu_coord_sample(&st->samples, rq, ln, &sx, &sy);
    if (status)
        return status;
    if (!memo->valid || memo->prim_base != ln->prim_base || memo->ra != ra || memo->p.is_int) {
        memo->valid = true, memo->prim_base = ln->prim_base, memo->ra = ra;
        memo->p = fiu_plane_fetch_tram(st, rq, ln, ra);
    }
    fiu_plane p = memo->p;
    if (p.status)
        return p.status;
    if (p.is_int) { /* PrimID / front face: bits, no flush, .SAT ignored */
        *result = p.c;
        return FIU_OK;
    }
    unsigned mode = ipa_effective_mode(rq->ipa_mode, p.interp);
    if (mode == FIU_IPA_CONSTANT) {
        uint32_t r = p.interp == FIU_INTERP_CONSTANT ? p.c : 0;
        *result = rq->sat ? fiu_f32_saturate(r) : r;
        return FIU_OK;
    }
    uint32_t ykey = (uint32_t)ln->py << 8 | sy | 1u << 31;
    if (memo->ykey != ykey)
        memo->ykey = ykey, memo->ybits = fiu_coord_to_f32(ln->py, sy);
    d[0] = p.a, d[1] = fiu_coord_to_f32(ln->px, sx), d[2] = p.b, d[3] = memo->ybits, d[4] = p.c;
    *result = mode; /* FIU_IPA_PASS or FIU_IPA_MUL, for the tail */
    *dot = true;
    return FIU_OK;
}

static uint32_t ipa_lane_tail(const fiu_request *rq, const fiu_lane *ln, unsigned mode, uint32_t r)
{
    if (mode == FIU_IPA_MUL)
        r = fiu_f32_post_multiply(r, ln->rb, rq->pmul, rq->sat);
    return rq->sat ? fiu_f32_saturate(r) : r;
}

static uint8_t vintrp_lane(const fiu_state *st, const fiu_request *rq, const fiu_lane *ln, uint32_t wave_lane,
                           uint32_t *result)
{
    fiu_vintrp_fields f = fiu_vintrp_decode(rq->vintrp);
    unsigned mode = (st->fused ? FIU_F32_FUSED : 0u) | (st->flush ? FIU_F32_FLUSH : 0u);
    uint8_t s1 = FIU_OK, s2 = FIU_OK;
    switch (f.opcode) {
    case FIU_VINTRP_P1: {
        uint32_t p0 = fiu_plane_fetch_lds(st, rq->m0, f.attr, f.attrchan, wave_lane, FIU_LDS_P0, &s1);
        uint32_t p10 = fiu_plane_fetch_lds(st, rq->m0, f.attr, f.attrchan, wave_lane, FIU_LDS_P10, &s2);
        *result = fiu_f32_fma(p10, ln->rb, p0, mode);
        break;
    }
    case FIU_VINTRP_P2: {
        uint32_t p20 = fiu_plane_fetch_lds(st, rq->m0, f.attr, f.attrchan, wave_lane, FIU_LDS_P20, &s1);
        *result = fiu_f32_fma(p20, ln->rb, ln->rd, mode);
        break;
    }
    default: /* MOV: the parameter's bits */
        *result = fiu_plane_fetch_lds(st, rq->m0, f.attr, f.attrchan, wave_lane, fiu_decode_mov_param(f.vsrc), &s1);
        break;
    }
    return s1 ? s1 : s2;
}

static void write_lane(const fiu_state *st, fiu_response *rsp, uint32_t i, uint32_t r, bool alpha_test)
{
    rsp->result[i] = r;
    rsp->wmask |= 1ull << i;
    if (alpha_test && !fiu_alpha_pass(st->alpha_func, st->alpha_format, r, st->alpha_ref))
        rsp->kill |= 1ull << i;
}

/* ---- IPA a[imm] at a mapped, non-system address in PASS or MUL (docs/model.md, "Batch entry
 * points"): the common request. Per plane the flushed coefficients are checked and converted
 * once; per lane the products A*(X/16) and B*(Y/16) (X = px*16 + sx < 2^20) are exact doubles
 * and tier 1 sums them. Lanes it declines go through fiu_f32_dotadd_batch. */
#if FIU_HOST_FP
static __m128d f32_to_m128d(uint32_t x) { return _mm_cvtps_pd(_mm_castsi128_ps(_mm_cvtsi32_si128((int)x))); }

static bool ipa_imm(const fiu_state *st, const fiu_request *rq, fiu_response *rsp)
{
    uint32_t addr = rq->imm & 0x3FFu;
    if (rq->op != FIU_OP_IPA || rq->idx || (addr & 3u) || fiu_plane_is_system(addr))
        return false;
    const fiu_map_entry *me = &st->map[addr >> 2];
    unsigned mode = me->present ? ipa_effective_mode(rq->ipa_mode, me->interp) : FIU_IPA_CONSTANT;
    if (mode == FIU_IPA_CONSTANT)
        return false;
    uint32_t n = rq->lanes <= FIU_MAX_LANES ? rq->lanes : FIU_MAX_LANES;
    uint8_t sxy[FIU_MAX_LANES][2];
    uint64_t skip = 0; /* lanes that do not execute or have a sample error */
    for (uint32_t i = 0; i < n; i++) {
        const fiu_lane *ln = &rq->lane[i];
        skip |= (uint64_t)!(ln->active && ln->guard) << i;
    }
    if (rq->loc != FIU_LOC_CENTER) /* sample positions first: no calls in the loop below */
        for (uint32_t i = 0; i < n; i++) {
            uint8_t ls = (skip >> i & 1) ? FIU_OK
                                         : (uint8_t)fiu_coord_sample(&st->samples, rq, &rq->lane[i], &sxy[i][0],
                                                                     &sxy[i][1]);
            if (ls) {
                raise_status(rsp, ls);
                skip |= 1ull << i;
            }
        }
    uint32_t da[FIU_MAX_LANES], dx[FIU_MAX_LANES], db[FIU_MAX_LANES], dy[FIU_MAX_LANES], dc[FIU_MAX_LANES];
    uint8_t dlane[FIU_MAX_LANES];
    size_t ndot = 0;
    uint64_t word = UINT64_MAX, done = 0;
    uint8_t pstatus = FIU_OK;
    bool pfast = false, center = rq->loc == FIU_LOC_CENTER;
    uint32_t pa = 0, pb = 0, pc = 0, plane3 = 3u * me->plane;
    __m128d ab16 = _mm_setzero_pd(), cc = _mm_setzero_pd();
    for (uint32_t i = 0; i < n; i++) {
        if (skip >> i & 1)
            continue;
        const fiu_lane *ln = &rq->lane[i];
        uint64_t w = (uint64_t)ln->prim_base + plane3;
        if (w != word) { /* a new plane: range check, flush, classify, convert */
            word = w;
            pstatus = w + 2 >= st->ram_words ? FIU_ST_ADDR_RANGE : FIU_OK;
            if (!pstatus) {
                pa = fiu_f32_flush(st->ram[w]), pb = fiu_f32_flush(st->ram[w + 1]), pc = fiu_f32_flush(st->ram[w + 2]);
                /* finite: zero or normal after the flush, so conversions and products are exact */
                pfast = ((pa & 0x7F800000u) != 0x7F800000u) & ((pb & 0x7F800000u) != 0x7F800000u) &
                        ((pc & 0x7F800000u) != 0x7F800000u);
                ab16 = cc = _mm_setzero_pd(); /* inf or NaN is never converted: no invalid flag */
                if (pfast) {
                    ab16 = _mm_mul_pd(_mm_unpacklo_pd(f32_to_m128d(pa), f32_to_m128d(pb)), _mm_set1_pd(0.0625));
                    cc = f32_to_m128d(pc);
                    cc = _mm_unpacklo_pd(cc, cc);
                }
            }
        }
        if (pstatus) {
            raise_status(rsp, pstatus);
            continue;
        }
        uint32_t X = (uint32_t)ln->px * 16u + (center ? 8u : sxy[i][0]);
        uint32_t Y = (uint32_t)ln->py * 16u + (center ? 8u : sxy[i][1]), r;
        /* [A/16 * X, B/16 * Y]: 24 x 20 bits, exact; X/16 is the position of spec 3.1 */
        __m128d pq = _mm_mul_pd(ab16, _mm_cvtepi32_pd(_mm_unpacklo_epi32(_mm_cvtsi32_si128((int)X),
                                                                        _mm_cvtsi32_si128((int)Y))));
        if (pfast && fiu_t1_sum(pq, cc, &r)) {
            rsp->result[i] = r;
            done |= 1ull << i;
            continue;
        }
        da[ndot] = pa, dx[ndot] = X, db[ndot] = pb, dy[ndot] = Y, dc[ndot] = pc;
        dlane[ndot++] = (uint8_t)i;
    }
    if (mode == FIU_IPA_PASS && !rq->sat && !rq->atest)
        rsp->wmask |= done;
    else
        for (uint64_t m = done; m; m &= m - 1) {
            uint32_t i = (uint32_t)fiu_ctz64(m);
            write_lane(st, rsp, i, ipa_lane_tail(rq, &rq->lane[i], mode, rsp->result[i]), rq->atest);
        }
    if (ndot) {
        for (size_t k = 0; k < ndot; k++) { /* positions as fp32 (spec 3.1) */
            dx[k] = fiu_coord_to_f32((uint16_t)(dx[k] >> 4), (uint8_t)(dx[k] & 15u));
            dy[k] = fiu_coord_to_f32((uint16_t)(dy[k] >> 4), (uint8_t)(dy[k] & 15u));
        }
        uint32_t dr[FIU_MAX_LANES];
        fiu_f32_dotadd_batch(ndot, da, dx, db, dy, dc, FIU_F32_FUSED | FIU_F32_FLUSH, dr);
        for (size_t k = 0; k < ndot; k++)
            write_lane(st, rsp, dlane[k], ipa_lane_tail(rq, &rq->lane[dlane[k]], mode, dr[k]), rq->atest);
    }
    return true;
}
#else
static bool ipa_imm(const fiu_state *st, const fiu_request *rq, fiu_response *rsp)
{
    (void)st, (void)rq, (void)rsp;
    return false;
}
#endif

void fiu_execute(const fiu_state *st, const fiu_request *rq, fiu_response *rsp)
{
    memset(rsp, 0, sizeof *rsp);
    rsp->lanes = rq->lanes <= FIU_MAX_LANES ? rq->lanes : FIU_MAX_LANES;
    fiu_status req_status = fiu_decode_check(st, rq);
    if (req_status) {
        rsp->status = (uint8_t)req_status;
        return;
    }
    if (ipa_imm(st, rq, rsp))
        return;

    /* Puniform (spec 4.5): the first executing lane's Ra serves every lane. */
    int first = -1;
    for (uint32_t i = 0; i < rq->lanes && first < 0; i++)
        if (fiu_lane_executes(rq, &rq->lane[i]))
            first = (int)i;
    bool uniform_ra = rq->op == FIU_OP_IPA && rq->idx && rq->puniform && first >= 0;
    if (uniform_ra)
        for (uint32_t i = 0; i < rq->lanes; i++)
            if (fiu_lane_executes(rq, &rq->lane[i]) && rq->lane[i].ra != rq->lane[first].ra)
                raise_status(rsp, FIU_ST_PUNIFORM);

    /* IPA: every lane's plane and position first, then one batch of dot-adds (docs/model.md). */
    uint32_t da[FIU_MAX_LANES], dx[FIU_MAX_LANES], db[FIU_MAX_LANES], dy[FIU_MAX_LANES], dc[FIU_MAX_LANES];
    uint32_t dr[FIU_MAX_LANES], ipa_mode[FIU_MAX_LANES];
    uint8_t dlane[FIU_MAX_LANES];
    size_t ndot = 0;
    plane_memo memo = {.valid = false};

    for (uint32_t i = 0; i < rq->lanes; i++) {
        const fiu_lane *ln = &rq->lane[i];
        if (!fiu_lane_executes(rq, ln))
            continue;
        uint32_t r = 0;
        uint8_t ls = FIU_OK;
        bool alpha_test = false;
        switch (rq->op) {
        case FIU_OP_IPA: {
            bool dot;
            uint32_t d[5];
            ls = ipa_lane_front(st, rq, ln, uniform_ra ? rq->lane[first].ra : ln->ra, &memo, &r, &dot, d);
            if (!ls && dot) {
                da[ndot] = d[0], dx[ndot] = d[1], db[ndot] = d[2], dy[ndot] = d[3], dc[ndot] = d[4];
                ipa_mode[ndot] = r;
                dlane[ndot++] = (uint8_t)i;
                continue;
            }
            alpha_test = rq->atest;
            break;
        }
        case FIU_OP_AL2P:
            r = fiu_plane_fetch_al2p(st, ln->ra + (rq->imm & 0x3FFu), &ls);
            break;
        case FIU_OP_VINTRP:
            ls = vintrp_lane(st, rq, ln, rq->wave_lane0 + i, &r);
            break;
        case FIU_OP_ATEST:
            r = ln->rb;
            alpha_test = true;
            break;
        default: /* UNPACK */
            r = fiu_unpack(ln->rb, rq->unpack_comp, rq->unpack_fmt, rq->unpack_bgra);
            break;
        }
        if (ls) {
            raise_status(rsp, ls);
            continue;
        }
        write_lane(st, rsp, i, r, alpha_test);
    }

    if (ndot) {
        fiu_f32_dotadd_batch(ndot, da, dx, db, dy, dc, FIU_F32_FUSED | FIU_F32_FLUSH, dr);
        for (size_t k = 0; k < ndot; k++)
            write_lane(st, rsp, dlane[k], ipa_lane_tail(rq, &rq->lane[dlane[k]], ipa_mode[k], dr[k]), rq->atest);
    }

    if (rq->op == FIU_OP_AL2P) { /* uniform across written lanes; vacuously true */
        rsp->pred = true;
        int ref = rsp->wmask ? fiu_ctz64(rsp->wmask) : 0;
        for (uint32_t i = 0; i < rq->lanes; i++)
            if (((rsp->wmask >> i) & 1) && rsp->result[i] != rsp->result[ref])
                rsp->pred = false;
    }
}

void fiu_execute_batch(const fiu_state *st, const fiu_request *rq, size_t n, fiu_response *rsp)
{
    for (size_t i = 0; i < n; i++)
        fiu_execute(st, &rq[i], &rsp[i]);
}
