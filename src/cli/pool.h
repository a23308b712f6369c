/*
 * pool.h - worker threads that run one function over the items of a job,
 * so that the caller can prepare the next job meanwhile.
 *
 *   pt_pool_start()  threads that wait for jobs
 *   pt_pool_post()   hands them a job of `count` items and returns at once
 *   pt_pool_wait()   does items of that job too, and returns when every
 *                    item is done (so N - 1 threads and the caller make N)
 *   pt_pool_stop()   ends the threads
 *
 * One job at a time: post, then wait before posting again.
 */
#ifndef PT_POOL_H
#define PT_POOL_H

#include "partiar.h"

typedef struct pt_pool pt_pool;
/* Does item `item` of a job, on thread `thread`: 0 for the caller of
 * pt_pool_wait, 1 to N - 1 for the pool's own, so that each thread can
 * keep what it works with apart from the others'. */
typedef void (*pt_pool_fn)(void *job, size_t item, int thread);

/* Starts `threads` threads (at most 64). PT_ERR_NOMEM if none could be. */
pt_err pt_pool_start(pt_pool **pp, int threads, pt_pool_fn fn);
void pt_pool_post(pt_pool *p, void *job, size_t count);
void pt_pool_wait(pt_pool *p);
void pt_pool_stop(pt_pool **pp);

#endif
