/* Co-simulation: the Verilated fiu_top against the C model, every lane of every response.
 * Stimulus from the constrained-random generator or a vector file. Random request bubbles,
 * random response backpressure, a reset in mid-traffic and random initial state are on by
 * default; a tagged scoreboard proves nothing is lost, duplicated or reordered.
 * Waveforms (docs/debugging.md): a run is deterministic for its seed, so a window of cycles
 * around one request is traced by running twice: once to find the request's cycles, once
 * with FST tracing on only inside the window. A mismatch does this automatically. The
 * regression's models are built without tracing, which costs speed even when off; they hand
 * both runs to the traced build of the same model, FIU_TRACED_EXE (docs/performance.md). */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <inttypes.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "args.h"
#include "cfg_writes.h"
#include "fiu_cov.h"
#include "fiu_shim.h"
#include "issue_model.h"
#include "../common/splitmix64.h"

enum { QUEUE_CAP = 256, DRAIN_TIMEOUT = 10000, MAX_INPUT_ERRORS = 10 };
/* Default mid-traffic resets per 10^4 requests (--resets-per-1e4). */
#define FIU_COSIM_RESET_RATE 10

typedef enum {
    RUN_CHECK,  /* the regression: stop at the first failure */
    RUN_LOCATE, /* find the watched request's accept and response cycles */
    RUN_TRACE   /* trace the window, then stop */
} run_mode;

typedef struct {
    uint64_t seed;
    uint32_t count;
    uint32_t ops;
    uint32_t mix;                /* fiu_gen_mix */
    double min_rate;             /* fail a passing run below this many requests per cycle; < 0: none */
    const char *vectors;
    int fused, flush;            /* -1: as the stimulus says */
    unsigned bubble_pct, backpressure_pct;
    unsigned reset_rate;         /* mid-traffic resets per 10^4 requests */
    bool check_timing;           /* every accept interval and latency against spec 8.5 */
    bool quiet;
    const char *name;            /* CTest name, for the make wave hint */
    const char *wave;            /* trace the window around wave_req into this FST file */
    const char *wave_dir;        /* where a mismatch's FST goes */
    long wave_req;               /* -1: the first mismatching request (else request 0) */
    unsigned wave_pre, wave_post;
    char command[512];           /* the command line, for the reproduce hint */
    int argc;                    /* the arguments, for the traced rerun */
    char **argv;
} options;

typedef struct {
    long req;                    /* request index; -1: none yet */
    uint64_t accept, response;   /* cycles of its accepting edge and its checked response */
    bool mismatch;
    unsigned lane;               /* first lane that differs (0 if none) */
} watch;

typedef struct {
    uint16_t tag;
    unsigned long index;
    uint64_t issue_cycle;
    unsigned slots;              /* spec 8.5 issue cost */
    fiu_request rq;
    fiu_response expect;
} pending;

typedef struct {
    options opt;
    fiu_rtl *rtl;
    fiu_state mirror;
    bool have_mirror;
    uint64_t rng;
    pending queue[QUEUE_CAP];
    unsigned head, size;
    uint16_t next_tag;
    unsigned long requests, responses, lane_checks, dropped, resets;
    uint64_t reset_rng;          /* its own stream: the rate does not move bubbles or backpressure */
    bool reset_armed;            /* a reset fires once a request is in flight */
    unsigned ram_written;        /* ram_addr[0..]: the last two RAM words written through the cfg port */
    uint32_t ram_addr[2];
    uint64_t first_accept, last_accept, lat_min, lat_max, lat_sum;
    unsigned prev_slots;         /* --check-timing: the last accepted request's slots */
    unsigned long writes_since;  /* configuration writes accepted since that request */
    unsigned long timing_checks, multi_slot;
    bool failed, stop;
    char error[512];
    run_mode mode;
    watch w;                     /* RUN_CHECK: the first mismatch; else the watched request */
    uint64_t trace_from, trace_to;
    uint64_t cycles;             /* at the end of the run */
    fiu_cov *cov;                /* functional coverage of the checked run (FIU_FCOV_DIR) */
} cosim;

static uint64_t rnd(cosim *c) { return splitmix64(&c->rng); }

static bool chance(cosim *c, unsigned pct) { return rnd(c) % 100 < pct; }

static void fail(cosim *c, const char *msg)
{
    if (!c->failed)
        snprintf(c->error, sizeof c->error, "%s", msg);
    c->failed = true;
    c->stop = true;
}

static unsigned first_bad_lane(const fiu_response *want, const fiu_response *got)
{
    for (unsigned i = 0; i < want->lanes && i < got->lanes; i++)
        if (want->result[i] != got->result[i] || ((want->wmask ^ got->wmask) >> i & 1) ||
            ((want->kill ^ got->kill) >> i & 1))
            return i;
    return 0;
}

static void check_response(cosim *c, uint16_t tag, const fiu_response *got)
{
    char msg[256];
    if (c->size == 0) {
        snprintf(msg, sizeof msg, "response tag %u with no request outstanding (duplicated?)", tag);
        fail(c, msg);
        return;
    }
    pending *p = &c->queue[c->head];
    if (tag != p->tag) {
        snprintf(msg, sizeof msg, "response tag %u, expected tag %u of request %lu (lost or reordered)", tag,
                 p->tag, p->index);
        fail(c, msg);
        return;
    }
    uint64_t lat = fiu_rtl_cycle(c->rtl) - p->issue_cycle;
    c->lat_min = c->responses == 0 || lat < c->lat_min ? lat : c->lat_min;
    c->lat_max = lat > c->lat_max ? lat : c->lat_max;
    c->lat_sum += lat;
    if (c->opt.check_timing && c->mode == RUN_CHECK && lat != fiu_rtl_latency() + p->slots - 1) {
        snprintf(msg, sizeof msg, "request %lu: latency %" PRIu64 ", expected %u for %u slot(s) (spec 8.5)", p->index,
                 lat, fiu_rtl_latency() + p->slots - 1, p->slots);
        fail(c, msg);
        return;
    }
    c->timing_checks += c->opt.check_timing;
    c->responses++;
    c->lane_checks += p->rq.lanes;
    bool bad = fiu_vec_compare(&p->expect, got) != 0;
    bool watched = c->mode == RUN_CHECK ? bad && c->w.req < 0
                                        : (long)p->index == c->w.req || (c->w.req < 0 && bad);
    if (watched) {
        c->w.req = (long)p->index;
        c->w.accept = p->issue_cycle;
        c->w.response = fiu_rtl_cycle(c->rtl);
        c->w.mismatch = bad;
        c->w.lane = first_bad_lane(&p->expect, got);
        if (c->mode == RUN_LOCATE)
            c->stop = true;
    }
    if (bad && (c->mode == RUN_CHECK || (c->mode == RUN_TRACE && watched && !c->opt.quiet))) {
        fprintf(stderr, "tb_cosim: MISMATCH seed=%" PRIu64 " request=%lu (tag %u) cycle=%" PRIu64 "\n",
                c->opt.seed, p->index, p->tag, fiu_rtl_cycle(c->rtl));
        fiu_vec_describe_state(stderr, &c->mirror);
        fiu_vec_report_mismatch(stderr, &p->rq, &p->expect, got, 8);
        fiu_vrec rec = {.kind = FIU_VREC_REQUEST};
        rec.u.req.rq = p->rq;
        fprintf(stderr, "tb_cosim: the request, replayable (fiu-model run):\n");
        fiu_vec_write(stderr, &rec, &p->expect, 0, FIU_VEC_ANNOTATE);
        if (c->mode == RUN_CHECK)
            fprintf(stderr, "tb_cosim: reproduce with: SEED=%" PRIu64 " %s\n", c->opt.seed, c->opt.command);
    }
    if (bad && c->mode == RUN_CHECK) {
        snprintf(msg, sizeof msg, "mismatch at request %lu", p->index);
        fail(c, msg);
    }
    c->head = (c->head + 1) % QUEUE_CAP;
    c->size--;
}

/* One clock with the given request/cfg inputs; returns whether request and cfg were accepted. */
static void cycle(cosim *c, const fiu_request *rq, bool req_valid, bool cfg_valid, unsigned sel, uint32_t addr,
                  uint32_t data, bool *req_fire, bool *cfg_fire)
{
    bool rsp_ready = !chance(c, c->opt.backpressure_pct);
    fiu_rtl_set_request(c->rtl, req_valid, c->next_tag, rq);
    fiu_rtl_set_cfg(c->rtl, cfg_valid, sel, addr, data);
    fiu_rtl_set_rsp_ready(c->rtl, rsp_ready);
    fiu_rtl_eval(c->rtl);
    *req_fire = req_valid && fiu_rtl_req_ready(c->rtl);
    *cfg_fire = cfg_valid && fiu_rtl_cfg_ready(c->rtl);
    c->writes_since += *cfg_fire;
    if (*cfg_fire && sel == FIU_CFG_RAM) {
        c->ram_addr[1] = c->ram_addr[0], c->ram_addr[0] = addr;
        c->ram_written += c->ram_written < 2;
    }
    uint16_t tag;
    fiu_response got;
    if (rsp_ready && fiu_rtl_response(c->rtl, &tag, &got))
        check_response(c, tag, &got);
    if (*req_fire) {
        pending *p = &c->queue[(c->head + c->size) % QUEUE_CAP];
        p->tag = c->next_tag++;
        p->index = c->requests;
        p->issue_cycle = fiu_rtl_cycle(c->rtl);
        /* the header and the lanes in use: copying all FIU_MAX_LANES cost 3 % of the run */
        memcpy(&p->rq, rq, offsetof(fiu_request, lane) + rq->lanes * sizeof rq->lane[0]);
        fiu_execute(&c->mirror, rq, &p->expect);
        fiu_cov_sample_execute(c->cov, &c->mirror, rq, &p->expect);
        p->slots = fiu_rtl_issue_slots(rq, &p->expect);
        c->multi_slot += p->slots > 1;
        if (c->opt.check_timing && c->requests > 0 && c->mode == RUN_CHECK &&
            fiu_rtl_cycle(c->rtl) - c->last_accept != c->prev_slots + c->writes_since) {
            char msg[256];
            snprintf(msg, sizeof msg,
                     "request %lu accepted %" PRIu64 " clocks after request %lu, expected %lu (%u slot(s) + %lu "
                     "write(s); spec 8.5)",
                     c->requests, fiu_rtl_cycle(c->rtl) - c->last_accept, c->requests - 1,
                     c->prev_slots + c->writes_since, c->prev_slots, c->writes_since);
            fail(c, msg);
        }
        c->prev_slots = p->slots;
        c->writes_since = 0;
        c->size++;
        if (c->requests == 0)
            c->first_accept = fiu_rtl_cycle(c->rtl);
        c->last_accept = fiu_rtl_cycle(c->rtl);
        c->requests++;
    }
    if (c->mode == RUN_TRACE) {
        uint64_t now = fiu_rtl_cycle(c->rtl);
        fiu_rtl_trace_enable(c->rtl, now >= c->trace_from && now <= c->trace_to);
        if (now >= c->trace_to)
            c->stop = true;
    }
    fiu_rtl_tick(c->rtl);
}

static void idle_cycle(cosim *c)
{
    bool a, b;
    cycle(c, NULL, false, false, 0, 0, 0, &a, &b);
}

static void cfg_write(cosim *c, unsigned sel, uint32_t addr, uint32_t data)
{
    bool req_fire, cfg_fire = false;
    for (unsigned long n = 0; !cfg_fire && !c->stop; n++) {
        cycle(c, NULL, false, true, sel, addr, data, &req_fire, &cfg_fire);
        if (n > DRAIN_TIMEOUT)
            fail(c, "cfg write never accepted (pipeline does not drain)");
    }
}

static void emit_cfg(void *ctx, unsigned sel, uint32_t addr, uint32_t data) { cfg_write(ctx, sel, addr, data); }

/* After reset the map is empty (spec 8.3): writing an empty entry again tells nothing. */
static void emit_sync(void *ctx, unsigned sel, uint32_t addr, uint32_t data)
{
    if (sel != FIU_CFG_MAP || data != 0)
        cfg_write(ctx, sel, addr, data);
}

/* Everything but the RAM, which keeps its contents through reset; but a RAM write still in S1,
 * the write hold or (DEEP = 1) S1b is lost (spec 8.3): at most the last two, written again. */
static void sync_state(cosim *c)
{
    fiu_cfg_all(&c->mirror, false, emit_sync, c);
    const uint32_t addr[2] = {c->ram_addr[0], c->ram_addr[1]}; /* the writes below move ram_addr */
    for (unsigned k = c->ram_written; k-- > 0;)
        if (addr[k] < c->mirror.ram_words)
            cfg_write(c, FIU_CFG_RAM, addr[k], c->mirror.ram[addr[k]]);
}

static void mid_traffic_reset(cosim *c)
{
    fiu_rtl_set_reset(c->rtl, true);
    fiu_rtl_set_request(c->rtl, false, 0, NULL);
    fiu_rtl_set_cfg(c->rtl, false, 0, 0, 0);
    fiu_rtl_eval(c->rtl);
    fiu_rtl_tick(c->rtl);
    fiu_rtl_tick(c->rtl);
    fiu_rtl_set_reset(c->rtl, false);
    fiu_rtl_eval(c->rtl);
    c->dropped += c->size; /* in flight at reset: dropped by definition (spec 8.3) */
    c->size = 0;
    c->resets++;
    sync_state(c);
}

static void send_request(cosim *c, const fiu_vrec *rec)
{
    const fiu_request *rq = &rec->u.req.rq;
    const char *why = fiu_rtl_request_misfit(rq, fiu_rtl_lanes());
    if (why) {
        char msg[256];
        snprintf(msg, sizeof msg, "line %lu: request %lu: %s", rec->line, c->requests, why);
        fail(c, msg);
        return;
    }
    if (rec->u.req.has_expect) { /* a vector file's expectation must match the model first */
        fiu_response model;
        fiu_execute(&c->mirror, rq, &model);
        if (fiu_vec_compare(&rec->u.req.expect, &model)) {
            char msg[256];
            snprintf(msg, sizeof msg, "line %lu: the file's expected response differs from the C model", rec->line);
            fail(c, msg);
            return;
        }
    }
    bool req_fire = false, cfg_fire;
    /* armed with probability reset_rate / 10^4 per request; fires once requests are in flight */
    if (c->opt.reset_rate && splitmix64(&c->reset_rng) % 10000 < c->opt.reset_rate)
        c->reset_armed = true;
    while (!req_fire && !c->stop) {
        if (c->reset_armed && c->size >= 1) {
            c->reset_armed = false;
            mid_traffic_reset(c);
        }
        bool valid = !chance(c, c->opt.bubble_pct);
        while (c->size >= QUEUE_CAP - 1 && !c->stop)
            idle_cycle(c);
        cycle(c, rq, valid, false, 0, 0, 0, &req_fire, &cfg_fire);
    }
}

/* --fused / --flush override the stimulus' mode bits. */
static void pin_mode(const options *o, fiu_vrec *rec)
{
    if (rec->kind != FIU_VREC_MODE)
        return;
    if (o->fused >= 0)
        rec->u.mode.fused = o->fused;
    if (o->flush >= 0)
        rec->u.mode.flush = o->flush;
}

static bool on_record(void *ctx, const fiu_vrec *rec)
{
    cosim *c = ctx;
    char msg[256];
    switch (rec->kind) {
    case FIU_VREC_RAMSIZE:
        if (rec->u.ramsize != fiu_rtl_ram_words()) {
            snprintf(msg, sizeof msg, "line %lu: ramsize %x differs from the RTL's RAM_WORDS %x (hex)", rec->line,
                     rec->u.ramsize, fiu_rtl_ram_words());
            fail(c, msg);
            return false;
        }
        if (!fiu_cfg_apply(&c->mirror, &c->have_mirror, rec, emit_cfg, c)) {
            fail(c, "out of memory");
            return false;
        }
        break;
    case FIU_VREC_REQUEST:
        send_request(c, rec);
        break;
    default: {
        fiu_vrec pinned;   /* a copy only for a MODE record that --fused / --flush pin */
        if (rec->kind == FIU_VREC_MODE) {
            pinned = *rec;
            pin_mode(&c->opt, &pinned);
            rec = &pinned;
        }
        if (!fiu_cfg_apply(&c->mirror, &c->have_mirror, rec, emit_cfg, c)) {
            snprintf(msg, sizeof msg, "line %lu: state write refused by the model", rec->line);
            fail(c, msg);
            return false;
        }
        break;
    }
    }
    return !c->stop;
}

#ifdef FIU_TRACED_EXE
#define WAVEFORM_SOURCE                                                                                              \
    "this model is built without tracing (for speed); --wave and the dump of a mismatch\n"                           \
    "  run its traced build, " FIU_TRACED_EXE "\n"                                                                   \
    "  ($FIU_COSIM_TRACED_EXE instead, when set)"
#else
#define WAVEFORM_SOURCE "this model is built with FST tracing"
#endif

static void usage(void)
{
    printf("usage: tb_cosim_l<LANES> [options]\n"
           "  Co-simulates the Verilated fiu_top (LANES=%u, RAM_WORDS=%u) against the C model.\n"
           "  --seed N           seed 0..2^64-1 (default: $SEED, else time); printed; reproduces the run\n"
           "  --count K          generated requests, 1..100000000 (default 10000)\n"
           "  --ops LIST         generator ops: ipa,al2p,vintrp,atest,unpack,badop or all (default all)\n"
           "  --mix M            generator mix: corner (default; corner cases, every status code) or\n"
           "                     throughput (a renderer's stream: lanes share a primitive, one\n"
           "                     configuration write per 16 requests, about 1%% illegal)\n"
           "  --vectors FILE     stimulus from a vector file instead of the generator\n"
           "  --fused 0|1        pin the fusion state bit (default: as the stimulus says)\n"
           "  --flush 0|1        pin the denorm state bit (1 = FLUSH)\n"
           "  --bubbles P        percent of cycles with no request offered, 0..99 (default 20)\n"
           "  --backpressure P   percent of cycles with rsp_ready low, 0..99 (default 20)\n"
           "  --resets-per-1e4 R mid-traffic resets per 10^4 requests, 0..10000 (default %u; also with\n"
           "                     --vectors): armed at random requests (own seeded stream), each fires\n"
           "                     once a request is in flight; in-flight requests are dropped and the\n"
           "                     model's configuration is written again (spec 8.3)\n"
           "  --no-reset         no mid-traffic reset (--resets-per-1e4 0)\n"
           "  --check-timing     check every accept interval and latency against spec 8.5 (slots per\n"
           "                     request); needs --bubbles 0 --backpressure 0 --no-reset\n"
           "  --min-rate R       fail a passing run whose requests per cycle (req/cycle, from the\n"
           "                     first to the last accepted request) is below R\n"
           "  --quiet            only the summary line\n"
           "  --wave FILE        only trace: write an FST of the cycles around request --wave-req\n"
           "  --wave-req K       request index to trace (default: the first mismatch, else 0)\n"
           "  --wave-pre N       cycles traced before the request is accepted (default 40)\n"
           "  --wave-post N      cycles traced after its response (default 20)\n"
           "  --wave-dir DIR     where a mismatch writes its FST (default: $FIU_WAVE_DIR, else .)\n"
           "  --name TEST        CTest name, for the 'make wave' command printed on a mismatch\n"
           "  Numbers: decimal or 0x hex, no sign, within the range given; a bad one is named with\n"
           "  what is wrong. --vectors FILE is read and checked whole before simulating (syntax,\n"
           "  ramsize = RAM_WORDS, lanes = LANES, expect blocks against the C model, at least one\n"
           "  request); every error is printed as FILE:LINE: reason, in file order.\n"
           "  Waveforms: %s.\n"
           "  Exit status: 0 pass (or waveform written), 1 mismatch, protocol error or rate below\n"
           "  --min-rate, 2 usage or bad input (option, SEED, vector file).\n",
           fiu_rtl_lanes(), fiu_rtl_ram_words(), FIU_COSIM_RESET_RATE, WAVEFORM_SOURCE);
}

/* Numeric options: name, accepted range. */
static const struct {
    const char *name;
    uint64_t lo, hi;
} NUM_OPTS[] = {
    {"--seed", 0, UINT64_MAX},      {"--count", 1, 100000000}, {"--fused", 0, 1},
    {"--flush", 0, 1},              {"--bubbles", 0, 99},      {"--backpressure", 0, 99},
    {"--resets-per-1e4", 0, 10000}, {"--wave-req", 0, 99999999}, {"--wave-pre", 0, 1000000},
    {"--wave-post", 0, 1000000},
};

static void set_num(options *o, const char *a, uint64_t n)
{
    if (!strcmp(a, "--seed"))
        o->seed = n;
    else if (!strcmp(a, "--count"))
        o->count = (uint32_t)n;
    else if (!strcmp(a, "--fused"))
        o->fused = (int)n;
    else if (!strcmp(a, "--flush"))
        o->flush = (int)n;
    else if (!strcmp(a, "--bubbles"))
        o->bubble_pct = (unsigned)n;
    else if (!strcmp(a, "--backpressure"))
        o->backpressure_pct = (unsigned)n;
    else if (!strcmp(a, "--resets-per-1e4"))
        o->reset_rate = (unsigned)n;
    else if (!strcmp(a, "--wave-req"))
        o->wave_req = (long)n;
    else if (!strcmp(a, "--wave-pre"))
        o->wave_pre = (unsigned)n;
    else
        o->wave_post = (unsigned)n;
}

static int parse_args(int argc, char **argv, options *o)
{
    *o = (options){.count = 10000, .fused = -1, .flush = -1, .bubble_pct = 20, .backpressure_pct = 20,
                   .reset_rate = FIU_COSIM_RESET_RATE, .wave_req = -1, .wave_pre = 40, .wave_post = 20,
                   .wave_dir = getenv("FIU_WAVE_DIR"), .mix = FIU_GEN_MIX_CORNER, .min_rate = -1,
                   .argc = argc, .argv = argv};
    bool have_mix = false, have_seed = false, have_rate = false, no_reset = false;
    static const char *const STR_OPTS[] = {"--vectors", "--wave", "--wave-dir", "--name", "--ops", "--mix", "--min-rate"};
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        int num = -1;
        for (size_t k = 0; k < sizeof NUM_OPTS / sizeof NUM_OPTS[0]; k++)
            if (!strcmp(a, NUM_OPTS[k].name))
                num = (int)k;
        bool takes_value = num >= 0;
        for (size_t k = 0; k < sizeof STR_OPTS / sizeof STR_OPTS[0]; k++)
            takes_value |= !strcmp(a, STR_OPTS[k]);
        if (takes_value && !v) {
            fprintf(stderr, "tb_cosim: %s needs a value (try --help)\n", a);
            return 2;
        }
        if (takes_value)
            i++;
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            usage();
            return 0;
        } else if (num >= 0) {
            uint64_t n;
            if (!fiu_arg_u64("tb_cosim", a, v, NUM_OPTS[num].lo, NUM_OPTS[num].hi, &n))
                return 2;
            set_num(o, a, n);
            have_seed |= !strcmp(a, "--seed");
            have_rate |= !strcmp(a, "--resets-per-1e4");
        } else if (!strcmp(a, "--no-reset")) {
            no_reset = true;
        } else if (!strcmp(a, "--check-timing")) {
            o->check_timing = true;
        } else if (!strcmp(a, "--quiet")) {
            o->quiet = true;
        } else if (!strcmp(a, "--vectors")) {
            o->vectors = v;
        } else if (!strcmp(a, "--wave")) {
            o->wave = v;
        } else if (!strcmp(a, "--wave-dir")) {
            o->wave_dir = v;
        } else if (!strcmp(a, "--name")) {
            o->name = v;
        } else if (!strcmp(a, "--ops")) {
            if (!fiu_gen_parse_ops(v, &o->ops)) {
                fprintf(stderr, "tb_cosim: bad --ops '%s' (a comma list of ipa, al2p, vintrp, atest, unpack, badop, or all)\n", v);
                return 2;
            }
        } else if (!strcmp(a, "--mix")) {
            if (!fiu_gen_parse_mix(v, &o->mix)) {
                fprintf(stderr, "tb_cosim: bad --mix '%s' (corner or throughput)\n", v);
                return 2;
            }
            have_mix = true;
        } else if (!strcmp(a, "--min-rate")) {
            if (!fiu_arg_double("tb_cosim", a, v, 0, 64, &o->min_rate))
                return 2;
        } else if (a[0] == '-') {
            fprintf(stderr, "tb_cosim: unknown option '%s' (try --help)\n", a);
            return 2;
        } else {
            fprintf(stderr, "tb_cosim: unexpected argument '%s' (options only; try --help)\n", a);
            return 2;
        }
    }
    if (no_reset && have_rate && o->reset_rate) {
        fprintf(stderr, "tb_cosim: --no-reset contradicts --resets-per-1e4 %u\n", o->reset_rate);
        return 2;
    }
    if (no_reset)
        o->reset_rate = 0;
    if (!have_seed) {
        uint64_t n;
        const char *env = getenv("SEED");
        if (env && fiu_arg_u64("tb_cosim", "SEED", env, 0, UINT64_MAX, &n))
            o->seed = n;
        else if (env)
            return 2;
        else
            o->seed = (uint64_t)time(NULL);
    }
    size_t used = 0;
    for (int i = 0; i < argc && used < sizeof o->command; i++) {
        if (i > 0 && !strcmp(argv[i - 1], "--seed")) /* SEED= carries it */
            continue;
        if (!strcmp(argv[i], "--seed"))
            continue;
        int n = snprintf(o->command + used, sizeof o->command - used, "%s%s", i ? " " : "", argv[i]);
        used += n > 0 ? (size_t)n : 0;
    }
    if (!have_rate && !no_reset && used < sizeof o->command) /* the rate is part of the run */
        snprintf(o->command + used, sizeof o->command - used, " --resets-per-1e4 %u", o->reset_rate);
    if (o->check_timing && (o->bubble_pct || o->backpressure_pct || o->reset_rate)) {
        fprintf(stderr, "tb_cosim: --check-timing needs --bubbles 0 --backpressure 0 --no-reset\n");
        return 2;
    }
    if (have_mix && o->vectors) {
        fprintf(stderr, "tb_cosim: --mix chooses generated stimulus; it does not apply to --vectors\n");
        return 2;
    }
    return -1;
}


/* One complete run from reset, in c->mode; traces into fst when given. */
static void run(cosim *c, const char *fst)
{
    c->rng = c->opt.seed ^ 0xC051A11Eull;
    (void)rnd(c); /* was the single reset's request: seeds keep the cycles of docs/debugging.md */
    c->reset_rng = c->opt.seed ^ 0x5E5E7A7Eull;
    errno = ERANGE; /* a stale errno must not upset the shim's +verilator+ arguments */
    c->rtl = fiu_rtl_new(2, c->opt.seed);
    if (fst && !fiu_rtl_trace_open(c->rtl, fst)) {
        fail(c, "cannot open the FST file (or the model was built without --trace-fst)");
        fiu_rtl_free(c->rtl);
        c->rtl = NULL;
        return;
    }
    fiu_rtl_set_rsp_ready(c->rtl, true);
    fiu_rtl_set_reset(c->rtl, true);
    fiu_rtl_eval(c->rtl);
    fiu_rtl_tick(c->rtl);
    fiu_rtl_tick(c->rtl);
    fiu_rtl_set_reset(c->rtl, false);

    if (c->opt.vectors) {
        fiu_vreader *vr = fiu_vreader_open(c->opt.vectors);
        if (!vr) {
            char msg[512];
            snprintf(msg, sizeof msg, "%s: cannot open", c->opt.vectors);
            fail(c, msg);
            fiu_rtl_free(c->rtl);
            c->rtl = NULL;
            return;
        }
        fiu_vrec rec;
        int k = 0;
        while (!c->stop && (k = fiu_vreader_next(vr, &rec)) == 1)
            on_record(c, &rec);
        if (!c->stop && k < 0)
            fail(c, fiu_vreader_error(vr));
        fiu_vreader_close(vr);
    } else {
        fiu_gen_config g = {.seed = c->opt.seed, .count = c->opt.count, .lanes = fiu_rtl_lanes(),
                            .ops = c->opt.ops, .ram_words = fiu_rtl_ram_words(), .mix = c->opt.mix};
        if (!fiu_gen_run(&g, on_record, c) && !c->stop)
            fail(c, "generator failed");
    }
    for (unsigned long n = 0; c->size > 0 && !c->stop; n++) {
        idle_cycle(c);
        if (n > DRAIN_TIMEOUT)
            fail(c, "responses lost: the queue did not drain");
    }
    /* the window may extend past the last response */
    while (c->mode == RUN_TRACE && !c->stop)
        idle_cycle(c);
    c->cycles = fiu_rtl_cycle(c->rtl);
    fiu_rtl_free(c->rtl); /* one model alive at a time; also closes the FST */
    c->rtl = NULL;
}

static void release(cosim *c)
{
    if (c->have_mirror)
        fiu_state_free(&c->mirror);
    fiu_rtl_free(c->rtl);
    free(c);
}

typedef struct {
    watch w;
    uint64_t from, to;
    long size;               /* FST bytes */
} window;

static cosim *new_run(const options *opt, run_mode mode, long req)
{
    cosim *c = calloc(1, sizeof *c);
    if (!c) {
        fprintf(stderr, "tb_cosim: out of memory\n");
        exit(2);
    }
    c->opt = *opt;
    c->mode = mode;
    c->w.req = req;
    return c;
}

/* The window's side file beside an FST (FST.win), for scripts/wave.sh and a traced rerun's caller. */
enum { WINDOW_PATH_MAX = 1040 };
static void window_path(char out[WINDOW_PATH_MAX], const char *fst) { snprintf(out, WINDOW_PATH_MAX, "%s.win", fst); }
/* The side file's fields that the untraced build reads back; U64 is PRIu64 or SCNu64. */
#define WINDOW_FIELDS(U64)                                                                                           \
    "request=%ld accept_cycle=%" U64 " response_cycle=%" U64 " from_cycle=%" U64 " to_cycle=%" U64                   \
    " mismatch=%d first_bad_lane=%u"

#ifndef FIU_TRACED_EXE
/* Locate request req (req < 0: the first mismatch, else request 0), then trace its window
 * into path. Returns false with err set if the request never completes. */
static bool trace_window(const options *opt, long req, const char *path, window *win, char *err, size_t errlen)
{
    cosim *c = new_run(opt, RUN_LOCATE, req);
    run(c, NULL);
    if (c->w.req < 0) { /* no mismatch: request 0 */
        release(c);
        c = new_run(opt, RUN_LOCATE, 0);
        run(c, NULL);
    }
    bool seen = c->w.response != 0;
    win->w = c->w;
    unsigned long total = c->requests;
    bool hard = c->failed;
    char hard_error[512];
    snprintf(hard_error, sizeof hard_error, "%s", c->error);
    release(c);
    if (!seen) {
        if (hard)
            snprintf(err, errlen, "%s", hard_error);
        else
            snprintf(err, errlen, "request %ld has no response (%lu requests in the stream; in flight at the mid-traffic reset?)",
                     win->w.req, total);
        return false;
    }
    win->from = win->w.accept > opt->wave_pre ? win->w.accept - opt->wave_pre : 0;
    win->to = win->w.response + opt->wave_post;

    c = new_run(opt, RUN_TRACE, win->w.req);
    c->trace_from = win->from;
    c->trace_to = win->to;
    run(c, path);
    bool same = c->w.accept == win->w.accept && c->w.response == win->w.response;
    bool trace_error = c->failed; /* mismatches do not fail a trace run */
    snprintf(hard_error, sizeof hard_error, "%s", c->error);
    release(c); /* closes the FST */
    if (trace_error) {
        snprintf(err, errlen, "%s", hard_error);
        return false;
    }
    if (!same) {
        snprintf(err, errlen, "the rerun is not deterministic: request %ld moved", win->w.req);
        return false;
    }
    struct stat sb;
    win->size = stat(path, &sb) == 0 ? (long)sb.st_size : -1;
    char side_path[WINDOW_PATH_MAX];
    window_path(side_path, path);
    FILE *side = fopen(side_path, "w");
    if (side) { /* for scripts/wave.sh: markers and zoom */
        fprintf(side, WINDOW_FIELDS(PRIu64) " lanes=%u ns_per_cycle=10\n",
                win->w.req, win->w.accept, win->w.response, win->from, win->to, win->w.mismatch, win->w.lane,
                fiu_rtl_lanes());
        fclose(side);
    }
    return true;
}

static void print_window(const char *path, const window *win)
{
    printf("tb_cosim: wave=%s request=%ld accepted_cycle=%" PRIu64 " response_cycle=%" PRIu64 " traced_cycles=%" PRIu64
           "..%" PRIu64 " fst_bytes=%ld request_verdict=%s\n",
           path, win->w.req, win->w.accept, win->w.response, win->from, win->to, win->size,
           win->w.mismatch ? "MISMATCH" : "match");
}

/* --wave: only the trace; exit 0 once the FST is written. */
static int wave_only(const options *opt)
{
    window win;
    char err[512];
    if (!trace_window(opt, opt->wave_req, opt->wave, &win, err, sizeof err)) {
        printf("tb_cosim: wave=%s FAIL: %s\n", opt->wave, err);
        return 1;
    }
    print_window(opt->wave, &win);
    return 0;
}
#else
extern char **environ;

/* The traced twin: $FIU_COSIM_TRACED_EXE when set (a moved build tree), else the one built with this model. */
static const char *traced_exe(void)
{
    const char *env = getenv("FIU_COSIM_TRACED_EXE");
    return env && *env ? env : FIU_TRACED_EXE;
}

static void traced_exe_error(int err)
{
    fprintf(stderr, "tb_cosim: cannot run the traced model %s: %s\n", traced_exe(), strerror(err));
}

/* This model has no tracing: traced_exe(), this run's arguments and `extra`, with the child's
 * stdout on stderr (this run's stdout ends with its summary line). Returns its exit status. */
static int run_traced(const options *opt, const char *const *extra, size_t n_extra)
{
    char **av = calloc((size_t)opt->argc + n_extra + 1, sizeof *av);
    if (!av)
        return -1;
    av[0] = (char *)traced_exe();
    for (int i = 1; i < opt->argc; i++)
        av[i] = opt->argv[i];
    for (size_t k = 0; k < n_extra; k++)
        av[(size_t)opt->argc + k] = (char *)extra[k];
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_adddup2(&fa, STDERR_FILENO, STDOUT_FILENO);
    pid_t pid;
    int rc = posix_spawn(&pid, av[0], &fa, NULL, av, environ), status = 0;
    posix_spawn_file_actions_destroy(&fa);
    free(av);
    if (rc != 0) {
        traced_exe_error(rc);
        return -1;
    }
    if (waitpid(pid, &status, 0) != pid)
        return -1;
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/* The window of a traced run, from the side file it writes beside the FST (FST.win). */
static bool read_window(const char *path, window *win)
{
    char side_path[WINDOW_PATH_MAX];
    window_path(side_path, path);
    FILE *side = fopen(side_path, "r");
    if (!side)
        return false;
    int mismatch = 0;
    bool ok = fscanf(side, WINDOW_FIELDS(SCNu64), &win->w.req, &win->w.accept, &win->w.response, &win->from,
                     &win->to, &mismatch, &win->w.lane) == 7;
    fclose(side);
    win->w.mismatch = mismatch != 0;
    return ok;
}
#endif

/* After a mismatch: the window's FST and the command that opens it. */
static void dump_mismatch(const options *opt, long req)
{
    char path[1024], name[128];
    const char *dir = opt->wave_dir && *opt->wave_dir ? opt->wave_dir : ".";
    snprintf(name, sizeof name, "%s", opt->name ? opt->name : "tb_cosim");
    mkdir(dir, 0777); /* may exist */
    snprintf(path, sizeof path, "%s/%s.seed%" PRIu64 ".req%ld.fst", dir, name, opt->seed, req);
    window win;
#ifdef FIU_TRACED_EXE
    char req_text[32];
    snprintf(req_text, sizeof req_text, "%ld", req);
    const char *const extra[] = {"--wave", path, "--wave-req", req_text, "--quiet"};
    char side_path[WINDOW_PATH_MAX];
    window_path(side_path, path);
    remove(path);
    remove(side_path);
    int rc = run_traced(opt, extra, sizeof extra / sizeof extra[0]);
    if (rc != 0 || !read_window(path, &win)) {
        fprintf(stderr, "tb_cosim: no waveform: the traced rerun (%s) %s\n", traced_exe(),
                rc != 0 ? "failed" : "wrote no window file");
        return;
    }
#else
    char err[512];
    options o = *opt;
    o.quiet = true;
    if (!trace_window(&o, req, path, &win, err, sizeof err)) {
        fprintf(stderr, "tb_cosim: no waveform: %s\n", err);
        return;
    }
#endif
    fprintf(stderr, "tb_cosim: waveform of cycles %" PRIu64 "..%" PRIu64 " around request %ld: %s\n", win.from,
            win.to, req, path);
    if (opt->name)
        fprintf(stderr, "tb_cosim: open it with: make wave TEST=%s SEED=%" PRIu64 " REQ=%ld LANE=%u\n", opt->name,
                opt->seed, req, win.w.lane);
    else
        fprintf(stderr, "tb_cosim: open it with: scripts/wave.sh --fst %s\n", path);
}

static void no_emit(void *ctx, unsigned sel, uint32_t addr, uint32_t data) { (void)ctx, (void)sel, (void)addr, (void)data; }

/* --vectors: the whole file is read and checked against the C model before any simulation,
 * so that every input error is reported (file:line, in file order; at most MAX_INPUT_ERRORS)
 * and a run never stops on bad input half-way. Returns the number of errors (0: run it). */
static unsigned check_vectors(const options *o)
{
    fiu_vreader *vr = fiu_vreader_open(o->vectors);
    if (!vr) {
        fprintf(stderr, "tb_cosim: cannot open --vectors '%s': %s\n", o->vectors, strerror(errno));
        return 1;
    }
    const char *f = fiu_vreader_name(vr);
    fiu_state st;
    bool have = false;
    unsigned errors = 0;
    unsigned long requests = 0;
    fiu_vrec *rec = malloc(sizeof *rec);
    int k = 0;
#define INPUT_ERROR(...) (errors++ < MAX_INPUT_ERRORS ? (void)fprintf(stderr, __VA_ARGS__) : (void)0)
    while (rec && (k = fiu_vreader_next(vr, rec)) == 1) {
        if (rec->kind == FIU_VREC_REQUEST) {
            const char *why = fiu_rtl_request_misfit(&rec->u.req.rq, fiu_rtl_lanes());
            fiu_response model;
            if (why) {
                INPUT_ERROR("%s:%lu: request %lu: %s (the request has %u, the RTL %u)\n", f, rec->line, requests, why,
                            rec->u.req.rq.lanes, fiu_rtl_lanes());
            } else if (have && rec->u.req.has_expect) {
                fiu_execute(&st, &rec->u.req.rq, &model);
                if (fiu_vec_compare(&rec->u.req.expect, &model))
                    INPUT_ERROR("%s:%lu: request %lu: the file's expected response differs from the C model%s\n", f,
                                rec->line, requests, o->fused >= 0 || o->flush >= 0 ? " (with --fused/--flush)" : "");
            }
            requests++;
            continue;
        }
        if (rec->kind == FIU_VREC_RAMSIZE && rec->u.ramsize != fiu_rtl_ram_words()) {
            if (rec->line)
                INPUT_ERROR("%s:%lu: ramsize %x differs from the RTL's RAM_WORDS %x (hex; %u vs %u words)\n", f, rec->line,
                            rec->u.ramsize, fiu_rtl_ram_words(), rec->u.ramsize, fiu_rtl_ram_words());
            else
                INPUT_ERROR("%s: no ramsize record; its default %x differs from the RTL's RAM_WORDS %x (hex)\n", f,
                            rec->u.ramsize, fiu_rtl_ram_words());
        }
        pin_mode(o, rec);
        if (!fiu_cfg_apply(&st, &have, rec, no_emit, NULL))
            INPUT_ERROR("%s:%lu: state write refused by the model\n", f, rec->line);
    }
    if (!rec)
        INPUT_ERROR("tb_cosim: out of memory\n");
    else if (k < 0)
        INPUT_ERROR("%s\n", fiu_vreader_error(vr));
    else if (requests == 0)
        INPUT_ERROR("%s: no requests: nothing to co-simulate\n", f);
#undef INPUT_ERROR
    if (errors)
        fprintf(stderr, "tb_cosim: %s: %u input error(s)%s; nothing simulated\n", f, errors,
                errors > MAX_INPUT_ERRORS ? " (the first 10 shown)" : "");
    if (have)
        fiu_state_free(&st);
    free(rec);
    fiu_vreader_close(vr);
    return errors;
}

/* The stimulus mix for the first and the summary line ("file" for --vectors). */
static const char *mix_text(const options *opt) { return opt->vectors ? "file" : fiu_gen_mix_name(opt->mix); }

int main(int argc, char **argv)
{
    options opt;
    int r = parse_args(argc, argv, &opt);
    if (r >= 0)
        return r;
#ifdef FIU_TRACED_EXE
    if (opt.wave) { /* the traced build checks --vectors itself */
        argv[0] = (char *)traced_exe();
        execv(argv[0], argv);
        traced_exe_error(errno);
        return 2;
    }
#endif
    if (opt.vectors && check_vectors(&opt))
        return 2;
#ifndef FIU_TRACED_EXE
    if (opt.wave)
        return wave_only(&opt);
#endif
    cosim *c = new_run(&opt, RUN_CHECK, -1);
    c->cov = fiu_cov_env_new();
    if (!opt.quiet)
        printf("tb_cosim: lanes=%u clock_gate=%u seed=%" PRIu64 " +verilator+rand+reset+2 resets_per_1e4=%u stimulus=%s "
               "mix=%s\n",
               fiu_rtl_lanes(), fiu_rtl_clock_gate(), opt.seed, opt.reset_rate,
               opt.vectors ? opt.vectors : "generator", mix_text(&opt));
    fflush(stdout);
    run(c, NULL);
    if (c->w.req >= 0) {
        fflush(stdout);
        dump_mismatch(&opt, c->w.req);
    }

    double span = (double)(c->last_accept - c->first_accept + 1);
    double rate = c->requests ? (double)c->requests / span : 0.0;
    if (!c->failed && opt.min_rate >= 0 && rate < opt.min_rate) {
        snprintf(c->error, sizeof c->error, "req/cycle %.3f below --min-rate %.3f", rate, opt.min_rate);
        c->failed = true;
    }
    printf("tb_cosim: lanes=%u mix=%s fused=%s flush=%s seed=%" PRIu64 " requests=%lu responses=%lu lane_checks=%lu "
           "dropped_by_reset=%lu resets=%lu resets_per_1e4=%u cycles=%" PRIu64 " req/cycle=%.3f latency=%" PRIu64 "/%.1f/%" PRIu64
           " multi_slot=%lu timing_checks=%lu %s%s\n",
           fiu_rtl_lanes(), mix_text(&opt), opt.fused < 0 ? "stim" : opt.fused ? "1" : "0", opt.flush < 0 ? "stim" : opt.flush ? "1" : "0",
           opt.seed, c->requests, c->responses, c->lane_checks, c->dropped, c->resets, opt.reset_rate, c->cycles,
           rate, c->lat_min,
           c->responses ? (double)c->lat_sum / (double)c->responses : 0.0, c->lat_max, c->multi_slot,
           c->timing_checks, c->failed ? "FAIL: " : "PASS",
           c->failed ? c->error : "");
    int rc = c->failed ? 1 : 0;
    if (!fiu_cov_env_finish(c->cov, "tb_cosim"))
        rc = 2;
    release(c);
    return rc;
}
