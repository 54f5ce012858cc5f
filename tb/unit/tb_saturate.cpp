// Verilator unit test of rtl/fiu_saturate.sv against the C model fiu_f32_saturate (spec 2.9):
// every value within +-4096 ulps of the boundaries (0, 2^-126, 1.0, inf, NaN, both signs),
// every exponent with edge fractions, then N random patterns (default 1000000).
#include <memory>

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"
#include <verilated.h>

#include "vl_cov.h"
#include "Vfiu_saturate.h"
#pragma GCC diagnostic pop

#include "fiu_f32.h"
#include "tb_common.h"

namespace {

const char *const kUsage =
    "usage: tb_saturate [--count N] [--seed N] [--max-print N] [--inject-fault] [--help]\n"
    "  Compares rtl/fiu_saturate.sv (Verilator) with fiu_f32_saturate on the boundary\n"
    "  neighbourhoods, every exponent with edge fractions, and N random inputs\n"
    "  (default 1000000). --inject-fault corrupts a few expected values.\n";

}  // namespace

int main(int argc, char **argv)
{
    tb::Options opt = tb::parse_options(argc, argv, kUsage, 1000000);
    std::printf("tb_saturate: seed %" PRIu64 ", %" PRIu64 " random vectors\n", opt.seed, opt.count);
    auto ctx = std::make_unique<VerilatedContext>();
    ctx->commandArgs(argc, argv);
    auto dut = std::make_unique<Vfiu_saturate>(ctx.get());
    tb::Rng rng{opt.seed};
    uint64_t checked = 0, mismatches = 0, faults = 0;

    auto check = [&](uint32_t x) {
        dut->x_i = x;
        dut->eval();
        uint32_t expect = fiu_f32_saturate(x);
        if (opt.inject_fault && checked % 99991 == 777) {
            expect ^= 1;
            faults++;
        }
        checked++;
        if (dut->r_o != expect && ++mismatches <= opt.max_print)
            std::printf("MISMATCH: x=0x%08" PRIx32 " expected=0x%08" PRIx32 " got=0x%08" PRIx32 "\n", x, expect,
                        dut->r_o);
    };

    static const uint32_t centers[] = {0x00000000u, 0x00800000u, 0x3F800000u, 0x7F800000u, 0x7FC00000u,
                                       0x3F000000u};
    for (uint32_t c : centers)
        for (uint32_t s = 0; s < 2; s++)
            for (int32_t d = -4096; d <= 4096; d++)
                check((c + static_cast<uint32_t>(d)) ^ (s << 31));
    for (uint32_t e = 0; e < 256; e++)
        for (uint32_t f : {0x000000u, 0x000001u, 0x400000u, 0x7FFFFEu, 0x7FFFFFu})
            for (uint32_t s = 0; s < 2; s++)
                check(tb::mk(s, e, f));
    for (uint64_t i = 0; i < opt.count; i++)
        check(rng.u32());
    dut->final();
    fiu_vl_cov_write(ctx.get(), "tb_saturate");
    if (opt.inject_fault)
        std::printf("tb_saturate: %" PRIu64 " faults injected\n", faults);
    std::printf("tb_saturate: %" PRIu64 " vectors, %" PRIu64 " mismatches\n", checked, mismatches);
    return mismatches ? 1 : 0;
}
