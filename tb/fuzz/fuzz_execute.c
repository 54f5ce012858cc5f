/* Fuzz target "execute": fiu_execute on a state and a request built from the fuzz bytes (any RAM
 * words, map, sample table, alpha state and mode through the fiu_state_* API; any op, field and
 * lane count the request structure holds). Checks the state writes accept exactly the in-range
 * arguments, the response invariants (fuzz_common.h), and the whole response against an oracle
 * written from docs/spec.md: request and lane status codes (chapter 7), TRAM, AL2P and LDS
 * addressing (4.2-4.6), and every dot-add result computed with the reference fiu_f32_dotadd_ref
 * (IPA PASS/MUL plane and post-multiply, VINTRP P1/P2), saturate per 2.9. Only the sample
 * position (fiu_coord_sample, except CENTER), the alpha compare and UNPACK come from the model. */
#include <string.h>

#include "fiu.h"
#include "fuzz_common.h"

#define T "execute"

/* ---- building the state ---- */
static void build_state(fuzz_in *in, fiu_state *st)
{
    uint8_t cfg = fuzz_u8(in);
    uint32_t ram_words = (cfg & 3) ? 1u + fuzz_u8(in) : 1u + fuzz_u16(in) % 0x4000u;
    if (!fiu_state_init(st, ram_words))
        fuzz_fail(T, "fiu_state_init(%u) failed", ram_words);
    for (unsigned n = fuzz_u8(in) % 24; n > 0; n--) { /* runs of RAM words */
        uint32_t addr = fuzz_u16(in) % (ram_words + 4u), count = 1u + fuzz_u8(in) % 12u;
        for (uint32_t i = 0; i < count; i++)
            if (fiu_state_ram_write(st, addr + i, fuzz_f32(in)) != (addr + i < ram_words))
                fuzz_fail(T, "fiu_state_ram_write(%x) with %x words", addr + i, ram_words);
    }
    for (unsigned n = fuzz_u8(in) % 16; n > 0; n--) {
        uint32_t dword = fuzz_u16(in) % 264u, plane = fuzz_u16(in) % 264u, interp = fuzz_u8(in) % 4u;
        bool present = fuzz_bool(in);
        if (fiu_state_map_write(st, dword, present, plane, interp) != (dword < 256 && plane < 256 && interp < 3))
            fuzz_fail(T, "fiu_state_map_write(%x, %x, %x)", dword, plane, interp);
    }
    uint8_t s = fuzz_u8(in);
    if (s & 1) {
        uint32_t count = fuzz_u8(in) % 20u;
        if (fiu_state_samples_default(st, count) != fiu_sample_count_supported(count))
            fuzz_fail(T, "fiu_state_samples_default(%u)", count);
    } else if (s & 2) {
        uint8_t x[FIU_MAX_SAMPLES], y[FIU_MAX_SAMPLES], pr[FIU_MAX_SAMPLES];
        uint32_t count = fuzz_u8(in) % 34u, n = count < FIU_MAX_SAMPLES ? count : FIU_MAX_SAMPLES;
        uint8_t mask = (s & 4) ? 0xFF : 0x0F; /* mostly in range */
        bool ok = count <= 31, with_pr = s & 8;
        for (uint32_t i = 0; i < FIU_MAX_SAMPLES; i++) {
            x[i] = fuzz_u8(in) & mask;
            y[i] = fuzz_u8(in) & mask;
            pr[i] = fuzz_u8(in) & mask;
            if (i < n && (x[i] > 15 || y[i] > 15 || (with_pr && pr[i] > 15)))
                ok = false;
        }
        if (fiu_state_samples_write(st, count, x, y, with_pr ? pr : NULL) != ok)
            fuzz_fail(T, "fiu_state_samples_write(%u) should return %d", count, ok);
    }
    uint32_t func = fuzz_u8(in) % 9u, fmt = fuzz_u8(in) % 5u;
    if (fiu_state_alpha_write(st, func, fmt, fuzz_f32(in)) != (func <= 7 && fmt <= 3))
        fuzz_fail(T, "fiu_state_alpha_write(%u, %u)", func, fmt);
    uint8_t m = fuzz_u8(in);
    fiu_state_mode_write(st, m & 1, m & 2);
}

/* ---- building the request ---- */
static void build_request(fuzz_in *in, const fiu_state *st, fiu_request *rq)
{
    static const uint16_t sys[4] = {FIU_SYS_PRIMID, FIU_SYS_SAMPLE_X, FIU_SYS_SAMPLE_Y, FIU_SYS_FRONT_FACE};
    memset(rq, 0, sizeof *rq);
    uint8_t v = fuzz_u8(in);
    rq->op = (v & 0xE0) == 0xE0 ? fuzz_u8(in) : v % 5u;
    v = fuzz_u8(in);
    rq->ipa_mode = v < 0xF0 ? v % 4u : fuzz_u8(in);
    v = fuzz_u8(in);
    rq->loc = v < 0xF0 ? v % 6u : fuzz_u8(in);
    v = fuzz_u8(in);
    rq->sat = v & 1;
    rq->idx = v & 2;
    rq->atest = v & 4;
    rq->pmul = v & 8;
    rq->puniform = v & 16;
    rq->unpack_bgra = v & 32;
    v = fuzz_u8(in);
    rq->imm = v < 0x40 ? sys[v & 3] : v < 0xC0 ? (uint16_t)(fuzz_u8(in) << 2) : fuzz_u16(in);
    v = fuzz_u8(in);
    if (v & 1) { /* a well-formed VINTRP word, mostly legal */
        uint32_t enc = (v & 2) ? 0x32u : 0x35u, op = fuzz_u8(in) % 4u, attr = fuzz_u8(in) % 40u;
        uint32_t chan = fuzz_u8(in) & 3u, vsrc = fuzz_u8(in) % 4u, vdst = fuzz_u8(in) % 4u;
        rq->vintrp = enc << 26 | vdst << 18 | op << 16 | attr << 10 | chan << 8 | vsrc;
    } else {
        rq->vintrp = fuzz_u32(in);
    }
    v = fuzz_u8(in);
    uint32_t offset = (v & 1) ? (uint32_t)fuzz_u8(in) << 2 : fuzz_u16(in);
    rq->m0 = offset | (uint32_t)fuzz_u16(in) << 16;
    v = fuzz_u8(in);
    rq->wave_lane0 = v < 0xF0 ? v % 64u : fuzz_u8(in);
    rq->unpack_fmt = fuzz_u8(in) % 8u;
    rq->unpack_comp = fuzz_u8(in) % 5u;
    v = fuzz_u8(in);
    rq->lanes = v < 0xF8 ? 1u + v % 64u : fuzz_u32(in);
    uint32_t n = rq->lanes < FIU_MAX_LANES ? rq->lanes : FIU_MAX_LANES;
    for (uint32_t i = 0; i < n; i++) {
        fiu_lane *ln = &rq->lane[i];
        uint8_t f = fuzz_u8(in);
        if ((f & 8) && i > 0) { /* a copy of the previous lane: quads, uniform ra */
            *ln = rq->lane[i - 1];
        } else {
            ln->px = fuzz_u16(in);
            ln->py = fuzz_u16(in);
            ln->sample_id = fuzz_u8(in) % 20u;
            ln->coverage = fuzz_u16(in);
            uint8_t p = fuzz_u8(in);
            ln->prim_base = (p & 1) ? fuzz_u32(in) : fuzz_u16(in) % (st->ram_words + 8u);
            ln->prim_id = fuzz_u32(in);
            ln->ra = (p & 2) ? fuzz_u32(in)
                             : 0x80000000u | (uint32_t)(fuzz_u8(in) % 4u) << 16 | (uint32_t)fuzz_u8(in) << 2;
            ln->rb = fuzz_f32(in);
            ln->rc = (p & 4) ? fuzz_u32(in) : fuzz_u8(in) % 20u;
            ln->rd = fuzz_f32(in);
        }
        ln->active = !(f & 1);
        ln->guard = !(f & 2);
        ln->front_face = f & 4;
    }
}

/* ---- the oracle ---- */
static bool executes(const fiu_request *rq, const fiu_lane *ln)
{
    return ln->active && (ln->guard || rq->op == FIU_OP_VINTRP);
}

static uint32_t sat_oracle(uint32_t x) /* spec 2.9 */
{
    if ((x & 0x7F800000u) == 0)
        x &= 0x80000000u; /* flush (zeros unchanged) */
    if ((x & 0x7FFFFFFFu) > 0x7F800000u || (x >> 31))
        return 0;
    return x > 0x3F800000u ? 0x3F800000u : x;
}

static uint32_t pos_f32(uint16_t pixel, uint8_t s) /* (pixel*16 + s)/16, exact (spec 3.1) */
{
    float f = (float)((uint32_t)pixel * 16u + s) / 16.0f;
    uint32_t bits;
    memcpy(&bits, &f, sizeof bits);
    return bits;
}

static uint8_t request_status(const fiu_state *st, const fiu_request *rq)
{
    if (rq->op >= FIU_OP_COUNT_ || rq->lanes < 1 || rq->lanes > FIU_MAX_LANES)
        return FIU_ST_BAD_OP;
    if (rq->op == FIU_OP_IPA) {
        if (rq->loc == FIU_LOC_INVALID || rq->loc > FIU_LOC_AT_SAMPLE)
            return FIU_ST_BAD_SAMPLE_MODE;
        if (rq->ipa_mode > FIU_IPA_SC)
            return FIU_ST_BAD_IPA_MODE;
        uint8_t c = st->samples.count;
        bool table = rq->loc == FIU_LOC_CENTROID || rq->loc == FIU_LOC_SAMPLE || rq->loc == FIU_LOC_AT_SAMPLE;
        if (table && c != 1 && c != 2 && c != 4 && c != 8 && c != 16)
            return FIU_ST_SAMPLE_COUNT;
    } else if (rq->op == FIU_OP_VINTRP) {
        uint32_t w = rq->vintrp, enc = w >> 26, op = (w >> 16) & 3u, vsrc = w & 0xFFu, vdst = (w >> 18) & 0xFFu;
        if (enc != 0x32u && enc != 0x35u)
            return FIU_ST_VINTRP_ENCODING;
        if (op == 3)
            return FIU_ST_VINTRP_OPCODE;
        if (op != 2 && vdst == vsrc)
            return FIU_ST_VINTRP_VDST_VSRC;
        if (op == 2 && vsrc > 2)
            return FIU_ST_VINTRP_MOV_PARAM;
        if (((w >> 10) & 0x3Fu) > 32)
            return FIU_ST_VINTRP_ATTR;
        if (rq->wave_lane0 + rq->lanes > FIU_WAVE_LANES)
            return FIU_ST_WAVE_RANGE;
    } else if (rq->op == FIU_OP_UNPACK && (rq->unpack_fmt > 6 || rq->unpack_comp > 3)) {
        return FIU_ST_BAD_UNPACK;
    }
    return FIU_OK;
}

/* IPA, one executing lane (spec 3, 4.2-4.5, 2.8-2.10). Returns the lane status. */
static uint8_t ipa_oracle(const fiu_state *st, const fiu_request *rq, const fiu_lane *ln, uint32_t ra, uint32_t *r)
{
    uint8_t sx = 8, sy = 8;
    if (rq->loc != FIU_LOC_CENTER) {
        uint8_t s = (uint8_t)fiu_coord_sample(&st->samples, rq, ln, &sx, &sy);
        if (s)
            return s;
    }
    uint32_t a = 0, b = 0, c = 0, interp;
    uint64_t word;
    if (rq->idx) {
        interp = (ra >> 16) & 3u;
        if (!(ra >> 31) || interp == 3)
            return FIU_ST_UNMAPPED;
        if (ra & 3u)
            return FIU_ST_MISALIGNED;
        word = (uint64_t)ln->prim_base + (ra & 0xFFFFu) / 4;
    } else {
        uint32_t addr = rq->imm & 0x3FFu;
        if (addr & 3u)
            return FIU_ST_MISALIGNED;
        if (addr == FIU_SYS_PRIMID || addr == FIU_SYS_FRONT_FACE) { /* integer: bits, no .SAT */
            *r = addr == FIU_SYS_PRIMID ? ln->prim_id : ln->front_face ? 0xFFFFFFFFu : 0;
            return FIU_OK;
        }
        if (addr == FIU_SYS_SAMPLE_X || addr == FIU_SYS_SAMPLE_Y) {
            interp = FIU_INTERP_LINEAR;
            a = addr == FIU_SYS_SAMPLE_X ? 0x3F800000u : 0;
            b = addr == FIU_SYS_SAMPLE_Y ? 0x3F800000u : 0;
            word = UINT64_MAX;
        } else {
            const fiu_map_entry *e = &st->map[addr >> 2];
            if (!e->present)
                return FIU_ST_UNMAPPED;
            interp = e->interp;
            word = (uint64_t)ln->prim_base + 3u * e->plane;
        }
    }
    if (word != UINT64_MAX) {
        if (word + 2 >= st->ram_words)
            return FIU_ST_ADDR_RANGE;
        a = st->ram[word];
        b = st->ram[word + 1];
        c = st->ram[word + 2];
    }
    unsigned mode = rq->ipa_mode;
    if (mode == FIU_IPA_SC)
        mode = interp == FIU_INTERP_CONSTANT ? FIU_IPA_CONSTANT : interp == FIU_INTERP_PERSPECTIVE ? FIU_IPA_MUL : FIU_IPA_PASS;
    const unsigned FF = FIU_F32_FUSED | FIU_F32_FLUSH;
    uint32_t v;
    if (mode == FIU_IPA_CONSTANT) {
        v = interp == FIU_INTERP_CONSTANT ? c : 0;
    } else {
        v = fiu_f32_dotadd_ref(a, pos_f32(ln->px, sx), b, pos_f32(ln->py, sy), c, FF);
        if (mode == FIU_IPA_MUL && (rq->pmul || rq->sat))
            v = fiu_f32_dotadd_ref(v, ln->rb, FIU_F32_ABSENT_A, FIU_F32_ABSENT_B, FIU_F32_ABSENT_E, FF);
    }
    *r = rq->sat ? sat_oracle(v) : v;
    return FIU_OK;
}

/* VINTRP, one lane (spec 4.6, 4.7, 2.10). */
static uint8_t vintrp_oracle(const fiu_state *st, const fiu_request *rq, const fiu_lane *ln, uint32_t wl, uint32_t *r)
{
    uint32_t w = rq->vintrp, op = (w >> 16) & 3u, vsrc = w & 0xFFu, chan = (w >> 8) & 3u, attr = (w >> 10) & 0x3Fu;
    uint32_t off = rq->m0 & 0xFFFFu, mask = (rq->m0 >> 16) & 0x7FFFu, q = wl >> 2;
    if (off & 3u)
        return FIU_ST_MISALIGNED;
    uint64_t s = off / 4 + 12ull * (attr * ((uint32_t)__builtin_popcount(mask) + 1) +
                                    (uint32_t)__builtin_popcount(mask & ((1u << q) - 1u)));
    uint64_t p0 = s + 2 * chan, p10 = p0 + 1, p20 = s + 8 + chan;
    unsigned mode = (st->fused ? FIU_F32_FUSED : 0u) | (st->flush ? FIU_F32_FLUSH : 0u);
    if (op == 0) {
        if (p10 >= st->ram_words)
            return FIU_ST_ADDR_RANGE;
        *r = fiu_f32_dotadd_ref(st->ram[p10], ln->rb, FIU_F32_ABSENT_A, FIU_F32_ABSENT_B, st->ram[p0], mode);
    } else if (op == 1) {
        if (p20 >= st->ram_words)
            return FIU_ST_ADDR_RANGE;
        *r = fiu_f32_dotadd_ref(st->ram[p20], ln->rb, FIU_F32_ABSENT_A, FIU_F32_ABSENT_B, ln->rd, mode);
    } else {
        uint64_t p = vsrc == 0 ? p10 : vsrc == 1 ? p20 : p0;
        if (p >= st->ram_words)
            return FIU_ST_ADDR_RANGE;
        *r = st->ram[p];
    }
    return FIU_OK;
}

static void oracle(const fiu_state *st, const fiu_request *rq, fiu_response *x)
{
    memset(x, 0, sizeof *x);
    x->lanes = rq->lanes < FIU_MAX_LANES ? rq->lanes : FIU_MAX_LANES;
    x->status = request_status(st, rq);
    if (x->status)
        return;
    int first = -1;
    for (uint32_t i = 0; i < rq->lanes; i++)
        if (first < 0 && executes(rq, &rq->lane[i]))
            first = (int)i;
    bool uniform = rq->op == FIU_OP_IPA && rq->idx && rq->puniform && first >= 0;
    uint8_t status = 0;
    for (uint32_t i = 0; i < rq->lanes; i++) {
        const fiu_lane *ln = &rq->lane[i];
        if (!executes(rq, ln))
            continue;
        if (uniform && ln->ra != rq->lane[first].ra)
            status = FIU_ST_PUNIFORM;
    }
    for (uint32_t i = 0; i < rq->lanes; i++) {
        const fiu_lane *ln = &rq->lane[i];
        if (!executes(rq, ln))
            continue;
        uint32_t r = 0;
        uint8_t ls = 0;
        bool alpha = false;
        if (rq->op == FIU_OP_IPA) {
            ls = ipa_oracle(st, rq, ln, uniform ? rq->lane[first].ra : ln->ra, &r);
            alpha = rq->atest;
        } else if (rq->op == FIU_OP_AL2P) {
            uint32_t l = ln->ra + (rq->imm & 0x3FFu);
            const fiu_map_entry *e = &st->map[(l >> 2) & 0xFFu];
            ls = l >= 0x400u ? FIU_ST_ADDR_RANGE : (l & 3u) ? FIU_ST_MISALIGNED : !e->present ? FIU_ST_UNMAPPED : 0;
            r = 0x80000000u | (uint32_t)e->interp << 16 | 12u * e->plane;
        } else if (rq->op == FIU_OP_VINTRP) {
            ls = vintrp_oracle(st, rq, ln, rq->wave_lane0 + i, &r);
        } else if (rq->op == FIU_OP_ATEST) {
            r = ln->rb;
            alpha = true;
        } else {
            r = fiu_unpack(ln->rb, rq->unpack_comp, rq->unpack_fmt, rq->unpack_bgra);
        }
        if (ls) {
            if (!status || ls < status)
                status = ls;
            continue;
        }
        x->result[i] = r;
        x->wmask |= 1ull << i;
        if (alpha && !fiu_alpha_pass(st->alpha_func, st->alpha_format, r, st->alpha_ref))
            x->kill |= 1ull << i;
    }
    x->status = status;
    if (rq->op == FIU_OP_AL2P) {
        x->pred = true;
        for (uint32_t i = 0; i < x->lanes; i++)
            for (uint32_t j = 0; j < i; j++)
                if (((x->wmask >> i) & (x->wmask >> j) & 1) && x->result[i] != x->result[j])
                    x->pred = false;
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_in in = {data, size};
    fiu_state st;
    build_state(&in, &st);
    fiu_request *rq = malloc(sizeof *rq);
    if (!rq)
        fuzz_fail(T, "out of memory");
    build_request(&in, &st, rq);
    fiu_response got, want;
    fiu_execute(&st, rq, &got);
    fuzz_check_response(T, &st, rq, &got);
    oracle(&st, rq, &want);
    if (!fuzz_same_response(&want, &got)) {
        fprintf(stderr, "fuzz: " T ": op %u ipa_mode %u loc %u sat %d idx %d imm %x vintrp %08x m0 %08x lanes %u\n",
                rq->op, rq->ipa_mode, rq->loc, rq->sat, rq->idx, rq->imm, rq->vintrp, rq->m0, rq->lanes);
        fprintf(stderr, "  status %u/%u wmask %llx/%llx kill %llx/%llx pred %d/%d (oracle/model)\n", want.status,
                got.status, (unsigned long long)want.wmask, (unsigned long long)got.wmask,
                (unsigned long long)want.kill, (unsigned long long)got.kill, want.pred, got.pred);
        for (unsigned i = 0; i < FIU_MAX_LANES; i++)
            if (want.result[i] != got.result[i])
                fprintf(stderr, "  lane %u: oracle %08x model %08x\n", i, want.result[i], got.result[i]);
        fuzz_fail(T, "model and oracle differ");
    }
    free(rq);
    fiu_state_free(&st);
    return 0;
}
