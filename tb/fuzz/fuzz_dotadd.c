/* Fuzz target "dotadd": the fp32 core on operands from the fuzz bytes, every mode.
 * fiu_f32_dotadd must equal the 576-bit reference fiu_f32_dotadd_ref bit for bit (spec 2.11),
 * and the result must not change when a<->b, c<->d or the two products are swapped (2.2). */
#include "fiu_f32.h"
#include "fuzz_common.h"

#define T "dotadd"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_in in = {data, size};
    uint32_t a = fuzz_f32(&in), b = fuzz_f32(&in), c = fuzz_f32(&in), d = fuzz_f32(&in), e = fuzz_f32(&in);
    for (unsigned mode = 0; mode < 4; mode++) {
        uint32_t ref = fiu_f32_dotadd_ref(a, b, c, d, e, mode);
        uint32_t got = fiu_f32_dotadd(a, b, c, d, e, mode);
        if (got != ref)
            fuzz_fail(T, "dotadd(%08x, %08x, %08x, %08x, %08x, mode %u) = %08x, reference %08x", a, b, c, d, e,
                      mode, got, ref);
        uint32_t perm[3] = {fiu_f32_dotadd(b, a, c, d, e, mode), fiu_f32_dotadd(a, b, d, c, e, mode),
                            fiu_f32_dotadd(c, d, a, b, e, mode)};
        for (unsigned i = 0; i < 3; i++)
            if (perm[i] != ref)
                fuzz_fail(T, "dotadd(%08x, %08x, %08x, %08x, %08x, mode %u): permutation %u gives %08x, not %08x",
                          a, b, c, d, e, mode, i, perm[i], ref);
    }
    return 0;
}
