/* fiu_f32_host_fp() of the library this program is linked with must be EXPECT (0 or 1): the
 * portable model (fiu_portable, -DFIU_NO_HOST_FP) reports 0, the x86-64 build 1.
 * usage: host_fp_check 0|1; exit 0 as expected, 1 not, 2 usage. */
#include <stdio.h>
#include <string.h>

#include "fiu_f32.h"
#include "fiu_version.h"

int main(int argc, char **argv)
{
    if (argc != 2 || (strcmp(argv[1], "0") != 0 && strcmp(argv[1], "1") != 0)) {
        fprintf(stderr, "usage: host_fp_check 0|1\n");
        return 2;
    }
    int want = argv[1][0] == '1', got = fiu_f32_host_fp();
    printf("host_fp_check: fiu %s, host FP fast paths %s (expected %s) %s\n", fiu_version(),
           got ? "built in" : "compiled out", want ? "built in" : "compiled out", got == want ? "PASS" : "FAIL");
    return got == want ? 0 : 1;
}
