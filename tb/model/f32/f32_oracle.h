/* Independent test infrastructure for the fiu fp32 core (spec chapter 2):
 * PRNG, case generators, an MPFR oracle, compare/report and a driver loop.
 * Nothing here calls fiu code; the device under test is passed in as a
 * callback (see f32_dut.h for the real one). No global mutable state. */
#ifndef F32_ORACLE_H
#define F32_ORACLE_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include <mpfr.h>

/* ---- binary32 bit-pattern helpers (own code, independent of fiu) ---- */
#define F32O_SIGN     0x80000000u
#define F32O_MAG      0x7FFFFFFFu
#define F32O_EXP      0x7F800000u
#define F32O_FRAC     0x007FFFFFu
#define F32O_POS_ZERO 0x00000000u
#define F32O_NEG_ZERO 0x80000000u
#define F32O_ONE      0x3F800000u
#define F32O_POS_INF  0x7F800000u
#define F32O_NEG_INF  0xFF800000u
#define F32O_NAN      0x7FFFFFFFu /* the unit's canonical NaN */

static inline bool f32o_is_nan(uint32_t x) { return (x & F32O_MAG) > F32O_POS_INF; }
static inline bool f32o_is_inf(uint32_t x) { return (x & F32O_MAG) == F32O_POS_INF; }
static inline bool f32o_is_zero(uint32_t x) { return (x & F32O_MAG) == 0; }
static inline bool f32o_is_subnormal(uint32_t x) { return (x & F32O_EXP) == 0 && (x & F32O_FRAC) != 0; }
static inline uint32_t f32o_sign(uint32_t x) { return x >> 31; }
/* Subnormal -> zero of the same sign (spec 2.5); everything else unchanged. */
static inline uint32_t f32o_flush(uint32_t x) { return f32o_is_subnormal(x) ? (x & F32O_SIGN) : x; }

/* ---- PRNG: xoshiro256** seeded through splitmix64 ---- */
struct f32_rng {
    uint64_t s[4];
};
void f32_rng_seed(struct f32_rng *rng, uint64_t seed);
uint64_t f32_rng_next(struct f32_rng *rng);
uint32_t f32_rng_u32(struct f32_rng *rng);
uint32_t f32_rng_below(struct f32_rng *rng, uint32_t n); /* uniform in [0, n), n > 0 */
int f32_rng_range(struct f32_rng *rng, int lo, int hi);  /* uniform in [lo, hi] */
/* Independent stream for one (seed, op, mode, purpose) so runs are reproducible. */
uint64_t f32_stream_seed(uint64_t seed, unsigned op, unsigned mode, unsigned purpose);
uint64_t f32_seed_from_entropy(void);

/* ---- operations, modes ---- */
enum f32_op {
    F32_OP_DOTADD,
    F32_OP_FMA,
    F32_OP_MUL,
    F32_OP_POST_MULTIPLY,
    F32_OP_SATURATE,
    F32_OP_FLUSH,
    F32_OP_COUNT
};
const char *f32_op_name(enum f32_op op);
bool f32_op_parse(const char *s, enum f32_op *op);
bool f32_op_has_mode(enum f32_op op); /* dotadd, fma, mul take FUSED/FLUSH */

/* Mode bits, same values as the header's FIU_F32_FUSED / FIU_F32_FLUSH. */
#define F32O_FUSED 1u
#define F32O_FLUSH 2u
#define F32O_NMODES 4u
const char *f32_mode_name(unsigned mode);      /* "fused,flush" ... */
const char *f32_mode_tag(unsigned mode);       /* "fused_flush" ... */
bool f32_mode_parse(const char *s, unsigned *mode);

/* One test case. Per op: dotadd uses all of a..e and mode; fma a,b,e,mode (c,d absent);
 * mul a,b,mode; post_multiply r=a, rb=b, pmul, sat; saturate and flush x=a. */
struct f32_case {
    uint32_t a, b, c, d, e;
    unsigned mode;
    bool pmul, sat;
    uint8_t gen;    /* enum f32_gen that produced it */
    uint64_t index; /* position in the run, for reproduction */
};

/* ---- case generators ---- */
enum f32_gen {
    F32_GEN_UNIFORM,    /* uniformly random bit patterns */
    F32_GEN_WEIGHTED,   /* random fields weighted to exponent extremes and mantissa patterns */
    F32_GEN_CANCEL,     /* c*d (or e) ~= -(a*b): massive cancellation; addend near, far below or far above */
    F32_GEN_ADDEND_FAR, /* addend far above / below the products */
    F32_GEN_OVERFLOW,   /* results near 2^128 */
    F32_GEN_TINY,       /* results near 2^-126, both sides of the flush boundary */
    F32_GEN_ZERO,       /* exact zero sums, every sign combination */
    F32_GEN_SPECIAL,    /* inf, NaN, +-0, subnormal, boundary operands */
    F32_GEN_TIES,       /* sums on rounding midpoints; tiny far-below terms that cancel or break the tie */
    F32_GEN_COUNT
};
#define F32_GEN_MIX (-1) /* weighted mix of all generators */
#define F32_GEN_EXTERNAL 255 /* f32_case.gen for cases not from a generator (vectors, --case) */
const char *f32_gen_name(int gen);
bool f32_gen_parse(const char *s, int *gen);
/* Fill *out for op (absent terms set per spec 2.3) using generator gen or F32_GEN_MIX. */
void f32_gen_case(struct f32_rng *rng, enum f32_op op, int gen, unsigned mode, struct f32_case *out);
/* value = m * 2^exp2 as fp32 bits if exactly representable (normal or subnormal). */
bool f32_pack_exact(uint32_t sign, uint64_t m, int exp2, uint32_t *bits);

/* ---- MPFR oracle ---- */
struct f32_oracle {
    mpfr_t fa, fb, fc, fd, fe; /* operands, 24 bits */
    mpfr_t p1, p2;             /* exact products, 48 bits */
    mpfr_t sum;                /* exact three-term sum */
    mpfr_t r24;                /* rounded result */
    mpfr_t scratch;            /* bit extraction */
    mpfr_t min_normal;         /* 2^-126 */
};
void f32_oracle_init(struct f32_oracle *o);
void f32_oracle_clear(struct f32_oracle *o);
uint32_t f32_oracle_dotadd(struct f32_oracle *o, uint32_t a, uint32_t b, uint32_t c, uint32_t d, uint32_t e,
                           unsigned mode);
uint32_t f32_oracle_fma(struct f32_oracle *o, uint32_t a, uint32_t b, uint32_t e, unsigned mode);
uint32_t f32_oracle_mul(struct f32_oracle *o, uint32_t a, uint32_t b, unsigned mode);
uint32_t f32_oracle_post_multiply(struct f32_oracle *o, uint32_t r, uint32_t rb, bool pmul, bool sat);
uint32_t f32_oracle_saturate(struct f32_oracle *o, uint32_t x);
uint32_t f32_oracle_flush(struct f32_oracle *o, uint32_t x);
uint32_t f32_oracle_eval(struct f32_oracle *o, enum f32_op op, const struct f32_case *c);
/* Exact conversions between bit patterns and MPFR (integer code, no host FPU). */
void f32_oracle_from_bits(mpfr_t dst, uint32_t bits);          /* finite or inf; dst prec >= 24 */
uint32_t f32_oracle_to_bits(struct f32_oracle *o, mpfr_t src); /* src must be a binary32 value */

/* ---- compare and report ---- */
enum f32_match {
    F32_MATCH_EXACT,  /* bit for bit (fiu's NaN is canonical, spec 2.6) */
    F32_MATCH_ANY_NAN /* bit for bit, except any NaN matches any NaN (external IEEE oracles) */
};
bool f32_bits_match(uint32_t expected, uint32_t got, enum f32_match how);
#define F32_FMT_LEN 64
/* "0x3F800000 (1)" with an exact-enough decimal; no host FP state dependence for the bits. */
const char *f32_format(uint32_t bits, char buf[F32_FMT_LEN]);

enum f32_class { F32C_NAN, F32C_INF, F32C_POS_ZERO, F32C_NEG_ZERO, F32C_SUBNORMAL, F32C_NORMAL, F32C_COUNT };
enum f32_class f32_classify(uint32_t bits);

struct f32_report {
    const char *prog;
    FILE *out;
    unsigned max_print;    /* mismatches printed in full */
    uint64_t cases;        /* comparisons made */
    uint64_t mismatches;
    uint64_t expected_class[F32C_COUNT]; /* coverage of expected results */
};
void f32_report_init(struct f32_report *rep, const char *prog, FILE *out, unsigned max_print);
/* Compare one result; on mismatch print operands and values (first max_print). Returns match. */
bool f32_report_check(struct f32_report *rep, const char *what, enum f32_op op, const struct f32_case *c,
                      uint32_t expected, uint32_t got, enum f32_match how);
void f32_report_coverage(const struct f32_report *rep);
/* Last line of every program: "<prog>: op=.. mode=.. cases=N mismatches=M seed=0x.. PASS|FAIL". */
void f32_report_summary(FILE *out, const char *prog, const char *op, const char *mode, uint64_t cases,
                        uint64_t mismatches, const char *seed_text);

/* ---- driver: generated cases, oracle vs device under test ---- */
typedef uint32_t (*f32_impl_fn)(void *ctx, enum f32_op op, const struct f32_case *c);
struct f32_run {
    enum f32_op op;
    unsigned mode; /* ignored by ops without a mode */
    int gen;       /* F32_GEN_MIX or one generator */
    uint64_t count;
    uint64_t seed;
};
void f32_run_vs_oracle(const struct f32_run *run, f32_impl_fn impl, void *impl_ctx, struct f32_oracle *o,
                       struct f32_report *rep);

/* ---- command-line helpers ---- */
bool f32_parse_u64(const char *s, uint64_t *out); /* decimal, 0x hex, or 1e6 style */
bool f32_parse_hex32(const char *s, uint32_t *out);

/* ---- TestFloat vector lines: "XXXXXXXX ... FF" (hex words, then 2-digit flags) ---- */
/* Parses exactly nwords 8-digit words then the flags; NULL on success, else a reason. */
const char *f32_tv_parse_line(const char *line, unsigned nwords, uint32_t words[], unsigned *flags);

#endif
