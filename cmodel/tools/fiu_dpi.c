/* DPI-C layer over the C model (cmodel/include/fiu_dpi.h, docs/sv.md): port values in, model
 * calls out. The behaviour is the library's (fiu_execute, fiu_state_*, fiu_vec_compare and
 * fiu_vec_report_mismatch); this file only maps fiu_top's ports onto it. */
#define _POSIX_C_SOURCE 200809L /* open_memstream */
#include "fiu_dpi.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fiu.h"
#include "fiu_vectors.h"

enum { MAGIC = 0x46495544u /* "FIUD" */, UNDO = 8, MAX_RAM_WORDS = 1u << 24 };

typedef struct {
    uint32_t number;
    uint16_t tag;
    fiu_request rq;
    fiu_response rsp;
} prediction;

typedef struct {
    uint32_t magic;
    uint32_t lanes;
    fiu_state st;
    /* fiu_top's sample-table registers (spec 8.2): all 16 positions and priority slots, kept
     * apart from the count, as the RTL keeps them */
    uint8_t smp_x[FIU_MAX_SAMPLES], smp_y[FIU_MAX_SAMPLES], smp_prio[FIU_MAX_SAMPLES];
    uint32_t smp_count;
    /* RAM writes not yet settled: address and the word before; the first undo_left have left
     * S1 (fiu_dpi_cfg_mark) */
    uint32_t undo_addr[UNDO], undo_word[UNDO];
    unsigned undo_n, undo_left;
    fiu_request rq;             /* the request being built */
    bool rq_begun;
    prediction q[FIU_DPI_QUEUE];
    unsigned head, size;
    uint32_t predicted;
    fiu_response got;           /* the response being checked */
    char *text;                 /* the last returned string */
} fiu_dpi;

static void complain(const char *fn, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "fiu_dpi: %s: ", fn);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    fflush(stderr);
}

static fiu_dpi *handle(void *h, const char *fn)
{
    fiu_dpi *d = h;
    if (!d) {
        complain(fn, "null handle (fiu_dpi_new failed or was not called)");
        return NULL;
    }
    if (d->magic != MAGIC) {
        complain(fn, "not a fiu_dpi handle (freed, or another object)");
        return NULL;
    }
    return d;
}

/* The state registers' reset values (spec 8.3): fiu_state_init's, through the state writes. */
static void reset_registers(fiu_dpi *d)
{
    for (uint32_t e = 0; e < FIU_MAP_ENTRIES; e++)
        fiu_state_map_write(&d->st, e, false, 0, 0);
    memset(d->smp_x, 0, sizeof d->smp_x);
    memset(d->smp_y, 0, sizeof d->smp_y);
    d->smp_x[0] = 8;
    d->smp_y[0] = 8;
    for (unsigned i = 0; i < FIU_MAX_SAMPLES; i++)
        d->smp_prio[i] = (uint8_t)i;
    d->smp_count = 1;
    fiu_state_samples_write(&d->st, d->smp_count, d->smp_x, d->smp_y, d->smp_prio);
    fiu_state_alpha_write(&d->st, FIU_ALPHA_ALWAYS, FIU_AFMT_FLOAT32, 0);
    fiu_state_mode_write(&d->st, true, false);
}

void *fiu_dpi_new(uint32_t lanes, uint32_t ram_words)
{
    if (lanes < 1 || lanes > FIU_DPI_MAX_LANES) {
        complain("fiu_dpi_new", "lanes %u out of range 1..%u", lanes, (unsigned)FIU_DPI_MAX_LANES);
        return NULL;
    }
    if (ram_words < 1 || ram_words > MAX_RAM_WORDS) {
        complain("fiu_dpi_new", "ram_words %u out of range 1..%u", ram_words, (unsigned)MAX_RAM_WORDS);
        return NULL;
    }
    fiu_dpi *d = calloc(1, sizeof *d);
    if (!d || !fiu_state_init(&d->st, ram_words)) {
        complain("fiu_dpi_new", "out of memory");
        free(d);
        return NULL;
    }
    d->magic = MAGIC;
    d->lanes = lanes;
    reset_registers(d);
    return d;
}

void fiu_dpi_free(void *h)
{
    if (!h)
        return;
    fiu_dpi *d = handle(h, "fiu_dpi_free");
    if (!d)
        return;
    d->magic = 0;
    fiu_state_free(&d->st);
    free(d->text);
    free(d);
}

int32_t fiu_dpi_reset(void *h)
{
    fiu_dpi *d = handle(h, "fiu_dpi_reset");
    if (!d)
        return FIU_DPI_ERR;
    while (d->undo_n) {
        d->undo_n--;
        fiu_state_ram_write(&d->st, d->undo_addr[d->undo_n], d->undo_word[d->undo_n]);
    }
    d->undo_left = 0;
    reset_registers(d);
    int32_t dropped = (int32_t)d->size;
    d->head = d->size = 0;
    d->rq_begun = false;
    return dropped;
}

int32_t fiu_dpi_cfg_settle(void *h)
{
    fiu_dpi *d = handle(h, "fiu_dpi_cfg_settle");
    if (!d)
        return FIU_DPI_ERR;
    d->undo_n = d->undo_left = 0;
    return FIU_DPI_OK;
}

int32_t fiu_dpi_cfg_mark(void *h)
{
    fiu_dpi *d = handle(h, "fiu_dpi_cfg_mark");
    if (!d)
        return FIU_DPI_ERR;
    d->undo_left = d->undo_n;
    return FIU_DPI_OK;
}

int32_t fiu_dpi_cfg_settle_marked(void *h)
{
    fiu_dpi *d = handle(h, "fiu_dpi_cfg_settle_marked");
    if (!d)
        return FIU_DPI_ERR;
    unsigned keep = d->undo_n - d->undo_left;
    memmove(d->undo_addr, d->undo_addr + d->undo_left, keep * sizeof d->undo_addr[0]);
    memmove(d->undo_word, d->undo_word + d->undo_left, keep * sizeof d->undo_word[0]);
    d->undo_n = keep;
    d->undo_left = 0;
    return FIU_DPI_OK;
}

static int32_t samples(fiu_dpi *d)
{
    /* cannot fail: every field is 4 bits and the count 5 */
    return fiu_state_samples_write(&d->st, d->smp_count, d->smp_x, d->smp_y, d->smp_prio) ? FIU_DPI_OK
                                                                                            : FIU_DPI_ERR;
}

int32_t fiu_dpi_cfg_write(void *h, uint32_t sel, uint32_t addr, uint32_t data)
{
    fiu_dpi *d = handle(h, "fiu_dpi_cfg_write");
    if (!d)
        return FIU_DPI_ERR;
    switch (sel) {
    case 0: /* RAM */
        if (addr >= d->st.ram_words)
            return FIU_DPI_IGNORED;
        if (d->undo_n == UNDO) { /* the oldest has long settled */
            memmove(d->undo_addr, d->undo_addr + 1, (UNDO - 1) * sizeof d->undo_addr[0]);
            memmove(d->undo_word, d->undo_word + 1, (UNDO - 1) * sizeof d->undo_word[0]);
            d->undo_n--;
            if (d->undo_left)
                d->undo_left--;
        }
        d->undo_addr[d->undo_n] = addr;
        d->undo_word[d->undo_n++] = d->st.ram[addr];
        fiu_state_ram_write(&d->st, addr, data);
        return FIU_DPI_OK;
    case 1: /* MAP {present[10], interp[9:8], plane[7:0]} */
        if (addr >= FIU_MAP_ENTRIES || ((data >> 8) & 3) == 3)
            return FIU_DPI_IGNORED;
        fiu_state_map_write(&d->st, addr, (data >> 10) & 1, data & 0xFF, (data >> 8) & 3);
        return FIU_DPI_OK;
    case 2: /* SAMPLE_POS {y[7:4], x[3:0]} */
        if (addr >= FIU_MAX_SAMPLES)
            return FIU_DPI_IGNORED;
        d->smp_x[addr] = data & 0xF;
        d->smp_y[addr] = (data >> 4) & 0xF;
        return samples(d);
    case 3: /* SAMPLE_PRIO [3:0] */
        if (addr >= FIU_MAX_SAMPLES)
            return FIU_DPI_IGNORED;
        d->smp_prio[addr] = data & 0xF;
        return samples(d);
    case 4: /* SAMPLE_COUNT [4:0] */
        d->smp_count = data & 0x1F;
        return samples(d);
    case 5: /* ALPHA {format[4:3], func[2:0]} */
        fiu_state_alpha_write(&d->st, data & 7, (data >> 3) & 3, d->st.alpha_ref);
        return FIU_DPI_OK;
    case 6: /* ALPHA_REF */
        fiu_state_alpha_write(&d->st, d->st.alpha_func, d->st.alpha_format, data);
        return FIU_DPI_OK;
    case 7: /* MODE {fused[1], flush[0]} */
        fiu_state_mode_write(&d->st, data & 1, (data >> 1) & 1);
        return FIU_DPI_OK;
    default:
        complain("fiu_dpi_cfg_write", "sel %u out of range 0..7", sel);
        return FIU_DPI_ERR;
    }
}

uint32_t fiu_dpi_ram_read(void *h, uint32_t addr)
{
    fiu_dpi *d = handle(h, "fiu_dpi_ram_read");
    if (!d)
        return 0;
    if (addr >= d->st.ram_words) {
        complain("fiu_dpi_ram_read", "address %u >= RAM_WORDS %u", addr, d->st.ram_words);
        return 0;
    }
    return d->st.ram[addr];
}

/* value fits in bits bits, else a message */
static bool fits(const char *fn, const char *field, uint32_t value, unsigned bits)
{
    if (bits >= 32 || value >> bits == 0)
        return true;
    complain(fn, "%s 0x%x wider than its %u-bit port", field, value, bits);
    return false;
}

int32_t fiu_dpi_req_begin(void *h, uint32_t op, uint32_t ipa_mode, uint32_t loc, uint32_t flags,
                          uint32_t imm, uint32_t vintrp, uint32_t m0, uint32_t wave_lane0,
                          uint32_t unpack_fmt, uint32_t unpack_comp, uint32_t unpack_bgra)
{
    static const char fn[] = "fiu_dpi_req_begin";
    fiu_dpi *d = handle(h, fn);
    if (!d)
        return FIU_DPI_ERR;
    if (!fits(fn, "op", op, 3) || !fits(fn, "ipa_mode", ipa_mode, 3) || !fits(fn, "loc", loc, 3) ||
        !fits(fn, "flags", flags, 5) || !fits(fn, "imm", imm, 10) || !fits(fn, "wave_lane0", wave_lane0, 6) ||
        !fits(fn, "unpack_fmt", unpack_fmt, 3) || !fits(fn, "unpack_comp", unpack_comp, 3) ||
        !fits(fn, "unpack_bgra", unpack_bgra, 1))
        return FIU_DPI_ERR;
    fiu_request *rq = &d->rq;
    memset(rq, 0, sizeof *rq);
    rq->op = (uint8_t)op;
    rq->ipa_mode = (uint8_t)ipa_mode;
    rq->loc = (uint8_t)loc;
    rq->sat = flags & FIU_DPI_SAT;
    rq->idx = flags & FIU_DPI_IDX;
    rq->atest = flags & FIU_DPI_ATEST;
    rq->pmul = flags & FIU_DPI_PMUL;
    rq->puniform = flags & FIU_DPI_PUNIFORM;
    rq->imm = (uint16_t)imm;
    rq->vintrp = vintrp;
    rq->m0 = m0;
    rq->wave_lane0 = (uint8_t)wave_lane0;
    rq->unpack_fmt = (uint8_t)unpack_fmt;
    rq->unpack_comp = (uint8_t)unpack_comp;
    rq->unpack_bgra = unpack_bgra;
    rq->lanes = d->lanes;
    d->rq_begun = true;
    return FIU_DPI_OK;
}

int32_t fiu_dpi_req_lane(void *h, uint32_t lane, uint32_t lane_flags, uint32_t px, uint32_t py,
                         uint32_t sample_id, uint32_t coverage, uint32_t prim_base, uint32_t prim_id,
                         uint32_t ra, uint32_t rb, uint32_t rc, uint32_t rd)
{
    static const char fn[] = "fiu_dpi_req_lane";
    fiu_dpi *d = handle(h, fn);
    if (!d)
        return FIU_DPI_ERR;
    if (!d->rq_begun) {
        complain(fn, "no fiu_dpi_req_begin before this lane");
        return FIU_DPI_ERR;
    }
    if (lane >= d->lanes) {
        complain(fn, "lane %u >= LANES %u", lane, d->lanes);
        return FIU_DPI_ERR;
    }
    if (!fits(fn, "lane_flags", lane_flags, 3) || !fits(fn, "px", px, 16) || !fits(fn, "py", py, 16) ||
        !fits(fn, "sample_id", sample_id, 4) || !fits(fn, "coverage", coverage, 16))
        return FIU_DPI_ERR;
    fiu_lane *ln = &d->rq.lane[lane];
    ln->active = lane_flags & 1;
    ln->guard = (lane_flags >> 1) & 1;
    ln->front_face = (lane_flags >> 2) & 1;
    ln->px = (uint16_t)px;
    ln->py = (uint16_t)py;
    ln->sample_id = (uint8_t)sample_id;
    ln->coverage = (uint16_t)coverage;
    ln->prim_base = prim_base;
    ln->prim_id = prim_id;
    ln->ra = ra;
    ln->rb = rb;
    ln->rc = rc;
    ln->rd = rd;
    return FIU_DPI_OK;
}

int32_t fiu_dpi_predict(void *h, uint32_t tag)
{
    static const char fn[] = "fiu_dpi_predict";
    fiu_dpi *d = handle(h, fn);
    if (!d)
        return FIU_DPI_ERR;
    if (!d->rq_begun) {
        complain(fn, "no fiu_dpi_req_begin before it");
        return FIU_DPI_ERR;
    }
    if (!fits(fn, "tag", tag, 16))
        return FIU_DPI_ERR;
    if (d->size == FIU_DPI_QUEUE) {
        complain(fn, "%u predictions queued and none checked (responses missing?)", (unsigned)FIU_DPI_QUEUE);
        return FIU_DPI_ERR;
    }
    prediction *p = &d->q[(d->head + d->size) % FIU_DPI_QUEUE];
    p->number = d->predicted++;
    p->tag = (uint16_t)tag;
    p->rq = d->rq;
    fiu_execute(&d->st, &p->rq, &p->rsp);
    d->size++;
    d->rq_begun = false;
    return (int32_t)(p->number & 0x7FFFFFFF);
}

uint32_t fiu_dpi_queued(void *h)
{
    fiu_dpi *d = handle(h, "fiu_dpi_queued");
    return d ? d->size : 0;
}

static const prediction *oldest(void *h, const char *fn)
{
    fiu_dpi *d = handle(h, fn);
    if (!d)
        return NULL;
    if (d->size == 0) {
        complain(fn, "no prediction queued");
        return NULL;
    }
    return &d->q[d->head];
}

static uint32_t lane_bits(uint64_t mask) { return (uint32_t)mask; }

uint32_t fiu_dpi_exp_number(void *h)
{
    const prediction *p = oldest(h, "fiu_dpi_exp_number");
    return p ? p->number : 0;
}
uint32_t fiu_dpi_exp_tag(void *h)
{
    const prediction *p = oldest(h, "fiu_dpi_exp_tag");
    return p ? p->tag : 0;
}
uint32_t fiu_dpi_exp_result(void *h, uint32_t lane)
{
    const prediction *p = oldest(h, "fiu_dpi_exp_result");
    if (!p)
        return 0;
    if (lane >= p->rsp.lanes) {
        complain("fiu_dpi_exp_result", "lane %u >= LANES %u", lane, p->rsp.lanes);
        return 0;
    }
    return p->rsp.result[lane];
}
uint32_t fiu_dpi_exp_wmask(void *h)
{
    const prediction *p = oldest(h, "fiu_dpi_exp_wmask");
    return p ? lane_bits(p->rsp.wmask) : 0;
}
uint32_t fiu_dpi_exp_kill(void *h)
{
    const prediction *p = oldest(h, "fiu_dpi_exp_kill");
    return p ? lane_bits(p->rsp.kill) : 0;
}
uint32_t fiu_dpi_exp_pred(void *h)
{
    const prediction *p = oldest(h, "fiu_dpi_exp_pred");
    return p ? p->rsp.pred : 0;
}
uint32_t fiu_dpi_exp_status(void *h)
{
    const prediction *p = oldest(h, "fiu_dpi_exp_status");
    return p ? p->rsp.status : 0;
}

/* The handle's text buffer filled by a writer into a memory stream; "" on failure. */
static const char *text(fiu_dpi *d, void (*write)(FILE *, const void *), const void *arg)
{
    free(d->text);
    d->text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&d->text, &len);
    if (!f)
        return "";
    write(f, arg);
    if (fclose(f) != 0 || !d->text)
        return "";
    if (len && d->text[len - 1] == '\n')
        d->text[len - 1] = '\0';
    return d->text;
}

static void write_request(FILE *f, const void *rq) { fiu_vec_describe_request(f, rq); }

const char *fiu_dpi_exp_describe(void *h)
{
    const prediction *p = oldest(h, "fiu_dpi_exp_describe");
    return p ? text(h, write_request, &p->rq) : "";
}

int32_t fiu_dpi_got_result(void *h, uint32_t lane, uint32_t result)
{
    fiu_dpi *d = handle(h, "fiu_dpi_got_result");
    if (!d)
        return FIU_DPI_ERR;
    if (lane >= d->lanes) {
        complain("fiu_dpi_got_result", "lane %u >= LANES %u", lane, d->lanes);
        return FIU_DPI_ERR;
    }
    d->got.result[lane] = result;
    return FIU_DPI_OK;
}

int32_t fiu_dpi_check(void *h, const char *prefix, uint32_t tag, uint32_t wmask, uint32_t kill,
                      uint32_t pred, uint32_t status)
{
    static const char fn[] = "fiu_dpi_check";
    fiu_dpi *d = handle(h, fn);
    if (!d)
        return FIU_DPI_ERR;
    if (!prefix)
        prefix = "fiu_dpi";
    if (d->size == 0) {
        complain(fn, "response tag 0x%x with no request outstanding", tag);
        return FIU_DPI_ERR;
    }
    prediction *p = &d->q[d->head];
    fiu_response *g = &d->got;
    uint64_t lane_mask = d->lanes >= 64 ? ~0ull : (1ull << d->lanes) - 1;
    g->lanes = d->lanes;
    g->wmask = wmask & lane_mask;
    g->kill = kill & lane_mask;
    g->pred = pred & 1;
    g->status = (uint8_t)(status & 0x1F);
    unsigned diff = fiu_vec_compare(&p->rsp, g) + (tag != p->tag);
    if (diff) {
        printf("%s: MISMATCH request %u (tag 0x%04x): %u item(s) differ\n", prefix, p->number, p->tag, diff);
        if (tag != p->tag)
            printf("  tag: expected 0x%04x got 0x%04x (lost, duplicated or reordered response)\n", p->tag, tag);
        fiu_vec_report_mismatch(stdout, &p->rq, &p->rsp, g, FIU_DPI_MAX_LANES);
        fflush(stdout);
    }
    memset(g->result, 0, sizeof g->result);
    d->head = (d->head + 1) % FIU_DPI_QUEUE;
    d->size--;
    return (int32_t)diff;
}

const char *fiu_dpi_f32_text(void *h, uint32_t bits)
{
    fiu_dpi *d = handle(h, "fiu_dpi_f32_text");
    if (!d)
        return "";
    free(d->text);
    d->text = malloc(32);
    if (!d->text)
        return "";
    fiu_vec_f32_text(bits, d->text);
    return d->text;
}

void fiu_dpi_exit(int32_t status)
{
    fflush(NULL);
    exit(status);
}
