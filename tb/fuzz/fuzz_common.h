/* Shared by the libFuzzer targets (tb/fuzz, docs/verification.md "Fuzzing"): a reader that turns
 * the fuzz bytes into values (zeros once they run out) and a failure that aborts with a message. */
#ifndef FIU_FUZZ_COMMON_H
#define FIU_FUZZ_COMMON_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "fiu.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

typedef struct {
    const uint8_t *p;
    size_t n;
} fuzz_in;

static inline uint8_t fuzz_u8(fuzz_in *in)
{
    if (!in->n)
        return 0;
    in->n--;
    return *in->p++;
}

static inline uint16_t fuzz_u16(fuzz_in *in)
{
    uint16_t lo = fuzz_u8(in);
    return (uint16_t)(lo | fuzz_u8(in) << 8);
}

static inline uint32_t fuzz_u32(fuzz_in *in)
{
    uint32_t lo = fuzz_u16(in);
    return lo | (uint32_t)fuzz_u16(in) << 16;
}

static inline bool fuzz_bool(fuzz_in *in) { return fuzz_u8(in) & 1; }

/* An fp32 operand: raw bits, or (one selector byte in four) a boundary value with a random sign. */
static inline uint32_t fuzz_f32(fuzz_in *in)
{
    static const uint32_t special[16] = {
        0x00000000, 0x3F800000, 0x7F800000, 0x7FC00000, 0x7F800001, 0x00000001, 0x007FFFFF, 0x00800000,
        0x7F7FFFFF, 0x3F800001, 0x3F7FFFFF, 0x58800000, 0x00400000, 0x33800000, 0x4B000000, 0x3F000000};
    uint8_t sel = fuzz_u8(in);
    if ((sel & 3) != 0)
        return fuzz_u32(in);
    return special[(sel >> 2) & 15] | (uint32_t)(sel >> 7) << 31;
}

/* Prints "fuzz: <target>: <message>" and aborts (libFuzzer saves the input as a crash). */
static inline void fuzz_fail(const char *target, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "fuzz: %s: ", target);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    fflush(stderr);
    abort();
}

static inline bool fuzz_same_response(const fiu_response *x, const fiu_response *y)
{
    if (x->lanes != y->lanes || x->wmask != y->wmask || x->kill != y->kill || x->pred != y->pred ||
        x->status != y->status)
        return false;
    for (unsigned i = 0; i < FIU_MAX_LANES; i++)
        if (x->result[i] != y->result[i])
            return false;
    return true;
}

/* Invariants of every response (spec 1.3, 7): status in range, masks only in the request's lanes,
 * kill within wmask, written lanes execute, unwritten lanes read 0, pred only for AL2P, request
 * errors write nothing, and a second execution gives the same response. */
static inline void fuzz_check_response(const char *target, const fiu_state *st, const fiu_request *rq,
                                       const fiu_response *rsp)
{
    uint32_t lanes = rq->lanes <= FIU_MAX_LANES ? rq->lanes : FIU_MAX_LANES;
    uint64_t in_lanes = lanes >= 64 ? ~0ull : (1ull << lanes) - 1;
    if (rsp->status >= FIU_ST_COUNT_)
        fuzz_fail(target, "status %u out of range", rsp->status);
    if (rsp->lanes != lanes)
        fuzz_fail(target, "response lanes %u, request lanes %u", rsp->lanes, rq->lanes);
    if (rsp->wmask & ~in_lanes)
        fuzz_fail(target, "wmask %llx has bits at or above lanes %u", (unsigned long long)rsp->wmask, lanes);
    if (rsp->kill & ~rsp->wmask)
        fuzz_fail(target, "kill %llx outside wmask %llx", (unsigned long long)rsp->kill,
                  (unsigned long long)rsp->wmask);
    for (uint32_t i = 0; i < FIU_MAX_LANES; i++) {
        bool written = (rsp->wmask >> i) & 1;
        if (written && !(rq->lane[i].active && (rq->lane[i].guard || rq->op == FIU_OP_VINTRP)))
            fuzz_fail(target, "lane %u written but not executing", i);
        if (!written && rsp->result[i] != 0)
            fuzz_fail(target, "unwritten lane %u has result %08x", i, rsp->result[i]);
    }
    if (rsp->pred && rq->op != FIU_OP_AL2P)
        fuzz_fail(target, "pred set for op %u", rq->op);
    if (rsp->status >= FIU_ST_BAD_OP && rsp->status <= FIU_ST_SAMPLE_COUNT && (rsp->wmask || rsp->kill || rsp->pred))
        fuzz_fail(target, "request error %u but lanes written", rsp->status);
    fiu_response again;
    fiu_execute(st, rq, &again);
    if (!fuzz_same_response(rsp, &again))
        fuzz_fail(target, "two executions of one request differ");
}

#endif
