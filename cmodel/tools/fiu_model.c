/* fiu-model: run, check and generate fiu vector files (docs/vectors.md).
 * Exit status: 0 success, 1 mismatch (check) or missing status codes (gen), 2 bad input/usage. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fiu_model.h"
#include "fiu_asm.h"
#include "fiu_cov.h"
#include "fiu_f32.h"
#include "fiu_vectors.h"
#include "fiu_version.h"

enum { EXIT_MISMATCH = 1, EXIT_INPUT = 2 };

static const char USAGE[] =
    "usage: fiu-model <command> [options]\n"
    "\n"
    "The fiu C golden model on vector files (format: docs/vectors.md).\n"
    "\n"
    "commands:\n"
    "  run FILE      execute the stimulus, print it with the model's expected responses\n"
    "  check FILE    execute the stimulus and compare with the file's expected responses\n"
    "  gen           write a constrained-random stimulus with expected responses\n"
    "  disasm HEX... VINTRP words to LLVM AMDGPU syntax (GFX6/7 and GFX8/9 encodings)\n"
    "  asm           assemble VINTRP (--gfx 6|7|8|9) or check and print NV IPA (--nv) text\n"
    "  help [CMD]    this text, or the help of one command (also: CMD --help)\n"
    "  --version     the version, and whether the host floating-point fast paths are built in\n"
    "\n"
    "FILE '-' reads stdin. Exit status: 0 ok, 1 mismatch (check) or a status code never\n"
    "produced (gen --require-all-status), 2 bad input (\"file:line: reason\") or usage.\n";

static const char RUN_HELP[] =
    "usage: fiu-model run [-o OUT] [--no-annot] FILE\n"
    "\n"
    "Applies the state records of FILE in order and executes each request with fiu_execute.\n"
    "Writes the stimulus in canonical form with an expect block per request (expect blocks\n"
    "already in FILE are replaced), so that the output is a file `check` accepts.\n"
    "\n"
    "  -o OUT       write to OUT instead of stdout\n"
    "  --no-annot   no \"(float)\" annotations after float-valued words\n"
    "\n"
    "Summary line on stderr: \"fiu-model run: N requests, M lanes, status counts ...\".\n";

static const char CHECK_HELP[] =
    "usage: fiu-model check [--keep-going] FILE\n"
    "\n"
    "Executes every request of FILE and compares status, wmask, kill, pred and the result of\n"
    "every lane (unwritten lanes included: the model returns 0 there) with the expect block.\n"
    "Every request needs an expect block. On the first mismatch prints the request number and\n"
    "line, the decoded request and state, and each differing field and lane (hex and float),\n"
    "then stops. Ends with \"fiu-model check: N requests, M lanes checked, K mismatches\".\n"
    "\n"
    "  --keep-going   report every mismatching request (K counts requests)\n";

static const char GEN_HELP[] =
    "usage: fiu-model gen [--seed N] [--count K] [--lanes L] [--ops LIST] [--ramsize W]\n"
    "                     [--mix corner|throughput] [-o OUT] [--no-annot] [--require-all-status]\n"
    "\n"
    "Writes a constrained-random stream (state writes and requests) with the model's expected\n"
    "responses. The same options give a byte-identical file.\n"
    "\n"
    "  --seed N      PRNG seed (decimal or 0x hex), default 1; printed in the header and summary\n"
    "  --count K     number of requests, default 1000\n"
    "  --lanes L     lanes per request 1..64; default random from 1, 4, 8, 16, 32, 64\n"
    "  --ops LIST    comma list of ipa, al2p, vintrp, atest, unpack, badop (op codes 5..7),\n"
    "                or all (default)\n"
    "  --ramsize W   parameter RAM words 1..0x1000000; default random from 0x800, 0x1000, 0x2000\n"
    "  --mix M       corner (default): corner cases, every status code;\n"
    "                throughput: a renderer's stream (lanes share a primitive, 1 configuration\n"
    "                port write per 16 requests, about 1 % illegal; needs --ramsize >= 0x200)\n"
    "  -o OUT        write to OUT instead of stdout\n"
    "  --no-annot    no \"(float)\" annotations\n"
    "  --require-all-status\n"
    "                exit 1 if some status code 0..16 never occurs in the stream\n"
    "\n"
    "Summary line on stderr: \"fiu-model gen: seed N, K requests, M lanes, status counts ...\".\n";

static const char DISASM_HELP[] =
    "usage: fiu-model disasm HEX...\n"
    "\n"
    "Prints each 32-bit VINTRP word (decimal or 0x hex; '-' reads whitespace-separated words\n"
    "from stdin) in LLVM's AMDGPU syntax, one line per word, e.g.\n"
    "  0xc8080500 -> v_interp_p1_f32 v2, v0, attr1.y\n"
    "Both encodings are recognised: bits 31:26 0b110010 (GFX6/7, top byte 0xC8) and 0b110101\n"
    "(GFX8/9, 0xD4). A word the unit rejects (another encoding, opcode 3, VDST == VSRC for\n"
    "p1/p2, mov parameter > 2, attr > 32; docs/spec.md 4.7) is an error naming the argument.\n"
    "Summary line on stderr: \"fiu-model disasm: N words, E errors\". Exit 2 if E > 0.\n";

static const char ASM_HELP[] =
    "usage: fiu-model asm --gfx 6|7|8|9 [FILE]\n"
    "       fiu-model asm --nv [FILE]\n"
    "\n"
    "--gfx: reads VINTRP lines in LLVM's AMDGPU syntax (v_interp_p1_f32 v1, v0, attr0.x;\n"
    "v_interp_p2_f32_e32 v2, v1, attr5.w; v_interp_mov_f32 v0, p10, attr0.x; registers vN,\n"
    "v[N], v[N:N]) and prints one 0x%08x word per instruction in the GFX6/7 (6, 7) or\n"
    "GFX8/9 (8, 9) encoding. The VOP3 (_e64) forms are rejected (not modelled).\n"
    "--nv: reads seed 000's NVIDIA syntax (IPA{.IDX}{.mode}{.msi}{.SAT}, AL2P, MUFU.RCP, FCMP,\n"
    "MOV) and prints each instruction in canonical form (docs/render.md).\n"
    "';' (GCN), '#' and '//' start comments. FILE '-' or no FILE reads stdin. Errors are\n"
    "\"file:line: reason\", every bad line is reported, exit 2.\n"
    "Summary line on stderr: \"fiu-model asm: L lines, N instructions, E errors\".\n";

typedef struct {
    unsigned long requests, lanes;
    unsigned long status[256];
} stats_t;

static void count_response(stats_t *s, const fiu_response *rsp)
{
    s->requests++;
    s->lanes += rsp->lanes;
    s->status[rsp->status]++;
}

static void print_status_counts(FILE *out, const stats_t *s)
{
    fputs("status counts", out);
    for (unsigned i = 0; i < 256; i++)
        if (s->status[i]) {
            const char *n = fiu_vec_status_name(i);
            if (n)
                fprintf(out, " %s=%lu", n, s->status[i]);
            else
                fprintf(out, " %u=%lu", i, s->status[i]);
        }
}

static bool want_help(const char *a) { return strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0; }

static int usage_error(const char *help, const char *fmt, const char *arg)
{
    fputs("fiu-model: ", stderr);
    fprintf(stderr, fmt, arg);
    fputs("\n\n", stderr);
    fputs(help, stderr);
    return EXIT_INPUT;
}

static FILE *open_out(const char *path)
{
    if (!path)
        return stdout;
    FILE *f = fopen(path, "w");
    if (!f)
        fprintf(stderr, "fiu-model: cannot open '%s' for writing: %s\n", path, strerror(errno));
    return f;
}

/* Flushes and closes out (not stdout); false on a write error. */
static bool close_out(FILE *out, const char *path)
{
    bool ok = fflush(out) == 0 && !ferror(out);
    if (out != stdout && fclose(out) != 0)
        ok = false;
    if (!ok)
        fprintf(stderr, "fiu-model: write error on '%s'\n", path ? path : "<stdout>");
    return ok;
}

/* Applies a state record; prints "file:line: reason" on refusal. */
static bool apply_state(fiu_state *st, bool *inited, const fiu_vrec *rec, const char *file)
{
    if (rec->kind == FIU_VREC_RAMSIZE) {
        if (!fiu_vec_apply(st, rec)) {
            fprintf(stderr, "%s:%lu: cannot allocate a RAM of %lx words\n", file, rec->line,
                    (unsigned long)rec->u.ramsize);
            return false;
        }
        *inited = true;
        return true;
    }
    if (!fiu_vec_apply(st, rec)) {
        fprintf(stderr, "%s:%lu: state write refused by the model\n", file, rec->line);
        return false;
    }
    return true;
}

/* ---- run ---- */
static int cmd_run(int argc, char **argv)
{
    const char *in = NULL, *outpath = NULL;
    unsigned flags = FIU_VEC_ANNOTATE;
    for (int i = 1; i < argc; i++) {
        if (want_help(argv[i])) {
            fputs(RUN_HELP, stdout);
            return 0;
        } else if (strcmp(argv[i], "-o") == 0 && i + 1 < argc) {
            outpath = argv[++i];
        } else if (strcmp(argv[i], "--no-annot") == 0) {
            flags &= ~(unsigned)FIU_VEC_ANNOTATE;
        } else if (argv[i][0] == '-' && argv[i][1] != '\0') {
            return usage_error(RUN_HELP, "run: unknown option '%s'", argv[i]);
        } else if (in) {
            return usage_error(RUN_HELP, "run: more than one FILE ('%s')", argv[i]);
        } else {
            in = argv[i];
        }
    }
    if (!in)
        return usage_error(RUN_HELP, "run: missing FILE%s", "");
    fiu_vreader *r = fiu_vreader_open(in);
    if (!r) {
        fprintf(stderr, "fiu-model: cannot open '%s': %s\n", in, strerror(errno));
        return EXIT_INPUT;
    }
    FILE *out = open_out(outpath);
    fiu_vrec *rec = malloc(sizeof *rec);
    fiu_state st;
    bool inited = false, ok = out && rec;
    stats_t s;
    memset(&s, 0, sizeof s);
    if (ok)
        fprintf(out, "# fiu-model run %s\n", in);
    int k = 0;
    while (ok && (k = fiu_vreader_next(r, rec)) > 0) {
        if (rec->kind == FIU_VREC_REQUEST) {
            fiu_response rsp;
            fiu_execute(&st, &rec->u.req.rq, &rsp);
            count_response(&s, &rsp);
            fiu_vec_write(out, rec, &rsp, s.requests, flags);
        } else {
            ok = apply_state(&st, &inited, rec, fiu_vreader_name(r));
            if (ok)
                fiu_vec_write(out, rec, NULL, 0, flags);
        }
    }
    if (k < 0) {
        fprintf(stderr, "%s\n", fiu_vreader_error(r));
        ok = false;
    }
    if (out && !close_out(out, outpath))
        ok = false;
    fprintf(stderr, "fiu-model run: %lu requests, %lu lanes, ", s.requests, s.lanes);
    print_status_counts(stderr, &s);
    fputs(ok ? "\n" : " (FAILED)\n", stderr);
    if (inited)
        fiu_state_free(&st);
    free(rec);
    fiu_vreader_close(r);
    return ok ? 0 : EXIT_INPUT;
}

/* ---- check ---- */
static int cmd_check(int argc, char **argv)
{
    const char *in = NULL;
    bool keep_going = false;
    for (int i = 1; i < argc; i++) {
        if (want_help(argv[i])) {
            fputs(CHECK_HELP, stdout);
            return 0;
        } else if (strcmp(argv[i], "--keep-going") == 0) {
            keep_going = true;
        } else if (argv[i][0] == '-' && argv[i][1] != '\0') {
            return usage_error(CHECK_HELP, "check: unknown option '%s'", argv[i]);
        } else if (in) {
            return usage_error(CHECK_HELP, "check: more than one FILE ('%s')", argv[i]);
        } else {
            in = argv[i];
        }
    }
    if (!in)
        return usage_error(CHECK_HELP, "check: missing FILE%s", "");
    fiu_vreader *r = fiu_vreader_open(in);
    if (!r) {
        fprintf(stderr, "fiu-model: cannot open '%s': %s\n", in, strerror(errno));
        return EXIT_INPUT;
    }
    const char *name = fiu_vreader_name(r);
    fiu_vrec *rec = malloc(sizeof *rec);
    fiu_state st;
    bool inited = false, input_ok = rec != NULL;
    unsigned long requests = 0, lanes = 0, mismatches = 0;
    fiu_cov *cov = fiu_cov_env_new();
    int k = 0;
    while (input_ok && (k = fiu_vreader_next(r, rec)) > 0) {
        if (rec->kind != FIU_VREC_REQUEST) {
            input_ok = apply_state(&st, &inited, rec, name);
            continue;
        }
        const fiu_vrec_request *q = &rec->u.req;
        if (!q->has_expect) {
            fprintf(stderr, "%s:%lu: request %lu has no expect block (check needs expected responses)\n",
                    name, rec->line, requests);
            input_ok = false;
            break;
        }
        fiu_response got;
        fiu_execute(&st, &q->rq, &got);
        fiu_cov_sample_execute(cov, &st, &q->rq, &got);
        requests++;
        lanes += q->rq.lanes;
        if (fiu_vec_compare(&q->expect, &got) == 0)
            continue;
        mismatches++;
        printf("fiu-model check: %s:%lu: request %lu: MISMATCH\n", name, rec->line, requests - 1);
        fputs("  state: ", stdout);
        fiu_vec_describe_state(stdout, &st);
        fputc('\n', stdout);
        fiu_vec_report_mismatch(stdout, &q->rq, &q->expect, &got, 8);
        if (!keep_going)
            break;
    }
    if (k < 0) {
        fprintf(stderr, "%s\n", fiu_vreader_error(r));
        input_ok = false;
    }
    printf("fiu-model check: %lu requests, %lu lanes checked, %lu mismatches%s\n", requests, lanes,
           mismatches, input_ok ? "" : " (stopped: bad input)");
    if (inited)
        fiu_state_free(&st);
    free(rec);
    fiu_vreader_close(r);
    fflush(stdout);
    if (!fiu_cov_env_finish(cov, "fiu-model-check"))
        input_ok = false;
    return !input_ok ? EXIT_INPUT : mismatches ? EXIT_MISMATCH : 0;
}

/* ---- gen ---- */
typedef struct {
    FILE *out;
    unsigned flags;
    fiu_state st;
    bool inited, failed;
    stats_t s;
} gen_sink_ctx;

static bool gen_sink(void *vctx, const fiu_vrec *rec)
{
    gen_sink_ctx *c = vctx;
    if (rec->kind == FIU_VREC_REQUEST) {
        fiu_response rsp;
        fiu_execute(&c->st, &rec->u.req.rq, &rsp);
        count_response(&c->s, &rsp);
        fiu_vec_write(c->out, rec, &rsp, c->s.requests, c->flags);
    } else {
        if (!apply_state(&c->st, &c->inited, rec, "<gen>")) {
            c->failed = true;
            return false;
        }
        fiu_vec_write(c->out, rec, NULL, 0, c->flags);
    }
    return !ferror(c->out);
}

static bool parse_u64(const char *s, unsigned long long max, unsigned long long *v)
{
    char *end;
    if (*s < '0' || *s > '9') /* strtoull would skip white space and take a sign */
        return false;
    errno = 0;
    *v = strtoull(s, &end, 0);
    return errno == 0 && *end == '\0' && *v <= max;
}

static int cmd_gen(int argc, char **argv)
{
    fiu_gen_config cfg = {.seed = 1, .count = 1000, .lanes = 0, .ops = FIU_GEN_ALL, .mix = FIU_GEN_MIX_CORNER};
    const char *outpath = NULL, *ops = "all";
    unsigned flags = FIU_VEC_ANNOTATE;
    bool require_all = false;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        unsigned long long v;
        bool has_arg = i + 1 < argc;
        if (want_help(a)) {
            fputs(GEN_HELP, stdout);
            return 0;
        } else if (strcmp(a, "--seed") == 0 && has_arg) {
            if (!parse_u64(argv[++i], UINT64_MAX, &v))
                return usage_error(GEN_HELP, "gen: bad --seed '%s'", argv[i]);
            cfg.seed = v;
        } else if (strcmp(a, "--count") == 0 && has_arg) {
            if (!parse_u64(argv[++i], UINT32_MAX, &v))
                return usage_error(GEN_HELP, "gen: bad --count '%s'", argv[i]);
            cfg.count = (uint32_t)v;
        } else if (strcmp(a, "--lanes") == 0 && has_arg) {
            if (!parse_u64(argv[++i], FIU_MAX_LANES, &v) || v < 1)
                return usage_error(GEN_HELP, "gen: bad --lanes '%s' (1..64)", argv[i]);
            cfg.lanes = (uint32_t)v;
        } else if (strcmp(a, "--ramsize") == 0 && has_arg) {
            if (!parse_u64(argv[++i], FIU_VEC_MAX_RAMSIZE, &v) || v < 1)
                return usage_error(GEN_HELP, "gen: bad --ramsize '%s' (1..0x1000000)", argv[i]);
            cfg.ram_words = (uint32_t)v;
        } else if (strcmp(a, "--ops") == 0 && has_arg) {
            ops = argv[++i];
            if (!fiu_gen_parse_ops(ops, &cfg.ops))
                return usage_error(GEN_HELP, "gen: bad --ops '%s'", ops);
        } else if (strcmp(a, "--mix") == 0 && has_arg) {
            if (!fiu_gen_parse_mix(argv[++i], &cfg.mix))
                return usage_error(GEN_HELP, "gen: bad --mix '%s' (corner or throughput)", argv[i]);
        } else if (strcmp(a, "-o") == 0 && has_arg) {
            outpath = argv[++i];
        } else if (strcmp(a, "--no-annot") == 0) {
            flags &= ~(unsigned)FIU_VEC_ANNOTATE;
        } else if (strcmp(a, "--require-all-status") == 0) {
            require_all = true;
        } else {
            return usage_error(GEN_HELP, "gen: unknown or incomplete option '%s'", a);
        }
    }
    gen_sink_ctx c;
    memset(&c, 0, sizeof c);
    c.flags = flags;
    c.out = open_out(outpath);
    if (!c.out)
        return EXIT_INPUT;
    fprintf(c.out, "# fiu-model gen --seed %llu --count %lu", (unsigned long long)cfg.seed,
            (unsigned long)cfg.count);
    if (cfg.lanes)
        fprintf(c.out, " --lanes %lu", (unsigned long)cfg.lanes);
    if (cfg.ram_words)
        fprintf(c.out, " --ramsize 0x%lx", (unsigned long)cfg.ram_words);
    fprintf(c.out, " --ops %s", ops);
    if (cfg.mix != FIU_GEN_MIX_CORNER) /* corner streams keep their old header */
        fprintf(c.out, " --mix %s", fiu_gen_mix_name(cfg.mix));
    fputc('\n', c.out);
    fputs("# fiu vector file, format in docs/vectors.md; expected responses from the C model\n", c.out);
    bool ok = fiu_gen_run(&cfg, gen_sink, &c);
    if (!ok && !c.failed)
        fprintf(stderr, "fiu-model gen: generator stopped (write error or out of memory)\n");
    if (!close_out(c.out, outpath))
        ok = false;
    fprintf(stderr, "fiu-model gen: seed %llu, %lu requests, %lu lanes, ", (unsigned long long)cfg.seed,
            c.s.requests, c.s.lanes);
    if (cfg.mix != FIU_GEN_MIX_CORNER)
        fprintf(stderr, "mix %s, ", fiu_gen_mix_name(cfg.mix));
    print_status_counts(stderr, &c.s);
    fputc('\n', stderr);
    int rc = ok ? 0 : EXIT_INPUT;
    if (ok && require_all) {
        bool missing = false;
        for (unsigned i = 0; i < FIU_ST_COUNT_; i++)
            if (!c.s.status[i]) {
                if (!missing)
                    fputs("fiu-model gen: status codes never produced:", stderr);
                fprintf(stderr, " %s", fiu_vec_status_name(i));
                missing = true;
            }
        if (missing) {
            fputc('\n', stderr);
            rc = EXIT_MISMATCH;
        }
    }
    if (c.inited)
        fiu_state_free(&c.st);
    return rc;
}

/* ---- disasm / asm ---- */
static int disasm_word(const char *arg, unsigned long idx, unsigned long *errors)
{
    unsigned long long v;
    char text[FIU_ASM_TEXT_LEN], err[FIU_ASM_ERR_LEN];
    if (!parse_u64(arg, UINT32_MAX, &v)) {
        fprintf(stderr, "fiu-model disasm: word %lu '%s': not a 32-bit number\n", idx, arg);
        ++*errors;
        return 0;
    }
    if (!fiu_gcn_disasm((uint32_t)v, text, sizeof text, NULL, err, sizeof err)) {
        fprintf(stderr, "fiu-model disasm: word %lu 0x%08llx: %s\n", idx, v, err);
        ++*errors;
        return 0;
    }
    printf("%s\n", text);
    return 1;
}

static int cmd_disasm(int argc, char **argv)
{
    unsigned long words = 0, errors = 0;
    if (argc < 2)
        return usage_error(DISASM_HELP, "disasm: no words%s", "");
    for (int i = 1; i < argc; i++)
        if (want_help(argv[i])) {
            fputs(DISASM_HELP, stdout);
            return 0;
        }
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "-") == 0) {
            char tok[64];
            int c;
            size_t n = 0;
            do {
                c = getchar();
                if (c == EOF || c == ' ' || c == '\t' || c == '\n' || c == '\r') {
                    if (n == sizeof tok) { /* too long: not a number, whatever its first characters */
                        tok[sizeof tok - 1] = '\0';
                        words++;
                        fprintf(stderr, "fiu-model disasm: word %lu '%s...': not a 32-bit number\n", words, tok);
                        errors++;
                    } else if (n) {
                        tok[n] = '\0';
                        words++;
                        disasm_word(tok, words, &errors);
                    }
                    n = 0;
                } else if (n < sizeof tok - 1) {
                    tok[n++] = (char)c;
                } else {
                    n = sizeof tok;
                }
            } while (c != EOF);
        } else {
            words++;
            disasm_word(argv[i], words, &errors);
        }
    }
    fflush(stdout);
    fprintf(stderr, "fiu-model disasm: %lu words, %lu errors\n", words, errors);
    return errors ? EXIT_INPUT : 0;
}

static int cmd_asm(int argc, char **argv)
{
    const char *in = NULL;
    unsigned gfx = 0;
    bool nv = false;
    for (int i = 1; i < argc; i++) {
        if (want_help(argv[i])) {
            fputs(ASM_HELP, stdout);
            return 0;
        }
    }
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--gfx") == 0 && i + 1 < argc) {
            i++;
            if (argv[i][0] >= '6' && argv[i][0] <= '9' && argv[i][1] == '\0')
                gfx = (unsigned)(argv[i][0] - '0');
            else
                return usage_error(ASM_HELP, "asm: bad --gfx '%s' (6, 7, 8 or 9)", argv[i]);
        } else if (strcmp(argv[i], "--nv") == 0) {
            nv = true;
        } else if (argv[i][0] == '-' && argv[i][1] != '\0') {
            return usage_error(ASM_HELP, "asm: unknown or incomplete option '%s'", argv[i]);
        } else if (in) {
            return usage_error(ASM_HELP, "asm: more than one FILE ('%s')", argv[i]);
        } else {
            in = argv[i];
        }
    }
    if (nv == (gfx != 0))
        return usage_error(ASM_HELP, "asm: give exactly one of --gfx 6|7|8|9 and --nv%s", "");
    FILE *f = stdin;
    const char *name = "<stdin>";
    if (in && strcmp(in, "-") != 0) {
        f = fopen(in, "r");
        name = in;
        if (!f) {
            fprintf(stderr, "fiu-model: cannot open '%s': %s\n", in, strerror(errno));
            return EXIT_INPUT;
        }
    }
    char line[1024], err[FIU_ASM_ERR_LEN], text[FIU_ASM_TEXT_LEN + 64];
    unsigned long lineno = 0, insns = 0, errors = 0;
    while (fgets(line, sizeof line, f)) {
        lineno++;
        size_t len = strlen(line);
        if (len == sizeof line - 1 && line[len - 1] != '\n' && !feof(f)) {
            fprintf(stderr, "%s:%lu: line longer than %zu characters\n", name, lineno, sizeof line - 2);
            errors++;
            int c;
            while ((c = fgetc(f)) != EOF && c != '\n')
                ;
            continue;
        }
        int r;
        if (nv) {
            fiu_nv_insn insn;
            r = fiu_nv_parse_line(line, &insn, err, sizeof err);
            if (r > 0) {
                fiu_nv_print(&insn, text, sizeof text);
                printf("%s\n", text);
            }
        } else {
            uint32_t w;
            r = fiu_gcn_asm_line(line, gfx, &w, err, sizeof err);
            if (r > 0)
                printf("0x%08x\n", w);
        }
        if (r < 0) {
            fprintf(stderr, "%s:%lu: %s\n", name, lineno, err);
            errors++;
        }
        insns += r > 0;
    }
    bool rd_err = ferror(f);
    if (f != stdin)
        fclose(f);
    if (rd_err) {
        fprintf(stderr, "fiu-model: read error on '%s'\n", name);
        errors++;
    }
    fflush(stdout);
    fprintf(stderr, "fiu-model asm: %lu lines, %lu instructions, %lu errors\n", lineno, insns, errors);
    return errors ? EXIT_INPUT : 0;
}

int fiu_model_main(int argc, char **argv)
{
    if (argc < 2) {
        fputs(USAGE, stderr);
        return EXIT_INPUT;
    }
    const char *cmd = argv[1];
    if (want_help(cmd)) {
        fputs(USAGE, stdout);
        return 0;
    }
    if (strcmp(cmd, "--version") == 0) {
        printf("fiu-model %s\nhost FP fast paths: %s\n", fiu_version(),
               fiu_f32_host_fp() ? "built in" : "compiled out (integer path only)");
        return 0;
    }
    if (strcmp(cmd, "help") == 0) {
        const char *t = argc > 2 ? argv[2] : "";
        fputs(strcmp(t, "run") == 0     ? RUN_HELP
              : strcmp(t, "check") == 0 ? CHECK_HELP
              : strcmp(t, "gen") == 0   ? GEN_HELP
              : strcmp(t, "disasm") == 0 ? DISASM_HELP
              : strcmp(t, "asm") == 0   ? ASM_HELP
                                        : USAGE,
              stdout);
        return 0;
    }
    if (strcmp(cmd, "run") == 0)
        return cmd_run(argc - 1, argv + 1);
    if (strcmp(cmd, "check") == 0)
        return cmd_check(argc - 1, argv + 1);
    if (strcmp(cmd, "gen") == 0)
        return cmd_gen(argc - 1, argv + 1);
    if (strcmp(cmd, "disasm") == 0)
        return cmd_disasm(argc - 1, argv + 1);
    if (strcmp(cmd, "asm") == 0)
        return cmd_asm(argc - 1, argv + 1);
    fprintf(stderr, "fiu-model: unknown command '%s'\n\n%s", cmd, USAGE);
    return EXIT_INPUT;
}
