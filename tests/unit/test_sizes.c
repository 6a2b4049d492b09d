/* test_sizes.c: the size sequences of min..max with ADD and MUL */
#include "registry/sizes.h"
#include "unit.h"

static int seq_is(uint64_t min, uint64_t max, enum step st, uint64_t v,
                  const uint64_t *want, size_t n)
{
    uint64_t got[64];
    size_t k = size_sequence(min, max, st, v, got, 64);
    if (k != n)
        return 0;
    for (size_t i = 0; i < n; i++)
        if (got[i] != want[i])
            return 0;
    return size_sequence(min, max, st, v, NULL, 0) == n;
}

void test_sizes(void)
{
    CHECK(seq_is(1, 16, STEP_MUL, 2, (uint64_t[]){1, 2, 4, 8, 16}, 5));
    /* a min of 0 measures 0 and goes on from 1 */
    CHECK(seq_is(0, 8, STEP_MUL, 2, (uint64_t[]){0, 1, 2, 4, 8}, 5));
    /* max is always measured last */
    CHECK(seq_is(1, 10, STEP_MUL, 4, (uint64_t[]){1, 4, 10}, 3));
    CHECK(seq_is(0, 4096, STEP_ADD, 1000, (uint64_t[]){0, 1000, 2000, 3000, 4000, 4096}, 6));
    CHECK(seq_is(0, 4096, STEP_ADD, 512, (uint64_t[]){0, 512, 1024, 1536, 2048, 2560, 3072, 3584, 4096}, 9));
    CHECK(seq_is(5, 5, STEP_ADD, 1, (uint64_t[]){5}, 1));
    CHECK(seq_is(0, 0, STEP_ADD, 1, (uint64_t[]){0}, 1));
    CHECK(seq_is(3, 5, STEP_MUL, 1000, (uint64_t[]){3, 5}, 2));
    /* no overflow at the top of the range */
    CHECK(seq_is(2147483647, 2147483647, STEP_MUL, 2, (uint64_t[]){2147483647}, 1));
    CHECK(size_sequence(1, 2147483647, STEP_MUL, 2, NULL, 0) == 32);
    CHECK(size_sequence(0, 2147483647, STEP_ADD, 2147483647, NULL, 0) == 2);
    /* size_count agrees with the walk, and counts huge ADD ranges at once */
    for (uint64_t min = 0; min < 20; min += 3)
        for (uint64_t max = min; max < 300; max += 37)
            for (uint64_t v = 1; v < 50; v += 7) {
                CHECK(size_count(min, max, STEP_ADD, v) ==
                      size_sequence(min, max, STEP_ADD, v, NULL, 0));
                if (v >= 2)
                    CHECK(size_count(min, max, STEP_MUL, v) ==
                          size_sequence(min, max, STEP_MUL, v, NULL, 0));
            }
    CHECK(size_count(0, 2147483647, STEP_ADD, 1) == 2147483648ULL);
    CHECK(size_count(1, 2147483647, STEP_ADD, 2) == 1073741824ULL);
}
