// Verilator unit test of the parameter RAM's word format (rtl/fiu_pkg.sv: ram_enc, ram_op,
// ram_f32; docs/rtl.md, "Memories"): for each fp32 x, the operand read from the stored word must
// be x decoded and normalised, and the fp32 read back must be x. The expected operand comes from
// x's fields with the subnormal mantissa shifted left one bit at a time (enumeration, not the
// RTL's LZC). Inputs: every subnormal (both signs), every exponent x sign with mantissas 0, 1, all
// ones and 2048 random ones, then N random words (--count). The all-zero stored word, a block RAM's
// initial content, must read as +0 (the C model's RAM starts zeroed).
#include <memory>

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"
#include <verilated.h>

#include "vl_cov.h"
#include "Vram_word_probe.h"
#pragma GCC diagnostic pop

#include "tb_common.h"

namespace {

const char *const kUsage =
    "usage: tb_ram_word [--count N] [--seed N] [--max-print N] [--inject-fault] [--help]\n"
    "  Checks the parameter RAM's word format (fiu_pkg::ram_enc, ram_op, ram_f32, through\n"
    "  tb/unit/ram_word_probe.sv): the operand read from the word stored for x is x decoded and\n"
    "  normalised, the fp32 read back is x. Every subnormal, every exponent with edge and random\n"
    "  mantissas, N random words (default 1000000); the all-zero stored word must read as +0.\n"
    "  --inject-fault corrupts a few expected values.\n";

// {nan, inf, zero, sub, neg, elsb[11:0], man[23:0]}, 41 bits
uint64_t expected_op(uint32_t x)
{
    const uint32_t e = (x >> 23) & 0xFFu, f = x & 0x7FFFFFu;
    const uint64_t nan = e == 0xFF && f, inf = e == 0xFF && !f, zero = (x & 0x7FFFFFFFu) == 0;
    const uint64_t sub = e == 0 && f, neg = x >> 31;
    int elsb;
    uint32_t man;
    if (zero) {
        man = 0, elsb = -149 - 24;  // the shift of an all-zero mantissa is its width
    } else if (e == 0) {
        man = f, elsb = -149;
        while (!(man & 0x800000u))
            man <<= 1, elsb--;
    } else {
        man = 0x800000u | f, elsb = static_cast<int>(e) - 150;
    }
    return nan << 40 | inf << 39 | zero << 38 | sub << 37 | neg << 36 |
           (static_cast<uint64_t>(static_cast<uint32_t>(elsb) & 0xFFFu) << 24) | man;
}

}  // namespace

int main(int argc, char **argv)
{
    tb::Options opt = tb::parse_options(argc, argv, kUsage, 1000000);
    std::printf("tb_ram_word: seed %" PRIu64 ", %" PRIu64 " random words\n", opt.seed, opt.count);
    auto ctx = std::make_unique<VerilatedContext>();
    ctx->commandArgs(argc, argv);
    auto dut = std::make_unique<Vram_word_probe>(ctx.get());
    tb::Rng rng{opt.seed};
    uint64_t checked = 0, mismatches = 0, faults = 0;

    auto check = [&](uint32_t x) {
        dut->x_i = x;
        dut->eval();
        uint64_t op = expected_op(x);
        uint32_t back = x;
        if (opt.inject_fault && checked % 99991 == 777) {
            op ^= 1u << 24;
            back ^= 1u;
            faults++;
        }
        checked++;
        if ((dut->op_o != op || dut->back_o != back) && ++mismatches <= opt.max_print)
            std::printf("MISMATCH: x=%08x op expected=%011llx got=%011llx back expected=%08x got=%08x\n", x,
                        static_cast<unsigned long long>(op), static_cast<unsigned long long>(dut->op_o), back,
                        static_cast<unsigned>(dut->back_o));
    };

    dut->word_i = 0;
    dut->x_i = 0;
    dut->eval();
    checked++;
    if ((dut->word_op_o != expected_op(0) || dut->word_back_o != 0) && ++mismatches <= opt.max_print)
        std::printf("MISMATCH: the all-zero stored word reads as op=%011llx fp32=%08x, not +0\n",
                    static_cast<unsigned long long>(dut->word_op_o), static_cast<unsigned>(dut->word_back_o));
    for (uint32_t f = 0; f < 0x800000u; f++) {
        check(f);
        check(0x80000000u | f);
    }
    for (uint32_t s = 0; s < 2; s++)
        for (uint32_t e = 1; e < 256; e++) {
            const uint32_t base = s << 31 | e << 23;
            check(base), check(base | 1u), check(base | 0x7FFFFFu);
            for (int k = 0; k < 2048; k++)
                check(base | (rng.u32() & 0x7FFFFFu));
        }
    for (uint64_t k = 0; k < opt.count; k++)
        check(rng.u32());
    dut->final();
    fiu_vl_cov_write(ctx.get(), "tb_ram_word");
    if (opt.inject_fault)
        std::printf("tb_ram_word: %" PRIu64 " faults injected\n", faults);
    std::printf("tb_ram_word: %" PRIu64 " vectors, %" PRIu64 " mismatches\n", checked, mismatches);
    return mismatches ? 1 : 0;
}
