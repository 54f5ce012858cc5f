/* fiu program layer, text side (docs/render.md, "Assembler"): the GCN VINTRP word in LLVM's
 * AMDGPU syntax (disassembler and assembler, spec 4.7) and seed 000's NVIDIA IPA syntax
 * (parser and printer). Functions never print; a failure returns a reason in err. */
#ifndef FIU_ASM_H
#define FIU_ASM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "fiu.h"

#ifdef __cplusplus
extern "C" {
#endif

enum { FIU_ASM_ERR_LEN = 160, FIU_ASM_TEXT_LEN = 128 };

/* ---- GCN VINTRP (spec 4.7) ---- */
/* gfx 6 or 7 (GFX6/7, bits 31:26 = 0b110010, top byte 0xC8), 8 or 9 (GFX8/9, 0b110101, 0xD4). */
uint32_t fiu_gcn_encoding_bits(unsigned gfx); /* 0x32 / 0x35; 0 for another gfx */

/* One word to text, e.g. "v_interp_p1_f32 v1, v0, attr0.x", "v_interp_mov_f32 v0, p10, attr0.x".
 * False (err set) if the word is not a VINTRP the unit accepts (every request-level check of
 * spec 4.7 / chapter 7 but WAVE_RANGE). *gfx (may be NULL) gets 6 or 8. */
bool fiu_gcn_disasm(uint32_t word, char *text, size_t n, unsigned *gfx, char *err, size_t errn);

/* One source line to a word, as LLVM's AMDGPU assembler gives it (docs/model.md, "The VINTRP
 * assembler syntax"): mnemonics with or without _e32, vN / v[N] / v[N:N], p0/p10/p20 and attrN.c,
 * all case-insensitive; ';', '//' and '#' start comments; the VOP3 (_e64) forms are rejected.
 * Returns 1 (word set), 0 (blank or comment line) or -1 (err set). */
int fiu_gcn_asm_line(const char *line, unsigned gfx, uint32_t *word, char *err, size_t errn);

/* ---- NVIDIA IPA / AL2P (seed 000 syntax) ---- */
enum { FIU_NV_RZ = 255, FIU_NV_PT = 7, FIU_NV_REGS = 255, FIU_NV_PREDS = 7 };

typedef enum { FIU_NV_IPA = 0, FIU_NV_AL2P = 1, FIU_NV_RCP = 2, FIU_NV_FCMP = 3, FIU_NV_MOV = 4 } fiu_nv_kind;
typedef enum { FIU_NV_CMP_EQ = 0, FIU_NV_CMP_NE, FIU_NV_CMP_LT, FIU_NV_CMP_LE, FIU_NV_CMP_GT, FIU_NV_CMP_GE } fiu_nv_cmp;

/* One instruction. IPA/AL2P fields that travel in the request are in rq (op, ipa_mode, loc,
 * sat, idx, imm; lanes 0); register numbers (0..254, FIU_NV_RZ) and predicates (0..6, FIU_NV_PT)
 * are here. The helper ops MUFU.RCP, FCMP and MOV are executed by the executor, not the unit. */
typedef struct {
    uint8_t kind;            /* fiu_nv_kind */
    fiu_request rq;          /* IPA / AL2P request template */
    uint8_t pg;  bool pg_not;    /* guard @Pg / @!Pg (PT: none) */
    uint8_t rd, ra, rb, rc;      /* Rd; IDX: a[Ra], AL2P: Ra; MUL: Rb; OFFSET: Rc */
    bool has_rb, has_rc;
    uint8_t pmul; bool pmul_not;         /* IPA Pmul (default PT) */
    bool has_pmul;
    uint8_t puni; bool puni_not;         /* IPA.IDX Puniform */
    uint8_t pd;                          /* AL2P / FCMP destination predicate */
    uint8_t cmp;                         /* FCMP: fiu_nv_cmp */
    uint32_t imm32;                      /* FCMP / MOV immediate (fp32 bits) */
    bool b_imm;                          /* FCMP / MOV: second source is imm32 */
} fiu_nv_insn;

/* Parses one statement (up to ';', which is optional; '#' and '//' start comments).
 * Returns 1 (insn set), 0 (blank / comment) or -1 (err set). */
int fiu_nv_parse_line(const char *line, fiu_nv_insn *insn, char *err, size_t errn);
/* Canonical text ("IPA.MUL R0, a[0x300], R4;"); parse(print(i)) == i. */
void fiu_nv_print(const fiu_nv_insn *insn, char *text, size_t n);

/* A decimal float literal ("1.0", "-0.5", "1e-3") or 0x hex bits to fp32 bits, RNE, without
 * the host FPU. False if malformed. */
bool fiu_asm_parse_f32(const char *s, uint32_t *bits);

#ifdef __cplusplus
}
#endif
#endif
