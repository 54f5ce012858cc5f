/* Every worked example of the seeds, as directed tests. Expected values are exact
 * hand computations or the seeds' own tables, never the model's formulas. */
#include <stdlib.h>

#include "../../common/check.h"
#include "model_util.h"

enum { RAM = 4096, SLOT = 64 };

/* Seed 000: IPA.PASS a[0x7c] (1/w), RCP, IPA.MUL a[0x300], R4 with Pmul true and false. */
static void seed000_perspective(tb_checker *tc, fiu_state *st)
{
    fiu_state_map_write(st, 0x7c / 4, true, 0, FIU_INTERP_LINEAR);
    fiu_state_map_write(st, 0x300 / 4, true, 1, FIU_INTERP_PERSPECTIVE);
    write_plane(st, SLOT, 0, 0.0f, 0.0f, 0.5f);    /* 1/w = 0.5 everywhere */
    write_plane(st, SLOT, 1, 0.25f, 0.5f, 1.0f);   /* s/w at (10.5, 20.5) = 13.875 */
    fiu_response rsp;

    fiu_request rq = make_request(FIU_OP_IPA, 4, 10, 20, SLOT);
    rq.ipa_mode = FIU_IPA_PASS;
    rq.imm = 0x7c;
    fiu_execute(st, &rq, &rsp);
    CHECK_EQ_HEX(tc, rsp.result[0], 0x3F000000u, "IPA.PASS a[0x7c] = 1/w = 0.5");
    CHECK_EQ_HEX(tc, rsp.wmask, 0xFu, "all four lanes written");
    CHECK_EQ_HEX(tc, rsp.status, FIU_OK, "status");

    rq.ipa_mode = FIU_IPA_MUL;
    rq.imm = 0x300;
    for (int i = 0; i < 4; i++)
        rq.lane[i].rb = 0x40000000u; /* w = RCP(0.5) = 2.0 */
    struct { bool pmul, sat; uint32_t want; const char *what; } cases[] = {
        {true, false, 0x41DE0000u, "Pmul true: 13.875 * 2 = 27.75"},
        {false, false, 0x415E0000u, "Pmul false: multiply skipped, 13.875"},
        {false, true, 0x3F800000u, ".SAT forces the multiply: sat(27.75) = 1.0"},
        {true, true, 0x3F800000u, "Pmul and .SAT: 1.0"},
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        rq.pmul = cases[k].pmul;
        rq.sat = cases[k].sat;
        fiu_execute(st, &rq, &rsp);
        for (int i = 0; i < 4; i++)
            CHECK_EQ_HEX(tc, rsp.result[i], cases[k].want, "%s (lane %d)", cases[k].what, i);
    }

    /* Second seed example: FCMP.NE P0, w, 1.0 gives Pmul = false exactly when w == 1.0, and the
     * skipped multiply must then equal the performed one for any plane, bit for bit. */
    uint64_t seed = 0x5eed000;
    for (int n = 0; n < 20000; n++) {
        seed = seed * 6364136223846793005ull + 1442695040888963407ull;
        uint32_t r = (uint32_t)(seed >> 32);
        fiu_state_ram_write(st, SLOT + 3, r);
        fiu_state_ram_write(st, SLOT + 4, r * 2654435761u);
        fiu_state_ram_write(st, SLOT + 5, r ^ 0x3F800000u);
        rq = make_request(FIU_OP_IPA, 1, (uint16_t)(r & 0xFFF), (uint16_t)(r >> 20), SLOT);
        rq.ipa_mode = FIU_IPA_MUL;
        rq.imm = 0x300;
        rq.lane[0].rb = FIU_F32_ONE;
        fiu_response with, without;
        rq.pmul = true;
        fiu_execute(st, &rq, &with);
        rq.pmul = false;
        fiu_execute(st, &rq, &without);
        CHECK_EQ_HEX(tc, without.result[0], with.result[0], "Pmul=false with w=1.0 (plane %08x)", r);
    }
}

/* CONSTANT and SC modes (seed 000 .mode). */
static void seed000_modes(tb_checker *tc, fiu_state *st)
{
    fiu_state_map_write(st, 0x80 / 4, true, 2, FIU_INTERP_CONSTANT);
    fiu_state_map_write(st, 0x84 / 4, true, 3, FIU_INTERP_LINEAR);
    fiu_state_map_write(st, 0x88 / 4, true, 4, FIU_INTERP_PERSPECTIVE);
    write_plane(st, SLOT, 2, 5.0f, 6.0f, 0.0f);
    fiu_state_ram_write(st, SLOT + 3 * 2 + 2, 0x00000001u); /* C: a denormal bit pattern */
    write_plane(st, SLOT, 3, 1.0f, 0.0f, 0.0f);            /* x */
    write_plane(st, SLOT, 4, 0.0f, 1.0f, 0.0f);            /* y */
    fiu_response rsp;
    fiu_request rq = make_request(FIU_OP_IPA, 1, 3, 7, SLOT);
    rq.lane[0].rb = 0x40800000u; /* 4.0 */

    rq.ipa_mode = FIU_IPA_CONSTANT;
    rq.imm = 0x80;
    fiu_execute(st, &rq, &rsp);
    CHECK_EQ_HEX(tc, rsp.result[0], 0x00000001u, "CONSTANT passes C's bits, no flush");
    rq.imm = 0x84;
    fiu_execute(st, &rq, &rsp);
    CHECK_EQ_HEX(tc, rsp.result[0], 0u, "CONSTANT of a non-constant attribute is 0");

    rq.ipa_mode = FIU_IPA_SC;
    rq.imm = 0x80;
    fiu_execute(st, &rq, &rsp);
    CHECK_EQ_HEX(tc, rsp.result[0], 0x00000001u, "SC on CONSTANT -> CONSTANT");
    rq.imm = 0x84;
    fiu_execute(st, &rq, &rsp);
    CHECK_EQ_HEX(tc, rsp.result[0], f2u(3.5f), "SC on LINEAR -> PASS: x = 3.5");
    rq.imm = 0x88;
    fiu_execute(st, &rq, &rsp);
    CHECK_EQ_HEX(tc, rsp.result[0], f2u(30.0f), "SC on PERSPECTIVE -> MUL: 7.5 * 4 = 30");
}

/* Seed 000: AL2P P0, R5, R6, 0 ; IPA.IDX.PASS R2, a[R5], P0. */
static void seed000_al2p_idx(tb_checker *tc, fiu_state *st)
{
    fiu_response al2p, idx, imm;
    write_plane(st, SLOT, 1, 0.25f, 0.5f, 1.0f); /* s/w at (10.5, 20.5) = 13.875 */
    fiu_request rq = make_request(FIU_OP_AL2P, 4, 10, 20, SLOT);
    for (int i = 0; i < 4; i++)
        rq.lane[i].ra = 0x300; /* R6 */
    fiu_execute(st, &rq, &al2p);
    CHECK_EQ_HEX(tc, al2p.result[0], 0x8001000Cu, "al2p(0x300): valid, PERSPECTIVE, byte offset 12*1");
    CHECK(tc, al2p.pred, "uniform R6 gives P0 = true");

    fiu_request ipa = make_request(FIU_OP_IPA, 4, 10, 20, SLOT);
    ipa.idx = true;
    ipa.ipa_mode = FIU_IPA_PASS;
    ipa.puniform = al2p.pred;
    for (int i = 0; i < 4; i++)
        ipa.lane[i].ra = al2p.result[i];
    fiu_execute(st, &ipa, &idx);
    CHECK_EQ_HEX(tc, idx.result[0], 0x415E0000u, "IPA.IDX.PASS a[R5] = 13.875");
    CHECK_EQ_HEX(tc, idx.status, FIU_OK, "no Puniform violation");

    fiu_request direct = make_request(FIU_OP_IPA, 4, 10, 20, SLOT);
    direct.ipa_mode = FIU_IPA_PASS;
    direct.imm = 0x300;
    fiu_execute(st, &direct, &imm);
    for (int i = 0; i < 4; i++)
        CHECK_EQ_HEX(tc, idx.result[i], imm.result[i], "IDX equals immediate, lane %d", i);

    rq.lane[2].ra = 0x304; /* unmapped neighbour: lane error, P0 over the written lanes */
    fiu_state_map_write(st, 0x304 / 4, true, 5, FIU_INTERP_LINEAR);
    fiu_execute(st, &rq, &al2p);
    CHECK(tc, !al2p.pred, "non-uniform R6 gives P0 = false");
    CHECK_EQ_HEX(tc, al2p.result[2], 0x8002003Cu, "al2p(0x304) = valid, LINEAR, 12*5");
}

/* Seed 000: the 4.12 offset table, transcribed, with the ignored bits randomised. */
static void seed000_offsets(tb_checker *tc, fiu_state *st)
{
    static const struct { const char *bits; int sixteenths; } table[16] = {
        {"1111.100000000000", -8}, {"1111.100100000000", -7}, {"1111.101000000000", -6},
        {"1111.101100000000", -5}, {"1111.110000000000", -4}, {"1111.110100000000", -3},
        {"1111.111000000000", -2}, {"1111.111100000000", -1}, {"0000.000000000000", 0},
        {"0000.000100000000", 1},  {"0000.001000000000", 2},  {"0000.001100000000", 3},
        {"0000.010000000000", 4},  {"0000.010100000000", 5},  {"0000.011000000000", 6},
        {"0000.011100000000", 7},
    };
    for (int row = 0; row < 16; row++) {
        uint32_t v = 0;
        for (const char *p = table[row].bits; *p; p++)
            if (*p != '.')
                v = v << 1 | (uint32_t)(*p - '0');
        for (int junk = 0; junk < 4; junk++) {
            /* bits 15:12 and 7:0 are ignored (seed: "upper 4b and lower 8b are currently ignored") */
            uint32_t noise = junk == 0 ? 0 : (uint32_t)(0x9E37u * (unsigned)(junk + row * 7)) & 0xF0FFu;
            uint32_t dx = (v ^ noise) & 0xFFFFu, dy = (v ^ (noise >> 1 & 0xF0FFu)) & 0xFFFFu;
            fiu_request rq = make_request(FIU_OP_IPA, 1, 100, 200, SLOT);
            rq.loc = FIU_LOC_OFFSET;
            rq.ipa_mode = FIU_IPA_PASS;
            rq.lane[0].rc = dy << 16 | dx;
            fiu_response rsp;
            rq.imm = FIU_SYS_SAMPLE_X;
            fiu_execute(st, &rq, &rsp);
            float want_x = (float)(100 * 16 + 8 + table[row].sixteenths) / 16.0f; /* exact */
            CHECK_EQ_HEX(tc, rsp.result[0], f2u(want_x), "offset row %s dx (noise %04x)", table[row].bits, noise);
            rq.imm = FIU_SYS_SAMPLE_Y;
            fiu_execute(st, &rq, &rsp);
            float want_y = (float)(200 * 16 + 8 + table[row].sixteenths) / 16.0f;
            CHECK_EQ_HEX(tc, rsp.result[0], f2u(want_y), "offset row %s dy", table[row].bits);
        }
    }
}

/* Seed 001: newprimmask 0b1010011, its lane table and LDS layout (offsets 0/192/384/576). */
static void seed001_newprimmask(tb_checker *tc, fiu_state *st)
{
    const uint32_t mask = 0x53; /* 0b1010011 */
    static const struct { int first, last, prim; } lanes[] = {
        {0, 3, 0}, {4, 7, 1}, {8, 11, 2}, {12, 15, 2}, {16, 19, 2}, {20, 23, 3}, {24, 27, 3}, {28, 63, 4},
    };
    for (size_t r = 0; r < sizeof lanes / sizeof lanes[0]; r++)
        for (int l = lanes[r].first; l <= lanes[r].last; l++)
            CHECK_EQ_HEX(tc, fiu_gcn_primid(mask, (uint32_t)l >> 2), lanes[r].prim, "PRIMID of lane %d", l);
    CHECK_EQ_HEX(tc, fiu_gcn_numprim(mask), 5, "NUMPRIM");

    /* The seed's layout table: byte offset of each (ATTR, PRIM) block, 4 blocks per 192-byte row. */
    static const struct { int offset, attr[4], prim[4]; } layout[] = {
        {0, {0, 0, 0, 0}, {0, 1, 2, 3}},
        {192, {0, 1, 1, 1}, {4, 0, 1, 2}},
        {384, {1, 1, 2, 2}, {3, 4, 0, 1}},
        {576, {2, 2, 2, -1}, {2, 3, 4, -1}},
    };
    for (uint32_t m0_offset = 0; m0_offset <= 0x100; m0_offset += 0x100) {
        for (size_t r = 0; r < 4; r++)
            for (int col = 0; col < 4; col++) {
                if (layout[r].attr[col] < 0)
                    continue;
                uint32_t word = (m0_offset + (uint32_t)layout[r].offset + 48u * (uint32_t)col) / 4;
                /* tag every parameter of the block: P0.X .. P20.W = dwords 0..11 */
                for (uint32_t d = 0; d < 12; d++)
                    fiu_state_ram_write(st, word + d, 0xA0000000u | (uint32_t)layout[r].attr[col] << 16 |
                                                          (uint32_t)layout[r].prim[col] << 8 | d);
            }
        for (uint32_t attr = 0; attr < 3; attr++)
            for (uint32_t chan = 0; chan < 4; chan++)
                for (uint32_t vsrc = 0; vsrc < 3; vsrc++) {
                    /* MOV VSRC: 0 = P10, 1 = P20, 2 = P0; dword within block from the seed's table */
                    uint32_t dword = vsrc == 0 ? 2 * chan + 1 : vsrc == 1 ? 8 + chan : 2 * chan;
                    fiu_request rq = make_request(FIU_OP_VINTRP, 64, 0, 0, 0);
                    rq.m0 = mask << 16 | m0_offset;
                    rq.vintrp = vintrp_word(0x32, FIU_VINTRP_MOV, 7, attr, chan, vsrc);
                    fiu_response rsp;
                    fiu_execute(st, &rq, &rsp);
                    CHECK_EQ_HEX(tc, rsp.status, FIU_OK, "MOV status");
                    for (size_t r = 0; r < sizeof lanes / sizeof lanes[0]; r++)
                        for (int l = lanes[r].first; l <= lanes[r].last; l++)
                            CHECK_EQ_HEX(tc, rsp.result[l],
                                         0xA0000000u | attr << 16 | (uint32_t)lanes[r].prim << 8 | dword,
                                         "MOV attr %u chan %u vsrc %u lane %d m0 %x", attr, chan, vsrc, l, m0_offset);
                }
    }
}

/* Seed 001: V_INTERP_P1/P2 formulas, fusion and denorm state bits, both encodings. */
static void seed001_formulas(tb_checker *tc, fiu_state *st)
{
    for (uint32_t d = 0; d < 12; d++)
        fiu_state_ram_write(st, d, 0);
    fiu_state_ram_write(st, 0, f2u(1.0f));  /* P0.X */
    fiu_state_ram_write(st, 1, f2u(3.0f));  /* P10.X */
    fiu_state_ram_write(st, 8, f2u(-4.0f)); /* P20.X */
    static const uint32_t encodings[2] = {0x32, 0x35};
    for (int e = 0; e < 2; e++) {
        fiu_response rsp;
        fiu_request rq = make_request(FIU_OP_VINTRP, 4, 0, 0, 0);
        rq.vintrp = vintrp_word(encodings[e], FIU_VINTRP_P1, 2, 0, 0, 0);
        for (int i = 0; i < 4; i++)
            rq.lane[i].rb = f2u(0.5f); /* I */
        fiu_execute(st, &rq, &rsp);
        CHECK_EQ_HEX(tc, rsp.result[0], f2u(2.5f), "P1: P0 + I*P10 = 1 + 0.5*3 (enc %x)", encodings[e]);
        rq.vintrp = vintrp_word(encodings[e], FIU_VINTRP_P2, 2, 0, 0, 1);
        for (int i = 0; i < 4; i++) {
            rq.lane[i].rb = f2u(0.25f); /* J */
            rq.lane[i].rd = f2u(2.5f);  /* D */
        }
        fiu_execute(st, &rq, &rsp);
        CHECK_EQ_HEX(tc, rsp.result[3], f2u(1.5f), "P2: D + J*P20 = 2.5 + 0.25*-4 (enc %x)", encodings[e]);
    }

    /* Fused vs unfused: P10 = I = 1+2^-23, P0 = -(1+2^-22): exact 2^-46, MAD gives +0. */
    fiu_state_ram_write(st, 0, 0xBF800002u);
    fiu_state_ram_write(st, 1, 0x3F800001u);
    fiu_request rq = make_request(FIU_OP_VINTRP, 1, 0, 0, 0);
    rq.vintrp = vintrp_word(0x32, FIU_VINTRP_P1, 2, 0, 0, 0);
    rq.lane[0].rb = 0x3F800001u;
    fiu_response rsp;
    fiu_state_mode_write(st, true, true);
    fiu_execute(st, &rq, &rsp);
    CHECK_EQ_HEX(tc, rsp.result[0], 0x28800000u, "fused P1 = 2^-46");
    fiu_state_mode_write(st, true, false);
    fiu_execute(st, &rq, &rsp);
    CHECK_EQ_HEX(tc, rsp.result[0], 0x00000000u, "unfused P1 = +0 (product rounded first)");

    /* Denorm state: 0 + 0.5 * 2^-126 = 2^-127. */
    fiu_state_ram_write(st, 0, 0);
    fiu_state_ram_write(st, 1, 0x00800000u);
    rq.lane[0].rb = f2u(0.5f);
    fiu_state_mode_write(st, true, true);
    fiu_execute(st, &rq, &rsp);
    CHECK_EQ_HEX(tc, rsp.result[0], 0u, "FLUSH: subnormal result -> +0");
    fiu_state_mode_write(st, false, true);
    fiu_execute(st, &rq, &rsp);
    CHECK_EQ_HEX(tc, rsp.result[0], 0x00400000u, "PRESERVE: 2^-127");
    fiu_state_mode_write(st, true, false);
}

/* Seed 001: VINTRP field layout, both encodings. */
static void seed001_decode(tb_checker *tc)
{
    static const uint32_t encodings[2] = {0x32, 0x35};
    for (int e = 0; e < 2; e++)
        for (uint32_t n = 0; n < 4096; n++) {
            uint32_t vsrc = (n * 37) & 0xFF, chan = n & 3, attr = (n >> 2) & 0x3F, op = (n >> 8) & 3,
                     vdst = (n * 101 + 7) & 0xFF;
            uint32_t w = encodings[e] << 26 | vdst << 18 | op << 16 | attr << 10 | chan << 8 | vsrc;
            fiu_vintrp_fields f = fiu_vintrp_decode(w);
            CHECK(tc, f.vsrc == vsrc && f.attrchan == chan && f.attr == attr && f.opcode == op && f.vdst == vdst &&
                          f.encoding == encodings[e], "decode %08x", w);
        }
    /* v_interp_p1_f32 v2, v0, attr1.y (GCN 1.0): bits per the seed's field table */
    fiu_vintrp_fields f = fiu_vintrp_decode(0xC8080500u);
    CHECK(tc, f.vdst == 2 && f.vsrc == 0 && f.attr == 1 && f.attrchan == 1 && f.opcode == 0 && f.encoding == 0x32,
          "0xC8080500");
}

int main(int argc, char **argv)
{
    int a = tb_args(argc, argv, "usage: test_seed_examples\n  Directed tests for every worked example of the seeds.\n");
    if (a >= 0)
        return a;
    tb_checker tc = {.name = "test_seed_examples"};
    fiu_state st;
    if (!fiu_state_init(&st, RAM)) {
        fprintf(stderr, "test_seed_examples: out of memory\n");
        return 1;
    }
    seed000_perspective(&tc, &st);
    seed000_modes(&tc, &st);
    seed000_al2p_idx(&tc, &st);
    seed000_offsets(&tc, &st);
    seed001_newprimmask(&tc, &st);
    seed001_formulas(&tc, &st);
    seed001_decode(&tc);
    fiu_state_free(&st);
    return tb_finish(&tc);
}
