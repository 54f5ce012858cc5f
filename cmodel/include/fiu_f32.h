/* Kept for programs that include it: the fp32 arithmetic core is part 1 of fiu.h, the
 * model's one public header. */
#ifndef FIU_F32_H
#define FIU_F32_H

#include "fiu.h"

#endif
