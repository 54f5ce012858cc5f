/* Internal: shared front end of the fp32 dot-add (spec 2.1-2.6).
 * Reduces a*b + c*d + e to up to three finite nonzero exact terms, or a final result. */
#ifndef FIU_DOTADD_TERMS_H
#define FIU_DOTADD_TERMS_H

#include "fiu.h"

/* value = (neg ? -1 : 1) * man * 2^lsb, man != 0, man < 2^48 */
typedef struct {
    uint64_t man;
    int lsb;
    bool neg;
} f32_term;

typedef struct {
    f32_term t[3];
    int n;         /* number of finite nonzero terms */
    bool done;     /* result already decided (NaN, inf or all-zero) */
    uint32_t result;
} f32_terms;

/* Decode the fused three-term sum. mode's FUSED bit is ignored here. */
f32_terms f32_terms_decode(uint32_t a, uint32_t b, uint32_t c, uint32_t d, uint32_t e, unsigned mode);

/* Unfused mode: rounds each product with `fused_core`, leaving a*1 + c*1 + e. */
typedef uint32_t (*f32_fused_core)(uint32_t, uint32_t, uint32_t, uint32_t, uint32_t, unsigned);
void f32_round_products(uint32_t *a, uint32_t *b, uint32_t *c, uint32_t *d, unsigned mode,
                        f32_fused_core fused_core);

#endif
