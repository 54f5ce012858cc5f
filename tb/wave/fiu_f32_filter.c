/* GTKWave translate filter process: one hex value per input line, its fp32 decimal per
 * output line (docs/debugging.md). Lines that are not plain hex (x, z, ...) are echoed. */
#include <stdio.h>
#include <string.h>

#include "f32_decimal.h"

static void usage(void)
{
    printf("usage: fiu-f32-filter [HEX...]\n"
           "  Prints each 32-bit hex value as the shortest fp32 decimal that reads back exactly\n"
           "  (3f800000 -> 1.0, 7fffffff -> nan, ff800000 -> -inf).\n"
           "  Without arguments it is a GTKWave translate filter process: one value per line on\n"
           "  stdin, one line out per line in, flushed at once; values that are not plain hex\n"
           "  (x, z, ...) are echoed unchanged. Wired into tb/wave/fiu.gtkw.\n"
           "  Exit status: 0, or 2 for an argument that is not hex.\n");
}

int main(int argc, char **argv)
{
    char out[FIU_F32_DECIMAL_MAX];
    uint32_t bits;
    if (argc > 1) {
        int rc = 0;
        for (int i = 1; i < argc; i++) {
            if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
                usage();
                return 0;
            }
            if (fiu_f32_parse_hex(argv[i], &bits)) {
                fprintf(stderr, "fiu-f32-filter: '%s' is not a 32-bit hex value\n", argv[i]);
                rc = 2;
                continue;
            }
            fiu_f32_decimal(bits, out);
            printf("%s\n", out);
        }
        return rc;
    }
    char line[4096];
    while (fgets(line, sizeof line, stdin)) {
        line[strcspn(line, "\r\n")] = '\0';
        if (fiu_f32_parse_hex(line, &bits) == 0) {
            fiu_f32_decimal(bits, out);
            fputs(out, stdout);
        } else {
            fputs(line, stdout);
        }
        fputc('\n', stdout);
        fflush(stdout);
    }
    return 0;
}
