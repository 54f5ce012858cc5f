/* fp32 to shortest round-trip decimal (see f32_decimal.h). */
#include "f32_decimal.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "../common/host_f32.h"

/* digits "d1d2..dn" (no sign, no point) and decimal exponent e: value = d1.d2..dn * 10^e */
static void format(const char *digits, int e, int negative, char *out)
{
    size_t n = strlen(digits);
    char *p = out;
    if (negative)
        *p++ = '-';
    if (e < -5 || e > 8) {
        *p++ = digits[0];
        if (n > 1) {
            *p++ = '.';
            memcpy(p, digits + 1, n - 1);
            p += n - 1;
        }
        sprintf(p, "e%d", e);
        return;
    }
    if (e < 0) {
        *p++ = '0';
        *p++ = '.';
        for (int i = 0; i < -e - 1; i++)
            *p++ = '0';
        memcpy(p, digits, n);
        p += n;
    } else {
        size_t whole = (size_t)e + 1;
        for (size_t i = 0; i < whole; i++)
            *p++ = i < n ? digits[i] : '0';
        *p++ = '.';
        if (n > whole) {
            memcpy(p, digits + whole, n - whole);
            p += n - whole;
        } else {
            *p++ = '0';
        }
    }
    *p = '\0';
}

void fiu_f32_decimal(uint32_t bits, char out[FIU_F32_DECIMAL_MAX])
{
    int negative = (int)(bits >> 31);
    uint32_t exp = bits >> 23 & 0xFF, frac = bits & 0x7FFFFF;
    if (exp == 0xFF) {
        if (frac == 0)
            snprintf(out, FIU_F32_DECIMAL_MAX, "%sinf", negative ? "-" : "");
        else if (bits == 0x7FFFFFFFu)
            snprintf(out, FIU_F32_DECIMAL_MAX, "nan");
        else
            snprintf(out, FIU_F32_DECIMAL_MAX, "nan(0x%08x)", (unsigned)bits);
        return;
    }
    if (exp == 0 && frac == 0) {
        snprintf(out, FIU_F32_DECIMAL_MAX, "%s0.0", negative ? "-" : "");
        return;
    }
    uint32_t magnitude = bits & 0x7FFFFFFFu;
    float f = u2f(magnitude);
    unsigned long long mant = 0;
    int e10 = 0;
    for (int prec = 1; prec <= 9; prec++) { /* 9 significant digits always round-trip */
        char sci[40], *end;
        snprintf(sci, sizeof sci, "%.*e", prec - 1, (double)f);
        unsigned long long nearest = 0;
        for (end = sci; *end != 'e'; end++)
            if (isdigit((unsigned char)*end))
                nearest = nearest * 10 + (unsigned long long)(*end - '0');
        int scale = atoi(end + 1) - (prec - 1);
        /* the nearest p-digit decimal, then its neighbours: near a power of two the
         * round-trip interval is lopsided and only a neighbour may fall inside it */
        const unsigned long long cand[3] = {nearest, nearest + 1, nearest - 1};
        for (int k = 0; k < 3 && !mant; k++) {
            char text[40];
            snprintf(text, sizeof text, "%llue%d", cand[k], scale);
            if (cand[k] && f2u(strtof(text, NULL)) == magnitude)
                mant = cand[k], e10 = scale;
        }
        if (mant)
            break;
    }
    char digits[24];
    int n = snprintf(digits, sizeof digits, "%llu", mant);
    e10 += n - 1;
    while (n > 1 && digits[n - 1] == '0')
        digits[--n] = '\0';
    format(digits, e10, negative, out);
}

int fiu_f32_parse_hex(const char *text, uint32_t *bits)
{
    while (isspace((unsigned char)*text))
        text++;
    if (text[0] == '0' && (text[1] == 'x' || text[1] == 'X'))
        text += 2;
    uint64_t v = 0;
    int n = 0;
    for (; isxdigit((unsigned char)*text); text++, n++) {
        int c = tolower((unsigned char)*text);
        v = v << 4 | (uint64_t)(isdigit(c) ? c - '0' : c - 'a' + 10);
        if (v > 0xFFFFFFFFull)
            return -1;
    }
    while (isspace((unsigned char)*text))
        text++;
    if (n == 0 || *text)
        return -1;
    *bits = (uint32_t)v;
    return 0;
}
