/* Constrained-random stimulus generator (docs/vectors.md, "Generated streams").
 * Planes come from random triangles, LDS parameters from random vertex values; fp32 operands
 * are weighted toward corner cases; illegal encodings appear at low rates so that every
 * status code shows up in a stream of a few thousand requests. Deterministic in the seed:
 * a private xoshiro256** generator, and host double arithmetic only in IEEE-exact operations
 * (+ - * /, conversion to float) under the default rounding mode, and no two PRNG draws in one
 * expression whose evaluation order C leaves unspecified. */
#include <stdlib.h>
#include <string.h>

#include "fiu_vectors.h"
#include "bits.h"

/* ---- PRNG: xoshiro256** seeded with splitmix64 ---- */
typedef struct {
    uint64_t s[4];
} rng_t;

static uint64_t splitmix64(uint64_t *x)
{
    uint64_t z = (*x += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

static uint64_t rng_u64(rng_t *r)
{
    uint64_t *s = r->s;
    uint64_t out = rotl(s[1] * 5, 7) * 9, t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return out;
}

static uint32_t rng_u32(rng_t *r) { return (uint32_t)(rng_u64(r) >> 32); }
/* 0..n-1 (n >= 1). */
static uint32_t rng_below(rng_t *r, uint32_t n) { return (uint32_t)(((rng_u64(r) >> 32) * (uint64_t)n) >> 32); }
static bool rng_pct(rng_t *r, unsigned pct) { return rng_below(r, 100) < pct; }
static double rng_unit(rng_t *r) { return (double)(rng_u64(r) >> 11) * 0x1p-53; }
static double rng_range(rng_t *r, double lo, double hi) { return lo + (hi - lo) * rng_unit(r); }

/* Index picked with the given weights. */
static unsigned rng_pick(rng_t *r, const unsigned *w, unsigned n)
{
    unsigned total = 0;
    for (unsigned i = 0; i < n; i++)
        total += w[i];
    unsigned x = rng_below(r, total);
    for (unsigned i = 0; i < n; i++) {
        if (x < w[i])
            return i;
        x -= w[i];
    }
    return n - 1;
}
#define PICK(r, w) rng_pick((r), (w), (unsigned)(sizeof(w) / sizeof((w)[0])))

/* ---- fp32 values ---- */
static uint32_t f2u(float f)
{
    uint32_t u;
    memcpy(&u, &f, sizeof u);
    return u;
}
static uint32_t d2u(double d) { return f2u((float)d); } /* RNE, overflow to inf */

static const uint32_t CORNER_F32[] = {
    0x00000000, 0x80000000, 0x3F800000, 0xBF800000, 0x3F000000, 0x40000000, 0x00000001,
    0x80000001, 0x007FFFFF, 0x807FFFFF, 0x00400000, 0x00800000, 0x80800000, 0x00800001,
    0x00FFFFFF, 0x3F7FFFFF, 0x3F800001, 0x7F7FFFFF, 0xFF7FFFFF, 0x7F000000, 0x7F800000,
    0xFF800000, 0x7FC00000, 0xFFC00000, 0x7F800001, 0x7FFFFFFF, 0xFFFFFFFF, 0x33800000,
    0x4B000000, 0x4B800000, 0x5F800000, 0x1F800000, 0x477FFF00, 0xC7000000};

/* A corner-case fp32 word: table, near 2^-126, large, subnormal. */
static uint32_t corner_f32(rng_t *r)
{
    uint32_t sign = rng_u32(r) & 0x80000000u;
    switch (rng_below(r, 6)) {
    case 0: case 1: case 2:
        return CORNER_F32[rng_below(r, sizeof CORNER_F32 / sizeof CORNER_F32[0])];
    case 3:
        return sign | (0x00800000u + rng_below(r, 9) - 4u);
    case 4: {
        uint32_t e = 0xE0u + rng_below(r, 0x1F);
        return sign | (e << 23) | (rng_u32(r) & 0x7FFFFFu);
    }
    default:
        return sign | (rng_u32(r) & 0x7FFFFFu);
    }
}

/* An attribute-like vertex value (double). */
static double attr_value(rng_t *r)
{
    static const unsigned w[] = {45, 20, 10, 5, 5, 10, 5};
    switch (PICK(r, w)) {
    case 0: return rng_unit(r);
    case 1: return rng_range(r, -10, 10);
    case 2: return rng_range(r, -1e4, 1e4);
    case 3: return rng_range(r, -1, 1) * 1e-37;
    case 4: return rng_range(r, -1, 1) * 1e30;
    case 5: return (double)((int)rng_below(r, 512) - 256);
    default: return rng_range(r, 1e6, 1e8);
    }
}

/* A renderer's attribute value: colours, texture coordinates, positions. */
static double real_value(rng_t *r)
{
    static const unsigned w[] = {60, 25, 10, 5};
    switch (PICK(r, w)) {
    case 0: return rng_unit(r);
    case 1: return rng_range(r, -10, 10);
    case 2: return rng_range(r, -1e4, 1e4);
    default: return (double)((int)rng_below(r, 512) - 256);
    }
}

/* Replaces a word by a corner case with probability pct. */
static uint32_t maybe_corner(rng_t *r, uint32_t w, unsigned pct) { return rng_pct(r, pct) ? corner_f32(r) : w; }

/* ---- generator state ---- */
enum {
    NSLOT = 8,
    SLOT_PLANES = 8,              /* plane 7 holds 1/w */
    SLOT_WORDS = 3 * SLOT_PLANES,
    OOW_PLANE = SLOT_PLANES - 1,
    LDS_BASE = 0x100              /* words; TRAM slots live below */
};

typedef struct {
    uint32_t base, prim_id;
    bool front;
    int x0, y0, x1, y1;           /* pixel bounding box, inclusive */
    double oow[3];                /* 1/w plane A, B, C (for realistic MUL multiplicands) */
} slot_t;

/* Throughput mix (see "throughput mix" below). */
enum {
    TP_LDS_PRIMS = 4,                                /* primitives of a GCN wave, at most */
    TP_LDS_ATTRS = 2,                                /* GCN attributes 0 and 1 */
    TP_LDS_WORDS = 12 * TP_LDS_PRIMS * TP_LDS_ATTRS  /* one LDS buffer; two at LDS_BASE */
};

typedef struct {
    bool live[NSLOT];             /* slot readable by requests (not being uploaded) */
    int up_slot;                  /* slot being uploaded; -1: an LDS buffer */
    slot_t up_meta;               /* the uploading slot's new triangle */
    uint32_t up_addr, up_n, up_done;
    uint32_t up_word[TP_LDS_WORDS];
    unsigned next_slot;           /* round-robin upload order */
    unsigned lds_new;             /* LDS buffer that new waves read */
    unsigned wave_buf;            /* LDS buffer of the current wave */
    uint32_t wave_mask, wave_pos; /* its newprimmask, its next wave lane */
    int64_t credit;               /* port writes owed, in 1/FIU_GEN_TP_REQUESTS_PER_WRITE */
    unsigned next_write;          /* tp_write */
    bool p2_pending;
    fiu_request p2;               /* the P2 half of a GCN pair */
} tp_t;

typedef struct {
    rng_t rng;
    fiu_gen_config cfg;
    fiu_gen_sink sink;
    void *ctx;
    bool stop;
    fiu_state st;                 /* shadow of the state written so far */
    bool st_ok;
    uint8_t plane_kind[SLOT_PLANES]; /* fiu_interp of each plane's data */
    slot_t slot[NSLOT];
    uint32_t m0;
    unsigned lds_nattr;
    uint8_t lds_attr[4];
    unsigned bad_samples_ttl;     /* requests left with an unsupported sample count */
    tp_t tp;                      /* throughput mix only */
    uint64_t map_bits[FIU_MAP_ENTRIES / 64]; /* present entries of st.map, kept by emit */
    fiu_vrec rec;
} gen_t;

static void note_present(gen_t *g, uint32_t d)
{
    const uint64_t bit = 1ull << (d % 64);
    if (g->st.map[d].present)
        g->map_bits[d / 64] |= bit;
    else
        g->map_bits[d / 64] &= ~bit;
}

static void emit(gen_t *g)
{
    if (g->stop)
        return;
    /* RAMSIZE and MAP are the only records that change the map */
    const bool map = g->rec.kind == FIU_VREC_MAP && g->st_ok && g->rec.u.map.dword < FIU_MAP_ENTRIES;
    if (!fiu_vec_apply(&g->st, &g->rec)) { /* the generator only writes legal state */
        g->stop = true;
        return;
    }
    if (g->rec.kind == FIU_VREC_RAMSIZE) {
        g->st_ok = true;
        for (uint32_t d = 0; d < FIU_MAP_ENTRIES; d++)
            note_present(g, d);
    } else if (map) {
        note_present(g, g->rec.u.map.dword);
    }
    if (!g->sink(g->ctx, &g->rec))
        g->stop = true;
}

/* RAM words at addr.., clipped to the RAM, split into records. */
static void emit_ram(gen_t *g, uint32_t addr, const uint32_t *w, uint32_t n)
{
    for (uint32_t i = 0; i < n && !g->stop;) {
        if ((uint64_t)addr + i >= g->st.ram_words)
            return;
        uint32_t k = 0;
        g->rec.kind = FIU_VREC_RAM;
        g->rec.u.ram.addr = addr + i;
        while (i < n && k < FIU_VEC_MAX_RAM_WORDS && (uint64_t)addr + i < g->st.ram_words)
            g->rec.u.ram.word[k++] = w[i++];
        g->rec.u.ram.count = k;
        emit(g);
    }
}

/* ---- state writes ---- */
static void gen_mode(gen_t *g)
{
    g->rec.kind = FIU_VREC_MODE;
    g->rec.u.mode.flush = (int)rng_below(&g->rng, 2);
    g->rec.u.mode.fused = (int)rng_below(&g->rng, 2);
    emit(g);
}

static unsigned unorm_bits(unsigned fmt) { return fmt == FIU_AFMT_UNORM10 ? 10 : fmt == FIU_AFMT_UNORM16 ? 16 : 8; }

/* A value near a UNORMn rounding boundary (k +- 0.5)/(2^n - 1), or a level k/(2^n-1). */
static uint32_t unorm_edge(rng_t *r, unsigned bits, bool level)
{
    double m = (double)((1u << bits) - 1);
    double k = (double)rng_below(r, (1u << bits));
    uint32_t w = d2u(level ? k / m : (k + (rng_pct(r, 50) ? 0.5 : -0.5)) / m);
    return w + rng_below(r, 3) - 1u; /* +-1 ulp */
}

static void gen_alpha(gen_t *g)
{
    rng_t *r = &g->rng;
    static const unsigned w[] = {40, 20, 20, 20};
    uint32_t fmt = rng_below(r, 4), ref;
    switch (PICK(r, w)) {
    case 0: ref = unorm_edge(r, unorm_bits(fmt), true); break;
    case 1: ref = unorm_edge(r, unorm_bits(fmt), false); break;
    case 2: ref = d2u(rng_unit(r)); break;
    default: ref = corner_f32(r); break;
    }
    g->rec.kind = FIU_VREC_ALPHA;
    g->rec.u.alpha.func = rng_below(r, 8);
    g->rec.u.alpha.format = fmt;
    g->rec.u.alpha.ref = ref;
    emit(g);
}

static const uint8_t SUPPORTED_COUNTS[] = {1, 2, 4, 8, 16};

static void gen_samples(gen_t *g, bool allow_bad)
{
    rng_t *r = &g->rng;
    fiu_vrec_samples *s = &g->rec.u.samples;
    static const unsigned w[] = {60, 25, 15};
    unsigned kind = PICK(r, w);
    if (!allow_bad && kind == 2)
        kind = 0;
    memset(s, 0, sizeof *s);
    g->rec.kind = FIU_VREC_SAMPLES;
    s->count = SUPPORTED_COUNTS[rng_below(r, 5)];
    g->bad_samples_ttl = 0;
    if (kind == 0) {
        s->standard = true;
    } else {
        if (kind == 2) {
            do
                s->count = rng_below(r, 32);
            while (s->count == 1 || s->count == 2 || s->count == 4 || s->count == 8 || s->count == 16);
            g->bad_samples_ttl = 3 + rng_below(r, 12);
        }
        unsigned n = s->count < FIU_MAX_SAMPLES ? s->count : FIU_MAX_SAMPLES;
        for (unsigned i = 0; i < n; i++) {
            s->x[i] = (uint8_t)rng_below(r, 16);
            s->y[i] = (uint8_t)rng_below(r, 16);
        }
        if (rng_pct(r, 50)) { /* a random priority order (a permutation of 0..n-1) */
            s->has_priority = true;
            for (unsigned i = 0; i < n; i++)
                s->priority[i] = (uint8_t)i;
            for (unsigned i = n; i > 1; i--) {
                unsigned j = rng_below(r, i);
                uint8_t t = s->priority[i - 1];
                s->priority[i - 1] = s->priority[j];
                s->priority[j] = t;
            }
        }
    }
    emit(g);
}

static void map_write(gen_t *g, uint32_t dword, bool present, uint32_t plane, uint32_t interp)
{
    g->rec.kind = FIU_VREC_MAP;
    g->rec.u.map.dword = dword;
    g->rec.u.map.present = present;
    g->rec.u.map.plane = plane;
    g->rec.u.map.interp = interp;
    emit(g);
}

/* New attribute map: plane kinds, z and 1/w, generic attributes, a few explicit unmaps. */
static void gen_map(gen_t *g)
{
    rng_t *r = &g->rng;
    static const unsigned kw[] = {40, 40, 20}; /* LINEAR, PERSPECTIVE, CONSTANT */
    static const uint8_t kinds[] = {FIU_INTERP_LINEAR, FIU_INTERP_PERSPECTIVE, FIU_INTERP_CONSTANT};
    for (unsigned p = 0; p < OOW_PLANE; p++)
        g->plane_kind[p] = kinds[PICK(r, kw)];
    g->plane_kind[OOW_PLANE] = FIU_INTERP_LINEAR;
    for (uint32_t d = 0; d < FIU_MAP_ENTRIES; d++) /* drop about half of the old entries */
        if (g->st.map[d].present && rng_pct(r, 50))
            map_write(g, d, false, 0, FIU_INTERP_CONSTANT);
    map_write(g, 0x078 / 4, true, rng_below(r, OOW_PLANE), FIU_INTERP_LINEAR); /* z, 0x078 */
    map_write(g, 0x7C / 4, true, OOW_PLANE, FIU_INTERP_LINEAR);                              /* 1/w */
    unsigned n = 10 + rng_below(r, 15);
    for (unsigned i = 0; i < n; i++) {
        uint32_t d = 0x20 + rng_below(r, 0xFF - 0x20);
        uint32_t plane = rng_pct(r, 5) ? SLOT_PLANES + rng_below(r, 256 - SLOT_PLANES) : rng_below(r, OOW_PLANE);
        uint32_t interp = plane < SLOT_PLANES && rng_pct(r, 85) ? g->plane_kind[plane] : rng_below(r, 3);
        map_write(g, d, true, plane, interp);
    }
    for (unsigned i = 0; i < 3; i++) {
        uint32_t d = 0x20 + rng_below(r, 0xE0), plane = rng_below(r, 256);
        map_write(g, d, false, plane, rng_below(r, 3));
    }
}

/* A, B, C (pixel units) of the plane through (vx[k], vy[k], v[k]). */
static void plane_eq(const double vx[3], const double vy[3], const double v[3], double abc[3])
{
    double x1 = vx[1] - vx[0], y1 = vy[1] - vy[0], x2 = vx[2] - vx[0], y2 = vy[2] - vy[0];
    double det = x1 * y2 - x2 * y1, d1 = v[1] - v[0], d2 = v[2] - v[0];
    abc[0] = (d1 * y2 - d2 * y1) / det;
    abc[1] = (d2 * x1 - d1 * x2) / det;
    abc[2] = v[0] - abc[0] * vx[0] - abc[1] * vy[0];
}

/* A new triangle for slot i: vertices, w, planes (perspective ones pre-divided by w) into
 * *s and words. realistic (throughput mix): no fp32 corner cases, random bits or RAM overrun. */
static void slot_content(gen_t *g, unsigned i, bool realistic, slot_t *s, uint32_t words[SLOT_WORDS])
{
    rng_t *r = &g->rng;
    double vx[3], vy[3], w[3];
    s->base = i * SLOT_WORDS;
    if (!realistic && i == NSLOT - 1 && rng_pct(r, 50)) /* straddles the end of the RAM: ADDR_RANGE */
        s->base = g->st.ram_words - 1 - rng_below(r, SLOT_WORDS);
    s->prim_id = rng_pct(r, 70) ? rng_below(r, 1024) : rng_u32(r);
    s->front = rng_pct(r, 50);
    static const unsigned ow[] = {70, 20, 10};
    double ox, oy;
    switch (PICK(r, ow)) {
    case 0: ox = rng_below(r, 1024); oy = rng_below(r, 1024); break;
    case 1: ox = rng_below(r, 16384); oy = rng_below(r, 16384); break;
    default: ox = 65535 - 64 - rng_below(r, 64); oy = 65535 - 64 - rng_below(r, 64); break;
    }
    double det;
    int tries = 0;
    do {
        for (int k = 0; k < 3; k++) {
            vx[k] = ox + rng_below(r, 64 * 16) / 16.0;
            vy[k] = oy + rng_below(r, 64 * 16) / 16.0;
        }
        det = (vx[1] - vx[0]) * (vy[2] - vy[0]) - (vx[2] - vx[0]) * (vy[1] - vy[0]);
    } while (det < 4 && det > -4 && ++tries < 16);
    if (det < 4 && det > -4) { /* fall back to a fixed right triangle */
        vx[0] = ox, vy[0] = oy, vx[1] = ox + 32, vy[1] = oy, vx[2] = ox, vy[2] = oy + 32;
    }
    double lo_x = vx[0], hi_x = vx[0], lo_y = vy[0], hi_y = vy[0];
    for (int k = 1; k < 3; k++) {
        lo_x = vx[k] < lo_x ? vx[k] : lo_x;
        hi_x = vx[k] > hi_x ? vx[k] : hi_x;
        lo_y = vy[k] < lo_y ? vy[k] : lo_y;
        hi_y = vy[k] > hi_y ? vy[k] : hi_y;
    }
    s->x0 = (int)lo_x, s->x1 = (int)hi_x, s->y0 = (int)lo_y, s->y1 = (int)hi_y;
    for (int k = 0; k < 3; k++) {
        w[k] = rng_range(r, 0.5, 16);
        if (rng_pct(r, 5))
            w[k] = rng_pct(r, 50) ? rng_range(r, 500, 5000) : rng_range(r, 0.001, 0.05);
    }
    for (unsigned p = 0; p < SLOT_PLANES; p++) {
        double v[3], abc[3];
        for (int k = 0; k < 3; k++) {
            v[k] = realistic ? real_value(r) : attr_value(r);
            if (p == OOW_PLANE)
                v[k] = 1 / w[k];
            else if (g->plane_kind[p] == FIU_INTERP_PERSPECTIVE)
                v[k] /= w[k];
        }
        if (g->plane_kind[p] == FIU_INTERP_CONSTANT) {
            abc[0] = abc[1] = rng_pct(r, 70) ? 0 : realistic ? real_value(r) : attr_value(r);
            abc[2] = v[0];
        } else {
            plane_eq(vx, vy, v, abc);
        }
        if (p == OOW_PLANE)
            memcpy(s->oow, abc, sizeof abc);
        for (int k = 0; k < 3; k++)
            words[3 * p + k] = realistic ? d2u(abc[k]) : maybe_corner(r, d2u(abc[k]), p == OOW_PLANE ? 1 : 6);
        if (!realistic && g->plane_kind[p] == FIU_INTERP_CONSTANT && rng_pct(r, 20))
            words[3 * p + 2] = rng_u32(r); /* CONSTANT passes any bits */
        if (!realistic && rng_pct(r, 2))
            for (int k = 0; k < 3; k++)
                words[3 * p + k] = rng_u32(r);
    }
}

static void gen_slot(gen_t *g, unsigned i)
{
    uint32_t words[SLOT_WORDS];
    slot_content(g, i, false, &g->slot[i], words);
    emit_ram(g, g->slot[i].base, words, SLOT_WORDS);
}

/* New GCN parameter blocks: M0, attributes, P0/P10/P20 per primitive and channel. */
static void gen_lds(gen_t *g)
{
    rng_t *r = &g->rng;
    static const unsigned mw[] = {30, 40, 30};
    uint32_t mask;
    switch (PICK(r, mw)) {
    case 0: mask = 0; break;
    case 1: /* sparse; & is commutative, so the call order does not matter */
        mask = rng_u32(r) & rng_u32(r) & rng_u32(r) & 0x7FFFu;
        break;
    default: mask = rng_u32(r) & 0x7FFFu; break;
    }
    uint32_t numprim = fiu_gcn_numprim(mask);
    g->lds_nattr = 1 + rng_below(r, 3);
    for (unsigned i = 0; i < g->lds_nattr; i++)
        g->lds_attr[i] = (uint8_t)(rng_pct(r, 90) ? rng_below(r, 4) : 31 + rng_below(r, 2));
    uint32_t max_attr = 0;
    for (unsigned i = 0; i < g->lds_nattr; i++)
        max_attr = g->lds_attr[i] > max_attr ? g->lds_attr[i] : max_attr;
    uint32_t region = 12 * (max_attr + 1) * numprim, off = LDS_BASE;
    uint32_t room = g->st.ram_words > LDS_BASE + region ? g->st.ram_words - LDS_BASE - region : 0;
    if (room > 0x3FFF - LDS_BASE)
        room = 0x3FFF - LDS_BASE;
    off += rng_below(r, room + 1);
    g->m0 = (mask << 16) | (off * 4u) | (rng_pct(r, 10) ? 0x80000000u : 0);
    uint32_t words[12 * 16];
    for (unsigned i = 0; i < g->lds_nattr; i++) {
        for (uint32_t p = 0; p < numprim; p++)
            for (unsigned c = 0; c < 4; c++) {
                double v0 = attr_value(r), v1 = attr_value(r), v2 = attr_value(r);
                uint32_t *b = &words[12 * p];
                b[2 * c] = maybe_corner(r, d2u(v0), 4);
                b[2 * c + 1] = maybe_corner(r, d2u(v1 - v0), 4);
                b[8 + c] = maybe_corner(r, d2u(v2 - v0), 4);
            }
        emit_ram(g, off + 12 * g->lds_attr[i] * numprim, words, 12 * numprim);
    }
}

/* ---- requests ---- */
static void lane_masks(gen_t *g, fiu_request *rq)
{
    rng_t *r = &g->rng;
    static const unsigned aw[] = {80, 17, 3}, gw[] = {85, 12, 3};
    unsigned am = PICK(r, aw), gm = PICK(r, gw);
    for (uint32_t l = 0; l < rq->lanes; l++) {
        rq->lane[l].active = am == 0 || (am == 1 && rng_pct(r, 75));
        rq->lane[l].guard = gm == 0 || (gm == 1 && rng_pct(r, 75));
    }
}

/* Quads: pixels of a 2x2 block inside a slot's triangle bounding box, slot data per quad. */
static void fill_quads(gen_t *g, fiu_request *rq)
{
    rng_t *r = &g->rng;
    for (uint32_t q = 0; q * 4 < rq->lanes; q++) {
        const slot_t *s = &g->slot[rng_below(r, NSLOT)];
        uint32_t px = (uint32_t)s->x0 + rng_below(r, (uint32_t)(s->x1 - s->x0) + 1);
        uint32_t py = (uint32_t)s->y0 + rng_below(r, (uint32_t)(s->y1 - s->y0) + 1);
        px = (px > 65534 ? 65534 : px) & ~1u;
        py = (py > 65534 ? 65534 : py) & ~1u;
        for (uint32_t k = 0; k < 4 && q * 4 + k < rq->lanes; k++) {
            fiu_lane *ln = &rq->lane[q * 4 + k];
            ln->px = (uint16_t)(px + (k & 1));
            ln->py = (uint16_t)(py + (k >> 1));
            ln->prim_base = s->base;
            ln->prim_id = s->prim_id;
            ln->front_face = s->front;
        }
    }
    lane_masks(g, rq);
}

static const slot_t *lane_slot(const gen_t *g, const fiu_lane *ln)
{
    for (unsigned i = 0; i < NSLOT; i++)
        if (g->slot[i].base == ln->prim_base)
            return &g->slot[i];
    return &g->slot[0];
}

/* A mapped dword (or a random one if the map is empty): the pick-th present one in dword order. */
static uint32_t mapped_dword(gen_t *g)
{
    uint32_t n = 0, pick;
    for (uint32_t w = 0; w < FIU_MAP_ENTRIES / 64; w++)
        n += fiu_tool_popcount64(g->map_bits[w]);
    if (n == 0)
        return rng_below(&g->rng, FIU_MAP_ENTRIES);
    pick = rng_below(&g->rng, n);
    for (uint32_t w = 0; w < FIU_MAP_ENTRIES / 64; w++) {
        uint64_t bits = g->map_bits[w];
        uint32_t here = fiu_tool_popcount64(bits);
        if (pick >= here) {
            pick -= here;
            continue;
        }
        while (pick--)
            bits &= bits - 1;
        return 64 * w + (uint32_t)fiu_tool_lsb64(bits);
    }
    return 0;
}

static uint32_t unmapped_dword(gen_t *g)
{
    for (int tries = 0; tries < 64; tries++) {
        uint32_t d = rng_below(&g->rng, FIU_MAP_ENTRIES);
        if (!g->st.map[d].present)
            return d;
    }
    return rng_below(&g->rng, FIU_MAP_ENTRIES);
}

static const uint16_t SYS_ADDR[] = {FIU_SYS_PRIMID, FIU_SYS_SAMPLE_X, FIU_SYS_SAMPLE_Y, 0x078, 0x07C,
                                    FIU_SYS_FRONT_FACE};

/* A logical attribute byte address (IPA immediate, AL2P operand). */
static uint32_t logical_addr(gen_t *g)
{
    rng_t *r = &g->rng;
    static const unsigned w[] = {65, 12, 8, 5, 10};
    switch (PICK(r, w)) {
    case 0: return 4 * mapped_dword(g);
    case 1: return SYS_ADDR[rng_below(r, sizeof SYS_ADDR / sizeof SYS_ADDR[0])];
    case 2: return 4 * unmapped_dword(g);
    case 3: {
        uint32_t a = rng_below(r, 0x400) & ~3u;
        return a | (1 + rng_below(r, 3));
    }
    default: return rng_below(r, 0x400);
    }
}

/* The model's AL2P result for a logical address (IDX operands are real AL2P results). */
static uint32_t al2p_of(const gen_t *g, uint32_t addr)
{
    fiu_request rq;
    fiu_response rsp;
    memset(&rq, 0, sizeof rq);
    rq.op = FIU_OP_AL2P;
    rq.lanes = 1;
    rq.lane[0].active = rq.lane[0].guard = true;
    rq.lane[0].ra = addr;
    fiu_execute(&g->st, &rq, &rsp);
    return rsp.result[0];
}

static uint32_t idx_operand(gen_t *g)
{
    rng_t *r = &g->rng;
    uint32_t ra = al2p_of(g, rng_pct(r, 85) ? 4 * mapped_dword(g) : logical_addr(g));
    static const unsigned w[] = {90, 2, 2, 2, 2, 2};
    switch (PICK(r, w)) {
    case 1: return ra & ~FIU_AL2P_VALID;                     /* UNMAPPED */
    case 2: return ra | (3u << FIU_AL2P_TYPE_SHIFT);         /* reserved type */
    case 3: return ra | (1 + rng_below(r, 3));               /* MISALIGNED */
    case 4: return FIU_AL2P_VALID | (0xF000u + 4 * rng_below(r, 0x400)); /* far offset */
    case 5: return rng_u32(r);
    default: return ra;
    }
}

static uint32_t sample_count(const gen_t *g) { return g->st.samples.count; }

static uint16_t coverage_mask(gen_t *g)
{
    rng_t *r = &g->rng;
    uint32_t n = sample_count(g) < 16 ? sample_count(g) : 16;
    uint32_t full = (1u << n) - 1u;
    static const unsigned w[] = {20, 10, 20, 45, 5};
    switch (PICK(r, w)) {
    case 0: return (uint16_t)full;
    case 1: return 0;
    case 2: return (uint16_t)(n ? 1u << rng_below(r, n) : 0);
    case 3: return (uint16_t)(rng_u32(r) & full);
    default: return (uint16_t)rng_u32(r);
    }
}

/* A 4.12 offset pair: clean sixteenths, or random bits (only bits 11:8 and 27:24 count). */
static uint32_t offset_operand(rng_t *r)
{
    if (rng_pct(r, 50))
        return rng_u32(r);
    uint32_t dx = (uint32_t)(((int)rng_below(r, 16) - 8) * 256) & 0xFFFFu;
    uint32_t dy = (uint32_t)(((int)rng_below(r, 16) - 8) * 256) & 0xFFFFu;
    return dx | (dy << 16);
}

/* MUL multiplicand: w at the pixel from the slot's 1/w plane, 1.0, or a corner case. */
static uint32_t mul_operand(gen_t *g, const fiu_lane *ln)
{
    rng_t *r = &g->rng;
    static const unsigned w[] = {70, 15, 15};
    switch (PICK(r, w)) {
    case 0: {
        const slot_t *s = lane_slot(g, ln);
        double oow = s->oow[0] * (ln->px + 0.5) + s->oow[1] * (ln->py + 0.5) + s->oow[2];
        return d2u(1 / oow);
    }
    case 1: return FIU_F32_ONE;
    default: return corner_f32(r);
    }
}

static void gen_ipa(gen_t *g, fiu_request *rq)
{
    rng_t *r = &g->rng;
    static const unsigned mw[] = {25, 35, 15, 22, 3};
    static const unsigned lw[] = {30, 20, 20, 12, 12, 2, 2};
    static const uint8_t locs[] = {FIU_LOC_CENTER, FIU_LOC_CENTROID, FIU_LOC_OFFSET, FIU_LOC_SAMPLE,
                                   FIU_LOC_AT_SAMPLE, FIU_LOC_INVALID, 6};
    unsigned m = PICK(r, mw);
    rq->ipa_mode = (uint8_t)(m < 4 ? m : 4 + rng_below(r, 4));
    rq->loc = locs[PICK(r, lw)];
    if (rq->loc == 6)
        rq->loc = (uint8_t)(6 + rng_below(r, 2));
    rq->sat = rng_pct(r, 30);
    rq->atest = rng_pct(r, 15);
    rq->pmul = rng_pct(r, 85);
    rq->idx = rng_pct(r, 20);
    rq->puniform = rq->idx ? rng_pct(r, 40) : rng_pct(r, 5);
    rq->imm = (uint16_t)(rq->idx ? (rng_pct(r, 20) ? rng_below(r, 0x400) : 0) : logical_addr(g));
    fill_quads(g, rq);
    const uint32_t count = sample_count(g);
    bool uniform = rng_pct(r, 60);
    uint32_t ra = rq->idx ? idx_operand(g) : 0;
    for (uint32_t l = 0; l < rq->lanes; l++) {
        fiu_lane *ln = &rq->lane[l];
        if (rq->idx && !uniform && l % 4 == 0)
            ra = idx_operand(g);
        ln->ra = rq->idx ? ra : (rng_pct(r, 20) ? rng_u32(r) : 0);
        ln->rb = mul_operand(g, ln);
        ln->sample_id = (uint8_t)(rng_pct(r, 90) && count ? rng_below(r, count < 16 ? count : 16) : rng_below(r, 16)); /* 4 bits */
        ln->coverage = coverage_mask(g);
        switch (rq->loc) {
        case FIU_LOC_OFFSET:
            ln->rc = offset_operand(r);
            break;
        case FIU_LOC_AT_SAMPLE: {
            static const unsigned aw[] = {85, 10, 5};
            unsigned k = PICK(r, aw);
            ln->rc = k == 0 && count ? rng_below(r, count) : k == 2 ? rng_u32(r) : rng_below(r, 32);
            break;
        }
        default:
            ln->rc = rng_pct(r, 30) ? rng_u32(r) : 0;
            break;
        }
    }
    if (rq->idx && rq->puniform && uniform && rng_pct(r, 25)) { /* Puniform violation */
        uint32_t l = rng_below(r, rq->lanes);
        uint32_t ra2 = idx_operand(g);
        rq->lane[l].ra = ra2 ^ (rng_pct(r, 50) ? 4u : 0u);
    }
}

static void gen_al2p(gen_t *g, fiu_request *rq)
{
    rng_t *r = &g->rng;
    static const unsigned iw[] = {50, 30, 20};
    static const unsigned sw[] = {50, 30, 20};
    static const unsigned vw[] = {85, 5, 5, 5};
    unsigned ik = PICK(r, iw), share = PICK(r, sw);
    rq->imm = (uint16_t)(ik == 0 ? 0 : ik == 1 ? 4 * rng_below(r, 0x100) : rng_below(r, 0x400));
    fill_quads(g, rq);
    uint32_t ra = 0;
    for (uint32_t l = 0; l < rq->lanes; l++) {
        if (l == 0 || share == 2 || (share == 1 && l % 4 == 0)) {
            switch (PICK(r, vw)) {
            case 0: ra = logical_addr(g) - rq->imm; break;
            case 1: ra = 0x400 + rng_below(r, 0x400); break; /* ADDR_RANGE */
            case 2: ra = rng_u32(r); break;
            default: ra = 4 * rng_below(r, 16); break;
            }
        }
        rq->lane[l].ra = ra;
    }
}

static void gen_vintrp(gen_t *g, fiu_request *rq)
{
    rng_t *r = &g->rng;
    static const unsigned ow[] = {40, 40, 17, 3}, ew[] = {48, 48, 4}, aw[] = {85, 10, 5};
    static const unsigned mw[] = {90, 4, 3, 3};
    uint32_t opcode = PICK(r, ow), enc, attr, vsrc, vdst;
    switch (PICK(r, ew)) {
    case 0: enc = 0x32; break;
    case 1: enc = 0x35; break;
    default:
        do
            enc = rng_below(r, 64);
        while (enc == 0x32 || enc == 0x35);
        break;
    }
    switch (PICK(r, aw)) {
    case 0: attr = g->lds_attr[rng_below(r, g->lds_nattr)]; break;
    case 1: attr = rng_below(r, 33); break;
    default: attr = 33 + rng_below(r, 31); break;
    }
    vsrc = rng_below(r, 256);
    vdst = rng_below(r, 256);
    if (opcode == FIU_VINTRP_MOV)
        vsrc = rng_pct(r, 88) ? rng_below(r, 3) : 3 + rng_below(r, 253);
    else if (rng_pct(r, 3))
        vdst = vsrc;
    else if (vdst == vsrc)
        vdst = (vsrc + 1) & 0xFF;
    rq->vintrp = (enc << 26) | (vdst << 18) | (opcode << 16) | (attr << 10) | (rng_below(r, 4) << 8) | vsrc;
    switch (PICK(r, mw)) {
    case 0: rq->m0 = g->m0; break;
    case 1: rq->m0 = g->m0 | (1 + rng_below(r, 3)); break; /* misaligned offset */
    case 2: rq->m0 = (g->m0 & 0xFFFFu) | (rng_u32(r) & 0xFFFF0000u); break;
    default: rq->m0 = rng_u32(r); break;
    }
    uint32_t span = FIU_WAVE_LANES - rq->lanes; /* legal wave_lane0: 0..span */
    if (span + 1 <= 63 && rng_pct(r, 4))          /* WAVE_RANGE, still within 0..63 */
        rq->wave_lane0 = (uint8_t)(span + 1 + rng_below(r, 63 - span));
    else if (rng_pct(r, 90))
        rq->wave_lane0 = (uint8_t)(4 * rng_below(r, span / 4 + 1));
    else
        rq->wave_lane0 = (uint8_t)rng_below(r, span + 1);
    fill_quads(g, rq);
    for (uint32_t l = 0; l < rq->lanes; l++) {
        fiu_lane *ln = &rq->lane[l];
        if (rng_pct(r, 30))
            ln->guard = rng_pct(r, 50); /* ignored by VINTRP */
        static const unsigned bw[] = {80, 10, 10};
        switch (PICK(r, bw)) {
        case 0: ln->rb = d2u(rng_unit(r)); break;
        case 1: ln->rb = d2u(rng_range(r, -0.5, 1.5)); break;
        default: ln->rb = corner_f32(r); break;
        }
        ln->rd = opcode == FIU_VINTRP_P2 ? maybe_corner(r, d2u(attr_value(r)), 15)
                                         : (rng_pct(r, 30) ? rng_u32(r) : 0);
    }
}

static uint32_t alpha_operand(gen_t *g)
{
    rng_t *r = &g->rng;
    uint32_t ref = g->st.alpha_ref;
    static const unsigned w[] = {25, 25, 15, 25, 10};
    switch (PICK(r, w)) {
    case 0: return fiu_f32_is_nan(ref) ? ref : ref + rng_below(r, 7) - 3u;
    case 1: return unorm_edge(r, unorm_bits(g->st.alpha_format), rng_pct(r, 30));
    case 2: return corner_f32(r);
    case 3: return d2u(rng_unit(r));
    default: return rng_u32(r);
    }
}

static void gen_atest(gen_t *g, fiu_request *rq)
{
    fill_quads(g, rq);
    for (uint32_t l = 0; l < rq->lanes; l++)
        rq->lane[l].rb = alpha_operand(g);
}

static uint32_t field10(rng_t *r)
{
    static const uint32_t special[] = {0, 1, 2, 0x1FE, 0x1FF, 0x200, 0x201, 0x3FE, 0x3FF};
    return rng_pct(r, 70) ? special[rng_below(r, sizeof special / sizeof special[0])] : rng_below(r, 1024);
}

static void gen_unpack(gen_t *g, fiu_request *rq)
{
    rng_t *r = &g->rng;
    rq->unpack_fmt = (uint8_t)(rng_pct(r, 96) ? rng_below(r, FIU_UNPACK_COUNT_) : FIU_UNPACK_COUNT_);
    rq->unpack_comp = (uint8_t)(rng_pct(r, 96) ? rng_below(r, 4) : 4 + rng_below(r, 4));
    rq->unpack_bgra = rng_pct(r, 50);
    fill_quads(g, rq);
    for (uint32_t l = 0; l < rq->lanes; l++) {
        if (rng_pct(r, 40)) {
            rq->lane[l].rb = rng_u32(r);
            continue;
        }
        uint32_t f0 = field10(r), f1 = field10(r), f2 = field10(r);
        rq->lane[l].rb = f0 | f1 << 10 | f2 << 20 | rng_below(r, 4) << 30;
    }
}

/* Don't-care fields of other ops get random values now and then (the RTL must ignore them;
 * 3-bit enum fields stay within 0..7). */
static void scramble_unused(gen_t *g, fiu_request *rq)
{
    rng_t *r = &g->rng;
    if (rq->op != FIU_OP_IPA) {
        rq->ipa_mode = (uint8_t)rng_below(r, 8);
        rq->loc = (uint8_t)rng_below(r, 8);
        rq->sat = rng_pct(r, 50);
        rq->idx = rng_pct(r, 50);
        rq->atest = rng_pct(r, 50);
        rq->pmul = rng_pct(r, 50);
        rq->puniform = rng_pct(r, 50);
    }
    if (rq->op != FIU_OP_IPA && rq->op != FIU_OP_AL2P)
        rq->imm = (uint16_t)rng_below(r, 0x400);
    if (rq->op != FIU_OP_VINTRP) {
        rq->vintrp = rng_u32(r);
        rq->m0 = rng_u32(r);
        rq->wave_lane0 = (uint8_t)rng_below(r, 64);
    }
    if (rq->op != FIU_OP_UNPACK) {
        rq->unpack_fmt = (uint8_t)rng_below(r, 8);
        rq->unpack_comp = (uint8_t)rng_below(r, 8);
        rq->unpack_bgra = rng_pct(r, 50);
    }
    for (uint32_t l = 0; l < rq->lanes; l++)
        if (rq->op != FIU_OP_VINTRP)
            rq->lane[l].rd = rng_u32(r);
}

static uint32_t request_lanes(gen_t *g)
{
    static const uint32_t lanes[] = {1, 4, 8, 16, 32, 64};
    static const unsigned w[] = {5, 30, 20, 20, 15, 10};
    return g->cfg.lanes ? g->cfg.lanes : lanes[PICK(&g->rng, w)];
}

static void gen_request(gen_t *g)
{
    rng_t *r = &g->rng;
    static const unsigned base_w[] = {40, 12, 20, 12, 12, 4}; /* ops 0..4, bad op */
    unsigned w[FIU_OP_COUNT_ + 1];
    for (unsigned i = 0; i <= FIU_OP_COUNT_; i++)
        w[i] = (g->cfg.ops >> i) & 1u ? base_w[i] : 0;
    unsigned op = rng_pick(r, w, FIU_OP_COUNT_ + 1);
    fiu_request *rq = &g->rec.u.req.rq;
    memset(&g->rec.u.req, 0, sizeof g->rec.u.req);
    g->rec.kind = FIU_VREC_REQUEST;
    rq->ipa_mode = FIU_IPA_MUL;
    rq->pmul = true;
    rq->lanes = request_lanes(g);
    switch (op) {
    case FIU_OP_IPA: gen_ipa(g, rq); break;
    case FIU_OP_AL2P: gen_al2p(g, rq); break;
    case FIU_OP_VINTRP: gen_vintrp(g, rq); break;
    case FIU_OP_ATEST: gen_atest(g, rq); break;
    case FIU_OP_UNPACK: gen_unpack(g, rq); break;
    default: /* bad op code: random operands */
        fill_quads(g, rq);
        for (uint32_t l = 0; l < rq->lanes; l++)
            rq->lane[l].rb = rng_u32(r);
        break;
    }
    rq->op = (uint8_t)(op < FIU_OP_COUNT_ ? op : FIU_OP_COUNT_ + rng_below(r, 8 - FIU_OP_COUNT_));
    if (rng_pct(r, 15))
        scramble_unused(g, rq);
    emit(g);
}

/* Occasional state changes between requests. */
static void maybe_change_state(gen_t *g)
{
    rng_t *r = &g->rng;
    if (g->bad_samples_ttl && --g->bad_samples_ttl == 0)
        gen_samples(g, false);
    if (rng_pct(r, 3))
        gen_mode(g);
    if (rng_pct(r, 5))
        gen_alpha(g);
    if (rng_pct(r, 3))
        gen_samples(g, true);
    if (rng_below(r, 1000) < 15)
        gen_map(g);
    if (rng_pct(r, 3))
        gen_slot(g, rng_below(r, NSLOT));
    if (rng_pct(r, 2))
        gen_lds(g);
}

/* ---- throughput mix ----
 * A renderer's stream (docs/vectors.md 10.2). Every request reads one primitive: one slot
 * for all lanes of an IPA request, one primitive of the GCN wave for all quads of a VINTRP
 * request, one Ra (IDX) or address (AL2P) for all lanes. Triangles and GCN parameters reach
 * the RAM one word at a time, into a slot or an LDS buffer that no request reads yet. State
 * writes are paced by a credit of one port write (tb/common/cfg_writes.c) per
 * FIU_GEN_TP_REQUESTS_PER_WRITE requests; FIU_GEN_TP_ILLEGAL_PER_MILLE requests per 1000
 * carry one illegal encoding or lane error. */
typedef enum { TPW_RAM, TPW_MAP, TPW_ALPHA, TPW_MODE, TPW_SAMPLES, TPW_COUNT_ } tp_write;
/* Port writes per record: alpha and mode records write ALPHA, ALPHA_REF and MODE; a sample
 * table writes its count, 16 positions and 16 priorities. */
static const unsigned TPW_COST[TPW_COUNT_] = {1, 1, 3, 3, 33};
static const unsigned TPW_WEIGHT[TPW_COUNT_] = {880, 80, 25, 10, 5};
enum { TP_SLACK = 3 * FIU_GEN_TP_REQUESTS_PER_WRITE }; /* credit beyond a write's cost that forces it */

static uint32_t tp_lds_base(unsigned buf) { return LDS_BASE + buf * TP_LDS_WORDS; }

/* P0, P10 = v1 - v0, P20 = v2 - v0 per channel, for every block of an LDS buffer. */
static void tp_lds_content(gen_t *g, uint32_t *words)
{
    rng_t *r = &g->rng;
    for (unsigned blk = 0; blk < TP_LDS_WORDS / 12; blk++)
        for (unsigned c = 0; c < 4; c++) {
            double v0 = real_value(r), v1 = real_value(r), v2 = real_value(r);
            uint32_t *b = &words[12 * blk];
            b[2 * c] = d2u(v0);
            b[2 * c + 1] = d2u(v1 - v0);
            b[8 + c] = d2u(v2 - v0);
        }
}

/* The next upload: the LDS buffer new waves do not read (once the current wave reads the
 * newest one), else the next slot in turn, which stops being read. */
static void tp_start_upload(gen_t *g)
{
    tp_t *tp = &g->tp;
    if (tp->wave_buf == tp->lds_new && rng_pct(&g->rng, 20)) {
        tp->up_slot = -1;
        tp->up_addr = tp_lds_base(tp->lds_new ^ 1u);
        tp->up_n = TP_LDS_WORDS;
        tp_lds_content(g, tp->up_word);
    } else {
        unsigned i = tp->next_slot;
        tp->next_slot = (i + 1) % NSLOT;
        tp->live[i] = false;
        slot_content(g, i, true, &tp->up_meta, tp->up_word);
        tp->up_slot = (int)i;
        tp->up_addr = tp->up_meta.base;
        tp->up_n = SLOT_WORDS;
    }
    tp->up_done = 0;
}

static void tp_ram_word(gen_t *g)
{
    tp_t *tp = &g->tp;
    emit_ram(g, tp->up_addr + tp->up_done, &tp->up_word[tp->up_done], 1);
    if (++tp->up_done < tp->up_n)
        return;
    if (tp->up_slot >= 0) {
        g->slot[tp->up_slot] = tp->up_meta;
        tp->live[tp->up_slot] = true;
    } else {
        tp->lds_new ^= 1u;
    }
    tp_start_upload(g);
}

/* A new GCN wave: up to TP_LDS_PRIMS primitives, boundaries only between two requests of
 * cfg.lanes lanes (quad q ends one when lane 4q+4 starts a request). */
static void tp_new_wave(gen_t *g)
{
    rng_t *r = &g->rng;
    tp_t *tp = &g->tp;
    uint32_t lanes = g->cfg.lanes ? g->cfg.lanes : 4, allowed[15], n = 0;
    for (uint32_t q = 0; q < 15; q++)
        if ((4 * q + 4) % lanes == 0)
            allowed[n++] = q;
    static const unsigned bw[] = {40, 30, 20, 10};
    uint32_t nb = PICK(r, bw);
    tp->wave_mask = 0;
    for (uint32_t k = 0; k < nb && n > 0; k++) { /* distinct boundaries */
        uint32_t j = rng_below(r, n);
        tp->wave_mask |= 1u << allowed[j];
        allowed[j] = allowed[--n];
    }
    tp->wave_pos = 0;
    tp->wave_buf = tp->lds_new;
}

static void tp_alpha(gen_t *g)
{
    rng_t *r = &g->rng;
    static const unsigned fw[] = {5, 10, 2, 10, 15, 3, 40, 15}; /* NEVER..ALWAYS */
    g->rec.kind = FIU_VREC_ALPHA;
    g->rec.u.alpha.func = PICK(r, fw);
    g->rec.u.alpha.format = rng_below(r, 4);
    g->rec.u.alpha.ref = g->rec.u.alpha.format == FIU_AFMT_FLOAT32
                             ? d2u(rng_unit(r))
                             : unorm_edge(r, unorm_bits(g->rec.u.alpha.format), true);
    emit(g);
}

static void tp_mode(gen_t *g)
{
    g->rec.kind = FIU_VREC_MODE;
    g->rec.u.mode.flush = (int)rng_below(&g->rng, 2);
    g->rec.u.mode.fused = (int)rng_below(&g->rng, 2);
    emit(g);
}

static void tp_samples(gen_t *g)
{
    static const unsigned cw[] = {20, 20, 35, 20, 5};
    memset(&g->rec.u.samples, 0, sizeof g->rec.u.samples);
    g->rec.kind = FIU_VREC_SAMPLES;
    g->rec.u.samples.count = SUPPORTED_COUNTS[PICK(&g->rng, cw)];
    g->rec.u.samples.standard = true;
    emit(g);
}

enum { TP_ATTR_DWORD = 0x20, TP_ATTR_DWORDS = 16 }; /* generic attributes a[0x80..0xbc] */

/* Remaps one generic attribute to a plane (with the plane's kind), or unmaps it. */
static void tp_map(gen_t *g)
{
    rng_t *r = &g->rng;
    uint32_t d = TP_ATTR_DWORD + rng_below(r, TP_ATTR_DWORDS), mapped = 0;
    for (uint32_t k = 0; k < TP_ATTR_DWORDS; k++)
        mapped += g->st.map[TP_ATTR_DWORD + k].present;
    if (g->st.map[d].present && mapped > 4 && rng_pct(r, 20)) {
        map_write(g, d, false, 0, FIU_INTERP_CONSTANT);
        return;
    }
    uint32_t plane = rng_below(r, OOW_PLANE);
    map_write(g, d, true, plane, g->plane_kind[plane]);
}

/* Pays the write credit: one port write per FIU_GEN_TP_REQUESTS_PER_WRITE requests on
 * average, each write at a random request once it is paid for, at most TP_SLACK late. */
static void tp_state_writes(gen_t *g)
{
    rng_t *r = &g->rng;
    tp_t *tp = &g->tp;
    tp->credit++;
    while (!g->stop) {
        int64_t cost = (int64_t)TPW_COST[tp->next_write] * FIU_GEN_TP_REQUESTS_PER_WRITE;
        if (tp->credit < cost || (tp->credit < cost + TP_SLACK && rng_below(r, 4) != 0))
            return;
        switch (tp->next_write) {
        case TPW_RAM: tp_ram_word(g); break;
        case TPW_MAP: tp_map(g); break;
        case TPW_ALPHA: tp_alpha(g); break;
        case TPW_MODE: tp_mode(g); break;
        default: tp_samples(g); break;
        }
        tp->credit -= cost;
        tp->next_write = PICK(r, TPW_WEIGHT);
    }
}

/* Compact initial state: mode, alpha, a standard sample table, the map, seven triangles,
 * one LDS buffer; the eighth slot is the first upload. */
static void tp_setup(gen_t *g)
{
    rng_t *r = &g->rng;
    tp_t *tp = &g->tp;
    tp_mode(g);
    tp_alpha(g);
    tp_samples(g);
    static const unsigned kw[] = {40, 40, 20}; /* LINEAR, PERSPECTIVE, CONSTANT */
    static const uint8_t kinds[] = {FIU_INTERP_LINEAR, FIU_INTERP_PERSPECTIVE, FIU_INTERP_CONSTANT};
    for (unsigned p = 0; p < OOW_PLANE; p++)
        g->plane_kind[p] = kinds[PICK(r, kw)];
    g->plane_kind[OOW_PLANE] = FIU_INTERP_LINEAR;
    map_write(g, 0x078 / 4, true, rng_below(r, OOW_PLANE), FIU_INTERP_LINEAR); /* z */
    map_write(g, 0x07C / 4, true, OOW_PLANE, FIU_INTERP_LINEAR);              /* 1/w */
    uint32_t n = 6 + rng_below(r, 5);
    for (uint32_t k = 0; k < n; k++)
        map_write(g, TP_ATTR_DWORD + k, true, k % OOW_PLANE, g->plane_kind[k % OOW_PLANE]);
    uint32_t words[TP_LDS_WORDS];
    for (unsigned i = 0; i + 1 < NSLOT; i++) {
        slot_content(g, i, true, &g->slot[i], words);
        emit_ram(g, g->slot[i].base, words, SLOT_WORDS);
        tp->live[i] = true;
    }
    tp_lds_content(g, words);
    emit_ram(g, tp_lds_base(0), words, TP_LDS_WORDS);
    tp->next_slot = NSLOT - 1;
    tp_new_wave(g);
    tp_start_upload(g);
    tp->next_write = PICK(r, TPW_WEIGHT);
}

static const slot_t *tp_pick_slot(gen_t *g)
{
    unsigned n = 0;
    for (unsigned i = 0; i < NSLOT; i++)
        n += g->tp.live[i];
    unsigned k = rng_below(&g->rng, n);
    for (unsigned i = 0; i < NSLOT; i++)
        if (g->tp.live[i] && k-- == 0)
            return &g->slot[i];
    return &g->slot[0];
}

/* Lanes on one primitive: a tile of quads (4 across) in the slot's bounding box, one
 * prim_base, prim_id and face for every lane; lanes mostly all active and guarded. */
static void tp_fill(gen_t *g, fiu_request *rq, const slot_t *s)
{
    rng_t *r = &g->rng;
    uint32_t px = (uint32_t)s->x0 + rng_below(r, (uint32_t)(s->x1 - s->x0) + 1);
    uint32_t py = (uint32_t)s->y0 + rng_below(r, (uint32_t)(s->y1 - s->y0) + 1);
    bool all_active = rng_pct(r, 90), all_guard = rng_pct(r, 95);
    for (uint32_t l = 0; l < rq->lanes; l++) {
        fiu_lane *ln = &rq->lane[l];
        uint32_t q = l / 4, qx = (px & ~1u) + 2 * (q % 4), qy = (py & ~1u) + 2 * (q / 4);
        ln->px = (uint16_t)((qx > 65534 ? 65534 : qx) + (l & 1));
        ln->py = (uint16_t)((qy > 65534 ? 65534 : qy) + ((l >> 1) & 1));
        ln->prim_base = s->base;
        ln->prim_id = s->prim_id;
        ln->front_face = s->front;
        ln->active = all_active || rng_pct(r, 75);
        ln->guard = all_guard || rng_pct(r, 80);
    }
}

/* Lane 0 executes (so that a lane error shows). */
static void tp_lane0_executes(fiu_request *rq) { rq->lane[0].active = rq->lane[0].guard = true; }

/* A dword that is neither mapped in this mix nor a system attribute. */
static uint32_t tp_unmapped_dword(rng_t *r) { return 0x80 + rng_below(r, 0x7F); }

static uint32_t tp_sample_count(const gen_t *g)
{
    uint32_t n = g->st.samples.count;
    return n == 0 ? 1 : n > FIU_MAX_SAMPLES ? FIU_MAX_SAMPLES : n;
}

static void tp_ipa(gen_t *g, fiu_request *rq, bool bad)
{
    rng_t *r = &g->rng;
    static const unsigned mw[] = {25, 50, 5, 20}; /* PASS, MUL, CONSTANT, SC */
    static const unsigned lw[] = {55, 25, 3, 15, 2};
    static const uint8_t locs[] = {FIU_LOC_CENTER, FIU_LOC_CENTROID, FIU_LOC_OFFSET, FIU_LOC_SAMPLE,
                                   FIU_LOC_AT_SAMPLE};
    static const uint16_t sys[] = {FIU_SYS_PRIMID, FIU_SYS_SAMPLE_X, FIU_SYS_SAMPLE_Y, FIU_SYS_FRONT_FACE};
    rq->ipa_mode = (uint8_t)PICK(r, mw);
    rq->loc = locs[PICK(r, lw)];
    rq->sat = rng_pct(r, 10);
    rq->atest = rng_pct(r, 5);
    rq->pmul = rng_pct(r, 95);
    rq->idx = rng_pct(r, 10);
    rq->puniform = rq->idx && rng_pct(r, 50);
    uint32_t ra = 0;
    if (rq->idx)
        ra = al2p_of(g, 4 * mapped_dword(g));
    else
        rq->imm = (uint16_t)(rng_pct(r, 90) ? 4 * mapped_dword(g) : sys[rng_below(r, 4)]);
    const slot_t *s = tp_pick_slot(g);
    tp_fill(g, rq, s);
    uint32_t count = tp_sample_count(g), full = (1u << count) - 1u;
    for (uint32_t l = 0; l < rq->lanes; l++) {
        fiu_lane *ln = &rq->lane[l];
        ln->ra = ra;
        if (rng_pct(r, 95)) { /* w at the pixel: 1 / (1/w plane) */
            double oow = s->oow[0] * (ln->px + 0.5) + s->oow[1] * (ln->py + 0.5) + s->oow[2];
            ln->rb = d2u(1 / oow);
        } else {
            ln->rb = FIU_F32_ONE;
        }
        ln->sample_id = (uint8_t)rng_below(r, count);
        ln->coverage = (uint16_t)(rng_pct(r, 70) ? full : (rng_u32(r) & full) | 1u << rng_below(r, count));
        if (rq->loc == FIU_LOC_OFFSET) {
            uint32_t dx = (uint32_t)(((int)rng_below(r, 16) - 8) * 256) & 0xFFFFu;
            uint32_t dy = (uint32_t)(((int)rng_below(r, 16) - 8) * 256) & 0xFFFFu;
            ln->rc = dx | dy << 16;
        } else if (rq->loc == FIU_LOC_AT_SAMPLE) {
            ln->rc = rng_below(r, count);
        }
    }
    if (!bad)
        return;
    tp_lane0_executes(rq);
    switch (rng_below(r, 5)) {
    case 0: /* BAD_SAMPLE_MODE */
        rq->loc = (uint8_t)(rng_pct(r, 50) ? FIU_LOC_INVALID : 6 + rng_below(r, 2));
        break;
    case 1: /* BAD_IPA_MODE */
        rq->ipa_mode = (uint8_t)(4 + rng_below(r, 4));
        break;
    case 2: /* UNMAPPED, in every executing lane */
        if (rq->idx)
            for (uint32_t l = 0; l < rq->lanes; l++)
                rq->lane[l].ra &= ~FIU_AL2P_VALID;
        else
            rq->imm = (uint16_t)(4 * tp_unmapped_dword(r));
        break;
    case 3: /* MISALIGNED, in every executing lane */
        if (rq->idx)
            for (uint32_t l = 0; l < rq->lanes; l++)
                rq->lane[l].ra |= 2u;
        else
            rq->imm = (uint16_t)(rq->imm | (1 + rng_below(r, 3)));
        break;
    default: /* SAMPLE_INDEX in lane 0 */
        if (count < 16) {
            rq->loc = FIU_LOC_SAMPLE;
            rq->lane[0].sample_id = (uint8_t)(count + rng_below(r, 16 - count));
        } else {
            rq->loc = FIU_LOC_AT_SAMPLE;
            rq->lane[0].rc = 16 + rng_below(r, 16);
        }
        break;
    }
}

static uint32_t tp_vintrp_word(uint32_t enc, uint32_t vdst, uint32_t opcode, uint32_t attr, uint32_t chan,
                               uint32_t vsrc)
{
    return enc << 26 | vdst << 18 | opcode << 16 | attr << 10 | chan << 8 | vsrc;
}

/* P1 or MOV on the next lanes of the current wave: M0 has no primitive boundary between the
 * request's quads. A legal P1 leaves its P2 (J, and D = the P1 result) in tp->p2. */
static void tp_vintrp(gen_t *g, fiu_request *rq, uint32_t opcode, bool bad)
{
    rng_t *r = &g->rng;
    tp_t *tp = &g->tp;
    if (tp->wave_pos + rq->lanes > FIU_WAVE_LANES)
        tp_new_wave(g);
    uint32_t pos = tp->wave_pos, q0 = pos / 4, q1 = (pos + rq->lanes - 1) / 4;
    tp->wave_pos += rq->lanes;
    uint32_t mask = tp->wave_mask & ~((1u << q1) - (1u << q0));
    rq->m0 = mask << 16 | tp_lds_base(tp->wave_buf) * 4;
    rq->wave_lane0 = (uint8_t)pos;
    uint32_t enc = rng_pct(r, 50) ? 0x32 : 0x35, attr = rng_below(r, TP_LDS_ATTRS), chan = rng_below(r, 4);
    uint32_t vsrc = opcode == FIU_VINTRP_MOV ? rng_below(r, 3) : rng_below(r, 256);
    uint32_t vdst = (vsrc + 1 + rng_below(r, 255)) & 0xFFu;
    if (bad) {
        switch (rng_below(r, 4)) {
        case 0: attr = 33 + rng_below(r, 31); break; /* VINTRP_ATTR */
        case 1:                                     /* VINTRP_ENCODING */
            do
                enc = rng_below(r, 64);
            while (enc == 0x32 || enc == 0x35);
            break;
        case 2: opcode = 3; break; /* VINTRP_OPCODE */
        default:                   /* VINTRP_VDST_VSRC / VINTRP_MOV_PARAM */
            if (opcode == FIU_VINTRP_MOV)
                vsrc = 3 + rng_below(r, 253);
            else
                vdst = vsrc;
            break;
        }
    }
    rq->vintrp = tp_vintrp_word(enc, vdst, opcode, attr, chan, vsrc);
    tp_fill(g, rq, tp_pick_slot(g));
    double i_bary[FIU_MAX_LANES];
    for (uint32_t l = 0; l < rq->lanes; l++) {
        i_bary[l] = rng_unit(r);
        rq->lane[l].rb = d2u(i_bary[l]);
        rq->lane[l].guard = true; /* ignored by VINTRP */
    }
    if (bad)
        tp_lane0_executes(rq);
    if (opcode != FIU_VINTRP_P1 || bad)
        return;
    fiu_response p1;
    fiu_execute(&g->st, rq, &p1);
    tp->p2 = *rq;
    uint32_t jsrc = (vsrc + 1) & 0xFFu;
    if (jsrc == vdst)
        jsrc = (jsrc + 1) & 0xFFu;
    tp->p2.vintrp = tp_vintrp_word(enc, vdst, FIU_VINTRP_P2, attr, chan, jsrc);
    for (uint32_t l = 0; l < rq->lanes; l++) {
        tp->p2.lane[l].rb = d2u(rng_unit(r) * (1 - i_bary[l])); /* I + J <= 1 */
        tp->p2.lane[l].rd = p1.result[l];
    }
    tp->p2_pending = true;
}

static void tp_atest(gen_t *g, fiu_request *rq)
{
    rng_t *r = &g->rng;
    tp_fill(g, rq, tp_pick_slot(g));
    uint32_t ref = g->st.alpha_ref;
    for (uint32_t l = 0; l < rq->lanes; l++) {
        static const unsigned w[] = {70, 15, 15};
        switch (PICK(r, w)) {
        case 0: rq->lane[l].rb = d2u(rng_unit(r)); break;
        case 1: rq->lane[l].rb = fiu_f32_is_nan(ref) ? ref : ref + rng_below(r, 5) - 2u; break;
        default: rq->lane[l].rb = rng_pct(r, 50) ? FIU_F32_ONE : 0; break;
        }
    }
}

static void tp_unpack(gen_t *g, fiu_request *rq, bool bad)
{
    rng_t *r = &g->rng;
    rq->unpack_fmt = (uint8_t)rng_below(r, FIU_UNPACK_COUNT_);
    rq->unpack_comp = (uint8_t)rng_below(r, 4);
    rq->unpack_bgra = rng_pct(r, 50);
    if (bad) {
        if (rng_pct(r, 50))
            rq->unpack_fmt = FIU_UNPACK_COUNT_;
        else
            rq->unpack_comp = (uint8_t)(4 + rng_below(r, 4));
    }
    tp_fill(g, rq, tp_pick_slot(g));
    for (uint32_t l = 0; l < rq->lanes; l++)
        rq->lane[l].rb = rng_u32(r);
}

static void tp_al2p(gen_t *g, fiu_request *rq, bool bad)
{
    rng_t *r = &g->rng;
    uint32_t addr = 4 * mapped_dword(g);
    if (bad) {
        switch (rng_below(r, 3)) {
        case 0: addr = 4 * tp_unmapped_dword(r); break;         /* UNMAPPED */
        case 1: addr |= 1 + rng_below(r, 3); break;             /* MISALIGNED */
        default: addr = 0x400 + 4 * rng_below(r, 0x100); break; /* ADDR_RANGE */
        }
    }
    rq->imm = (uint16_t)(rng_pct(r, 70) || addr < 4 ? 0 : 4 * rng_below(r, addr / 4 + 1));
    if (rq->imm > 0x3FF)
        rq->imm = 0x3FC;
    tp_fill(g, rq, tp_pick_slot(g));
    for (uint32_t l = 0; l < rq->lanes; l++)
        rq->lane[l].ra = addr - rq->imm;
    if (bad)
        tp_lane0_executes(rq);
}

typedef enum { TPO_IPA, TPO_AL2P, TPO_PAIR, TPO_MOV, TPO_ATEST, TPO_UNPACK, TPO_COUNT_ } tp_op;

static void tp_request(gen_t *g)
{
    rng_t *r = &g->rng;
    tp_t *tp = &g->tp;
    fiu_request *rq = &g->rec.u.req.rq;
    memset(&g->rec.u.req, 0, sizeof g->rec.u.req);
    g->rec.kind = FIU_VREC_REQUEST;
    if (tp->p2_pending) {
        *rq = tp->p2;
        tp->p2_pending = false;
        emit(g);
        return;
    }
    static const unsigned base_w[TPO_COUNT_] = {74, 2, 5, 1, 6, 6};
    static const uint32_t op_bit[TPO_COUNT_] = {FIU_GEN_IPA, FIU_GEN_AL2P, FIU_GEN_VINTRP, FIU_GEN_VINTRP,
                                                FIU_GEN_ATEST, FIU_GEN_UNPACK};
    unsigned w[TPO_COUNT_], total = 0;
    for (unsigned i = 0; i < TPO_COUNT_; i++)
        total += w[i] = g->cfg.ops & op_bit[i] ? base_w[i] : 0;
    bool bad = rng_below(r, 1000) < FIU_GEN_TP_ILLEGAL_PER_MILLE;
    bool bad_op = total == 0 || (bad && (g->cfg.ops & FIU_GEN_BADOP) && rng_pct(r, 20));
    unsigned op = total ? rng_pick(r, w, TPO_COUNT_) : TPO_IPA;
    static const uint8_t codes[TPO_COUNT_] = {FIU_OP_IPA, FIU_OP_AL2P, FIU_OP_VINTRP, FIU_OP_VINTRP,
                                              FIU_OP_ATEST, FIU_OP_UNPACK};
    rq->op = codes[op];
    rq->ipa_mode = FIU_IPA_MUL;
    rq->pmul = true;
    rq->lanes = request_lanes(g);
    switch (op) {
    case TPO_IPA: tp_ipa(g, rq, bad && !bad_op); break;
    case TPO_AL2P: tp_al2p(g, rq, bad && !bad_op); break;
    case TPO_PAIR: tp_vintrp(g, rq, FIU_VINTRP_P1, bad && !bad_op); break;
    case TPO_MOV: tp_vintrp(g, rq, FIU_VINTRP_MOV, bad && !bad_op); break;
    case TPO_ATEST: tp_atest(g, rq); break;
    default: tp_unpack(g, rq, bad && !bad_op); break;
    }
    if (bad_op) { /* op codes 5..7 on this request's operands */
        rq->op = (uint8_t)(FIU_OP_COUNT_ + rng_below(r, 8 - FIU_OP_COUNT_));
        tp->p2_pending = false;
    }
    emit(g);
}

bool fiu_gen_run(const fiu_gen_config *cfg, fiu_gen_sink sink, void *ctx)
{
    if (!cfg || !sink || cfg->lanes > FIU_MAX_LANES || cfg->mix >= FIU_GEN_MIX_COUNT_)
        return false;
    gen_t *g = calloc(1, sizeof *g);
    if (!g)
        return false;
    g->cfg = *cfg;
    g->cfg.ops &= FIU_GEN_ALL;
    if (g->cfg.ops == 0)
        g->cfg.ops = FIU_GEN_ALL;
    g->sink = sink;
    g->ctx = ctx;
    uint64_t x = cfg->seed;
    for (int i = 0; i < 4; i++)
        g->rng.s[i] = splitmix64(&x);

    static const uint32_t sizes[] = {0x800, 0x1000, 0x2000};
    static const unsigned sw[] = {20, 50, 30};
    g->rec.kind = FIU_VREC_RAMSIZE;
    g->rec.u.ramsize = sizes[PICK(&g->rng, sw)]; /* drawn even when fixed: same stream */
    if (cfg->ram_words)
        g->rec.u.ramsize = cfg->ram_words;
    emit(g);
    if (g->cfg.mix == FIU_GEN_MIX_THROUGHPUT) {
        if (!g->stop)
            tp_setup(g);
        for (uint32_t n = 0; n < cfg->count && !g->stop; n++) {
            tp_state_writes(g);
            tp_request(g);
        }
    } else {
        if (!g->stop) {
            gen_mode(g);
            gen_alpha(g);
            gen_samples(g, false);
            gen_map(g);
            for (unsigned i = 0; i < NSLOT; i++)
                gen_slot(g, i);
            gen_lds(g);
        }
        for (uint32_t n = 0; n < cfg->count && !g->stop; n++) {
            maybe_change_state(g);
            gen_request(g);
        }
    }
    bool ok = !g->stop;
    if (g->st_ok)
        fiu_state_free(&g->st);
    free(g);
    return ok;
}

bool fiu_gen_parse_ops(const char *list, uint32_t *ops)
{
    static const char *const names[] = {"ipa", "al2p", "vintrp", "atest", "unpack", "badop"};
    uint32_t m = 0;
    const char *p = list;
    while (*p) {
        const char *e = strchr(p, ',');
        size_t n = e ? (size_t)(e - p) : strlen(p);
        bool found = false;
        if (n == 3 && strncmp(p, "all", 3) == 0) {
            m |= FIU_GEN_ALL;
            found = true;
        }
        for (unsigned i = 0; i < 6 && !found; i++)
            if (strlen(names[i]) == n && strncmp(p, names[i], n) == 0) {
                m |= 1u << i;
                found = true;
            }
        if (!found)
            return false;
        p += n;
        if (*p == ',')
            p++;
    }
    if (m == 0)
        return false;
    *ops = m;
    return true;
}

bool fiu_gen_parse_mix(const char *name, uint32_t *mix)
{
    for (uint32_t m = 0; m < FIU_GEN_MIX_COUNT_; m++)
        if (strcmp(name, fiu_gen_mix_name(m)) == 0) {
            *mix = m;
            return true;
        }
    return false;
}

const char *fiu_gen_mix_name(uint32_t mix)
{
    return mix == FIU_GEN_MIX_CORNER ? "corner" : mix == FIU_GEN_MIX_THROUGHPUT ? "throughput" : NULL;
}
