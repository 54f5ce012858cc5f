// Verilator unit test of rtl/fiu_dotadd.sv against the C model fiu_f32_dotadd (spec 2.1-2.7).
// A new vector every enabled cycle, en_i random (stalls, incl. long ones), all four modes
// interleaved (vector i uses mode i % 4); r_o is checked LATENCY enabled cycles later and must
// hold its value while en_i = 0. About one vector in eight is not wanted: its valid bit travels
// beside it in valid_i (docs/rtl.md, load enables), no stage loads it, and r_o must still hold the
// last wanted result when it reaches the end. Operand classes: random bits, exponent extremes,
// specials (zeros, subnormals, inf, NaN), massive cancellation, addend far above/below, results
// near 2^-126 and near overflow, exact zero sums with all sign combinations, far terms (T2/T3
// below the window, T1 + T2 = 0 with a tiny T3), the edges of the RTL's 100-bit window and
// IPA-like plane evaluations.
#include <cmath>
#include <deque>
#include <memory>

// Verilator 5.006 headers have an unused parameter (VlClass copy constructor).
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"
#include <verilated.h>

#include "vl_cov.h"
#include "Vdotadd_f32.h"
#include "Vdotadd_f32_dotadd_f32.h"
#pragma GCC diagnostic pop

#include "fiu_f32.h"
#include "tb_common.h"
#include "../common/host_f32.h"

namespace {

const char *const kUsage =
    "usage: tb_dotadd [--count N] [--seed N] [--max-print N] [--inject-fault] [--help]\n"
    "  Drives rtl/fiu_dotadd.sv (Verilator, behind tb/unit/dotadd_f32.sv) with N vectors per mode (default 1000000) in all\n"
    "  four modes (fused/unfused x flush/preserve), en_i random, about 1 in 8 vectors not wanted\n"
    "  (valid_i clear: r_o must hold), and compares r_o with the C model fiu_f32_dotadd. --inject-fault corrupts a few expected values (the run must then\n"
    "  fail). With the dot-add's ROUND_CD = 0 (fiu_top's, the default) unfused vectors keep c * d exact:\n"
    "  c = +1 (half of them), or c or d a signed zero. Prints the seed and a summary line; exit 0 iff no mismatch.\n";

using tb::Rng;

// Biased exponent of a normal fp32 near 2^k (unbiased k), clamped to finite.
int bexp(int k) { return k + 127; }

void gen(Rng &r, uint32_t v[5])
{
    for (int i = 0; i < 5; i++)
        v[i] = r.u32();
    switch (r.below(15)) {
    case 14: { // T1 near a midpoint; c*d 44..53 binades below; e = -RNE(c*d), so T2 + T3 is
               // the product's rounding residue, down to its last bit
        uint32_t ma, mb;
        tb::near_midpoint(r, static_cast<int>(r.below(3)) - 1, ma, mb);
        int ea = 60 + static_cast<int>(r.below(130)), eb = 60 + static_cast<int>(r.below(130));
        v[0] = tb::mk(r.coin(), static_cast<uint32_t>(ea), ma);
        v[1] = tb::mk(r.coin(), static_cast<uint32_t>(eb), mb);
        int ec = 1 + static_cast<int>(r.below(254));
        v[2] = tb::mk(r.coin(), static_cast<uint32_t>(ec), r.u32() | 1u);
        v[3] = tb::mk(r.coin(), static_cast<uint32_t>(ea + eb - 127 - 44 - static_cast<int>(r.below(10)) - ec + 127),
                      r.u32() | 1u);
        v[4] = fiu_f32_mul(v[2], v[3], FIU_F32_FUSED) ^ 0x80000000u;
        if (r.below(4) == 0)
            v[4] = tb::ulps(r, v[4]);
        break;
    }
    case 13: { // T1 a product within 3 units of a rounding midpoint, T2 and T3 44..53 binades
               // below it, often nearly cancelling: the sum of the far terms decides
        uint32_t ma, mb;
        tb::near_midpoint(r, static_cast<int>(r.below(7)) - 3, ma, mb);
        int ea = 60 + static_cast<int>(r.below(130)), eb = 60 + static_cast<int>(r.below(130));
        v[0] = tb::mk(r.coin(), static_cast<uint32_t>(ea), ma);
        v[1] = tb::mk(r.coin(), static_cast<uint32_t>(eb), mb);
        int p1 = ea + eb - 127;
        v[2] = tb::value_exp(r, p1 - 44 - static_cast<int>(r.below(10)));
        v[3] = tb::mk(r.coin(), 127, 0);
        if (r.coin())
            v[3] = tb::value_exp(r, 126 + static_cast<int>(r.below(3)));
        v[4] = v[2] ^ (v[3] & 0x80000000u) ^ (r.below(4) ? 0x80000000u : 0);
        v[4] = r.below(3) ? tb::ulps(r, v[4]) : tb::value_exp(r, p1 - 40 - static_cast<int>(r.below(20)));
        break;
    }
    case 12: { // window edges of the RTL (docs/rtl.md): T2 at 44..53 binades below T1 (exact up to
               // 48, then its sign only), T1 + T2 cancelling, T3 around T1's last bits
        int ea = 60 + static_cast<int>(r.below(130)), eb = 60 + static_cast<int>(r.below(130));
        v[0] = tb::value_exp(r, ea);
        v[1] = tb::value_exp(r, eb);
        if (r.coin()) { // T1 a rounding midpoint: far terms decide the direction
            v[0] = tb::mk(r.coin(), static_cast<uint32_t>(ea), 0x400000u);
            v[1] = tb::mk(r.coin(), static_cast<uint32_t>(eb), 2 * r.below(1398101) + 1);
        }
        int p1 = ea + eb - 127; // biased exponent of a*b, roughly
        if (r.coin()) { // T2 near -T1: a few ulps apart, possibly one binade below
            v[2] = v[0] ^ 0x80000000u;
            v[3] = r.coin() ? tb::ulps(r, v[1]) : tb::value_exp(r, eb - 1);
        } else { // T2 far below: distance 44..53
            int dist = 44 + static_cast<int>(r.below(10));
            if (r.coin()) { // c at that distance, d = +-1
                v[2] = tb::value_exp(r, p1 - dist);
                v[3] = tb::mk(r.coin(), 127, 0);
            } else {
                int ec = 1 + static_cast<int>(r.below(254));
                v[2] = tb::value_exp(r, ec);
                v[3] = tb::value_exp(r, p1 - dist - ec + 127);
            }
        }
        v[4] = tb::value_exp(r, p1 - static_cast<int>(r.below(110)));
        if (r.below(3) == 0 && (v[3] & 0x7FFFFFFFu) == 0x3F800000u) { // T3 = -T2, or nearly
            v[4] = v[2] ^ (v[3] & 0x80000000u) ^ 0x80000000u;
            if (r.coin())
                v[4] = tb::ulps(r, v[4]);
        }
        break;
    }
    case 0: // random bits
        break;
    case 1: // exponent extremes
        for (int i = 0; i < 5; i++)
            v[i] = tb::extreme_value(r);
        break;
    case 2: // specials mixed with random and extreme values
        for (int i = 0; i < 5; i++) {
            uint32_t k = r.below(3);
            v[i] = k == 0 ? tb::special_value(r) : k == 1 ? tb::extreme_value(r) : r.u32();
        }
        break;
    case 3: { // massive cancellation: c*d = -(a*b) +- a few ulps, e at any distance
        int ea = 1 + static_cast<int>(r.below(254)), eb = 1 + static_cast<int>(r.below(254));
        if (r.below(2)) { // keep the product in range
            ea = 64 + static_cast<int>(r.below(128));
            eb = 64 + static_cast<int>(r.below(128));
        }
        v[0] = tb::value_exp(r, ea);
        v[1] = tb::value_exp(r, eb);
        uint32_t c = v[0] ^ 0x80000000u, d = v[1];
        if (r.coin())
            c = tb::ulps(r, c);
        if (r.coin())
            d = tb::ulps(r, d);
        if (r.coin()) { // swap the factors
            uint32_t t = c;
            c = d;
            d = t;
        }
        v[2] = c;
        v[3] = d;
        int pe = ea + eb - 127;
        switch (r.below(4)) {
        case 0: v[4] = tb::value_exp(r, pe - static_cast<int>(r.below(160))); break;
        case 1: v[4] = tb::special_value(r); break;
        case 2: v[4] = r.coin() ? 0x80000000u : 0; break;
        default: v[4] = tb::value_exp(r, pe - 20 - static_cast<int>(r.below(40))); break;
        }
        break;
    }
    case 4: { // addend far above / below the products
        int ea = 1 + static_cast<int>(r.below(254));
        int eb = 1 + static_cast<int>(r.below(254));
        v[0] = tb::value_exp(r, ea);
        v[1] = tb::value_exp(r, eb);
        int pe = ea + eb - 127;
        int delta = static_cast<int>(r.below(201)) - 100;
        v[4] = tb::value_exp(r, pe + delta);
        if (r.coin()) { // product 2 absent
            v[2] = 0;
            v[3] = 0x80000000u;
        } else {
            int ec = 1 + static_cast<int>(r.below(254));
            v[2] = tb::value_exp(r, ec);
            v[3] = tb::value_exp(r, pe + static_cast<int>(r.below(161)) - 80 - ec + 127);
        }
        break;
    }
    case 5: { // results near 2^-126 (and the subnormal range)
        for (int k = 0; k < 2; k++) {
            int ea = 1 + static_cast<int>(r.below(254));
            int eb = 128 - ea + static_cast<int>(r.below(9)) - 5;
            v[2 * k] = tb::value_exp(r, ea);
            v[2 * k + 1] = eb < 1 ? (r.u32() & 0x807FFFFFu) : tb::value_exp(r, eb);
            if (r.below(4) == 0)
                v[2 * k + 1] = tb::mk(r.coin(), static_cast<uint32_t>(eb < 1 ? 1 : eb), 0);
        }
        v[4] = r.coin() ? (r.u32() & 0x80FFFFFFu) : tb::value_exp(r, static_cast<int>(r.below(4)));
        if (r.below(3) == 0) { // near-cancelling pair
            v[2] = v[0] ^ 0x80000000u;
            v[3] = tb::ulps(r, v[1]);
        }
        break;
    }
    case 6: { // near overflow
        for (int k = 0; k < 2; k++) {
            int ea = 127 + static_cast<int>(r.below(128));
            int eb = 254 + 127 - ea - static_cast<int>(r.below(4)) + 1;
            v[2 * k] = tb::value_exp(r, ea);
            v[2 * k + 1] = tb::value_exp(r, eb);
            if (r.coin())
                v[2 * k + 1] = tb::mk(r.coin(), static_cast<uint32_t>(eb > 254 ? 254 : eb),
                                      r.coin() ? 0x7FFFFF : 0);
        }
        v[4] = r.coin() ? tb::mk(r.coin(), 254, 0x7FFFFFu - r.below(3)) : tb::value_exp(r, 230 + static_cast<int>(r.below(25)));
        if (r.below(3) == 0)
            v[4] = tb::mk(r.coin(), 230, 0); // 2^103 (overflow tie with FLT_MAX)
        break;
    }
    case 7: { // exact zero sums, all sign combinations
        switch (r.below(4)) {
        case 0: // every term a zero (some from subnormal inputs, relevant in FLUSH)
            for (int i = 0; i < 5; i++) {
                uint32_t k = r.below(4);
                v[i] = (r.coin() ? 0x80000000u : 0) |
                       (k == 0 ? 1 + r.below(0x7FFFFF) : k == 1 ? tb::value_exp(r, 1 + r.below(254)) & 0x7FFFFFFFu : 0);
            }
            // at least one zero factor per product
            v[r.below(2)] &= 0x80000000u;
            v[2 + r.below(2)] &= 0x80000000u;
            if (r.coin())
                v[4] &= 0x80000000u;
            break;
        case 1: // a*b + c*d = 0 exactly, e = +-0
            v[0] = tb::extreme_value(r);
            v[1] = tb::extreme_value(r);
            if (r.coin()) {
                v[2] = v[0] ^ 0x80000000u;
                v[3] = v[1];
            } else {
                v[2] = v[1];
                v[3] = v[0] ^ 0x80000000u;
            }
            v[4] = r.coin() ? 0x80000000u : 0;
            break;
        case 2: { // integers: i*2^s + j*2^s - (i+j)*2^s = 0, signs permuted
            uint32_t i = 1 + r.below(1u << 20), j = 1 + r.below(1u << 20);
            float s = std::ldexp(1.0f, static_cast<int>(r.below(200)) - 100);
            float fi = static_cast<float>(i) * s, fj = static_cast<float>(j) * s;
            float fk = -(static_cast<float>(i + j) * s);
            float t[3] = {fi, fj, fk};
            int p = static_cast<int>(r.below(3)); // rotate the terms
            v[0] = f2u(t[p]);
            v[1] = 0x3F800000u;
            v[2] = f2u(t[(p + 1) % 3]);
            v[3] = 0x3F800000u;
            v[4] = f2u(t[(p + 2) % 3]);
            if (r.coin()) // negate everything
                for (int q = 0; q < 5; q += 2)
                    v[q] ^= 0x80000000u;
            break;
        }
        default: // a*b = -e (b a power of two), c*d a signed zero
            v[0] = tb::value_exp(r, 30 + static_cast<int>(r.below(190)));
            v[1] = tb::mk(r.coin(), 127, 0);
            v[4] = v[0] ^ (v[1] & 0x80000000u) ^ 0x80000000u;
            v[2] = r.coin() ? 0x80000000u : 0;
            v[3] = r.coin() ? 0x80000000u : 0;
            break;
        }
        break;
    }
    case 8: { // far terms: T2/T3 below the window of T1, or T1 + T2 = 0 with a tiny T3
        int big = 60 + static_cast<int>(r.below(60));
        v[0] = tb::value_exp(r, bexp(big));
        v[1] = tb::value_exp(r, bexp(static_cast<int>(r.below(60))));
        // Half the time T1 = a*b is a rounding midpoint (1.5 * odd mantissa < 2^25/3): the sign
        // of the far terms then decides the rounding direction.
        bool midpoint = r.coin();
        if (midpoint) {
            v[0] = tb::mk(r.coin(), static_cast<uint32_t>(bexp(big)), 0x400000u);
            v[1] = tb::mk(r.coin(), static_cast<uint32_t>(bexp(static_cast<int>(r.below(60)))),
                          2 * r.below(1398101) + 1);
        }
        switch (r.below(3)) {
        case 0: { // T2 and T3 tiny; often T2 = -T3 exactly or nearly
            v[2] = tb::value_exp(r, bexp(-static_cast<int>(r.below(60))));
            v[3] = tb::value_exp(r, bexp(-static_cast<int>(r.below(60))));
            if (r.coin()) {
                v[3] = 0x3F800000u | (r.coin() ? 0x80000000u : 0);
                uint32_t e = v[2] ^ (v[3] & 0x80000000u) ^ 0x80000000u;
                v[4] = r.coin() ? e : tb::ulps(r, e);
            } else {
                v[4] = tb::value_exp(r, static_cast<int>(r.below(120)));
            }
            break;
        }
        case 1: // T1 + T2 = 0 exactly, T3 anywhere below
            v[2] = v[0] ^ 0x80000000u;
            v[3] = v[1];
            v[4] = r.coin() ? tb::extreme_value(r) : tb::value_exp(r, bexp(big - static_cast<int>(r.below(200))));
            break;
        default: // T1 + T2 nearly cancel, T3 below the window
            v[2] = v[0] ^ 0x80000000u;
            v[3] = tb::ulps(r, v[1]);
            v[4] = tb::value_exp(r, bexp(big - 70 - static_cast<int>(r.below(120))));
            break;
        }
        if (!midpoint && r.coin()) { // permute the terms: addend largest
            uint32_t t = v[4];
            v[4] = v[0];
            v[0] = t;
            v[1] = 0x3F800000u;
        }
        break;
    }
    case 9: { // IPA-like: A*x + B*y + C, x, y exact pixel coordinates
        v[0] = tb::value_exp(r, 100 + static_cast<int>(r.below(50)));
        v[1] = tb::ipa_coord(r);
        v[2] = tb::value_exp(r, 100 + static_cast<int>(r.below(50)));
        v[3] = tb::ipa_coord(r);
        if (r.coin()) {
            double s = static_cast<double>(u2f(v[0])) * u2f(v[1]) + static_cast<double>(u2f(v[2])) * u2f(v[3]);
            v[4] = f2u(static_cast<float>(-s));
            if (r.coin())
                v[4] = tb::ulps(r, v[4]);
        } else {
            v[4] = tb::value_exp(r, 110 + static_cast<int>(r.below(40)));
        }
        break;
    }
    case 10: // subnormal-heavy
        for (int i = 0; i < 5; i++) {
            uint32_t k = r.below(3);
            v[i] = k == 0 ? (r.u32() & 0x807FFFFFu) : k == 1 ? tb::value_exp(r, static_cast<int>(r.below(30))) : tb::value_exp(r, 100 + static_cast<int>(r.below(60)));
        }
        break;
    default: // products exactly representable / ties: small integer mantissas
        for (int i = 0; i < 5; i++) {
            uint32_t frac = (r.u32() & 0x7FFu) << 12;
            if (r.coin())
                frac |= 1u << r.below(12);
            v[i] = tb::mk(r.coin(), 1 + r.below(254), frac);
            if (i < 4 && r.below(3) == 0)
                v[i] = tb::mk(r.coin(), 110 + r.below(35), frac);
        }
        break;
    }
}

// ROUND_CD = 0 (fiu_top's dot-add): an unfused c * d is exact: c = +1 and d any fp32 (fiu_top's
// VINTRP: d = D or -0), or an exact zero, c or d a signed zero and the other finite.
const bool kRoundsCd = Vdotadd_f32_dotadd_f32::ROUNDS_CD;

void exact_cd(Rng &r, uint32_t v[5])
{
    if (r.coin()) {
        v[2] = 0x3f800000u;
        return;
    }
    unsigned z = r.coin() ? 2 : 3;
    unsigned o = 5 - z;
    v[z] = r.coin() ? 0x80000000u : 0u;
    if (((v[o] >> 23) & 0xffu) == 0xffu) // inf or NaN: a zero instead
        v[o] &= 0x80000000u;
}

struct Entry {
    uint32_t in[5];
    unsigned mode;
    uint32_t expect;
    bool real; // a test vector (not stall / drain garbage)
    bool want; // its valid bit: the stages load it
};

const char *mode_name(unsigned m)
{
    static const char *const n[4] = {"unfused+preserve", "fused+preserve", "unfused+flush", "fused+flush"};
    return n[m & 3];
}

}  // namespace

int main(int argc, char **argv)
{
    tb::Options opt = tb::parse_options(argc, argv, kUsage, 1000000);
    const unsigned latency = Vdotadd_f32_dotadd_f32::LATENCY;
    std::printf("tb_dotadd: seed %" PRIu64 ", %" PRIu64 " vectors per mode, LATENCY %u, ROUND_CD %u%s\n", opt.seed,
                opt.count, latency, kRoundsCd ? 1u : 0u, kRoundsCd ? "" : " (unfused c * d exact: 1 * d or a zero)");

    auto ctx = std::make_unique<VerilatedContext>();
    ctx->commandArgs(argc, argv);
    auto dut = std::make_unique<Vdotadd_f32>(ctx.get());
    Rng rng{opt.seed}, en_rng{opt.seed ^ 0x5DEECE66Dull};

    // stage_clk_i as fiu_clock_gate makes it for CLOCK_GATE = 1 (the enables settle while clk_i is
    // low); unused with CLOCK_GATE = 0
    auto tick = [&]() {
        dut->clk_i = 0;
        dut->stage_clk_i = 0;
        dut->eval();
        dut->clk_i = 1;
        dut->stage_clk_i = dut->en_i ? dut->valid_i : 0;
        dut->eval();
    };
    dut->en_i = 0;
    dut->rst_ni = 0;
    dut->clk_i = 0;
    dut->eval();
    dut->rst_ni = 1;
    tick();

    const uint64_t total = opt.count * 4;
    uint64_t sent = 0, checked = 0, mismatches = 0, stall_errors = 0, cycles = 0, faults = 0;
    std::deque<Entry> pipe; // vectors entered in the last LATENCY enabled cycles
    uint32_t last_out = dut->r_o;
    unsigned burst = 0;
    uint64_t held = 0; // unwanted test vectors checked for a held r_o

    while (checked < total && cycles < 4 * total + 1000) {
        bool en;
        if (burst) { // a long stall
            burst--;
            en = false;
        } else if (en_rng.below(1000) == 0) {
            burst = 1 + en_rng.below(20);
            en = false;
        } else {
            en = en_rng.below(4) != 0;
        }
        Entry e{};
        if (en && sent < total) {
            gen(rng, e.in);
            e.mode = static_cast<unsigned>(sent & 3);
            if (!kRoundsCd && !(e.mode & FIU_F32_FUSED))
                exact_cd(rng, e.in);
            e.expect = fiu_f32_dotadd(e.in[0], e.in[1], e.in[2], e.in[3], e.in[4], e.mode);
            if (opt.inject_fault && sent % 999983 == 12345) {
                e.expect ^= 1;
                e.want = true;
                faults++;
            }
            e.real = true;
            e.want = e.want || en_rng.below(8) != 0; // a corrupted one is always wanted
            sent++;
        } else { // stalled or draining: garbage operands that must not enter
            for (int i = 0; i < 5; i++)
                e.in[i] = en_rng.u32();
            e.mode = en_rng.below(4);
            e.expect = 0;
            e.want = false;
        }
        // valid_i[k]: the vector entering stage k (k = 0: the inputs; k > 0: the one in stage k - 1)
        uint32_t valid = e.want ? 1u : 0u;
        for (unsigned k = 1; k < latency && k <= pipe.size(); k++)
            valid |= (pipe[pipe.size() - k].want ? 1u : 0u) << k;
        dut->valid_i = valid;
        dut->en_i = en;
        dut->a_i = e.in[0];
        dut->b_i = e.in[1];
        dut->c_i = e.in[2];
        dut->d_i = e.in[3];
        dut->e_i = e.in[4];
        dut->fused_i = (e.mode & FIU_F32_FUSED) != 0;
        dut->flush_i = (e.mode & FIU_F32_FLUSH) != 0;
        tick();
        cycles++;
        uint32_t got = dut->r_o;
        if (!en) {
            if (got != last_out && ++stall_errors <= opt.max_print)
                std::printf("STALL: r_o changed 0x%08" PRIx32 " -> 0x%08" PRIx32 " with en_i=0 (cycle %" PRIu64 ")\n",
                            last_out, got, cycles);
            continue;
        }
        pipe.push_back(e);
        if (pipe.size() > latency)
            pipe.pop_front();
        if (pipe.size() == latency && pipe.front().real && !pipe.front().want) {
            checked++;
            held++;
            if (got != last_out && ++mismatches <= opt.max_print)
                std::printf("HOLD: r_o changed 0x%08" PRIx32 " -> 0x%08" PRIx32 " for an unwanted vector (cycle %" PRIu64 ")\n",
                            last_out, got, cycles);
        } else if (pipe.size() == latency && pipe.front().real) {
            const Entry &x = pipe.front();
            checked++;
            if (got != x.expect && ++mismatches <= opt.max_print)
                std::printf("MISMATCH: a=0x%08" PRIx32 " b=0x%08" PRIx32 " c=0x%08" PRIx32 " d=0x%08" PRIx32
                            " e=0x%08" PRIx32 " mode=%u (%s) expected=0x%08" PRIx32 " got=0x%08" PRIx32 "\n",
                            x.in[0], x.in[1], x.in[2], x.in[3], x.in[4], x.mode, mode_name(x.mode), x.expect,
                            got);
        }
        last_out = got;
    }
    dut->final();
    fiu_vl_cov_write(ctx.get(), "tb_dotadd");
    if (opt.inject_fault)
        std::printf("tb_dotadd: %" PRIu64 " faults injected\n", faults);
    std::printf("tb_dotadd: %" PRIu64 " vectors, %" PRIu64 " mismatches, %" PRIu64 " stall errors (%" PRIu64
                " cycles; %" PRIu64 " vectors not wanted, r_o held)\n",
                checked, mismatches, stall_errors, cycles, held);
    return (mismatches || stall_errors || checked != total) ? 1 : 0;
}
