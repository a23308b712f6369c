/*
 * pool.c - worker threads for pool.h.
 *
 * Items are handed out by an atomic counter. A worker counts as active
 * from taking a job under the lock until it has finished with it. A job is
 * done when all its items are and no worker is active, and a new job is
 * posted only when no worker is active, so no late worker can take items
 * of a job the caller has since replaced.
 */
#include "pool.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>

#define MAX_THREADS 64

/* What a pool thread starts with: its pool and its number. */
typedef struct start {
    pt_pool *pool;
    int thread;
} start;

struct pt_pool {
    pthread_mutex_t lock;
    pthread_cond_t wake, idle;
    pt_pool_fn fn;
    void *job;
    size_t count;
    atomic_size_t next;
    size_t done;              /* items finished, under the lock */
    int active;               /* workers inside a job, under the lock */
    unsigned long generation; /* one more for each job posted */
    bool stop;
    int threads;
    pthread_t ids[MAX_THREADS];
    start starts[MAX_THREADS];
};

/* Does items of the current job until none is left, as thread `thread`.
 * Called and returns with the lock held. */
static void take_items(pt_pool *p, int thread)
{
    void *job = p->job;
    size_t count = p->count, mine = 0, i;
    p->active++;
    pthread_mutex_unlock(&p->lock);
    while ((i = atomic_fetch_add(&p->next, 1)) < count) {
        p->fn(job, i, thread);
        mine++;
    }
    pthread_mutex_lock(&p->lock);
    p->done += mine;
    if (--p->active == 0)
        pthread_cond_broadcast(&p->idle);
}

static void *worker(void *arg)
{
    pt_pool *p = ((start *)arg)->pool;
    int thread = ((start *)arg)->thread;
    unsigned long seen = 0;
    pthread_mutex_lock(&p->lock);
    for (;;) {
        while (!p->stop && p->generation == seen)
            pthread_cond_wait(&p->wake, &p->lock);
        if (p->stop)
            break;
        seen = p->generation;
        take_items(p, thread);
    }
    pthread_mutex_unlock(&p->lock);
    return NULL;
}

pt_err pt_pool_start(pt_pool **pp, int threads, pt_pool_fn fn)
{
    if (threads < 1)
        threads = 1;
    *pp = NULL;
    pt_pool *p = calloc(1, sizeof *p);
    if (!p)
        return PT_ERR_NOMEM;
    pthread_mutex_init(&p->lock, NULL);
    pthread_cond_init(&p->wake, NULL);
    pthread_cond_init(&p->idle, NULL);
    p->fn = fn;
    for (int t = 0; t < threads && t < MAX_THREADS; t++) {
        p->starts[p->threads] = (start){p, p->threads + 1};
        if (pthread_create(&p->ids[p->threads], NULL, worker, &p->starts[p->threads]) == 0)
            p->threads++;
    }
    *pp = p;
    if (p->threads == 0) {
        pt_pool_stop(pp);
        return PT_ERR_NOMEM;
    }
    return PT_OK;
}

void pt_pool_post(pt_pool *p, void *job, size_t count)
{
    pthread_mutex_lock(&p->lock);
    /* A worker that woke late may have taken the last job after it was
     * done; it finds no items left, but the counter must not be reset
     * under it. */
    while (p->active > 0)
        pthread_cond_wait(&p->idle, &p->lock);
    p->job = job;
    p->count = count;
    p->done = 0;
    atomic_store(&p->next, 0);
    p->generation++;
    pthread_cond_broadcast(&p->wake);
    pthread_mutex_unlock(&p->lock);
}

void pt_pool_wait(pt_pool *p)
{
    pthread_mutex_lock(&p->lock);
    take_items(p, 0); /* the caller helps with what is left */
    while (p->done < p->count || p->active > 0)
        pthread_cond_wait(&p->idle, &p->lock);
    pthread_mutex_unlock(&p->lock);
}

void pt_pool_stop(pt_pool **pp)
{
    pt_pool *p = *pp;
    if (!p)
        return;
    pthread_mutex_lock(&p->lock);
    p->stop = true;
    pthread_cond_broadcast(&p->wake);
    pthread_mutex_unlock(&p->lock);
    for (int t = 0; t < p->threads; t++)
        pthread_join(p->ids[t], NULL);
    pthread_cond_destroy(&p->wake);
    pthread_cond_destroy(&p->idle);
    pthread_mutex_destroy(&p->lock);
    free(p);
    *pp = NULL;
}
