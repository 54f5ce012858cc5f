// Verilator unit test of the combinational RTL stages fiu_unpack, fiu_alpha and
// fiu_alpha_unorm against the C model (fiu_unpack, fiu_alpha_pass, fiu_alpha_unorm).
//   unpack: exhaustive over fmt 0..7 x comp 0..7 x bgra x every value of the field read,
//           each with 6 backgrounds in the other bits (zeros, ones, 4 random).
//   alpha : every func x format on corner x corner pairs and random pairs (corners:
//           NaN, +-0, +-inf, subnormals, 0.5, 1.0, every UNORM8 threshold (j+0.5)/255
//           and a sample of UNORM10/16 thresholds, each +-3 ulp), the reference's
//           thresholds from the model's u_n (as fiu_state makes them); fiu_alpha_unorm's value
//           and its half-unit key checked for every operand and format.
#include <cerrno>
#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <vector>

// Verilator 5.006 headers have an unused parameter (VlClass copy constructor).
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"
#include <verilated.h>

#include "vl_cov.h"
#include "tb_common.h"

#include "Vfiu_alpha.h"
#include "Vfiu_alpha_unorm.h"
#include "Vfiu_unpack.h"
#pragma GCC diagnostic pop
#include "fiu.h"
#include "../common/host_f32.h"

namespace {

const char *const kUsage =
    "usage: tb_stages [--seed N] [--pairs N] [--max-print N] [--unorm-sweep] [--inject-fault] [--help]\n"
    "  Compares rtl/fiu_unpack.sv, rtl/fiu_alpha.sv and rtl/fiu_alpha_unorm.sv (Verilator)\n"
    "  with the C model: unpack exhaustively, alpha on corner pairs plus N random pairs\n"
    "  (default 1048576), every func x format. --inject-fault corrupts one expected value\n"
    "  per block (the run must then fail). --unorm-sweep adds every fp32 in [2^-17, 1.0]\n"
    "  (the conversion's live range) x UNORM8/10/16 for fiu_alpha_unorm (deep, ~20 s).\n"
    "  Exit 0 iff no mismatch.\n";

using tb::Rng;  // one splitmix64 for the RTL unit testbenches (tb/unit/tb_common.h)

struct Stats {
    uint64_t checks = 0, mismatches = 0;
    uint64_t max_print = 10;
    bool bad(bool mismatch)
    {
        checks++;
        if (!mismatch)
            return false;
        return ++mismatches <= max_print;
    }
};

// ---- unpack ----

void test_unpack(Vfiu_unpack &dut, Rng &rng, Stats &st, bool fault)
{
    bool injected = false;
    for (uint32_t fmt = 0; fmt < 8; fmt++)
        for (uint32_t comp = 0; comp < 8; comp++)
            for (uint32_t bgra = 0; bgra < 2; bgra++) {
                // Field the component reads (for illegal comp: any field, result must be 0).
                uint32_t c = comp & 3;
                uint32_t k = (bgra && c != 3) ? 2 - c : c;
                uint32_t values = k == 3 ? 4 : 1024;
                uint32_t shift = 10 * k, mask = (values - 1) << shift;
                for (uint32_t x = 0; x < values; x++)
                    for (int b = 0; b < 6; b++) {
                        uint32_t bg = b == 0 ? 0u : b == 1 ? 0xFFFFFFFFu : rng.u32();
                        uint32_t packed = (bg & ~mask) | (x << shift);
                        dut.packed_i = packed;
                        dut.comp_i = comp;
                        dut.fmt_i = fmt;
                        dut.bgra_i = bgra;
                        dut.eval();
                        uint32_t want = fiu_unpack(packed, comp, fmt, bgra != 0);
                        if (fault && !injected && fmt == 2 && comp == 0 && x == 17) {
                            want ^= 1;  // self-check: a one-ulp error must be reported
                            injected = true;
                        }
                        uint32_t got = dut.result_o;
                        if (st.bad(got != want))
                            std::printf("MISMATCH unpack fmt=%u comp=%u bgra=%u packed=0x%08" PRIx32
                                        ": rtl=0x%08" PRIx32 " model=0x%08" PRIx32 "\n",
                                        fmt, comp, bgra, packed, got, want);
                    }
            }
}

// ---- alpha ----

std::vector<uint32_t> special_values()
{
    std::vector<uint32_t> v = {
        0x00000000, 0x80000000,                          // +-0
        0x7F800000, 0xFF800000,                          // +-inf
        0x7FC00000, 0xFFC00000, 0x7F800001, 0xFF800001,  // NaNs
        0x7FFFFFFF, 0xFFFFFFFF, 0x7FA00000,
        0x00000001, 0x80000001, 0x007FFFFF, 0x807FFFFF,  // subnormals
        0x00400000, 0x80400000,
        0x00800000, 0x80800000,                          // min normal
        0x3F000000, 0x3EFFFFFF, 0x3F000001, 0xBF000000,  // 0.5
        0x3F800000, 0x3F7FFFFF, 0x3F800001, 0xBF800000,  // 1.0
        0x7F7FFFFF, 0xFF7FFFFF, 0x40000000, 0x42FF0000,  // large
        0x37000000, 0x36FFFFFF, 0x37000001, 0x37800000,  // 2^-17 (conversion cut-off)
        0x3B808081, 0x3B808080, 0x3A802008,              // ~1/255, 1/1023
    };
    return v;
}

// fp32 near (2j+1)/(2(2^n-1)); callers add +-ulp offsets, so double rounding is harmless.
uint32_t threshold(unsigned n, uint32_t j)
{
    double max = std::ldexp(1.0, static_cast<int>(n)) - 1.0;
    return f2u(static_cast<float>((j + 0.5) / max));
}

void add_around(std::vector<uint32_t> &v, uint32_t x, int ulps)
{
    for (int d = -ulps; d <= ulps; d++)
        v.push_back(x + static_cast<uint32_t>(d));
}

std::vector<uint32_t> corner_values(Rng &rng)
{
    std::vector<uint32_t> v = special_values();
    for (uint32_t j = 0; j < 255; j++) {  // every UNORM8 threshold and level
        add_around(v, threshold(8, j), 3);
        add_around(v, f2u(static_cast<float>(j / 255.0)), 1);
    }
    const unsigned ns[2] = {10, 16};
    for (unsigned n : ns) {
        uint32_t top = (1u << n) - 2;  // last threshold index
        for (uint32_t j = 0; j < 16; j++) {
            add_around(v, threshold(n, j), 3);
            add_around(v, threshold(n, top - j), 3);
        }
        for (int i = 0; i < 64; i++)
            add_around(v, threshold(n, rng.below(top + 1)), 3);
    }
    return v;
}

// One operand: same distribution for alpha and ref.
uint32_t random_value(Rng &rng, const std::vector<uint32_t> &corners)
{
    uint32_t sign = rng.below(8) == 0 ? 0x80000000u : 0u;
    switch (rng.below(6)) {
    case 0: return corners[rng.below(static_cast<uint32_t>(corners.size()))];
    case 1: {  // around a random UNORM threshold
        static const unsigned ns[3] = {8, 10, 16};
        unsigned n = ns[rng.below(3)];
        uint32_t t = threshold(n, rng.below((1u << n) - 1));
        return t + rng.below(9) - 4;
    }
    case 2:  // [2^-27, 1), random mantissa
        return sign | ((100 + rng.below(27)) << 23) | (rng.u32() & 0x007FFFFFu);
    case 3:  // subnormals, tiny, large, inf/NaN exponents
        return sign | (rng.below(2) ? (rng.u32() & 0x007FFFFFu) : (rng.u32() & 0x7FFFFFFFu) | 0x7F800000u);
    case 4:  // exponents 110..127 (the conversion's live range)
        return sign | ((110 + rng.below(18)) << 23) | (rng.u32() & 0x007FFFFFu);
    default: return rng.u32();
    }
}

// UNORMn width of each alpha format (FLOAT32 0, UNORM8 1, UNORM10 2, UNORM16 3).
const unsigned kUnormBits[4] = {0, 8, 10, 16};

// fiu_alpha_unorm's key: floor(2 a (2^n - 1)) for a in [0, 1) (a = m 2^-s as in spec 5.3, so
// the key is P >> (s - 1) with P = m (2^n - 1)), 2 (2^n - 1) from 1.0 up, 0 for NaN and a set sign.
uint32_t unorm_half_units(uint32_t a, unsigned n)
{
    uint32_t e = (a >> 23) & 0xFFu, f = a & 0x007FFFFFu, maxv = (1u << n) - 1;
    if ((e == 0xFFu && f != 0) || (a >> 31) != 0)
        return 0;
    if (a >= 0x3F800000u)
        return 2 * maxv;
    uint64_t m = e ? (f | 0x00800000u) : f;
    unsigned s = e ? 150 - e : 149;
    return s - 1 >= 64 ? 0 : (uint32_t)((m * maxv) >> (s - 1));
}

struct AlphaBench {
    Vfiu_alpha &alpha;
    Vfiu_alpha_unorm &unorm;
    Stats &st;
    bool fault;
    bool injected_pass = false, injected_unorm = false;

    void check_unorm(uint32_t a)
    {
        for (uint32_t fmt = 0; fmt < 4; fmt++) {
            unorm.a_i = a;
            unorm.fmt_i = fmt;
            unorm.eval();
            uint32_t want = fmt ? fiu_alpha_unorm(a, kUnormBits[fmt]) : 0;
            if (fault && !injected_unorm && fmt == 1 && a == 0x3F000000u) {
                want ^= 1;
                injected_unorm = true;
            }
            uint32_t got = unorm.value_o;
            if (st.bad(got != want))
                std::printf("MISMATCH alpha_unorm fmt=%u a=0x%08" PRIx32 ": rtl=%u model=%u\n", fmt, a,
                            got, want);
            uint32_t want_key = fmt ? unorm_half_units(a, kUnormBits[fmt]) : 0;
            if (st.bad(unorm.key_o != want_key))
                std::printf("MISMATCH alpha_unorm key fmt=%u a=0x%08" PRIx32 ": rtl=%u want=%u\n", fmt, a,
                            (unsigned)unorm.key_o, want_key);
        }
    }

    // sat = 0: alpha_i = unorm_i = a; sat = 1: alpha_i = saturate(a), unorm_i = a (the top's use:
    // the UNORM key from the value before .SAT), and the model compares saturate(a)
    void check_pair(uint32_t a, uint32_t r)
    {
        for (int sat = 0; sat < 2; sat++)
            check_pair_sat(a, r, sat != 0);
    }

    void check_pair_sat(uint32_t a0, uint32_t r, bool sat)
    {
        uint32_t a = sat ? fiu_f32_saturate(a0) : a0;
        alpha.alpha_i = a;
        alpha.unorm_i = a0;
        alpha.ref_i = r;
        for (uint32_t fmt = 0; fmt < 4; fmt++) {
            // the reference's thresholds, as fiu_state makes them: lo = max(2u - 1, 0), hi = 2u
            uint32_t u = fmt ? fiu_alpha_unorm(r, kUnormBits[fmt]) : 0;
            alpha.lo_i = u ? 2 * u - 1 : 0;
            alpha.hi_i = 2 * u;
            for (uint32_t func = 0; func < 8; func++) {
                alpha.format_i = fmt;
                alpha.func_i = func;
                alpha.eval();
                bool want = fiu_alpha_pass(func, fmt, a, r);
                if (fault && !injected_pass && fmt == 0 && func == 2 && a == 0 && r == 0x80000000u) {
                    want = !want;  // self-check: +0 == -0 flipped
                    injected_pass = true;
                }
                bool got = alpha.pass_o != 0;
                if (st.bad(got != want))
                    std::printf("MISMATCH alpha func=%u format=%u alpha=0x%08" PRIx32 " (before .SAT 0x%08" PRIx32
                                ") ref=0x%08" PRIx32 ": rtl=%d model=%d\n",
                                func, fmt, a, a0, r, got, want);
            }
        }
    }
};

void test_alpha(AlphaBench &ab, Rng &rng, uint64_t pairs)
{
    std::vector<uint32_t> corners = corner_values(rng);
    std::vector<uint32_t> specials = special_values();

    for (uint32_t c : corners)
        ab.check_unorm(c);
    // Every special against every corner, both orders.
    for (uint32_t s : specials)
        for (uint32_t c : corners) {
            ab.check_pair(s, c);
            ab.check_pair(c, s);
        }
    // Random pairs; a quarter with ref derived from alpha (equal, +-few ulp, sign flipped).
    for (uint64_t i = 0; i < pairs; i++) {
        uint32_t a = random_value(rng, corners);
        uint32_t r;
        switch (rng.below(8)) {
        case 0: r = a; break;
        case 1: r = a + rng.below(5) - 2; break;
        default: r = random_value(rng, corners); break;
        }
        if (rng.below(16) == 0)
            r ^= 0x80000000u;
        ab.check_unorm(a);
        ab.check_pair(a, r);
    }
}

// Every fp32 from 2^-17 (0x37000000) to 1.0: below it every format gives 0, above it the maximum.
void sweep_unorm(AlphaBench &ab)
{
    for (uint32_t a = 0x37000000u; a <= 0x3F800000u; a++)
        ab.check_unorm(a);
}

}  // namespace

int main(int argc, char **argv)
{
    uint64_t seed = 1, pairs = 1u << 20, max_print = 10;
    bool fault = false, sweep = false;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!std::strcmp(a, "--help") || !std::strcmp(a, "-h")) {
            std::fputs(kUsage, stdout);
            return 0;
        } else if (!std::strcmp(a, "--unorm-sweep")) {
            sweep = true;
        } else if (!std::strcmp(a, "--inject-fault")) {
            fault = true;
        } else if (!std::strcmp(a, "--seed") || !std::strcmp(a, "--pairs") || !std::strcmp(a, "--max-print")) {
            uint64_t *dst = a[2] == 's' ? &seed : a[2] == 'p' ? &pairs : &max_print;
            if (i + 1 >= argc) {
                std::fprintf(stderr, "tb_stages: %s needs a value (try --help)\n", a);
                return 2;
            }
            if (!fiu_arg_u64("tb_stages", a, argv[i + 1], 0, UINT64_MAX, dst))
                return 2;
            i++;
        } else {
            std::fprintf(stderr, "tb_stages: unknown argument '%s' (try --help)\n", a);
            return 2;
        }
    }
    std::printf("tb_stages: seed %" PRIu64 ", %" PRIu64 " random alpha pairs%s%s\n", seed, pairs,
                sweep ? ", UNORM sweep" : "", fault ? ", fault injected" : "");

    auto ctx = std::make_unique<VerilatedContext>();
    ctx->commandArgs(1, argv);
    auto unpack = std::make_unique<Vfiu_unpack>(ctx.get(), "unpack");
    auto alpha = std::make_unique<Vfiu_alpha>(ctx.get(), "alpha");
    auto unorm = std::make_unique<Vfiu_alpha_unorm>(ctx.get(), "unorm");

    Rng rng{seed};
    Stats st;
    st.max_print = max_print;

    test_unpack(*unpack, rng, st, fault);
    uint64_t unpack_checks = st.checks, unpack_bad = st.mismatches;
    std::printf("tb_stages: unpack %" PRIu64 " checks, %" PRIu64 " mismatches\n", unpack_checks, unpack_bad);

    AlphaBench ab{*alpha, *unorm, st, fault};
    test_alpha(ab, rng, pairs);
    if (sweep)
        sweep_unorm(ab);
    std::printf("tb_stages: alpha %" PRIu64 " checks, %" PRIu64 " mismatches\n", st.checks - unpack_checks,
                st.mismatches - unpack_bad);

    unpack->final();
    alpha->final();
    unorm->final();
    fiu_vl_cov_write(ctx.get(), "tb_stages");
    std::printf("tb_stages: %" PRIu64 " checks, %" PRIu64 " mismatches %s\n", st.checks, st.mismatches,
                st.mismatches ? "FAIL" : "PASS");
    return st.mismatches ? 1 : 0;
}
