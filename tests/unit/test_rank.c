/*
 * test_rank.c - the decoder's ranking (record/rank.h): the first k
 * candidates selected are those a full sort puts first, and sorting them
 * and then the rest gives the full sort's order.
 */
#include "test_util.h"

#include "record/rank.h"

#include <stdlib.h>

enum { MAX_N = 600 };

static uint64_t rng = 0x9E3779B97F4A7C15ull;

static uint32_t next_random(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (uint32_t)(rng >> 32);
}

/* n candidates whose ranks repeat (few distinct costs, as a ply's many
 * moves of the same cost), their at a shuffled 0..n-1. */
static void fill(order *o, size_t n, uint32_t distinct)
{
    for (size_t i = 0; i < n; i++)
        o[i] = (order){(float)(next_random() % distinct) * 0.5f, (uint32_t)i};
    for (size_t i = n; i > 1; i--) {
        size_t j = next_random() % i;
        uint32_t t = o[i - 1].at;
        o[i - 1].at = o[j].at;
        o[j].at = t;
    }
}

static void test_first_k_in_full_order(void **state)
{
    (void)state;
    static order o[MAX_N], want[MAX_N];
    const size_t sizes[] = {0, 1, 2, 3, 5, 17, 128, 599};
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
        size_t n = sizes[s];
        for (int round = 0; round < 40; round++) {
            fill(o, n, 1 + next_random() % 8);
            memcpy(want, o, n * sizeof *o);
            qsort(want, n, sizeof *want, order_cmp);
            size_t k = n ? next_random() % (n + 1) : 0;
            order_first(o, n, k);
            /* The first k are the k first, each before every one after. */
            for (size_t i = 0; i < k; i++)
                for (size_t j = k; j < n; j += 1 + n / 16)
                    assert_true(order_cmp(&o[i], &o[j]) < 0);
            qsort(o, k, sizeof *o, order_cmp);
            qsort(o + k, n - k, sizeof *o, order_cmp);
            for (size_t i = 0; i < n; i++) {
                assert_int_equal(o[i].at, want[i].at);
                assert_true(o[i].rank == want[i].rank);
            }
        }
    }
}

/* Equal ranks: the lower at comes first, the move order of the ply. */
static void test_ties_by_at(void **state)
{
    (void)state;
    order o[] = {{1.0f, 7}, {0.5f, 9}, {1.0f, 2}, {0.5f, 4}, {2.0f, 0}};
    order_first(o, 5, 2);
    qsort(o, 2, sizeof *o, order_cmp);
    assert_int_equal(o[0].at, 4);
    assert_int_equal(o[1].at, 9);
    qsort(o + 2, 3, sizeof *o, order_cmp);
    assert_int_equal(o[2].at, 2);
    assert_int_equal(o[3].at, 7);
    assert_int_equal(o[4].at, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_first_k_in_full_order),
        cmocka_unit_test(test_ties_by_at),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
