/* coord stage (spec 3), exhaustive: default tables, centroid over every coverage mask for every
 * sample count, programmable patterns, and the exact fp32 position of every pixel and sixteenth. */
#include "../../common/check.h"
#include "model_util.h"

/* The brief's default table, transcribed (x, y in sixteenths, sample-index order). */
static const struct { int count; int xy[16][2]; } BRIEF[] = {
    {1, {{8, 8}}},
    {2, {{12, 12}, {4, 4}}},
    {4, {{6, 2}, {14, 6}, {2, 10}, {10, 14}}},
    {8, {{9, 5}, {7, 11}, {13, 9}, {5, 3}, {3, 13}, {1, 7}, {11, 15}, {15, 1}}},
    {16, {{9, 9}, {7, 5}, {5, 10}, {12, 7}, {3, 6}, {10, 13}, {13, 11}, {11, 3},
          {6, 14}, {8, 1}, {4, 2}, {2, 12}, {0, 8}, {15, 4}, {14, 15}, {1, 0}}},
};

/* Oracle: the covered sample closest to (8,8), ties by lowest index; -1 = center. */
static int closest_covered(int count, const int xy[][2], uint32_t cov)
{
    uint32_t full = (1u << count) - 1;
    cov &= full;
    if (count == 1 || cov == 0 || cov == full)
        return -1;
    int best = -1, best_d = 1 << 30;
    for (int s = 0; s < count; s++) {
        int dx = xy[s][0] - 8, dy = xy[s][1] - 8, d = dx * dx + dy * dy;
        if (((cov >> s) & 1) && d < best_d) {
            best = s;
            best_d = d;
        }
    }
    return best;
}

static void centroid_via_ipa(tb_checker *tc, fiu_state *st, int count, const int xy[][2])
{
    /* IPA.CENTROID of the sample-x/y attributes returns the chosen position. */
    for (uint32_t cov = 0; cov < (1u << count); cov += count == 16 ? 97 : 1) {
        fiu_request rq = make_request(FIU_OP_IPA, 1, 7, 9, 0);
        rq.loc = FIU_LOC_CENTROID;
        rq.lane[0].coverage = (uint16_t)cov;
        int s = closest_covered(count, xy, cov);
        int sx = s < 0 ? 8 : xy[s][0], sy = s < 0 ? 8 : xy[s][1];
        fiu_response rsp;
        rq.imm = FIU_SYS_SAMPLE_X;
        fiu_execute(st, &rq, &rsp);
        CHECK_EQ_HEX(tc, rsp.result[0], f2u((float)(7 * 16 + sx) / 16.0f), "centroid x, count %d cov %x", count, cov);
        rq.imm = FIU_SYS_SAMPLE_Y;
        fiu_execute(st, &rq, &rsp);
        CHECK_EQ_HEX(tc, rsp.result[0], f2u((float)(9 * 16 + sy) / 16.0f), "centroid y, count %d cov %x", count, cov);
    }
}

int main(int argc, char **argv)
{
    int a = tb_args(argc, argv, "usage: test_coord\n  Exhaustive tests of sample positions and centroid.\n");
    if (a >= 0)
        return a;
    tb_checker tc = {.name = "test_coord"};
    fiu_state st;
    if (!fiu_state_init(&st, 64))
        return 1;

    for (size_t t = 0; t < sizeof BRIEF / sizeof BRIEF[0]; t++) {
        int n = BRIEF[t].count;
        CHECK(&tc, fiu_state_samples_default(&st, (uint32_t)n), "default table %d", n);
        CHECK_EQ_HEX(&tc, st.samples.count, n, "count");
        for (int s = 0; s < n; s++) {
            CHECK(&tc, st.samples.x[s] == BRIEF[t].xy[s][0] && st.samples.y[s] == BRIEF[t].xy[s][1],
                  "default %d sample %d", n, s);
            CHECK_EQ_HEX(&tc, st.samples.priority[s], s, "standard pattern %d is already in centroid order", n);
        }
        /* Every coverage mask against the oracle. */
        for (uint32_t cov = 0; cov < (1u << n); cov++)
            CHECK(&tc, fiu_coord_centroid(&st.samples, cov) == closest_covered(n, BRIEF[t].xy, cov),
                  "centroid count %d coverage %x: got %d", n, cov, fiu_coord_centroid(&st.samples, cov));
        /* Bits above the sample count are ignored. */
        CHECK(&tc, fiu_coord_centroid(&st.samples, 0xFFFF0000u) == -1, "no covered sample -> center");
        centroid_via_ipa(&tc, &st, n, BRIEF[t].xy);
        /* SAMPLE and AT_SAMPLE look up the table. */
        for (int s = 0; s < n; s++) {
            fiu_request rq = make_request(FIU_OP_IPA, 2, 300, 400, 0);
            rq.loc = FIU_LOC_SAMPLE;
            rq.lane[0].sample_id = (uint8_t)s;
            rq.lane[1].sample_id = (uint8_t)s;
            rq.imm = FIU_SYS_SAMPLE_X;
            fiu_response rsp;
            fiu_execute(&st, &rq, &rsp);
            CHECK_EQ_HEX(&tc, rsp.result[1], f2u((float)(300 * 16 + BRIEF[t].xy[s][0]) / 16.0f), "SAMPLE %d/%d", s, n);
            rq.loc = FIU_LOC_AT_SAMPLE;
            rq.lane[0].rc = (uint32_t)s;
            rq.imm = FIU_SYS_SAMPLE_Y;
            fiu_execute(&st, &rq, &rsp);
            CHECK_EQ_HEX(&tc, rsp.result[0], f2u((float)(400 * 16 + BRIEF[t].xy[s][1]) / 16.0f), "AT_SAMPLE %d/%d", s, n);
        }
    }
    CHECK(&tc, !fiu_state_samples_default(&st, 3), "no default pattern for 3 samples");

    /* A programmed pattern out of distance order: default priority sorts it, ties by index. */
    uint8_t px[4] = {0, 8, 9, 7}, py[4] = {0, 8, 8, 8}; /* d2 = 128, 0, 1, 1 */
    CHECK(&tc, fiu_state_samples_write(&st, 4, px, py, NULL), "program 4 samples");
    static const uint8_t want_order[4] = {1, 2, 3, 0};
    for (int i = 0; i < 4; i++)
        CHECK_EQ_HEX(&tc, st.samples.priority[i], want_order[i], "default priority of a programmed pattern");
    CHECK(&tc, fiu_coord_centroid(&st.samples, 0xD) == 2, "covered {0,2,3}: sample 2 (d2 1, lower index)");
    uint8_t prio[4] = {0, 3, 2, 1};
    CHECK(&tc, fiu_state_samples_write(&st, 4, px, py, prio), "program a priority order");
    CHECK(&tc, fiu_coord_centroid(&st.samples, 0xE) == 3, "programmed priority: 3 before 2 and 1");
    CHECK(&tc, fiu_coord_centroid(&st.samples, 0x1) == 0, "programmed priority: 0 first");
    CHECK(&tc, !fiu_state_samples_write(&st, 32, px, py, NULL), "count 32 rejected");
    px[2] = 16;
    CHECK(&tc, !fiu_state_samples_write(&st, 4, px, py, NULL), "x = 16 rejected");
    CHECK(&tc, st.samples.priority[0] == 0 && st.samples.x[2] == 9, "a rejected write changes nothing");

    /* Exact position of every pixel coordinate and sixteenth. */
    for (uint32_t p = 0; p < 65536; p++)
        for (uint32_t s = 0; s < 16; s++) {
            uint32_t got = fiu_coord_to_f32((uint16_t)p, (uint8_t)s);
            if (got != f2u((float)(p * 16 + s) / 16.0f))
                CHECK_EQ_HEX(&tc, got, f2u((float)(p * 16 + s) / 16.0f), "position %u + %u/16", p, s);
        }
    tc.checks += 65536 * 16;

    fiu_state_free(&st);
    return tb_finish(&tc);
}
