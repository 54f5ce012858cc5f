/* Converts a vector file into the $readmemh image replayed by tb_smoke.sv under Icarus.
 * Each expected response is recomputed with the C model and must equal the file's.
 * Image: records of 32-bit words; 1 = cfg write (sel, addr, data); 2 = request (10 request
 * words, 11 words per lane, then status, wmask, kill, pred, results); 0 = end. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "args.h"
#include "cfg_writes.h"

/* tb_smoke.sv's RAM_WORDS and image memory (MEM_WORDS). */
enum { SMOKE_RAM_WORDS = 0x1000, SMOKE_MEM_WORDS = 1 << 20 };

typedef struct {
    FILE *out;
    unsigned long words;
} image;

static void word(image *im, uint32_t w)
{
    fprintf(im->out, "%08x\n", w);
    im->words++;
}

static void emit_cfg(void *ctx, unsigned sel, uint32_t addr, uint32_t data)
{
    image *im = ctx;
    word(im, 1);
    word(im, sel);
    word(im, addr);
    word(im, data);
}

static void emit_request(image *im, const fiu_request *rq, const fiu_response *e)
{
    word(im, 2);
    word(im, rq->op);
    word(im, rq->ipa_mode);
    word(im, rq->loc);
    word(im, (uint32_t)rq->sat | (uint32_t)rq->idx << 1 | (uint32_t)rq->atest << 2 | (uint32_t)rq->pmul << 3 |
                 (uint32_t)rq->puniform << 4 | (uint32_t)rq->unpack_bgra << 5);
    word(im, rq->imm);
    word(im, rq->vintrp);
    word(im, rq->m0);
    word(im, rq->wave_lane0);
    word(im, rq->unpack_fmt);
    word(im, rq->unpack_comp);
    for (uint32_t i = 0; i < rq->lanes; i++) {
        const fiu_lane *l = &rq->lane[i];
        word(im, (uint32_t)l->active | (uint32_t)l->guard << 1 | (uint32_t)l->front_face << 2);
        word(im, l->px);
        word(im, l->py);
        word(im, l->sample_id);
        word(im, l->coverage);
        word(im, l->prim_base);
        word(im, l->prim_id);
        word(im, l->ra);
        word(im, l->rb);
        word(im, l->rc);
        word(im, l->rd);
    }
    word(im, e->status);
    word(im, (uint32_t)e->wmask);
    word(im, (uint32_t)e->kill);
    word(im, e->pred);
    for (uint32_t i = 0; i < rq->lanes; i++)
        word(im, e->result[i]);
}

int main(int argc, char **argv)
{
    if (argc != 5 || strcmp(argv[3], "-o") != 0) {
        bool help = argc == 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"));
        fprintf(help ? stdout : stderr,
                "usage: vec2mem FILE LANES -o IMAGE\n"
                "  Converts a vector file (docs/vectors.md) for the Icarus smoke testbench; every\n"
                "  request must have LANES lanes (1..64), the ramsize must be tb_smoke's RAM_WORDS\n"
                "  (1000 hex), and there must be a request; expectations are re-checked with the C\n"
                "  model. Exit status: 0 ok, 1 an expectation differs from the model, 2 usage or bad\n"
                "  input (FILE:LINE: reason).\n");
        return help ? 0 : 2;
    }
    uint64_t lanes;
    if (!fiu_arg_u64("vec2mem", "LANES", argv[2], 1, FIU_MAX_LANES, &lanes))
        return 2;
    fiu_vreader *r = fiu_vreader_open(argv[1]);
    if (!r) {
        fprintf(stderr, "vec2mem: cannot open '%s': %s\n", argv[1], strerror(errno));
        return 2;
    }
    image im = {.out = fopen(argv[4], "w")};
    if (!im.out) {
        fprintf(stderr, "vec2mem: cannot open '%s' for writing: %s\n", argv[4], strerror(errno));
        fiu_vreader_close(r);
        return 2;
    }
    fiu_state st;
    bool have_state = false;
    unsigned long requests = 0;
    int k, rc = 0;
    fiu_vrec rec;
    while (rc == 0 && (k = fiu_vreader_next(r, &rec)) == 1) {
        if (rec.kind == FIU_VREC_REQUEST) {
            fiu_response model;
            fiu_execute(&st, &rec.u.req.rq, &model);
            if (rec.u.req.rq.lanes != lanes) {
                fprintf(stderr, "%s:%lu: request has %u lanes, the testbench %lu\n", argv[1], rec.line,
                        rec.u.req.rq.lanes, (unsigned long)lanes);
                rc = 2;
            } else if (rec.u.req.has_expect && fiu_vec_compare(&rec.u.req.expect, &model)) {
                fprintf(stderr, "%s:%lu: expected response differs from the C model (stale file?)\n", argv[1],
                        rec.line);
                rc = 1;
            } else {
                emit_request(&im, &rec.u.req.rq, &model);
                requests++;
            }
            continue;
        }
        if (rec.kind == FIU_VREC_RAMSIZE && rec.u.ramsize != SMOKE_RAM_WORDS) {
            fprintf(stderr, "%s:%lu: ramsize %x differs from tb_smoke's RAM_WORDS %x (hex)\n", argv[1], rec.line,
                    rec.u.ramsize, SMOKE_RAM_WORDS);
            rc = 2;
            break;
        }
        if (!fiu_cfg_apply(&st, &have_state, &rec, emit_cfg, &im)) {
            fprintf(stderr, "%s:%lu: state write refused by the model\n", argv[1], rec.line);
            rc = 2;
            break;
        }
    }
    if (rc == 0 && k < 0) {
        fprintf(stderr, "%s\n", fiu_vreader_error(r));
        rc = 2;
    }
    if (rc == 0 && requests == 0) {
        fprintf(stderr, "%s: no requests: nothing to replay\n", argv[1]);
        rc = 2;
    }
    if (rc == 0 && im.words >= SMOKE_MEM_WORDS) {
        fprintf(stderr, "%s: the image needs %lu words, tb_smoke holds %u\n", argv[1], im.words + 1,
                (unsigned)SMOKE_MEM_WORDS);
        rc = 2;
    }
    word(&im, 0);
    fclose(im.out);
    fiu_vreader_close(r);
    if (have_state)
        fiu_state_free(&st);
    printf("vec2mem: %s: %lu requests, %lu words%s\n", argv[1], requests, im.words, rc ? " FAIL" : "");
    return rc;
}
