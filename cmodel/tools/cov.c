/* Functional coverage (docs/verification.md): crosses of named dimensions, each bin a name
 * "cross:v1/v2/...", with exclusions by rule and reason. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fiu_cov.h"
#include "fiu.h"
#include "bits.h"

enum { MAX_DIMS = 4, MAX_VALS = 17, NAME_MAX_LEN = 96 };

typedef struct {
    const char *name;
    unsigned n;
    const char *vals[MAX_VALS];
} cov_dim;

typedef struct cov_cross cov_cross;
struct cov_cross {
    const char *name;
    const char *what;
    unsigned ndims;
    const cov_dim *dims[MAX_DIMS];
    /* Reason a bin cannot be reached, or NULL. */
    const char *(*excluded)(const unsigned *v);
};

/* ---- dimensions ---- */
static const cov_dim D_OP = {"op", 6, {"IPA", "AL2P", "VINTRP", "ATEST", "UNPACK", "bad_op"}};
static const cov_dim D_STATUS = {"status", 17, {"OK", "BAD_OP", "BAD_SAMPLE_MODE", "BAD_IPA_MODE",
    "VINTRP_ENCODING", "VINTRP_OPCODE", "VINTRP_VDST_VSRC", "VINTRP_MOV_PARAM", "VINTRP_ATTR",
    "WAVE_RANGE", "BAD_UNPACK", "SAMPLE_COUNT", "MISALIGNED", "UNMAPPED", "ADDR_RANGE",
    "SAMPLE_INDEX", "PUNIFORM"}};
static const cov_dim D_IPA_MODE = {"mode", 4, {"PASS", "MUL", "CONSTANT", "SC"}};
static const cov_dim D_LOC = {"loc", 5, {"CENTER", "CENTROID", "OFFSET", "SAMPLE", "AT_SAMPLE"}};
static const cov_dim D_IPA_STATUS = {"status", 7, {"OK", "SAMPLE_COUNT", "MISALIGNED", "UNMAPPED",
    "ADDR_RANGE", "SAMPLE_INDEX", "PUNIFORM"}};
static const cov_dim D_BOOL_SAT = {"sat", 2, {"nosat", "sat"}};
static const cov_dim D_BOOL_IDX = {"idx", 2, {"noidx", "idx"}};
static const cov_dim D_BOOL_ATEST = {"atest", 2, {"noatest", "atest"}};
static const cov_dim D_BOOL_PMUL = {"pmul", 2, {"nopmul", "pmul"}};
static const cov_dim D_COUNT = {"samples", 6, {"1", "2", "4", "8", "16", "unsupported"}};
static const cov_dim D_TABLE_LOC = {"loc", 3, {"CENTROID", "SAMPLE", "AT_SAMPLE"}};
static const cov_dim D_COUNT5 = {"samples", 5, {"1", "2", "4", "8", "16"}};
static const cov_dim D_MASK = {"mask", 4, {"none", "one", "some", "all"}};
static const cov_dim D_ENC = {"encoding", 2, {"GCN10", "GCN12"}};
static const cov_dim D_VOPC4 = {"opcode", 4, {"P1", "P2", "MOV", "op3"}};
static const cov_dim D_VOPC3 = {"opcode", 3, {"P1", "P2", "MOV"}};
static const cov_dim D_CHAN = {"chan", 4, {"x", "y", "z", "w"}};
static const cov_dim D_ATTR = {"attr", 4, {"attr0", "attr1_31", "attr32", "attr33_63"}};
static const cov_dim D_MOVSRC = {"vsrc", 4, {"P10", "P20", "P0", "vsrc3_255"}};
static const cov_dim D_FUSED = {"fused", 2, {"unfused", "fused"}};
static const cov_dim D_FLUSH = {"denorm", 2, {"PRESERVE", "FLUSH"}};
static const cov_dim D_VSTATUS = {"status", 7, {"OK", "VDST_VSRC", "MOV_PARAM", "ATTR", "WAVE_RANGE",
    "MISALIGNED", "ADDR_RANGE"}};
static const cov_dim D_ALPHA_FUNC = {"func", 8, {"NEVER", "LESS", "EQUAL", "LEQUAL", "GREATER",
    "NOTEQUAL", "GEQUAL", "ALWAYS"}};
static const cov_dim D_ALPHA_FMT = {"format", 4, {"FLOAT32", "UNORM8", "UNORM10", "UNORM16"}};
static const cov_dim D_ALPHA_REL = {"relation", 6, {"below", "ulp_below", "equal", "ulp_above", "above",
    "nan"}};
static const cov_dim D_UFMT = {"format", 7, {"UNORM", "SNORM", "SNORM_LEGACY", "USCALED", "SSCALED",
    "UINT", "SINT"}};
static const cov_dim D_COMP = {"comp", 4, {"c0", "c1", "c2", "c3"}};
static const cov_dim D_BGRA = {"order", 2, {"RGBA", "BGRA"}};
static const cov_dim D_FIELD = {"field", 5, {"zero", "ones", "max_pos", "min_neg", "other"}};
static const cov_dim D_OPND = {"operand", 5, {"a", "b", "c", "d", "e"}};
static const cov_dim D_FCLASS = {"class", 8, {"+0", "-0", "subnormal", "normal", "+inf", "-inf", "qNaN",
    "sNaN"}};
static const cov_dim D_RCLASS = {"result", 7, {"+0", "-0", "subnormal", "normal", "+inf", "-inf", "NaN"}};
static const cov_dim D_EVENT = {"event", 4, {"exact", "tie", "underflow", "overflow"}};
static const cov_dim D_PCLASS = {"r", 11, {"NaN", "-inf", "-normal", "-subnormal", "-0", "+0", "+subnormal",
    "(0,1)", "1.0", ">1", "+inf"}};

/* ---- exclusions ---- */
static const char *ex_op_status(const unsigned *v)
{
    static const unsigned ok[6][10] = {
        /* IPA */ {FIU_OK, FIU_ST_BAD_SAMPLE_MODE, FIU_ST_BAD_IPA_MODE, FIU_ST_SAMPLE_COUNT, FIU_ST_MISALIGNED,
                   FIU_ST_UNMAPPED, FIU_ST_ADDR_RANGE, FIU_ST_SAMPLE_INDEX, FIU_ST_PUNIFORM, 99},
        /* AL2P */ {FIU_OK, FIU_ST_MISALIGNED, FIU_ST_UNMAPPED, FIU_ST_ADDR_RANGE, 99},
        /* VINTRP */ {FIU_OK, FIU_ST_VINTRP_ENCODING, FIU_ST_VINTRP_OPCODE, FIU_ST_VINTRP_VDST_VSRC,
                      FIU_ST_VINTRP_MOV_PARAM, FIU_ST_VINTRP_ATTR, FIU_ST_WAVE_RANGE, FIU_ST_MISALIGNED,
                      FIU_ST_ADDR_RANGE, 99},
        /* ATEST */ {FIU_OK, 99},
        /* UNPACK */ {FIU_OK, FIU_ST_BAD_UNPACK, 99},
        /* bad */ {FIU_ST_BAD_OP, 99},
    };
    for (unsigned i = 0; i < 10 && ok[v[0]][i] != 99; i++)
        if (ok[v[0]][i] == v[1])
            return NULL;
    if (v[1] == FIU_ST_BAD_OP)
        return "a known op reports BAD_OP only for a lane count outside 1..64, which neither the vector "
               "format nor the RTL ports can express";
    return v[0] == 5 ? "an unknown op reports BAD_OP and nothing else"
                     : "the op never produces this status (spec 7: the status table's op column)";
}

static const char *ex_ipa(const unsigned *v)
{
    bool table = v[1] == FIU_LOC_CENTROID || v[1] == 3 || v[1] == 4; /* CENTROID, SAMPLE, AT_SAMPLE */
    if (v[2] == 1 && !table)
        return "SAMPLE_COUNT is checked only for locations that read the sample table";
    if (v[2] == 5 && v[1] < 3)
        return "SAMPLE_INDEX needs a sample index: SAMPLE and AT_SAMPLE only";
    return NULL;
}

static const char *ex_centroid(const unsigned *v)
{
    if (v[0] == 0 && (v[1] == 1 || v[1] == 2))
        return "with one sample a mask is empty or full";
    if (v[0] == 1 && v[1] == 2)
        return "with two samples a partial mask has exactly one bit";
    return NULL;
}

static const char *ex_vstatus(const unsigned *v)
{
    if (v[1] == 1 && v[0] == 2)
        return "VDST == VSRC is an error of P1 and P2 only";
    if (v[1] == 2 && v[0] != 2)
        return "the parameter select (VSRC > 2) is an error of MOV only";
    return NULL;
}

static const char *ex_unpack(const unsigned *v)
{
    if (v[1] == 3 && v[3] == 4)
        return "the 2-bit field's four values are zero, ones, max_pos and min_neg";
    return NULL;
}

static const char *ex_dotadd_result(const unsigned *v)
{
    if (v[1] == 1 && v[2] == 2)
        return "FLUSH replaces a subnormal result with zero";
    return NULL;
}

/* ---- crosses ---- */
enum {
    X_OP_STATUS, X_IPA, X_IPA_MODS, X_SAMPLE_COUNT, X_CENTROID, X_VINTRP_FIELDS, X_VINTRP_ATTR,
    X_VINTRP_MOV, X_VINTRP_MODE, X_VINTRP_STATUS, X_ALPHA, X_UNPACK, X_DOTADD_OPND, X_DOTADD_RESULT,
    X_DOTADD_EVENT, X_POST, X_COUNT_
};

static const cov_cross CROSSES[X_COUNT_] = {
    [X_OP_STATUS] = {"op_status", "op x response status", 2, {&D_OP, &D_STATUS}, ex_op_status},
    [X_IPA] = {"ipa", "IPA mode x location x status", 3, {&D_IPA_MODE, &D_LOC, &D_IPA_STATUS}, ex_ipa},
    [X_IPA_MODS] = {"ipa_mods", "IPA .SAT x .IDX x ATEST x Pmul (status OK)", 4,
                    {&D_BOOL_SAT, &D_BOOL_IDX, &D_BOOL_ATEST, &D_BOOL_PMUL}, NULL},
    [X_SAMPLE_COUNT] = {"sample_count", "table count x table location (IPA)", 2, {&D_COUNT, &D_TABLE_LOC}, NULL},
    [X_CENTROID] = {"centroid", "sample count x coverage mask of an executing CENTROID lane", 2,
                    {&D_COUNT5, &D_MASK}, ex_centroid},
    [X_VINTRP_FIELDS] = {"vintrp_fields", "VINTRP encoding x opcode x attrchan", 3, {&D_ENC, &D_VOPC4, &D_CHAN},
                         NULL},
    [X_VINTRP_ATTR] = {"vintrp_attr", "VINTRP encoding x attr", 2, {&D_ENC, &D_ATTR}, NULL},
    [X_VINTRP_MOV] = {"vintrp_mov", "V_INTERP_MOV parameter select", 1, {&D_MOVSRC}, NULL},
    [X_VINTRP_MODE] = {"vintrp_mode", "VINTRP opcode x fusion x denormal mode (status OK)", 3,
                       {&D_VOPC3, &D_FUSED, &D_FLUSH}, NULL},
    [X_VINTRP_STATUS] = {"vintrp_status", "VINTRP opcode x status", 2, {&D_VOPC3, &D_VSTATUS}, ex_vstatus},
    [X_ALPHA] = {"alpha", "alpha function x format x alpha against the reference", 3,
                 {&D_ALPHA_FUNC, &D_ALPHA_FMT, &D_ALPHA_REL}, NULL},
    [X_UNPACK] = {"unpack", "unpack format x component x order x field pattern", 4,
                  {&D_UFMT, &D_COMP, &D_BGRA, &D_FIELD}, ex_unpack},
    [X_DOTADD_OPND] = {"dotadd_operand", "dot-add fusion x denormal mode x operand x class", 4,
                       {&D_FUSED, &D_FLUSH, &D_OPND, &D_FCLASS}, NULL},
    [X_DOTADD_RESULT] = {"dotadd_result", "dot-add fusion x denormal mode x result class", 3,
                         {&D_FUSED, &D_FLUSH, &D_RCLASS}, ex_dotadd_result},
    [X_DOTADD_EVENT] = {"dotadd_event", "dot-add fusion x denormal mode x rounding event", 3,
                        {&D_FUSED, &D_FLUSH, &D_EVENT}, NULL},
    [X_POST] = {"post", "post-multiply Pmul x .SAT x class of the value", 3, {&D_BOOL_PMUL, &D_BOOL_SAT, &D_PCLASS},
                NULL},
};

struct fiu_cov {
    unsigned base[X_COUNT_]; /* first bin of each cross */
    unsigned nbins;
    uint64_t *count;
};

static unsigned cross_size(const cov_cross *x)
{
    unsigned n = 1;
    for (unsigned i = 0; i < x->ndims; i++)
        n *= x->dims[i]->n;
    return n;
}

fiu_cov *fiu_cov_new(void)
{
    fiu_cov *cov = calloc(1, sizeof *cov);
    if (!cov)
        return NULL;
    for (unsigned x = 0; x < X_COUNT_; x++) {
        cov->base[x] = cov->nbins;
        cov->nbins += cross_size(&CROSSES[x]);
    }
    cov->count = calloc(cov->nbins, sizeof *cov->count);
    if (!cov->count) {
        free(cov);
        return NULL;
    }
    return cov;
}

void fiu_cov_free(fiu_cov *cov)
{
    if (cov) {
        free(cov->count);
        free(cov);
    }
}

/* Bin index of values v (mixed radix, first dimension most significant). */
static void hit(fiu_cov *cov, unsigned x, const unsigned *v)
{
    const cov_cross *c = &CROSSES[x];
    unsigned idx = 0;
    for (unsigned i = 0; i < c->ndims; i++)
        idx = idx * c->dims[i]->n + v[i];
    cov->count[cov->base[x] + idx]++;
}

static void decompose(const cov_cross *c, unsigned idx, unsigned *v)
{
    for (unsigned i = c->ndims; i-- > 0;) {
        v[i] = idx % c->dims[i]->n;
        idx /= c->dims[i]->n;
    }
}

static void bin_name(const cov_cross *c, const unsigned *v, char *buf, size_t len)
{
    size_t k = (size_t)snprintf(buf, len, "%s:", c->name);
    for (unsigned i = 0; i < c->ndims && k < len; i++)
        k += (size_t)snprintf(buf + k, len - k, "%s%s", i ? "/" : "", c->dims[i]->vals[v[i]]);
}

/* ---- classification ---- */
static unsigned f32_class(uint32_t x)
{
    uint32_t mag = x & 0x7FFFFFFFu;
    bool neg = x >> 31;
    if (mag == 0)
        return neg ? 1 : 0;
    if (mag < 0x00800000u)
        return 2;
    if (mag < 0x7F800000u)
        return 3;
    if (mag == 0x7F800000u)
        return neg ? 5 : 4;
    return (x & 0x00400000u) ? 6 : 7;
}

static unsigned result_class(uint32_t x)
{
    unsigned c = f32_class(x);
    return c >= 6 ? 6 : c;
}

static unsigned post_class(uint32_t r)
{
    uint32_t mag = r & 0x7FFFFFFFu;
    bool neg = r >> 31;
    if (mag > 0x7F800000u)
        return 0;
    if (neg)
        return mag == 0x7F800000u ? 1 : mag >= 0x00800000u ? 2 : mag ? 3 : 4;
    if (mag == 0)
        return 5;
    if (mag < 0x00800000u)
        return 6;
    if (mag < 0x3F800000u)
        return 7;
    if (mag == 0x3F800000u)
        return 8;
    return mag < 0x7F800000u ? 9 : 10;
}

/* Total order on non-NaN fp32 bit patterns (-0 just below +0). */
static int64_t f32_key(uint32_t x)
{
    return (x >> 31) ? -(int64_t)(x & 0x7FFFFFFFu) - 1 : (int64_t)x;
}

void fiu_cov_sample_alpha(fiu_cov *cov, uint32_t func, uint32_t format, uint32_t alpha, uint32_t ref)
{
    if (!cov || func > 7 || format > 3 || fiu_f32_is_nan(ref))
        return;
    unsigned rel;
    if (fiu_f32_is_nan(alpha)) {
        rel = 5;
    } else if (alpha == ref || ((alpha | ref) & 0x7FFFFFFFu) == 0) {
        rel = 2;
    } else {
        int64_t ka = f32_key(alpha), kr = f32_key(ref);
        /* Across zero the two zeros are one value: skip the -0/+0 step. */
        if ((ka < 0) != (kr < 0))
            ka += ka < 0 ? 1 : -1;
        int64_t d = ka - kr;
        rel = d < -1 ? 0 : d == -1 ? 1 : d == 1 ? 3 : 4;
    }
    hit(cov, X_ALPHA, (const unsigned[]){func, format, rel});
}

void fiu_cov_sample_unpack(fiu_cov *cov, uint32_t packed, uint32_t comp, uint32_t fmt, bool bgra)
{
    if (!cov || comp > 3 || fmt >= FIU_UNPACK_COUNT_)
        return;
    unsigned k = bgra && comp != 3 ? 2 - comp : comp; /* the field read (spec 6.4) */
    unsigned bits = k == 3 ? 2 : 10;
    uint32_t f = (packed >> (10 * k)) & ((1u << bits) - 1);
    uint32_t ones = (1u << bits) - 1, top = 1u << (bits - 1);
    unsigned pat = f == 0 ? 0 : f == ones ? 1 : f == top - 1 ? 2 : f == top ? 3 : 4;
    hit(cov, X_UNPACK, (const unsigned[]){fmt, comp, bgra, pat});
}

void fiu_cov_sample_post(fiu_cov *cov, uint32_t r, bool pmul, bool sat)
{
    if (cov)
        hit(cov, X_POST, (const unsigned[]){pmul, sat, post_class(r)});
}

void fiu_cov_sample_dotadd(fiu_cov *cov, uint32_t a, uint32_t b, uint32_t c, uint32_t d, uint32_t e,
                           unsigned mode)
{
    if (!cov)
        return;
    unsigned fused = (mode & FIU_F32_FUSED) != 0, flush = (mode & FIU_F32_FLUSH) != 0;
    const uint32_t opnd[5] = {a, b, c, d, e};
    for (unsigned i = 0; i < 5; i++)
        hit(cov, X_DOTADD_OPND, (const unsigned[]){fused, flush, i, f32_class(opnd[i])});
    unsigned ev;
    uint32_t r = fiu_f32_dotadd_ref_events(a, b, c, d, e, mode, &ev);
    hit(cov, X_DOTADD_RESULT, (const unsigned[]){fused, flush, result_class(r)});
    if (!(ev & FIU_F32_EV_INEXACT) && !fiu_f32_is_nan(r) && (r & 0x7FFFFFFFu) != 0x7F800000u)
        hit(cov, X_DOTADD_EVENT, (const unsigned[]){fused, flush, 0});
    if (ev & FIU_F32_EV_TIE)
        hit(cov, X_DOTADD_EVENT, (const unsigned[]){fused, flush, 1});
    if (ev & FIU_F32_EV_TINY)
        hit(cov, X_DOTADD_EVENT, (const unsigned[]){fused, flush, 2});
    if (ev & FIU_F32_EV_OVERFLOW)
        hit(cov, X_DOTADD_EVENT, (const unsigned[]){fused, flush, 3});
}

static unsigned count_index(uint32_t count)
{
    switch (count) {
    case 1: return 0;
    case 2: return 1;
    case 4: return 2;
    case 8: return 3;
    case 16: return 4;
    default: return 5;
    }
}

static void sample_ipa(fiu_cov *cov, const fiu_state *st, const fiu_request *rq, const fiu_response *rsp)
{
    static const int loc_index[8] = {0, 1, 2, -1, 3, 4, -1, -1};
    int loc = loc_index[rq->loc & 7];
    if (loc < 0 || rq->ipa_mode > FIU_IPA_SC || rq->loc > 7)
        return;
    /* status -> index in D_IPA_STATUS, plus one (0: not in the cross) */
    static const unsigned char ipa_status[FIU_ST_COUNT_] = {
        [FIU_OK] = 1, [FIU_ST_SAMPLE_COUNT] = 2, [FIU_ST_MISALIGNED] = 3, [FIU_ST_UNMAPPED] = 4,
        [FIU_ST_ADDR_RANGE] = 5, [FIU_ST_SAMPLE_INDEX] = 6, [FIU_ST_PUNIFORM] = 7};
    unsigned s = rsp->status < FIU_ST_COUNT_ ? ipa_status[rsp->status] : 0;
    if (s)
        hit(cov, X_IPA, (const unsigned[]){rq->ipa_mode, (unsigned)loc, s - 1});
    if (rsp->status == FIU_OK)
        hit(cov, X_IPA_MODS, (const unsigned[]){rq->sat, rq->idx, rq->atest, rq->pmul});
    if (loc == 1 || loc == 3 || loc == 4)
        hit(cov, X_SAMPLE_COUNT, (const unsigned[]){count_index(st->samples.count), (unsigned)(loc == 1 ? 0 : loc - 2)});
    if (loc == 1 && count_index(st->samples.count) < 5 && rsp->status != FIU_ST_SAMPLE_COUNT) {
        uint32_t full = (1u << st->samples.count) - 1;
        for (uint32_t i = 0; i < rq->lanes; i++) {
            if (!fiu_lane_executes(rq, &rq->lane[i]))
                continue;
            uint32_t m = rq->lane[i].coverage & full;
            unsigned bits = fiu_tool_popcount64(m);
            unsigned pat = m == 0 ? 0 : m == full ? 3 : bits == 1 ? 1 : 2;
            hit(cov, X_CENTROID, (const unsigned[]){count_index(st->samples.count), pat});
        }
    }
}

static void sample_vintrp(fiu_cov *cov, const fiu_state *st, const fiu_request *rq, const fiu_response *rsp)
{
    fiu_vintrp_fields f = fiu_vintrp_decode(rq->vintrp);
    if (f.encoding != FIU_VINTRP_ENC_GCN10 && f.encoding != FIU_VINTRP_ENC_GCN12)
        return;
    unsigned enc = f.encoding == FIU_VINTRP_ENC_GCN12;
    hit(cov, X_VINTRP_FIELDS, (const unsigned[]){enc, f.opcode, f.attrchan});
    hit(cov, X_VINTRP_ATTR, (const unsigned[]){enc, f.attr == 0 ? 0u : f.attr < FIU_VINTRP_MAX_ATTR ? 1u : f.attr == FIU_VINTRP_MAX_ATTR ? 2u : 3u});
    if (f.opcode == FIU_VINTRP_MOV)
        hit(cov, X_VINTRP_MOV, (const unsigned[]){f.vsrc > 2 ? 3u : f.vsrc});
    if (f.opcode > FIU_VINTRP_MOV)
        return;
    if (rsp->status == FIU_OK)
        hit(cov, X_VINTRP_MODE, (const unsigned[]){f.opcode, st->fused, st->flush});
    /* status -> index in D_VSTATUS, plus one (0: not in the cross) */
    static const unsigned char vstatus[FIU_ST_COUNT_] = {
        [FIU_OK] = 1, [FIU_ST_VINTRP_VDST_VSRC] = 2, [FIU_ST_VINTRP_MOV_PARAM] = 3, [FIU_ST_VINTRP_ATTR] = 4,
        [FIU_ST_WAVE_RANGE] = 5, [FIU_ST_MISALIGNED] = 6, [FIU_ST_ADDR_RANGE] = 7};
    unsigned s = rsp->status < FIU_ST_COUNT_ ? vstatus[rsp->status] : 0;
    if (s)
        hit(cov, X_VINTRP_STATUS, (const unsigned[]){f.opcode, s - 1});
}

void fiu_cov_sample_execute(fiu_cov *cov, const fiu_state *st, const fiu_request *rq,
                            const fiu_response *rsp)
{
    if (!cov)
        return;
    unsigned op = rq->op < FIU_OP_COUNT_ ? rq->op : 5u;
    if (rsp->status < FIU_ST_COUNT_)
        hit(cov, X_OP_STATUS, (const unsigned[]){op, rsp->status});
    if (op == 5)
        return;
    switch (rq->op) {
    case FIU_OP_IPA: sample_ipa(cov, st, rq, rsp); break;
    case FIU_OP_VINTRP: sample_vintrp(cov, st, rq, rsp); break;
    default: break;
    }
    bool alpha = rq->op == FIU_OP_ATEST || (rq->op == FIU_OP_IPA && rq->atest);
    for (uint32_t i = 0; i < rsp->lanes && i < FIU_MAX_LANES; i++) {
        if (!((rsp->wmask >> i) & 1))
            continue;
        if (alpha)
            fiu_cov_sample_alpha(cov, st->alpha_func, st->alpha_format, rsp->result[i], st->alpha_ref);
        if (rq->op == FIU_OP_UNPACK)
            fiu_cov_sample_unpack(cov, rq->lane[i].rb, rq->unpack_comp, rq->unpack_fmt, rq->unpack_bgra);
    }
}

/* ---- files ---- */
static const char MAGIC[] = "fiu-fcov 1";

bool fiu_cov_save(const fiu_cov *cov, const char *path)
{
    FILE *f = fopen(path, "w");
    if (!f)
        return false;
    fprintf(f, "%s\n", MAGIC);
    for (unsigned x = 0; x < X_COUNT_; x++) {
        const cov_cross *c = &CROSSES[x];
        unsigned v[MAX_DIMS];
        char name[NAME_MAX_LEN];
        for (unsigned i = 0, n = cross_size(c); i < n; i++) {
            uint64_t k = cov->count[cov->base[x] + i];
            if (!k)
                continue;
            decompose(c, i, v);
            bin_name(c, v, name, sizeof name);
            fprintf(f, "%s %llu\n", name, (unsigned long long)k);
        }
    }
    bool ok = !ferror(f);
    return fclose(f) == 0 && ok;
}

/* Bin index of a name, or -1. */
static long find_bin(const fiu_cov *cov, const char *name)
{
    for (unsigned x = 0; x < X_COUNT_; x++) {
        const cov_cross *c = &CROSSES[x];
        size_t nl = strlen(c->name);
        if (strncmp(name, c->name, nl) != 0 || name[nl] != ':')
            continue;
        const char *p = name + nl + 1;
        unsigned idx = 0;
        for (unsigned i = 0; i < c->ndims; i++) {
            const char *end = strchr(p, '/');
            size_t len = end && i + 1 < c->ndims ? (size_t)(end - p) : strlen(p);
            unsigned j = 0;
            while (j < c->dims[i]->n && !(strlen(c->dims[i]->vals[j]) == len && !strncmp(p, c->dims[i]->vals[j], len)))
                j++;
            if (j == c->dims[i]->n)
                return -1;
            idx = idx * c->dims[i]->n + j;
            p += len + (i + 1 < c->ndims);
        }
        return (long)(cov->base[x] + idx);
    }
    return -1;
}

bool fiu_cov_load(fiu_cov *cov, const char *path, char *err, size_t errlen)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        snprintf(err, errlen, "%s: cannot open: %s", path, strerror(errno));
        return false;
    }
    char line[256];
    unsigned ln = 0;
    bool ok = true;
    while (ok && fgets(line, sizeof line, f)) {
        ln++;
        size_t len = strlen(line);
        if (len && line[len - 1] == '\n')
            line[--len] = 0;
        else if (!feof(f)) {
            snprintf(err, errlen, "%s:%u: line too long", path, ln);
            ok = false;
            break;
        }
        if (ln == 1) {
            if (strcmp(line, MAGIC) != 0) {
                snprintf(err, errlen, "%s:1: not a coverage file (expected \"%s\")", path, MAGIC);
                ok = false;
            }
            continue;
        }
        char *sp = strchr(line, ' ');
        char *end = NULL;
        if (!sp) {
            snprintf(err, errlen, "%s:%u: expected \"<bin> <count>\"", path, ln);
            ok = false;
            break;
        }
        *sp = 0;
        errno = 0;
        unsigned long long k = sp[1] >= '0' && sp[1] <= '9' ? strtoull(sp + 1, &end, 10) : 0;
        if (!end || *end || errno) {
            snprintf(err, errlen, "%s:%u: bad count '%s'", path, ln, sp + 1);
            ok = false;
            break;
        }
        long b = find_bin(cov, line);
        if (b < 0) {
            snprintf(err, errlen, "%s:%u: unknown bin '%s'", path, ln, line);
            ok = false;
            break;
        }
        cov->count[b] += k;
    }
    if (ok && ln == 0) {
        snprintf(err, errlen, "%s: empty file", path);
        ok = false;
    }
    fclose(f);
    return ok;
}

fiu_cov *fiu_cov_env_new(void)
{
    const char *dir = getenv("FIU_FCOV_DIR");
    return dir && *dir ? fiu_cov_new() : NULL;
}

bool fiu_cov_env_finish(fiu_cov *cov, const char *tag)
{
    if (!cov)
        return true;
    const char *dir = getenv("FIU_FCOV_DIR");
    char path[4096];
    snprintf(path, sizeof path, "%s/%s.%ld.fcov", dir ? dir : ".", tag, (long)getpid());
    bool ok = fiu_cov_save(cov, path);
    if (!ok)
        fprintf(stderr, "%s: cannot write functional coverage to %s\n", tag, path);
    fiu_cov_free(cov);
    return ok;
}

fiu_cov_totals fiu_cov_report(const fiu_cov *cov, FILE *out, unsigned list)
{
    fiu_cov_totals all = {0, 0, 0, 0};
    if (out)
        fprintf(out, "%-16s %6s %6s %6s %7s  %s\n", "cross", "bins", "excl", "hit", "hit%", "what");
    for (unsigned x = 0; x < X_COUNT_; x++) {
        const cov_cross *c = &CROSSES[x];
        fiu_cov_totals t = {0, 0, 0, 0};
        unsigned v[MAX_DIMS];
        char name[NAME_MAX_LEN];
        for (unsigned i = 0, n = cross_size(c); i < n; i++) {
            decompose(c, i, v);
            const char *why = c->excluded ? c->excluded(v) : NULL;
            uint64_t k = cov->count[cov->base[x] + i];
            t.bins++;
            if (why) {
                t.excluded++;
                t.excluded_hit += k != 0;
            }
            else if (k)
                t.hit++;
            if (!out)
                continue;
            bin_name(c, v, name, sizeof name);
            if (why && (k || (list & (FIU_COV_LIST_EXCLUDED | FIU_COV_LIST_ALL))))
                fprintf(out, "  excluded %s%s: %s\n", name, k ? " (hit!)" : "", why);
            else if (!why && !k && (list & (FIU_COV_LIST_MISSING | FIU_COV_LIST_ALL)))
                fprintf(out, "  missing  %s\n", name);
            else if (!why && k && (list & FIU_COV_LIST_ALL))
                fprintf(out, "  hit      %s %llu\n", name, (unsigned long long)k);
        }
        unsigned target = t.bins - t.excluded;
        if (out)
            fprintf(out, "%-16s %6u %6u %6u %6.1f%%  %s\n", c->name, t.bins, t.excluded, t.hit,
                    target ? 100.0 * t.hit / target : 100.0, c->what);
        all.bins += t.bins;
        all.excluded += t.excluded;
        all.hit += t.hit;
        all.excluded_hit += t.excluded_hit;
    }
    return all;
}
