/* Vector files (docs/vectors.md): reader, writer, names, compare and mismatch report. */
#include "fiu_vectors.h"

#include <errno.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_TOK = FIU_VEC_MAX_LINE / 2 + 2 };

struct fiu_vreader {
    FILE *f;
    bool own;              /* fclose on close */
    bool started;          /* first record (RAMSIZE) returned */
    bool failed, at_eof;
    bool have_stash;       /* a record read ahead while synthesising RAMSIZE */
    unsigned long line;    /* lines read so far */
    uint32_t ramsize;
    size_t ntok;
    const char *tok[MAX_TOK];
    char err[FIU_VEC_ERR_LEN];
    char buf[FIU_VEC_MAX_LINE + 2];
    fiu_vrec stash;
    char name[];           /* file name for messages */
};

/* ---- name tables ---- */
typedef struct {
    const char *name;
    unsigned val;
} nameval;

static const nameval op_names[] = {
    {"IPA", FIU_OP_IPA}, {"AL2P", FIU_OP_AL2P}, {"VINTRP", FIU_OP_VINTRP},
    {"ATEST", FIU_OP_ATEST}, {"UNPACK", FIU_OP_UNPACK}, {NULL, 0}};
static const nameval ipa_mode_names[] = {
    {"PASS", FIU_IPA_PASS}, {"MUL", FIU_IPA_MUL}, {"CONSTANT", FIU_IPA_CONSTANT},
    {"SC", FIU_IPA_SC}, {NULL, 0}};
static const nameval loc_names[] = {
    {"CENTER", FIU_LOC_CENTER}, {"CENTROID", FIU_LOC_CENTROID}, {"OFFSET", FIU_LOC_OFFSET},
    {"INVALID", FIU_LOC_INVALID}, {"SAMPLE", FIU_LOC_SAMPLE}, {"AT_SAMPLE", FIU_LOC_AT_SAMPLE},
    {NULL, 0}};
static const nameval unpack_names[] = {
    {"UNORM", FIU_UNPACK_UNORM}, {"SNORM", FIU_UNPACK_SNORM},
    {"SNORM_LEGACY", FIU_UNPACK_SNORM_LEGACY}, {"USCALED", FIU_UNPACK_USCALED},
    {"SSCALED", FIU_UNPACK_SSCALED}, {"UINT", FIU_UNPACK_UINT}, {"SINT", FIU_UNPACK_SINT},
    {NULL, 0}};
static const nameval afunc_names[] = {
    {"NEVER", FIU_ALPHA_NEVER}, {"LESS", FIU_ALPHA_LESS}, {"EQUAL", FIU_ALPHA_EQUAL},
    {"LEQUAL", FIU_ALPHA_LEQUAL}, {"GREATER", FIU_ALPHA_GREATER},
    {"NOTEQUAL", FIU_ALPHA_NOTEQUAL}, {"GEQUAL", FIU_ALPHA_GEQUAL}, {"ALWAYS", FIU_ALPHA_ALWAYS},
    {NULL, 0}};
static const nameval afmt_names[] = {
    {"FLOAT32", FIU_AFMT_FLOAT32}, {"UNORM8", FIU_AFMT_UNORM8}, {"UNORM10", FIU_AFMT_UNORM10},
    {"UNORM16", FIU_AFMT_UNORM16}, {NULL, 0}};
static const nameval status_names[] = {
    {"OK", FIU_OK}, {"BAD_OP", FIU_ST_BAD_OP}, {"BAD_SAMPLE_MODE", FIU_ST_BAD_SAMPLE_MODE},
    {"BAD_IPA_MODE", FIU_ST_BAD_IPA_MODE}, {"VINTRP_ENCODING", FIU_ST_VINTRP_ENCODING},
    {"VINTRP_OPCODE", FIU_ST_VINTRP_OPCODE}, {"VINTRP_VDST_VSRC", FIU_ST_VINTRP_VDST_VSRC},
    {"VINTRP_MOV_PARAM", FIU_ST_VINTRP_MOV_PARAM}, {"VINTRP_ATTR", FIU_ST_VINTRP_ATTR},
    {"WAVE_RANGE", FIU_ST_WAVE_RANGE}, {"BAD_UNPACK", FIU_ST_BAD_UNPACK},
    {"SAMPLE_COUNT", FIU_ST_SAMPLE_COUNT}, {"MISALIGNED", FIU_ST_MISALIGNED},
    {"UNMAPPED", FIU_ST_UNMAPPED}, {"ADDR_RANGE", FIU_ST_ADDR_RANGE},
    {"SAMPLE_INDEX", FIU_ST_SAMPLE_INDEX}, {"PUNIFORM", FIU_ST_PUNIFORM}, {NULL, 0}};
static const char interp_letters[] = "CPL"; /* fiu_interp 0, 1, 2 */

static const char *name_of(const nameval *t, unsigned v)
{
    for (; t->name; t++)
        if (t->val == v)
            return t->name;
    return NULL;
}

const char *fiu_vec_status_name(unsigned status) { return name_of(status_names, status); }
const char *fiu_vec_op_name(unsigned op) { return name_of(op_names, op); }

static char upper(char c) { return (c >= 'a' && c <= 'z') ? (char)(c - 'a' + 'A') : c; }

static bool name_eq(const char *a, const char *b) /* ASCII case-insensitive */
{
    for (; *a && *b; a++, b++)
        if (upper(*a) != upper(*b))
            return false;
    return *a == *b;
}

static int hexdigit(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

/* ---- errors ---- */
static int fail(fiu_vreader *r, const char *fmt, ...)
{
    if (!r->failed) {
        int n = snprintf(r->err, sizeof r->err, "%s:%lu: ", r->name, r->line);
        if (n < 0 || (size_t)n >= sizeof r->err)
            n = 0;
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(r->err + n, sizeof r->err - (size_t)n, fmt, ap);
        va_end(ap);
    }
    r->failed = true;
    return -1;
}

/* ---- line input ---- */
/* 1: line in buf, 0: end of file, -1: error. Lines are capped at FIU_VEC_MAX_LINE. */
static int read_line(fiu_vreader *r)
{
    size_t n = 0;
    bool any = false;
    int c;
    while ((c = getc(r->f)) != EOF) {
        any = true;
        if (c == '\n')
            break;
        if (n > FIU_VEC_MAX_LINE) { /* one extra for a CR before the newline */
            r->line++;
            return fail(r, "line longer than %d characters", FIU_VEC_MAX_LINE);
        }
        if (c == '\0') {
            r->line++;
            return fail(r, "NUL byte in line");
        }
        r->buf[n++] = (char)c;
    }
    if (ferror(r->f)) {
        r->line++;
        return fail(r, "read error: %s", strerror(errno));
    }
    if (!any)
        return 0;
    r->line++;
    if (n > 0 && r->buf[n - 1] == '\r')
        n--;
    if (n > FIU_VEC_MAX_LINE)
        return fail(r, "line longer than %d characters", FIU_VEC_MAX_LINE);
    r->buf[n] = '\0';
    return 1;
}

/* Strips the comment, checks the characters and splits into tokens. */
static int tokenize(fiu_vreader *r)
{
    char *p = r->buf;
    char *hash = strchr(p, '#');
    if (hash)
        *hash = '\0';
    for (char *q = p; *q; q++) {
        unsigned char c = (unsigned char)*q;
        if (c != '\t' && (c < 0x20 || c > 0x7e))
            return fail(r, "invalid character 0x%02x in column %u", c, (unsigned)(q - p + 1));
    }
    r->ntok = 0;
    while (*p) {
        while (*p == ' ' || *p == '\t')
            *p++ = '\0';
        if (!*p)
            break;
        r->tok[r->ntok++] = p; /* at most (FIU_VEC_MAX_LINE+1)/2 tokens */
        while (*p && *p != ' ' && *p != '\t')
            p++;
    }
    return 1;
}

/* Next non-empty line, tokenised. 1, 0 (EOF), -1. */
static int next_line(fiu_vreader *r)
{
    for (;;) {
        int k = read_line(r);
        if (k <= 0)
            return k;
        if (tokenize(r) < 0)
            return -1;
        if (r->ntok > 0)
            return 1;
    }
}

/* ---- values ---- */
/* Hex number, optional 0x, optional "(annotation)" when annot. */
static bool hexval(fiu_vreader *r, const char *what, const char *tok, bool annot, uint64_t max,
                   uint64_t *out)
{
    const char *p = tok;
    if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X'))
        p += 2;
    uint64_t v = 0;
    bool over = false;
    size_t nd = 0;
    for (int d; (d = hexdigit(*p)) >= 0; p++, nd++) {
        if (v >> 60)
            over = true;
        v = (v << 4) | (uint64_t)d;
    }
    if (nd == 0 || (*p && *p != '(')) {
        fail(r, "%s: bad hex value '%.40s'", what, tok);
        return false;
    }
    if (*p == '(') {
        const char *close = strchr(p + 1, ')');
        const char *open = strchr(p + 1, '(');
        if (!annot) {
            fail(r, "%s: annotation not allowed here in '%.40s'", what, tok);
            return false;
        }
        if (!close || close[1] != '\0' || (open && open < close)) {
            fail(r, "%s: bad annotation in '%.40s' (expected hex(text))", what, tok);
            return false;
        }
    }
    if (over || v > max) {
        fail(r, "%s: value '%.40s' out of range (max %llx)", what, tok, (unsigned long long)max);
        return false;
    }
    *out = v;
    return true;
}

/* A name from the table (case-insensitive) or a hex number <= max. */
static bool symval(fiu_vreader *r, const char *what, const char *tok, const nameval *names,
                   uint64_t max, uint64_t *out)
{
    for (const nameval *t = names; t->name; t++)
        if (name_eq(tok, t->name)) {
            *out = t->val;
            return true;
        }
    bool hex = *tok != '\0';
    for (const char *p = (tok[0] == '0' && (tok[1] == 'x' || tok[1] == 'X')) ? tok + 2 : tok; *p; p++)
        if (hexdigit(*p) < 0)
            hex = false;
    if (!hex) {
        char list[200] = "";
        size_t n = 0;
        for (const nameval *t = names; t->name && n < sizeof list - 20; t++) {
            int k = snprintf(list + n, sizeof list - n, "%s%s", n ? ", " : "", t->name);
            if (k > 0)
                n += (size_t)k;
        }
        fail(r, "%s: unknown value '%.40s' (expected %s or a hex number)", what, tok, list);
        return false;
    }
    return hexval(r, what, tok, false, max, out);
}

/* ---- key=value fields ---- */
typedef enum { T_BOOL, T_U8, T_U16, T_U32, T_U64 } ftype;

typedef struct {
    const char *key;
    ftype type;
    size_t off;
    const nameval *names; /* symbolic values, or NULL */
    bool annot;           /* "(float)" annotation accepted */
} field;

#define LF(k, t, a) {#k, t, offsetof(fiu_lane, k), NULL, a}
static const field lane_fields[] = {
    LF(active, T_BOOL, false), LF(guard, T_BOOL, false), LF(px, T_U16, false),
    LF(py, T_U16, false), LF(sample_id, T_U8, false), LF(coverage, T_U16, false),
    LF(prim_base, T_U32, false), LF(prim_id, T_U32, false), LF(front_face, T_BOOL, false),
    LF(ra, T_U32, true), LF(rb, T_U32, true), LF(rc, T_U32, true), LF(rd, T_U32, true)};
#undef LF
#define RF(k, t, n) {#k, t, offsetof(fiu_request, k), n, false}
static const field req_fields[] = {
    RF(op, T_U8, op_names), RF(ipa_mode, T_U8, ipa_mode_names), RF(loc, T_U8, loc_names),
    RF(sat, T_BOOL, NULL), RF(idx, T_BOOL, NULL), RF(atest, T_BOOL, NULL),
    RF(pmul, T_BOOL, NULL), RF(puniform, T_BOOL, NULL), RF(imm, T_U16, NULL),
    RF(vintrp, T_U32, NULL), RF(m0, T_U32, NULL), RF(wave_lane0, T_U8, NULL),
    RF(unpack_fmt, T_U8, unpack_names), RF(unpack_comp, T_U8, NULL),
    RF(unpack_bgra, T_BOOL, NULL), RF(lanes, T_U32, NULL)};
#undef RF
#define XF(k, t, n) {#k, t, offsetof(fiu_response, k), n, false}
static const field exp_fields[] = {
    XF(status, T_U8, status_names), XF(wmask, T_U64, NULL), XF(kill, T_U64, NULL),
    XF(pred, T_BOOL, NULL)};
#undef XF
enum {
    N_LANE_F = sizeof lane_fields / sizeof lane_fields[0],
    N_REQ_F = sizeof req_fields / sizeof req_fields[0],
    N_EXP_F = sizeof exp_fields / sizeof exp_fields[0],
    MAX_F = 16
};

static uint64_t type_max(ftype t)
{
    switch (t) {
    case T_BOOL: return 1;
    case T_U8: return UINT8_MAX;
    case T_U16: return UINT16_MAX;
    case T_U32: return UINT32_MAX;
    default: return UINT64_MAX;
    }
}

static uint64_t get_field(const void *base, const field *f)
{
    const char *p = (const char *)base + f->off;
    switch (f->type) {
    case T_BOOL: return *(const bool *)p;
    case T_U8: return *(const uint8_t *)p;
    case T_U16: return *(const uint16_t *)p;
    case T_U32: return *(const uint32_t *)p;
    default: return *(const uint64_t *)p;
    }
}

static void set_field(void *base, const field *f, uint64_t v)
{
    char *p = (char *)base + f->off;
    switch (f->type) {
    case T_BOOL: *(bool *)p = v != 0; break;
    case T_U8: *(uint8_t *)p = (uint8_t)v; break;
    case T_U16: *(uint16_t *)p = (uint16_t)v; break;
    case T_U32: *(uint32_t *)p = (uint32_t)v; break;
    default: *(uint64_t *)p = v; break;
    }
}

static int find_field(const field *tab, size_t n, const char *key, size_t klen)
{
    for (size_t i = 0; i < n; i++)
        if (strlen(tab[i].key) == klen && memcmp(tab[i].key, key, klen) == 0)
            return (int)i;
    return -1;
}

/* Parses tokens [first, ntok) as key=value into base; seen[i] marks given keys. */
static bool parse_kvs(fiu_vreader *r, const char *what, const field *tab, size_t n, void *base,
                      size_t first, bool *seen)
{
    for (size_t t = first; t < r->ntok; t++) {
        const char *tok = r->tok[t];
        const char *eq = strchr(tok, '=');
        if (!eq || eq == tok) {
            fail(r, "%s: expected key=value, got '%.40s'", what, tok);
            return false;
        }
        int i = find_field(tab, n, tok, (size_t)(eq - tok));
        if (i < 0) {
            fail(r, "%s: unknown key '%.*s'", what, (int)(eq - tok > 40 ? 40 : eq - tok), tok);
            return false;
        }
        if (seen[i]) {
            fail(r, "%s: duplicate key '%s'", what, tab[i].key);
            return false;
        }
        seen[i] = true;
        if (eq[1] == '\0') {
            fail(r, "%s: missing value for '%s'", what, tab[i].key);
            return false;
        }
        uint64_t v;
        bool ok = tab[i].names ? symval(r, tab[i].key, eq + 1, tab[i].names, type_max(tab[i].type), &v)
                               : hexval(r, tab[i].key, eq + 1, tab[i].annot, type_max(tab[i].type), &v);
        if (!ok)
            return false;
        set_field(base, &tab[i], v);
    }
    return true;
}

/* ---- records ---- */
static const char *const top_keywords[] = {"ramsize", "ram", "map", "samples", "alpha", "mode", "req", NULL};

static bool is_top_keyword(const char *s)
{
    for (const char *const *k = top_keywords; *k; k++)
        if (strcmp(s, *k) == 0)
            return true;
    return false;
}

static bool need_tokens(fiu_vreader *r, size_t min, size_t max, const char *what, const char *missing)
{
    if (r->ntok < min) {
        fail(r, "%s: missing %s", what, missing);
        return false;
    }
    if (r->ntok > max) {
        fail(r, "%s: unexpected '%.40s'", what, r->tok[max]);
        return false;
    }
    return true;
}

static int parse_ram(fiu_vreader *r, fiu_vrec *rec)
{
    uint64_t v;
    if (r->ntok < 3)
        return fail(r, r->ntok < 2 ? "ram: missing address" : "ram: missing data word");
    if (r->ntok > 2 + FIU_VEC_MAX_RAM_WORDS)
        return fail(r, "ram: more than %d words on one line", FIU_VEC_MAX_RAM_WORDS);
    if (!hexval(r, "ram address", r->tok[1], false, UINT32_MAX, &v))
        return -1;
    fiu_vrec_ram *m = &rec->u.ram;
    m->addr = (uint32_t)v;
    m->count = (uint32_t)(r->ntok - 2);
    for (uint32_t i = 0; i < m->count; i++) {
        if (!hexval(r, "ram data", r->tok[2 + i], true, UINT32_MAX, &v))
            return -1;
        m->word[i] = (uint32_t)v;
    }
    if ((uint64_t)m->addr + m->count > r->ramsize)
        return fail(r, "ram: words %lx..%lx outside the RAM (ramsize %lx)", (unsigned long)m->addr,
                    (unsigned long)((uint64_t)m->addr + m->count - 1), (unsigned long)r->ramsize);
    rec->kind = FIU_VREC_RAM;
    return 1;
}

static int parse_map(fiu_vreader *r, fiu_vrec *rec)
{
    static const char *const missing[] = {"", "dword", "present", "plane", "interpolation type (C|P|L)"};
    uint64_t d, pr, pl;
    if (!need_tokens(r, 5, 5, "map", missing[r->ntok < 5 ? r->ntok : 4]))
        return -1;
    if (!hexval(r, "map dword", r->tok[1], false, FIU_MAP_ENTRIES - 1, &d) ||
        !hexval(r, "map present", r->tok[2], false, 1, &pr) ||
        !hexval(r, "map plane", r->tok[3], false, 255, &pl))
        return -1;
    const char *t = r->tok[4];
    const char *hit = (t[0] && !t[1]) ? strchr(interp_letters, upper(t[0])) : NULL;
    if (!hit)
        return fail(r, "map: interpolation type must be C, P or L, got '%.40s'", t);
    rec->kind = FIU_VREC_MAP;
    rec->u.map.dword = (uint32_t)d;
    rec->u.map.present = pr != 0;
    rec->u.map.plane = (uint32_t)pl;
    rec->u.map.interp = (uint32_t)(hit - interp_letters);
    return 1;
}

static bool supported_count(uint64_t c) { return c == 1 || c == 2 || c == 4 || c == 8 || c == 16; }

static int parse_samples(fiu_vreader *r, fiu_vrec *rec)
{
    fiu_vrec_samples *s = &rec->u.samples;
    uint64_t c, v;
    if (r->ntok < 2)
        return fail(r, "samples: missing count");
    if (!hexval(r, "samples count", r->tok[1], false, 31, &c))
        return -1;
    memset(s, 0, sizeof *s);
    s->count = (uint32_t)c;
    size_t npos = c < FIU_MAX_SAMPLES ? (size_t)c : FIU_MAX_SAMPLES;
    size_t t = 2, got = 0;
    for (; t < r->ntok && strcmp(r->tok[t], "priority") != 0; t++, got++) {
        const char *tok = r->tok[t];
        const char *comma = strchr(tok, ',');
        if (got >= npos)
            return fail(r, "samples: more than %zu positions for count %x", npos, (unsigned)c);
        if (!comma || comma == tok || strchr(comma + 1, ','))
            return fail(r, "samples: bad position '%.40s' (expected x,y in hex sixteenths)", tok);
        char xs[48];
        size_t xl = (size_t)(comma - tok);
        if (xl >= sizeof xs)
            return fail(r, "samples: bad position '%.40s'", tok);
        memcpy(xs, tok, xl);
        xs[xl] = '\0';
        if (!hexval(r, "sample x", xs, false, 15, &v))
            return -1;
        s->x[got] = (uint8_t)v;
        if (!hexval(r, "sample y", comma + 1, false, 15, &v))
            return -1;
        s->y[got] = (uint8_t)v;
    }
    bool prio = t < r->ntok;
    if (got == 0 && !prio && supported_count(c)) {
        s->standard = true;
        rec->kind = FIU_VREC_SAMPLES;
        return 1;
    }
    if (got != npos)
        return fail(r, "samples: %zu positions given, count %x needs %zu (or none for the standard "
                    "pattern of count 1, 2, 4, 8, 16)", got, (unsigned)c, npos);
    if (prio) {
        size_t n = r->ntok - t - 1;
        if (n != npos)
            return fail(r, "samples: priority needs exactly %zu sample indices (min(count,16)), got %zu",
                        npos, n);
        for (size_t i = 0; i < n; i++) {
            if (!hexval(r, "samples priority", r->tok[t + 1 + i], false, 15, &v))
                return -1;
            s->priority[i] = (uint8_t)v;
        }
        s->has_priority = true;
    }
    rec->kind = FIU_VREC_SAMPLES;
    return 1;
}

static int parse_alpha(fiu_vreader *r, fiu_vrec *rec)
{
    static const char *const missing[] = {"", "function", "format", "reference"};
    uint64_t fn, fm, ref;
    if (!need_tokens(r, 4, 4, "alpha", missing[r->ntok < 4 ? r->ntok : 3]))
        return -1;
    if (!symval(r, "alpha function", r->tok[1], afunc_names, 7, &fn) ||
        !symval(r, "alpha format", r->tok[2], afmt_names, 3, &fm) ||
        !hexval(r, "alpha reference", r->tok[3], true, UINT32_MAX, &ref))
        return -1;
    rec->kind = FIU_VREC_ALPHA;
    rec->u.alpha.func = (uint32_t)fn;
    rec->u.alpha.format = (uint32_t)fm;
    rec->u.alpha.ref = (uint32_t)ref;
    return 1;
}

static int parse_mode(fiu_vreader *r, fiu_vrec *rec)
{
    static const field mode_fields[] = {{"flush", T_U32, offsetof(fiu_vrec_mode, flush), NULL, false},
                                        {"fused", T_U32, offsetof(fiu_vrec_mode, fused), NULL, false}};
    bool seen[2] = {false, false};
    if (!need_tokens(r, 2, 3, "mode", "flush=0|1 and/or fused=0|1"))
        return -1;
    fiu_vrec_mode m = {-1, -1};
    for (size_t t = 1; t < r->ntok; t++) {
        const char *tok = r->tok[t];
        const char *eq = strchr(tok, '=');
        int i = eq ? find_field(mode_fields, 2, tok, (size_t)(eq - tok)) : -1;
        uint64_t v;
        if (i < 0)
            return fail(r, "mode: expected flush=0|1 or fused=0|1, got '%.40s'", tok);
        if (seen[i])
            return fail(r, "mode: duplicate key '%s'", mode_fields[i].key);
        seen[i] = true;
        if (!hexval(r, mode_fields[i].key, eq + 1, false, 1, &v))
            return -1;
        if (i == 0)
            m.flush = (int)v;
        else
            m.fused = (int)v;
    }
    rec->kind = FIU_VREC_MODE;
    rec->u.mode = m;
    return 1;
}

static void lane_defaults(fiu_lane *ln)
{
    memset(ln, 0, sizeof *ln);
    ln->active = true;
    ln->guard = true;
}

static void request_defaults(fiu_request *rq)
{
    memset(rq, 0, sizeof *rq);
    rq->ipa_mode = FIU_IPA_MUL;
    rq->loc = FIU_LOC_CENTER;
    rq->pmul = true;
    for (unsigned i = 0; i < FIU_MAX_LANES; i++)
        lane_defaults(&rq->lane[i]);
}

/* req line, lane lines, optional expect + res lines, end. */
static int parse_request(fiu_vreader *r, fiu_vrec *rec)
{
    fiu_vrec_request *q = &rec->u.req;
    fiu_request *rq = &q->rq;
    bool seen[MAX_F] = {false};
    request_defaults(rq);
    memset(&q->expect, 0, sizeof q->expect);
    q->has_expect = false;
    rec->kind = FIU_VREC_REQUEST;

    if (!parse_kvs(r, "req", req_fields, N_REQ_F, rq, 1, seen))
        return -1;
    if (!seen[0])
        return fail(r, "req: missing op=");
    if (!seen[N_REQ_F - 1])
        return fail(r, "req: missing lanes=");
    if (rq->lanes < 1 || rq->lanes > FIU_MAX_LANES)
        return fail(r, "lanes: value %lx out of range (1..40 hex, i.e. 1..64 lanes)", (unsigned long)rq->lanes);
    q->expect.lanes = rq->lanes;

    const unsigned long start = r->line;
    unsigned long lane_line[FIU_MAX_LANES] = {0};
    bool res_seen[FIU_MAX_LANES] = {false};
    unsigned nres = 0;
    for (;;) {
        int k = next_line(r);
        if (k < 0)
            return -1;
        if (k == 0)
            return fail(r, "end of file inside the request started at line %lu (no 'end')", start);
        const char *kw = r->tok[0];
        uint64_t v;
        if (strcmp(kw, "lane") == 0) {
            if (q->has_expect)
                return fail(r, "lane: lane records must come before 'expect'");
            if (r->ntok < 2)
                return fail(r, "lane: missing lane index");
            if (!hexval(r, "lane index", r->tok[1], false, UINT32_MAX, &v))
                return -1;
            if (v >= rq->lanes)
                return fail(r, "lane: index %llx out of range (request has %x lanes)",
                            (unsigned long long)v, (unsigned)rq->lanes);
            if (lane_line[v])
                return fail(r, "lane: lane %x given twice (first at line %lu)", (unsigned)v, lane_line[v]);
            lane_line[v] = r->line;
            bool lseen[MAX_F] = {false};
            if (!parse_kvs(r, "lane", lane_fields, N_LANE_F, &rq->lane[v], 2, lseen))
                return -1;
        } else if (strcmp(kw, "expect") == 0) {
            bool xseen[MAX_F] = {false};
            if (q->has_expect)
                return fail(r, "expect: duplicate expect record");
            for (unsigned i = 0; i < rq->lanes; i++)
                if (!lane_line[i])
                    return fail(r, "expect: lane %x missing before 'expect'", i);
            if (!parse_kvs(r, "expect", exp_fields, N_EXP_F, &q->expect, 1, xseen))
                return -1;
            for (unsigned i = 0; i < N_EXP_F; i++)
                if (!xseen[i])
                    return fail(r, "expect: missing %s=", exp_fields[i].key);
            uint64_t valid = rq->lanes >= 64 ? ~0ull : (1ull << rq->lanes) - 1;
            if (q->expect.wmask & ~valid)
                return fail(r, "expect: wmask has bits above lane %x", (unsigned)rq->lanes - 1);
            if (q->expect.kill & ~valid)
                return fail(r, "expect: kill has bits above lane %x", (unsigned)rq->lanes - 1);
            q->has_expect = true;
        } else if (strcmp(kw, "res") == 0) {
            if (!q->has_expect)
                return fail(r, "res: result records must follow 'expect'");
            if (r->ntok < 3)
                return fail(r, r->ntok < 2 ? "res: missing lane index" : "res: missing result word");
            if (!hexval(r, "res lane index", r->tok[1], false, UINT32_MAX, &v))
                return -1;
            uint64_t n = r->ntok - 2;
            if (v >= rq->lanes || v + n > rq->lanes)
                return fail(r, "res: lanes %llx..%llx out of range (request has %x lanes)",
                            (unsigned long long)v, (unsigned long long)(v + n - 1), (unsigned)rq->lanes);
            for (uint64_t i = 0; i < n; i++) {
                uint64_t w;
                if (res_seen[v + i])
                    return fail(r, "res: result of lane %x given twice", (unsigned)(v + i));
                if (!hexval(r, "res", r->tok[2 + i], true, UINT32_MAX, &w))
                    return -1;
                res_seen[v + i] = true;
                q->expect.result[v + i] = (uint32_t)w;
                nres++;
            }
        } else if (strcmp(kw, "end") == 0) {
            if (r->ntok > 1)
                return fail(r, "end: unexpected '%.40s'", r->tok[1]);
            for (unsigned i = 0; i < rq->lanes; i++)
                if (!lane_line[i])
                    return fail(r, "request: lane %x missing (request started at line %lu)", i, start);
            if (q->has_expect && nres < rq->lanes)
                for (unsigned i = 0; i < rq->lanes; i++)
                    if (!res_seen[i])
                        return fail(r, "expect: result of lane %x missing", i);
            return 1;
        } else if (is_top_keyword(kw)) {
            return fail(r, "'%s' inside a request (missing 'end' for the request at line %lu?)", kw, start);
        } else {
            return fail(r, "unknown keyword '%.40s' inside a request", kw);
        }
    }
}

/* One record: 1, 0 (EOF), -1. */
static int parse_record(fiu_vreader *r, fiu_vrec *rec)
{
    int k = next_line(r);
    if (k <= 0)
        return k;
    const char *kw = r->tok[0];
    rec->line = r->line;
    if (strcmp(kw, "ramsize") == 0) {
        uint64_t v;
        if (r->started)
            return fail(r, "ramsize: must be the first record of the file");
        if (!need_tokens(r, 2, 2, "ramsize", "size in words"))
            return -1;
        if (!hexval(r, "ramsize", r->tok[1], false, UINT32_MAX, &v))
            return -1;
        if (v < 1 || v > FIU_VEC_MAX_RAMSIZE)
            return fail(r, "ramsize: value '%.40s' out of range (1..%x)", r->tok[1], FIU_VEC_MAX_RAMSIZE);
        rec->kind = FIU_VREC_RAMSIZE;
        rec->u.ramsize = (uint32_t)v;
        r->ramsize = (uint32_t)v;
        return 1;
    }
    if (strcmp(kw, "ram") == 0)
        return parse_ram(r, rec);
    if (strcmp(kw, "map") == 0)
        return parse_map(r, rec);
    if (strcmp(kw, "samples") == 0)
        return parse_samples(r, rec);
    if (strcmp(kw, "alpha") == 0)
        return parse_alpha(r, rec);
    if (strcmp(kw, "mode") == 0)
        return parse_mode(r, rec);
    if (strcmp(kw, "req") == 0)
        return parse_request(r, rec);
    if (strcmp(kw, "lane") == 0 || strcmp(kw, "expect") == 0 || strcmp(kw, "res") == 0 ||
        strcmp(kw, "end") == 0)
        return fail(r, "'%s' outside a request (no 'req' before it)", kw);
    return fail(r, "unknown keyword '%.40s'", kw);
}

static fiu_vreader *reader_new(FILE *f, const char *name, bool own)
{
    size_t nl = strlen(name);
    fiu_vreader *r = malloc(sizeof *r + nl + 1);
    if (!r)
        return NULL;
    memset(r, 0, sizeof *r);
    memcpy(r->name, name, nl + 1);
    r->f = f;
    r->own = own;
    r->ramsize = FIU_VEC_DEFAULT_RAMSIZE;
    return r;
}

fiu_vreader *fiu_vreader_open(const char *path)
{
    if (strcmp(path, "-") == 0)
        return reader_new(stdin, "<stdin>", false);
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    fiu_vreader *r = reader_new(f, path, true);
    if (!r)
        fclose(f);
    return r;
}

fiu_vreader *fiu_vreader_from_file(FILE *f, const char *name) { return reader_new(f, name, false); }

int fiu_vreader_next(fiu_vreader *r, fiu_vrec *rec)
{
    if (r->failed)
        return -1;
    if (r->have_stash) {
        r->have_stash = false;
        *rec = r->stash;
        return 1;
    }
    if (r->at_eof)
        return 0;
    int k = parse_record(r, rec);
    if (k < 0)
        return -1;
    if (k == 0)
        r->at_eof = true;
    if (!r->started) {
        r->started = true;
        if (k == 1 && rec->kind == FIU_VREC_RAMSIZE)
            return 1;
        if (k == 1) {
            r->stash = *rec;
            r->have_stash = true;
        }
        rec->kind = FIU_VREC_RAMSIZE;
        rec->line = 0;
        rec->u.ramsize = r->ramsize;
        return 1;
    }
    return k;
}

const char *fiu_vreader_error(const fiu_vreader *r) { return r->failed ? r->err : ""; }
const char *fiu_vreader_name(const fiu_vreader *r) { return r->name; }

void fiu_vreader_close(fiu_vreader *r)
{
    if (!r)
        return;
    if (r->own)
        fclose(r->f);
    free(r);
}

/* ---- applying ---- */
bool fiu_vec_apply(fiu_state *st, const fiu_vrec *rec)
{
    switch (rec->kind) {
    case FIU_VREC_RAMSIZE:
        return fiu_state_init(st, rec->u.ramsize);
    case FIU_VREC_RAM:
        for (uint32_t i = 0; i < rec->u.ram.count; i++)
            if (!fiu_state_ram_write(st, rec->u.ram.addr + i, rec->u.ram.word[i]))
                return false;
        return true;
    case FIU_VREC_MAP:
        return fiu_state_map_write(st, rec->u.map.dword, rec->u.map.present, rec->u.map.plane,
                                   rec->u.map.interp);
    case FIU_VREC_SAMPLES: {
        const fiu_vrec_samples *s = &rec->u.samples;
        if (s->standard)
            return fiu_state_samples_default(st, s->count);
        return fiu_state_samples_write(st, s->count, s->x, s->y, s->has_priority ? s->priority : NULL);
    }
    case FIU_VREC_ALPHA:
        return fiu_state_alpha_write(st, rec->u.alpha.func, rec->u.alpha.format, rec->u.alpha.ref);
    case FIU_VREC_MODE:
        fiu_state_mode_write(st, rec->u.mode.flush < 0 ? st->flush : rec->u.mode.flush != 0,
                             rec->u.mode.fused < 0 ? st->fused : rec->u.mode.fused != 0);
        return true;
    case FIU_VREC_REQUEST:
        return true;
    }
    return false;
}

/* ---- writer ---- */
void fiu_vec_f32_text(uint32_t bits, char buf[32])
{
    const char *sign = (bits >> 31) ? "-" : "";
    if (!buf)
        return;
    if (fiu_f32_is_nan(bits)) {
        snprintf(buf, 32, "nan");
        return;
    }
    if ((bits & 0x7FFFFFFFu) == 0x7F800000u) {
        snprintf(buf, 32, "%sinf", sign);
        return;
    }
    if ((bits & 0x7FFFFFFFu) == 0) {
        snprintf(buf, 32, "%s0", sign);
        return;
    }
    float f;
    memcpy(&f, &bits, sizeof f);
    if (f < 1e9f && f > -1e9f && (double)f == (double)(long)f) { /* integral: no exponent */
        snprintf(buf, 32, "%ld", (long)f);
        return;
    }
    int lo = 1, hi = 9; /* smallest precision that reads back (monotonic in p); 9 always does */
    while (lo < hi) {
        int p = (lo + hi) / 2;
        if (snprintf(buf, 32, "%.*g", p, (double)f) >= 32) /* never: p <= 9 */
            break;
        float g = strtof(buf, NULL);
        if (memcmp(&g, &f, sizeof f) == 0)
            hi = p;
        else
            lo = p + 1;
    }
    if (snprintf(buf, 32, "%.*g", lo, (double)f) >= 32)
        buf[0] = '\0';
}

static void put_word(FILE *out, uint32_t w, bool annot)
{
    fprintf(out, "%08lx", (unsigned long)w);
    if (annot) {
        char t[32];
        fiu_vec_f32_text(w, t);
        fprintf(out, "(%s)", t);
    }
}

static void put_sym(FILE *out, const nameval *names, uint64_t v)
{
    const char *n = names ? name_of(names, (unsigned)v) : NULL;
    if (n && v <= UINT32_MAX)
        fputs(n, out);
    else
        fprintf(out, "%llx", (unsigned long long)v);
}

/* Float-valued request operands and results, for annotations. */
static bool rb_is_float(const fiu_request *rq)
{
    return rq->op == FIU_OP_IPA || rq->op == FIU_OP_VINTRP || rq->op == FIU_OP_ATEST;
}

static bool result_is_float(const fiu_request *rq)
{
    switch (rq->op) {
    case FIU_OP_IPA:
        return rq->idx || (rq->imm != FIU_SYS_PRIMID && rq->imm != FIU_SYS_FRONT_FACE);
    case FIU_OP_VINTRP:
    case FIU_OP_ATEST:
        return true;
    case FIU_OP_UNPACK:
        return rq->unpack_fmt <= FIU_UNPACK_SSCALED;
    default:
        return false;
    }
}

/* Request fields always written for an op (the rest only when not default). */
static bool req_field_shown(const fiu_request *rq, const char *key)
{
    static const char *const ipa[] = {"ipa_mode", "loc", "sat", "idx", "atest", "pmul", "puniform", "imm", NULL};
    static const char *const al2p[] = {"imm", NULL};
    static const char *const vintrp[] = {"vintrp", "m0", "wave_lane0", NULL};
    static const char *const unpack[] = {"unpack_fmt", "unpack_comp", "unpack_bgra", NULL};
    const char *const *l = rq->op == FIU_OP_IPA      ? ipa
                           : rq->op == FIU_OP_AL2P   ? al2p
                           : rq->op == FIU_OP_VINTRP ? vintrp
                           : rq->op == FIU_OP_UNPACK ? unpack
                                                     : NULL;
    for (; l && *l; l++)
        if (strcmp(*l, key) == 0)
            return true;
    return strcmp(key, "op") == 0 || strcmp(key, "lanes") == 0;
}

static void write_request(FILE *out, const fiu_request *rq, const fiu_response *x, unsigned flags)
{
    const bool an = (flags & FIU_VEC_ANNOTATE) != 0;
    fiu_request def;
    request_defaults(&def);
    fputs("req", out);
    for (size_t i = 0; i < N_REQ_F; i++) {
        const field *f = &req_fields[i];
        uint64_t v = get_field(rq, f);
        if (v == get_field(&def, f) && !req_field_shown(rq, f->key))
            continue;
        fprintf(out, " %s=", f->key);
        if (f->type == T_U32 && f->off != offsetof(fiu_request, lanes))
            fprintf(out, "%08llx", (unsigned long long)v);
        else
            put_sym(out, f->names, v);
    }
    fputc('\n', out);
    const unsigned lanes = rq->lanes <= FIU_MAX_LANES ? rq->lanes : FIU_MAX_LANES;
    for (unsigned l = 0; l < lanes; l++) {
        const fiu_lane *ln = &rq->lane[l];
        fprintf(out, "lane %x", l);
        for (size_t i = 0; i < N_LANE_F; i++) {
            const field *f = &lane_fields[i];
            uint64_t v = get_field(ln, f);
            if (v == get_field(&def.lane[0], f))
                continue;
            fprintf(out, " %s=", f->key);
            if (f->type == T_U32 && f->annot) {
                bool fl = (f->off == offsetof(fiu_lane, rb) && rb_is_float(rq)) ||
                          (f->off == offsetof(fiu_lane, rd) && rq->op == FIU_OP_VINTRP);
                put_word(out, (uint32_t)v, an && fl);
            } else {
                fprintf(out, "%llx", (unsigned long long)v);
            }
        }
        fputc('\n', out);
    }
    if (x) {
        fputs("expect status=", out);
        put_sym(out, status_names, x->status);
        fprintf(out, " wmask=%llx kill=%llx pred=%d\n", (unsigned long long)x->wmask,
                (unsigned long long)x->kill, x->pred ? 1 : 0);
        const bool fl = an && result_is_float(rq);
        for (unsigned l = 0; l < lanes; l += 4) {
            fprintf(out, "res %x", l);
            for (unsigned i = l; i < l + 4 && i < lanes; i++) {
                fputc(' ', out);
                put_word(out, x->result[i], fl);
            }
            fputc('\n', out);
        }
    }
    fputs("end\n", out);
}

void fiu_vec_write(FILE *out, const fiu_vrec *rec, const fiu_response *expect, unsigned long index,
                   unsigned flags)
{
    const bool an = (flags & FIU_VEC_ANNOTATE) != 0;
    switch (rec->kind) {
    case FIU_VREC_RAMSIZE:
        fprintf(out, "ramsize %lx\n", (unsigned long)rec->u.ramsize);
        break;
    case FIU_VREC_RAM:
        for (uint32_t i = 0; i < rec->u.ram.count; i += 8) { /* 8 words a line */
            fprintf(out, "ram %lx", (unsigned long)(rec->u.ram.addr + i));
            for (uint32_t j = i; j < i + 8 && j < rec->u.ram.count; j++) {
                fputc(' ', out);
                put_word(out, rec->u.ram.word[j], an);
            }
            fputc('\n', out);
        }
        break;
    case FIU_VREC_MAP:
        fprintf(out, "map %02lx %d %lx %c\n", (unsigned long)rec->u.map.dword, rec->u.map.present ? 1 : 0,
                (unsigned long)rec->u.map.plane, rec->u.map.interp < 3 ? interp_letters[rec->u.map.interp] : '?');
        break;
    case FIU_VREC_SAMPLES: {
        const fiu_vrec_samples *s = &rec->u.samples;
        fprintf(out, "samples %lx", (unsigned long)s->count);
        if (!s->standard) {
            unsigned n = s->count < FIU_MAX_SAMPLES ? s->count : FIU_MAX_SAMPLES;
            for (unsigned i = 0; i < n; i++)
                fprintf(out, " %x,%x", s->x[i] & 15u, s->y[i] & 15u);
            if (s->has_priority) {
                fputs(" priority", out);
                for (unsigned i = 0; i < n; i++)
                    fprintf(out, " %x", s->priority[i] & 15u);
            }
        }
        fputc('\n', out);
        break;
    }
    case FIU_VREC_ALPHA:
        fputs("alpha ", out);
        put_sym(out, afunc_names, rec->u.alpha.func);
        fputc(' ', out);
        put_sym(out, afmt_names, rec->u.alpha.format);
        fputc(' ', out);
        put_word(out, rec->u.alpha.ref, an);
        fputc('\n', out);
        break;
    case FIU_VREC_MODE:
        fputs("mode", out);
        if (rec->u.mode.flush >= 0)
            fprintf(out, " flush=%d", rec->u.mode.flush ? 1 : 0);
        if (rec->u.mode.fused >= 0)
            fprintf(out, " fused=%d", rec->u.mode.fused ? 1 : 0);
        fputc('\n', out);
        break;
    case FIU_VREC_REQUEST:
        if (index > 0)
            fprintf(out, "# request %lu\n", index - 1);
        write_request(out, &rec->u.req.rq, expect, flags);
        break;
    }
}

/* ---- compare and report ---- */
unsigned fiu_vec_compare(const fiu_response *x, const fiu_response *g)
{
    unsigned n = (x->status != g->status) + (x->wmask != g->wmask) + (x->kill != g->kill) +
                 (x->pred != g->pred);
    unsigned lanes = x->lanes <= FIU_MAX_LANES ? x->lanes : FIU_MAX_LANES;
    for (unsigned l = 0; l < lanes; l++)
        n += x->result[l] != g->result[l];
    return n;
}

static void put_status(FILE *out, unsigned s)
{
    const char *n = fiu_vec_status_name(s);
    if (n)
        fprintf(out, "%s (%u)", n, s);
    else
        fprintf(out, "%u", s);
}

void fiu_vec_describe_request(FILE *out, const fiu_request *rq)
{
    fputs("op=", out);
    put_sym(out, op_names, rq->op);
    switch (rq->op) {
    case FIU_OP_IPA:
        fputs(" ipa_mode=", out);
        put_sym(out, ipa_mode_names, rq->ipa_mode);
        fputs(" loc=", out);
        put_sym(out, loc_names, rq->loc);
        fprintf(out, " sat=%d idx=%d atest=%d pmul=%d puniform=%d imm=%03x", rq->sat, rq->idx,
                rq->atest, rq->pmul, rq->puniform, rq->imm);
        break;
    case FIU_OP_AL2P:
        fprintf(out, " imm=%03x", rq->imm);
        break;
    case FIU_OP_VINTRP: {
        static const char *const opn[] = {"P1", "P2", "MOV", "opcode3"};
        uint32_t w = rq->vintrp;
        fprintf(out, " vintrp=%08lx (%s vdst=%lu vsrc=%lu attr=%lu chan=%c encoding=%02lx)",
                (unsigned long)w, opn[(w >> 16) & 3], (unsigned long)((w >> 18) & 0xFF),
                (unsigned long)(w & 0xFF), (unsigned long)((w >> 10) & 0x3F), "xyzw"[(w >> 8) & 3],
                (unsigned long)(w >> 26));
        fprintf(out, " m0=%08lx (offset=%lx newprimmask=%lx) wave_lane0=%u", (unsigned long)rq->m0,
                (unsigned long)(rq->m0 & 0xFFFF), (unsigned long)((rq->m0 >> 16) & 0x7FFF),
                rq->wave_lane0);
        break;
    }
    case FIU_OP_ATEST:
        break;
    case FIU_OP_UNPACK:
        fputs(" unpack_fmt=", out);
        put_sym(out, unpack_names, rq->unpack_fmt);
        fprintf(out, " unpack_comp=%u unpack_bgra=%d", rq->unpack_comp, rq->unpack_bgra);
        break;
    default:
        fputs(" (unknown op)", out);
        break;
    }
    fprintf(out, " lanes=%lu", (unsigned long)rq->lanes);
}

void fiu_vec_describe_state(FILE *out, const fiu_state *st)
{
    fprintf(out, "flush=%d fused=%d alpha=", st->flush, st->fused);
    put_sym(out, afunc_names, st->alpha_func);
    fputc('/', out);
    put_sym(out, afmt_names, st->alpha_format);
    fprintf(out, " alpha_ref=%08lx samples=%u ramsize=%lx", (unsigned long)st->alpha_ref, st->samples.count,
            (unsigned long)st->ram_words);
}

static void put_hf(FILE *out, uint32_t w)
{
    char t[32];
    fiu_vec_f32_text(w, t);
    fprintf(out, "%08lx (%s)", (unsigned long)w, t);
}

void fiu_vec_report_mismatch(FILE *out, const fiu_request *rq, const fiu_response *x,
                             const fiu_response *g, unsigned max_lanes)
{
    fputs("  request: ", out);
    fiu_vec_describe_request(out, rq);
    fputc('\n', out);
    if (x->status != g->status) {
        fputs("  status: expected ", out);
        put_status(out, x->status);
        fputs(" got ", out);
        put_status(out, g->status);
        fputc('\n', out);
    }
    if (x->wmask != g->wmask)
        fprintf(out, "  wmask: expected %llx got %llx\n", (unsigned long long)x->wmask,
                (unsigned long long)g->wmask);
    if (x->kill != g->kill)
        fprintf(out, "  kill: expected %llx got %llx\n", (unsigned long long)x->kill,
                (unsigned long long)g->kill);
    if (x->pred != g->pred)
        fprintf(out, "  pred: expected %d got %d\n", x->pred, g->pred);
    unsigned lanes = x->lanes <= FIU_MAX_LANES ? x->lanes : FIU_MAX_LANES, shown = 0;
    for (unsigned l = 0; l < lanes; l++) {
        if (x->result[l] == g->result[l])
            continue;
        if (shown++ == max_lanes) {
            fputs("  (more lanes differ)\n", out);
            break;
        }
        const fiu_lane *ln = &rq->lane[l];
        if (l < 10)
            fprintf(out, "  lane %u: expected ", l);
        else /* lane indices are hex in the file */
            fprintf(out, "  lane %x (decimal %u): expected ", l, l);
        put_hf(out, x->result[l]);
        fputs(" got ", out);
        put_hf(out, g->result[l]);
        fprintf(out, " (wmask bit: expected %d got %d)\n", (int)((x->wmask >> l) & 1),
                (int)((g->wmask >> l) & 1));
        fprintf(out, "    inputs: active=%d guard=%d px=%x py=%x sample_id=%x coverage=%x "
                     "prim_base=%lx prim_id=%lx front_face=%d\n",
                ln->active, ln->guard, ln->px, ln->py, ln->sample_id, ln->coverage,
                (unsigned long)ln->prim_base, (unsigned long)ln->prim_id, ln->front_face);
        fputs("    ra=", out);
        put_hf(out, ln->ra);
        fputs(" rb=", out);
        put_hf(out, ln->rb);
        fputs(" rc=", out);
        put_hf(out, ln->rc);
        fputs(" rd=", out);
        put_hf(out, ln->rd);
        fputc('\n', out);
    }
}
