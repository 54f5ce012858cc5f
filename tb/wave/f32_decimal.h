/* fp32 bit patterns as short decimals, for the GTKWave translate filter (docs/debugging.md).
 * Not fiu_vec_f32_text (the vector annotations): that one keeps integers exact ("33619968")
 * and tries only the nearest p-digit string, which near a power of two is not always the
 * shortest (0f800000: "1.26217745e-29" where "1.2621775e-29" reads back too). */
#ifndef FIU_F32_DECIMAL_H
#define FIU_F32_DECIMAL_H

#include <stddef.h>
#include <stdint.h>

enum { FIU_F32_DECIMAL_MAX = 32 };

/* The shortest decimal that reads back (round to nearest) as the same fp32, with at least
 * one fractional digit in positional form: "1.0", "-0.0", "0.1", "3.4028235e38", "1e-45".
 * Positional for decimal exponents -5..8, scientific otherwise. "inf", "-inf", "nan" for
 * the canonical NaN 0x7FFFFFFF, "nan(0x...)" for any other NaN. */
void fiu_f32_decimal(uint32_t bits, char out[FIU_F32_DECIMAL_MAX]);

/* One filter line: hex digits (optional 0x, any case, surrounding blanks) of up to 32 bits.
 * Returns 0 and the bits, or -1 if the text is not a fully known hex value (x, z, ...). */
int fiu_f32_parse_hex(const char *text, uint32_t *bits);

#endif
