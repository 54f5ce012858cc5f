/* fiu_version(): the version this library was built as (fiu_version.h, from VERSION). */
#include "fiu_version.h"

const char *fiu_version(void) { return FIU_VERSION_STRING; }
