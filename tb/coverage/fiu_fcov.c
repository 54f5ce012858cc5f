/* fiu-fcov: merge functional-coverage files (fiu_cov_save) and report the bins (docs/verification.md). */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fiu_cov.h"

enum { EXIT_SHORT = 1, EXIT_INPUT = 2 };

static const char HELP[] =
    "usage: fiu-fcov [--missing] [--excluded] [--all] [--require PCT] [-o MERGED] PATH...\n"
    "\n"
    "Adds the counts of every coverage file given (a directory: every *.fcov in it), prints one\n"
    "row per cross (bins, excluded, hit) and ends with\n"
    "  functional coverage: H/T bins (P%)\n"
    "where T counts the bins not excluded by name with a reason.\n"
    "\n"
    "  --missing      list the bins not hit\n"
    "  --excluded     list the excluded bins with their reasons\n"
    "  --all          list every bin with its count\n"
    "  --require PCT  exit 1 unless at least PCT percent (0..100) of the bins are hit\n"
    "  -o MERGED      also write the merged counts to MERGED\n"
    "\n"
    "Collect files by running instrumented programs (fiu-model check, tb_cosim_l*, the model\n"
    "tests) with FIU_FCOV_DIR=DIR. An excluded bin that is hit is an error (the exclusion is\n"
    "wrong). Exit status: 0 ok, 1 below --require or an excluded bin hit, 2 bad input or usage.\n";

static int usage(const char *msg, const char *arg)
{
    fprintf(stderr, "fiu-fcov: ");
    fprintf(stderr, msg, arg);
    fprintf(stderr, " (try --help)\n");
    return EXIT_INPUT;
}

static bool load_path(fiu_cov *cov, const char *path, unsigned *files)
{
    char err[4200];
    struct stat sb;
    if (stat(path, &sb) != 0) {
        fprintf(stderr, "fiu-fcov: %s: %s\n", path, strerror(errno));
        return false;
    }
    if (!S_ISDIR(sb.st_mode)) {
        if (!fiu_cov_load(cov, path, err, sizeof err)) {
            fprintf(stderr, "fiu-fcov: %s\n", err);
            return false;
        }
        (*files)++;
        return true;
    }
    DIR *d = opendir(path);
    if (!d) {
        fprintf(stderr, "fiu-fcov: %s: %s\n", path, strerror(errno));
        return false;
    }
    bool ok = true;
    struct dirent *e;
    while (ok && (e = readdir(d)) != NULL) {
        size_t n = strlen(e->d_name);
        if (n < 6 || strcmp(e->d_name + n - 5, ".fcov") != 0)
            continue;
        char p[4096];
        snprintf(p, sizeof p, "%s/%s", path, e->d_name);
        if (!fiu_cov_load(cov, p, err, sizeof err)) {
            fprintf(stderr, "fiu-fcov: %s\n", err);
            ok = false;
        } else {
            (*files)++;
        }
    }
    closedir(d);
    return ok;
}

int main(int argc, char **argv)
{
    unsigned list = 0, files = 0, npaths = 0;
    double require = -1;
    const char *merged = NULL;
    fiu_cov *cov = fiu_cov_new();
    if (!cov) {
        fprintf(stderr, "fiu-fcov: out of memory\n");
        return EXIT_INPUT;
    }
    int rc = 0;
    for (int i = 1; i < argc && rc == 0; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            fputs(HELP, stdout);
            fiu_cov_free(cov);
            return 0;
        } else if (!strcmp(a, "--missing")) {
            list |= FIU_COV_LIST_MISSING;
        } else if (!strcmp(a, "--excluded")) {
            list |= FIU_COV_LIST_EXCLUDED;
        } else if (!strcmp(a, "--all")) {
            list |= FIU_COV_LIST_ALL;
        } else if (!strcmp(a, "--require") || !strcmp(a, "-o")) {
            if (i + 1 >= argc) {
                rc = usage("%s needs a value", a);
                break;
            }
            const char *v = argv[++i];
            if (a[1] == 'o') {
                merged = v;
                continue;
            }
            char *end = NULL;
            errno = 0;
            require = v[0] >= '0' && v[0] <= '9' ? strtod(v, &end) : -1;
            if (!end || *end || errno || require < 0 || require > 100)
                rc = usage("--require: '%s' is not a percentage 0..100", v);
        } else if (a[0] == '-' && a[1]) {
            rc = usage("unknown option '%s'", a);
        } else {
            npaths++;
            if (!load_path(cov, a, &files))
                rc = EXIT_INPUT;
        }
    }
    if (rc == 0 && npaths == 0)
        rc = usage("no coverage file or directory given%s", "");
    if (rc == 0 && files == 0) {
        fprintf(stderr, "fiu-fcov: no .fcov files found\n");
        rc = EXIT_INPUT;
    }
    if (rc != 0) {
        fiu_cov_free(cov);
        return rc;
    }
    if (merged && !fiu_cov_save(cov, merged)) {
        fprintf(stderr, "fiu-fcov: cannot write %s\n", merged);
        fiu_cov_free(cov);
        return EXIT_INPUT;
    }
    fiu_cov_totals t = fiu_cov_report(cov, stdout, list);
    fiu_cov_free(cov);
    unsigned target = t.bins - t.excluded;
    double pct = target ? 100.0 * t.hit / target : 100.0;
    printf("fiu-fcov: %u files, %u bins, %u excluded by name, %u hit\n", files, t.bins, t.excluded, t.hit);
    if (t.excluded_hit)
        printf("fiu-fcov: %u excluded bins were hit (wrong exclusions, listed above)\n", t.excluded_hit);
    /* Floor to one decimal, so that 99.96% is not shown as 100.0%. */
    printf("functional coverage: %u/%u bins (%.1f%%)\n", t.hit, target, (double)(long)(pct * 10) / 10);
    if (t.excluded_hit || (require >= 0 && pct < require))
        return EXIT_SHORT;
    return 0;
}
