/* coord stage (spec 3): sample positions in sixteenths, centroid, 4.12 offsets, sample table. */
#include <string.h>

#include "fiu.h"
#include "port.h"

typedef struct {
    uint8_t count;
    uint8_t xy[FIU_MAX_SAMPLES][2];
} default_pattern;

static const default_pattern DEFAULT_PATTERNS[] = {
    {1, {{8, 8}}},
    {2, {{12, 12}, {4, 4}}},
    {4, {{6, 2}, {14, 6}, {2, 10}, {10, 14}}},
    {8, {{9, 5}, {7, 11}, {13, 9}, {5, 3}, {3, 13}, {1, 7}, {11, 15}, {15, 1}}},
    {16, {{9, 9}, {7, 5}, {5, 10}, {12, 7}, {3, 6}, {10, 13}, {13, 11}, {11, 3},
          {6, 14}, {8, 1}, {4, 2}, {2, 12}, {0, 8}, {15, 4}, {14, 15}, {1, 0}}},
};

bool fiu_sample_count_supported(uint32_t count)
{
    return count == 1 || count == 2 || count == 4 || count == 8 || count == 16;
}

static uint32_t dist2(const fiu_sample_table *t, int i)
{
    int dx = t->x[i] - 8, dy = t->y[i] - 8;
    return (uint32_t)(dx * dx + dy * dy);
}

/* Default centroid order: squared distance to (8,8), ties by index (spec 3.5). */
static void default_priority(fiu_sample_table *t)
{
    int n = t->count < FIU_MAX_SAMPLES ? t->count : FIU_MAX_SAMPLES;
    for (int i = 0; i < FIU_MAX_SAMPLES; i++)
        t->priority[i] = (uint8_t)i;
    for (int i = 1; i < n; i++) { /* stable insertion sort */
        uint8_t s = t->priority[i];
        int j = i;
        while (j > 0 && dist2(t, t->priority[j - 1]) > dist2(t, s)) {
            t->priority[j] = t->priority[j - 1];
            j--;
        }
        t->priority[j] = s;
    }
}

bool fiu_state_samples_write(fiu_state *st, uint32_t count, const uint8_t *x, const uint8_t *y,
                             const uint8_t *priority)
{
    if (count > 31)
        return false;
    uint32_t n = count < FIU_MAX_SAMPLES ? count : FIU_MAX_SAMPLES;
    for (uint32_t i = 0; i < n; i++)
        if (x[i] > 15 || y[i] > 15 || (priority && priority[i] > 15))
            return false;
    fiu_sample_table t;
    memset(&t, 0, sizeof t);
    t.count = (uint8_t)count;
    for (uint32_t i = 0; i < n; i++) {
        t.x[i] = x[i];
        t.y[i] = y[i];
    }
    if (priority) {
        for (int i = 0; i < FIU_MAX_SAMPLES; i++)
            t.priority[i] = (uint8_t)i;
        memcpy(t.priority, priority, n);
    } else {
        default_priority(&t);
    }
    st->samples = t;
    return true;
}

bool fiu_state_samples_default(fiu_state *st, uint32_t count)
{
    for (size_t i = 0; i < sizeof DEFAULT_PATTERNS / sizeof DEFAULT_PATTERNS[0]; i++) {
        const default_pattern *p = &DEFAULT_PATTERNS[i];
        if (p->count != count)
            continue;
        uint8_t x[FIU_MAX_SAMPLES], y[FIU_MAX_SAMPLES];
        for (int s = 0; s < p->count; s++) {
            x[s] = p->xy[s][0];
            y[s] = p->xy[s][1];
        }
        return fiu_state_samples_write(st, count, x, y, NULL);
    }
    return false;
}

int fiu_coord_centroid(const fiu_sample_table *t, uint32_t coverage)
{
    uint32_t n = t->count < FIU_MAX_SAMPLES ? t->count : FIU_MAX_SAMPLES;
    uint32_t full = (1u << n) - 1u;
    uint32_t cov = coverage & full;
    if (n <= 1 || cov == 0 || cov == full)
        return -1;
    for (uint32_t i = 0; i < n; i++)
        if ((cov >> t->priority[i]) & 1u)
            return t->priority[i];
    return -1;
}

/* Bits 11:8 of a 4.12 offset as a signed count of sixteenths (spec 3.3). */
static int offset_sixteenths(uint32_t field16)
{
    int v = (int)((field16 >> 8) & 0xFu);
    return v >= 8 ? v - 16 : v;
}

fiu_status fiu_coord_sample(const fiu_sample_table *t, const fiu_request *rq, const fiu_lane *ln,
                            uint8_t *sx, uint8_t *sy)
{
    int idx = -1;
    *sx = 8;
    *sy = 8;
    switch (rq->loc) {
    case FIU_LOC_CENTER:
        return FIU_OK;
    case FIU_LOC_CENTROID:
        idx = fiu_coord_centroid(t, ln->coverage);
        break;
    case FIU_LOC_OFFSET:
        *sx = (uint8_t)(8 + offset_sixteenths(ln->rc & 0xFFFFu));
        *sy = (uint8_t)(8 + offset_sixteenths(ln->rc >> 16));
        return FIU_OK;
    case FIU_LOC_SAMPLE:
    case FIU_LOC_AT_SAMPLE: {
        uint32_t s = rq->loc == FIU_LOC_SAMPLE ? ln->sample_id : ln->rc;
        if (s >= t->count)
            return FIU_ST_SAMPLE_INDEX;
        idx = (int)s;
        break;
    }
    default:
        return FIU_ST_BAD_SAMPLE_MODE;
    }
    if (idx >= 0) {
        *sx = t->x[idx];
        *sy = t->y[idx];
    }
    return FIU_OK;
}

uint32_t fiu_coord_to_f32(uint16_t pixel, uint8_t s)
{
    uint32_t n = (uint32_t)pixel * 16u + s; /* value = n / 16, n < 2^20: exact in fp32 */
    if (n == 0)
        return 0;
    int len = 32 - fiu_clz32(n);
    uint32_t biased = (uint32_t)(len - 1 - 4 + 127);
    return (biased << 23) | ((n << (24 - len)) & 0x007FFFFFu);
}
