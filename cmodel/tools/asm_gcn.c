/* GCN VINTRP disassembler and assembler, LLVM AMDGPU syntax (spec 4.7, docs/render.md). */
#include <stdarg.h>
#include <string.h>

#include "asm_lex.h"
#include "fiu_asm.h"
#include "fiu.h"

static const char *const MNEMONIC[3] = {"v_interp_p1_f32", "v_interp_p2_f32", "v_interp_mov_f32"};
static const char *const MOV_PARAM[3] = {"p10", "p20", "p0"}; /* VSRC 0, 1, 2 (AMD's encoding) */
static const char CHAN[4] = {'x', 'y', 'z', 'w'};

uint32_t fiu_gcn_encoding_bits(unsigned gfx)
{
    return gfx == 6 || gfx == 7 ? FIU_VINTRP_ENC_GCN10 : gfx == 8 || gfx == 9 ? FIU_VINTRP_ENC_GCN12 : 0;
}

static bool set_err(char *err, size_t errn, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    if (err && errn)
        vsnprintf(err, errn, fmt, ap);
    va_end(ap);
    return false;
}

bool fiu_gcn_disasm(uint32_t word, char *text, size_t n, unsigned *gfx, char *err, size_t errn)
{
    fiu_vintrp_fields f = fiu_vintrp_decode(word);
    if (f.encoding != FIU_VINTRP_ENC_GCN10 && f.encoding != FIU_VINTRP_ENC_GCN12)
        return set_err(err, errn, "bits 31:26 = 0x%02x: not a VINTRP encoding (0x32 GFX6/7, 0x35 GFX8/9)",
                       f.encoding);
    if (f.opcode > FIU_VINTRP_MOV)
        return set_err(err, errn, "opcode %u is reserved (0 p1, 1 p2, 2 mov)", f.opcode);
    if (f.opcode != FIU_VINTRP_MOV && f.vdst == f.vsrc)
        return set_err(err, errn, "VDST == VSRC (v%u) is illegal for %s", f.vdst, MNEMONIC[f.opcode]);
    if (f.opcode == FIU_VINTRP_MOV && f.vsrc > 2)
        return set_err(err, errn, "v_interp_mov_f32 parameter %u is not p10 (0), p20 (1) or p0 (2)", f.vsrc);
    if (f.attr > FIU_VINTRP_MAX_ATTR)
        return set_err(err, errn, "attr%u is out of range (0..%u)", f.attr, FIU_VINTRP_MAX_ATTR);
    if (gfx)
        *gfx = f.encoding == FIU_VINTRP_ENC_GCN10 ? 6 : 8;
    if (f.opcode == FIU_VINTRP_MOV)
        snprintf(text, n, "%s v%u, %s, attr%u.%c", MNEMONIC[f.opcode], f.vdst, MOV_PARAM[f.vsrc], f.attr,
                 CHAN[f.attrchan]);
    else
        snprintf(text, n, "%s v%u, v%u, attr%u.%c", MNEMONIC[f.opcode], f.vdst, f.vsrc, f.attr, CHAN[f.attrchan]);
    return true;
}

/* ---- assembler: LLVM's AMDGPU syntax for the 32-bit VINTRP word (docs/render.md) ---- */

static const char TOO_FEW[] = "too few operands for instruction (VDST, VSRC or p10/p20/p0, attrN.c)";

/* Word characters of an operand token: identifier characters and '.' (attr0.x is one token). */
static size_t word_len(const char *p)
{
    size_t n = 0;
    while (fiu_lex_alnum(p[n]) || p[n] == '.')
        n++;
    return n;
}

static bool same_ci(const char *a, size_t n, const char *b)
{
    size_t i = 0;
    for (; i < n && b[i]; i++)
        if (fiu_lex_lower(a[i]) != fiu_lex_lower(b[i]))
            return false;
    return i == n && b[i] == '\0';
}

/* Decimal digits only (as LLVM reads register and attribute numbers), capped at 9999. */
static bool decimal(const char *p, size_t n, uint32_t *v)
{
    uint32_t x = 0;
    if (n == 0)
        return false;
    for (size_t i = 0; i < n; i++) {
        if (p[i] < '0' || p[i] > '9')
            return false;
        x = x > 999 ? 9999 : x * 10 + (uint32_t)(p[i] - '0');
    }
    *v = x > 9999 ? 9999 : x;
    return true;
}

/* "vN", "v[N]" or "v[N:N]", N 0..255 */
static bool vgpr(fiu_lex *l, uint32_t *r, const char *what)
{
    char b[32];
    fiu_lex_skip(l);
    if (fiu_lex_at_end(l, true))
        return fiu_lex_fail(l, "%s", TOO_FEW);
    const char *save = l->p;
    if (fiu_lex_lower(l->p[0]) == 'v' && l->p[1] == '[') {
        uint32_t lo, hi;
        l->p += 2;
        if (!fiu_lex_number(l, 255, &lo)) {
            l->p = save;
            return fiu_lex_fail(l, "%s: bad VGPR '%s' (v0..v255, v[N], v[N:N])", what, fiu_lex_peek(l, b, sizeof b));
        }
        hi = lo;
        if (fiu_lex_accept(l, ":") && !fiu_lex_number(l, 255, &hi)) {
            l->p = save;
            return fiu_lex_fail(l, "%s: bad VGPR '%s' (v0..v255, v[N], v[N:N])", what, fiu_lex_peek(l, b, sizeof b));
        }
        if (!fiu_lex_accept(l, "]")) {
            l->p = save;
            return fiu_lex_fail(l, "%s: bad VGPR '%s' (v0..v255, v[N], v[N:N])", what, fiu_lex_peek(l, b, sizeof b));
        }
        if (hi != lo) {
            l->p = save;
            return fiu_lex_fail(l, "%s: '%s' is not one VGPR (VINTRP takes 32-bit registers)", what,
                                fiu_lex_peek(l, b, sizeof b));
        }
        *r = lo;
        return true;
    }
    if (fiu_lex_lower(*l->p) != 'v' || !(l->p[1] >= '0' && l->p[1] <= '9'))
        return fiu_lex_fail(l, "%s: expected a VGPR v0..v255, found '%s'", what, fiu_lex_peek(l, b, sizeof b));
    size_t n = word_len(l->p);
    if (!decimal(l->p + 1, n - 1, r) || *r > 255)
        return fiu_lex_fail(l, "%s: bad VGPR '%s' (v0..v255)", what, fiu_lex_peek(l, b, sizeof b));
    l->p += n;
    return true;
}

static bool comma(fiu_lex *l)
{
    char b[32];
    if (fiu_lex_accept(l, ","))
        return true;
    if (fiu_lex_at_end(l, true))
        return fiu_lex_fail(l, "%s", TOO_FEW);
    return fiu_lex_fail(l, "expected ',', found '%s'", fiu_lex_peek(l, b, sizeof b));
}

/* The mnemonic, with LLVM's optional _e32 suffix (the 32-bit encoding, which LLVM prints on
 * GFX8/9). The VOP3 (_e64) form and the VOP3-only 16-bit interpolation ops are not modelled. */
static int mnemonic(fiu_lex *l, unsigned gfx, uint32_t *op)
{
    static const char *const VOP3_ONLY[3] = {"v_interp_p1ll_f16", "v_interp_p1lv_f16", "v_interp_p2_f16"};
    char b[48];
    fiu_lex_skip(l);
    size_t n = 0;
    while (fiu_lex_alnum(l->p[n]))
        n++;
    for (uint32_t i = 0; i < 3; i++) {
        size_t m = strlen(MNEMONIC[i]);
        if (n < m || !same_ci(l->p, m, MNEMONIC[i]))
            continue;
        if (n == m || same_ci(l->p + m, n - m, "_e32")) {
            *op = i;
            l->p += n;
            return 1;
        }
        if (same_ci(l->p + m, n - m, "_e64") && gfx < 8)
            return fiu_lex_fail(l, "%s_e64: GFX6/7 have no VOP3 form of VINTRP (%s or %s_e32)", MNEMONIC[i], MNEMONIC[i],
                                MNEMONIC[i]),
                   -1;
        if (same_ci(l->p + m, n - m, "_e64"))
            return fiu_lex_fail(l, "%s_e64: the VOP3 (64-bit) encoding is not modelled; the unit decodes the 32-bit "
                                   "VINTRP word (%s or %s_e32)",
                                MNEMONIC[i], MNEMONIC[i], MNEMONIC[i]),
                   -1;
        if (same_ci(l->p + m, n - m, "_dpp") || same_ci(l->p + m, n - m, "_sdwa"))
            return fiu_lex_fail(l, "%s: VINTRP has no DPP or SDWA form (%s or %s_e32)", fiu_lex_peek(l, b, sizeof b),
                                MNEMONIC[i], MNEMONIC[i]),
                   -1;
    }
    for (uint32_t i = 0; i < 3; i++) {
        size_t m = strlen(VOP3_ONLY[i]);
        if (n >= m && same_ci(l->p, m, VOP3_ONLY[i]) && (n == m || same_ci(l->p + m, n - m, "_e64")))
            return fiu_lex_fail(l, "%s is VOP3-encoded (64-bit, GFX8/9 only): not a VINTRP word, not modelled", VOP3_ONLY[i]),
                   -1;
    }
    return fiu_lex_fail(l, "unknown mnemonic '%s' (v_interp_p1_f32, v_interp_p2_f32, v_interp_mov_f32, optional _e32)",
                        fiu_lex_peek(l, b, sizeof b)),
           -1;
}

/* v_interp_mov_f32's interpolation slot: p10 (VSRC 0), p20 (1), p0 (2) */
static bool slot(fiu_lex *l, uint32_t *vsrc)
{
    char b[48];
    fiu_lex_skip(l);
    if (fiu_lex_at_end(l, true))
        return fiu_lex_fail(l, "%s", TOO_FEW);
    char c = fiu_lex_lower(*l->p);
    if (!((c >= 'a' && c <= 'z') || c == '_'))
        return fiu_lex_fail(l, "invalid operand for instruction: expected the interpolation slot p10, p20 or p0, "
                               "found '%s'",
                            fiu_lex_peek(l, b, sizeof b));
    size_t n = word_len(l->p);
    for (uint32_t i = 0; i < 3; i++)
        if (same_ci(l->p, n, MOV_PARAM[i])) {
            *vsrc = i;
            l->p += n;
            return true;
        }
    return fiu_lex_fail(l, "invalid interpolation slot '%s' (p10, p20 or p0)", fiu_lex_peek(l, b, sizeof b));
}

/* attrN.c, N 0..32 (decimal), c x/y/z/w; checked in LLVM's order: the attr prefix, the
 * channel, the number, its range. */
static bool attribute(fiu_lex *l, uint32_t *attr, uint32_t *chan)
{
    char b[48];
    fiu_lex_skip(l);
    if (fiu_lex_at_end(l, true))
        return fiu_lex_fail(l, "%s", TOO_FEW);
    size_t n = word_len(l->p);
    const char *t = l->p;
    if (n < 4 || !same_ci(t, 4, "attr"))
        return fiu_lex_fail(l, "invalid interpolation attribute '%s' (attrN.c: N 0..%u, c x, y, z or w)",
                            fiu_lex_peek(l, b, sizeof b), FIU_VINTRP_MAX_ATTR);
    *chan = 4;
    if (n >= 6 && t[n - 2] == '.')
        for (uint32_t i = 0; i < 4; i++)
            if (fiu_lex_lower(t[n - 1]) == CHAN[i])
                *chan = i;
    if (*chan == 4)
        return fiu_lex_fail(l, "invalid or missing interpolation attribute channel in '%s' (.x, .y, .z or .w)",
                            fiu_lex_peek(l, b, sizeof b));
    if (!decimal(t + 4, n - 6, attr))
        return fiu_lex_fail(l, "invalid or missing interpolation attribute number in '%s' (0..%u)",
                            fiu_lex_peek(l, b, sizeof b), FIU_VINTRP_MAX_ATTR);
    if (*attr > FIU_VINTRP_MAX_ATTR)
        return fiu_lex_fail(l, "out of bounds interpolation attribute number in '%s' (0..%u)",
                            fiu_lex_peek(l, b, sizeof b), FIU_VINTRP_MAX_ATTR);
    l->p += n;
    return true;
}

int fiu_gcn_asm_line(const char *line, unsigned gfx, uint32_t *word, char *err, size_t errn)
{
    fiu_lex l = {line, err, errn};
    char b[48];
    uint32_t enc = fiu_gcn_encoding_bits(gfx);
    if (!enc)
        return fiu_lex_fail(&l, "--gfx %u: not 6, 7 (GFX6/7 encoding) or 8, 9 (GFX8/9 encoding)", gfx), -1;
    if (fiu_lex_at_end(&l, true))
        return 0;
    uint32_t op = 3, vdst = 0, vsrc = 0, attr = 0, chan = 0;
    if (mnemonic(&l, gfx, &op) < 0)
        return -1;
    if (!vgpr(&l, &vdst, "VDST") || !comma(&l))
        return -1;
    if (op == FIU_VINTRP_MOV ? !slot(&l, &vsrc) : !vgpr(&l, &vsrc, "VSRC"))
        return -1;
    if (!comma(&l) || !attribute(&l, &attr, &chan))
        return -1;
    if (!fiu_lex_at_end(&l, true)) {
        fiu_lex_skip(&l);
        if (same_ci(l.p, word_len(l.p), "high"))
            return fiu_lex_fail(&l, "'high' is an operand of the VOP3 (_e64) form only; the 32-bit VINTRP word has "
                                    "no such bit"),
                   -1;
        return fiu_lex_fail(&l, "unexpected '%s' after the operands", fiu_lex_peek(&l, b, sizeof b)), -1;
    }
    if (op != FIU_VINTRP_MOV && vdst == vsrc)
        return fiu_lex_fail(&l, "VDST == VSRC (v%u) is illegal for %s (spec 4.7)", vdst, MNEMONIC[op]), -1;
    *word = enc << 26 | vdst << 18 | op << 16 | attr << 10 | chan << 8 | vsrc;
    return 1;
}
