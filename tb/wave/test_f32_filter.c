/* fp32 decimals of the GTKWave filter against MPFR: every output reads back (correctly
 * rounded, with fp32 subnormals) as the input, and no string with one digit fewer does.
 * Then the filter executable itself, through its stdin/stdout protocol. */
#include <inttypes.h>
#include <mpfr.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "f32_decimal.h"
#include "../common/splitmix64.h"

typedef struct {
    uint64_t rng;
    unsigned long cases, failures;
    mpfr_t exact, back;
} ctx;

static uint64_t next(ctx *c) { return splitmix64(&c->rng); }

/* the exact value of a finite fp32, from its fields */
static void set_exact(mpfr_t x, uint32_t bits)
{
    uint32_t e = bits >> 23 & 0xFF, f = bits & 0x7FFFFF;
    uint32_t sig = e ? f | 0x800000 : f;
    mpfr_set_ui_2exp(x, sig, (mpfr_exp_t)(e ? (int)e : 1) - 150, MPFR_RNDN);
    if (bits >> 31)
        mpfr_neg(x, x, MPFR_RNDN);
}

/* decimal string -> fp32 value in back (24 bits, fp32 range, subnormals), correctly rounded */
static void read_back(ctx *c, const char *s)
{
    mpfr_exp_t emin = mpfr_get_emin(), emax = mpfr_get_emax();
    mpfr_set_emin(-148);
    mpfr_set_emax(128);
    int t = mpfr_strtofr(c->back, s, NULL, 10, MPFR_RNDN);
    t = mpfr_subnormalize(c->back, t, MPFR_RNDN);
    (void)t;
    mpfr_set_emin(emin);
    mpfr_set_emax(emax);
}

/* significant digits of the mantissa: first to last non-zero digit */
static int significant_digits(const char *s)
{
    char d[64];
    int n = 0;
    for (; *s && *s != 'e' && n < 63; s++)
        if (*s >= '0' && *s <= '9')
            d[n++] = *s;
    int first = 0, last = n - 1;
    while (first < n && d[first] == '0')
        first++;
    while (last >= first && d[last] == '0')
        last--;
    return last - first + 1;
}

#define REQUIRE(cond)                                                                  \
    do {                                                                               \
        if (!(cond)) {                                                                 \
            fprintf(stderr, "%s:%d: required: %s\n", __FILE__, __LINE__, #cond);        \
            exit(1);                                                                   \
        }                                                                              \
    } while (0)

static void check_one(ctx *c, uint32_t bits)
{
    char out[FIU_F32_DECIMAL_MAX];
    fiu_f32_decimal(bits, out);
    c->cases++;
    set_exact(c->exact, bits);
    read_back(c, out);
    if (!mpfr_equal_p(c->back, c->exact) || mpfr_signbit(c->back) != mpfr_signbit(c->exact)) {
        if (c->failures++ < 10)
            printf("FAIL %08" PRIx32 " -> '%s' does not read back\n", bits, out);
        return;
    }
    /* shortest: the nearest decimals with one digit fewer, on both sides, do not read back */
    int n = significant_digits(out);
    if (n > 9 && c->failures++ < 10)
        printf("FAIL %08" PRIx32 " -> '%s' has %d digits\n", bits, out, n);
    if (n <= 1 || mpfr_zero_p(c->exact))
        return;
    mpfr_rnd_t dirs[2] = {MPFR_RNDD, MPFR_RNDU};
    for (int d = 0; d < 2; d++) {
        mpfr_exp_t e10;
        char *digits = mpfr_get_str(NULL, &e10, 10, (size_t)(n - 1), c->exact, dirs[d]);
        char shorter[64];
        const char *m = digits[0] == '-' ? digits + 1 : digits;
        snprintf(shorter, sizeof shorter, "%s0.%se%ld", digits[0] == '-' ? "-" : "", m, (long)e10);
        mpfr_free_str(digits);
        read_back(c, shorter);
        if (mpfr_equal_p(c->back, c->exact) && c->failures++ < 10)
            printf("FAIL %08" PRIx32 " -> '%s' but '%s' is shorter and reads back\n", bits, out, shorter);
    }
}

static const struct {
    uint32_t bits;
    const char *text;
} table[] = {
    {0x3F800000, "1.0"},         {0xBF800000, "-1.0"},          {0x40490FDB, "3.1415927"},
    {0x00000000, "0.0"},         {0x80000000, "-0.0"},          {0x7F800000, "inf"},
    {0xFF800000, "-inf"},        {0x7FFFFFFF, "nan"},           {0x7FC00000, "nan(0x7fc00000)"},
    {0x3EAAAAAB, "0.33333334"},  {0x00000001, "1e-45"},         {0x7F7FFFFF, "3.4028235e38"},
    {0x3DCCCCCD, "0.1"},         {0x4B800000, "16777216.0"},    {0x42F6E979, "123.456"},
    {0x00800000, "1.1754944e-38"}, {0x501502F9, "1e10"},        {0x3F000000, "0.5"},
    {0x4CBEBC20, "100000000.0"}, {0x3727C5AC, "0.00001"}, {0x358637BD, "1e-6"},         {0x38D1B717, "0.0001"},
};

/* The executable: a file of lines through its stdin, compared line by line. */
static void check_process(ctx *c, const char *exe)
{
    char in_path[] = "/tmp/fiu_f32_filter_XXXXXX";
    int fd = mkstemp(in_path);
    REQUIRE(fd >= 0);
    FILE *in = fdopen(fd, "w");
    size_t n = sizeof table / sizeof table[0];
    for (size_t i = 0; i < n; i++)
        fprintf(in, i % 2 ? "%08" PRIX32 "\n" : "%08" PRIx32 "\n", table[i].bits);
    fprintf(in, "xxxxzzzz\n 0x3f800000 \n");
    fclose(in);
    char cmd[1024];
    snprintf(cmd, sizeof cmd, "'%s' < '%s'", exe, in_path);
    FILE *p = popen(cmd, "r");
    REQUIRE(p != NULL);
    char line[256];
    size_t got = 0;
    while (fgets(line, sizeof line, p)) {
        line[strcspn(line, "\n")] = '\0';
        const char *want = got < n ? table[got].text : got == n ? "xxxxzzzz" : "1.0";
        c->cases++;
        if (strcmp(line, want) && c->failures++ < 10)
            printf("FAIL filter process line %zu: '%s', expected '%s'\n", got + 1, line, want);
        got++;
    }
    REQUIRE(pclose(p) == 0);
    remove(in_path);
    REQUIRE(got == n + 2);
}

int main(int argc, char **argv)
{
    if (argc > 1 && !strcmp(argv[1], "--help")) {
        printf("usage: test_f32_filter FILTER_EXE [random cases]\n");
        return 0;
    }
    if (argc < 2) {
        fprintf(stderr, "test_f32_filter: give the fiu-f32-filter executable (try --help)\n");
        return 2;
    }
    unsigned long random_cases = argc > 2 ? strtoul(argv[2], NULL, 0) : 1000000;
    ctx c = {.rng = 20261122};
    mpfr_init2(c.exact, 64);
    mpfr_init2(c.back, 24);
    char out[FIU_F32_DECIMAL_MAX];
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++) {
        fiu_f32_decimal(table[i].bits, out);
        c.cases++;
        if (strcmp(out, table[i].text) && c.failures++ < 10)
            printf("FAIL %08" PRIx32 " -> '%s', expected '%s'\n", table[i].bits, out, table[i].text);
    }
    for (uint32_t e = 0; e < 255; e++) /* every binade, both ends and the middle, both signs */
        for (uint32_t s = 0; s < 2; s++) {
            uint32_t base = s << 31 | e << 23;
            check_one(&c, base);
            check_one(&c, base | 1);
            check_one(&c, base | 0x400000);
            check_one(&c, base | 0x7FFFFF);
        }
    for (unsigned long i = 0; i < random_cases; i++) {
        uint32_t b = (uint32_t)next(&c);
        if ((b >> 23 & 0xFF) != 0xFF)
            check_one(&c, b);
    }
    check_process(&c, argv[1]);
    mpfr_clears(c.exact, c.back, (mpfr_ptr)0);
    mpfr_free_cache();
    printf("test_f32_filter: %lu cases, %lu failures %s\n", c.cases, c.failures, c.failures ? "FAIL" : "PASS");
    return c.failures ? 1 : 0;
}
