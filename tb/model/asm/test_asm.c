/* Assembler / disassembler tests (docs/render.md): GCN VINTRP round trips over every field
 * value of both encodings, legality against the model's own decode (fiu_execute's status),
 * known LLVM encodings, bad text; NV IPA parse/print round trips and the seeds' lines. */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "fiu_asm.h"
#include "splitmix64.h"

static const char *const MN[3] = {"v_interp_p1_f32", "v_interp_p2_f32", "v_interp_mov_f32"};
static const char *const PAR[3] = {"p10", "p20", "p0"};

/* The expected text, spelled from the fields (independent of the disassembler's tables). */
static void expect_text(char *b, size_t n, unsigned op, unsigned vdst, unsigned vsrc, unsigned attr, unsigned ch)
{
    if (op == 2)
        snprintf(b, n, "%s v%u, %s, attr%u.%c", MN[op], vdst, PAR[vsrc], attr, "xyzw"[ch]);
    else
        snprintf(b, n, "%s v%u, v%u, attr%u.%c", MN[op], vdst, vsrc, attr, "xyzw"[ch]);
}

static void upcase(char *s)
{
    for (; *s; s++)
        if (*s >= 'a' && *s <= 'z')
            *s = (char)(*s - 32);
}

static void one(tb_checker *tc, unsigned gfx, unsigned op, unsigned vdst, unsigned vsrc, unsigned attr, unsigned ch)
{
    uint32_t word = (gfx == 6 ? 0xC8000000u : 0xD4000000u) | vdst << 18 | op << 16 | attr << 10 | ch << 8 | vsrc;
    char want[128], got[128], err[FIU_ASM_ERR_LEN];
    unsigned g = 0;
    expect_text(want, sizeof want, op, vdst, vsrc, attr, ch);
    bool ok = fiu_gcn_disasm(word, got, sizeof got, &g, err, sizeof err);
    CHECK(tc, ok && strcmp(got, want) == 0 && g == gfx, "0x%08x: got '%s' (%s) want '%s'", word, ok ? got : "-",
          ok ? "" : err, want);
    uint32_t back = 0;
    int r = fiu_gcn_asm_line(want, gfx, &back, err, sizeof err);
    CHECK(tc, r == 1 && back == word, "asm '%s' gfx%u: r=%d 0x%08x want 0x%08x (%s)", want, gfx, r, back, word, err);
    upcase(want);
    r = fiu_gcn_asm_line(want, gfx, &back, err, sizeof err);
    CHECK(tc, r == 1 && back == word, "asm '%s' gfx%u: r=%d", want, gfx, r);
}

static void test_gcn(tb_checker *tc, uint64_t *rng)
{
    unsigned long n0 = tc->checks;
    /* every (op, attr, chan, vsrc), VDST random (not VSRC for p1/p2), both encodings */
    for (unsigned gfx = 6; gfx <= 8; gfx += 2)
        for (unsigned op = 0; op < 3; op++)
            for (unsigned attr = 0; attr <= 32; attr++)
                for (unsigned ch = 0; ch < 4; ch++)
                    for (unsigned vsrc = 0; vsrc < (op == 2 ? 3u : 256u); vsrc++) {
                        unsigned vdst = (unsigned)(splitmix64(rng) & 255);
                        if (op != 2 && vdst == vsrc)
                            vdst ^= 1;
                        one(tc, gfx, op, vdst, vsrc, attr, ch);
                    }
    /* every (vdst, vsrc) pair of p1/p2 and every vdst of mov */
    for (unsigned gfx = 6; gfx <= 8; gfx += 2)
        for (unsigned vdst = 0; vdst < 256; vdst++) {
            for (unsigned vsrc = 0; vsrc < 256; vsrc++)
                if (vsrc != vdst)
                    one(tc, gfx, (vdst + vsrc) & 1, vdst, vsrc, (vdst * 7 + vsrc) % 33, vsrc & 3);
            for (unsigned p = 0; p < 3; p++)
                one(tc, gfx, 2, vdst, p, vdst % 33, vdst & 3);
        }
    printf("gcn round trips: %lu checks\n", tc->checks - n0);

    /* LLVM MC encodings (test/MC/AMDGPU vintrp.s) and spec 4.7's example */
    static const struct {
        uint32_t word;
        unsigned gfx;
        const char *text;
    } KNOWN[] = {
        {0xC8080500u, 6, "v_interp_p1_f32 v2, v0, attr1.y"},
        {0xC824000Au, 6, "v_interp_p1_f32 v9, v10, attr0.x"},
        {0xD424000Au, 8, "v_interp_p1_f32 v9, v10, attr0.x"},
        {0xC825000Au, 6, "v_interp_p2_f32 v9, v10, attr0.x"},
        {0xC8260000u, 6, "v_interp_mov_f32 v9, p10, attr0.x"},
        {0xD4260002u, 8, "v_interp_mov_f32 v9, p0, attr0.x"},
        {0xC8091701u, 6, "v_interp_p2_f32 v2, v1, attr5.w"},
    };
    for (unsigned i = 0; i < sizeof KNOWN / sizeof KNOWN[0]; i++) {
        char got[128], err[FIU_ASM_ERR_LEN];
        uint32_t w = 0;
        bool ok = fiu_gcn_disasm(KNOWN[i].word, got, sizeof got, NULL, err, sizeof err);
        CHECK(tc, ok && strcmp(got, KNOWN[i].text) == 0, "known 0x%08x: '%s'", KNOWN[i].word, ok ? got : err);
        CHECK(tc, fiu_gcn_asm_line(KNOWN[i].text, KNOWN[i].gfx, &w, err, sizeof err) == 1 && w == KNOWN[i].word,
              "known '%s' -> 0x%08x", KNOWN[i].text, w);
    }

    /* random words: the disassembler accepts exactly what the model's decode accepts */
    fiu_state st;
    fiu_state_init(&st, 64);
    unsigned long legal = 0, n = 1u << 18;
    for (unsigned long i = 0; i < n; i++) {
        uint64_t r = splitmix64(rng);
        uint32_t w = (uint32_t)r;
        if (i & 1) /* half of them in a VINTRP encoding */
            w = (w & 0x03FFFFFFu) | ((r >> 40) & 1 ? 0xC8000000u : 0xD4000000u);
        fiu_request rq;
        memset(&rq, 0, sizeof rq);
        rq.op = FIU_OP_VINTRP;
        rq.lanes = 1;
        rq.vintrp = w;
        fiu_response rsp;
        fiu_execute(&st, &rq, &rsp);
        bool model_ok = rsp.status < FIU_ST_VINTRP_ENCODING || rsp.status > FIU_ST_VINTRP_ATTR;
        char text[128], err[FIU_ASM_ERR_LEN];
        unsigned gfx = 0;
        bool ok = fiu_gcn_disasm(w, text, sizeof text, &gfx, err, sizeof err);
        CHECK(tc, ok == model_ok, "0x%08x: disasm %s, model status %u", w, ok ? "accepts" : "rejects", rsp.status);
        if (ok) {
            legal++;
            uint32_t back = 0;
            CHECK(tc, fiu_gcn_asm_line(text, gfx, &back, err, sizeof err) == 1 && back == w, "0x%08x -> '%s'", w,
                  text);
        } else {
            CHECK(tc, err[0] != '\0', "0x%08x: empty reason", w);
        }
    }
    fiu_state_free(&st);
    printf("gcn random words: %lu, %lu legal\n", n, legal);

    /* bad text: each line fails with a reason containing the given words */
    static const struct {
        const char *line, *why;
    } BAD[] = {
        {"v_interp_p1_f32 v1, v1, attr0.x", "VDST == VSRC"},
        {"v_interp_p2_f32 v7, v7, attr0.x", "VDST == VSRC"},
        {"v_interp_p1_f32 v1, v0, attr33.x", "out of bounds"},
        {"v_interp_p1_f32 v1, v0, attr0.q", "channel"},
        {"v_interp_p1_f32 v1, v0, attr0", "channel"},
        {"v_interp_p1_f32 v1, v0, attr.x", "attribute number"},
        {"v_interp_p1_f32 v1, v0, bttr0.x", "attrN.c"},
        {"v_interp_p1_f32 v256, v0, attr0.x", "bad VGPR"},
        {"v_interp_p1_f32 s1, v0, attr0.x", "expected a VGPR"},
        {"v_interp_mov_f32 v0, p3, attr0.x", "p10, p20 or p0"},
        {"v_interp_mov_f32 v0, v1, attr0.x", "p10, p20 or p0"},
        {"v_interp_p3_f32 v1, v0, attr0.x", "unknown mnemonic"},
        {"v_interp_p1_f32 v1 v0, attr0.x", "expected ','"},
        {"v_interp_p1_f32 v1, v0, attr0.x, v3", "unexpected"},
        {"v_interp_p1_f32", "too few operands"},
        {"v_interp_p1_f32 v1, v0,", "too few operands"},
        {"v_interp_p1_f32_e64 v1, v0, attr0.x", "no VOP3 form"},
        {"v_interp_p1_f32_sdwa v1, v0, attr0.x", "no DPP or SDWA"},
        {"v_interp_p1_f32 v1, v[0:1], attr0.x", "not one VGPR"},
        {"v_interp_p1_f32 v1, v0, attr0.x high", "'high'"},
        {"v_interp_p1_f32 v1, v0x1, attr0.x", "bad VGPR"},
    };
    for (unsigned i = 0; i < sizeof BAD / sizeof BAD[0]; i++) {
        char err[FIU_ASM_ERR_LEN] = "";
        uint32_t w;
        int r = fiu_gcn_asm_line(BAD[i].line, 6, &w, err, sizeof err);
        CHECK(tc, r == -1 && strstr(err, BAD[i].why), "'%s': r=%d err '%s', want '%s'", BAD[i].line, r, err,
              BAD[i].why);
    }
    uint32_t w;
    char err[FIU_ASM_ERR_LEN];
    CHECK(tc, fiu_gcn_asm_line("  ; only a comment", 6, &w, err, sizeof err) == 0, "comment line");
    CHECK(tc, fiu_gcn_asm_line("", 8, &w, err, sizeof err) == 0, "empty line");
    CHECK(tc, fiu_gcn_asm_line("v_interp_p1_f32 v1, v0, attr0.x", 10, &w, err, sizeof err) == -1, "gfx 10");
    CHECK(tc, fiu_gcn_asm_line("v_interp_p1_f32 v1, v0, attr0.x", 7, &w, err, sizeof err) == 1 && w == 0xC8040000u,
          "gfx 7");
    CHECK(tc, fiu_gcn_asm_line("v_interp_p1_f32_e32 v1, v0, attr0.x", 9, &w, err, sizeof err) == 1 && w == 0xD4040000u,
          "gfx 9, _e32");
}

/* ---- NV ---- */
static bool same_insn(const fiu_nv_insn *a, const fiu_nv_insn *b)
{
    return a->kind == b->kind && a->rq.op == b->rq.op && a->rq.ipa_mode == b->rq.ipa_mode && a->rq.loc == b->rq.loc &&
           a->rq.sat == b->rq.sat && a->rq.idx == b->rq.idx && a->rq.atest == b->rq.atest && a->rq.imm == b->rq.imm &&
           a->pg == b->pg && a->pg_not == b->pg_not && a->rd == b->rd && a->ra == b->ra && a->rb == b->rb &&
           a->rc == b->rc && a->has_rb == b->has_rb && a->has_rc == b->has_rc && a->pmul == b->pmul &&
           a->pmul_not == b->pmul_not && a->has_pmul == b->has_pmul && a->puni == b->puni &&
           a->puni_not == b->puni_not && a->pd == b->pd && a->cmp == b->cmp && a->imm32 == b->imm32 &&
           a->b_imm == b->b_imm;
}

static void test_nv(tb_checker *tc, uint64_t *rng)
{
    char err[FIU_ASM_ERR_LEN], text[FIU_ASM_TEXT_LEN];
    fiu_nv_insn in, back;
    /* seed 000's lines, as written */
    static const struct {
        const char *line;
        unsigned kind, mode, imm, rd, rb;
        bool idx;
    } SEED[] = {
        {"IPA.PASS R4, a[0x7c];           # interpolate WPOS.w = 1/w ", FIU_NV_IPA, FIU_IPA_PASS, 0x7c, 4, FIU_NV_RZ, 0},
        {"MUFU.RCP R4, R4;                # w ", FIU_NV_RCP, 0, 0, 4, FIU_NV_RZ, 0},
        {"IPA.MUL  R0, a[0x300], R4;      # s: interpolate TEX0.s = s/w, multiply by w ", FIU_NV_IPA, FIU_IPA_MUL,
         0x300, 0, 4, 0},
        {"IPA.MUL  R1, a[0x304], R4;      # t: interpolate TEX0.t = t/w, multiply by w", FIU_NV_IPA, FIU_IPA_MUL, 0x304,
         1, 4, 0},
        {"IPA.PASS R1, a[ 0x7c];          # WPOS.w", FIU_NV_IPA, FIU_IPA_PASS, 0x7c, 1, FIU_NV_RZ, 0},
        {"FCMP.NE  P0, R1, 1.0;", FIU_NV_FCMP, 0, 0, FIU_NV_RZ, FIU_NV_RZ, 0},
        {"IPA.MUL  R0, a[0x300], R1, P0;  # TEX0.s", FIU_NV_IPA, FIU_IPA_MUL, 0x300, 0, 1, 0},
        {"AL2P         P0, R5, R6,     0;", FIU_NV_AL2P, 0, 0, 5, FIU_NV_RZ, 0},
        {"IPA.IDX.PASS R2,     a[R5], P0; # indexed IPA, with attribute pointed to by R6", FIU_NV_IPA, FIU_IPA_PASS,
         0, 2, FIU_NV_RZ, 1},
    };
    for (unsigned i = 0; i < sizeof SEED / sizeof SEED[0]; i++) {
        int r = fiu_nv_parse_line(SEED[i].line, &in, err, sizeof err);
        CHECK(tc, r == 1, "'%s': %s", SEED[i].line, err);
        if (r != 1)
            continue;
        CHECK(tc, in.kind == SEED[i].kind && in.rd == SEED[i].rd && in.rb == SEED[i].rb, "'%s' fields", SEED[i].line);
        if (in.kind == FIU_NV_IPA)
            CHECK(tc, in.rq.ipa_mode == SEED[i].mode && in.rq.imm == SEED[i].imm && in.rq.idx == SEED[i].idx,
                  "'%s' ipa fields", SEED[i].line);
        fiu_nv_print(&in, text, sizeof text);
        CHECK(tc, fiu_nv_parse_line(text, &back, err, sizeof err) == 1 && same_insn(&in, &back), "'%s' -> '%s'",
              SEED[i].line, text);
    }
    CHECK(tc, fiu_nv_parse_line("IPA.MUL  R0, a[0x300], R1, P0;", &in, err, sizeof err) == 1 && in.has_pmul &&
                  in.pmul == 0 && !in.pmul_not,
          "Pmul P0");
    CHECK(tc, fiu_nv_parse_line("IPA.IDX.PASS R2, a[R5], P0;", &in, err, sizeof err) == 1 && in.puni == 0 && in.ra == 5,
          "Puniform P0, Ra R5");
    CHECK(tc, fiu_nv_parse_line("FCMP.NE P0, R1, 1.0;", &in, err, sizeof err) == 1 && in.b_imm &&
                  in.imm32 == 0x3F800000u && in.cmp == FIU_NV_CMP_NE && in.ra == 1,
          "FCMP immediate 1.0");
    CHECK(tc, fiu_nv_parse_line("IPA R0, a[0x80];", &in, err, sizeof err) == 1 && in.rq.ipa_mode == FIU_IPA_MUL &&
                  in.rq.loc == FIU_LOC_CENTER,
          "defaults MUL, CENTER");
    CHECK(tc, fiu_nv_parse_line("@!P3 IPA.SC.CENTROID.SAT R7, a[0x3fc], R2;", &in, err, sizeof err) == 1 &&
                  in.pg == 3 && in.pg_not && in.rq.ipa_mode == FIU_IPA_SC && in.rq.loc == FIU_LOC_CENTROID && in.rq.sat,
          "guard, SC, CENTROID, SAT");

    /* random instructions: print, parse, compare; print again, same text */
    unsigned long n = 20000;
    for (unsigned long i = 0; i < n; i++) {
        uint64_t r = splitmix64(rng), s = splitmix64(rng);
        fiu_nv_insn a;
        memset(&a, 0, sizeof a);
        a.pg = a.pmul = a.puni = FIU_NV_PT;
        a.rd = a.ra = a.rb = a.rc = FIU_NV_RZ;
        a.kind = (uint8_t)(r % 5);
        if (r >> 3 & 1) {
            a.pg = (uint8_t)(r >> 4 & 7);
            a.pg_not = r >> 7 & 1;
        }
        a.rd = (uint8_t)(s & 255);
        switch (a.kind) {
        case FIU_NV_IPA:
            a.rq.op = FIU_OP_IPA;
            a.rq.ipa_mode = (uint8_t)(r >> 8 & 3);
            a.rq.loc = (uint8_t)(r >> 10 & 7) % 6;
            a.rq.sat = r >> 13 & 1;
            a.rq.idx = r >> 14 & 1;
            a.rq.atest = r >> 15 & 1;
            if (a.rq.idx)
                a.ra = (uint8_t)(s >> 8);
            else
                a.rq.imm = (uint16_t)(s >> 16 & 0x3FF);
            a.has_rb = (r >> 16 & 1) || a.rq.loc == FIU_LOC_OFFSET || a.rq.loc == FIU_LOC_AT_SAMPLE;
            a.has_rc = a.has_rb && ((r >> 17 & 1) || a.rq.loc == FIU_LOC_OFFSET || a.rq.loc == FIU_LOC_AT_SAMPLE);
            if (a.has_rb)
                a.rb = (uint8_t)(s >> 24);
            if (a.has_rc)
                a.rc = (uint8_t)(s >> 32);
            a.has_pmul = r >> 18 & 1;
            if (a.has_pmul) {
                if (a.rq.idx)
                    a.puni = (uint8_t)(r >> 19 & 7), a.puni_not = r >> 22 & 1;
                else
                    a.pmul = (uint8_t)(r >> 19 & 7), a.pmul_not = r >> 22 & 1;
            }
            break;
        case FIU_NV_AL2P:
            a.rq.op = FIU_OP_AL2P;
            a.pd = (uint8_t)(r >> 8 & 7);
            a.ra = (uint8_t)(s >> 8);
            a.rq.imm = (uint16_t)(s >> 16 & 0x3FF);
            break;
        case FIU_NV_RCP:
            a.ra = (uint8_t)(s >> 8);
            break;
        case FIU_NV_FCMP:
        case FIU_NV_MOV:
            if (a.kind == FIU_NV_FCMP) {
                a.cmp = (uint8_t)(r >> 8 & 7) % 6;
                a.pd = (uint8_t)(r >> 11 & 7);
                a.ra = (uint8_t)(s >> 8);
                a.rd = FIU_NV_RZ;
            }
            a.b_imm = r >> 14 & 1;
            if (a.b_imm)
                a.imm32 = (uint32_t)(s >> 32);
            else
                a.rb = (uint8_t)(s >> 16), a.has_rb = true;
            break;
        }
        fiu_nv_print(&a, text, sizeof text);
        int pr = fiu_nv_parse_line(text, &back, err, sizeof err);
        CHECK(tc, pr == 1 && same_insn(&a, &back), "random %lu: '%s' (%s)", i, text, pr == 1 ? "fields differ" : err);
        char text2[FIU_ASM_TEXT_LEN];
        fiu_nv_print(&back, text2, sizeof text2);
        CHECK(tc, strcmp(text, text2) == 0, "'%s' printed again as '%s'", text, text2);
    }
    printf("nv random round trips: %lu\n", n);

    static const struct {
        const char *line, *why;
    } BAD[] = {
        {"IPA.FOO R0, a[0x80];", "unknown IPA modifier"},
        {"IPA.PASS.MUL R0, a[0x80];", "more than one mode"},
        {"IPA.PASS R0, a[0x400];", "10-bit"},
        {"IPA.PASS R255, a[0x80];", "destination register"},
        {"IPA.PASS R0, a[R1];", "10-bit"},
        {"IPA.IDX.PASS R0, a[0x80];", "a[Ra]"},
        {"IPA.OFFSET R0, a[0x80], R1;", "needs Rc"},
        {"IPA.PASS R0, a[0x80], P7;", "Pmul"},
        {"IPA.PASS R0, a[0x80] junk;", "unexpected"},
        {"AL2P P0, R5, R6;", "','"},
        {"FCMP.XX P0, R1, 1.0;", "FCMP.EQ"},
        {"FCMP.NE P0, R1, 0.1;", "exact fp32"},
        {"MUFU.SIN R0, R1;", "MUFU.RCP"},
        {"FADD R0, R1, R2;", "unknown instruction"},
        {"@P9 IPA R0, a[0x80];", "guard"},
        {";", "instruction before"},
    };
    for (unsigned i = 0; i < sizeof BAD / sizeof BAD[0]; i++) {
        err[0] = '\0';
        int r = fiu_nv_parse_line(BAD[i].line, &in, err, sizeof err);
        CHECK(tc, r == -1 && strstr(err, BAD[i].why), "'%s': r=%d err '%s', want '%s'", BAD[i].line, r, err,
              BAD[i].why);
    }
    CHECK(tc, fiu_nv_parse_line("   # comment", &in, err, sizeof err) == 0, "comment");

    /* exact fp32 literals */
    static const struct {
        const char *s;
        uint32_t bits;
        bool ok;
    } F[] = {{"1.0", 0x3F800000u, 1},      {"-0.5", 0xBF000000u, 1},   {"0", 0, 1},
             {"-0.0", 0x80000000u, 1},     {"1e3", 0x447A0000u, 1},    {"0.375", 0x3EC00000u, 1},
             {"16777216", 0x4B800000u, 1}, {"16777217", 0, 0},         {"0.1", 0, 0},
             {"0x7fc00000", 0x7FC00000u, 1}, {"1.5e-1", 0, 0},         {"3.4028234663852886e38", 0, 0},
             {"1.", 0x3F800000u, 1},       {"abc", 0, 0},              {"", 0, 0}};
    for (unsigned i = 0; i < sizeof F / sizeof F[0]; i++) {
        uint32_t b = 0;
        bool ok = fiu_asm_parse_f32(F[i].s, &b);
        CHECK(tc, ok == F[i].ok && (!ok || b == F[i].bits), "literal '%s': %d 0x%08x", F[i].s, ok, b);
    }
    /* every power of two in range, and 2^-149 */
    for (int e = -149; e <= 127; e++) {
        /* 2^e as an exact decimal: too long below 2^-60; check 2^e via 5^-e * 10^e form when short */
        if (e < -20 || e > 55)
            continue;
        char s[64];
        if (e >= 0)
            snprintf(s, sizeof s, "%llu", 1ull << e);
        else {
            unsigned long long m = 1;
            for (int k = 0; k < -e; k++)
                m *= 5;
            snprintf(s, sizeof s, "%llue%d", m, e);
        }
        uint32_t b;
        CHECK(tc, fiu_asm_parse_f32(s, &b) && b == (uint32_t)(e + 127) << 23, "2^%d as '%s'", e, s);
    }
}

int main(int argc, char **argv)
{
    int a = tb_args(argc, argv, "usage: test_asm\nVINTRP and NV IPA assembler/disassembler round trips (docs/render.md).\n");
    if (a >= 0)
        return a;
    tb_checker tc = {"test_asm", 0, 0};
    uint64_t seed = 16;
    printf("test_asm: seed %llu\n", (unsigned long long)seed);
    uint64_t rng = seed;
    test_gcn(&tc, &rng);
    test_nv(&tc, &rng);
    return tb_finish(&tc);
}
