/* fiu_execute_batch gives exactly fiu_execute's responses (spec 1.4), on the generator's corner
 * and throughput mixes, also under a non-default host FP state (FE_UPWARD, MXCSR FTZ|DAZ). */
#include <fenv.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#if defined(__SSE__)
#include <xmmintrin.h>
#endif

#include "fiu_vectors.h"

enum { RUN = 16 };

typedef struct {
    fiu_state st;
    bool have_state;
    fiu_request rq[RUN];
    size_t n;
    unsigned long requests, lanes, fails, host_state;
} ctx_t;

static void flush_run(ctx_t *c)
{
    static fiu_response one[RUN], many[RUN];
    for (size_t i = 0; i < c->n; i++)
        fiu_execute(&c->st, &c->rq[i], &one[i]);
    fenv_t saved;
    fegetenv(&saved);
    bool alter = (c->requests / RUN) % 2;
    if (alter) { /* the batch under a non-default host state */
        fesetround(FE_UPWARD);
#if defined(__SSE__)
        _mm_setcsr(_mm_getcsr() | 0x8040u);
#endif
        c->host_state++;
    }
    fiu_execute_batch(&c->st, c->rq, c->n, many);
    fesetenv(&saved);
    for (size_t i = 0; i < c->n; i++) {
        c->lanes += c->rq[i].lanes;
        if (memcmp(&one[i], &many[i], sizeof one[i]) && c->fails++ < 5)
            printf("test_execute_batch: request %lu: batch response differs\n", c->requests + i);
    }
    c->requests += c->n;
    c->n = 0;
}

static bool sink(void *vctx, const fiu_vrec *rec)
{
    ctx_t *c = vctx;
    if (rec->kind == FIU_VREC_REQUEST) {
        c->rq[c->n++] = rec->u.req.rq;
        if (c->n == RUN)
            flush_run(c);
        return true;
    }
    flush_run(c); /* state changes between runs only */
    if (rec->kind == FIU_VREC_RAMSIZE && c->have_state)
        fiu_state_free(&c->st);
    c->have_state = true;
    return fiu_vec_apply(&c->st, rec);
}

int main(void)
{
    unsigned long fails = 0, requests = 0, lanes = 0, altered = 0;
    for (uint32_t mix = 0; mix < FIU_GEN_MIX_COUNT_; mix++) {
        ctx_t *c = calloc(1, sizeof *c);
        if (!c)
            return 2;
        fiu_gen_config g = {.seed = 21 + mix, .count = 20000, .lanes = 0, .ops = 0, .mix = mix};
        if (!fiu_gen_run(&g, sink, c)) {
            fprintf(stderr, "test_execute_batch: generator failed\n");
            return 2;
        }
        flush_run(c);
        fails += c->fails, requests += c->requests, lanes += c->lanes, altered += c->host_state;
        if (c->have_state)
            fiu_state_free(&c->st);
        free(c);
    }
    printf("test_execute_batch: %lu requests (%lu lanes, %lu batches under FE_UPWARD+FTZ|DAZ), %lu differ\n",
           requests, lanes, altered, fails);
    return fails ? 1 : 0;
}
