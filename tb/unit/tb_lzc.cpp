// Verilator unit test of fiu_pkg::lzc (rtl/fiu_pkg.sv), the design's one leading-zero count:
// zero, every leading-one position 0..127 with all-zero, all-one and random bits below it,
// then N random inputs with a random number of leading zeros. The expected count is the
// leading one's position, found by scanning the bits (enumeration, not a second tree).
#include <memory>

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"
#include <verilated.h>

#include "vl_cov.h"
#include "Vlzc_probe.h"
#pragma GCC diagnostic pop

#include "tb_common.h"

namespace {

const char *const kUsage =
    "usage: tb_lzc [--count N] [--seed N] [--max-print N] [--inject-fault] [--help]\n"
    "  Compares fiu_pkg::lzc (Verilator, through tb/unit/lzc_probe.sv) with a bit scan on\n"
    "  zero, every leading-one position (below it: zeros, ones, random bits) and N random\n"
    "  inputs (default 1000000). --inject-fault corrupts a few expected values.\n";

unsigned scan(const uint32_t w[4])
{
    for (int i = 127; i >= 0; i--)
        if ((w[i / 32] >> (i % 32)) & 1u)
            return static_cast<unsigned>(127 - i);
    return 128;
}

}  // namespace

int main(int argc, char **argv)
{
    tb::Options opt = tb::parse_options(argc, argv, kUsage, 1000000);
    std::printf("tb_lzc: seed %" PRIu64 ", %" PRIu64 " random vectors\n", opt.seed, opt.count);
    auto ctx = std::make_unique<VerilatedContext>();
    ctx->commandArgs(argc, argv);
    auto dut = std::make_unique<Vlzc_probe>(ctx.get());
    tb::Rng rng{opt.seed};
    uint64_t checked = 0, mismatches = 0, faults = 0;

    auto check = [&](const uint32_t w[4]) {
        for (int i = 0; i < 4; i++)
            dut->x_i[i] = w[i];
        dut->eval();
        unsigned expect = scan(w);
        if (opt.inject_fault && checked % 99991 == 777) {
            expect ^= 1;
            faults++;
        }
        checked++;
        if (dut->n_o != expect && ++mismatches <= opt.max_print)
            std::printf("MISMATCH: x=%08x%08x%08x%08x expected=%u got=%u\n", w[3], w[2], w[1], w[0], expect,
                        static_cast<unsigned>(dut->n_o));
    };

    uint32_t w[4] = {0, 0, 0, 0};
    check(w);
    for (int pos = 0; pos < 128; pos++) {
        for (int fill = 0; fill < 3; fill++) {
            for (int i = 0; i < 4; i++)
                w[i] = fill == 0 ? 0u : fill == 1 ? 0xFFFFFFFFu : rng.u32();
            for (int i = pos; i < 128; i++) // clear the leading-one position and above
                w[i / 32] &= ~(1u << (i % 32));
            w[pos / 32] |= 1u << (pos % 32);
            check(w);
        }
    }
    for (uint64_t k = 0; k < opt.count; k++) {
        for (int i = 0; i < 4; i++)
            w[i] = rng.u32();
        unsigned zeros = rng.below(129);
        for (unsigned i = 0; i < zeros; i++)
            w[(127 - i) / 32] &= ~(1u << ((127 - i) % 32));
        check(w);
    }
    dut->final();
    fiu_vl_cov_write(ctx.get(), "tb_lzc");
    if (opt.inject_fault)
        std::printf("tb_lzc: %" PRIu64 " faults injected\n", faults);
    std::printf("tb_lzc: %" PRIu64 " vectors, %" PRIu64 " mismatches\n", checked, mismatches);
    return mismatches ? 1 : 0;
}
