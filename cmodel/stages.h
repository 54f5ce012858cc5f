/* Internal interfaces between pipeline stages (spec 1.2). */
#ifndef FIU_STAGES_H
#define FIU_STAGES_H

#include "fiu.h"
#include "port.h"

/* plane_fetch result for one lane. */
typedef struct {
    uint8_t status;  /* lane status, FIU_OK if fetched */
    bool is_int;     /* integer system value (PrimID, front face): c holds the bits */
    uint8_t interp;  /* fiu_interp of the attribute */
    uint32_t a, b, c;
} fiu_plane;

/* TRAM view (spec 4.1-4.5). ra is the (Puniform-resolved) al2p result for .IDX. */
fiu_plane fiu_plane_fetch_tram(const fiu_state *st, const fiu_request *rq, const fiu_lane *ln, uint32_t ra);
/* An a[imm] address that names a system attribute (PrimID, front face, sample x, y; spec 4.3). */
bool fiu_plane_is_system(uint32_t addr);
/* AL2P for one lane (spec 4.5); *status gets the lane status. */
uint32_t fiu_plane_fetch_al2p(const fiu_state *st, uint32_t logical_addr, uint8_t *status);
/* GCN LDS view (spec 4.6): word for (attr, chan, wave lane, which) with which 0=P0, 1=P10, 2=P20. */
enum { FIU_LDS_P0 = 0, FIU_LDS_P10 = 1, FIU_LDS_P20 = 2 };
uint32_t fiu_plane_fetch_lds(const fiu_state *st, uint32_t m0, uint32_t attr, uint32_t chan, uint32_t wave_lane,
                             unsigned which, uint8_t *status);

/* decode: request-level status (spec 7), FIU_OK if the request may execute. */
fiu_status fiu_decode_check(const fiu_state *st, const fiu_request *rq);
/* MOV's VSRC parameter select (AMD encoding: 0 = P10, 1 = P20, 2 = P0) to FIU_LDS_*. */
unsigned fiu_decode_mov_param(uint32_t vsrc);

#endif
