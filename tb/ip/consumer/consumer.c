/* An outside user of the installed fiu library (docs/ip.md): replays a vector file through the
 * C model (state records applied, requests executed) and checks every expect block.
 * Built against an install prefix by tb/ip/consumer.sh, with CMake and with pkg-config.
 * Exit 0 all match, 1 a mismatch, 2 usage or unreadable/malformed file. */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "fiu.h"
#include "fiu_regs.h"
#include "fiu_vectors.h"
#include "fiu_version.h"

int main(int argc, char **argv)
{
    if (argc != 2 || !strcmp(argv[1], "--help")) {
        printf("usage: fiu_consumer FILE.vec\n"
               "  replays FILE through the installed fiu C model and checks every expect block;\n"
               "  exit 0 all match, 1 mismatch, 2 usage or malformed file\n");
        return argc == 2 ? 0 : 2;
    }
    /* The register map header is installed with the library (spec 8.2 layouts). */
    if (FIU_REGS__ID__VALUE_reset != 0x46495554u || offsetof(fiu_regs_t, RAM) != 0x10000) {
        fprintf(stderr, "fiu_consumer: fiu_regs.h: unexpected ID value or RAM offset\n");
        return 1;
    }
    /* The installed header and library are one release. */
    if (strcmp(fiu_version(), FIU_VERSION_STRING) != 0) {
        fprintf(stderr, "fiu_consumer: fiu_version.h is %s, the library %s\n", FIU_VERSION_STRING, fiu_version());
        return 1;
    }
    fiu_vreader *r = fiu_vreader_open(argv[1]);
    if (!r) {
        perror(argv[1]);
        return 2;
    }
    fiu_state st;
    bool have = false;
    unsigned long requests = 0, checked = 0, bad = 0;
    fiu_vrec rec;
    int got;
    while ((got = fiu_vreader_next(r, &rec)) == 1) {
        if (rec.kind == FIU_VREC_REQUEST) {
            fiu_response rsp;
            requests++;
            fiu_execute(&st, &rec.u.req.rq, &rsp);
            if (!rec.u.req.has_expect)
                continue;
            checked++;
            if (fiu_vec_compare(&rec.u.req.expect, &rsp) != 0) {
                bad++;
                fprintf(stderr, "%s:%lu: response mismatch\n", argv[1], rec.line);
                fiu_vec_report_mismatch(stderr, &rec.u.req.rq, &rec.u.req.expect, &rsp, 8);
            }
            continue;
        }
        if (rec.kind == FIU_VREC_RAMSIZE && have)
            fiu_state_free(&st);
        if (!fiu_vec_apply(&st, &rec)) {
            fprintf(stderr, "%s:%lu: the model refuses this record\n", argv[1], rec.line);
            bad++;
        }
        if (rec.kind == FIU_VREC_RAMSIZE)
            have = true;
    }
    int rc = bad ? 1 : 0;
    if (got < 0) {
        fprintf(stderr, "%s\n", fiu_vreader_error(r));
        rc = 2;
    }
    fiu_vreader_close(r);
    if (have)
        fiu_state_free(&st);
    printf("fiu_consumer: fiu %s: %s: requests=%lu checked=%lu mismatches=%lu %s\n", fiu_version(), argv[1],
           requests, checked, bad, rc == 0 ? "PASS" : "FAIL");
    return rc;
}
