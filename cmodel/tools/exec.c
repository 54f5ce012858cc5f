/* Program executor (docs/render.md, "Executor"). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "asm_lex.h"
#include "fiu_exec.h"
#include "bits.h"

/* ---- helper ops ---- */
uint32_t fiu_exec_rcp(uint32_t x)
{
    uint32_t sign = x & 0x80000000u, ex = x >> 23 & 0xFF, fr = x & 0x7FFFFFu;
    if (ex == 0xFF)
        return fr ? 0x7FC00000u : sign; /* NaN; 1/inf = 0 */
    if (ex == 0)
        return sign | 0x7F800000u; /* zero or flushed denormal: inf */
    uint64_t m = 0x800000u | fr;
    uint64_t q = (1ull << 50) / m, r = (1ull << 50) % m; /* q in (2^26, 2^27] */
    int msb = fiu_tool_msb64(q);
    int sh = msb - 23;
    uint64_t mant = q >> sh, rb = q & ((1ull << sh) - 1), half = 1ull << (sh - 1);
    if (rb > half || (rb == half && (r != 0 || (mant & 1))))
        mant++;
    int e = (int)ex - 127;
    int E = sh - 27 + 23 - e; /* value = mant * 2^(sh-27-e), mant in [2^23, 2^24] */
    if (mant >> 24)
        mant >>= 1, E++;
    int biased = E + 127;
    if (biased >= 255)
        return sign | 0x7F800000u;
    if (biased <= 0)
        return sign; /* subnormal result flushed */
    return sign | (uint32_t)biased << 23 | (uint32_t)(mant & 0x7FFFFFu);
}

static int64_t f32_key(uint32_t x)
{
    if ((x & 0x7F800000u) == 0)
        x &= 0x80000000u; /* flush denormals */
    int64_t mag = x & 0x7FFFFFFFu;
    return x >> 31 ? -mag : mag;
}

bool fiu_exec_fcmp(uint32_t cmp, uint32_t a, uint32_t b)
{
    if (fiu_f32_is_nan(a) || fiu_f32_is_nan(b))
        return false;
    int64_t x = f32_key(a), y = f32_key(b);
    switch (cmp) {
    case FIU_NV_CMP_EQ: return x == y;
    case FIU_NV_CMP_NE: return x != y;
    case FIU_NV_CMP_LT: return x < y;
    case FIU_NV_CMP_LE: return x <= y;
    case FIU_NV_CMP_GT: return x > y;
    case FIU_NV_CMP_GE: return x >= y;
    default: return false;
    }
}

/* ---- programs ---- */
static int parse_m0(const char *line, uint32_t *v, char *err, size_t errn)
{
    fiu_lex l = {line, err, errn};
    if (!fiu_lex_accept(&l, "s_mov_b32"))
        return 0;
    if (!fiu_lex_accept(&l, "m0") || !fiu_lex_accept(&l, ","))
        return fiu_lex_fail(&l, "s_mov_b32: only 's_mov_b32 m0, IMM' is supported"), -1;
    if (!fiu_lex_number(&l, 0xFFFFFFFFu, v))
        return fiu_lex_fail(&l, "s_mov_b32 m0: expected a 32-bit number"), -1;
    if (!fiu_lex_at_end(&l, true))
        return fiu_lex_fail(&l, "unexpected text after s_mov_b32 m0, IMM"), -1;
    return 1;
}

bool fiu_program_parse(fiu_program *p, fiu_isa isa, unsigned gfx, const char *text, const char *name, char *err,
                       size_t errn)
{
    memset(p, 0, sizeof *p);
    p->isa = (uint8_t)isa;
    p->gfx = gfx;
    unsigned cap = 0, line = 0;
    const char *s = text;
    char buf[512], why[FIU_ASM_ERR_LEN];
    while (*s) {
        const char *e = strchr(s, '\n');
        size_t len = e ? (size_t)(e - s) : strlen(s);
        line++;
        if (len >= sizeof buf) {
            snprintf(err, errn, "%s:%u: line too long", name, line);
            fiu_program_free(p);
            return false;
        }
        memcpy(buf, s, len);
        buf[len] = '\0';
        s += len + (e != NULL);
        fiu_prog_insn in;
        memset(&in, 0, sizeof in);
        in.line = line;
        int r;
        if (isa == FIU_ISA_GCN) {
            r = parse_m0(buf, &in.word, why, sizeof why);
            if (r > 0)
                in.gcn_m0 = true;
            else if (r == 0)
                r = fiu_gcn_asm_line(buf, gfx, &in.word, why, sizeof why);
        } else {
            r = fiu_nv_parse_line(buf, &in.nv, why, sizeof why);
        }
        if (r < 0) {
            snprintf(err, errn, "%s:%u: %s", name, line, why);
            fiu_program_free(p);
            return false;
        }
        if (r == 0)
            continue;
        if (p->count == cap) {
            cap = cap ? 2 * cap : 16;
            fiu_prog_insn *n = realloc(p->insn, cap * sizeof *n);
            if (!n) {
                snprintf(err, errn, "%s: out of memory", name);
                fiu_program_free(p);
                return false;
            }
            p->insn = n;
        }
        p->insn[p->count++] = in;
    }
    return true;
}

void fiu_program_free(fiu_program *p)
{
    free(p->insn);
    p->insn = NULL;
    p->count = 0;
}

static void model_exec(void *ctx, const fiu_state *st, const fiu_request *rq, fiu_response *rsp)
{
    (void)ctx;
    fiu_execute(st, rq, rsp);
}

void fiu_backend_model(fiu_backend *b)
{
    b->ctx = NULL;
    b->execute = model_exec;
    b->execute_batch = NULL;
    b->requests = 0;
}

void fiu_warp_init(fiu_warp *w, uint32_t lanes)
{
    memset(w, 0, sizeof *w);
    w->lanes = lanes;
    for (uint32_t i = 0; i < lanes; i++) {
        w->lane[i].active = true;
        w->lane[i].guard = true;
        w->p[i][FIU_NV_PT] = true;
    }
}

/* ---- execution ---- */
static uint32_t rreg(const fiu_warp *w, uint32_t i, uint8_t r) { return r == FIU_NV_RZ ? 0 : w->r[i][r]; }
static bool preg(const fiu_warp *w, uint32_t i, uint8_t p, bool neg) { return (p >= 7 ? true : w->p[i][p]) != neg; }

static void note_status(fiu_warp *w, uint8_t status, unsigned pc)
{
    if (status != FIU_OK && w->status == FIU_OK) {
        w->status = status;
        w->status_pc = pc;
    }
}

static void issue(fiu_backend *be, const fiu_state *st, const fiu_request *rq, fiu_response *rsp, size_t n)
{
    if (be->execute_batch)
        be->execute_batch(be->ctx, st, rq, n, rsp);
    else
        for (size_t i = 0; i < n; i++)
            be->execute(be->ctx, st, &rq[i], &rsp[i]);
    be->requests += n;
}

static bool nv_is_helper(const fiu_nv_insn *in)
{
    return in->kind == FIU_NV_RCP || in->kind == FIU_NV_FCMP || in->kind == FIU_NV_MOV;
}

static void run_nv_helper(const fiu_nv_insn *in, fiu_warp *w)
{
    for (uint32_t i = 0; i < w->lanes; i++) {
        if (!(w->lane[i].active && preg(w, i, in->pg, in->pg_not)))
            continue;
        uint32_t b = in->b_imm ? in->imm32 : rreg(w, i, in->rb);
        if (in->kind == FIU_NV_RCP) {
            if (in->rd != FIU_NV_RZ)
                w->r[i][in->rd] = fiu_exec_rcp(rreg(w, i, in->ra));
        } else if (in->kind == FIU_NV_MOV) {
            if (in->rd != FIU_NV_RZ)
                w->r[i][in->rd] = b;
        } else if (in->pd < 7) {
            w->p[i][in->pd] = fiu_exec_fcmp(in->cmp, rreg(w, i, in->ra), b);
        }
    }
}

/* The requests of one NV unit instruction on w (1, or 2 when Pmul differs across lanes). */
static unsigned build_nv(const fiu_nv_insn *in, const fiu_warp *w, fiu_request *out)
{
    uint32_t n = w->lanes;
    bool exec[FIU_MAX_LANES];
    fiu_request *rq = &out[0];
    memset(rq, 0, sizeof *rq);
    *rq = in->rq;
    rq->lanes = n;
    rq->pmul = true;
    rq->puniform = false;
    for (uint32_t i = 0; i < n; i++) {
        exec[i] = w->lane[i].active && preg(w, i, in->pg, in->pg_not);
        rq->lane[i] = w->lane[i];
        rq->lane[i].guard = preg(w, i, in->pg, in->pg_not);
        rq->lane[i].ra = rreg(w, i, in->ra);
        rq->lane[i].rb = rreg(w, i, in->rb);
        rq->lane[i].rc = rreg(w, i, in->rc);
        rq->lane[i].rd = 0;
    }
    if (in->kind == FIU_NV_IPA && in->rq.idx && in->has_pmul)
        for (uint32_t i = 0; i < n; i++) /* Puniform: the first executing lane's value */
            if (exec[i]) {
                rq->puniform = preg(w, i, in->puni, in->puni_not);
                break;
            }
    /* Pmul is one request bit: lanes that differ go in a second request */
    bool pm[FIU_MAX_LANES], first = true, split = false;
    for (uint32_t i = 0; i < n; i++) {
        pm[i] = in->kind != FIU_NV_IPA || in->rq.idx || !in->has_pmul || preg(w, i, in->pmul, in->pmul_not);
        if (exec[i]) {
            if (first)
                rq->pmul = pm[i], first = false;
            else if (pm[i] != rq->pmul)
                split = true;
        }
    }
    if (!split)
        return 1;
    out[1] = out[0];
    out[1].pmul = !out[0].pmul;
    for (uint32_t i = 0; i < n; i++) {
        out[0].lane[i].active = w->lane[i].active && pm[i] == out[0].pmul;
        out[1].lane[i].active = w->lane[i].active && pm[i] == out[1].pmul;
    }
    return 2;
}

static void retire_nv(const fiu_nv_insn *in, unsigned pc, fiu_warp *w, const fiu_response *rsp, unsigned k)
{
    for (unsigned j = 0; j < k; j++) {
        note_status(w, rsp[j].status, pc);
        for (uint32_t i = 0; i < w->lanes; i++) {
            if (!(rsp[j].wmask >> i & 1))
                continue;
            if (in->rd != FIU_NV_RZ)
                w->r[i][in->rd] = rsp[j].result[i];
            if (in->kind == FIU_NV_AL2P && in->pd < 7)
                w->p[i][in->pd] = rsp[j].pred;
        }
        w->kill |= rsp[j].kill;
    }
}

static void build_gcn(const fiu_prog_insn *in, const fiu_warp *w, fiu_request *rq)
{
    fiu_vintrp_fields f = fiu_vintrp_decode(in->word);
    memset(rq, 0, sizeof *rq);
    rq->op = FIU_OP_VINTRP;
    rq->vintrp = in->word;
    rq->m0 = w->m0;
    rq->wave_lane0 = w->wave_lane0;
    rq->lanes = w->lanes;
    rq->pmul = true;
    for (uint32_t i = 0; i < w->lanes; i++) {
        rq->lane[i] = w->lane[i];
        rq->lane[i].rb = w->r[i][f.vsrc];
        rq->lane[i].rd = w->r[i][f.vdst];
    }
}

static void retire_gcn(const fiu_prog_insn *in, unsigned pc, fiu_warp *w, const fiu_response *rsp)
{
    fiu_vintrp_fields f = fiu_vintrp_decode(in->word);
    note_status(w, rsp->status, pc);
    for (uint32_t i = 0; i < w->lanes; i++)
        if (rsp->wmask >> i & 1)
            w->r[i][f.vdst] = rsp->result[i];
}

unsigned long fiu_program_run_many(const fiu_program *p, const fiu_state *st, fiu_backend *be, fiu_warp *w,
                                   size_t nw)
{
    unsigned long total = 0;
    size_t cap = 2 * nw;
    fiu_request *rq = malloc(cap * sizeof *rq);
    fiu_response *rsp = malloc(cap * sizeof *rsp);
    unsigned char *k = malloc(nw ? nw : 1);
    if (!rq || !rsp || !k) {
        free(rq), free(rsp), free(k);
        for (size_t i = 0; i < nw; i++)
            note_status(&w[i], FIU_ST_BAD_OP, 0); /* out of memory: nothing ran */
        return 0;
    }
    for (unsigned pc = 0; pc < p->count; pc++) {
        const fiu_prog_insn *in = &p->insn[pc];
        if (p->isa == FIU_ISA_GCN && in->gcn_m0) {
            for (size_t i = 0; i < nw; i++)
                w[i].m0 = in->word;
            continue;
        }
        if (p->isa == FIU_ISA_NV && nv_is_helper(&in->nv)) {
            for (size_t i = 0; i < nw; i++)
                run_nv_helper(&in->nv, &w[i]);
            continue;
        }
        size_t n = 0;
        for (size_t i = 0; i < nw; i++) {
            if (p->isa == FIU_ISA_GCN) {
                build_gcn(in, &w[i], &rq[n]);
                k[i] = 1;
            } else {
                k[i] = (unsigned char)build_nv(&in->nv, &w[i], &rq[n]);
            }
            n += k[i];
        }
        issue(be, st, rq, rsp, n);
        total += n;
        n = 0;
        for (size_t i = 0; i < nw; i++) {
            if (p->isa == FIU_ISA_GCN)
                retire_gcn(in, pc, &w[i], &rsp[n]);
            else
                retire_nv(&in->nv, pc, &w[i], &rsp[n], k[i]);
            n += k[i];
        }
    }
    free(rq), free(rsp), free(k);
    return total;
}

unsigned long fiu_program_run(const fiu_program *p, const fiu_state *st, fiu_backend *be, fiu_warp *w)
{
    return fiu_program_run_many(p, st, be, w, 1);
}
