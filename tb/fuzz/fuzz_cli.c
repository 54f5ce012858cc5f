/* Fuzz target "cli": fiu-model's argument parsing and command dispatch (fiu_model_main,
 * cmodel/fiu_model.c) with an argv made from the fuzz bytes. The input is split at '\n' into
 * at most 12 arguments; argv[0] is "fiu-model". Checks: no crash, exit status 0, 1 or 2 (docs/vectors.md
 * 9), a number gen accepts is decimal or 0x hex, and a file written by a successful
 * "run -o F" or "gen -o F" passes "check F".
 *
 * Sandbox: the target works in a scratch directory made at start (removed at exit) holding a few
 * vector files; arguments cannot contain '/', so every path stays inside it; stdin and stdout are
 * /dev/null; gen needs --count, and numbers after --count and --ramsize are capped (the input is
 * skipped otherwise) to keep runs short. Files the CLI writes are removed and the vector files restored after every run.
 * libFuzzer gives the callbacks no context, so the scratch path lives in a static. */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fiu_model.h"
#include "fuzz_common.h"

#define T "cli"

enum { MAX_ARGS = 12, MAX_ARG_LEN = 64, MAX_COUNT = 64, MAX_RAMSIZE = 0x10000 };

static const struct {
    const char *name, *text;
} FILES[] = {
    {"ok.vec", "ramsize 100\nram 0 3f800000 40000000 40400000\nmap 20 1 0 L\n"
               "req op=IPA ipa_mode=PASS imm=80 lanes=2\nlane 0 px=2 py=3\nlane 1 guard=0\n"
               "expect status=OK wmask=1 kill=0 pred=0\nres 0 41480000 0\nend\n"},
    {"bad.vec", "ramsize 100\nreq op=IPA lanes=1\nlane 0\nexpect status=OK wmask=1 kill=0 pred=0\n"
                "res 0 12345678\nend\n"},
    {"stim.vec", "mode flush=0 fused=1\nreq op=ATEST lanes=1\nlane 0 rb=3f000000\nend\n"},
    {"junk.vec", "ramsize 0\n"},
};
enum { NFILES = sizeof FILES / sizeof FILES[0] };

static char scratch[64]; /* the one static: the sandbox directory */

static void write_file(const char *name, const char *text)
{
    FILE *f = fopen(name, "w");
    if (!f || fputs(text, f) < 0 || fclose(f) != 0)
        fuzz_fail(T, "cannot write %s/%s: %s", scratch, name, strerror(errno));
}

/* Removes every file but the vector files, then rewrites those. */
static void reset_scratch(void)
{
    DIR *d = opendir(".");
    if (!d)
        fuzz_fail(T, "cannot list %s: %s", scratch, strerror(errno));
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
            continue;
        bool keep = false;
        for (unsigned i = 0; i < NFILES; i++)
            keep |= strcmp(e->d_name, FILES[i].name) == 0;
        if (!keep && remove(e->d_name) != 0)
            fuzz_fail(T, "cannot remove %s/%s: %s", scratch, e->d_name, strerror(errno));
    }
    closedir(d);
    for (unsigned i = 0; i < NFILES; i++)
        write_file(FILES[i].name, FILES[i].text);
}

static void remove_scratch(void)
{
    if (chdir("/") == 0 && scratch[0]) {
        for (unsigned i = 0; i < NFILES; i++) {
            char p[128];
            snprintf(p, sizeof p, "%s/%s", scratch, FILES[i].name);
            remove(p);
        }
        rmdir(scratch);
    }
}

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    const char *tmp = getenv("TMPDIR");
    snprintf(scratch, sizeof scratch, "%s/fiu-fuzz-cli-XXXXXX", tmp && strlen(tmp) < 32 ? tmp : "/tmp");
    if (!mkdtemp(scratch) || chdir(scratch) != 0)
        fuzz_fail(T, "cannot make a scratch directory %s: %s", scratch, strerror(errno));
    atexit(remove_scratch);
    if (!freopen("/dev/null", "r", stdin) || !freopen("/dev/null", "w", stdout))
        fuzz_fail(T, "cannot redirect stdin/stdout to /dev/null");
    reset_scratch();
    return 0;
}

static bool capped(const char *opt, const char *val)
{
    unsigned long long max = strcmp(opt, "--count") == 0 ? MAX_COUNT : strcmp(opt, "--ramsize") == 0 ? MAX_RAMSIZE : 0;
    if (!max)
        return true;
    errno = 0;
    char *end;
    unsigned long long v = strtoull(val, &end, 0);
    return errno != 0 || *end != '\0' || v <= max; /* an unparsable value is the CLI's business */
}

/* Decimal digits, or 0x/0X and hex digits. */
static bool number_form(const char *s)
{
    const char *digits = "0123456789";
    if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
        s += 2;
        digits = "0123456789abcdefABCDEF";
    }
    return *s && strspn(s, digits) == strlen(s);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char buf[MAX_ARGS * (MAX_ARG_LEN + 1)];
    char *argv[MAX_ARGS + 2] = {"fiu-model"};
    int argc = 1;
    size_t used = 0, start = 0;
    for (size_t i = 0; i <= size; i++) {
        if (i < size && data[i] != '\n')
            continue;
        size_t len = i - start;
        if (argc > MAX_ARGS || len > MAX_ARG_LEN || memchr(data + start, '/', len) || memchr(data + start, 0, len))
            return 0;
        memcpy(buf + used, data + start, len);
        buf[used + len] = '\0';
        argv[argc++] = buf + used;
        used += len + 1;
        start = i + 1;
    }
    bool has_count = false;
    for (int i = 1; i + 1 < argc; i++) {
        if (!capped(argv[i], argv[i + 1]))
            return 0;
        has_count |= strcmp(argv[i], "--count") == 0;
    }
    if (argc > 1 && strcmp(argv[1], "gen") == 0 && !has_count)
        return 0; /* the default of 1000 requests is too slow to fuzz */
    argv[argc] = NULL;
    /* The output file as the CLI sees it: options that take a value skip it; the last -o wins. */
    static const char *const valued[] = {"-o", "--seed", "--count", "--lanes", "--ramsize", "--ops", "--mix"};
    bool gen = argc > 1 && strcmp(argv[1], "gen") == 0, run = argc > 1 && strcmp(argv[1], "run") == 0;
    const char *out = NULL;
    for (int i = 2; i + 1 < argc; i++)
        for (unsigned k = 0; k < (gen ? 7u : 1u); k++)
            if (strcmp(argv[i], valued[k]) == 0) {
                if (k == 0)
                    out = argv[i + 1];
                i++;
                break;
            }
    for (unsigned i = 0; out && i < NFILES; i++)
        if (strcmp(out, FILES[i].name) == 0)
            out = NULL; /* a vector file is there already: cannot tell whether the CLI wrote it */
    bool help = false; /* --help wins over every other argument: nothing else is parsed then */
    for (int i = 1; i < argc; i++)
        help |= strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0;
    int rc = fiu_model_main(argc, argv);
    if (rc < 0 || rc > 2)
        fuzz_fail(T, "exit status %d", rc);
    fflush(stdout);
    fflush(stderr);
    if (rc == 0 && gen && !help) /* docs: numbers are decimal or 0x hex */
        for (int i = 2; i + 1 < argc; i++)
            for (unsigned k = 0; k < 7; k++)
                if (strcmp(argv[i], valued[k]) == 0) {
                    if (k >= 1 && k <= 4 && !number_form(argv[i + 1]))
                        fuzz_fail(T, "gen accepts %s '%s'", argv[i], argv[i + 1]);
                    i++;
                    break;
                }
    struct stat sb;
    if (rc == 0 && out && (gen || run) && stat(out, &sb) == 0 && S_ISREG(sb.st_mode)) {
        char path[512]; /* "./": an output named like an option ("-o --mixec") is still a file */
        snprintf(path, sizeof path, "./%s", out);
        char *check[] = {"fiu-model", "check", path, NULL};
        int crc = fiu_model_main(3, check);
        if (crc != 0)
            fuzz_fail(T, "'fiu-model %s ... -o %s' exits 0 but 'check %s' exits %d", argv[1], out, out, crc);
    }
    reset_scratch();
    return 0;
}
