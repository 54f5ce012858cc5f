/* Fuzz target "vectors": the vector-file reader (cmodel/vectors.c) on arbitrary bytes.
 * Checks: the first record is RAMSIZE; the model accepts every record the reader accepts (the
 * reader range-checks every field, docs/vectors.md 6); an error has a "file:line: reason" text;
 * every request satisfies the response invariants; and the accepted records written back with
 * fiu_vec_write (expect block: the file's, else the model's) read back without error and write
 * the same text again. */
#define _POSIX_C_SOURCE 200809L
#include <string.h>

#include "fiu_vectors.h"
#include "fuzz_common.h"

#define T "vectors"

/* Reads stream f to the end, applying and executing; writes every record to out (if not NULL).
 * Returns the reader's last result (0 end, -1 error) and copies the error text. */
static int replay(FILE *f, FILE *out, char err[FIU_VEC_ERR_LEN])
{
    fiu_vreader *r = fiu_vreader_from_file(f, "fuzz");
    fiu_vrec *rec = malloc(sizeof *rec);
    if (!r || !rec)
        fuzz_fail(T, "out of memory");
    fiu_state st;
    bool have = false;
    unsigned long records = 0, requests = 0;
    int k;
    while ((k = fiu_vreader_next(r, rec)) > 0) {
        records++;
        if ((records == 1) != (rec->kind == FIU_VREC_RAMSIZE))
            fuzz_fail(T, "record %lu (line %lu) has kind %d", records, rec->line, (int)rec->kind);
        if (rec->kind == FIU_VREC_REQUEST) {
            fiu_response rsp;
            fiu_execute(&st, &rec->u.req.rq, &rsp);
            fuzz_check_response(T, &st, &rec->u.req.rq, &rsp);
            if (out)
                fiu_vec_write(out, rec, rec->u.req.has_expect ? &rec->u.req.expect : &rsp, ++requests,
                              FIU_VEC_ANNOTATE);
            continue;
        }
        if (rec->kind == FIU_VREC_RAMSIZE) {
            if (rec->u.ramsize < 1 || rec->u.ramsize > FIU_VEC_MAX_RAMSIZE)
                fuzz_fail(T, "ramsize %lx accepted", (unsigned long)rec->u.ramsize);
            have = true;
        }
        if (!fiu_vec_apply(&st, rec))
            fuzz_fail(T, "line %lu: the model refuses a record the reader accepted", rec->line);
        if (out)
            fiu_vec_write(out, rec, NULL, 0, FIU_VEC_ANNOTATE);
    }
    const char *e = fiu_vreader_error(r);
    if ((k < 0) != (e[0] != '\0') || (k < 0 && strncmp(e, "fuzz:", 5) != 0))
        fuzz_fail(T, "reader returned %d with error text '%s'", k, e);
    snprintf(err, FIU_VEC_ERR_LEN, "%s", e);
    if (have)
        fiu_state_free(&st);
    free(rec);
    fiu_vreader_close(r);
    return k;
}

/* The text fiu_vec_write makes of the records of buf; *len its length. Caller frees. */
static char *rewrite(const void *buf, size_t size, size_t *len, int *k, char err[FIU_VEC_ERR_LEN])
{
    FILE *in = fmemopen((void *)buf, size, "r");
    char *text = NULL;
    FILE *out = open_memstream(&text, len);
    if (!in || !out)
        fuzz_fail(T, "fmemopen/open_memstream failed");
    *k = replay(in, out, err);
    fclose(in);
    if (fclose(out) != 0)
        fuzz_fail(T, "open_memstream write failed");
    return text;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0) /* fmemopen needs a buffer */
        return 0;
    char err[FIU_VEC_ERR_LEN];
    int k;
    size_t len1, len2;
    char *text1 = rewrite(data, size, &len1, &k, err);
    if (len1 == 0) { /* the first record was malformed */
        if (k >= 0)
            fuzz_fail(T, "the reader ended without a RAMSIZE record");
        free(text1);
        return 0;
    }
    char *text2 = rewrite(text1, len1, &len2, &k, err);
    if (k != 0)
        fuzz_fail(T, "the written records do not read back: %s\n--- written:\n%s", err, text1);
    if (len1 != len2 || memcmp(text1, text2, len1) != 0)
        fuzz_fail(T, "write, read, write is not a fixed point\n--- first:\n%s--- second:\n%s", text1, text2);
    free(text1);
    free(text2);
    return 0;
}
