/* fiu stimulus/response vector files (docs/vectors.md): reader, writer, compare and the
 * constrained-random generator. Shared by the fiu-model CLI and the RTL testbenches.
 * No global state: a reader or a generator run owns all of its data. */
#ifndef FIU_VECTORS_H
#define FIU_VECTORS_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "fiu.h"

#ifdef __cplusplus
extern "C" {
#endif

enum {
    FIU_VEC_MAX_LINE = 4095,          /* characters per line, newline excluded */
    FIU_VEC_MAX_RAM_WORDS = 256,      /* data words per `ram` record */
    FIU_VEC_DEFAULT_RAMSIZE = 0x1000, /* words, when the file has no `ramsize` */
    FIU_VEC_MAX_RAMSIZE = 0x1000000,  /* words (64 MiB) */
    FIU_VEC_ERR_LEN = 512
};

typedef enum {
    FIU_VREC_RAMSIZE, /* always the first record of a stream */
    FIU_VREC_RAM,
    FIU_VREC_MAP,
    FIU_VREC_SAMPLES,
    FIU_VREC_ALPHA,
    FIU_VREC_MODE,
    FIU_VREC_REQUEST
} fiu_vrec_kind;

typedef struct {
    uint32_t addr, count;             /* count words at addr.. */
    uint32_t word[FIU_VEC_MAX_RAM_WORDS];
} fiu_vrec_ram;

typedef struct {
    uint32_t dword, plane, interp;    /* interp: fiu_interp */
    bool present;
} fiu_vrec_map;

typedef struct {
    uint32_t count;                   /* 0..31 */
    bool standard;                    /* fiu_state_samples_default (count 1/2/4/8/16) */
    bool has_priority;                /* min(count,16) entries; else the default order */
    uint8_t x[FIU_MAX_SAMPLES], y[FIU_MAX_SAMPLES]; /* min(count,16) entries used */
    uint8_t priority[FIU_MAX_SAMPLES];
} fiu_vrec_samples;

typedef struct {
    uint32_t func, format, ref;
} fiu_vrec_alpha;

typedef struct {
    int flush, fused;                 /* 0, 1, or -1 = keep the current value */
} fiu_vrec_mode;

typedef struct {
    fiu_request rq;
    bool has_expect;
    fiu_response expect;              /* valid if has_expect */
} fiu_vrec_request;

typedef struct {
    fiu_vrec_kind kind;
    unsigned long line;               /* first line of the record (0: synthesised) */
    union {
        uint32_t ramsize;
        fiu_vrec_ram ram;
        fiu_vrec_map map;
        fiu_vrec_samples samples;
        fiu_vrec_alpha alpha;
        fiu_vrec_mode mode;
        fiu_vrec_request req;
    } u;
} fiu_vrec;

/* ---- reader ---- */
typedef struct fiu_vreader fiu_vreader;

/* path "-" reads stdin. NULL on failure (errno set). */
fiu_vreader *fiu_vreader_open(const char *path);
/* Reads from an open stream (not closed by fiu_vreader_close); name is used in messages. */
fiu_vreader *fiu_vreader_from_file(FILE *f, const char *name);
/* 1: *rec filled; 0: end of file; -1: malformed input or read error (see fiu_vreader_error).
 * The first record is always FIU_VREC_RAMSIZE (synthesised if the file has none). */
int fiu_vreader_next(fiu_vreader *r, fiu_vrec *rec);
/* "file:line: reason" of the last error, "" if none. */
const char *fiu_vreader_error(const fiu_vreader *r);
const char *fiu_vreader_name(const fiu_vreader *r);
void fiu_vreader_close(fiu_vreader *r);

/* ---- applying records to the model ---- */
/* FIU_VREC_RAMSIZE calls fiu_state_init (the caller frees st); the other state records call
 * the fiu_state_* writes. FIU_VREC_REQUEST does nothing. Returns false if the model refuses. */
bool fiu_vec_apply(fiu_state *st, const fiu_vrec *rec);

/* ---- writer ---- */
enum { FIU_VEC_ANNOTATE = 1u << 0 }; /* add "(float)" annotations to float-valued words */

/* Writes one record in the canonical form. For requests, expect (may be NULL) is written as
 * the expect block; pass &rec->u.req.expect to keep a parsed one. index > 0 adds a
 * "# request index-1" comment line. */
void fiu_vec_write(FILE *out, const fiu_vrec *rec, const fiu_response *expect, unsigned long index,
                   unsigned flags);
/* Shortest text that reads back as the same fp32 value ("1", "-0", "nan", "inf", "1.5e-38"). */
void fiu_vec_f32_text(uint32_t bits, char buf[32]);

/* ---- names ---- */
const char *fiu_vec_status_name(unsigned status); /* "OK", "BAD_OP", ...; NULL if none */
const char *fiu_vec_op_name(unsigned op);         /* NULL if none */

/* ---- compare ---- */
/* Number of differing items between expected and got: status, wmask, kill, pred and each
 * lane's result (all lanes, written or not). 0 = equal. */
unsigned fiu_vec_compare(const fiu_response *expect, const fiu_response *got);
/* Prints a readable report of every difference (limited to max_lanes lanes) with the decoded
 * request and the inputs of the differing lanes; values in hex and float. */
void fiu_vec_report_mismatch(FILE *out, const fiu_request *rq, const fiu_response *expect,
                             const fiu_response *got, unsigned max_lanes);
/* One line, decoded: "op=IPA ipa_mode=MUL loc=CENTER ... lanes=4". */
void fiu_vec_describe_request(FILE *out, const fiu_request *rq);
/* One line: mode bits, alpha function/format/ref, sample count, RAM size. */
void fiu_vec_describe_state(FILE *out, const fiu_state *st);

/* ---- constrained-random generator (cmodel/gen.c) ---- */
enum {
    FIU_GEN_IPA = 1u << FIU_OP_IPA,
    FIU_GEN_AL2P = 1u << FIU_OP_AL2P,
    FIU_GEN_VINTRP = 1u << FIU_OP_VINTRP,
    FIU_GEN_ATEST = 1u << FIU_OP_ATEST,
    FIU_GEN_UNPACK = 1u << FIU_OP_UNPACK,
    FIU_GEN_BADOP = 1u << FIU_OP_COUNT_,  /* op codes 5..7 (FIU_ST_BAD_OP) */
    FIU_GEN_ALL = (1u << (FIU_OP_COUNT_ + 1)) - 1
};

/* Stimulus mixes (docs/vectors.md section 10). */
typedef enum {
    FIU_GEN_MIX_CORNER = 0,     /* corner cases and every status code (the default) */
    FIU_GEN_MIX_THROUGHPUT = 1, /* a renderer's stream: lanes share a primitive, 1 port write
                                   per 16 requests, about 1 % illegal */
    FIU_GEN_MIX_COUNT_
} fiu_gen_mix;

typedef struct {
    uint64_t seed;
    uint32_t count;   /* requests */
    uint32_t lanes;   /* lanes per request, 1..64; 0 = random from {1,4,8,16,32,64} */
    uint32_t ops;     /* FIU_GEN_* mask; 0 = FIU_GEN_ALL */
    uint32_t ram_words; /* RAM size; 0 = random from {0x800, 0x1000, 0x2000} */
    uint32_t mix;     /* fiu_gen_mix; 0 = corner */
} fiu_gen_config;

/* Receives each record in order; false stops the run. Requests have has_expect false. */
typedef bool (*fiu_gen_sink)(void *ctx, const fiu_vrec *rec);

/* Generates a RAMSIZE record, state writes and cfg->count requests, deterministically from
 * cfg->seed (the stream depends only on cfg and the model). Returns false if the sink stopped
 * the run, on a bad config or on allocation failure. */
bool fiu_gen_run(const fiu_gen_config *cfg, fiu_gen_sink sink, void *ctx);

/* Parses "ipa,al2p,vintrp,atest,unpack,badop" (any subset, or "all"). false on a bad name. */
bool fiu_gen_parse_ops(const char *list, uint32_t *ops);
/* "corner" or "throughput" <-> fiu_gen_mix. parse: false on a bad name; name: NULL if none. */
bool fiu_gen_parse_mix(const char *name, uint32_t *mix);
const char *fiu_gen_mix_name(uint32_t mix);

/* Throughput mix: port-level configuration writes (tb/common/cfg_writes.c) per request, as
 * 1/FIU_GEN_TP_REQUESTS_PER_WRITE over a long stream; illegal requests per 1000. */
enum { FIU_GEN_TP_REQUESTS_PER_WRITE = 16, FIU_GEN_TP_ILLEGAL_PER_MILLE = 10 };

#ifdef __cplusplus
}
#endif
#endif
