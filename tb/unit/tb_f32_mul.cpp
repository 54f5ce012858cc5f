// Verilator unit test of rtl/fiu_f32_mul.sv against the C model (spec 2.2, 2.8):
// flush_i = 1: fiu_f32_post_multiply(a, b, pmul = true, sat = false) (the IPA post-multiply);
// flush_i = 0: fiu_f32_mul(a, b, FIU_F32_FUSED) (PRESERVE). Random bits, exponent extremes,
// specials, products near 2^-126 (incl. the tininess-after-rounding cases), near overflow and
// exact products at or next to a rounding midpoint (ties).
#include <memory>

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"
#include <verilated.h>

#include "vl_cov.h"
#include "Vfiu_f32_mul.h"
#pragma GCC diagnostic pop

#include "fiu_f32.h"
#include "tb_common.h"

namespace {

const char *const kUsage =
    "usage: tb_f32_mul [--count N] [--seed N] [--max-print N] [--inject-fault] [--help]\n"
    "  Compares rtl/fiu_f32_mul.sv (Verilator) with the C model on N vectors per flush\n"
    "  setting (default 1000000) plus corner x corner pairs: flush_i=1 against\n"
    "  fiu_f32_post_multiply(a, b, 1, 0), flush_i=0 against fiu_f32_mul(a, b, FUSED).\n"
    "  --inject-fault corrupts a few expected values (the run must then fail).\n";

void gen(tb::Rng &r, uint32_t &a, uint32_t &b)
{
    switch (r.below(7)) {
    case 5: { // exact product within a unit of a rounding midpoint (delta = 0, an exact tie, only
              // comes with the leading one at bit 46; the short mantissas below give the others)
        uint32_t ma, mb;
        tb::near_midpoint(r, static_cast<int>(r.below(3)) - 1, ma, mb);
        int ea = 1 + static_cast<int>(r.below(254));
        a = tb::mk(r.coin(), static_cast<uint32_t>(ea), ma);
        b = tb::mk(r.coin(), static_cast<uint32_t>(254 - ea / 2 - static_cast<int>(r.below(128))), mb);
        break;
    }
    case 0: a = r.u32(); b = r.u32(); break;
    case 1: a = tb::extreme_value(r); b = tb::extreme_value(r); break;
    case 2: a = tb::special_value(r); b = r.coin() ? tb::special_value(r) : r.u32(); break;
    case 3: { // near 2^-126 / subnormal results
        int ea = 1 + static_cast<int>(r.below(254));
        int eb = 128 - ea + static_cast<int>(r.below(30)) - 26;
        a = tb::value_exp(r, ea);
        b = eb < 1 ? (r.u32() & 0x807FFFFFu) : tb::value_exp(r, eb);
        if (r.coin()) { // all-ones fractions: rounding carries into 2^-126
            a |= 0x007FFFFFu - r.below(3);
            b = (b & 0xFF800000u) | (r.coin() ? 0 : 0x7FFFFFu);
        }
        break;
    }
    case 4: { // near overflow
        int ea = 127 + static_cast<int>(r.below(128));
        a = tb::value_exp(r, ea);
        b = tb::value_exp(r, 254 + 127 - ea - static_cast<int>(r.below(3)) + 1);
        if (r.coin())
            a |= 0x007FFFFFu;
        break;
    }
    default: // short mantissas: exact products and ties
        a = tb::mk(r.coin(), 1 + r.below(254), (r.u32() & 0xFFFu) << 11);
        b = tb::mk(r.coin(), 1 + r.below(254), (r.u32() & 0xFFFu) << 11);
        break;
    }
}

}  // namespace

int main(int argc, char **argv)
{
    tb::Options opt = tb::parse_options(argc, argv, kUsage, 1000000);
    std::printf("tb_f32_mul: seed %" PRIu64 ", %" PRIu64 " vectors per flush setting\n", opt.seed, opt.count);
    auto ctx = std::make_unique<VerilatedContext>();
    ctx->commandArgs(argc, argv);
    auto dut = std::make_unique<Vfiu_f32_mul>(ctx.get());
    tb::Rng rng{opt.seed};
    uint64_t checked = 0, mismatches = 0, faults = 0;

    auto check = [&](uint32_t a, uint32_t b, bool flush) {
        dut->a_i = a;
        dut->b_i = b;
        dut->flush_i = flush;
        // One clock edge: the REG = 1 build (tb_f32_mul_reg) registers the product on it.
        dut->rst_ni = 1;
        dut->en_i = 1;
        dut->clk_i = 0;
        dut->eval();
        dut->clk_i = 1;
        dut->eval();
        uint32_t expect = flush ? fiu_f32_post_multiply(a, b, true, false) : fiu_f32_mul(a, b, FIU_F32_FUSED);
        if (opt.inject_fault && checked % 999983 == 4321) {
            expect ^= 0x80000000u;
            faults++;
        }
        checked++;
        if (dut->r_o != expect && ++mismatches <= opt.max_print)
            std::printf("MISMATCH: a=0x%08" PRIx32 " b=0x%08" PRIx32 " flush=%d expected=0x%08" PRIx32
                        " got=0x%08" PRIx32 "\n",
                        a, b, flush ? 1 : 0, expect, dut->r_o);
    };

    // Corner x corner (both signs, both flush settings).
    static const uint32_t corners[] = {0x00000000u, 0x00000001u, 0x007FFFFFu, 0x00800000u, 0x00800001u,
                                       0x3F000000u, 0x3F800000u, 0x3F800001u, 0x3F7FFFFFu, 0x40000000u,
                                       0x4B000000u, 0x7F7FFFFFu, 0x7F800000u, 0x7F800001u, 0x7FC00000u,
                                       0x7FFFFFFFu, 0x33800000u, 0x34000000u, 0x5F800000u, 0x1F800000u};
    for (uint32_t a : corners)
        for (uint32_t b : corners)
            for (int s = 0; s < 4; s++)
                for (int f = 0; f < 2; f++)
                    check(a | ((s & 1) ? 0x80000000u : 0), b | ((s & 2) ? 0x80000000u : 0), f != 0);
    for (uint64_t i = 0; i < 2 * opt.count; i++) {
        uint32_t a, b;
        gen(rng, a, b);
        check(a, b, (i & 1) != 0);
    }
    dut->final();
    fiu_vl_cov_write(ctx.get(), "tb_f32_mul");
    if (opt.inject_fault)
        std::printf("tb_f32_mul: %" PRIu64 " faults injected\n", faults);
    std::printf("tb_f32_mul: %" PRIu64 " vectors, %" PRIu64 " mismatches\n", checked, mismatches);
    return mismatches ? 1 : 0;
}
