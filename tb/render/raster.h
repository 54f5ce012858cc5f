/* Triangle setup and the quad rasterizer of fiu-render (docs/render.md). Setup runs in double
 * on the host, as a driver would, and rounds each plane word once to fp32 (the same words go
 * to the C model and the RTL). Coverage is exact integer arithmetic on the 1/16-pixel grid. */
#ifndef FIU_RENDER_RASTER_H
#define FIU_RENDER_RASTER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "fiu.h"

enum { RZ_ATTRS = 4 };

typedef struct {
    double x, y, z, w;              /* clip space */
    double a[RZ_ATTRS][4];          /* attributes */
} rz_vertex;

typedef struct {
    int32_t X[3], Y[3];             /* snapped screen positions, 1/16 pixel, y down */
    double w[3];                    /* clip w */
    double a[3][RZ_ATTRS][4];       /* attributes, vertex order as X/Y */
    bool front;                     /* counter-clockwise in NDC (y up) */
    int provoking;                  /* index of the input's vertex 0 after reordering */
} rz_tri;

/* Viewport transform (NDC y up -> screen y down), snap to 1/16 (round half away from zero),
 * orientation fixed so that every edge function is >= 0 inside. False if degenerate (zero
 * area) or behind the eye (w <= 0). */
bool rz_setup(const rz_vertex v[3], unsigned width, unsigned height, rz_tri *t);

/* Plane words. interp: FIU_INTERP_PERSPECTIVE (plane of a/w), LINEAR (plane of a) or CONSTANT
 * (A = B = 0, C = provoking vertex value). Evaluated by the unit at (x, y) in pixels. */
void rz_plane(const rz_tri *t, const double v[3], unsigned interp, uint32_t abc[3]);
/* NV TRAM slot at prim_base: plane 0 = 1/w (map 0x7c), plane 1 + 4k + c = attribute k channel c
 * (map 0x80 + 0x10k + 4c), k < nattr. */
void rz_write_tram(fiu_state *st, const rz_tri *t, uint32_t prim_base, unsigned nattr, const uint8_t *interp);
/* The map entries of that layout. */
void rz_write_map(fiu_state *st, unsigned nattr, const uint8_t *interp);
/* GCN LDS block (spec 4.6) for one primitive (NUMPRIM 1): dword m0_offset/4 + 12*attr:
 * P0 = a0, P10 = a1 - a0, P20 = a2 - a0 (flat: P0 = P10 = P20 = provoking value... P10, P20 0). */
void rz_write_lds(fiu_state *st, const rz_tri *t, uint32_t m0_offset, unsigned nattr, const uint8_t *interp);

/* Barycentric (I, J) of a sample as the fixed-function front end computes them for GCN, in
 * fp32 with the fiu core (FUSED|FLUSH): linear planes of I and J, or perspective ones (I/w, J/w
 * times the reciprocal of 1/w). x, y: fp32 pixel position bits. */
typedef struct {
    uint32_t i[3], j[3], iw[3], jw[3], q[3]; /* plane words */
} rz_bary;
void rz_bary_setup(const rz_tri *t, rz_bary *b);
void rz_bary_eval(const rz_bary *b, bool perspective, uint32_t x, uint32_t y, uint32_t *I, uint32_t *J);

/* The exact (double) attribute value at sample position (x, y) in pixels. */
double rz_reference(const rz_tri *t, int attr, int chan, unsigned interp, double x, double y);

/* A 2x2 quad: pixel (qx, qy) even; lane i = pixel (qx + (i & 1), qy + (i >> 1)); coverage bit s
 * = sample s of the table inside (top-left rule). Quads with no covered sample are skipped. */
typedef struct {
    uint16_t qx, qy;
    uint16_t cov[4];
} rz_quad;

/* All quads of t inside [0, width) x [0, height) (both even) for the sample table. Returns the
 * count, *out malloc'ed (caller frees); SIZE_MAX on no memory. */
size_t rz_raster(const rz_tri *t, const fiu_sample_table *tab, unsigned width, unsigned height, rz_quad **out);
/* One sample's inside test (exposed for tests): sample at (X, Y) in 1/16 pixel. */
bool rz_inside(const rz_tri *t, int64_t X, int64_t Y);

#endif
