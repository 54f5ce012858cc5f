/* fiu C golden model: the one public header of the core (docs/spec.md, docs/model.md).
 * Part 1, the fp32 arithmetic core (spec chapter 2): pure functions on IEEE-754 binary32 bit
 * patterns; host double precision only on a checked fast path (docs/model.md), so results never
 * depend on the host rounding mode, FTZ or DAZ.
 * Part 2, the unit: state, requests, responses and fiu_execute. No global state: everything
 * lives in fiu_state, changed only through fiu_state_* calls.
 * Build macros (docs/model.md, "Portability"); results are the same bits in every build:
 *   FIU_NO_HOST_FP  compile the host floating-point fast paths out (integer path only)
 *   FIU_PORTABLE    ISO C11 only: no builtin, no __int128, no intrinsic (implies the above) */
#ifndef FIU_H
#define FIU_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ==== Part 1: fp32 arithmetic (spec 2) ==== */

#define FIU_F32_POS_ZERO 0x00000000u
#define FIU_F32_NEG_ZERO 0x80000000u
#define FIU_F32_ONE      0x3F800000u
#define FIU_F32_POS_INF  0x7F800000u
#define FIU_F32_NEG_INF  0xFF800000u
#define FIU_F32_NAN      0x7FFFFFFFu /* canonical NaN, spec 2.6 */

/* Absent terms (spec 2.3): a product contributes +0 * -0 = -0, an addend -0. */
#define FIU_F32_ABSENT_A FIU_F32_POS_ZERO
#define FIU_F32_ABSENT_B FIU_F32_NEG_ZERO
#define FIU_F32_ABSENT_E FIU_F32_NEG_ZERO

/* Mode bits (spec 2.2, 2.5). */
enum {
    FIU_F32_FUSED = 1u << 0, /* products exact, one rounding; else each product rounded first */
    FIU_F32_FLUSH = 1u << 1  /* subnormal inputs and outputs become signed zero; else PRESERVE */
};

/* r = RNE(a*b + c*d + e) per spec 2.1-2.7. mode: FIU_F32_FUSED | FIU_F32_FLUSH. */
uint32_t fiu_f32_dotadd(uint32_t a, uint32_t b, uint32_t c, uint32_t d, uint32_t e, unsigned mode);

/* r[i] = fiu_f32_dotadd(a[i], b[i], c[i], d[i], e[i], mode) for i < n; r may alias an input. */
void fiu_f32_dotadd_batch(size_t n, const uint32_t *a, const uint32_t *b, const uint32_t *c, const uint32_t *d,
                          const uint32_t *e, unsigned mode, uint32_t *r);

/* Slow, obviously-correct reference (576-bit exact fixed point). Same contract. */
uint32_t fiu_f32_dotadd_ref(uint32_t a, uint32_t b, uint32_t c, uint32_t d, uint32_t e, unsigned mode);

/* The reference with the events of its final rounding (unfused: of the sum, not the products). */
enum {
    FIU_F32_EV_INEXACT = 1u << 0,  /* the exact sum is not representable */
    FIU_F32_EV_TIE = 1u << 1,      /* the exact sum lies halfway between two neighbours */
    FIU_F32_EV_TINY = 1u << 2,     /* nonzero exact sum below 2^-126 in magnitude */
    FIU_F32_EV_OVERFLOW = 1u << 3  /* finite terms, infinite result */
};
uint32_t fiu_f32_dotadd_ref_events(uint32_t a, uint32_t b, uint32_t c, uint32_t d, uint32_t e, unsigned mode,
                                   unsigned *events);

/* Convenience forms of the one core. */
uint32_t fiu_f32_fma(uint32_t a, uint32_t b, uint32_t e, unsigned mode); /* RNE(a*b+e) */
uint32_t fiu_f32_mul(uint32_t a, uint32_t b, unsigned mode);             /* RNE(a*b)   */

/* Denormal flush of one value: subnormal -> zero of the same sign (spec 2.5). */
uint32_t fiu_f32_flush(uint32_t x);

/* Post-multiply stage (spec 2.8): RNE(r*rb) with rb and the output flushed.
 * Skipped (r returned unchanged) when !pmul && !sat. */
uint32_t fiu_f32_post_multiply(uint32_t r, uint32_t rb, bool pmul, bool sat);

/* Saturate stage (spec 2.9): flush, then clamp to [+0, 1]; NaN and -0 give +0. */
uint32_t fiu_f32_saturate(uint32_t x);

/* True if this build of the library has the host floating-point fast paths (docs/model.md, tiers 1
 * and 2: x86 SSE2 with FLT_EVAL_METHOD 0, no -ffast-math, no -DFIU_NO_HOST_FP or -DFIU_PORTABLE);
 * false if every result comes from the integer path, as on any other host. Results are the same
 * either way. */
bool fiu_f32_host_fp(void);

/* Classification helpers on bit patterns. */
static inline bool fiu_f32_is_nan(uint32_t x) { return (x & 0x7FFFFFFFu) > 0x7F800000u; }
static inline bool fiu_f32_is_subnormal(uint32_t x)
{
    return (x & 0x7F800000u) == 0 && (x & 0x007FFFFFu) != 0;
}

/* ==== Part 2: the unit (spec 1, 3-7) ==== */

enum { FIU_MAX_LANES = 64, FIU_MAP_ENTRIES = 256, FIU_MAX_SAMPLES = 16, FIU_WAVE_LANES = 64 };

/* ---- status codes (spec 7). The response carries the lowest nonzero code raised. ---- */
typedef enum {
    FIU_OK = 0,
    FIU_ST_BAD_OP = 1,            /* request-level: unknown op */
    FIU_ST_BAD_SAMPLE_MODE = 2,   /* request-level: IPA location INVALID or reserved */
    FIU_ST_BAD_IPA_MODE = 3,      /* request-level: IPA mode field out of range */
    FIU_ST_VINTRP_ENCODING = 4,   /* request-level: bits 31:26 not 0b110010 / 0b110101 */
    FIU_ST_VINTRP_OPCODE = 5,     /* request-level: opcode 3 */
    FIU_ST_VINTRP_VDST_VSRC = 6,  /* request-level: P1/P2 with VDST == VSRC */
    FIU_ST_VINTRP_MOV_PARAM = 7,  /* request-level: MOV with VSRC > 2 */
    FIU_ST_VINTRP_ATTR = 8,       /* request-level: ATTR > 32 */
    FIU_ST_WAVE_RANGE = 9,        /* request-level: VINTRP wave_lane0 + lanes > 64 */
    FIU_ST_BAD_UNPACK = 10,       /* request-level: unpack format/component out of range */
    FIU_ST_SAMPLE_COUNT = 11,     /* request-level: table count not 1/2/4/8/16 for a table lookup */
    FIU_ST_MISALIGNED = 12,       /* lane: attribute/LDS byte address not 4-aligned */
    FIU_ST_UNMAPPED = 13,         /* lane: attribute not present in the map / IDX valid bit clear */
    FIU_ST_ADDR_RANGE = 14,       /* lane: RAM word address >= RAM size, or logical address >= 0x400 */
    FIU_ST_SAMPLE_INDEX = 15,     /* lane: SAMPLE/AT_SAMPLE index >= sample count */
    FIU_ST_PUNIFORM = 16,         /* request: Puniform set but executing lanes' Ra differ */
    FIU_ST_COUNT_
} fiu_status;

const char *fiu_status_name(fiu_status s);

/* ---- operations and fields (spec 1, 4) ---- */
typedef enum { FIU_OP_IPA = 0, FIU_OP_AL2P = 1, FIU_OP_VINTRP = 2, FIU_OP_ATEST = 3, FIU_OP_UNPACK = 4, FIU_OP_COUNT_ } fiu_op;
typedef enum { FIU_IPA_PASS = 0, FIU_IPA_MUL = 1, FIU_IPA_CONSTANT = 2, FIU_IPA_SC = 3 } fiu_ipa_mode;
typedef enum {
    FIU_LOC_CENTER = 0, FIU_LOC_CENTROID = 1, FIU_LOC_OFFSET = 2, FIU_LOC_INVALID = 3,
    FIU_LOC_SAMPLE = 4, FIU_LOC_AT_SAMPLE = 5 /* 6, 7 reserved */
} fiu_loc;
typedef enum { FIU_INTERP_CONSTANT = 0, FIU_INTERP_PERSPECTIVE = 1, FIU_INTERP_LINEAR = 2 } fiu_interp;
typedef enum {
    FIU_ALPHA_NEVER = 0, FIU_ALPHA_LESS = 1, FIU_ALPHA_EQUAL = 2, FIU_ALPHA_LEQUAL = 3,
    FIU_ALPHA_GREATER = 4, FIU_ALPHA_NOTEQUAL = 5, FIU_ALPHA_GEQUAL = 6, FIU_ALPHA_ALWAYS = 7
} fiu_alpha_func;
typedef enum { FIU_AFMT_FLOAT32 = 0, FIU_AFMT_UNORM8 = 1, FIU_AFMT_UNORM10 = 2, FIU_AFMT_UNORM16 = 3 } fiu_alpha_format;
typedef enum {
    FIU_UNPACK_UNORM = 0, FIU_UNPACK_SNORM = 1, FIU_UNPACK_SNORM_LEGACY = 2, FIU_UNPACK_USCALED = 3,
    FIU_UNPACK_SSCALED = 4, FIU_UNPACK_UINT = 5, FIU_UNPACK_SINT = 6, FIU_UNPACK_COUNT_
} fiu_unpack_format;
typedef enum { FIU_VINTRP_P1 = 0, FIU_VINTRP_P2 = 1, FIU_VINTRP_MOV = 2 } fiu_vintrp_opcode;
/* VINTRP encodings (bits 31:26, spec 4.7) and the highest legal ATTR. */
enum { FIU_VINTRP_ENC_GCN10 = 0x32, FIU_VINTRP_ENC_GCN12 = 0x35, FIU_VINTRP_MAX_ATTR = 32 };

/* System attribute byte addresses (spec 4.3). */
enum {
    FIU_SYS_PRIMID = 0x060, FIU_SYS_SAMPLE_X = 0x070, FIU_SYS_SAMPLE_Y = 0x074,
    FIU_SYS_FRONT_FACE = 0x3FC
};

/* AL2P result layout (spec 4.5): valid[31], interp type[17:16], byte offset in slot[15:0]. */
#define FIU_AL2P_VALID 0x80000000u
#define FIU_AL2P_TYPE_SHIFT 16
#define FIU_AL2P_OFFSET_MASK 0xFFFFu

/* ---- unit state (spec 3, 4, 5) ---- */
typedef struct {
    bool present;
    uint8_t plane;      /* physical plane index: A,B,C at prim_base + 3*plane */
    uint8_t interp;     /* fiu_interp */
} fiu_map_entry;

typedef struct {
    uint8_t count;                        /* 0..31 stored; only 1,2,4,8,16 usable (FIU_ST_SAMPLE_COUNT at use) */
    uint8_t x[FIU_MAX_SAMPLES];           /* sixteenths, 0..15 */
    uint8_t y[FIU_MAX_SAMPLES];
    uint8_t priority[FIU_MAX_SAMPLES];    /* centroid order: sample indices 0..15, first = highest */
} fiu_sample_table;

typedef struct {
    uint32_t ram_words;
    uint32_t *ram;                        /* parameter RAM (TRAM and LDS views) */
    fiu_map_entry map[FIU_MAP_ENTRIES];
    fiu_sample_table samples;
    uint8_t alpha_func;                   /* fiu_alpha_func */
    uint8_t alpha_format;                 /* fiu_alpha_format */
    uint32_t alpha_ref;                   /* fp32 bits */
    bool flush;                           /* denorm state bit: true = FLUSH (GCN ops; IPA always flushes) */
    bool fused;                           /* fusion state bit for GCN ops */
} fiu_state;

/* ram_words >= 1. Returns false on allocation failure. Defaults: RAM zero, map empty,
 * standard 1-sample table, alpha ALWAYS/FLOAT32/ref 0, flush on, fused off. */
bool fiu_state_init(fiu_state *st, uint32_t ram_words);
void fiu_state_free(fiu_state *st);
/* Explicit state writes. Return false (and change nothing) on out-of-range arguments. */
bool fiu_state_ram_write(fiu_state *st, uint32_t word_addr, uint32_t data);
bool fiu_state_map_write(fiu_state *st, uint32_t dword, bool present, uint32_t plane, uint32_t interp);
/* count <= 31; programs min(count,16) positions (0..15) in sample-index order and the
 * centroid priority list (entries 0..15; NULL = default order, spec 3.5). */
bool fiu_state_samples_write(fiu_state *st, uint32_t count, const uint8_t *x, const uint8_t *y,
                             const uint8_t *priority);
bool fiu_state_samples_default(fiu_state *st, uint32_t count);
bool fiu_state_alpha_write(fiu_state *st, uint32_t func, uint32_t format, uint32_t ref);
void fiu_state_mode_write(fiu_state *st, bool flush, bool fused);

/* ---- requests and responses (spec 1.3) ---- */
typedef struct {
    bool active;        /* exec mask */
    bool guard;         /* guard predicate value (IPA/AL2P/ATEST/UNPACK); VINTRP ignores it */
    uint16_t px, py;    /* pixel coordinates */
    uint8_t sample_id;  /* SAMPLE location: this lane's sample index */
    uint16_t coverage;  /* CENTROID: covered-sample mask, bit i = sample i */
    uint32_t prim_base; /* TRAM word address of this lane's primitive slot (same within a quad) */
    uint32_t prim_id;   /* PrimID system value */
    bool front_face;
    uint32_t ra;        /* IPA.IDX: al2p result; AL2P: logical byte address base */
    uint32_t rb;        /* IPA: MUL multiplicand; VINTRP: VSRC value (I or J); ATEST: alpha; UNPACK: packed dword */
    uint32_t rc;        /* IPA OFFSET: 4.12 offsets; AT_SAMPLE: sample index */
    uint32_t rd;        /* VINTRP P2: VDST value D */
} fiu_lane;

typedef struct {
    uint8_t op;         /* fiu_op */
    /* IPA */
    uint8_t ipa_mode;   /* fiu_ipa_mode */
    uint8_t loc;        /* fiu_loc */
    bool sat, idx, atest;
    bool pmul, puniform;
    uint16_t imm;       /* IPA a[imm10] byte address; AL2P immediate (added to ra) */
    /* VINTRP */
    uint32_t vintrp;    /* 32-bit instruction word */
    uint32_t m0;
    uint8_t wave_lane0; /* wave lane of request lane 0 */
    /* UNPACK */
    uint8_t unpack_fmt; /* fiu_unpack_format */
    uint8_t unpack_comp;/* 0..3 */
    bool unpack_bgra;
    /* lanes */
    uint32_t lanes;     /* 1..FIU_MAX_LANES */
    fiu_lane lane[FIU_MAX_LANES];
} fiu_request;

/* A lane executes if active and, except for VINTRP, its guard is true (spec 1.3). */
static inline bool fiu_lane_executes(const fiu_request *rq, const fiu_lane *ln)
{
    return ln->active && (ln->guard || rq->op == FIU_OP_VINTRP);
}

typedef struct {
    uint32_t lanes;
    uint32_t result[FIU_MAX_LANES];
    uint64_t wmask;     /* bit i: lane i written (active & guard & no lane error) */
    uint64_t kill;      /* bit i: lane i killed by the alpha test */
    bool pred;          /* AL2P: result uniform across executing lanes */
    uint8_t status;     /* fiu_status */
} fiu_response;

/* Execute one request against the state. The state is not modified. */
void fiu_execute(const fiu_state *st, const fiu_request *rq, fiu_response *rsp);
/* rsp[i] = the response of fiu_execute(st, &rq[i]) for i < n, in order (docs/model.md, "Batch
 * entry points"). */
void fiu_execute_batch(const fiu_state *st, const fiu_request *rq, size_t n, fiu_response *rsp);

/* ---- stage functions, exposed for tests and tools ---- */
/* coord (spec 3): sample offset s (sixteenths, 0..15) of a lane; returns a lane status. */
fiu_status fiu_coord_sample(const fiu_sample_table *t, const fiu_request *rq, const fiu_lane *ln,
                            uint8_t *sx, uint8_t *sy);
/* CENTROID pick: sample index or -1 for center. */
int fiu_coord_centroid(const fiu_sample_table *t, uint32_t coverage);
/* Position (pixel*16 + s) / 16 as exact fp32 bits. */
uint32_t fiu_coord_to_f32(uint16_t pixel, uint8_t s);
bool fiu_sample_count_supported(uint32_t count);

/* alpha (spec 5) */
uint32_t fiu_alpha_unorm(uint32_t a, unsigned bits); /* NaN->0, clamp, nearest a*(2^n-1), exact */
bool fiu_alpha_pass(uint32_t func, uint32_t format, uint32_t alpha, uint32_t ref);
/* Seed 004's lowering for UNORM8: a float compare of alpha against adjusted references. */
bool fiu_alpha_pass_lowered_unorm8(uint32_t func, uint32_t alpha, uint32_t ref_unorm8);

/* unpack (spec 6) */
uint32_t fiu_unpack(uint32_t packed, uint32_t comp, uint32_t fmt, bool bgra);

/* plane_fetch, GCN view (spec 4.6) */
uint32_t fiu_gcn_primid(uint32_t newprimmask, uint32_t quad);
uint32_t fiu_gcn_numprim(uint32_t newprimmask);

/* decode of the VINTRP word (spec 4.7) */
typedef struct {
    uint8_t vsrc, attrchan, attr, opcode, vdst, encoding;
} fiu_vintrp_fields;
fiu_vintrp_fields fiu_vintrp_decode(uint32_t word);

#ifdef __cplusplus
}
#endif
#endif
