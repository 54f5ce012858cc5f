/* Fuzz target "testfloat": the TestFloat-3e line reader and the number parser of the fp32 test
 * harness (tb/model/f32/f32_oracle.c: f32_tv_parse_line, f32_parse_u64). The first byte picks the
 * number of words (3 or 4, as test_f32_testfloat reads them); the rest is one line. Checks: an
 * accepted line is exactly the words as 8 hex digits and the flags as 2, space-separated, with an
 * optional CR LF, LF or CR (so it prints back the same, up to the case of the digits); a number
 * f32_parse_u64 accepts consists of digits, an 0x prefix or an exponent only. */
#include <string.h>
#include <strings.h>

#include "f32_oracle.h"
#include "fuzz_common.h"

#define T "testfloat"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1 || size > 300)
        return 0;
    unsigned nwords = 3 + (data[0] & 1);
    char line[320];
    memcpy(line, data + 1, size - 1);
    line[size - 1] = '\0';
    uint32_t w[4];
    unsigned flags;
    if (f32_tv_parse_line(line, nwords, w, &flags) == NULL) {
        char back[64];
        int n = 0;
        for (unsigned i = 0; i < nwords; i++)
            n += snprintf(back + n, sizeof back - (size_t)n, "%08X ", (unsigned)w[i]);
        snprintf(back + n, sizeof back - (size_t)n, "%02X", flags);
        size_t len = strlen(line), blen = strlen(back);
        size_t eol = len >= 2 && strcmp(line + len - 2, "\r\n") == 0             ? 2
                     : len >= 1 && (line[len - 1] == '\n' || line[len - 1] == '\r') ? 1
                                                                                    : 0;
        if (len - eol != blen || strncasecmp(line, back, blen) != 0)
            fuzz_fail(T, "accepted line '%s' is not '%s'", line, back);
    }
    uint64_t v;
    if (f32_parse_u64(line, &v)) {
        for (const char *p = line; *p; p++)
            if (!strchr("0123456789abcdefABCDEFxXeE", *p))
                fuzz_fail(T, "f32_parse_u64 accepts '%s' (character 0x%02x) as %llu", line, (unsigned char)*p,
                          (unsigned long long)v);
    }
    return 0;
}
