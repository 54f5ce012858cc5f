// The +verilator+ arguments every fiu model starts with: random initial register state
// (+verilator+rand+reset+N) seeded from the run's seed. Shared by fiu_shim and fiu_rtl_sc.
#ifndef FIU_VERILATOR_ARGS_H
#define FIU_VERILATOR_ARGS_H

#include <cerrno>
#include <cstdint>
#include <string>

#include "verilated.h"

inline void fiu_verilator_args(VerilatedContext *ctx, const char *prog, unsigned rand_reset, uint64_t seed)
{
    const std::string rr = "+verilator+rand+reset+" + std::to_string(rand_reset);
    const std::string sd = "+verilator+seed+" + std::to_string(seed % 2147483647 + 1);
    const char *argv[] = {prog, rr.c_str(), sd.c_str()};
    // Verilator 5.006 tests errno after strtoull without clearing it first, so a stale
    // ERANGE from any earlier libc call aborts the parse of a valid value.
    errno = 0;
    ctx->commandArgs(3, argv);
}

#endif
