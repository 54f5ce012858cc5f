/* Small scanner shared by the GCN and NV assemblers (internal). */
#ifndef FIU_ASM_LEX_H
#define FIU_ASM_LEX_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

typedef struct {
    const char *p;
    char *err;
    size_t errn;
} fiu_lex;

static inline bool fiu_lex_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v'; }
static inline char fiu_lex_lower(char c) { return c >= 'A' && c <= 'Z' ? (char)(c - 'A' + 'a') : c; }
static inline bool fiu_lex_alnum(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

static inline void fiu_lex_skip(fiu_lex *l)
{
    while (fiu_lex_space(*l->p))
        l->p++;
}

/* At a comment start or the end of the text. */
static inline bool fiu_lex_at_end(fiu_lex *l, bool semicolon_comment)
{
    fiu_lex_skip(l);
    char c = *l->p;
    return c == '\0' || c == '#' || (c == '/' && l->p[1] == '/') || (semicolon_comment && c == ';');
}

static inline bool fiu_lex_fail(fiu_lex *l, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    if (l->err && l->errn)
        vsnprintf(l->err, l->errn, fmt, ap);
    va_end(ap);
    return false;
}

/* Case-insensitive match of a literal word/punctuation; consumes it. */
static inline bool fiu_lex_accept(fiu_lex *l, const char *s)
{
    fiu_lex_skip(l);
    size_t i = 0;
    for (; s[i]; i++)
        if (fiu_lex_lower(l->p[i]) != fiu_lex_lower(s[i]))
            return false;
    if (fiu_lex_alnum(s[i - 1]) && fiu_lex_alnum(l->p[i]))
        return false;
    l->p += i;
    return true;
}

/* Unsigned decimal or 0x hex number, at most max. Consumes it. */
static inline bool fiu_lex_number(fiu_lex *l, uint32_t max, uint32_t *v)
{
    fiu_lex_skip(l);
    const char *p = l->p;
    uint64_t x = 0;
    int digits = 0;
    if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) {
        p += 2;
        for (;; p++, digits++) {
            char c = fiu_lex_lower(*p);
            unsigned d = c >= '0' && c <= '9' ? (unsigned)(c - '0') : c >= 'a' && c <= 'f' ? (unsigned)(c - 'a' + 10) : 16;
            if (d == 16)
                break;
            x = x * 16 + d;
            if (x > max)
                return false;
        }
    } else {
        for (; *p >= '0' && *p <= '9'; p++, digits++) {
            x = x * 10 + (unsigned)(*p - '0');
            if (x > max)
                return false;
        }
    }
    if (digits == 0 || fiu_lex_alnum(*p))
        return false;
    *v = (uint32_t)x;
    l->p = p;
    return true;
}

/* Copies the next word (identifier characters and '.') for messages. */
static inline const char *fiu_lex_peek(const fiu_lex *l, char *buf, size_t n)
{
    const char *p = l->p;
    while (fiu_lex_space(*p))
        p++;
    size_t i = 0;
    while (i + 1 < n && p[i] && !fiu_lex_space(p[i]) && p[i] != ',' && p[i] != ';')
        buf[i] = p[i], i++;
    buf[i] = '\0';
    return i ? buf : "end of line";
}

#endif
