/*
 * test_pool.c - the worker pool: every item of every job done exactly
 * once, never after the job was waited for, and by a thread numbered
 * 0 (the caller) to N - 1.
 */
#include "test_util.h"

#include <stdatomic.h>

#include "cli/pool.h"

enum { ITEMS = 64, JOBS = 3000 };

typedef struct job {
    atomic_int hits[ITEMS];
    int threads; /* the pool's threads and the caller */
    atomic_int bad_thread;
} job;

static void hit(void *arg, size_t item, int thread)
{
    job *j = arg;
    atomic_fetch_add(&j->hits[item], 1);
    if (thread < 0 || thread >= j->threads)
        atomic_store(&j->bad_thread, 1);
}

/* Posts jobs the way check does, alternating two of them and preparing
 * one while the other runs; any item done twice, or done on a job already
 * waited for, shows as a count other than one. */
static void test_every_item_once(void **state)
{
    (void)state;
    static job jobs[2];
    for (int threads = 1; threads <= 4; threads++) {
        pt_pool *pool;
        assert_int_equal(pt_pool_start(&pool, threads, hit), PT_OK);
        for (int n = 0; n < JOBS; n++) {
            job *j = &jobs[n & 1];
            size_t count = (size_t)(n % ITEMS) + 1;
            for (int i = 0; i < ITEMS; i++)
                atomic_store(&j->hits[i], 0);
            j->threads = threads + 1;
            pt_pool_post(pool, j, count);
            pt_pool_wait(pool);
            for (size_t i = 0; i < ITEMS; i++)
                assert_int_equal(atomic_load(&j->hits[i]), i < count ? 1 : 0);
            assert_int_equal(atomic_load(&j->bad_thread), 0); /* numbered 0 to threads */
        }
        pt_pool_post(pool, &jobs[0], 0); /* an empty job is done at once */
        pt_pool_wait(pool);
        pt_pool_stop(&pool);
        assert_null(pool);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_item_once),
    };
    return cmocka_run_group_tests_name("pool", tests, NULL, NULL);
}
