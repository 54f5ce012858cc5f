// Verilator code coverage of a model built with --coverage (FIU_COVERAGE, make coverage): written
// to $FIU_VLCOV_DIR/<tag>.<pid>.dat when that is set; nothing otherwise.
#ifndef FIU_VL_COV_H
#define FIU_VL_COV_H

#include <cstdlib>
#include <string>
#include <unistd.h>

#include "verilated.h"
#if VM_COVERAGE
#include "verilated_cov.h"
#endif

inline void fiu_vl_cov_write(VerilatedContext *ctx, const char *tag)
{
#if VM_COVERAGE
    const char *dir = std::getenv("FIU_VLCOV_DIR");
    if (!dir || !*dir)
        return;
    std::string path = std::string(dir) + "/" + tag + "." + std::to_string(getpid()) + ".dat";
    ctx->coveragep()->write(path.c_str());
#else
    (void)ctx;
    (void)tag;
#endif
}

#endif
