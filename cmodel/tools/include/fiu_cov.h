/* Functional coverage of the fiu model (docs/verification.md): named cross bins sampled by the
 * model tests, the co-simulation and the vector checker, saved as text and merged by adding.
 * Every sampling function accepts cov == NULL and then does nothing. */
#ifndef FIU_COV_H
#define FIU_COV_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "fiu.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct fiu_cov fiu_cov;

fiu_cov *fiu_cov_new(void);
void fiu_cov_free(fiu_cov *cov);

/* One executed request: op x status, IPA mode x location x status, modifiers, sample counts,
 * centroid masks, VINTRP fields, and per written lane the alpha and unpack bins. */
void fiu_cov_sample_execute(fiu_cov *cov, const fiu_state *st, const fiu_request *rq,
                            const fiu_response *rsp);
/* One dot-add r = RNE(a*b + c*d + e) in mode (FIU_F32_*): operand classes and result events. */
void fiu_cov_sample_dotadd(fiu_cov *cov, uint32_t a, uint32_t b, uint32_t c, uint32_t d, uint32_t e,
                           unsigned mode);
/* The post-multiply and saturate of a value r (class of r x pmul x sat). */
void fiu_cov_sample_post(fiu_cov *cov, uint32_t r, bool pmul, bool sat);
/* One alpha compare: function x format x relation of alpha to ref. */
void fiu_cov_sample_alpha(fiu_cov *cov, uint32_t func, uint32_t format, uint32_t alpha, uint32_t ref);
/* One unpack: format x component x BGRA x the selected field's pattern. */
void fiu_cov_sample_unpack(fiu_cov *cov, uint32_t packed, uint32_t comp, uint32_t fmt, bool bgra);

/* Adds the counts of a saved file to cov. On error returns false with "file:line: reason". */
bool fiu_cov_load(fiu_cov *cov, const char *path, char *err, size_t errlen);
/* Writes every bin hit at least once ("name count" lines). */
bool fiu_cov_save(const fiu_cov *cov, const char *path);

/* FIU_FCOV_DIR set: a collector whose counts fiu_cov_env_finish writes to a new file
 * <dir>/<tag>.<pid>.fcov (tag: the program's name). Unset: NULL, and finish does nothing. */
fiu_cov *fiu_cov_env_new(void);
/* Saves (if collecting) and frees; returns false with a message on stderr if the save failed. */
bool fiu_cov_env_finish(fiu_cov *cov, const char *tag);

typedef struct {
    unsigned bins;      /* every bin */
    unsigned excluded;  /* excluded by name with a reason */
    unsigned hit;       /* not excluded and hit */
    unsigned excluded_hit; /* excluded yet hit: a wrong exclusion */
} fiu_cov_totals;

enum { FIU_COV_LIST_MISSING = 1, FIU_COV_LIST_EXCLUDED = 2, FIU_COV_LIST_ALL = 4 };
/* Per-cross table to out (and the bins selected by list), then totals. */
fiu_cov_totals fiu_cov_report(const fiu_cov *cov, FILE *out, unsigned list);

#ifdef __cplusplus
}
#endif
#endif
