/* The RTL's issue cost (docs/spec.md 8.5), written from the spec's table: the number of slots
 * (clocks at the issue) that fiu_top spends on a request. An oracle for tb_cosim --check-timing;
 * the C model itself has no timing. */
#ifndef FIU_ISSUE_MODEL_H
#define FIU_ISSUE_MODEL_H

#include "fiu.h"

#ifdef __cplusplus
extern "C" {
#endif

/* rsp: the C model's response to rq (its status tells a request error). */
unsigned fiu_rtl_issue_slots(const fiu_request *rq, const fiu_response *rsp);

#ifdef __cplusplus
}
#endif
#endif
