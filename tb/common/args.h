/* Strict command-line numbers for the tb/ tools (library fiu_tb_args): one parser, one
 * message style, "prog: bad OPT 'TEXT': what is wrong (accepted: range)". */
#ifndef FIU_TB_ARGS_H
#define FIU_TB_ARGS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* An unsigned integer in [min, max]: decimal (no leading zero) or 0x hex; no sign, space,
 * trailing junk or overflow. On failure writes what is wrong and the accepted range to why. */
bool fiu_arg_parse_u64(const char *s, uint64_t min, uint64_t max, uint64_t *v, char *why, size_t whylen);
/* A finite decimal number in [min, max] (strtod syntax without leading space). */
bool fiu_arg_parse_double(const char *s, double min, double max, double *v, char *why, size_t whylen);

/* The same, printing "prog: bad OPT 'S': why" to stderr on failure. */
bool fiu_arg_u64(const char *prog, const char *opt, const char *s, uint64_t min, uint64_t max, uint64_t *v);
bool fiu_arg_double(const char *prog, const char *opt, const char *s, double min, double max, double *v);

#ifdef __cplusplus
}
#endif
#endif
