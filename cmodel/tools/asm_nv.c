/* Seed 000's NVIDIA IPA syntax: parser and printer (docs/render.md, "NV IPA syntax"). */
#include <string.h>

#include "asm_lex.h"
#include "fiu_asm.h"
#include "bits.h"

static const char *const MODE[4] = {"PASS", "MUL", "CONSTANT", "SC"};
static const char *const LOC[6] = {"CENTER", "CENTROID", "OFFSET", "INVALID", "SAMPLE", "AT_SAMPLE"};
static const char *const CMP[6] = {"EQ", "NE", "LT", "LE", "GT", "GE"};

/* Exact decimal literal (value must be representable in fp32) or 0x bits. */
bool fiu_asm_parse_f32(const char *s, uint32_t *bits)
{
    const char *p = s;
    uint32_t sign = 0;
    if (*p == '-' || *p == '+')
        sign = *p++ == '-' ? 0x80000000u : 0;
    if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) {
        fiu_lex l = {p, NULL, 0};
        uint32_t v;
        if (sign || !fiu_lex_number(&l, 0xFFFFFFFFu, &v) || *l.p)
            return false;
        *bits = v;
        return true;
    }
    uint64_t m = 0;
    int k = 0, digits = 0, sig = 0;
    bool dot = false;
    for (;; p++) {
        if (*p == '.' && !dot) {
            dot = true;
            continue;
        }
        if (*p < '0' || *p > '9')
            break;
        digits++;
        if (m == 0 && *p == '0') {
            k -= dot;
            continue;
        }
        if (++sig > 18)
            return false;
        m = m * 10 + (uint64_t)(*p - '0');
        k -= dot;
    }
    if (!digits)
        return false;
    if (*p == 'e' || *p == 'E') {
        p++;
        int es = 1, e = 0, ed = 0;
        if (*p == '-' || *p == '+')
            es = *p++ == '-' ? -1 : 1;
        for (; *p >= '0' && *p <= '9' && ed < 4; p++, ed++)
            e = e * 10 + (*p - '0');
        if (!ed)
            return false;
        k += es * e;
    }
    if (*p)
        return false;
    if (m == 0) {
        *bits = sign;
        return true;
    }
    /* value = m * 10^k = (m * 5^k) * 2^k */
    int e2 = k;
    for (; k > 0; k--) {
        if (m > UINT64_MAX / 5)
            return false;
        m *= 5;
    }
    for (; k < 0; k++) {
        if (m % 5)
            return false; /* not exact in binary */
        m /= 5;
    }
    while (!(m & 1))
        m >>= 1, e2++;
    if (m >> 24)
        return false; /* more than 24 significant bits */
    int msb = fiu_tool_msb64(m);
    int exp = e2 + msb; /* value = 1.f * 2^exp */
    if (exp > 127)
        return false;
    if (exp >= -126) {
        *bits = sign | (uint32_t)(exp + 127) << 23 | (uint32_t)((m << (23 - msb)) & 0x7FFFFFu);
        return true;
    }
    if (e2 < -149)
        return false;
    *bits = sign | (uint32_t)(m << (e2 + 149));
    return true;
}

static bool reg(fiu_lex *l, uint8_t *r)
{
    fiu_lex_skip(l);
    if (fiu_lex_accept(l, "RZ")) {
        *r = FIU_NV_RZ;
        return true;
    }
    if (fiu_lex_lower(*l->p) != 'r' || !(l->p[1] >= '0' && l->p[1] <= '9'))
        return false;
    const char *save = l->p++;
    uint32_t v;
    if (!fiu_lex_number(l, FIU_NV_REGS - 1, &v)) {
        l->p = save;
        return false;
    }
    *r = (uint8_t)v;
    return true;
}

static bool is_reg(fiu_lex *l)
{
    fiu_lex t = *l;
    uint8_t r;
    return reg(&t, &r);
}

static bool pred(fiu_lex *l, uint8_t *p, bool *neg)
{
    fiu_lex_skip(l);
    const char *save = l->p;
    *neg = fiu_lex_accept(l, "!");
    fiu_lex_skip(l);
    if (fiu_lex_accept(l, "PT")) {
        *p = FIU_NV_PT;
        return true;
    }
    if (fiu_lex_lower(*l->p) == 'p' && l->p[1] >= '0' && l->p[1] <= '9') {
        l->p++;
        uint32_t v;
        if (fiu_lex_number(l, FIU_NV_PREDS - 1, &v)) {
            *p = (uint8_t)v;
            return true;
        }
    }
    l->p = save;
    return false;
}

static int bad(fiu_lex *l, const char *what)
{
    char b[40];
    fiu_lex_fail(l, "expected %s, found '%s'", what, fiu_lex_peek(l, b, sizeof b));
    return -1;
}

#define NEED(cond, what)                                                                                               \
    do {                                                                                                               \
        if (!(cond))                                                                                                   \
            return bad(&l, what);                                                                                      \
    } while (0)

/* Second source of FCMP / MOV: a register or an fp32 literal. */
static bool src_b(fiu_lex *l, fiu_nv_insn *in)
{
    if (is_reg(l))
        return reg(l, &in->rb) && (in->has_rb = true);
    fiu_lex_skip(l);
    char buf[64];
    size_t i = 0;
    while (i + 1 < sizeof buf && l->p[i] && !fiu_lex_space(l->p[i]) && l->p[i] != ';' && l->p[i] != ',' &&
           l->p[i] != '#' && !(l->p[i] == '/' && l->p[i + 1] == '/'))
        buf[i] = l->p[i], i++;
    buf[i] = '\0';
    if (!i || !fiu_asm_parse_f32(buf, &in->imm32))
        return false;
    l->p += i;
    in->b_imm = true;
    return true;
}

int fiu_nv_parse_line(const char *line, fiu_nv_insn *in, char *err, size_t errn)
{
    fiu_lex l = {line, err, errn};
    char b[40];
    memset(in, 0, sizeof *in);
    in->pg = in->pmul = in->puni = FIU_NV_PT;
    in->rd = in->ra = in->rb = in->rc = FIU_NV_RZ;
    in->rq.op = FIU_OP_IPA;
    in->rq.ipa_mode = FIU_IPA_MUL; /* seed 000: MUL is the default mode */
    fiu_lex_skip(&l);
    if (*l.p == ';')
        return bad(&l, "an instruction before ';'");
    if (fiu_lex_at_end(&l, false))
        return 0;
    if (fiu_lex_accept(&l, "@")) {
        NEED(pred(&l, &in->pg, &in->pg_not), "a guard predicate P0..P6 or PT after '@'");
    }
    bool seen_mode = false, seen_loc = false;
    if (fiu_lex_accept(&l, "IPA")) {
        in->kind = FIU_NV_IPA;
        while (*l.p == '.') {
            l.p++;
            int hit = 0;
            for (int i = 0; i < 4 && !hit; i++)
                if (fiu_lex_accept(&l, MODE[i])) {
                    if (seen_mode)
                        return fiu_lex_fail(&l, "more than one mode (.PASS/.MUL/.CONSTANT/.SC)"), -1;
                    in->rq.ipa_mode = (uint8_t)i, seen_mode = true, hit = 1;
                }
            for (int i = 5; i >= 0 && !hit; i--) /* AT_SAMPLE before SAMPLE */
                if (fiu_lex_accept(&l, LOC[i])) {
                    if (seen_loc)
                        return fiu_lex_fail(&l, "more than one sample mode (.CENTER/.CENTROID/.OFFSET/...)"), -1;
                    in->rq.loc = (uint8_t)i, seen_loc = true, hit = 1;
                }
            if (!hit && fiu_lex_accept(&l, "SAT")) {
                if (in->rq.sat)
                    return fiu_lex_fail(&l, ".SAT given twice"), -1;
                in->rq.sat = true, hit = 1;
            }
            if (!hit && fiu_lex_accept(&l, "IDX")) {
                if (in->rq.idx)
                    return fiu_lex_fail(&l, ".IDX given twice"), -1;
                in->rq.idx = true, hit = 1;
            }
            if (!hit && fiu_lex_accept(&l, "ATEST")) {
                if (in->rq.atest)
                    return fiu_lex_fail(&l, ".ATEST given twice"), -1;
                in->rq.atest = true, hit = 1;
            }
            if (!hit)
                return fiu_lex_fail(&l, "unknown IPA modifier '.%s'", fiu_lex_peek(&l, b, sizeof b)), -1;
        }
        NEED(reg(&l, &in->rd), "the destination register R0..R254 or RZ");
        NEED(fiu_lex_accept(&l, ","), "','");
        NEED(fiu_lex_accept(&l, "a") && fiu_lex_accept(&l, "["), "an attribute a[...]");
        if (in->rq.idx) {
            NEED(reg(&l, &in->ra), "a[Ra] (IPA.IDX takes a register)");
        } else {
            uint32_t v;
            NEED(fiu_lex_number(&l, 0x3FF, &v), "a 10-bit attribute address 0..0x3ff");
            in->rq.imm = (uint16_t)v;
        }
        NEED(fiu_lex_accept(&l, "]"), "']'");
        fiu_lex save = l;
        if (fiu_lex_accept(&l, ",") && is_reg(&l)) {
            reg(&l, &in->rb), in->has_rb = true;
            save = l;
            if (fiu_lex_accept(&l, ",") && is_reg(&l))
                reg(&l, &in->rc), in->has_rc = true;
            else
                l = save;
        } else {
            l = save;
        }
        if (fiu_lex_accept(&l, ",")) {
            if (in->rq.idx) {
                NEED(pred(&l, &in->puni, &in->puni_not), "the Puniform predicate");
                in->has_pmul = true; /* reused: the predicate operand is present */
            } else {
                NEED(pred(&l, &in->pmul, &in->pmul_not), "a register or the Pmul predicate");
                in->has_pmul = true;
            }
        }
        if ((in->rq.loc == FIU_LOC_OFFSET || in->rq.loc == FIU_LOC_AT_SAMPLE) && !in->has_rc)
            return fiu_lex_fail(&l, ".%s needs Rc (IPA Rd, a[..], Rb, Rc)", LOC[in->rq.loc]), -1;
    } else if (fiu_lex_accept(&l, "AL2P")) {
        in->kind = FIU_NV_AL2P;
        in->rq.op = FIU_OP_AL2P;
        in->rq.ipa_mode = 0;
        uint32_t v;
        bool n;
        NEED(pred(&l, &in->pd, &n) && !n, "the destination predicate P0..P6 or PT");
        NEED(fiu_lex_accept(&l, ","), "','");
        NEED(reg(&l, &in->rd), "the destination register");
        NEED(fiu_lex_accept(&l, ","), "','");
        NEED(reg(&l, &in->ra), "the address register Ra");
        NEED(fiu_lex_accept(&l, ","), "','");
        NEED(fiu_lex_number(&l, 0x3FF, &v), "a 10-bit immediate 0..0x3ff");
        in->rq.imm = (uint16_t)v;
    } else if (in->rq.ipa_mode = 0, fiu_lex_accept(&l, "MUFU")) {
        NEED(*l.p == '.' && (l.p++, fiu_lex_accept(&l, "RCP")), "MUFU.RCP (the only MUFU the executor has)");
        in->kind = FIU_NV_RCP;
        NEED(reg(&l, &in->rd), "the destination register");
        NEED(fiu_lex_accept(&l, ","), "','");
        NEED(reg(&l, &in->ra), "the source register");
    } else if (fiu_lex_accept(&l, "FCMP")) {
        in->kind = FIU_NV_FCMP;
        int c = -1;
        if (*l.p == '.') {
            l.p++;
            for (int i = 0; i < 6 && c < 0; i++)
                if (fiu_lex_accept(&l, CMP[i]))
                    c = i;
        }
        NEED(c >= 0, "FCMP.EQ/NE/LT/LE/GT/GE");
        in->cmp = (uint8_t)c;
        bool n;
        NEED(pred(&l, &in->pd, &n) && !n, "the destination predicate");
        NEED(fiu_lex_accept(&l, ","), "','");
        NEED(reg(&l, &in->ra), "the first source register");
        NEED(fiu_lex_accept(&l, ","), "','");
        NEED(src_b(&l, in), "a register or an exact fp32 literal (1.0, -0.5, 0x3f800000)");
    } else if (fiu_lex_accept(&l, "MOV")) {
        in->kind = FIU_NV_MOV;
        NEED(reg(&l, &in->rd), "the destination register");
        NEED(fiu_lex_accept(&l, ","), "','");
        NEED(src_b(&l, in), "a register or an exact fp32 literal / 0x bits");
    } else {
        return fiu_lex_fail(&l, "unknown instruction '%s' (IPA, AL2P, MUFU.RCP, FCMP, MOV)",
                            fiu_lex_peek(&l, b, sizeof b)), -1;
    }
    fiu_lex_accept(&l, ";");
    if (!fiu_lex_at_end(&l, false))
        return fiu_lex_fail(&l, "unexpected '%s' after the instruction", fiu_lex_peek(&l, b, sizeof b)), -1;
    return 1;
}

static size_t put_reg(char *s, size_t n, uint8_t r)
{
    return r == FIU_NV_RZ ? (size_t)snprintf(s, n, "RZ") : (size_t)snprintf(s, n, "R%u", r);
}

static size_t put_pred(char *s, size_t n, uint8_t p, bool neg)
{
    return p == FIU_NV_PT ? (size_t)snprintf(s, n, "%sPT", neg ? "!" : "")
                          : (size_t)snprintf(s, n, "%sP%u", neg ? "!" : "", p);
}

void fiu_nv_print(const fiu_nv_insn *in, char *text, size_t n)
{
    char o[160];
    size_t k = 0;
#define ROOM (k < sizeof o ? sizeof o - k : 0)
#define AT (o + (k < sizeof o ? k : sizeof o - 1))
    o[0] = '\0';
    if (in->pg != FIU_NV_PT || in->pg_not) {
        k += (size_t)snprintf(AT, ROOM, "@");
        k += put_pred(AT, ROOM, in->pg, in->pg_not);
        k += (size_t)snprintf(AT, ROOM, " ");
    }
    switch (in->kind) {
    case FIU_NV_IPA:
        k += (size_t)snprintf(AT, ROOM, "IPA%s.%s", in->rq.idx ? ".IDX" : "", MODE[in->rq.ipa_mode & 3]);
        if (in->rq.loc != FIU_LOC_CENTER)
            k += (size_t)snprintf(AT, ROOM, ".%s", in->rq.loc < 6 ? LOC[in->rq.loc] : "?");
        if (in->rq.sat)
            k += (size_t)snprintf(AT, ROOM, ".SAT");
        if (in->rq.atest)
            k += (size_t)snprintf(AT, ROOM, ".ATEST");
        k += (size_t)snprintf(AT, ROOM, " ");
        k += put_reg(AT, ROOM, in->rd);
        if (in->rq.idx) {
            k += (size_t)snprintf(AT, ROOM, ", a[");
            k += put_reg(AT, ROOM, in->ra);
            k += (size_t)snprintf(AT, ROOM, "]");
        } else {
            k += (size_t)snprintf(AT, ROOM, ", a[0x%x]", in->rq.imm);
        }
        if (in->has_rb) {
            k += (size_t)snprintf(AT, ROOM, ", ");
            k += put_reg(AT, ROOM, in->rb);
            if (in->has_rc) {
                k += (size_t)snprintf(AT, ROOM, ", ");
                k += put_reg(AT, ROOM, in->rc);
            }
        }
        if (in->has_pmul) {
            k += (size_t)snprintf(AT, ROOM, ", ");
            k += in->rq.idx ? put_pred(AT, ROOM, in->puni, in->puni_not) : put_pred(AT, ROOM, in->pmul, in->pmul_not);
        }
        break;
    case FIU_NV_AL2P:
        k += (size_t)snprintf(AT, ROOM, "AL2P ");
        k += put_pred(AT, ROOM, in->pd, false);
        k += (size_t)snprintf(AT, ROOM, ", ");
        k += put_reg(AT, ROOM, in->rd);
        k += (size_t)snprintf(AT, ROOM, ", ");
        k += put_reg(AT, ROOM, in->ra);
        k += (size_t)snprintf(AT, ROOM, ", 0x%x", in->rq.imm);
        break;
    case FIU_NV_RCP:
        k += (size_t)snprintf(AT, ROOM, "MUFU.RCP ");
        k += put_reg(AT, ROOM, in->rd);
        k += (size_t)snprintf(AT, ROOM, ", ");
        k += put_reg(AT, ROOM, in->ra);
        break;
    case FIU_NV_FCMP:
    case FIU_NV_MOV:
        if (in->kind == FIU_NV_FCMP) {
            k += (size_t)snprintf(AT, ROOM, "FCMP.%s ", CMP[in->cmp % 6]);
            k += put_pred(AT, ROOM, in->pd, false);
            k += (size_t)snprintf(AT, ROOM, ", ");
            k += put_reg(AT, ROOM, in->ra);
        } else {
            k += (size_t)snprintf(AT, ROOM, "MOV ");
            k += put_reg(AT, ROOM, in->rd);
        }
        k += (size_t)snprintf(AT, ROOM, ", ");
        if (in->b_imm)
            k += (size_t)snprintf(AT, ROOM, "0x%08x", in->imm32);
        else
            k += put_reg(AT, ROOM, in->rb);
        break;
    default:
        k += (size_t)snprintf(AT, ROOM, "?");
    }
    snprintf(AT, ROOM, ";");
    snprintf(text, n, "%s", o);
#undef ROOM
#undef AT
}
