/* Minimal assertion counter for C testbenches: every CHECK counts, failures print file:line. */
#ifndef FIU_TB_CHECK_H
#define FIU_TB_CHECK_H

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

typedef struct {
    const char *name;
    unsigned long checks, failures;
} tb_checker;

#define CHECK(tc, cond, ...)                                                   \
    do {                                                                       \
        (tc)->checks++;                                                        \
        if (!(cond)) {                                                         \
            if (++(tc)->failures <= 20) {                                      \
                fprintf(stderr, "%s:%d: check failed: %s: ", __FILE__, __LINE__, #cond); \
                fprintf(stderr, __VA_ARGS__);                                  \
                fputc('\n', stderr);                                           \
            }                                                                  \
        }                                                                      \
    } while (0)

#define CHECK_EQ_HEX(tc, got, want, ...)                                       \
    do {                                                                       \
        uint64_t got_ = (uint64_t)(got), want_ = (uint64_t)(want);             \
        (tc)->checks++;                                                        \
        if (got_ != want_ && ++(tc)->failures <= 20) {                         \
            fprintf(stderr, "%s:%d: %s: got 0x%08" PRIx64 " want 0x%08" PRIx64 ": ", __FILE__, __LINE__, \
                    #got, got_, want_);                                        \
            fprintf(stderr, __VA_ARGS__);                                      \
            fputc('\n', stderr);                                               \
        }                                                                      \
    } while (0)

/* Prints the summary line; returns the process exit code. */
static inline int tb_finish(const tb_checker *tc)
{
    printf("%s: %lu checks, %lu failures %s\n", tc->name, tc->checks, tc->failures,
           tc->failures ? "FAIL" : "PASS");
    return tc->failures ? 1 : 0;
}

/* Standard --help handling for argument-less testbenches. */
static inline int tb_args(int argc, char **argv, const char *usage)
{
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            printf("%s", usage);
            return 0;
        }
        fprintf(stderr, "%s: unknown argument '%s' (try --help)\n", argv[0], argv[i]);
        return 2;
    }
    return -1;
}

#endif
