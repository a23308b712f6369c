/*
 * rank.c - the decoder's candidates in the order of their rank (rank.h).
 */
#include "rank.h"

int order_cmp(const void *a, const void *b)
{
    const order *x = a, *y = b;
    if (x->rank != y->rank)
        return (x->rank > y->rank) - (x->rank < y->rank);
    return (x->at > y->at) - (x->at < y->at);
}

static void swap(order *a, order *b)
{
    order t = *a;
    *a = *b;
    *b = t;
}

/* Hoare's selection, the median of three as pivot. The pivot is never the
 * last of a range, so each round shrinks it. */
void order_first(order *o, size_t n, size_t k)
{
    size_t lo = 0, hi = n;
    while (hi - lo > 1 && k > lo && k < hi) {
        size_t mid = lo + (hi - lo - 1) / 2;
        if (order_cmp(&o[mid], &o[lo]) < 0)
            swap(&o[mid], &o[lo]);
        if (order_cmp(&o[hi - 1], &o[lo]) < 0)
            swap(&o[hi - 1], &o[lo]);
        if (order_cmp(&o[hi - 1], &o[mid]) < 0)
            swap(&o[hi - 1], &o[mid]);
        order pivot = o[mid];
        size_t i = lo, j = hi - 1;
        for (;;) {
            while (order_cmp(&o[i], &pivot) < 0)
                i++;
            while (order_cmp(&pivot, &o[j]) < 0)
                j--;
            if (i >= j)
                break;
            swap(&o[i++], &o[j--]);
        }
        /* o[lo..j] come no later than o[j+1..hi). */
        if (k <= j + 1)
            hi = j + 1;
        else
            lo = j + 1;
    }
}
