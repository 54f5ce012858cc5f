/* Executor tests (docs/render.md): the seeds' snippets run as written on the C model; results
 * against fiu_f32_dotadd_ref (the independent exact reference) and double precision; the
 * helper ops against exact residuals. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "fiu_exec.h"
#include "host_f32.h"
#include "splitmix64.h"

enum { FF = FIU_F32_FUSED | FIU_F32_FLUSH };

static uint32_t ref3(uint32_t a, uint32_t x, uint32_t b, uint32_t y, uint32_t c)
{
    return fiu_f32_dotadd_ref(a, x, b, y, c, FF);
}

static bool load(tb_checker *tc, fiu_program *p, fiu_isa isa, unsigned gfx, const char *text)
{
    char err[256];
    bool ok = fiu_program_parse(p, isa, gfx, text, "<snippet>", err, sizeof err);
    CHECK(tc, ok, "parse: %s", err);
    return ok;
}

/* n zeroed warps on the heap (a warp is too big for the stack); out of memory ends the test. */
static fiu_warp *new_warps(size_t n)
{
    fiu_warp *w = calloc(n, sizeof *w);
    if (!w) {
        fprintf(stderr, "test_exec: out of memory (%zu warps)\n", n);
        exit(1);
    }
    return w;
}

/* |a - b| in ulps of b (fp32 spacing at b). */
static double ulps(float a, double b)
{
    int e;
    frexp(b, &e);
    return fabs((double)a - b) / ldexp(1.0, e - 24);
}

/* Seed 000, first example: perspective-correct s, t with 1/w from WPOS.w. */
static void seed000_persp(tb_checker *tc, fiu_state *st)
{
    /* screen-space planes: 1/w = q(x,y), s/w = a(x,y), t/w = b(x,y) for a plane in depth */
    const double Q[3] = {0.0, 0.03125, 0.25}, S[3] = {0.0078125, 0.001953125, 0.0}, T[3] = {0.0, 0.0009765625, 0.125};
    uint32_t base = 16;
    const double *pl[3] = {Q, S, T};
    for (int k = 0; k < 3; k++)
        for (int j = 0; j < 3; j++)
            fiu_state_ram_write(st, base + 3 * k + j, f2u((float)pl[k][j]));
    fiu_state_map_write(st, 0x7c / 4, true, 0, FIU_INTERP_LINEAR);
    fiu_state_map_write(st, 0x300 / 4, true, 1, FIU_INTERP_PERSPECTIVE);
    fiu_state_map_write(st, 0x304 / 4, true, 2, FIU_INTERP_PERSPECTIVE);
    fiu_program p;
    if (!load(tc, &p, FIU_ISA_NV, 0,
              "IPA.PASS R4, a[0x7c];           # interpolate WPOS.w = 1/w\n"
              "MUFU.RCP R4, R4;                # w\n"
              "IPA.MUL  R0, a[0x300], R4;      # s: interpolate TEX0.s = s/w, multiply by w\n"
              "IPA.MUL  R1, a[0x304], R4;      # t: interpolate TEX0.t = t/w, multiply by w\n"))
        return;
    fiu_backend be;
    fiu_backend_model(&be);
    fiu_warp *w = new_warps(1);
    double worst = 0;
    for (uint16_t qy = 0; qy < 16; qy += 2)
        for (uint16_t qx = 0; qx < 16; qx += 2) {
            fiu_warp_init(w, 4);
            for (uint32_t i = 0; i < 4; i++) {
                w->lane[i].px = (uint16_t)(qx + (i & 1));
                w->lane[i].py = (uint16_t)(qy + (i >> 1));
                w->lane[i].prim_base = base;
            }
            unsigned long n = fiu_program_run(&p, st, &be, w);
            CHECK(tc, n == 3 && w->status == FIU_OK, "3 requests, status %u", w->status);
            for (uint32_t i = 0; i < 4; i++) {
                uint32_t x = fiu_coord_to_f32(w->lane[i].px, 8), y = fiu_coord_to_f32(w->lane[i].py, 8);
                uint32_t q = ref3(f2u((float)Q[0]), x, f2u((float)Q[1]), y, f2u((float)Q[2]));
                uint32_t rw = fiu_exec_rcp(q);
                uint32_t s = fiu_f32_dotadd_ref(ref3(f2u((float)S[0]), x, f2u((float)S[1]), y, 0), rw, 0, 0x80000000u,
                                                0x80000000u, FF);
                uint32_t t = fiu_f32_dotadd_ref(ref3(f2u((float)T[0]), x, f2u((float)T[1]), y, f2u((float)T[2])), rw,
                                                0, 0x80000000u, 0x80000000u, FF);
                CHECK_EQ_HEX(tc, w->r[i][4], rw, "w at (%u,%u)", w->lane[i].px, w->lane[i].py);
                CHECK_EQ_HEX(tc, w->r[i][0], s, "s at (%u,%u)", w->lane[i].px, w->lane[i].py);
                CHECK_EQ_HEX(tc, w->r[i][1], t, "t at (%u,%u)", w->lane[i].px, w->lane[i].py);
                double xd = u2f(x), yd = u2f(y), qd = Q[0] * xd + Q[1] * yd + Q[2];
                double sd = (S[0] * xd + S[1] * yd + S[2]) / qd, td = (T[0] * xd + T[1] * yd + T[2]) / qd;
                double e = fmax(ulps(u2f(w->r[i][0]), sd), ulps(u2f(w->r[i][1]), td));
                worst = fmax(worst, e);
            }
        }
    /* three roundings (IPA, RCP, MUL) on well-conditioned planes: a few ulp of the true s/t */
    CHECK(tc, worst <= 3.0, "perspective-correct s,t within 3 ulp of double, worst %.3f", worst);
    printf("seed 000 perspective: worst %.3f ulp vs double\n", worst);
    free(w);
    fiu_program_free(&p);
}

/* Seed 000, second example: FCMP.NE P0 and Pmul P0; lanes where 1/w == 1 skip the multiply. */
static void seed000_pmul(tb_checker *tc, fiu_state *st)
{
    /* prim A (base 40): 1/w == 1 everywhere; prim B (base 60): 1/w == 0.5 */
    uint32_t A = 40, B = 60;
    const float QA[3] = {0, 0, 1}, QB[3] = {0, 0, 0.5f}, S[3] = {0.25f, 0.125f, 1.0f};
    for (int j = 0; j < 3; j++) {
        fiu_state_ram_write(st, A + j, f2u(QA[j]));
        fiu_state_ram_write(st, B + j, f2u(QB[j]));
        fiu_state_ram_write(st, A + 3 + j, f2u(S[j]));
        fiu_state_ram_write(st, B + 3 + j, f2u(S[j]));
    }
    fiu_program p;
    if (!load(tc, &p, FIU_ISA_NV, 0,
              "IPA.PASS R1, a[ 0x7c];          # WPOS.w\n"
              "FCMP.NE  P0, R1, 1.0;\n"
              "MUFU.RCP R1, R1;\n"
              "IPA.MUL  R0, a[0x300], R1, P0;  # TEX0.s\n"
              "IPA.MUL  R1, a[0x304], R1, P0;  # TEX0.t\n"))
        return;
    fiu_state_map_write(st, 0x304 / 4, true, 1, FIU_INTERP_PERSPECTIVE);
    fiu_backend be;
    fiu_backend_model(&be);
    fiu_warp *w = new_warps(1);
    fiu_warp_init(w, 4);
    for (uint32_t i = 0; i < 4; i++) {
        w->lane[i].px = (uint16_t)(3 + (i & 1));
        w->lane[i].py = (uint16_t)(5 + (i >> 1));
        w->lane[i].prim_base = i < 2 ? A : B;
    }
    fiu_warp *many = new_warps(3);
    for (int k = 0; k < 3; k++)
        many[k] = *w;
    many[1].lane[0].prim_base = many[1].lane[1].prim_base = B; /* warp 1: Pmul uniform (one request per instruction) */
    unsigned long n = fiu_program_run(&p, st, &be, w);
    CHECK(tc, n == 5 && be.requests == 5, "1 + 2 + 2 requests (Pmul differs across lanes): %lu", n);
    unsigned long nm = fiu_program_run_many(&p, st, &be, many, 3);
    CHECK(tc, nm == 5 + 3 + 5, "run_many: %lu requests", nm);
    for (int k = 0; k < 3; k += 2)
        CHECK(tc, memcmp(many[k].r, w->r, sizeof w->r) == 0 && memcmp(many[k].p, w->p, sizeof w->p) == 0,
              "run_many warp %d equals run", k);
    free(many);
    CHECK(tc, w->status == FIU_OK, "status %u", w->status);
    for (uint32_t i = 0; i < 4; i++) {
        uint32_t x = fiu_coord_to_f32(w->lane[i].px, 8), y = fiu_coord_to_f32(w->lane[i].py, 8);
        uint32_t sw = ref3(f2u(S[0]), x, f2u(S[1]), y, f2u(S[2]));
        CHECK(tc, w->p[i][0] == (i >= 2), "P0 lane %u", i);
        uint32_t want = i < 2 ? sw : fiu_f32_dotadd_ref(sw, f2u(2.0f), 0, 0x80000000u, 0x80000000u, FF);
        CHECK_EQ_HEX(tc, w->r[i][0], want, "s lane %u", i);
        CHECK_EQ_HEX(tc, w->r[i][1], want, "t lane %u", i);
    }
    free(w);
    fiu_program_free(&p);
}

/* Seed 000, third example: AL2P then IPA.IDX with Puniform; equal to the immediate IPA. */
static void seed000_idx(tb_checker *tc, fiu_state *st)
{
    fiu_program p;
    if (!load(tc, &p, FIU_ISA_NV, 0,
              "MOV R6, 0x300;\n"
              "AL2P         P0, R5, R6,     0;\n"
              "IPA.IDX.PASS R2,     a[R5], P0; # indexed IPA, with attribute pointed to by R6\n"
              "IPA.PASS R3, a[0x300];\n"))
        return;
    fiu_backend be;
    fiu_backend_model(&be);
    fiu_warp *w = new_warps(1);
    fiu_warp_init(w, 8);
    for (uint32_t i = 0; i < 8; i++) {
        w->lane[i].px = (uint16_t)(10 + i);
        w->lane[i].py = 7;
        w->lane[i].prim_base = 60;
    }
    fiu_program_run(&p, st, &be, w);
    CHECK(tc, w->status == FIU_OK, "status %u", w->status);
    for (uint32_t i = 0; i < 8; i++) {
        CHECK_EQ_HEX(tc, w->r[i][5], FIU_AL2P_VALID | (uint32_t)FIU_INTERP_PERSPECTIVE << 16 | 12u, "al2p lane %u", i);
        CHECK(tc, w->p[i][0], "AL2P pred (uniform) lane %u", i);
        CHECK_EQ_HEX(tc, w->r[i][2], w->r[i][3], "IDX == immediate lane %u", i);
        uint32_t x = fiu_coord_to_f32(w->lane[i].px, 8), y = fiu_coord_to_f32(w->lane[i].py, 8);
        CHECK_EQ_HEX(tc, w->r[i][2], ref3(f2u(0.25f), x, f2u(0.125f), y, f2u(1.0f)), "ref lane %u", i);
    }
    free(w);
    fiu_program_free(&p);
}

/* Seed 001: v_interp_p1_f32 / v_interp_p2_f32 pairs and v_interp_mov_f32 over two quads of
 * two primitives, both encodings, both fusion modes. */
static void seed001(tb_checker *tc, fiu_state *st, uint64_t *rng)
{
    for (unsigned gfx = 6; gfx <= 8; gfx += 2)
        for (int fused = 0; fused <= 1; fused++) {
            fiu_state_mode_write(st, true, fused);
            /* M0: offset 0x400 bytes, newprimmask bit 0: quad 1 starts primitive 1; NUMPRIM 2 */
            uint32_t m0 = 1u << 16 | 0x400;
            for (uint32_t wd = 0; wd < 12 * 2 * 3; wd++)
                fiu_state_ram_write(st, 0x100 + wd, f2u((float)((int)(splitmix64(rng) % 2001) - 1000) / 64.0f));
            fiu_program p;
            if (!load(tc, &p, FIU_ISA_GCN, gfx,
                      "s_mov_b32 m0, 0x10400\n"
                      "v_interp_p1_f32 v2, v0, attr0.x    ; I in v0\n"
                      "v_interp_p2_f32 v2, v1, attr0.x    ; J in v1\n"
                      "v_interp_p1_f32 v3, v0, attr2.w\n"
                      "v_interp_p2_f32 v3, v1, attr2.w\n"
                      "v_interp_mov_f32 v4, p0, attr1.y\n"
                      "v_interp_mov_f32 v5, p10, attr1.y\n"
                      "v_interp_mov_f32 v6, p20, attr1.y\n"))
                return;
            fiu_backend be;
            fiu_backend_model(&be);
            fiu_warp *w = new_warps(1);
            fiu_warp_init(w, 8);
            for (uint32_t i = 0; i < 8; i++) {
                w->r[i][0] = f2u((float)(splitmix64(rng) % 1024) / 1024.0f);
                w->r[i][1] = f2u((float)(splitmix64(rng) % 1024) / 1024.0f);
            }
            unsigned long n = fiu_program_run(&p, st, &be, w);
            CHECK(tc, n == 7 && w->status == FIU_OK && w->m0 == m0, "7 requests, status %u", w->status);
            unsigned mode = (fused ? FIU_F32_FUSED : 0) | FIU_F32_FLUSH;
            for (uint32_t i = 0; i < 8; i++) {
                uint32_t prim = i >> 2;
                /* dword S = 0x400/4 + 12*(attr*NUMPRIM + prim) */
#define LDS(attr, k) st->ram[0x100 + 12 * ((attr) * 2 + prim) + (k)]
                uint32_t I = w->r[i][0], J = w->r[i][1];
                uint32_t d = fiu_f32_dotadd_ref(LDS(0, 1), I, 0, 0x80000000u, LDS(0, 0), mode);
                d = fiu_f32_dotadd_ref(LDS(0, 8), J, 0, 0x80000000u, d, mode);
                CHECK_EQ_HEX(tc, w->r[i][2], d, "gfx%u fused %d lane %u attr0.x", gfx, fused, i);
                d = fiu_f32_dotadd_ref(LDS(2, 7), I, 0, 0x80000000u, LDS(2, 6), mode);
                d = fiu_f32_dotadd_ref(LDS(2, 11), J, 0, 0x80000000u, d, mode);
                CHECK_EQ_HEX(tc, w->r[i][3], d, "gfx%u lane %u attr2.w", gfx, i);
                CHECK_EQ_HEX(tc, w->r[i][4], LDS(1, 2), "mov p0 lane %u", i);
                CHECK_EQ_HEX(tc, w->r[i][5], LDS(1, 3), "mov p10 lane %u", i);
                CHECK_EQ_HEX(tc, w->r[i][6], LDS(1, 9), "mov p20 lane %u", i);
#undef LDS
            }
            free(w);
            fiu_program_free(&p);
        }
    fiu_state_mode_write(st, true, false);
}

/* MUFU.RCP is RNE: the exact residual x*r - 1 is no larger than at either neighbour of r. */
static void helpers(tb_checker *tc, uint64_t *rng)
{
    for (unsigned long k = 0; k < 200000; k++) {
        uint32_t x = (uint32_t)splitmix64(rng);
        uint32_t e = x >> 23 & 0xFF;
        if (e < 2 || e > 252) /* results stay normal */
            continue;
        uint32_t r = fiu_exec_rcp(x);
        uint32_t one = f2u(-1.0f);
        uint32_t res = fiu_f32_dotadd_ref(x, r, 0, 0x80000000u, one, FIU_F32_FUSED);
        uint32_t up = fiu_f32_dotadd_ref(x, r + 1, 0, 0x80000000u, one, FIU_F32_FUSED);
        uint32_t dn = fiu_f32_dotadd_ref(x, r - 1, 0, 0x80000000u, one, FIU_F32_FUSED);
        CHECK(tc, (res & 0x7FFFFFFFu) <= (up & 0x7FFFFFFFu) && (res & 0x7FFFFFFFu) <= (dn & 0x7FFFFFFFu),
              "rcp(0x%08x) = 0x%08x not nearest", x, r);
    }
    CHECK_EQ_HEX(tc, fiu_exec_rcp(f2u(4.0f)), f2u(0.25f), "1/4");
    CHECK_EQ_HEX(tc, fiu_exec_rcp(f2u(-0.5f)), f2u(-2.0f), "1/-0.5");
    CHECK_EQ_HEX(tc, fiu_exec_rcp(0x80000000u), 0xFF800000u, "1/-0");
    CHECK_EQ_HEX(tc, fiu_exec_rcp(0x00000001u), 0x7F800000u, "1/denormal (flushed)");
    CHECK_EQ_HEX(tc, fiu_exec_rcp(0x7F800000u), 0u, "1/inf");
    CHECK_EQ_HEX(tc, fiu_exec_rcp(0x7F7FFFFFu), 0u, "1/max (subnormal flushed)");
    CHECK_EQ_HEX(tc, fiu_exec_rcp(0x7F812345u), 0x7FC00000u, "NaN");
    CHECK(tc, fiu_exec_fcmp(FIU_NV_CMP_EQ, 0x80000000u, 0), "-0 == +0");
    CHECK(tc, !fiu_exec_fcmp(FIU_NV_CMP_NE, 0x7FC00000u, 0), "NaN ordered");
    CHECK(tc, fiu_exec_fcmp(FIU_NV_CMP_LT, f2u(-2.0f), f2u(-1.0f)), "-2 < -1");
    CHECK(tc, fiu_exec_fcmp(FIU_NV_CMP_GE, f2u(3.0f), f2u(3.0f)), "3 >= 3");
    CHECK(tc, !fiu_exec_fcmp(FIU_NV_CMP_GT, f2u(1.0f), f2u(1.5f)), "!(1 > 1.5)");
}

/* FCMP against the host's compare after flushing denormals (spec: ordered, -0 == +0). */
static void fcmp_all(tb_checker *tc)
{
    static const uint32_t V[] = {0x00000000u, 0x80000000u, 0x00000001u, 0x807FFFFFu, 0x00800000u, 0x3F800000u,
                                 0xBF800000u, 0x3F800001u, 0x40000000u, 0xC0000000u, 0x7F7FFFFFu, 0x7F800000u,
                                 0xFF800000u, 0x7FC00000u, 0xFF812345u};
    static const char *const NAME[] = {"EQ", "NE", "LT", "LE", "GT", "GE"};
    static const uint32_t CMP[] = {FIU_NV_CMP_EQ, FIU_NV_CMP_NE, FIU_NV_CMP_LT,
                                   FIU_NV_CMP_LE, FIU_NV_CMP_GT, FIU_NV_CMP_GE};
    size_t nv = sizeof V / sizeof V[0];
    for (size_t i = 0; i < nv; i++)
        for (size_t j = 0; j < nv; j++) {
            float a = u2f((V[i] & 0x7F800000u) ? V[i] : (V[i] & 0x80000000u));
            float b = u2f((V[j] & 0x7F800000u) ? V[j] : (V[j] & 0x80000000u));
            bool want[6] = {a == b, !isnan(a) && !isnan(b) && a != b, a < b, a <= b, a > b, a >= b};
            for (int c = 0; c < 6; c++)
                CHECK(tc, fiu_exec_fcmp(CMP[c], V[i], V[j]) == want[c], "FCMP.%s 0x%08x 0x%08x: want %d", NAME[c],
                      V[i], V[j], want[c]);
        }
}

/* A backend with a batch entry: the executor hands it each unit instruction's requests of all
 * warps at once; it counts them and runs the C model. */
typedef struct {
    unsigned long calls, requests;
} batch_ctx;

static void batch_exec(void *ctx, const fiu_state *st, const fiu_request *rq, size_t n, fiu_response *rsp)
{
    batch_ctx *b = ctx;
    b->calls++;
    b->requests += n;
    for (size_t i = 0; i < n; i++)
        fiu_execute(st, &rq[i], &rsp[i]);
}

static void never_exec(void *ctx, const fiu_state *st, const fiu_request *rq, fiu_response *rsp)
{
    (void)st, (void)rq, (void)rsp;
    ((batch_ctx *)ctx)->calls += 1000; /* the batch entry must be used instead */
}

/* The executor's edges: a batch backend equals the model backend; the first non-OK status and
 * its instruction are kept; helper ops under a false guard write nothing; s_mov_b32 and long
 * lines are rejected with "name:line: reason". */
static void executor_edges(tb_checker *tc, fiu_state *st)
{
    /* prim 80: the attribute at 0x310 reads plane slot 0 (0.5, 1.0, 1.5); 0x340 is not in the map */
    for (int j = 0; j < 6; j++)
        fiu_state_ram_write(st, 80 + (uint32_t)j, f2u(0.5f * (float)(j + 1)));
    fiu_state_map_write(st, 0x310 / 4, true, 0, FIU_INTERP_LINEAR);
    fiu_state_map_write(st, 0x340 / 4, false, 0, FIU_INTERP_LINEAR);
    fiu_program p;
    if (!load(tc, &p, FIU_ISA_NV, 0,
              "MOV R7, 0x5;                     # a denormal bit pattern\n"
              "@P1 MOV R7, 7;                   # P1 false: no write\n"
              "@!P1 FCMP.LT P2, R7, 6.0;        # flushed to 0: 0 < 6\n"
              "@P2 MUFU.RCP R8, R9;             # R9 = 0: +inf\n"
              "IPA.PASS R0, a[0x310];\n"
              "IPA.PASS R1, a[0x340];           # unmapped: the first error, at pc 5\n"
              "IPA.PASS R2, a[0x312];           # misaligned: a later error, not recorded\n"
              "@P1 IPA.PASS R3, a[0x310];\n"))
        return;
    fiu_backend model, batch;
    fiu_backend_model(&model);
    batch_ctx bc = {0, 0};
    batch.ctx = &bc;
    batch.execute = never_exec;
    batch.execute_batch = batch_exec;
    batch.requests = 0;
    enum { NW = 3 };
    fiu_warp *a = new_warps(NW), *b = new_warps(NW);
    for (int k = 0; k < NW; k++) {
        fiu_warp_init(&a[k], 4);
        for (uint32_t i = 0; i < 4; i++) {
            a[k].lane[i].px = (uint16_t)(2 * k + (i & 1));
            a[k].lane[i].py = (uint16_t)(i >> 1);
            a[k].lane[i].prim_base = 80;
        }
        a[k].lane[3].active = k != 1; /* warp 1: lane 3 inactive */
        b[k] = a[k];
    }
    unsigned long na = fiu_program_run_many(&p, st, &model, a, NW);
    unsigned long nb = fiu_program_run_many(&p, st, &batch, b, NW);
    CHECK(tc, na == 4 * NW && nb == na, "requests: model %lu, batch %lu, want %d", na, nb, 4 * NW);
    CHECK(tc, bc.calls == 4 && bc.requests == nb && batch.requests == nb,
          "batch backend: %lu calls (one per unit instruction, 4), %lu requests", bc.calls, bc.requests);
    for (int k = 0; k < NW; k++) {
        CHECK(tc, memcmp(a[k].r, b[k].r, sizeof a[k].r) == 0 && memcmp(a[k].p, b[k].p, sizeof a[k].p) == 0,
              "warp %d: batch backend equals model backend", k);
        CHECK(tc, a[k].status == FIU_ST_UNMAPPED && a[k].status_pc == 5 && b[k].status == a[k].status &&
                      b[k].status_pc == 5,
              "warp %d: first error UNMAPPED at pc 5, got %u at %u", k, a[k].status, a[k].status_pc);
        for (uint32_t i = 0; i < 4; i++) {
            bool act = a[k].lane[i].active;
            CHECK_EQ_HEX(tc, a[k].r[i][7], act ? 5u : 0u, "warp %d lane %u: R7 (MOV, then @P1 MOV)", k, i);
            CHECK(tc, a[k].p[i][2] == act, "warp %d lane %u: P2", k, i);
            CHECK_EQ_HEX(tc, a[k].r[i][8], act ? 0x7F800000u : 0u, "warp %d lane %u: @P2 RCP", k, i);
            CHECK_EQ_HEX(tc, a[k].r[i][3], 0u, "warp %d lane %u: @P1 IPA wrote", k, i);
            uint32_t x = fiu_coord_to_f32(a[k].lane[i].px, 8), y = fiu_coord_to_f32(a[k].lane[i].py, 8);
            uint32_t want = act ? ref3(f2u(0.5f), x, f2u(1.0f), y, f2u(1.5f)) : 0u;
            CHECK_EQ_HEX(tc, a[k].r[i][0], want, "warp %d lane %u: IPA", k, i);
        }
    }
    free(a);
    free(b);
    fiu_program_free(&p);

    static const struct {
        const char *text, *want;
    } BAD[] = {
        {"s_mov_b32 m0, v1\n", "p.s:1: s_mov_b32 m0: expected a 32-bit number"},
        {"s_mov_b32 m0, 0x10400\ns_mov_b32 m0, 5 v2\n", "p.s:2: unexpected text after s_mov_b32 m0, IMM"},
        {"s_mov_b32 m0, 0x100000000\n", "p.s:1: s_mov_b32 m0: expected a 32-bit number"},
    };
    char err[128];
    for (size_t i = 0; i < sizeof BAD / sizeof BAD[0]; i++) {
        bool ok = fiu_program_parse(&p, FIU_ISA_GCN, 6, BAD[i].text, "p.s", err, sizeof err);
        CHECK(tc, !ok && strncmp(err, BAD[i].want, strlen(BAD[i].want)) == 0, "'%s': got '%s' want '%s'",
              BAD[i].text, ok ? "accepted" : err, BAD[i].want);
    }
    char *longp = malloc(1100);
    if (!longp)
        return;
    strcpy(longp, "s_mov_b32 m0, 1\n");
    size_t n = strlen(longp);
    memset(longp + n, ' ', 1000); /* a 1000-character second line */
    strcpy(longp + n + 1000, "\nv_interp_mov_f32 v0, p0, attr0.x\n");
    bool ok = fiu_program_parse(&p, FIU_ISA_GCN, 6, longp, "long.s", err, sizeof err);
    CHECK(tc, !ok && strcmp(err, "long.s:2: line too long") == 0, "long line: '%s'", ok ? "accepted" : err);
    free(longp);
}

int main(int argc, char **argv)
{
    int a = tb_args(argc, argv, "usage: test_exec\nThe seeds' snippets through the executor (docs/render.md).\n");
    if (a >= 0)
        return a;
    tb_checker tc = {"test_exec", 0, 0};
    uint64_t seed = 1616;
    printf("test_exec: seed %llu\n", (unsigned long long)seed);
    uint64_t rng = seed;
    fiu_state st;
    fiu_state_init(&st, 4096);
    seed000_persp(&tc, &st);
    seed000_pmul(&tc, &st);
    seed000_idx(&tc, &st);
    seed001(&tc, &st, &rng);
    helpers(&tc, &rng);
    fcmp_all(&tc);
    executor_edges(&tc, &st);
    char err[128];
    fiu_program p;
    CHECK(&tc, !fiu_program_parse(&p, FIU_ISA_NV, 0, "IPA R0, a[0x80];\n\nIPA.BAD R0, a[0];\n", "prog.nv", err, sizeof err) &&
                   strncmp(err, "prog.nv:3: ", 11) == 0,
          "bad program line: '%s'", err);
    CHECK(&tc, !fiu_program_parse(&p, FIU_ISA_GCN, 8, "s_mov_b32 m1, 0\n", "p.s", err, sizeof err) &&
                   strncmp(err, "p.s:1: ", 7) == 0,
          "bad s_mov: '%s'", err);
    fiu_state_free(&st);
    return tb_finish(&tc);
}
