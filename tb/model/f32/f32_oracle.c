/* Independent fp32 test infrastructure: PRNG, generators, MPFR oracle, compare/report.
 * The oracle implements spec chapter 2 directly around MPFR; it never calls fiu code. */
#include "f32_oracle.h"

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "../../common/splitmix64.h"

/* ======================================================================== PRNG */

void f32_rng_seed(struct f32_rng *rng, uint64_t seed)
{
    uint64_t x = seed;
    for (int i = 0; i < 4; i++)
        rng->s[i] = splitmix64(&x);
}

static uint64_t rotl64(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

uint64_t f32_rng_next(struct f32_rng *rng)
{
    uint64_t *s = rng->s;
    uint64_t result = rotl64(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl64(s[3], 45);
    return result;
}

uint32_t f32_rng_u32(struct f32_rng *rng) { return (uint32_t)(f32_rng_next(rng) >> 32); }

uint32_t f32_rng_below(struct f32_rng *rng, uint32_t n)
{
    return (uint32_t)(((uint64_t)f32_rng_u32(rng) * n) >> 32); /* bias < 2^-32 * n: irrelevant here */
}

int f32_rng_range(struct f32_rng *rng, int lo, int hi)
{
    return lo + (int)f32_rng_below(rng, (uint32_t)(hi - lo + 1));
}

uint64_t f32_stream_seed(uint64_t seed, unsigned op, unsigned mode, unsigned purpose)
{
    uint64_t x = seed ^ (0xD1B54A32D192ED03ull * (1 + ((uint64_t)op << 16 | (uint64_t)mode << 8 | purpose)));
    return splitmix64(&x);
}

uint64_t f32_seed_from_entropy(void)
{
    uint64_t seed = 0;
    FILE *f = fopen("/dev/urandom", "rb");
    if (f) {
        if (fread(&seed, sizeof seed, 1, f) != 1)
            seed = 0;
        fclose(f);
    }
    if (seed == 0) {
        uint64_t x = (uint64_t)time(NULL) ^ ((uint64_t)clock() << 32);
        seed = splitmix64(&x);
    }
    return seed;
}

/* ========================================================== ops, modes, names */

static const char *const op_names[F32_OP_COUNT] = {"dotadd", "fma", "mul", "post_multiply", "saturate", "flush"};

const char *f32_op_name(enum f32_op op) { return (unsigned)op < F32_OP_COUNT ? op_names[op] : "?"; }

bool f32_op_parse(const char *s, enum f32_op *op)
{
    for (unsigned i = 0; i < F32_OP_COUNT; i++)
        if (strcmp(s, op_names[i]) == 0) {
            *op = (enum f32_op)i;
            return true;
        }
    return false;
}

bool f32_op_has_mode(enum f32_op op) { return op == F32_OP_DOTADD || op == F32_OP_FMA || op == F32_OP_MUL; }

static const char *const mode_names[F32O_NMODES] = {"unfused,preserve", "fused,preserve", "unfused,flush",
                                                    "fused,flush"};
static const char *const mode_tags[F32O_NMODES] = {"unfused_preserve", "fused_preserve", "unfused_flush",
                                                   "fused_flush"};

const char *f32_mode_name(unsigned mode) { return mode < F32O_NMODES ? mode_names[mode] : "?"; }
const char *f32_mode_tag(unsigned mode) { return mode < F32O_NMODES ? mode_tags[mode] : "?"; }

bool f32_mode_parse(const char *s, unsigned *mode)
{
    for (unsigned m = 0; m < F32O_NMODES; m++)
        if (strcmp(s, mode_names[m]) == 0 || strcmp(s, mode_tags[m]) == 0) {
            *mode = m;
            return true;
        }
    return false;
}

/* ================================================================ generators */

static const char *const gen_names[F32_GEN_COUNT] = {"uniform", "weighted", "cancel", "addend_far", "overflow",
                                                     "tiny",    "zero",     "special", "ties"};

const char *f32_gen_name(int gen)
{
    if (gen == F32_GEN_MIX)
        return "mix";
    if (gen == F32_GEN_EXTERNAL)
        return "external";
    return gen >= 0 && gen < F32_GEN_COUNT ? gen_names[gen] : "?";
}

bool f32_gen_parse(const char *s, int *gen)
{
    if (strcmp(s, "mix") == 0 || strcmp(s, "all") == 0) {
        *gen = F32_GEN_MIX;
        return true;
    }
    for (int g = 0; g < F32_GEN_COUNT; g++)
        if (strcmp(s, gen_names[g]) == 0) {
            *gen = g;
            return true;
        }
    return false;
}

static uint32_t mk(uint32_t sign, uint32_t bexp, uint32_t frac)
{
    return (sign & 1u) << 31 | (bexp & 0xFFu) << 23 | (frac & F32O_FRAC);
}

static uint32_t rnd_sign(struct f32_rng *r) { return f32_rng_u32(r) & 1u; }
static bool coin(struct f32_rng *r) { return (f32_rng_u32(r) & 1u) != 0; }

/* Mantissa fields biased toward patterns that stress rounding and normalisation. */
static uint32_t rnd_frac(struct f32_rng *r)
{
    switch (f32_rng_below(r, 8)) {
    case 0: case 1: case 2: return f32_rng_u32(r) & F32O_FRAC;
    case 3: return F32O_FRAC - f32_rng_below(r, 4);            /* all ones */
    case 4: return f32_rng_below(r, 4);                        /* power of two + few ulps */
    case 5: return 1u << f32_rng_below(r, 23);                 /* single bit */
    case 6: return (F32O_FRAC << f32_rng_below(r, 23)) & F32O_FRAC; /* leading ones */
    default: return f32_rng_u32(r) & f32_rng_u32(r) & f32_rng_u32(r) & F32O_FRAC; /* sparse */
    }
}

/* Biased exponent weighted toward the extremes. */
static uint32_t rnd_bexp(struct f32_rng *r)
{
    uint32_t k = f32_rng_below(r, 100);
    if (k < 20) return f32_rng_below(r, 256);
    if (k < 32) return 0;
    if (k < 40) return 255;
    if (k < 62) return 1 + f32_rng_below(r, 12);
    if (k < 84) return 254 - f32_rng_below(r, 12);
    return 119 + f32_rng_below(r, 17); /* around 1.0 */
}

static uint32_t weighted_operand(struct f32_rng *r)
{
    uint32_t sign = rnd_sign(r), bexp = rnd_bexp(r), frac = rnd_frac(r);
    if (bexp == 255)
        frac = coin(r) ? 0 : (frac ? frac : 0x400000u); /* inf or NaN */
    else if (bexp == 0 && f32_rng_below(r, 3) == 0)
        frac = 0; /* zero */
    return mk(sign, bexp, frac);
}

/* Finite value with magnitude in [2^E, 2^(E+1)), clamped to the binary32 range. */
static uint32_t finite_with_exp(struct f32_rng *r, uint32_t sign, int E)
{
    if (E > 127)
        return mk(sign, 254, rnd_frac(r));
    if (E >= -126)
        return mk(sign, (uint32_t)(E + 127), rnd_frac(r));
    if (E >= -149) {
        uint32_t lead = 1u << (E + 149);
        return mk(sign, 0, lead | (rnd_frac(r) & (lead - 1)));
    }
    return mk(sign, 0, 0);
}

/* Unbiased exponent of the leading bit, weighted toward both ends of the range. */
static int rnd_unbiased_exp(struct f32_rng *r)
{
    switch (f32_rng_below(r, 4)) {
    case 0: return f32_rng_range(r, -149, -110);
    case 1: return f32_rng_range(r, 110, 127);
    default: return f32_rng_range(r, -40, 40);
    }
}

/* Product exponent P (product magnitude in [2^P, 2^(P+2))) weighted toward the extremes. */
static int rnd_product_exp(struct f32_rng *r)
{
    switch (f32_rng_below(r, 4)) {
    case 0: return f32_rng_range(r, -200, -110);
    case 1: return f32_rng_range(r, 110, 256);
    default: return f32_rng_range(r, -100, 100);
    }
}

/* Two finite factors whose product has exponent P; either factor may be subnormal. */
static void split_product(struct f32_rng *r, int P, uint32_t *a, uint32_t *b)
{
    if (P < -298) P = -298;
    if (P > 254) P = 254;
    int lo = P - 127 > -149 ? P - 127 : -149;
    int hi = P + 149 < 127 ? P + 149 : 127;
    int Ea = f32_rng_range(r, lo, hi);
    *a = finite_with_exp(r, rnd_sign(r), Ea);
    *b = finite_with_exp(r, rnd_sign(r), P - Ea);
}

/* Integer decomposition of a finite value: value = m * 2^exp2. */
static void decode(uint32_t x, uint64_t *m, int *exp2)
{
    uint32_t bexp = (x >> 23) & 0xFFu, frac = x & F32O_FRAC;
    if (bexp == 0) {
        *m = frac;
        *exp2 = -149;
    } else {
        *m = frac | 0x800000u;
        *exp2 = (int)bexp - 150;
    }
}

static int bit_length(uint64_t m)
{
    int n = 0;
    while (m) {
        n++;
        m >>= 1;
    }
    return n;
}

/* value = m * 2^exp2 packed into fp32; truncates toward zero, saturates to max finite.
 * *exact says whether no bits were lost. */
static uint32_t pack(uint32_t sign, uint64_t m, int exp2, bool *exact)
{
    *exact = true;
    if (m == 0)
        return mk(sign, 0, 0);
    int nb = bit_length(m);
    int E = exp2 + nb - 1;
    if (E > 127) {
        *exact = false;
        return mk(sign, 254, F32O_FRAC);
    }
    int shift = E < -126 ? -(exp2 + 149) : nb - 24; /* right shift to the fp32 quantum */
    uint64_t q;
    if (shift <= 0) {
        q = m << -shift;
    } else if (shift >= 64) {
        q = 0;
        *exact = false;
    } else {
        q = m >> shift;
        *exact = (m & ((1ull << shift) - 1)) == 0;
    }
    if (E < -126)
        return mk(sign, 0, (uint32_t)q);
    return mk(sign, (uint32_t)(E + 127), (uint32_t)q);
}

bool f32_pack_exact(uint32_t sign, uint64_t m, int exp2, uint32_t *bits)
{
    bool exact;
    *bits = pack(sign, m, exp2, &exact);
    return exact;
}

/* -(a*b) truncated to fp32 (a, b finite): an addend that nearly cancels the product. */
static uint32_t neg_product_approx(uint32_t a, uint32_t b)
{
    uint64_t ma, mb;
    int ea, eb;
    bool exact;
    decode(a, &ma, &ea);
    decode(b, &mb, &eb);
    return pack(1u ^ f32o_sign(a) ^ f32o_sign(b), ma * mb, ea + eb, &exact);
}

/* Move a finite value k ulps in magnitude (stays finite, floors at zero). */
static uint32_t nudge(uint32_t x, int k)
{
    int64_t mag = (int64_t)(x & F32O_MAG) + k;
    if (mag < 0)
        mag = 0;
    if (mag >= (int64_t)F32O_POS_INF)
        return x;
    return (x & F32O_SIGN) | (uint32_t)mag;
}

/* x * 2^k for a normal x staying normal; false if not possible. */
static bool rescale(uint32_t x, int k, uint32_t *out)
{
    int bexp = (int)((x >> 23) & 0xFFu);
    if (bexp == 0 || bexp == 255 || bexp + k < 1 || bexp + k > 254)
        return false;
    *out = (x & ~F32O_EXP) | (uint32_t)(bexp + k) << 23;
    return true;
}

static uint32_t signed_zero(struct f32_rng *r) { return mk(rnd_sign(r), 0, 0); }

static uint32_t random_subnormal(struct f32_rng *r)
{
    uint32_t frac = rnd_frac(r);
    return mk(rnd_sign(r), 0, frac ? frac : 1);
}

static uint32_t weighted_finite(struct f32_rng *r)
{
    uint32_t sign = rnd_sign(r);
    return finite_with_exp(r, sign, rnd_unbiased_exp(r));
}

/* Generators fill a..e; nprod = products used (1 or 2), addend = whether e is used. */
struct shape {
    int nprod;
    bool addend;
};

static void gen_uniform(struct f32_rng *r, struct f32_case *c, struct shape s)
{
    (void)s;
    c->a = f32_rng_u32(r);
    c->b = f32_rng_u32(r);
    c->c = f32_rng_u32(r);
    c->d = f32_rng_u32(r);
    c->e = f32_rng_u32(r);
}

static void gen_weighted(struct f32_rng *r, struct f32_case *c, struct shape s)
{
    (void)s;
    c->a = weighted_operand(r);
    c->b = weighted_operand(r);
    c->c = weighted_operand(r);
    c->d = weighted_operand(r);
    c->e = weighted_operand(r);
}

/* Nonzero finite value near 2^(P+delta), clamped to [min subnormal, max normal]. */
static uint32_t far_from(struct f32_rng *r, int P, int delta)
{
    int E = P + delta;
    return finite_with_exp(r, rnd_sign(r), E < -149 ? -149 : E);
}

static void gen_cancel(struct f32_rng *r, struct f32_case *c, struct shape s)
{
    int P = rnd_product_exp(r);
    split_product(r, P, &c->a, &c->b);
    if (s.nprod == 2) {
        switch (f32_rng_below(r, 4)) {
        case 0: c->c = c->a ^ F32O_SIGN; c->d = c->b; break;
        case 1: c->c = c->b ^ F32O_SIGN; c->d = c->a; break;
        case 2: c->c = c->a; c->d = c->b ^ F32O_SIGN; break;
        default: {
            int k = f32_rng_range(r, -8, 8);
            if (!rescale(c->a ^ F32O_SIGN, k, &c->c) || !rescale(c->b, -k, &c->d)) {
                c->c = c->a ^ F32O_SIGN;
                c->d = c->b;
            }
        }
        }
        if (f32_rng_below(r, 4) != 0)
            c->c = nudge(c->c, f32_rng_range(r, -3, 3));
        if (coin(r))
            c->d = nudge(c->d, f32_rng_range(r, -3, 3));
        switch (f32_rng_below(r, 6)) {
        case 0: c->e = signed_zero(r); break;
        case 1: c->e = weighted_operand(r); break;
        case 2: c->e = far_from(r, P, -f32_rng_range(r, 0, 60)); break;
        case 3: c->e = far_from(r, P, -47 - f32_rng_range(r, 0, 30)); break;
        case 4: c->e = far_from(r, P, -f32_rng_range(r, 60, 300)); break; /* sticky far below */
        default: c->e = far_from(r, P, f32_rng_range(r, 20, 200)); break; /* far above */
        }
    } else {
        c->e = nudge(neg_product_approx(c->a, c->b), f32_rng_range(r, -3, 3));
    }
}

static void gen_addend_far(struct f32_rng *r, struct f32_case *c, struct shape s)
{
    int P = rnd_product_exp(r);
    split_product(r, P, &c->a, &c->b);
    int P2 = coin(r) ? P + f32_rng_range(r, -3, 3) : P + f32_rng_range(r, -60, 60);
    split_product(r, P2, &c->c, &c->d);
    int delta = f32_rng_range(r, 24, coin(r) ? 90 : 250);
    if (coin(r))
        delta = -delta;
    switch (f32_rng_below(r, 8)) {
    case 0: c->e = mk(rnd_sign(r), 254, F32O_FRAC); break; /* max normal */
    case 1: c->e = mk(rnd_sign(r), 0, 1); break;          /* min subnormal */
    case 2: c->e = mk(rnd_sign(r), 1, 0); break;          /* min normal */
    default: c->e = far_from(r, P, delta); break;
    }
    (void)s;
}

static void gen_overflow(struct f32_rng *r, struct f32_case *c, struct shape s)
{
    if (f32_rng_below(r, 8) == 0) {
        c->a = mk(rnd_sign(r), 254, F32O_FRAC);
        c->a -= f32_rng_below(r, 4);
        c->b = nudge(F32O_ONE, f32_rng_range(r, -2, 2));
        c->b |= rnd_sign(r) << 31;
    } else {
        split_product(r, f32_rng_range(r, 124, 128), &c->a, &c->b);
        if (coin(r)) {
            c->a = (c->a & ~F32O_FRAC) | (F32O_FRAC - f32_rng_below(r, 16));
            c->b = (c->b & ~F32O_FRAC) | (F32O_FRAC - f32_rng_below(r, 16));
        }
    }
    uint32_t p1_sign = f32o_sign(c->a) ^ f32o_sign(c->b);
    switch (f32_rng_below(r, 3)) {
    case 0: /* same sign, similar size: the sum overflows */
        split_product(r, f32_rng_range(r, 118, 128), &c->c, &c->d);
        c->d = (c->d & F32O_MAG) | ((p1_sign ^ f32o_sign(c->c)) << 31);
        break;
    case 1: /* opposite sign: cancellation just below overflow */
        c->c = nudge(c->a ^ F32O_SIGN, f32_rng_range(r, -4, 4));
        c->d = nudge(c->b, f32_rng_range(r, -4, 4));
        break;
    default:
        c->c = weighted_operand(r);
        c->d = weighted_finite(r);
        break;
    }
    switch (f32_rng_below(r, 5)) {
    case 0: case 1: /* near max normal */
        c->e = mk(rnd_sign(r), 254, F32O_FRAC);
        c->e -= f32_rng_below(r, 2) << 23;
        c->e -= f32_rng_below(r, 8);
        break;
    case 2: c->e = signed_zero(r); break;
    case 3: c->e = finite_with_exp(r, p1_sign, 127 - (int)f32_rng_below(r, 30)); break;
    default: c->e = weighted_operand(r); break;
    }
    (void)s;
}

static void gen_tiny(struct f32_rng *r, struct f32_case *c, struct shape s)
{
    switch (f32_rng_below(r, 3)) {
    case 0: split_product(r, f32_rng_range(r, -153, -120), &c->a, &c->b); break;
    case 1: /* (~1 +- k ulp) * (2^-126 +- j ulp): products straddling 2^-126 */
        c->a = coin(r) ? F32O_ONE : 0x3F7FFFFFu;
        c->a = nudge(c->a, f32_rng_range(r, -3, 3));
        c->a |= rnd_sign(r) << 31;
        c->b = coin(r) ? 0x00800000u : 0x007FFFFFu;
        c->b = nudge(c->b, f32_rng_range(r, -3, 3));
        c->b |= rnd_sign(r) << 31;
        break;
    default: { /* subnormal factor times a large one */
        int Ea = f32_rng_range(r, -149, -127);
        int P = f32_rng_range(r, -153, -120);
        c->a = finite_with_exp(r, rnd_sign(r), Ea);
        c->b = finite_with_exp(r, rnd_sign(r), P - Ea);
        if (coin(r)) {
            uint32_t t = c->a;
            c->a = c->b;
            c->b = t;
        }
    }
    }
    switch (f32_rng_below(r, 3)) {
    case 0: split_product(r, f32_rng_range(r, -160, -120), &c->c, &c->d); break;
    case 1: c->c = signed_zero(r); c->d = weighted_finite(r); break;
    default:
        c->c = nudge(c->a ^ F32O_SIGN, f32_rng_range(r, -2, 2));
        c->d = nudge(c->b, f32_rng_range(r, -2, 2));
        break;
    }
    switch (f32_rng_below(r, 6)) {
    case 0: c->e = signed_zero(r); break;
    case 1: /* +-2^-126 +- ulps */
        c->e = nudge(0x00800000u, f32_rng_range(r, -3, 3));
        c->e |= rnd_sign(r) << 31;
        break;
    case 2: c->e = far_from(r, -152, f32_rng_range(r, 0, 32)); break;
    case 3: c->e = random_subnormal(r); break;
    case 4: c->e = nudge(neg_product_approx(c->a, c->b), f32_rng_range(r, -3, 3)); break;
    default: c->e = weighted_operand(r); break;
    }
    (void)s;
}

/* A factor that is zero, or (sometimes) a subnormal that FLUSH reads as zero. */
static uint32_t zeroish(struct f32_rng *r, uint32_t sign)
{
    if (f32_rng_below(r, 5) == 0)
        return mk(sign, 0, rnd_frac(r) | 1u);
    return mk(sign, 0, 0);
}

/* A zero product a*b whose sign is want_sign. */
static void zero_product(struct f32_rng *r, uint32_t want_sign, uint32_t *a, uint32_t *b)
{
    uint32_t other = weighted_finite(r);
    uint32_t zsign = want_sign ^ f32o_sign(other);
    switch (f32_rng_below(r, 3)) {
    case 0: *a = zeroish(r, zsign); *b = other; break;
    case 1: *a = other; *b = zeroish(r, zsign); break;
    default: {
        uint32_t sa = rnd_sign(r);
        *a = mk(sa, 0, 0);
        *b = mk(sa ^ want_sign, 0, 0);
    }
    }
}

/* Factor with a short mantissa (<= 12 significant bits) so products stay exact. */
static uint32_t short_factor(struct f32_rng *r, int E)
{
    uint32_t frac = (f32_rng_u32(r) & 0x7FF000u);
    return mk(rnd_sign(r), (uint32_t)(E + 127), frac);
}

/* decode() for short_factor values: drop the 12 zero low bits (m < 2^13). */
static void decode_short(uint32_t x, uint64_t *m, int *exp2)
{
    decode(x, m, exp2);
    *m >>= 12;
    *exp2 += 12;
}

static void gen_zero(struct f32_rng *r, struct f32_case *c, struct shape s)
{
    unsigned variant = f32_rng_below(r, s.nprod == 2 ? 4 : 2);
    if (variant == 1 && s.nprod == 1)
        variant = 2;
    switch (variant) {
    case 0: { /* all three terms zero, uniformly over the 8 sign combinations */
        uint32_t signs = f32_rng_below(r, 8);
        zero_product(r, signs & 1u, &c->a, &c->b);
        zero_product(r, (signs >> 1) & 1u, &c->c, &c->d);
        c->e = zeroish(r, (signs >> 2) & 1u);
        return;
    }
    case 1: { /* c*d = -(a*b) exactly, e = +-0 */
        int P = rnd_product_exp(r);
        split_product(r, P, &c->a, &c->b);
        int k = f32_rng_range(r, -6, 6);
        switch (f32_rng_below(r, 3)) {
        case 0: c->c = c->a ^ F32O_SIGN; c->d = c->b; break;
        case 1: c->c = c->b; c->d = c->a ^ F32O_SIGN; break;
        default:
            if (!rescale(c->a, k, &c->c) || !rescale(c->b ^ F32O_SIGN, -k, &c->d)) {
                c->c = c->a;
                c->d = c->b ^ F32O_SIGN;
            }
        }
        c->e = signed_zero(r);
        return;
    }
    case 2: { /* a*b + e = 0 exactly, second product a zero of random sign */
        int Ea = rnd_unbiased_exp(r), Eb = f32_rng_range(r, -20, 20);
        if (Ea < -126) Ea = -126;
        if (Ea + Eb > 126) Eb = 126 - Ea;
        if (Ea + Eb < -149) Eb = -149 - Ea;
        if (Eb < -126) Eb = -126;
        c->a = short_factor(r, Ea);
        c->b = short_factor(r, Eb);
        zero_product(r, rnd_sign(r), &c->c, &c->d);
        uint64_t ma, mb;
        int ea, eb;
        decode(c->a, &ma, &ea);
        decode(c->b, &mb, &eb);
        if (!f32_pack_exact(1u ^ f32o_sign(c->a) ^ f32o_sign(c->b), ma * mb, ea + eb, &c->e)) {
            c->c = c->a ^ F32O_SIGN; /* fall back to p2 = -p1, e = +-0 */
            c->d = c->b;
            c->e = signed_zero(r);
        }
        return;
    }
    default: { /* three nonzero terms with an exact zero sum */
        int E = f32_rng_range(r, -110, 100);
        c->a = short_factor(r, E);
        c->b = short_factor(r, f32_rng_range(r, -8, 8));
        c->c = short_factor(r, E + f32_rng_range(r, -6, 6));
        c->d = short_factor(r, f32_rng_range(r, -8, 8));
        uint64_t ma, mb, mc, md;
        int ea, eb, ec, ed;
        decode_short(c->a, &ma, &ea);
        decode_short(c->b, &mb, &eb);
        decode_short(c->c, &mc, &ec);
        decode_short(c->d, &md, &ed);
        /* products < 2^26, shifts <= 24: no overflow */
        int x1 = ea + eb, x2 = ec + ed, x = x1 < x2 ? x1 : x2;
        int64_t t1 = (int64_t)((ma * mb) << (x1 - x)), t2 = (int64_t)((mc * md) << (x2 - x));
        int64_t sum = (f32o_sign(c->a) ^ f32o_sign(c->b) ? -t1 : t1) + (f32o_sign(c->c) ^ f32o_sign(c->d) ? -t2 : t2);
        uint32_t esign = sum > 0; /* e = -sum */
        uint64_t mag = (uint64_t)(sum < 0 ? -sum : sum);
        if (sum == 0 || !f32_pack_exact(esign, mag, x, &c->e))
            c->e = signed_zero(r);
        return;
    }
    }
}

static const uint32_t special_values[] = {
    0x00000000u, 0x80000000u, 0x7F800000u, 0xFF800000u, 0x7FC00000u, 0xFFC00000u, 0x7F800001u, 0xFF800001u,
    0x7FFFFFFFu, 0xFFFFFFFFu, 0x7FA00000u, 0x00000001u, 0x80000001u, 0x007FFFFFu, 0x807FFFFFu, 0x00800000u,
    0x80800000u, 0x00800001u, 0x7F7FFFFFu, 0xFF7FFFFFu, 0x7F7FFFFEu, 0x3F800000u, 0xBF800000u, 0x3F7FFFFFu,
    0x3F800001u, 0x00400000u, 0x00000002u, 0x40000000u, 0x5F800000u, 0x1F800000u, 0x34000000u, 0x33800000u,
    0x7F000000u, 0x00000003u, 0x80400001u, 0x3FFFFFFFu,
};
#define N_SPECIAL (sizeof special_values / sizeof special_values[0])

static uint32_t special_operand(struct f32_rng *r)
{
    if (f32_rng_below(r, 5) < 3)
        return special_values[f32_rng_below(r, (uint32_t)N_SPECIAL)];
    return weighted_operand(r);
}

static void gen_special(struct f32_rng *r, struct f32_case *c, struct shape s)
{
    (void)s;
    c->a = special_operand(r);
    c->b = special_operand(r);
    c->c = special_operand(r);
    c->d = special_operand(r);
    c->e = special_operand(r);
}

/* a*b = m * 2^T exactly (m small odd), a and b finite. */
static void exact_product(struct f32_rng *r, uint32_t sign, uint64_t m, int T, uint32_t *a, uint32_t *b)
{
    int lo = T - 124 > -126 ? T - 124 : -126;
    int hi = T + 149 < 127 ? T + 149 : 127;
    int j = f32_rng_range(r, lo, hi);
    *b = mk(rnd_sign(r), (uint32_t)(j + 127), 0);
    if (!f32_pack_exact(sign ^ f32o_sign(*b), m, T - j, a)) {
        *a = mk(sign, 0, 0); /* cannot happen for the ranges used; keep the case valid */
    }
}

/* Product with a 25-bit (midpoint) or 26-bit significand: odd 13-bit mantissas. */
static void product_tie(struct f32_rng *r, uint32_t *a, uint32_t *b)
{
    uint64_t m1 = 0x1000u | (f32_rng_u32(r) & 0xFFFu) | 1u, m2 = 0x1000u | (f32_rng_u32(r) & 0xFFFu) | 1u;
    bool exact;
    if (f32_rng_below(r, 3) == 0) { /* near the subnormal boundary */
        int Ea = f32_rng_range(r, -70, -60), Eb = f32_rng_range(r, -80, -60);
        *a = pack(0, m1, Ea - 12, &exact);
        *b = pack(0, m2, Eb - 12, &exact);
    } else {
        int E = rnd_product_exp(r);
        *a = pack(0, m1, E / 2 - 12, &exact);
        *b = pack(0, m2, E - E / 2 - 12, &exact);
    }
    *a |= rnd_sign(r) << 31;
    *b |= rnd_sign(r) << 31;
}

/* Leading-bit exponent of a finite nonzero value. */
static int lead_exp(uint32_t x)
{
    uint64_t m;
    int e;
    decode(x, &m, &e);
    return e + bit_length(m) - 1;
}

static void gen_ties(struct f32_rng *r, struct f32_case *c, struct shape s)
{
    unsigned variant = f32_rng_below(r, 3);
    if (!s.addend)
        variant = 0;
    if (variant == 2) { /* e + p1 on a midpoint of e: p1 = odd * half ulp(e) */
        uint32_t e;
        switch (f32_rng_below(r, 8)) {
        case 0: e = signed_zero(r); break;
        case 1: case 2: e = far_from(r, -149, f32_rng_range(r, 0, 29)); break;
        default: e = weighted_finite(r); break;
        }
        uint32_t bexp = (e >> 23) & 0xFFu;
        int U = bexp ? (int)bexp - 150 : -149; /* ulp exponent of e */
        uint64_t m = 1 + 2 * f32_rng_below(r, 4);
        exact_product(r, rnd_sign(r), m, U - 1, &c->a, &c->b);
        c->e = e;
    } else {
        product_tie(r, &c->a, &c->b);
        c->e = signed_zero(r);
    }
    bool far_pair = variant == 1 && !f32o_is_zero(c->a) && !f32o_is_zero(c->b);
    if (far_pair) {
        /* p2 and e far below the tie, summing to exactly 0 or to +-1 ulp of e: only their
         * sum's sign may break the tie (spec 2.2: one rounding of the exact sum) */
        int P = lead_exp(c->a) + lead_exp(c->b) - f32_rng_range(r, 30, 250);
        int Ec = P / 2, Ed = P - Ec;
        if (Ec < -126) Ec = -126;
        if (Ed < -126) Ed = -126;
        if (Ec > 127) Ec = 127;
        if (Ed > 127) Ed = 127;
        c->c = short_factor(r, Ec);
        c->d = short_factor(r, Ed);
        if (s.nprod == 1) { /* fma: only e is left; make it tiny */
            c->e = far_from(r, P, 0);
            return;
        }
        uint64_t mc, md;
        int ec, ed;
        decode(c->c, &mc, &ec);
        decode(c->d, &md, &ed);
        if (!f32_pack_exact(1u ^ f32o_sign(c->c) ^ f32o_sign(c->d), mc * md, ec + ed, &c->e))
            c->e = c->c ^ F32O_SIGN;
        if (coin(r))
            c->e = nudge(c->e, coin(r) ? 1 : -1);
        return;
    }
    if (s.nprod == 1)
        return;
    switch (f32_rng_below(r, 4)) {
    case 0: zero_product(r, rnd_sign(r), &c->c, &c->d); break;
    case 1: { /* sticky: far smaller than the tie */
        uint32_t be = (c->e >> 23) & 0xFFu;
        int U = be ? (int)be - 150 : -149;
        split_product(r, U - f32_rng_range(r, 3, 60), &c->c, &c->d);
        break;
    }
    case 2: c->c = coin(r) ? c->a : c->a ^ F32O_SIGN; c->d = c->b; break; /* doubles or cancels the tie */
    default: c->c = random_subnormal(r); c->d = F32O_ONE; break;
    }
}

typedef void (*gen_fn)(struct f32_rng *, struct f32_case *, struct shape);
static const gen_fn generators[F32_GEN_COUNT] = {gen_uniform, gen_weighted, gen_cancel,  gen_addend_far, gen_overflow,
                                                 gen_tiny,    gen_zero,     gen_special, gen_ties};
/* Mix weights in percent, same order as enum f32_gen. */
static const uint8_t gen_weight[F32_GEN_COUNT] = {8, 18, 16, 10, 10, 12, 10, 6, 10};

static int pick_generator(struct f32_rng *r)
{
    uint32_t k = f32_rng_below(r, 100);
    for (int g = 0; g < F32_GEN_COUNT; g++) {
        if (k < gen_weight[g])
            return g;
        k -= gen_weight[g];
    }
    return F32_GEN_UNIFORM;
}

void f32_gen_case(struct f32_rng *rng, enum f32_op op, int gen, unsigned mode, struct f32_case *out)
{
    struct shape s = {2, true};
    if (op != F32_OP_DOTADD)
        s.nprod = 1;
    if (op == F32_OP_MUL || op == F32_OP_POST_MULTIPLY)
        s.addend = false;
    int g = gen == F32_GEN_MIX ? pick_generator(rng) : gen;
    memset(out, 0, sizeof *out);
    generators[g](rng, out, s);
    out->gen = (uint8_t)g;
    out->mode = f32_op_has_mode(op) ? mode : 0;
    switch (op) {
    case F32_OP_DOTADD: break;
    case F32_OP_FMA: out->c = F32O_POS_ZERO; out->d = F32O_NEG_ZERO; break;
    case F32_OP_MUL: out->c = F32O_POS_ZERO; out->d = F32O_NEG_ZERO; out->e = F32O_NEG_ZERO; break;
    case F32_OP_POST_MULTIPLY: {
        uint32_t k = f32_rng_below(rng, 4);
        out->pmul = k & 1u;
        out->sat = (k >> 1) & 1u;
        out->c = out->d = out->e = 0;
        break;
    }
    case F32_OP_SATURATE:
    case F32_OP_FLUSH:
        if (f32_rng_below(rng, 8) == 0) { /* values around 1.0 */
            out->a = nudge(F32O_ONE, f32_rng_range(rng, -3, 3));
            out->a |= rnd_sign(rng) << 31;
        }
        out->b = out->c = out->d = out->e = 0;
        break;
    default: break;
    }
}

/* ================================================================ MPFR oracle */

#define SUM_PREC 640 /* exact: terms span 2^257 .. 2^-298 */

static void oracle_fail(const char *what)
{
    fprintf(stderr, "f32_oracle: internal error: %s\n", what);
    abort();
}

void f32_oracle_init(struct f32_oracle *o)
{
    mpfr_inits2(24, o->fa, o->fb, o->fc, o->fd, o->fe, o->r24, o->scratch, o->min_normal, (mpfr_ptr)0);
    mpfr_inits2(48, o->p1, o->p2, (mpfr_ptr)0);
    mpfr_init2(o->sum, SUM_PREC);
    mpfr_set_ui_2exp(o->min_normal, 1, -126, MPFR_RNDN);
}

void f32_oracle_clear(struct f32_oracle *o)
{
    mpfr_clears(o->fa, o->fb, o->fc, o->fd, o->fe, o->r24, o->scratch, o->min_normal, o->p1, o->p2, o->sum,
                (mpfr_ptr)0);
}

void f32_oracle_from_bits(mpfr_t dst, uint32_t bits)
{
    uint32_t bexp = (bits >> 23) & 0xFFu, frac = bits & F32O_FRAC;
    if (bexp == 255) {
        if (frac)
            oracle_fail("from_bits on NaN");
        mpfr_set_inf(dst, f32o_sign(bits) ? -1 : 1);
        return;
    }
    unsigned long m = bexp ? (frac | 0x800000u) : frac;
    long e = bexp ? (long)bexp - 150 : -149;
    if (mpfr_set_ui_2exp(dst, m, e, MPFR_RNDN) != 0)
        oracle_fail("inexact operand conversion");
    if (f32o_sign(bits))
        mpfr_neg(dst, dst, MPFR_RNDN);
}

uint32_t f32_oracle_to_bits(struct f32_oracle *o, mpfr_t src)
{
    if (mpfr_nan_p(src))
        return F32O_NAN;
    uint32_t sign = mpfr_signbit(src) ? F32O_SIGN : 0;
    if (mpfr_inf_p(src))
        return sign | F32O_POS_INF;
    if (mpfr_zero_p(src))
        return sign;
    mpfr_exp_t E = mpfr_get_exp(src); /* src = f * 2^E, f in [0.5, 1) */
    if (E > 128 || E < -148)
        oracle_fail("to_bits out of range");
    bool normal = E >= -125;
    if (mpfr_abs(o->scratch, src, MPFR_RNDN) != 0 ||
        mpfr_mul_2si(o->scratch, o->scratch, normal ? 24 - E : 149, MPFR_RNDN) != 0 || !mpfr_integer_p(o->scratch))
        oracle_fail("to_bits: not a binary32 value");
    unsigned long m = mpfr_get_ui(o->scratch, MPFR_RNDN);
    if (normal) {
        if (m < 0x800000u || m > 0xFFFFFFu)
            oracle_fail("to_bits: bad normal significand");
        return sign | (uint32_t)(E + 126) << 23 | ((uint32_t)m & F32O_FRAC);
    }
    if (m == 0 || m > F32O_FRAC)
        oracle_fail("to_bits: bad subnormal significand");
    return sign | (uint32_t)m;
}

/* Round the exact o->sum (nonzero, finite) to binary32 once: 24-bit RNE in the wide exponent
 * range, then binary32 range (overflow/underflow) and gradual underflow via the ternary value,
 * which avoids double rounding. Output flush after rounding (spec 2.5). */
static uint32_t round_sum(struct f32_oracle *o, bool flush)
{
    int t = mpfr_set(o->r24, o->sum, MPFR_RNDN);
    mpfr_exp_t old_emin = mpfr_get_emin(), old_emax = mpfr_get_emax();
    if (mpfr_set_emin(-148) != 0 || mpfr_set_emax(128) != 0)
        oracle_fail("cannot set binary32 exponent range");
    t = mpfr_check_range(o->r24, t, MPFR_RNDN);
    mpfr_subnormalize(o->r24, t, MPFR_RNDN);
    mpfr_set_emin(old_emin);
    mpfr_set_emax(old_emax);
    uint32_t bits = f32_oracle_to_bits(o, o->r24);
    return flush ? f32o_flush(bits) : bits;
}

static bool is_zero_product(uint32_t a, uint32_t b) { return f32o_is_zero(a) || f32o_is_zero(b); }

/* Record an infinite product term's sign. Caller excluded NaN and inf*0. */
static void note_inf_product(uint32_t a, uint32_t b, bool *pos, bool *neg)
{
    if (f32o_is_inf(a) || f32o_is_inf(b)) {
        if (f32o_sign(a) ^ f32o_sign(b))
            *neg = true;
        else
            *pos = true;
    }
}

static bool inf_times_zero(uint32_t a, uint32_t b)
{
    return (f32o_is_inf(a) && f32o_is_zero(b)) || (f32o_is_zero(a) && f32o_is_inf(b));
}

/* Fused dot-add, spec 2.2 (fused), 2.4-2.7. */
static uint32_t oracle_fused(struct f32_oracle *o, uint32_t a, uint32_t b, uint32_t c, uint32_t d, uint32_t e,
                             bool flush)
{
    if (flush) {
        a = f32o_flush(a);
        b = f32o_flush(b);
        c = f32o_flush(c);
        d = f32o_flush(d);
        e = f32o_flush(e);
    }
    if (f32o_is_nan(a) || f32o_is_nan(b) || f32o_is_nan(c) || f32o_is_nan(d) || f32o_is_nan(e))
        return F32O_NAN;
    if (inf_times_zero(a, b) || inf_times_zero(c, d))
        return F32O_NAN;
    bool pos_inf = false, neg_inf = false;
    note_inf_product(a, b, &pos_inf, &neg_inf);
    note_inf_product(c, d, &pos_inf, &neg_inf);
    if (f32o_is_inf(e)) {
        if (f32o_sign(e))
            neg_inf = true;
        else
            pos_inf = true;
    }
    if (pos_inf && neg_inf)
        return F32O_NAN;
    if (pos_inf)
        return F32O_POS_INF;
    if (neg_inf)
        return F32O_NEG_INF;

    f32_oracle_from_bits(o->fa, a);
    f32_oracle_from_bits(o->fb, b);
    f32_oracle_from_bits(o->fc, c);
    f32_oracle_from_bits(o->fd, d);
    f32_oracle_from_bits(o->fe, e);
    if (mpfr_mul(o->p1, o->fa, o->fb, MPFR_RNDN) != 0 || mpfr_mul(o->p2, o->fc, o->fd, MPFR_RNDN) != 0)
        oracle_fail("inexact product");
    if (mpfr_set(o->sum, o->p1, MPFR_RNDN) != 0 || mpfr_add(o->sum, o->sum, o->p2, MPFR_RNDN) != 0 ||
        mpfr_add(o->sum, o->sum, o->fe, MPFR_RNDN) != 0)
        oracle_fail("inexact sum");
    if (mpfr_zero_p(o->sum)) { /* spec 2.4 */
        bool all_neg_zero = is_zero_product(a, b) && (f32o_sign(a) ^ f32o_sign(b)) && is_zero_product(c, d) &&
                            (f32o_sign(c) ^ f32o_sign(d)) && f32o_is_zero(e) && f32o_sign(e);
        return all_neg_zero ? F32O_NEG_ZERO : F32O_POS_ZERO;
    }
    return round_sum(o, flush);
}

uint32_t f32_oracle_dotadd(struct f32_oracle *o, uint32_t a, uint32_t b, uint32_t c, uint32_t d, uint32_t e,
                           unsigned mode)
{
    bool flush = (mode & F32O_FLUSH) != 0;
    if (mode & F32O_FUSED)
        return oracle_fused(o, a, b, c, d, e, flush);
    /* Unfused (spec 2.2): each product rounded as a single-product fused op, then one rounding of the sum. */
    uint32_t p1 = oracle_fused(o, a, b, F32O_POS_ZERO, F32O_NEG_ZERO, F32O_NEG_ZERO, flush);
    uint32_t p2 = oracle_fused(o, c, d, F32O_POS_ZERO, F32O_NEG_ZERO, F32O_NEG_ZERO, flush);
    return oracle_fused(o, p1, F32O_ONE, p2, F32O_ONE, e, flush);
}

uint32_t f32_oracle_fma(struct f32_oracle *o, uint32_t a, uint32_t b, uint32_t e, unsigned mode)
{
    return f32_oracle_dotadd(o, a, b, F32O_POS_ZERO, F32O_NEG_ZERO, e, mode);
}

uint32_t f32_oracle_mul(struct f32_oracle *o, uint32_t a, uint32_t b, unsigned mode)
{
    return f32_oracle_dotadd(o, a, b, F32O_POS_ZERO, F32O_NEG_ZERO, F32O_NEG_ZERO, mode);
}

uint32_t f32_oracle_post_multiply(struct f32_oracle *o, uint32_t r, uint32_t rb, bool pmul, bool sat)
{
    if (!pmul && !sat)
        return r;
    return f32_oracle_dotadd(o, r, rb, F32O_POS_ZERO, F32O_NEG_ZERO, F32O_NEG_ZERO, F32O_FUSED | F32O_FLUSH);
}

uint32_t f32_oracle_flush(struct f32_oracle *o, uint32_t x)
{
    if (f32o_is_nan(x) || f32o_is_inf(x) || f32o_is_zero(x))
        return x;
    f32_oracle_from_bits(o->fa, x);
    return mpfr_cmpabs(o->fa, o->min_normal) < 0 ? (x & F32O_SIGN) : x;
}

uint32_t f32_oracle_saturate(struct f32_oracle *o, uint32_t x)
{
    x = f32_oracle_flush(o, x);
    if (f32o_is_nan(x) || f32o_sign(x))
        return F32O_POS_ZERO;
    f32_oracle_from_bits(o->fa, x);
    return mpfr_cmp_ui(o->fa, 1) > 0 ? F32O_ONE : x;
}

uint32_t f32_oracle_eval(struct f32_oracle *o, enum f32_op op, const struct f32_case *c)
{
    switch (op) {
    case F32_OP_DOTADD: return f32_oracle_dotadd(o, c->a, c->b, c->c, c->d, c->e, c->mode);
    case F32_OP_FMA: return f32_oracle_fma(o, c->a, c->b, c->e, c->mode);
    case F32_OP_MUL: return f32_oracle_mul(o, c->a, c->b, c->mode);
    case F32_OP_POST_MULTIPLY: return f32_oracle_post_multiply(o, c->a, c->b, c->pmul, c->sat);
    case F32_OP_SATURATE: return f32_oracle_saturate(o, c->a);
    case F32_OP_FLUSH: return f32_oracle_flush(o, c->a);
    default: oracle_fail("unknown op");
    }
    return 0;
}

/* ============================================================ compare, report */

bool f32_bits_match(uint32_t expected, uint32_t got, enum f32_match how)
{
    if (expected == got)
        return true;
    return how == F32_MATCH_ANY_NAN && f32o_is_nan(expected) && f32o_is_nan(got);
}

const char *f32_format(uint32_t bits, char buf[F32_FMT_LEN])
{
    uint32_t bexp = (bits >> 23) & 0xFFu, frac = bits & F32O_FRAC;
    const char *sign = f32o_sign(bits) ? "-" : "+";
    if (bexp == 255 && frac)
        snprintf(buf, F32_FMT_LEN, "0x%08" PRIX32 " (%snan)", bits, sign);
    else if (bexp == 255)
        snprintf(buf, F32_FMT_LEN, "0x%08" PRIX32 " (%sinf)", bits, sign);
    else if (bexp == 0 && frac == 0)
        snprintf(buf, F32_FMT_LEN, "0x%08" PRIX32 " (%s0)", bits, sign);
    else {
        /* exact in double; 9 significant digits identify a binary32 value */
        double v = ldexp((double)(bexp ? (frac | 0x800000u) : frac), bexp ? (int)bexp - 150 : -149);
        snprintf(buf, F32_FMT_LEN, "0x%08" PRIX32 " (%s%.9g%s)", bits, sign, v, bexp ? "" : " subnormal");
    }
    return buf;
}

enum f32_class f32_classify(uint32_t bits)
{
    if (f32o_is_nan(bits)) return F32C_NAN;
    if (f32o_is_inf(bits)) return F32C_INF;
    if (bits == F32O_POS_ZERO) return F32C_POS_ZERO;
    if (bits == F32O_NEG_ZERO) return F32C_NEG_ZERO;
    if (f32o_is_subnormal(bits)) return F32C_SUBNORMAL;
    return F32C_NORMAL;
}

void f32_report_init(struct f32_report *rep, const char *prog, FILE *out, unsigned max_print)
{
    memset(rep, 0, sizeof *rep);
    rep->prog = prog;
    rep->out = out;
    rep->max_print = max_print;
}

static void print_operands(FILE *out, enum f32_op op, const struct f32_case *c)
{
    char b1[F32_FMT_LEN], b2[F32_FMT_LEN], b3[F32_FMT_LEN], b4[F32_FMT_LEN], b5[F32_FMT_LEN];
    switch (op) {
    case F32_OP_DOTADD:
        fprintf(out, "    a=%s b=%s\n    c=%s d=%s\n    e=%s\n", f32_format(c->a, b1), f32_format(c->b, b2),
                f32_format(c->c, b3), f32_format(c->d, b4), f32_format(c->e, b5));
        fprintf(out, "    reproduce: --op dotadd --mode %s --case 0x%08" PRIX32 ",0x%08" PRIX32 ",0x%08" PRIX32
                ",0x%08" PRIX32 ",0x%08" PRIX32 "\n",
                f32_mode_name(c->mode), c->a, c->b, c->c, c->d, c->e);
        break;
    case F32_OP_FMA:
        fprintf(out, "    a=%s b=%s e=%s\n", f32_format(c->a, b1), f32_format(c->b, b2), f32_format(c->e, b3));
        fprintf(out, "    reproduce: --op fma --mode %s --case 0x%08" PRIX32 ",0x%08" PRIX32 ",0x%08" PRIX32 "\n",
                f32_mode_name(c->mode), c->a, c->b, c->e);
        break;
    case F32_OP_MUL:
        fprintf(out, "    a=%s b=%s\n", f32_format(c->a, b1), f32_format(c->b, b2));
        fprintf(out, "    reproduce: --op mul --mode %s --case 0x%08" PRIX32 ",0x%08" PRIX32 "\n",
                f32_mode_name(c->mode), c->a, c->b);
        break;
    case F32_OP_POST_MULTIPLY:
        fprintf(out, "    r=%s rb=%s pmul=%d sat=%d\n", f32_format(c->a, b1), f32_format(c->b, b2), c->pmul, c->sat);
        fprintf(out, "    reproduce: --op post_multiply --case 0x%08" PRIX32 ",0x%08" PRIX32 ",%d,%d\n", c->a, c->b,
                c->pmul, c->sat);
        break;
    default:
        fprintf(out, "    x=%s\n", f32_format(c->a, b1));
        fprintf(out, "    reproduce: --op %s --case 0x%08" PRIX32 "\n", f32_op_name(op), c->a);
        break;
    }
}

bool f32_report_check(struct f32_report *rep, const char *what, enum f32_op op, const struct f32_case *c,
                      uint32_t expected, uint32_t got, enum f32_match how)
{
    rep->cases++;
    rep->expected_class[f32_classify(expected)]++;
    if (f32_bits_match(expected, got, how))
        return true;
    rep->mismatches++;
    if (rep->mismatches <= rep->max_print) {
        char e1[F32_FMT_LEN], g1[F32_FMT_LEN];
        fprintf(rep->out, "%s: MISMATCH #%" PRIu64 "%s%s op=%s mode=%s gen=%s case#%" PRIu64 "\n", rep->prog,
                rep->mismatches, what ? " " : "", what ? what : "", f32_op_name(op),
                f32_op_has_mode(op) ? f32_mode_name(c->mode) : "-", f32_gen_name(c->gen), c->index);
        print_operands(rep->out, op, c);
        fprintf(rep->out, "    expected=%s got=%s%s\n", f32_format(expected, e1), f32_format(got, g1),
                how == F32_MATCH_ANY_NAN ? " (any NaN matches any NaN)" : "");
    }
    if (rep->max_print > 0 && rep->mismatches == rep->max_print + 1)
        fprintf(rep->out, "%s: further mismatches not printed\n", rep->prog);
    return false;
}

void f32_report_coverage(const struct f32_report *rep)
{
    const uint64_t *k = rep->expected_class;
    fprintf(rep->out,
            "%s: expected results: nan=%" PRIu64 " inf=%" PRIu64 " +0=%" PRIu64 " -0=%" PRIu64 " subnormal=%" PRIu64
            " normal=%" PRIu64 "\n",
            rep->prog, k[F32C_NAN], k[F32C_INF], k[F32C_POS_ZERO], k[F32C_NEG_ZERO], k[F32C_SUBNORMAL],
            k[F32C_NORMAL]);
}

void f32_report_summary(FILE *out, const char *prog, const char *op, const char *mode, uint64_t cases,
                        uint64_t mismatches, const char *seed_text)
{
    fprintf(out, "%s: op=%s mode=%s cases=%" PRIu64 " mismatches=%" PRIu64 " seed=%s %s\n", prog, op, mode, cases,
            mismatches, seed_text, mismatches == 0 && cases > 0 ? "PASS" : "FAIL");
}

/* ===================================================================== driver */

void f32_run_vs_oracle(const struct f32_run *run, f32_impl_fn impl, void *impl_ctx, struct f32_oracle *o,
                       struct f32_report *rep)
{
    struct f32_rng rng;
    f32_rng_seed(&rng, f32_stream_seed(run->seed, (unsigned)run->op, run->mode, 0));
    struct f32_case c;
    for (uint64_t i = 0; i < run->count; i++) {
        f32_gen_case(&rng, run->op, run->gen, run->mode, &c);
        c.index = i;
        uint32_t expected = f32_oracle_eval(o, run->op, &c);
        uint32_t got = impl(impl_ctx, run->op, &c);
        f32_report_check(rep, NULL, run->op, &c, expected, got, F32_MATCH_EXACT);
    }
}

/* ============================================================ parsing helpers */

bool f32_parse_u64(const char *s, uint64_t *out)
{
    if (!s || *s < '0' || *s > '9') /* strtoull would skip white space and take a sign */
        return false;
    char *end;
    errno = 0;
    if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
        if (!strchr("0123456789abcdefABCDEF", s[2]) || !s[2])
            return false;
        unsigned long long v = strtoull(s + 2, &end, 16);
        if (errno || *end || end == s + 2)
            return false;
        *out = v;
        return true;
    }
    unsigned long long v = strtoull(s, &end, 10);
    if (errno || end == s)
        return false;
    if (*end == 'e' || *end == 'E') { /* 1e6 */
        if (end[1] < '0' || end[1] > '9')
            return false;
        char *end2;
        unsigned long long p = strtoull(end + 1, &end2, 10);
        if (errno || end2 == end + 1 || *end2 || p > 19)
            return false;
        for (unsigned long long i = 0; i < p; i++) {
            if (v > UINT64_MAX / 10)
                return false;
            v *= 10;
        }
        end = end2;
    }
    if (*end)
        return false;
    *out = v;
    return true;
}

bool f32_parse_hex32(const char *s, uint32_t *out)
{
    uint64_t v;
    if (!f32_parse_u64(s, &v) || v > 0xFFFFFFFFull)
        return false;
    *out = (uint32_t)v;
    return true;
}

static int hex_digit(char ch)
{
    if (ch >= '0' && ch <= '9') return ch - '0';
    if (ch >= 'A' && ch <= 'F') return ch - 'A' + 10;
    if (ch >= 'a' && ch <= 'f') return ch - 'a' + 10;
    return -1;
}

/* Reads exactly ndigits hex digits at *p; advances *p. */
static bool read_hex(const char **p, unsigned ndigits, uint32_t *out)
{
    uint32_t v = 0;
    for (unsigned i = 0; i < ndigits; i++) {
        int h = hex_digit((*p)[i]);
        if (h < 0)
            return false;
        v = v << 4 | (uint32_t)h;
    }
    *p += ndigits;
    *out = v;
    return true;
}

const char *f32_tv_parse_line(const char *line, unsigned nwords, uint32_t words[], unsigned *flags)
{
    const char *p = line;
    for (unsigned i = 0; i < nwords; i++) {
        if (!read_hex(&p, 8, &words[i]))
            return *p == '\0' || *p == '\n' || *p == '\r' ? "too few fields" : "field is not 8 hex digits";
        if (*p != ' ')
            return *p == '\0' || *p == '\n' || *p == '\r' ? "too few fields" : "field is not 8 hex digits";
        p++;
    }
    uint32_t f;
    if (!read_hex(&p, 2, &f))
        return "flags field is not 2 hex digits";
    if (f > 0x1Fu)
        return "unknown exception flag bits";
    if (*p == '\r')
        p++;
    if (*p == '\n')
        p++;
    if (*p != '\0')
        return "trailing characters (too many fields?)";
    *flags = (unsigned)f;
    return NULL;
}
