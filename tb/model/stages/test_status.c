/* Every status code of spec 7 is produced, with its masking rules. */
#include "../../common/check.h"
#include "model_util.h"

enum { RAM = 1024, SLOT = 64 };

static fiu_response run(const fiu_state *st, const fiu_request *rq)
{
    fiu_response rsp;
    fiu_execute(st, rq, &rsp);
    return rsp;
}

static void expect_request_error(tb_checker *tc, const fiu_state *st, const fiu_request *rq, uint8_t code,
                                 const char *what)
{
    fiu_response rsp = run(st, rq);
    CHECK_EQ_HEX(tc, rsp.status, code, "%s: status %s", what, fiu_status_name(code));
    CHECK_EQ_HEX(tc, rsp.wmask, 0, "%s: request-level error writes nothing", what);
    for (uint32_t i = 0; i < rq->lanes; i++)
        CHECK_EQ_HEX(tc, rsp.result[i], 0, "%s: result zero", what);
}

/* A lane error on lane 1 only: lane 1 unwritten, the others fine. */
static void expect_lane_error(tb_checker *tc, const fiu_state *st, const fiu_request *rq, uint8_t code,
                              const char *what)
{
    fiu_response rsp = run(st, rq);
    CHECK_EQ_HEX(tc, rsp.status, code, "%s: status %s", what, fiu_status_name(code));
    CHECK_EQ_HEX(tc, rsp.wmask, 0xDu, "%s: only lane 1 masked", what);
    CHECK_EQ_HEX(tc, rsp.result[1], 0, "%s: lane 1 result zero", what);
}

static fiu_request vintrp(uint32_t enc, uint32_t op, uint32_t vdst, uint32_t attr, uint32_t vsrc)
{
    fiu_request rq = make_request(FIU_OP_VINTRP, 4, 0, 0, 0);
    rq.vintrp = vintrp_word(enc, op, vdst, attr, 0, vsrc);
    return rq;
}

int main(int argc, char **argv)
{
    int a = tb_args(argc, argv, "usage: test_status\n  Produces every status code of docs/spec.md chapter 7.\n");
    if (a >= 0)
        return a;
    tb_checker tc = {.name = "test_status"};
    bool seen[FIU_ST_COUNT_] = {false};
    fiu_state st;
    if (!fiu_state_init(&st, RAM))
        return 1;
    fiu_state_map_write(&st, 0x300 / 4, true, 1, FIU_INTERP_LINEAR);
    write_plane(&st, SLOT, 1, 1.0f, 2.0f, 3.0f);
    fiu_request ok = make_request(FIU_OP_IPA, 4, 1, 1, SLOT);
    ok.imm = 0x300;
    CHECK_EQ_HEX(&tc, run(&st, &ok).status, FIU_OK, "baseline IPA");
    CHECK_EQ_HEX(&tc, run(&st, &ok).wmask, 0xF, "baseline IPA writes 4 lanes");
    fiu_request rq;

#define REQ_ERR(expr_setup, code, what)                                                                \
    do {                                                                                               \
        rq = ok;                                                                                       \
        expr_setup;                                                                                    \
        expect_request_error(&tc, &st, &rq, code, what);                                               \
        seen[code] = true;                                                                             \
    } while (0)

    REQ_ERR(rq.op = 7, FIU_ST_BAD_OP, "unknown op");
    REQ_ERR(rq.lanes = 0, FIU_ST_BAD_OP, "zero lanes");
    REQ_ERR(rq.loc = FIU_LOC_INVALID, FIU_ST_BAD_SAMPLE_MODE, "IPA .INVALID");
    REQ_ERR(rq.loc = 6, FIU_ST_BAD_SAMPLE_MODE, "reserved location 6");
    REQ_ERR(rq.loc = 7, FIU_ST_BAD_SAMPLE_MODE, "reserved location 7");
    REQ_ERR(rq.ipa_mode = 4, FIU_ST_BAD_IPA_MODE, "IPA mode 4");
    REQ_ERR((rq.ipa_mode = 4, rq.loc = FIU_LOC_INVALID), FIU_ST_BAD_SAMPLE_MODE, "lowest code wins");
    REQ_ERR(rq = vintrp(0x33, 0, 1, 0, 0), FIU_ST_VINTRP_ENCODING, "reserved VINTRP encoding");
    REQ_ERR(rq = vintrp(0x00, 0, 1, 0, 0), FIU_ST_VINTRP_ENCODING, "VINTRP encoding 0");
    REQ_ERR(rq = vintrp(0x32, 3, 1, 0, 0), FIU_ST_VINTRP_OPCODE, "VINTRP opcode 3 (GCN 1.0)");
    REQ_ERR(rq = vintrp(0x35, 3, 1, 0, 0), FIU_ST_VINTRP_OPCODE, "VINTRP opcode 3 (GCN 1.2)");
    REQ_ERR(rq = vintrp(0x32, FIU_VINTRP_P1, 9, 0, 9), FIU_ST_VINTRP_VDST_VSRC, "P1 VDST == VSRC");
    REQ_ERR(rq = vintrp(0x35, FIU_VINTRP_P2, 4, 0, 4), FIU_ST_VINTRP_VDST_VSRC, "P2 VDST == VSRC");
    REQ_ERR(rq = vintrp(0x32, FIU_VINTRP_MOV, 1, 0, 3), FIU_ST_VINTRP_MOV_PARAM, "MOV param 3");
    REQ_ERR(rq = vintrp(0x32, FIU_VINTRP_P1, 1, 33, 0), FIU_ST_VINTRP_ATTR, "ATTR 33");
    REQ_ERR((rq = vintrp(0x32, FIU_VINTRP_P1, 1, 0, 0), rq.wave_lane0 = 61), FIU_ST_WAVE_RANGE, "wave lanes 61..64");
    REQ_ERR((rq.op = FIU_OP_UNPACK, rq.unpack_fmt = FIU_UNPACK_COUNT_), FIU_ST_BAD_UNPACK, "unpack format 7");
    REQ_ERR((rq.op = FIU_OP_UNPACK, rq.unpack_comp = 4), FIU_ST_BAD_UNPACK, "unpack component 4");

    /* MOV with VDST == VSRC is legal; VINTRP at wave lanes 60..63 is legal. */
    rq = vintrp(0x32, FIU_VINTRP_MOV, 2, 0, 2);
    CHECK_EQ_HEX(&tc, run(&st, &rq).status, FIU_OK, "MOV VDST == VSRC is legal");
    rq = vintrp(0x32, FIU_VINTRP_P1, 1, 32, 0);
    rq.wave_lane0 = 60;
    CHECK_EQ_HEX(&tc, run(&st, &rq).status, FIU_OK, "ATTR 32 at wave lanes 60..63 is legal");

    /* Unsupported sample count, flagged only where the table is used. */
    uint8_t xs[3] = {1, 2, 3}, ys[3] = {4, 5, 6};
    fiu_state_samples_write(&st, 3, xs, ys, NULL);
    REQ_ERR(rq.loc = FIU_LOC_CENTROID, FIU_ST_SAMPLE_COUNT, "CENTROID with 3 samples");
    REQ_ERR(rq.loc = FIU_LOC_SAMPLE, FIU_ST_SAMPLE_COUNT, "SAMPLE with 3 samples");
    REQ_ERR(rq.loc = FIU_LOC_AT_SAMPLE, FIU_ST_SAMPLE_COUNT, "AT_SAMPLE with 3 samples");
    fiu_state_samples_write(&st, 0, xs, ys, NULL);
    REQ_ERR(rq.loc = FIU_LOC_CENTROID, FIU_ST_SAMPLE_COUNT, "CENTROID with 0 samples");
    CHECK_EQ_HEX(&tc, run(&st, &ok).status, FIU_OK, "CENTER ignores the table");
    fiu_state_samples_default(&st, 4);

    /* Address errors of a request-wide address hit every executing lane. */
    rq = ok;
    rq.imm = 0x302;
    fiu_response rsp = run(&st, &rq);
    CHECK(&tc, rsp.status == FIU_ST_MISALIGNED && rsp.wmask == 0, "IPA a[0x302]: all lanes MISALIGNED");
    rq.imm = 0x200;
    rsp = run(&st, &rq);
    CHECK(&tc, rsp.status == FIU_ST_UNMAPPED && rsp.wmask == 0, "IPA a[0x200] unmapped");
    rq = vintrp(0x32, FIU_VINTRP_P1, 1, 0, 0);
    rq.m0 = 0x0002;
    rsp = run(&st, &rq);
    CHECK(&tc, rsp.status == FIU_ST_MISALIGNED && rsp.wmask == 0, "VINTRP M0 offset 2");
    rq.m0 = 0xFFFC;
    rsp = run(&st, &rq);
    CHECK(&tc, rsp.status == FIU_ST_ADDR_RANGE && rsp.wmask == 0, "VINTRP beyond the RAM");
    seen[FIU_ST_MISALIGNED] = seen[FIU_ST_UNMAPPED] = seen[FIU_ST_ADDR_RANGE] = true;

    /* Lane errors on lane 1 only. */
    fiu_request idx = ok;
    idx.idx = true;
    for (int i = 0; i < 4; i++)
        idx.lane[i].ra = 0x8002000Cu; /* valid, LINEAR, plane 1 */
    fiu_request al2p = ok;
    al2p.op = FIU_OP_AL2P;
    al2p.imm = 0;
    for (int i = 0; i < 4; i++)
        al2p.lane[i].ra = 0x300;
    fiu_request smp = ok;
    smp.loc = FIU_LOC_SAMPLE;
    for (int i = 0; i < 4; i++)
        smp.lane[i].sample_id = (uint8_t)i;
    fiu_request at = ok;
    at.loc = FIU_LOC_AT_SAMPLE;

    rq = idx; rq.lane[1].ra = 0x8002000Eu;
    expect_lane_error(&tc, &st, &rq, FIU_ST_MISALIGNED, "IDX offset 14");
    rq = al2p; rq.lane[1].ra = 0x301;
    expect_lane_error(&tc, &st, &rq, FIU_ST_MISALIGNED, "AL2P 0x301");
    rq = idx; rq.lane[1].ra = 0x0002000Cu;
    expect_lane_error(&tc, &st, &rq, FIU_ST_UNMAPPED, "IDX valid bit clear");
    rq = idx; rq.lane[1].ra = 0x8003000Cu;
    expect_lane_error(&tc, &st, &rq, FIU_ST_UNMAPPED, "IDX reserved type 3");
    rq = al2p; rq.lane[1].ra = 0x200;
    expect_lane_error(&tc, &st, &rq, FIU_ST_UNMAPPED, "AL2P unmapped");
    rq = ok; rq.lane[1].prim_base = RAM - 2;
    expect_lane_error(&tc, &st, &rq, FIU_ST_ADDR_RANGE, "plane beyond the RAM");
    rq = al2p; rq.lane[1].ra = 0x400;
    expect_lane_error(&tc, &st, &rq, FIU_ST_ADDR_RANGE, "AL2P logical 0x400");
    rq = al2p; rq.lane[1].ra = 0xFFFFFFFCu;
    expect_lane_error(&tc, &st, &rq, FIU_ST_ADDR_RANGE, "AL2P logical 0xFFFFFFFC");
    rq = smp; rq.lane[1].sample_id = 4;
    expect_lane_error(&tc, &st, &rq, FIU_ST_SAMPLE_INDEX, "SAMPLE index 4 of 4");
    rq = at; rq.lane[0].rc = 0; rq.lane[1].rc = 0x100; rq.lane[2].rc = 3; rq.lane[3].rc = 1;
    expect_lane_error(&tc, &st, &rq, FIU_ST_SAMPLE_INDEX, "AT_SAMPLE index 0x100");
    seen[FIU_ST_SAMPLE_INDEX] = true;
    rq = ok; rq.lane[1].active = false;
    expect_lane_error(&tc, &st, &rq, FIU_OK, "inactive lane unwritten");
    rq = ok; rq.lane[1].guard = false;
    expect_lane_error(&tc, &st, &rq, FIU_OK, "guard-false lane unwritten");
    rq = ok; rq.lane[1].guard = false; rq.lane[1].prim_base = RAM;
    expect_lane_error(&tc, &st, &rq, FIU_OK, "a lane that does not execute raises nothing");

    /* Several lane errors: the lowest code wins. */
    rq = idx;
    rq.lane[2].ra = 0x0002000Cu; /* UNMAPPED */
    rq.lane[3].ra = 0x8002000Eu; /* MISALIGNED */
    rsp = run(&st, &rq);
    CHECK(&tc, rsp.status == FIU_ST_MISALIGNED && rsp.wmask == 0x3, "lowest lane code wins");

    /* Puniform violation: lane 0's Ra serves all lanes, all written. */
    rq = idx;
    rq.puniform = true;
    rq.lane[2].ra = 0x80020018u; /* another plane */
    rsp = run(&st, &rq);
    fiu_response base = run(&st, &idx);
    CHECK(&tc, rsp.status == FIU_ST_PUNIFORM && rsp.wmask == 0xF, "PUNIFORM reported, lanes written");
    CHECK_EQ_HEX(&tc, rsp.result[2], base.result[2], "lane 2 used lane 0's address");
    seen[FIU_ST_PUNIFORM] = true;
    rq.lane[0].active = false; /* first executing lane is now lane 1 */
    rq.lane[1].ra = 0x0002000Cu;
    rsp = run(&st, &rq);
    CHECK(&tc, rsp.status == FIU_ST_UNMAPPED && rsp.wmask == 0, "first executing lane's bad Ra hits every lane");
    rq = idx;
    rq.puniform = false;
    rq.lane[2].ra = 0x80020018u;
    CHECK_EQ_HEX(&tc, run(&st, &rq).status, FIU_OK, "non-uniform Ra without Puniform is legal");

    for (int c = 1; c < FIU_ST_COUNT_; c++) {
        CHECK(&tc, seen[c], "status %d (%s) produced by a test", c, fiu_status_name((fiu_status)c));
        CHECK(&tc, strcmp(fiu_status_name((fiu_status)c), "UNKNOWN") != 0, "status %d named", c);
    }
    CHECK(&tc, !strcmp(fiu_status_name(FIU_ST_COUNT_), "UNKNOWN"), "out-of-range status name");

    fiu_state_free(&st);
    return tb_finish(&tc);
}
