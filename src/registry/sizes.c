/* sizes.c: the element counts a record measures */
#include "registry/sizes.h"

static uint64_t next_size(uint64_t n, enum step step, uint64_t value,
                          uint64_t max)
{
    if (step == STEP_ADD)
        return value > max - n ? max + 1 : n + value;
    if (n == 0)
        return 1;
    return n > max / value ? max + 1 : n * value;
}

size_t size_sequence(uint64_t min, uint64_t max, enum step step,
                     uint64_t value, uint64_t *out, size_t cap)
{
    size_t count = 0;
    uint64_t last = 0;
    for (uint64_t n = min; n <= max; n = next_size(n, step, value, max)) {
        if (out && count < cap)
            out[count] = n;
        count++;
        last = n;
        if (n == max)
            break;
    }
    if (last != max) {
        if (out && count < cap)
            out[count] = max;
        count++;
    }
    return count;
}

uint64_t size_count(uint64_t min, uint64_t max, enum step step, uint64_t value)
{
    if (step == STEP_ADD) {
        uint64_t steps = (max - min) / value;       /* min + k value <= max */
        return steps + 1 + (min + steps * value != max);
    }
    return size_sequence(min, max, step, value, NULL, 0);  /* at most ~33 */
}
