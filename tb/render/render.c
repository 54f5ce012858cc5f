/* fiu-render: triangles to pixels through the fiu program layer (docs/render.md). Four scenes,
 * each two panels, rendered through the C model and through the Verilated fiu_top (the same
 * shader programs, the same executor, only the backend differs) and compared pixel for pixel. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fiu_exec.h"
#include "image.h"
#include "raster.h"
#include "rtl_backend.h"

enum { CHUNK = 256, TRAM_BASE = 0, LDS_OFFSET = 0x800, MAX_TRIS = 512 };

static const char USAGE[] =
    "usage: fiu-render [--size N] [--out DIR] [--backend both|model|rtl] [--seed N] [--help]\n"
    "       fiu-render --snippets [--seed N]\n"
    "\n"
    "Renders four scenes (docs/render.md), each two N x N panels side by side (image 2N x N):\n"
    "  checker   perspective-correct vs linear (noperspective) checkerboard plane (NV IPA.SC)\n"
    "  msaa      4x (--msaa) MSAA edge, CENTER vs CENTROID (NV IPA, extrapolated attributes in magenta)\n"
    "  alpha     alpha-tested pattern (IPA .ATEST), FLOAT32 vs UNORM8 (disagreements in magenta)\n"
    "  heatmap   ULP error per pixel of GCN v_interp_p1/p2 against double, fused vs unfused MAD\n"
    "through the C model and the Verilated RTL, and compares the images pixel for pixel.\n"
    "\n"
    "  --size N     panel size, even, 16..1024 (default 256)\n"
    "  --out DIR    where the PNGs go (default .); render-<scene>.png from the model, plus\n"
    "               render-<scene>-rtl.png when the RTL's image differs\n"
    "  --backend B  both (default), model or rtl\n"
    "  --msaa S     samples of the msaa scene: 1, 2, 4 (default), 8 or 16 (standard patterns)\n"
    "  --seed N     random initial RTL state (Verilator rand-reset) seed, default 1\n"
    "  --corrupt-rtl K  self-test of the comparison: flip bit 0 of lane 0's result in every\n"
    "               K-th RTL response (the run must then report differences)\n"
    "  --snippets   instead: the seeds' snippets (seed 000's IPA sequences, seed 001's\n"
    "               v_interp pairs, as written) on 8 quads through the executor on both\n"
    "               backends, every register and predicate compared; exit 1 on a difference\n"
    "\n"
    "Last line: \"render: N scenes, WxH, model vs RTL: D differing pixels; max error vs double:\n"
    "U ulp fused, V ulp unfused\". Exit 1 if D > 0 or a shader raised a status, 2 on usage.\n";

/* ---- fp32 helpers on bits (no host FPU in the pixel path) ---- */
static double b2d(uint32_t b)
{
    float f;
    memcpy(&f, &b, sizeof f);
    return f;
}

static int64_t f32_floor(uint32_t b)
{
    if ((b & 0x7FFFFFFFu) == 0 || (b & 0x7F800000u) == 0x7F800000u)
        return 0;
    int e = (int)(b >> 23 & 0xFF) - 127;
    uint32_t m = (b & 0x7FFFFFu) | 0x800000u;
    bool neg = b >> 31;
    if (e < 0)
        return neg ? -1 : 0;
    if (e > 30)
        return 0;
    if (e >= 23)
        return neg ? -((int64_t)m << (e - 23)) : (int64_t)m << (e - 23);
    int64_t ip = m >> (23 - e);
    bool frac = (m & ((1u << (23 - e)) - 1)) != 0;
    return neg ? -(ip + frac) : ip;
}

static uint8_t unorm8(uint32_t b) { return (uint8_t)fiu_alpha_unorm(b, 8); }

/* ---- panels ---- */
typedef struct panel panel;
typedef struct {
    const panel *pn;
    const rz_tri *tri;
    const fiu_state *st;
    const fiu_warp *w;
    unsigned lane;
    uint32_t I, J; /* GCN barycentrics given to the lane */
} shade_in;

struct panel {
    const char *label;
    fiu_isa isa;
    unsigned gfx;
    const char *prog;
    unsigned nattr;
    uint8_t interp[RZ_ATTRS];
    bool gcn_persp;
    unsigned samples;
    uint8_t alpha_func, alpha_format;
    uint32_t alpha_ref;
    bool fused;
    unsigned zoom;
    const rz_vertex *v; /* 3 per triangle */
    unsigned ntris;
    uint8_t bg[3];
    /* color of a surviving lane; may record per-pixel flags and statistics */
    void (*shade)(const shade_in *in, uint8_t rgb[3], void *stats);
    void *stats;
};

typedef struct {
    unsigned long requests, quads, pixels, killed;
    unsigned long long cycles;
    char error[256];
} panel_result;

static void render_panel(const panel *pn, fiu_backend *be, image *im, unsigned ox, unsigned pw, unsigned ph,
                         panel_result *res)
{
    memset(res, 0, sizeof *res);
    unsigned zoom = pn->zoom ? pn->zoom : 1;
    unsigned rw = (pw / zoom) & ~1u, rh = (ph / zoom) & ~1u;
    if (rw < 2)
        rw = 2;
    if (rh < 2)
        rh = 2;
    unsigned ns = pn->samples;
    uint8_t *buf = malloc((size_t)rw * rh * ns * 3);
    fiu_warp *warps = calloc(CHUNK, sizeof *warps);
    fiu_program prog;
    char err[256];
    fiu_state st;
    if (!buf || !warps || !fiu_state_init(&st, 4096)) {
        snprintf(res->error, sizeof res->error, "out of memory");
        free(buf), free(warps);
        return;
    }
    if (!fiu_program_parse(&prog, pn->isa, pn->gfx, pn->prog, pn->label, err, sizeof err)) {
        snprintf(res->error, sizeof res->error, "%s", err);
        free(buf), free(warps), fiu_state_free(&st);
        return;
    }
    for (size_t i = 0; i < (size_t)rw * rh * ns; i++)
        memcpy(&buf[3 * i], pn->bg, 3);
    fiu_state_samples_default(&st, ns);
    fiu_state_mode_write(&st, true, pn->fused);
    fiu_state_alpha_write(&st, pn->alpha_func, pn->alpha_format, pn->alpha_ref);
    rz_write_map(&st, pn->nattr, pn->interp);
    unsigned long req0 = be->requests;
    for (unsigned t = 0; t < pn->ntris && !res->error[0]; t++) {
        rz_tri tri;
        if (!rz_setup(&pn->v[3 * t], rw, rh, &tri))
            continue;
        rz_write_tram(&st, &tri, TRAM_BASE, pn->nattr, pn->interp);
        rz_write_lds(&st, &tri, LDS_OFFSET, pn->nattr, pn->interp);
        rz_bary bary;
        rz_bary_setup(&tri, &bary);
        rz_quad *q;
        size_t nq = rz_raster(&tri, &st.samples, rw, rh, &q);
        if (nq == SIZE_MAX) {
            snprintf(res->error, sizeof res->error, "out of memory");
            break;
        }
        res->quads += nq;
        for (size_t c0 = 0; c0 < nq; c0 += CHUNK) {
            size_t nc = nq - c0 < CHUNK ? nq - c0 : CHUNK;
            uint32_t I[CHUNK][4], J[CHUNK][4];
            for (size_t k = 0; k < nc; k++) {
                fiu_warp *w = &warps[k];
                fiu_warp_init(w, 4);
                w->m0 = LDS_OFFSET; /* newprimmask 0: one primitive */
                for (unsigned i = 0; i < 4; i++) {
                    fiu_lane *l = &w->lane[i];
                    l->px = (uint16_t)(q[c0 + k].qx + (i & 1));
                    l->py = (uint16_t)(q[c0 + k].qy + (i >> 1));
                    l->coverage = q[c0 + k].cov[i];
                    l->prim_base = TRAM_BASE;
                    l->prim_id = t;
                    l->front_face = tri.front;
                    /* GCN: I, J at the pixel center, from the fixed-function front end */
                    rz_bary_eval(&bary, pn->gcn_persp, fiu_coord_to_f32(l->px, 8), fiu_coord_to_f32(l->py, 8),
                                 &I[k][i], &J[k][i]);
                    w->r[i][0] = I[k][i];
                    w->r[i][1] = J[k][i];
                }
            }
            fiu_program_run_many(&prog, &st, be, warps, nc);
            for (size_t k = 0; k < nc && !res->error[0]; k++) {
                const fiu_warp *w = &warps[k];
                if (w->status != FIU_OK) {
                    snprintf(res->error, sizeof res->error, "%s: triangle %u: instruction %u (line %u): status %s",
                             pn->label, t, w->status_pc, prog.insn[w->status_pc].line,
                             fiu_status_name((fiu_status)w->status));
                    break;
                }
                for (unsigned i = 0; i < 4; i++) {
                    const fiu_lane *l = &w->lane[i];
                    if (!l->coverage || l->px >= rw || l->py >= rh)
                        continue;
                    if (w->kill >> i & 1) {
                        res->killed++;
                        continue;
                    }
                    res->pixels++;
                    uint8_t rgb[3];
                    shade_in in = {pn, &tri, &st, w, i, I[k][i], J[k][i]};
                    pn->shade(&in, rgb, pn->stats);
                    for (unsigned s = 0; s < ns; s++)
                        if (l->coverage >> s & 1)
                            memcpy(&buf[3 * (((size_t)l->py * rw + l->px) * ns + s)], rgb, 3);
                }
            }
        }
        free(q);
    }
    res->requests = be->requests - req0;
    /* resolve (box filter over the samples) and zoom into the panel */
    for (unsigned y = 0; y < ph; y++)
        for (unsigned x = 0; x < pw; x++) {
            unsigned sx = x / zoom, sy = y / zoom;
            uint8_t *o = &im->rgb[3 * ((size_t)y * im->w + ox + x)];
            if (sx >= rw || sy >= rh) {
                memcpy(o, pn->bg, 3);
                continue;
            }
            for (unsigned c = 0; c < 3; c++) {
                unsigned sum = 0;
                for (unsigned s = 0; s < ns; s++)
                    sum += buf[3 * (((size_t)sy * rw + sx) * ns + s) + c];
                o[c] = (uint8_t)((sum + ns / 2) / ns);
            }
        }
    fiu_program_free(&prog);
    fiu_state_free(&st);
    free(buf), free(warps);
}

/* ---- scene 1: checkerboard ---- */
static void shade_checker(const shade_in *in, uint8_t rgb[3], void *stats)
{
    (void)stats;
    uint32_t s = in->w->r[in->lane][0], t = in->w->r[in->lane][1];
    static const uint8_t DARK[3] = {38, 44, 70}, LIGHT[3] = {236, 226, 200};
    memcpy(rgb, (f32_floor(s) + f32_floor(t)) & 1 ? DARK : LIGHT, 3);
}

static const char PROG_CHECKER[] = "# seed 000's perspective sequence, mode from the attribute map (SC)\n"
                                   "IPA.PASS R4, a[0x7c];      # 1/w\n"
                                   "MUFU.RCP R4, R4;           # w\n"
                                   "IPA.SC   R0, a[0x80], R4;  # s: MUL (perspective) or PASS (linear)\n"
                                   "IPA.SC   R1, a[0x84], R4;  # t\n";

static void ground(rz_vertex *v, double x, double z)
{
    memset(v, 0, sizeof *v);
    v->x = 1.3 * x;
    v->y = -1.6 + 0.72 * z; /* camera tilted down: horizon near the top */
    v->z = z;
    v->w = z;
    v->a[0][0] = x / 1.5 + 8;
    v->a[0][1] = z / 1.5;
}

/* ---- scene 2: MSAA centroid ---- */
typedef struct {
    unsigned long extrapolated;
} msaa_stats;

static void shade_msaa(const shade_in *in, uint8_t rgb[3], void *stats)
{
    msaa_stats *ms = stats;
    uint32_t u = in->w->r[in->lane][0], v = in->w->r[in->lane][1];
    /* outside the texture: below 0 or above 1 (bit compares; -0 is inside) */
    bool outside = (u > 0x80000000u) || (v > 0x80000000u) || (u > 0x3F800000u && u < 0x80000000u) ||
                   (v > 0x3F800000u && v < 0x80000000u);
    if (outside) {
        ms->extrapolated++;
        rgb[0] = 255, rgb[1] = 0, rgb[2] = 255;
        return;
    }
    rgb[0] = (uint8_t)(40 + unorm8(u) * 3 / 4);
    rgb[1] = (uint8_t)(40 + unorm8(v) * 3 / 4);
    rgb[2] = 110;
}

/* ---- scene 3: alpha ---- */
typedef struct {
    uint8_t *alive; /* per render pixel: 1 survived */
    unsigned rw;
} alpha_stats;

static void shade_alpha(const shade_in *in, uint8_t rgb[3], void *stats)
{
    alpha_stats *as = stats;
    const fiu_lane *l = &in->w->lane[in->lane];
    as->alive[(size_t)l->py * as->rw + l->px] = 1;
    uint32_t u = in->w->r[in->lane][0];
    rgb[0] = (uint8_t)(60 + unorm8(u) / 2);
    rgb[1] = (uint8_t)(150 + unorm8(u) / 3);
    rgb[2] = 90;
}

static const char PROG_ALPHA[] = "IPA.PASS.ATEST R3, a[0x8c];  # alpha, chained alpha test (kills)\n"
                                 "IPA.PASS R0, a[0x80];        # colour ramp\n";

/* ---- scene 4: heatmap ---- */
typedef struct {
    double max_ulp, max_e2e;
    unsigned long bins[8];
} heat_stats;

static const double HEAT_EDGES[7] = {0.25, 0.5, 1, 2, 4, 8, 16};
static const uint8_t HEAT_COL[8][3] = {{20, 20, 90},  {40, 70, 170}, {30, 150, 160}, {60, 190, 80},
                                       {210, 210, 40}, {240, 140, 30}, {220, 40, 30},  {255, 255, 255}};
static const char *const HEAT_LBL[8] = {"<.25", "<.5", "<1", "<2", "<4", "<8", "<16", ">16"};

static double ulp_of(double r)
{
    if (r == 0)
        return ldexp(1.0, -149);
    int e;
    frexp(fabs(r), &e);
    return ldexp(1.0, (e - 1) - 23 < -149 ? -149 : (e - 1) - 23);
}

static void shade_heat(const shade_in *in, uint8_t rgb[3], void *stats)
{
    heat_stats *hs = stats;
    /* the same fp32 inputs the unit got, evaluated in double: P0 + I*P10 + J*P20 (attr 0 .x) */
    const uint32_t *lds = &in->st->ram[LDS_OFFSET / 4];
    double ref = b2d(lds[0]) + b2d(in->I) * b2d(lds[1]) + b2d(in->J) * b2d(lds[8]);
    double got = b2d(in->w->r[in->lane][2]);
    double e = fabs(got - ref) / ulp_of(ref);
    const fiu_lane *l = &in->w->lane[in->lane];
    double exact = rz_reference(in->tri, 0, 0, FIU_INTERP_PERSPECTIVE, l->px + 0.5, l->py + 0.5);
    double e2e = fabs(got - exact) / ulp_of(exact);
    if (e > hs->max_ulp)
        hs->max_ulp = e;
    if (e2e > hs->max_e2e)
        hs->max_e2e = e2e;
    unsigned b = 0;
    while (b < 7 && e >= HEAT_EDGES[b])
        b++;
    hs->bins[b]++;
    memcpy(rgb, HEAT_COL[b], 3);
}

static const char PROG_HEAT[] = "; seed 001: I in v0, J in v1 (perspective), attribute 0 .x\n"
                                "s_mov_b32 m0, 0x800\n"
                                "v_interp_p1_f32 v2, v0, attr0.x\n"
                                "v_interp_p2_f32 v2, v1, attr0.x\n";

/* ---- scenes ---- */
typedef struct {
    rz_vertex checker[6], msaa[6], heat[6];
    rz_vertex alpha[MAX_TRIS * 3];
    unsigned alpha_tris;
} geometry;

static void build_geometry(geometry *g)
{
    memset(g, 0, sizeof *g);
    rz_vertex c[4];
    ground(&c[0], -6, 1.2), ground(&c[1], 6, 1.2), ground(&c[2], 6, 40), ground(&c[3], -6, 40);
    const int QUAD[6] = {0, 1, 2, 0, 2, 3};
    for (int i = 0; i < 6; i++)
        g->checker[i] = c[QUAD[i]];
    /* MSAA: a texture-mapped quad (two triangles), (u, v) in [0, 1]^2 inside */
    const double M[4][2] = {{-0.83, -0.71}, {0.77, -0.38}, {0.52, 0.81}, {-0.64, 0.55}};
    const double UV[4][2] = {{0, 0}, {1, 0}, {1, 1}, {0, 1}};
    for (int i = 0; i < 6; i++) {
        rz_vertex *v = &g->msaa[i];
        v->x = M[QUAD[i]][0], v->y = M[QUAD[i]][1], v->z = 0.5, v->w = 1;
        v->a[0][0] = UV[QUAD[i]][0];
        v->a[0][1] = UV[QUAD[i]][1];
    }
    /* alpha: a 16x16 grid, alpha = 0.5 + 0.02 * a smooth pattern (about 5 UNORM8 steps) */
    unsigned n = 16;
    g->alpha_tris = 0;
    for (unsigned j = 0; j < n; j++)
        for (unsigned i = 0; i < n; i++) {
            rz_vertex q[4];
            for (int k = 0; k < 4; k++) {
                unsigned vi = i + (k == 1 || k == 2), vj = j + (k >= 2);
                rz_vertex *v = &q[k];
                memset(v, 0, sizeof *v);
                v->x = -1 + 2.0 * vi / n, v->y = -1 + 2.0 * vj / n, v->z = 0.5, v->w = 1;
                double px = (double)vi / n, py = (double)vj / n;
                v->a[0][0] = px;
                v->a[0][3] = 0.5 + 0.02 * cos(11.0 * px + 4.0 * py) * sin(9.0 * py - 3.0 * px + 0.3);
            }
            const int T[6] = {0, 1, 2, 0, 2, 3};
            for (int k = 0; k < 6; k++)
                g->alpha[3 * g->alpha_tris + k] = q[T[k]];
            g->alpha_tris += 2;
        }
    /* heatmap: a perspective quad, attribute 10 -> 0.6 (cancellation towards the low corner) */
    const double H[4][4] = {{-0.9, -0.95, 1.0, 10.0}, {0.95, -0.8, 1.6, 0.6}, {0.7, 0.9, 3.5, 3.3},
                            {-0.85, 0.75, 2.4, 7.1}};
    for (int i = 0; i < 6; i++) {
        rz_vertex *v = &g->heat[i];
        const double *h = H[QUAD[i]];
        v->w = h[2];
        v->x = h[0] * h[2], v->y = h[1] * h[2], v->z = 0.5;
        v->a[0][0] = h[3];
    }
}

typedef struct {
    const char *name, *title[2];
    panel p[2];
} scene;

typedef struct {
    unsigned long extrapolated[2];
    unsigned long alpha_alive[2], alpha_disagree;
    heat_stats heat[2];
    unsigned long requests;
    unsigned long long cycles;
} totals;

/* Renders scene sc with backend be into im (2 panels of n x n). */
static bool render_scene(scene *sc, fiu_backend *be, image *im, unsigned n, totals *tot, char *err, size_t errn)
{
    alpha_stats as[2];
    msaa_stats ms[2] = {{0}, {0}};
    heat_stats hs[2];
    memset(hs, 0, sizeof hs);
    for (int k = 0; k < 2; k++) {
        as[k].rw = (n / (sc->p[k].zoom ? sc->p[k].zoom : 1)) & ~1u;
        as[k].alive = calloc((size_t)n * n, 1);
        if (sc->p[k].shade == shade_alpha)
            sc->p[k].stats = &as[k];
        else if (sc->p[k].shade == shade_msaa)
            sc->p[k].stats = &ms[k];
        else if (sc->p[k].shade == shade_heat)
            sc->p[k].stats = &hs[k];
    }
    bool ok = true;
    for (int k = 0; k < 2 && ok; k++) {
        panel_result r;
        render_panel(&sc->p[k], be, im, k * n, n, n, &r);
        if (r.error[0]) {
            snprintf(err, errn, "%s", r.error);
            ok = false;
        }
        tot->requests += r.requests;
    }
    if (ok && sc->p[0].shade == shade_alpha) {
        unsigned long d = 0;
        for (unsigned y = 0; y < as[0].rw; y++)
            for (unsigned x = 0; x < as[0].rw; x++) {
                size_t i = (size_t)y * as[0].rw + x;
                tot->alpha_alive[0] += as[0].alive[i], tot->alpha_alive[1] += as[1].alive[i];
                if (as[0].alive[i] != as[1].alive[i]) {
                    d++;
                    static const uint8_t MAG[3] = {255, 0, 255};
                    image_fill(im, n + x, y, 1, 1, MAG);
                }
            }
        tot->alpha_disagree = d;
    }
    if (ok && sc->p[0].shade == shade_msaa)
        tot->extrapolated[0] = ms[0].extrapolated, tot->extrapolated[1] = ms[1].extrapolated;
    if (ok && sc->p[0].shade == shade_heat) {
        tot->heat[0] = hs[0], tot->heat[1] = hs[1];
        /* legend: a strip at the bottom of each panel */
        unsigned s = n >= 192 ? 2 : 1, bw = n / 8, bh = 9 * s, y0 = n - bh - 2;
        for (int k = 0; k < 2; k++)
            for (unsigned b = 0; b < 8; b++) {
                image_fill(im, k * n + b * bw, y0, bw, bh, HEAT_COL[b]);
                static const uint8_t W[3] = {255, 255, 255};
                unsigned ls = image_text_width(HEAT_LBL[b], s) + 2 <= bw ? s : 1;
                if (n >= 96)
                    image_text(im, k * n + b * bw + 1, y0 + s, ls, HEAT_LBL[b], W);
            }
        if (n >= 96) {
            static const uint8_t W[3] = {255, 255, 255};
            unsigned s2 = n >= 192 ? 2 : 1;
            image_text(im, 2, n - bh - 2 - 8 * s2, s2, "ULP VS DOUBLE", W);
        }
    }
    /* panel titles */
    unsigned ts = n >= 192 ? 2 : 1;
    if (n >= 64)
        for (int k = 0; k < 2; k++) {
            static const uint8_t Y[3] = {255, 230, 120};
            image_text(im, k * n + 2, 2, ts, sc->title[k], Y);
        }
    for (int k = 0; k < 2; k++)
        free(as[k].alive), sc->p[k].stats = NULL;
    return ok;
}

static void make_scenes(scene sc[4], const geometry *g, unsigned msaa, char titles[2][32])
{
    memset(sc, 0, 4 * sizeof *sc);
    const uint8_t BG[3] = {70, 80, 96};
    /* checker */
    sc[0].name = "checker";
    sc[0].title[0] = "PERSPECTIVE (IPA.MUL)";
    sc[0].title[1] = "LINEAR (IPA.PASS)";
    for (int k = 0; k < 2; k++) {
        panel *p = &sc[0].p[k];
        p->label = "checker", p->isa = FIU_ISA_NV, p->prog = PROG_CHECKER, p->nattr = 1;
        p->interp[0] = k == 0 ? FIU_INTERP_PERSPECTIVE : FIU_INTERP_LINEAR;
        p->samples = 1, p->alpha_func = FIU_ALPHA_ALWAYS, p->zoom = 1;
        p->v = g->checker, p->ntris = 2, p->shade = shade_checker;
        memcpy(p->bg, (uint8_t[3]){120, 160, 210}, 3);
    }
    /* msaa */
    sc[1].name = "msaa";
    snprintf(titles[0], 32, "%uX CENTER", msaa);
    snprintf(titles[1], 32, "%uX CENTROID", msaa);
    sc[1].title[0] = titles[0];
    sc[1].title[1] = titles[1];
    for (int k = 0; k < 2; k++) {
        panel *p = &sc[1].p[k];
        p->label = "msaa", p->isa = FIU_ISA_NV, p->nattr = 1, p->interp[0] = FIU_INTERP_LINEAR;
        p->prog = k == 0 ? "IPA.PASS R0, a[0x80];\nIPA.PASS R1, a[0x84];\n"
                         : "IPA.PASS.CENTROID R0, a[0x80];\nIPA.PASS.CENTROID R1, a[0x84];\n";
        p->samples = msaa, p->alpha_func = FIU_ALPHA_ALWAYS, p->zoom = 8;
        p->v = g->msaa, p->ntris = 2, p->shade = shade_msaa;
        memcpy(p->bg, BG, 3);
    }
    /* alpha */
    sc[2].name = "alpha";
    sc[2].title[0] = "ALPHA > 0.5 FLOAT32";
    sc[2].title[1] = "UNORM8 (DIFF MAGENTA)";
    for (int k = 0; k < 2; k++) {
        panel *p = &sc[2].p[k];
        p->label = "alpha", p->isa = FIU_ISA_NV, p->prog = PROG_ALPHA, p->nattr = 1, p->interp[0] = FIU_INTERP_LINEAR;
        p->samples = 1, p->alpha_func = FIU_ALPHA_GREATER, p->alpha_ref = 0x3F000000u, p->zoom = 1;
        p->alpha_format = k == 0 ? FIU_AFMT_FLOAT32 : FIU_AFMT_UNORM8;
        p->v = g->alpha, p->ntris = g->alpha_tris, p->shade = shade_alpha;
        memcpy(p->bg, (uint8_t[3]){30, 30, 40}, 3);
    }
    /* heatmap */
    sc[3].name = "heatmap";
    sc[3].title[0] = "GCN FUSED (FMA)";
    sc[3].title[1] = "GCN UNFUSED (MAD)";
    for (int k = 0; k < 2; k++) {
        panel *p = &sc[3].p[k];
        p->label = "heatmap", p->isa = FIU_ISA_GCN, p->gfx = 8, p->prog = PROG_HEAT, p->nattr = 1;
        p->interp[0] = FIU_INTERP_PERSPECTIVE, p->gcn_persp = true;
        p->samples = 1, p->alpha_func = FIU_ALPHA_ALWAYS, p->zoom = 1, p->fused = k == 0;
        p->v = g->heat, p->ntris = 2, p->shade = shade_heat;
        memcpy(p->bg, BG, 3);
    }
}

/* ---- the seeds' snippets, as written, on both backends (--snippets) ---- */
static const struct {
    const char *name;
    fiu_isa isa;
    unsigned gfx;
    const char *text;
} SNIPPETS[] = {
    {"seed000-persp", FIU_ISA_NV, 0,
     "IPA.PASS R4, a[0x7c];           # interpolate WPOS.w = 1/w\n"
     "MUFU.RCP R4, R4;                # w\n"
     "IPA.MUL  R0, a[0x300], R4;      # s: interpolate TEX0.s = s/w, multiply by w\n"
     "IPA.MUL  R1, a[0x304], R4;      # t: interpolate TEX0.t = t/w, multiply by w\n"},
    {"seed000-pmul", FIU_ISA_NV, 0,
     "IPA.PASS R1, a[ 0x7c];          # WPOS.w\n"
     "FCMP.NE  P0, R1, 1.0;\n"
     "MUFU.RCP R1, R1;\n"
     "IPA.MUL  R0, a[0x300], R1, P0;  # TEX0.s\n"
     "IPA.MUL  R1, a[0x304], R1, P0;  # TEX0.t\n"},
    {"seed000-idx", FIU_ISA_NV, 0,
     "MOV R6, 0x300;\n"
     "AL2P         P0, R5, R6,     0;\n"
     "IPA.IDX.PASS R2,     a[R5], P0; # indexed IPA, with attribute pointed to by R6\n"},
    {"seed001-gfx6", FIU_ISA_GCN, 6,
     "s_mov_b32 m0, 0x10400\n"
     "v_interp_p1_f32 v2, v0, attr0.x\n"
     "v_interp_p2_f32 v2, v1, attr0.x\n"
     "v_interp_mov_f32 v3, p0, attr1.y\n"
     "v_interp_mov_f32 v4, p10, attr1.y\n"
     "v_interp_mov_f32 v5, p20, attr1.y\n"},
    {"seed001-gfx8", FIU_ISA_GCN, 8,
     "s_mov_b32 m0, 0x10400\n"
     "v_interp_p1_f32 v2, v0, attr2.w\n"
     "v_interp_p2_f32 v2, v1, attr2.w\n"},
};

static int run_snippets(fiu_backend *bm, fiu_backend *br)
{
    fiu_state st;
    if (!fiu_state_init(&st, 4096))
        return 1;
    uint64_t x = 0x5EED0001u; /* xorshift: the plane and register data */
    for (uint32_t a = 0; a < 4096; a++) {
        x ^= x << 13, x ^= x >> 7, x ^= x << 17;
        /* values k/64, k in -1000..1000; 1/w planes positive (C in 0.25..16, A = B = small) */
        int k = (int)(x % 2001) - 1000;
        float f = (float)k / 64.0f;
        uint32_t b;
        memcpy(&b, &f, 4);
        fiu_state_ram_write(&st, a, b);
    }
    /* prim slots at 16 and 40: plane 0 = 1/w with A = B = 0 and C = 1 or 0.5 (Pmul split) */
    const uint32_t Q[2][3] = {{0, 0, 0x3F800000u}, {0x3A800000u, 0x3A000000u, 0x3F000000u}};
    for (int p = 0; p < 2; p++)
        for (int j = 0; j < 3; j++)
            fiu_state_ram_write(&st, (p ? 40u : 16u) + j, Q[p][j]);
    fiu_state_map_write(&st, 0x7c / 4, true, 0, FIU_INTERP_LINEAR);
    fiu_state_map_write(&st, 0x300 / 4, true, 1, FIU_INTERP_PERSPECTIVE);
    fiu_state_map_write(&st, 0x304 / 4, true, 2, FIU_INTERP_PERSPECTIVE);
    unsigned long warps = 0, mismatches = 0, bad_status = 0;
    fiu_warp *w[2];
    w[0] = calloc(8, sizeof(fiu_warp));
    w[1] = calloc(8, sizeof(fiu_warp));
    for (unsigned s = 0; s < sizeof SNIPPETS / sizeof SNIPPETS[0]; s++) {
        fiu_program prog;
        char err[256];
        if (!fiu_program_parse(&prog, SNIPPETS[s].isa, SNIPPETS[s].gfx, SNIPPETS[s].text, SNIPPETS[s].name, err,
                               sizeof err)) {
            fprintf(stderr, "fiu-render: %s\n", err);
            bad_status++;
            continue;
        }
        for (int fused = 0; fused <= 1; fused++) {
            fiu_state_mode_write(&st, true, fused);
            for (int b = 0; b < 2; b++)
                for (unsigned k = 0; k < 8; k++) {
                    fiu_warp *v = &w[b][k];
                    fiu_warp_init(v, 4);
                    v->wave_lane0 = (uint8_t)(4 * k);
                    for (unsigned i = 0; i < 4; i++) {
                        v->lane[i].px = (uint16_t)(2 * k + (i & 1) + 100);
                        v->lane[i].py = (uint16_t)(3 * k + (i >> 1));
                        v->lane[i].prim_base = (k + i) % 3 == 0 ? 40 : 16; /* mixed: Pmul differs */
                        uint32_t I = 0x3E000000u + 0x1000u * (k * 4 + i), J = 0x3D800000u + 0x2345u * (k + i);
                        v->r[i][0] = I, v->r[i][1] = J;
                    }
                }
            fiu_program_run_many(&prog, &st, bm, w[0], 8);
            fiu_program_run_many(&prog, &st, br, w[1], 8);
            for (unsigned k = 0; k < 8; k++) {
                warps++;
                bad_status += w[0][k].status != FIU_OK;
                if (memcmp(w[0][k].r, w[1][k].r, sizeof w[0][k].r) || memcmp(w[0][k].p, w[1][k].p, sizeof w[0][k].p) ||
                    w[0][k].kill != w[1][k].kill || w[0][k].status != w[1][k].status) {
                    mismatches++;
                    fprintf(stderr, "fiu-render: %s fused %d warp %u: model and RTL registers differ\n",
                            SNIPPETS[s].name, fused, k);
                }
            }
        }
        printf("  %-14s %u instructions, model vs RTL registers equal on 16 quads\n", SNIPPETS[s].name,
               prog.count);
        fiu_program_free(&prog);
    }
    free(w[0]), free(w[1]);
    fiu_state_free(&st);
    printf("fiu-render snippets: %u programs, %lu quads, %lu+%lu requests, %lu mismatching quads, %lu non-OK\n",
           (unsigned)(sizeof SNIPPETS / sizeof SNIPPETS[0]), warps, bm->requests, br->requests, mismatches,
           bad_status);
    return mismatches || bad_status ? 1 : 0;
}

static bool parse_uint(const char *s, unsigned long max, unsigned long *v)
{
    char *end;
    if (*s < '0' || *s > '9')
        return false;
    errno = 0;
    *v = strtoul(s, &end, 0);
    return errno == 0 && *end == '\0' && *v <= max;
}

int main(int argc, char **argv)
{
    unsigned long size = 256, seed = 1, corrupt = 0, msaa = 4;
    const char *out = ".", *backend = "both";
    bool snippets = false;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        bool has = i + 1 < argc;
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            fputs(USAGE, stdout);
            return 0;
        } else if (!strcmp(a, "--size") && has) {
            if (!parse_uint(argv[++i], 1024, &size) || size < 16 || size % 2) {
                fprintf(stderr, "fiu-render: bad --size '%s' (even, 16..1024)\n", argv[i]);
                return 2;
            }
        } else if (!strcmp(a, "--msaa") && has) {
            if (!parse_uint(argv[++i], 16, &msaa) || !fiu_sample_count_supported((uint32_t)msaa)) {
                fprintf(stderr, "fiu-render: bad --msaa '%s' (1, 2, 4, 8 or 16)\n", argv[i]);
                return 2;
            }
        } else if (!strcmp(a, "--corrupt-rtl") && has) {
            if (!parse_uint(argv[++i], 0xFFFFFFFFul, &corrupt)) {
                fprintf(stderr, "fiu-render: bad --corrupt-rtl '%s'\n", argv[i]);
                return 2;
            }
        } else if (!strcmp(a, "--snippets")) {
            snippets = true;
        } else if (!strcmp(a, "--out") && has) {
            out = argv[++i];
        } else if (!strcmp(a, "--backend") && has) {
            backend = argv[++i];
            if (strcmp(backend, "both") && strcmp(backend, "model") && strcmp(backend, "rtl")) {
                fprintf(stderr, "fiu-render: bad --backend '%s' (both, model or rtl)\n", backend);
                return 2;
            }
        } else if (!strcmp(a, "--seed") && has) {
            if (!parse_uint(argv[++i], 0xFFFFFFFFul, &seed)) {
                fprintf(stderr, "fiu-render: bad --seed '%s'\n", argv[i]);
                return 2;
            }
        } else {
            fprintf(stderr, "fiu-render: unknown or incomplete argument '%s' (try --help)\n", a);
            return 2;
        }
    }
    bool use_model = strcmp(backend, "rtl") != 0, use_rtl = strcmp(backend, "model") != 0;
    if (snippets) {
        rtl_backend *r = rtl_backend_new(seed);
        fiu_backend bm, br;
        if (!r)
            return 1;
        fiu_backend_model(&bm);
        rtl_backend_bind(r, &br);
        rtl_backend_corrupt(r, corrupt);
        printf("fiu-render --snippets: rand-reset seed %lu\n", seed);
        int rc = run_snippets(&bm, &br);
        if (rtl_backend_error(r)[0]) {
            fprintf(stderr, "fiu-render: RTL: %s\n", rtl_backend_error(r));
            rc = 1;
        }
        rtl_backend_free(r);
        return rc;
    }
    mkdir(out, 0777);
    unsigned n = (unsigned)size;
    printf("fiu-render: panel %ux%u, image %ux%u, backend %s, RTL LANES=%u, rand-reset seed %lu\n", n, n, 2 * n, n,
           backend, rtl_backend_lanes(), seed);
    geometry *g = malloc(sizeof *g);
    scene sc[4];
    if (!g) {
        fprintf(stderr, "fiu-render: out of memory\n");
        return 1;
    }
    build_geometry(g);
    char titles[2][32];
    make_scenes(sc, g, (unsigned)msaa, titles);
    rtl_backend *rtl = use_rtl ? rtl_backend_new(seed) : NULL;
    if (use_rtl && !rtl) {
        fprintf(stderr, "fiu-render: cannot create the RTL model\n");
        return 1;
    }
    fiu_backend bm, br;
    fiu_backend_model(&bm);
    if (rtl)
        rtl_backend_bind(rtl, &br), rtl_backend_corrupt(rtl, corrupt);
    unsigned long diff_total = 0;
    bool failed = false;
    totals tm, tr;
    memset(&tm, 0, sizeof tm), memset(&tr, 0, sizeof tr);
    for (int s = 0; s < 4; s++) {
        image im_m = {0}, im_r = {0};
        char err[256] = "", path[1024];
        bool okm = true, okr = true;
        if (use_model) {
            okm = image_new(&im_m, 2 * n, n) && render_scene(&sc[s], &bm, &im_m, n, &tm, err, sizeof err);
            if (!okm) {
                fprintf(stderr, "fiu-render: %s (model): %s\n", sc[s].name, err);
                failed = true;
            }
        }
        if (use_rtl) {
            okr = image_new(&im_r, 2 * n, n) && render_scene(&sc[s], &br, &im_r, n, &tr, err, sizeof err);
            if (!okr || rtl_backend_error(rtl)[0]) {
                fprintf(stderr, "fiu-render: %s (RTL): %s %s\n", sc[s].name, err, rtl_backend_error(rtl));
                failed = true, okr = false;
            }
        }
        unsigned long d = 0;
        if (use_model && use_rtl && okm && okr) {
            for (size_t p = 0; p < (size_t)2 * n * n; p++)
                d += memcmp(&im_m.rgb[3 * p], &im_r.rgb[3 * p], 3) != 0;
            diff_total += d;
        }
        const image *main_im = use_model ? &im_m : &im_r;
        snprintf(path, sizeof path, "%s/render-%s.png", out, sc[s].name);
        if ((use_model ? okm : okr) && !image_write_png(main_im, path))
            failed = true;
        if (d) {
            snprintf(path, sizeof path, "%s/render-%s-rtl.png", out, sc[s].name);
            image_write_png(&im_r, path);
        }
        const totals *t = use_model ? &tm : &tr;
        printf("  %-8s %s/render-%s.png  model vs RTL: %lu differing pixels", sc[s].name, out, sc[s].name, d);
        if (s == 1)
            printf("; extrapolated shaded pixels: CENTER %lu, CENTROID %lu", t->extrapolated[0], t->extrapolated[1]);
        if (s == 2)
            printf("; surviving pixels: FLOAT32 %lu, UNORM8 %lu, disagree %lu", t->alpha_alive[0], t->alpha_alive[1],
                   t->alpha_disagree);
        if (s == 3)
            printf("; unit error vs double max %.3f / %.3f ulp (fused/unfused), end-to-end vs exact attribute "
                   "%.2f / %.2f ulp",
                   t->heat[0].max_ulp, t->heat[1].max_ulp, t->heat[0].max_e2e, t->heat[1].max_e2e);
        printf("\n");
        image_free(&im_m), image_free(&im_r);
    }
    if (use_rtl)
        printf("fiu-render: RTL %lu requests in %llu clocks, %lu configuration writes\n", tr.requests,
               rtl_backend_cycles(rtl), rtl_backend_cfg_writes(rtl));
    if (use_model)
        printf("fiu-render: model %lu requests\n", tm.requests);
    const totals *t = use_model ? &tm : &tr;
    char cmp[64];
    if (use_model && use_rtl)
        snprintf(cmp, sizeof cmp, "%lu differing pixels", diff_total);
    else
        snprintf(cmp, sizeof cmp, "not compared (--backend %s)", backend);
    printf("render: 4 scenes, %ux%u, model vs RTL: %s; max error vs double: %.2f ulp fused, %.2f ulp unfused\n",
           2 * n, n, cmp, t->heat[0].max_ulp, t->heat[1].max_ulp);
    rtl_backend_free(rtl);
    free(g);
    return failed || diff_total ? 1 : 0;
}
