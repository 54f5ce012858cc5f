/* Device under test: dispatch a generated case to the fiu fp32 C model.
 * Kept apart from f32_oracle.c so the oracle library never links fiu code. */
#ifndef F32_DUT_H
#define F32_DUT_H

#include "f32_oracle.h"
#include "fiu_cov.h"
#include "fiu_f32.h"

_Static_assert(F32O_FUSED == FIU_F32_FUSED && F32O_FLUSH == FIU_F32_FLUSH, "mode bits differ from fiu_f32.h");

static inline uint32_t f32_dut_eval(enum f32_op op, const struct f32_case *c)
{
    switch (op) {
    case F32_OP_DOTADD: return fiu_f32_dotadd(c->a, c->b, c->c, c->d, c->e, c->mode);
    case F32_OP_FMA: return fiu_f32_fma(c->a, c->b, c->e, c->mode);
    case F32_OP_MUL: return fiu_f32_mul(c->a, c->b, c->mode);
    case F32_OP_POST_MULTIPLY: return fiu_f32_post_multiply(c->a, c->b, c->pmul, c->sat);
    case F32_OP_SATURATE: return fiu_f32_saturate(c->a);
    case F32_OP_FLUSH: return fiu_f32_flush(c->a);
    default: return 0xDEADBEEFu;
    }
}

/* f32_impl_fn adapter; ctx unused. */
static inline uint32_t f32_dut_impl(void *ctx, enum f32_op op, const struct f32_case *c)
{
    (void)ctx;
    return f32_dut_eval(op, c);
}

/* f32_impl_fn adapter that also samples functional coverage; ctx: a fiu_cov (NULL: none). */
static inline uint32_t f32_dut_impl_cov(void *ctx, enum f32_op op, const struct f32_case *c)
{
    fiu_cov *cov = (fiu_cov *)ctx;
    if (op == F32_OP_DOTADD)
        fiu_cov_sample_dotadd(cov, c->a, c->b, c->c, c->d, c->e, c->mode);
    else if (op == F32_OP_POST_MULTIPLY)
        fiu_cov_sample_post(cov, c->a, c->pmul, c->sat);
    return f32_dut_eval(op, c);
}

#endif
