/* Triangle setup and quad rasterizer (docs/render.md). */
#include "raster.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "fiu_exec.h"

static uint32_t f2b(double d)
{
    float f = (float)d;
    uint32_t u;
    memcpy(&u, &f, sizeof u);
    return u;
}

bool rz_setup(const rz_vertex v[3], unsigned width, unsigned height, rz_tri *t)
{
    int32_t X[3], Y[3];
    for (int i = 0; i < 3; i++) {
        if (!(v[i].w > 0))
            return false;
        double sx = (v[i].x / v[i].w * 0.5 + 0.5) * width, sy = (0.5 - v[i].y / v[i].w * 0.5) * height;
        if (fabs(sx) > 30000 || fabs(sy) > 30000)
            return false;
        X[i] = (int32_t)lround(sx * 16);
        Y[i] = (int32_t)lround(sy * 16);
    }
    int64_t area = (int64_t)(X[1] - X[0]) * (Y[2] - Y[0]) - (int64_t)(Y[1] - Y[0]) * (X[2] - X[0]);
    if (area == 0)
        return false;
    /* screen y is down: a counter-clockwise triangle in NDC (y up) has area < 0 here */
    int ord[3] = {0, 1, 2};
    if (area < 0)
        ord[1] = 2, ord[2] = 1;
    t->front = area < 0;
    t->provoking = 0;
    for (int k = 0; k < 3; k++) {
        int i = ord[k];
        t->X[k] = X[i], t->Y[k] = Y[i], t->w[k] = v[i].w;
        memcpy(t->a[k], v[i].a, sizeof t->a[k]);
    }
    return true;
}

/* Plane through (x_i, y_i, v_i), pixels, double. */
static void plane_d(const rz_tri *t, const double v[3], double *A, double *B, double *C)
{
    double x0 = t->X[0] / 16.0, y0 = t->Y[0] / 16.0, x1 = t->X[1] / 16.0, y1 = t->Y[1] / 16.0, x2 = t->X[2] / 16.0,
           y2 = t->Y[2] / 16.0;
    double det = (x1 - x0) * (y2 - y0) - (x2 - x0) * (y1 - y0);
    *A = ((v[1] - v[0]) * (y2 - y0) - (v[2] - v[0]) * (y1 - y0)) / det;
    *B = ((v[2] - v[0]) * (x1 - x0) - (v[1] - v[0]) * (x2 - x0)) / det;
    *C = v[0] - *A * x0 - *B * y0;
}

void rz_plane(const rz_tri *t, const double v[3], unsigned interp, uint32_t abc[3])
{
    double A, B, C;
    if (interp == FIU_INTERP_CONSTANT) {
        abc[0] = abc[1] = 0;
        abc[2] = f2b(v[t->provoking]);
        return;
    }
    double u[3];
    for (int i = 0; i < 3; i++)
        u[i] = interp == FIU_INTERP_PERSPECTIVE ? v[i] / t->w[i] : v[i];
    plane_d(t, u, &A, &B, &C);
    abc[0] = f2b(A), abc[1] = f2b(B), abc[2] = f2b(C);
}

void rz_write_map(fiu_state *st, unsigned nattr, const uint8_t *interp)
{
    fiu_state_map_write(st, 0x7c / 4, true, 0, FIU_INTERP_LINEAR);
    for (unsigned k = 0; k < nattr; k++)
        for (unsigned c = 0; c < 4; c++)
            fiu_state_map_write(st, (0x80 + 0x10 * k + 4 * c) / 4, true, 1 + 4 * k + c, interp[k]);
}

void rz_write_tram(fiu_state *st, const rz_tri *t, uint32_t prim_base, unsigned nattr, const uint8_t *interp)
{
    uint32_t abc[3];
    double q[3] = {1 / t->w[0], 1 / t->w[1], 1 / t->w[2]};
    rz_plane(t, q, FIU_INTERP_LINEAR, abc);
    for (int j = 0; j < 3; j++)
        fiu_state_ram_write(st, prim_base + j, abc[j]);
    for (unsigned k = 0; k < nattr; k++)
        for (unsigned c = 0; c < 4; c++) {
            double v[3] = {t->a[0][k][c], t->a[1][k][c], t->a[2][k][c]};
            rz_plane(t, v, interp[k], abc);
            for (int j = 0; j < 3; j++)
                fiu_state_ram_write(st, prim_base + 3 * (1 + 4 * k + c) + j, abc[j]);
        }
}

void rz_write_lds(fiu_state *st, const rz_tri *t, uint32_t m0_offset, unsigned nattr, const uint8_t *interp)
{
    for (unsigned k = 0; k < nattr; k++) {
        uint32_t s = m0_offset / 4 + 12 * k;
        for (unsigned c = 0; c < 4; c++) {
            double a0 = t->a[0][k][c], a1 = t->a[1][k][c], a2 = t->a[2][k][c];
            bool flat = interp[k] == FIU_INTERP_CONSTANT;
            double p0 = flat ? t->a[t->provoking][k][c] : a0;
            fiu_state_ram_write(st, s + 2 * c, f2b(p0));
            fiu_state_ram_write(st, s + 2 * c + 1, flat ? 0 : f2b(a1 - a0));
            fiu_state_ram_write(st, s + 8 + c, flat ? 0 : f2b(a2 - a0));
        }
    }
}

void rz_bary_setup(const rz_tri *t, rz_bary *b)
{
    const double I[3] = {0, 1, 0}, J[3] = {0, 0, 1}, Q[3] = {1, 1, 1};
    rz_plane(t, I, FIU_INTERP_LINEAR, b->i);
    rz_plane(t, J, FIU_INTERP_LINEAR, b->j);
    rz_plane(t, I, FIU_INTERP_PERSPECTIVE, b->iw);
    rz_plane(t, J, FIU_INTERP_PERSPECTIVE, b->jw);
    rz_plane(t, Q, FIU_INTERP_PERSPECTIVE, b->q);
}

static uint32_t eval(const uint32_t p[3], uint32_t x, uint32_t y)
{
    return fiu_f32_dotadd(p[0], x, p[1], y, p[2], FIU_F32_FUSED | FIU_F32_FLUSH);
}

void rz_bary_eval(const rz_bary *b, bool perspective, uint32_t x, uint32_t y, uint32_t *I, uint32_t *J)
{
    if (!perspective) {
        *I = eval(b->i, x, y);
        *J = eval(b->j, x, y);
        return;
    }
    uint32_t w = fiu_exec_rcp(eval(b->q, x, y));
    *I = fiu_f32_mul(eval(b->iw, x, y), w, FIU_F32_FUSED | FIU_F32_FLUSH);
    *J = fiu_f32_mul(eval(b->jw, x, y), w, FIU_F32_FUSED | FIU_F32_FLUSH);
}

double rz_reference(const rz_tri *t, int attr, int chan, unsigned interp, double x, double y)
{
    if (interp == FIU_INTERP_CONSTANT)
        return t->a[t->provoking][attr][chan];
    double x0 = t->X[0] / 16.0, y0 = t->Y[0] / 16.0, x1 = t->X[1] / 16.0, y1 = t->Y[1] / 16.0, x2 = t->X[2] / 16.0,
           y2 = t->Y[2] / 16.0;
    double det = (x1 - x0) * (y2 - y0) - (x2 - x0) * (y1 - y0);
    double l1 = ((x - x0) * (y2 - y0) - (x2 - x0) * (y - y0)) / det;
    double l2 = ((x1 - x0) * (y - y0) - (x - x0) * (y1 - y0)) / det;
    double l0 = 1 - l1 - l2;
    if (interp == FIU_INTERP_PERSPECTIVE) {
        l0 /= t->w[0], l1 /= t->w[1], l2 /= t->w[2];
        double s = l0 + l1 + l2;
        l0 /= s, l1 /= s, l2 /= s;
    }
    return l0 * t->a[0][attr][chan] + l1 * t->a[1][attr][chan] + l2 * t->a[2][attr][chan];
}

/* Edge k from vertex k to k+1: E >= 0 inside (orientation fixed by rz_setup). Top-left rule:
 * a sample exactly on an edge is inside only for a top or a left edge. With y down and E as
 * below, the interior lies to the right of the direction of travel, so a left edge runs
 * upwards (dy < 0) and a top edge is horizontal running right (dy == 0, dx > 0). */
static int64_t edge(const rz_tri *t, int k, int64_t X, int64_t Y)
{
    int n = (k + 1) % 3;
    return (int64_t)(t->X[n] - t->X[k]) * (Y - t->Y[k]) - (int64_t)(t->Y[n] - t->Y[k]) * (X - t->X[k]);
}

static bool top_left(const rz_tri *t, int k)
{
    int n = (k + 1) % 3;
    int32_t dx = t->X[n] - t->X[k], dy = t->Y[n] - t->Y[k];
    return dy < 0 || (dy == 0 && dx > 0);
}

bool rz_inside(const rz_tri *t, int64_t X, int64_t Y)
{
    for (int k = 0; k < 3; k++) {
        int64_t e = edge(t, k, X, Y);
        if (e < 0 || (e == 0 && !top_left(t, k)))
            return false;
    }
    return true;
}

size_t rz_raster(const rz_tri *t, const fiu_sample_table *tab, unsigned width, unsigned height, rz_quad **out)
{
    int32_t x0 = t->X[0], x1 = t->X[0], y0 = t->Y[0], y1 = t->Y[0];
    for (int k = 1; k < 3; k++) {
        x0 = t->X[k] < x0 ? t->X[k] : x0, x1 = t->X[k] > x1 ? t->X[k] : x1;
        y0 = t->Y[k] < y0 ? t->Y[k] : y0, y1 = t->Y[k] > y1 ? t->Y[k] : y1;
    }
    int qx0 = x0 < 0 ? 0 : (x0 >> 4) & ~1, qy0 = y0 < 0 ? 0 : (y0 >> 4) & ~1;
    int qx1 = (x1 >> 4) + 1, qy1 = (y1 >> 4) + 1;
    if (qx1 > (int)width)
        qx1 = (int)width;
    if (qy1 > (int)height)
        qy1 = (int)height;
    size_t cap = 64, n = 0;
    rz_quad *q = malloc(cap * sizeof *q);
    if (!q)
        return SIZE_MAX;
    unsigned ns = tab->count > FIU_MAX_SAMPLES ? FIU_MAX_SAMPLES : tab->count;
    for (int qy = qy0; qy < qy1; qy += 2)
        for (int qx = qx0; qx < qx1; qx += 2) {
            rz_quad z = {(uint16_t)qx, (uint16_t)qy, {0, 0, 0, 0}};
            unsigned any = 0;
            for (int i = 0; i < 4; i++) {
                int px = qx + (i & 1), py = qy + (i >> 1);
                if (px >= (int)width || py >= (int)height)
                    continue;
                for (unsigned s = 0; s < ns; s++)
                    if (rz_inside(t, (int64_t)px * 16 + tab->x[s], (int64_t)py * 16 + tab->y[s]))
                        z.cov[i] |= (uint16_t)(1u << s);
                any |= z.cov[i];
            }
            if (!any)
                continue;
            if (n == cap) {
                rz_quad *g = realloc(q, 2 * cap * sizeof *q);
                if (!g) {
                    free(q);
                    return SIZE_MAX;
                }
                q = g, cap *= 2;
            }
            q[n++] = z;
        }
    *out = q;
    return n;
}
