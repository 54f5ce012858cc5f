/* RTL backend: the Verilated fiu_top behind the executor (docs/render.md). */
#include "rtl_backend.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cfg_writes.h"
#include "fiu_shim.h"

enum { TIMEOUT = 100000 };

struct rtl_backend {
    fiu_rtl *rtl;
    fiu_state mirror;          /* the state the RTL holds */
    bool have_mirror, regs_valid;
    uint16_t tag;
    unsigned long cfg_writes;
    unsigned long corrupt_every, responses;
    char error[256];
};

void rtl_backend_corrupt(rtl_backend *r, unsigned long n) { r->corrupt_every = n; }

static void fail(rtl_backend *r, const char *msg)
{
    if (!r->error[0])
        snprintf(r->error, sizeof r->error, "%s", msg);
}

unsigned rtl_backend_lanes(void) { return fiu_rtl_lanes(); }

rtl_backend *rtl_backend_new(uint64_t seed)
{
    rtl_backend *r = calloc(1, sizeof *r);
    if (!r)
        return NULL;
    r->rtl = fiu_rtl_new(2, seed);
    if (!r->rtl) {
        free(r);
        return NULL;
    }
    fiu_rtl_set_rsp_ready(r->rtl, true);
    fiu_rtl_set_request(r->rtl, false, 0, NULL);
    fiu_rtl_set_cfg(r->rtl, false, 0, 0, 0);
    fiu_rtl_set_reset(r->rtl, true);
    fiu_rtl_eval(r->rtl);
    fiu_rtl_tick(r->rtl);
    fiu_rtl_tick(r->rtl);
    fiu_rtl_set_reset(r->rtl, false);
    fiu_rtl_eval(r->rtl);
    return r;
}

void rtl_backend_free(rtl_backend *r)
{
    if (!r)
        return;
    if (r->have_mirror)
        fiu_state_free(&r->mirror);
    fiu_rtl_free(r->rtl);
    free(r);
}

unsigned long long rtl_backend_cycles(const rtl_backend *r) { return fiu_rtl_cycle(r->rtl); }
unsigned long rtl_backend_cfg_writes(const rtl_backend *r) { return r->cfg_writes; }
const char *rtl_backend_error(const rtl_backend *r) { return r->error; }

static void emit(void *ctx, unsigned sel, uint32_t addr, uint32_t data)
{
    rtl_backend *r = ctx;
    bool fired = false;
    for (unsigned n = 0; !fired; n++) {
        fiu_rtl_set_request(r->rtl, false, 0, NULL);
        fiu_rtl_set_cfg(r->rtl, true, sel, addr, data);
        fiu_rtl_eval(r->rtl);
        fired = fiu_rtl_cfg_ready(r->rtl);
        fiu_rtl_tick(r->rtl);
        if (n > TIMEOUT) {
            fail(r, "configuration write never accepted");
            break;
        }
    }
    fiu_rtl_set_cfg(r->rtl, false, 0, 0, 0);
    r->cfg_writes++;
}

static bool regs_equal(const fiu_state *a, const fiu_state *b)
{
    return memcmp(a->map, b->map, sizeof a->map) == 0 && memcmp(&a->samples, &b->samples, sizeof a->samples) == 0 &&
           a->alpha_func == b->alpha_func && a->alpha_format == b->alpha_format && a->alpha_ref == b->alpha_ref &&
           a->flush == b->flush && a->fused == b->fused;
}

/* Writes what differs between st and the mirror (every register if any differs; RAM by word). */
static void sync(rtl_backend *r, const fiu_state *st)
{
    if (!r->have_mirror) {
        if (st->ram_words != fiu_rtl_ram_words() || !fiu_state_init(&r->mirror, st->ram_words)) {
            fail(r, "state RAM size differs from the RTL's RAM_WORDS");
            return;
        }
        r->have_mirror = true;
        for (uint32_t a = 0; a < st->ram_words; a++) /* the RAM is not reset: write all once */
            emit(r, FIU_CFG_RAM, a, st->ram[a]);
        memcpy(r->mirror.ram, st->ram, st->ram_words * sizeof *st->ram);
    }
    if (!r->regs_valid || !regs_equal(st, &r->mirror)) {
        fiu_cfg_all(st, false, emit, r);
        uint32_t *ram = r->mirror.ram;
        uint32_t words = r->mirror.ram_words;
        r->mirror = *st;
        r->mirror.ram = ram;
        r->mirror.ram_words = words;
        r->regs_valid = true;
    }
    for (uint32_t a = 0; a < st->ram_words; a++)
        if (st->ram[a] != r->mirror.ram[a]) {
            emit(r, FIU_CFG_RAM, a, st->ram[a]);
            r->mirror.ram[a] = st->ram[a];
        }
}

static void exec_batch(void *ctx, const fiu_state *st, const fiu_request *rq, size_t n, fiu_response *rsp)
{
    rtl_backend *r = ctx;
    unsigned lanes = fiu_rtl_lanes();
    sync(r, st);
    size_t sent = 0, got = 0;
    uint16_t tag0 = r->tag;
    fiu_request pad;
    unsigned long idle = 0;
    while (got < n && !r->error[0]) {
        bool valid = sent < n;
        if (valid) {
            if (rq[sent].lanes > lanes) {
                fail(r, "request wider than the RTL's LANES");
                break;
            }
            pad = rq[sent];
            for (unsigned i = pad.lanes; i < lanes; i++) {
                memset(&pad.lane[i], 0, sizeof pad.lane[i]);
                pad.lane[i].prim_base = pad.lane[0].prim_base;
            }
            pad.lanes = lanes;
        }
        fiu_rtl_set_request(r->rtl, valid, (uint16_t)(tag0 + sent), valid ? &pad : NULL);
        fiu_rtl_set_rsp_ready(r->rtl, true);
        fiu_rtl_eval(r->rtl);
        bool fired = valid && fiu_rtl_req_ready(r->rtl);
        uint16_t tag;
        fiu_response out;
        if (fiu_rtl_response(r->rtl, &tag, &out)) {
            if (tag != (uint16_t)(tag0 + got)) {
                fail(r, "response out of order (tag)");
                break;
            }
            out.lanes = rq[got].lanes;
            uint64_t m = out.lanes >= 64 ? ~0ull : (1ull << out.lanes) - 1;
            out.wmask &= m, out.kill &= m;
            if (r->corrupt_every && ++r->responses % r->corrupt_every == 0)
                out.result[0] ^= 1;
            rsp[got++] = out;
            idle = 0;
        } else if (++idle > TIMEOUT) {
            fail(r, "no response (timeout)");
            break;
        }
        fiu_rtl_tick(r->rtl);
        sent += fired;
    }
    fiu_rtl_set_request(r->rtl, false, 0, NULL);
    r->tag = (uint16_t)(tag0 + n);
    for (; got < n; got++) /* after an error: empty responses */
        memset(&rsp[got], 0, sizeof rsp[got]), rsp[got].lanes = rq[got].lanes, rsp[got].status = FIU_ST_BAD_OP;
}

static void exec_one(void *ctx, const fiu_state *st, const fiu_request *rq, fiu_response *rsp)
{
    exec_batch(ctx, st, rq, 1, rsp);
}

void rtl_backend_bind(rtl_backend *r, fiu_backend *be)
{
    be->ctx = r;
    be->execute = exec_one;
    be->execute_batch = exec_batch;
    be->requests = 0;
}
