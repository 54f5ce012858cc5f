/* port_digest: the core's results on a fixed stream of inputs, one FNV-1a hash per function,
 * so that two builds of the model (the default x86-64 build and the strict ISO C or 32-bit one,
 * tests model.c11.* and model.m32.*) can be compared bit for bit (same_as_default.sh).
 * Operands: random bits; specials and subnormals; values of plane data; products far apart
 * (every exponent, so the dot-add's 64-bit, 128-bit window and below-window paths all run);
 * near-cancellation (c*d close to -a*b) with small addends.
 * usage: port_digest [--count N] [--seed S]     (defaults 400000, 1)
 * Output: one line per function, "<name> <cases> <hash as 16 hex digits>". */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fiu.h"
#include "../../common/splitmix64.h"

typedef struct {
    const char *name;
    uint64_t n, h;
} digest;

static void put(digest *d, uint64_t v)
{
    for (int i = 0; i < 8; i++) {
        d->h ^= (v >> (8 * i)) & 0xFFu;
        d->h *= 0x100000001B3ull;
    }
    d->n++;
}

static const uint32_t SPECIAL[] = {
    0x00000000u, 0x80000000u, 0x00000001u, 0x80000001u, 0x007FFFFFu, 0x807FFFFFu, 0x00800000u,
    0x80800000u, 0x3F800000u, 0xBF800000u, 0x7F7FFFFFu, 0xFF7FFFFFu, 0x7F800000u, 0xFF800000u,
    0x7FC00000u, 0xFFFFFFFFu, 0x7F800001u, 0x33800000u, 0x4B800000u, 0x3F7FFFFFu, 0x5F800000u,
    0x1F800000u, 0x00400000u, 0x0CFFFFFFu};
enum { NSPECIAL = sizeof SPECIAL / sizeof SPECIAL[0] };

static uint32_t operand(uint64_t *s, unsigned kind)
{
    uint64_t r = splitmix64(s);
    switch (kind) {
    case 0: /* random bits */
        return (uint32_t)r;
    case 1: /* a special or subnormal */
        return (r >> 40) & 1 ? SPECIAL[(r >> 8) % NSPECIAL] : (uint32_t)r & 0x807FFFFFu;
    case 2: /* plane data: |x| in [2^-8, 2^12) */
        return ((uint32_t)r & 0x807FFFFFu) | ((uint32_t)(119 + (r >> 32) % 20) << 23);
    default: /* any exponent, full significand */
        return (uint32_t)r;
    }
}

int main(int argc, char **argv)
{
    uint64_t count = 400000, seed = 1;
    for (int i = 1; i < argc; i++) {
        if (i + 1 < argc && strcmp(argv[i], "--count") == 0)
            count = strtoull(argv[++i], NULL, 0);
        else if (i + 1 < argc && strcmp(argv[i], "--seed") == 0)
            seed = strtoull(argv[++i], NULL, 0);
        else {
            fprintf(stderr, "usage: port_digest [--count N] [--seed S]\n");
            return 2;
        }
    }
    digest dot = {"dotadd", 0, 0xCBF29CE484222325ull}, batch = {"dotadd_batch", 0, 0xCBF29CE484222325ull};
    digest ref = {"dotadd_ref_events", 0, 0xCBF29CE484222325ull}, misc = {"pmul_sat_flush", 0, 0xCBF29CE484222325ull};
    digest unp = {"unpack_alpha_coord", 0, 0xCBF29CE484222325ull};
    enum { B = 64 };
    uint32_t a[B], b[B], c[B], d[B], e[B], r[B];
    uint64_t s = seed;
    for (uint64_t done = 0; done < count; done += B) {
        unsigned kind = (unsigned)(done / B) % 5;
        for (int k = 0; k < B; k++) {
            a[k] = operand(&s, kind % 4), b[k] = operand(&s, kind % 4);
            c[k] = operand(&s, kind % 4), d[k] = operand(&s, kind % 4), e[k] = operand(&s, kind % 4);
            if (kind == 4) { /* near-cancellation: c*d close to -(a*b), a small addend */
                uint64_t x = splitmix64(&s);
                c[k] = a[k] + (uint32_t)(x & 3u), d[k] = (b[k] ^ 0x80000000u) - (uint32_t)((x >> 2) & 3u);
                e[k] = (e[k] & 0x807FFFFFu) | ((uint32_t)((x >> 8) % 254 + 1) << 23);
            }
        }
        for (unsigned mode = 0; mode < 4; mode++) {
            for (int k = 0; k < B; k++)
                put(&dot, fiu_f32_dotadd(a[k], b[k], c[k], d[k], e[k], mode));
            fiu_f32_dotadd_batch(B, a, b, c, d, e, mode, r);
            for (int k = 0; k < B; k++)
                put(&batch, r[k]);
        }
        if ((done / B) % 8 == 0)
            for (int k = 0; k < B; k++) {
                unsigned ev = 0;
                uint32_t x = fiu_f32_dotadd_ref_events(a[k], b[k], c[k], d[k], e[k], (unsigned)k & 3u, &ev);
                put(&ref, ((uint64_t)ev << 32) | x);
            }
        for (int k = 0; k < B; k++) {
            put(&misc, fiu_f32_post_multiply(a[k], b[k], (k & 1) != 0, (k & 2) != 0));
            put(&misc, fiu_f32_saturate(c[k]));
            put(&misc, fiu_f32_flush(d[k]));
            put(&misc, fiu_f32_fma(a[k], b[k], e[k], (unsigned)k & 3u));
            put(&misc, fiu_f32_mul(c[k], d[k], (unsigned)k & 3u));
            put(&unp, fiu_unpack(a[k], b[k] & 3u, (c[k] >> 8) % FIU_UNPACK_COUNT_, (d[k] & 1u) != 0));
            put(&unp, fiu_alpha_pass(b[k] & 7u, (b[k] >> 3) & 3u, a[k], c[k]));
            put(&unp, fiu_alpha_unorm(a[k], 8 + 2 * (unsigned)(k % 5)));
            put(&unp, fiu_coord_to_f32((uint16_t)a[k], (uint8_t)(b[k] & 15u)));
            put(&unp, fiu_gcn_primid(c[k], d[k] & 15u) | (uint64_t)fiu_gcn_numprim(e[k]) << 8);
        }
    }
    const digest *all[] = {&dot, &batch, &ref, &misc, &unp};
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
        printf("%s %" PRIu64 " %016" PRIx64 "\n", all[i]->name, all[i]->n, all[i]->h);
    fprintf(stderr, "port_digest: host FP fast paths %s\n", fiu_f32_host_fp() ? "built in" : "compiled out");
    return 0;
}
