/* Triangle setup and rasterizer tests (docs/render.md): the top-left rule (every sample of a
 * mesh covered exactly once; edge samples in for top/left, out for bottom/right), coverage
 * against an independent double-precision point test, both plane layouts through the unit. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "raster.h"
#include "splitmix64.h"

static rz_vertex vtx(double x, double y, double w)
{
    rz_vertex v;
    memset(&v, 0, sizeof v);
    v.x = x * w, v.y = y * w, v.z = 0, v.w = w;
    return v;
}

/* NDC of a screen position in 1/16 pixel for a W x H viewport (exactly invertible). */
static rz_vertex at16(int X, int Y, unsigned W, unsigned H)
{
    return vtx(X / 16.0 / W * 2 - 1, 1 - Y / 16.0 / H * 2, 1);
}

/* custom: a programmed table (random positions, VK_EXT_sample_locations style) instead of the
 * standard pattern */
static void mesh_once(tb_checker *tc, uint64_t *rng, unsigned ns, bool custom)
{
    const unsigned W = 32, H = 32;
    fiu_state st;
    fiu_state_init(&st, 16);
    fiu_state_samples_default(&st, ns);
    if (custom) {
        uint8_t x[16], y[16];
        for (unsigned s = 0; s < 16; s++)
            x[s] = (uint8_t)(splitmix64(rng) % 16), y[s] = (uint8_t)(splitmix64(rng) % 16);
        CHECK(tc, fiu_state_samples_write(&st, ns, x, y, NULL), "programmed table");
    }
    /* a jittered grid of 6x6 cells on sample-grid-aligned points, each cell split on a random diagonal */
    int gx[7][7], gy[7][7];
    for (int j = 0; j <= 6; j++)
        for (int i = 0; i <= 6; i++) {
            bool border = i == 0 || j == 0 || i == 6 || j == 6;
            gx[j][i] = 16 * (2 + 4 * i) + (border ? 0 : (int)(splitmix64(rng) % 33) - 16);
            gy[j][i] = 16 * (2 + 4 * j) + (border ? 0 : (int)(splitmix64(rng) % 33) - 16);
            if (splitmix64(rng) % 2 && !border) /* on a sample row/column */
                gx[j][i] = gx[j][i] / 16 * 16 + 8;
        }
    static uint8_t hits[32][32][16];
    memset(hits, 0, sizeof hits);
    for (int j = 0; j < 6; j++)
        for (int i = 0; i < 6; i++) {
            int c[4][2] = {{gx[j][i], gy[j][i]},
                           {gx[j][i + 1], gy[j][i + 1]},
                           {gx[j + 1][i + 1], gy[j + 1][i + 1]},
                           {gx[j + 1][i], gy[j + 1][i]}};
            int d = (int)(splitmix64(rng) % 2);
            int T[2][3] = {{0, 1, 2 + d}, {0 + d, 2, 3}};
            if (d)
                T[0][0] = 0, T[0][1] = 1, T[0][2] = 3, T[1][0] = 1, T[1][1] = 2, T[1][2] = 3;
            for (int t = 0; t < 2; t++) {
                rz_vertex v[3];
                for (int k = 0; k < 3; k++)
                    v[k] = at16(c[T[t][k]][0], c[T[t][k]][1], W, H);
                if (splitmix64(rng) % 2) { /* either winding */
                    rz_vertex s = v[1];
                    v[1] = v[2], v[2] = s;
                }
                rz_tri tri;
                if (!rz_setup(v, W, H, &tri))
                    continue;
                rz_quad *q;
                size_t n = rz_raster(&tri, &st.samples, W, H, &q);
                for (size_t k = 0; k < n; k++)
                    for (int l = 0; l < 4; l++)
                        for (unsigned s = 0; s < ns; s++)
                            if (q[k].cov[l] >> s & 1)
                                hits[q[k].qy + (l >> 1)][q[k].qx + (l & 1)][s]++;
                free(q);
            }
        }
    /* inside the mesh's outer box (2..26 pixels, exclusive of its border) exactly once */
    unsigned long checked = 0;
    for (int y = 0; y < 32; y++)
        for (int x = 0; x < 32; x++)
            for (unsigned s = 0; s < ns; s++) {
                int X = 16 * x + st.samples.x[s], Y = 16 * y + st.samples.y[s];
                bool in = X > 32 && X < 16 * 26 && Y > 32 && Y < 16 * 26;
                bool out = X < 32 || X > 16 * 26 || Y < 32 || Y > 16 * 26;
                if (in) {
                    CHECK(tc, hits[y][x][s] == 1, "%u samples: pixel (%d,%d) sample %u covered %u times", ns, x, y, s,
                          hits[y][x][s]);
                    checked++;
                } else if (out) {
                    CHECK(tc, hits[y][x][s] == 0, "outside sample covered");
                }
            }
    CHECK(tc, checked > 500 * ns, "enough samples checked (%lu)", checked);
    fiu_state_free(&st);
}

static void edges(tb_checker *tc)
{
    /* square of two triangles from (4,4) to (8,8) pixels with corners on pixel centers + 0.5:
     * sample centers exactly on all four edges */
    const unsigned W = 16, H = 16;
    fiu_state st;
    fiu_state_init(&st, 16);
    int x0 = 4 * 16 + 8, x1 = 8 * 16 + 8, y0 = 4 * 16 + 8, y1 = 8 * 16 + 8;
    rz_vertex a[3] = {at16(x0, y0, W, H), at16(x1, y0, W, H), at16(x1, y1, W, H)};
    rz_vertex b[3] = {at16(x0, y0, W, H), at16(x1, y1, W, H), at16(x0, y1, W, H)};
    bool cov[16][16] = {{false}};
    for (int t = 0; t < 2; t++) {
        rz_tri tri;
        CHECK(tc, rz_setup(t ? b : a, W, H, &tri), "setup");
        rz_quad *q;
        size_t n = rz_raster(&tri, &st.samples, W, H, &q);
        for (size_t k = 0; k < n; k++)
            for (int l = 0; l < 4; l++)
                if (q[k].cov[l])
                    cov[q[k].qy + (l >> 1)][q[k].qx + (l & 1)] = true;
        free(q);
    }
    /* top edge y = 4 and left edge x = 4 in; bottom y = 8 and right x = 8 out: pixels 4..7 */
    for (int y = 0; y < 16; y++)
        for (int x = 0; x < 16; x++)
            CHECK(tc, cov[y][x] == (x >= 4 && x <= 7 && y >= 4 && y <= 7), "pixel (%d,%d) coverage %d", x, y,
                  cov[y][x]);
    /* orientation: front for counter-clockwise NDC input */
    rz_tri tri;
    rz_vertex ccw[3] = {vtx(-0.5, -0.5, 1), vtx(0.5, -0.5, 1), vtx(0, 0.5, 1)};
    CHECK(tc, rz_setup(ccw, W, H, &tri) && tri.front, "CCW is front");
    rz_vertex cw[3] = {ccw[0], ccw[2], ccw[1]};
    CHECK(tc, rz_setup(cw, W, H, &tri) && !tri.front, "CW is back");
    rz_vertex deg[3] = {ccw[0], ccw[0], ccw[1]};
    CHECK(tc, !rz_setup(deg, W, H, &tri), "degenerate rejected");
    fiu_state_free(&st);
}

/* Coverage of random triangles against a double-precision barycentric test (samples strictly
 * inside or strictly outside only; the edge cases are the top-left tests above). */
static void random_cov(tb_checker *tc, uint64_t *rng)
{
    const unsigned W = 24, H = 24;
    fiu_state st;
    fiu_state_init(&st, 16);
    unsigned counts[5] = {1, 2, 4, 8, 16};
    for (int it = 0; it < 200; it++) {
        fiu_state_samples_default(&st, counts[it % 5]);
        rz_vertex v[3];
        for (int k = 0; k < 3; k++)
            v[k] = vtx((double)(splitmix64(rng) % 2001) / 1000 - 1, (double)(splitmix64(rng) % 2001) / 1000 - 1,
                       1);
        rz_tri t;
        if (!rz_setup(v, W, H, &t))
            continue;
        rz_quad *q;
        size_t n = rz_raster(&t, &st.samples, W, H, &q);
        static uint16_t cov[24][24];
        memset(cov, 0, sizeof cov);
        for (size_t k = 0; k < n; k++)
            for (int l = 0; l < 4; l++)
                cov[q[k].qy + (l >> 1)][q[k].qx + (l & 1)] = q[k].cov[l];
        free(q);
        for (unsigned y = 0; y < H; y++)
            for (unsigned x = 0; x < W; x++)
                for (unsigned s = 0; s < st.samples.count; s++) {
                    double px = x + st.samples.x[s] / 16.0, py = y + st.samples.y[s] / 16.0;
                    double e[3];
                    for (int k = 0; k < 3; k++) {
                        int m = (k + 1) % 3;
                        e[k] = (t.X[m] / 16.0 - t.X[k] / 16.0) * (py - t.Y[k] / 16.0) -
                               (t.Y[m] / 16.0 - t.Y[k] / 16.0) * (px - t.X[k] / 16.0);
                    }
                    bool in = e[0] > 0 && e[1] > 0 && e[2] > 0, out = e[0] < 0 || e[1] < 0 || e[2] < 0;
                    if (in || out)
                        CHECK(tc, (bool)(cov[y][x] >> s & 1) == in, "tri %d pixel (%u,%u) sample %u", it, x, y, s);
                }
    }
    fiu_state_free(&st);
}

/* Plane layouts through the unit: at a vertex, IPA (TRAM) and v_interp p1/p2 (LDS) give the
 * vertex's value; V_INTERP_MOV reads P0/P10/P20 = a0, a1-a0, a2-a0. */
static void layouts(tb_checker *tc)
{
    const unsigned W = 64, H = 64;
    fiu_state st;
    fiu_state_init(&st, 4096);
    rz_vertex v[3] = {vtx(-0.75, -0.75, 1), vtx(0.75, -0.5, 2), vtx(0, 0.75, 4)};
    const double A[3] = {1.5, -2.0, 7.25};
    for (int k = 0; k < 3; k++)
        v[k].a[1][2] = A[k]; /* attribute 1 channel z */
    rz_tri t;
    CHECK(tc, rz_setup(v, W, H, &t), "setup");
    for (unsigned interp = 0; interp < 3; interp++) {
        uint8_t ip[2] = {(uint8_t)interp, (uint8_t)interp};
        rz_write_map(&st, 2, ip);
        rz_write_tram(&st, &t, 100, 2, ip);
        rz_write_lds(&st, &t, 0x2000, 2, ip);
        for (int k = 0; k < 3; k++) {
            /* a pixel whose center is the vertex (vertices snapped to 1/16; use the exact spot) */
            double x = t.X[k] / 16.0, y = t.Y[k] / 16.0;
            double want = interp == FIU_INTERP_CONSTANT ? t.a[t.provoking][1][2] : t.a[k][1][2];
            /* NV: plane value (times w for perspective) */
            uint32_t abc[3];
            double vals[3] = {t.a[0][1][2], t.a[1][1][2], t.a[2][1][2]};
            rz_plane(&t, vals, interp, abc);
            for (int j = 0; j < 3; j++)
                CHECK(tc, st.ram[100 + 3 * (1 + 4 * 1 + 2) + j] == abc[j], "tram word %d", j);
            float fa, fb, fc;
            memcpy(&fa, &abc[0], 4), memcpy(&fb, &abc[1], 4), memcpy(&fc, &abc[2], 4);
            double pv = (double)fa * x + (double)fb * y + fc;
            if (interp == FIU_INTERP_PERSPECTIVE)
                pv *= t.w[k];
            CHECK(tc, fabs(pv - want) < 1e-4 * (1 + fabs(want)), "interp %u vertex %d plane %g want %g", interp, k, pv,
                  want);
            /* GCN: P0 + I*P10 + J*P20 at the vertex's barycentrics through the unit */
            fiu_request rq;
            memset(&rq, 0, sizeof rq);
            rq.op = FIU_OP_VINTRP;
            rq.lanes = 1;
            rq.m0 = 0x2000;
            rq.lane[0].active = true;
            float fi = k == 1 ? 1.0f : 0.0f, fj = k == 2 ? 1.0f : 0.0f;
            memcpy(&rq.lane[0].rb, &fi, 4);
            rq.vintrp = 0xD4000000u | 2u << 18 | 0u << 16 | 1u << 10 | 2u << 8 | 0u; /* p1 v2, v0, attr1.z */
            fiu_response r;
            fiu_execute(&st, &rq, &r);
            rq.lane[0].rd = r.result[0];
            memcpy(&rq.lane[0].rb, &fj, 4);
            rq.vintrp = 0xD4000000u | 2u << 18 | 1u << 16 | 1u << 10 | 2u << 8 | 1u; /* p2 v2, v1, attr1.z */
            fiu_execute(&st, &rq, &r);
            float got;
            memcpy(&got, &r.result[0], 4);
            CHECK(tc, r.status == FIU_OK && fabs(got - want) < 1e-5 * (1 + fabs(want)),
                  "interp %u vertex %d gcn %g want %g", interp, k, got, want);
        }
        /* MOV p0 / p10 / p20 */
        double a0 = t.a[0][1][2], a1 = t.a[1][1][2], a2 = t.a[2][1][2];
        bool flat = interp == FIU_INTERP_CONSTANT;
        const double want[3] = {flat ? 0 : a1 - a0, flat ? 0 : a2 - a0, flat ? t.a[t.provoking][1][2] : a0};
        for (uint32_t p = 0; p < 3; p++) {
            fiu_request rq;
            memset(&rq, 0, sizeof rq);
            rq.op = FIU_OP_VINTRP, rq.lanes = 1, rq.m0 = 0x2000, rq.lane[0].active = true;
            rq.vintrp = 0xC8000000u | 3u << 18 | 2u << 16 | 1u << 10 | 2u << 8 | p;
            fiu_response r;
            fiu_execute(&st, &rq, &r);
            float got;
            memcpy(&got, &r.result[0], 4);
            CHECK(tc, got == (float)want[p], "interp %u mov param %u: %g want %g", interp, p, got, want[p]);
        }
    }
    fiu_state_free(&st);
}

int main(int argc, char **argv)
{
    int a = tb_args(argc, argv, "usage: test_raster\nTriangle setup and rasterizer tests (docs/render.md).\n");
    if (a >= 0)
        return a;
    tb_checker tc = {"test_raster", 0, 0};
    uint64_t seed = 1717, rng = seed;
    printf("test_raster: seed %llu\n", (unsigned long long)seed);
    unsigned counts[5] = {1, 2, 4, 8, 16};
    for (int k = 0; k < 5; k++) {
        mesh_once(&tc, &rng, counts[k], false);
        mesh_once(&tc, &rng, counts[k], true);
    }
    edges(&tc);
    random_cov(&tc, &rng);
    layouts(&tc);
    return tb_finish(&tc);
}
