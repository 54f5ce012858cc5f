/* Strict command-line numbers (args.h). */
#include "args.h"

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

static int digit(char c, unsigned base)
{
    int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : 99;
    return d < (int)base ? d : -1;
}

static bool bad(char *why, size_t len, const char *what, uint64_t min, uint64_t max)
{
    snprintf(why, len, "%s (accepted: %" PRIu64 "..%" PRIu64 ", decimal or 0x hex)", what, min, max);
    return false;
}

bool fiu_arg_parse_u64(const char *s, uint64_t min, uint64_t max, uint64_t *v, char *why, size_t whylen)
{
    if (!s || !*s)
        return bad(why, whylen, "empty", min, max);
    if (*s == '-' || *s == '+')
        return bad(why, whylen, "a sign is not accepted", min, max);
    unsigned base = 10;
    const char *p = s;
    if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X'))
        base = 16, p += 2;
    else if (p[0] == '0' && p[1] >= '0' && p[1] <= '9')
        return bad(why, whylen, "leading zero (octal is not accepted)", min, max);
    if (digit(*p, base) < 0)
        return bad(why, whylen, "not a number", min, max);
    uint64_t n = 0;
    for (int d; (d = digit(*p, base)) >= 0; p++) {
        if (n > (UINT64_MAX - (uint64_t)d) / base)
            return bad(why, whylen, "too large (more than 64 bits)", min, max);
        n = n * base + (uint64_t)d;
    }
    if (*p) {
        char what[96];
        snprintf(what, sizeof what, "junk '%.40s' after the number", p);
        return bad(why, whylen, what, min, max);
    }
    if (n < min || n > max)
        return bad(why, whylen, n < min ? "below the minimum" : "above the maximum", min, max);
    *v = n;
    return true;
}

bool fiu_arg_parse_double(const char *s, double min, double max, double *v, char *why, size_t whylen)
{
    const char *what = NULL;
    char *end = NULL;
    double x = 0;
    if (!s || !*s)
        what = "empty";
    else if (*s == ' ' || *s == '\t')
        what = "leading space";
    else {
        errno = 0;
        x = strtod(s, &end);
        if (end == s)
            what = "not a number";
        else if (*end)
            what = "junk after the number";
        else if (errno == ERANGE || !isfinite(x))
            what = "out of range";
        else if (x < min || x > max)
            what = x < min ? "below the minimum" : "above the maximum";
    }
    if (what) {
        snprintf(why, whylen, "%s (accepted: %g..%g)", what, min, max);
        return false;
    }
    *v = x;
    return true;
}

bool fiu_arg_u64(const char *prog, const char *opt, const char *s, uint64_t min, uint64_t max, uint64_t *v)
{
    char why[192];
    if (fiu_arg_parse_u64(s, min, max, v, why, sizeof why))
        return true;
    fprintf(stderr, "%s: bad %s '%s': %s\n", prog, opt, s ? s : "", why);
    return false;
}

bool fiu_arg_double(const char *prog, const char *opt, const char *s, double min, double max, double *v)
{
    char why[192];
    if (fiu_arg_parse_double(s, min, max, v, why, sizeof why))
        return true;
    fprintf(stderr, "%s: bad %s '%s': %s\n", prog, opt, s ? s : "", why);
    return false;
}
