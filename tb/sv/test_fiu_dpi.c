/* The DPI-C layer's C API (cmodel/include/fiu_dpi.h) from C: configuration-port writes mirror
 * the state as the fiu_state_* calls do, predictions equal fiu_execute in order, the check
 * counts differences, reset keeps the RAM and undoes unsettled RAM writes (and with DEEP's
 * mark, those marked but not yet settled), and every bad handle
 * or argument is reported with an error return instead of a crash. Ends with
 * "test_fiu_dpi: N checks, F failed"; exit 1 if any failed. */
#include <stdio.h>
#include <string.h>

#include "fiu.h"
#include "fiu_dpi.h"

static unsigned checks, failed;

#define CHECK(cond)                                                                                \
    do {                                                                                           \
        checks++;                                                                                  \
        if (!(cond)) {                                                                             \
            failed++;                                                                              \
            fprintf(stderr, "test_fiu_dpi: FAIL line %d: %s\n", __LINE__, #cond);                  \
        }                                                                                          \
    } while (0)

enum { LANES = 4, RAM = 256 };

static uint32_t f32(float f)
{
    uint32_t u;
    memcpy(&u, &f, sizeof u);
    return u;
}

/* one IPA PASS CENTER request on attribute dword 1, through the port values */
static int32_t ipa(void *h, uint32_t tag, uint32_t prim_base)
{
    if (fiu_dpi_req_begin(h, FIU_OP_IPA, FIU_IPA_PASS, FIU_LOC_CENTER, 0, 4, 0, 0, 0, 0, 0, 0) != FIU_DPI_OK)
        return FIU_DPI_ERR;
    for (uint32_t i = 0; i < LANES; i++)
        if (fiu_dpi_req_lane(h, i, 3, 10 + i, 20, 0, 0, prim_base, 0, 0, 0, 0, 0) != FIU_DPI_OK)
            return FIU_DPI_ERR;
    return fiu_dpi_predict(h, tag);
}

static void expected(fiu_state *st, uint32_t prim_base, fiu_response *rsp)
{
    fiu_request rq;
    memset(&rq, 0, sizeof rq);
    rq.op = FIU_OP_IPA;
    rq.imm = 4;
    rq.lanes = LANES;
    for (uint32_t i = 0; i < LANES; i++)
        rq.lane[i] = (fiu_lane){.active = true, .guard = true, .px = (uint16_t)(10 + i), .py = 20,
                                .prim_base = prim_base};
    fiu_execute(st, &rq, rsp);
}

int main(void)
{
    /* ---- bad arguments and handles: messages and error returns ---- */
    CHECK(fiu_dpi_new(0, RAM) == NULL);
    CHECK(fiu_dpi_new(33, RAM) == NULL);
    CHECK(fiu_dpi_new(LANES, 0) == NULL);
    CHECK(fiu_dpi_reset(NULL) == FIU_DPI_ERR);
    CHECK(fiu_dpi_cfg_write(NULL, 0, 0, 0) == FIU_DPI_ERR);
    CHECK(fiu_dpi_predict(NULL, 0) == FIU_DPI_ERR);
    CHECK(fiu_dpi_check(NULL, "x", 0, 0, 0, 0, 0) == FIU_DPI_ERR);
    CHECK(fiu_dpi_queued(NULL) == 0);
    CHECK(strcmp(fiu_dpi_exp_describe(NULL), "") == 0);
    uint32_t not_a_handle[64] = {0};
    CHECK(fiu_dpi_cfg_write(not_a_handle, 0, 0, 0) == FIU_DPI_ERR);
    fiu_dpi_free(NULL);

    void *h = fiu_dpi_new(LANES, RAM);
    CHECK(h != NULL);
    if (!h)
        return 1;
    CHECK(fiu_dpi_cfg_write(h, 8, 0, 0) == FIU_DPI_ERR);
    CHECK(fiu_dpi_predict(h, 0) == FIU_DPI_ERR);                 /* no req_begin */
    CHECK(fiu_dpi_req_lane(h, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0) == FIU_DPI_ERR);
    CHECK(fiu_dpi_req_begin(h, 8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0) == FIU_DPI_ERR);   /* op > 7 */
    CHECK(fiu_dpi_req_begin(h, 0, 0, 0, 0, 0x400, 0, 0, 0, 0, 0, 0) == FIU_DPI_ERR); /* imm */
    CHECK(fiu_dpi_req_begin(h, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0) == FIU_DPI_OK);
    CHECK(fiu_dpi_req_lane(h, LANES, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0) == FIU_DPI_ERR);
    CHECK(fiu_dpi_req_lane(h, 0, 1, 0x10000, 0, 0, 0, 0, 0, 0, 0, 0, 0) == FIU_DPI_ERR);
    CHECK(fiu_dpi_predict(h, 0x10000) == FIU_DPI_ERR);          /* tag > 16 bits */
    CHECK(fiu_dpi_check(h, "test", 0, 0, 0, 0, 0) == FIU_DPI_ERR); /* nothing queued */
    CHECK(fiu_dpi_got_result(h, LANES, 0) == FIU_DPI_ERR);
    CHECK(fiu_dpi_ram_read(h, RAM) == 0);
    CHECK(fiu_dpi_exp_tag(h) == 0);

    /* ---- port writes mirror the state; predictions equal fiu_execute ---- */
    fiu_state st;
    CHECK(fiu_state_init(&st, RAM));
    const uint32_t base = 48, a = f32(0.5f), b = f32(0.25f), c = f32(1.5f);
    CHECK(fiu_dpi_cfg_write(h, 0, base + 3, a) == FIU_DPI_OK);  /* plane 1: words base+3.. */
    CHECK(fiu_dpi_cfg_write(h, 0, base + 4, b) == FIU_DPI_OK);
    CHECK(fiu_dpi_cfg_write(h, 0, base + 5, c) == FIU_DPI_OK);
    CHECK(fiu_dpi_cfg_write(h, 0, RAM, 1) == FIU_DPI_IGNORED);
    CHECK(fiu_dpi_cfg_write(h, 1, 1, 1u << 10 | 1u << 8 | 1) == FIU_DPI_OK); /* present, perspective, plane 1 */
    CHECK(fiu_dpi_cfg_write(h, 1, 2, 3u << 8) == FIU_DPI_IGNORED);         /* interp 3 */
    CHECK(fiu_dpi_cfg_write(h, 1, 256, 0) == FIU_DPI_IGNORED);
    CHECK(fiu_dpi_cfg_write(h, 7, 0, 2) == FIU_DPI_OK);                    /* fused, no flush */
    fiu_state_ram_write(&st, base + 3, a);
    fiu_state_ram_write(&st, base + 4, b);
    fiu_state_ram_write(&st, base + 5, c);
    fiu_state_map_write(&st, 1, true, 1, FIU_INTERP_PERSPECTIVE);
    fiu_state_mode_write(&st, false, true);
    CHECK(fiu_dpi_ram_read(h, base + 4) == b);

    fiu_response want;
    expected(&st, base, &want);
    CHECK(ipa(h, 0x1234, base) == 0);
    CHECK(fiu_dpi_queued(h) == 1);
    CHECK(fiu_dpi_exp_number(h) == 0);
    CHECK(fiu_dpi_exp_tag(h) == 0x1234);
    CHECK(fiu_dpi_exp_status(h) == want.status);
    CHECK(fiu_dpi_exp_wmask(h) == (uint32_t)want.wmask);
    for (uint32_t i = 0; i < LANES; i++)
        CHECK(fiu_dpi_exp_result(h, i) == want.result[i]);
    CHECK(strstr(fiu_dpi_exp_describe(h), "op=IPA") != NULL);
    CHECK(strcmp(fiu_dpi_f32_text(h, f32(1.5f)), "1.5") == 0);
    for (uint32_t i = 0; i < LANES; i++)
        CHECK(fiu_dpi_got_result(h, i, want.result[i]) == FIU_DPI_OK);
    CHECK(fiu_dpi_check(h, "test", 0x1234, (uint32_t)want.wmask, (uint32_t)want.kill, want.pred, want.status) == 0);
    CHECK(fiu_dpi_queued(h) == 0);

    /* a wrong lane and a wrong tag: two items, a report */
    CHECK(ipa(h, 7, base) == 1);
    for (uint32_t i = 0; i < LANES; i++)
        fiu_dpi_got_result(h, i, want.result[i] ^ (i == 2));
    printf("test_fiu_dpi: the report of a deliberate mismatch follows\n");
    CHECK(fiu_dpi_check(h, "test", 8, (uint32_t)want.wmask, (uint32_t)want.kill, want.pred, want.status) == 2);

    /* sample table: positions kept beyond the count, as the RTL keeps them */
    CHECK(fiu_dpi_cfg_write(h, 2, 3, 0x5A) == FIU_DPI_OK);
    CHECK(fiu_dpi_cfg_write(h, 2, 16, 0) == FIU_DPI_IGNORED);
    CHECK(fiu_dpi_cfg_write(h, 4, 0, 0x24) == FIU_DPI_OK); /* count 4 (bits 4:0) */

    /* reset: the RAM stays, an unsettled RAM write is undone, queued predictions are dropped */
    CHECK(fiu_dpi_cfg_settle(h) == FIU_DPI_OK);
    CHECK(fiu_dpi_cfg_write(h, 0, base + 3, f32(9.0f)) == FIU_DPI_OK);
    CHECK(ipa(h, 9, base) == 2);
    CHECK(fiu_dpi_reset(h) == 1);
    CHECK(fiu_dpi_queued(h) == 0);
    CHECK(fiu_dpi_ram_read(h, base + 3) == a);
    CHECK(fiu_dpi_ram_read(h, base + 5) == c);
    /* after reset the map is empty: UNMAPPED */
    CHECK(ipa(h, 10, base) == 3);
    CHECK(fiu_dpi_exp_status(h) == FIU_ST_UNMAPPED);

    /* DEEP = 1: a write marked (left S1) but not yet settled is undone by a reset, one settled
     * by fiu_dpi_cfg_settle_marked stays, and one applied after the mark stays unsettled */
    CHECK(fiu_dpi_cfg_write(h, 0, base + 3, f32(5.0f)) == FIU_DPI_OK);
    CHECK(fiu_dpi_cfg_mark(h) == FIU_DPI_OK);
    CHECK(fiu_dpi_cfg_write(h, 0, base + 4, f32(6.0f)) == FIU_DPI_OK);
    CHECK(fiu_dpi_cfg_settle_marked(h) == FIU_DPI_OK);   /* base + 3 is in the RAM */
    CHECK(fiu_dpi_cfg_mark(h) == FIU_DPI_OK);            /* base + 4 leaves S1 */
    CHECK(fiu_dpi_cfg_write(h, 0, base + 5, f32(7.0f)) == FIU_DPI_OK);
    CHECK(fiu_dpi_reset(h) == 1);                       /* the UNMAPPED prediction */
    CHECK(fiu_dpi_ram_read(h, base + 3) == f32(5.0f));
    CHECK(fiu_dpi_ram_read(h, base + 4) == b);
    CHECK(fiu_dpi_ram_read(h, base + 5) == c);
    CHECK(fiu_dpi_cfg_mark(NULL) == FIU_DPI_ERR);
    CHECK(fiu_dpi_cfg_settle_marked(NULL) == FIU_DPI_ERR);

    fiu_dpi_free(h);
    fiu_state_free(&st);
    printf("test_fiu_dpi: %u checks, %u failed\n", checks, failed);
    return failed != 0;
}
