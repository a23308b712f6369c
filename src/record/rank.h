/*
 * rank.h - the decoder's candidates in the order of their rank: a beam
 * needs only its first few in order, not every candidate of a ply.
 */
#ifndef PT_RECORD_RANK_H
#define PT_RECORD_RANK_H

#include <stddef.h>
#include <stdint.h>

/* A candidate's place in the ranking: sorted instead of the candidates. */
typedef struct order {
    float rank;  /* the lower the better */
    uint32_t at; /* the candidate; the lower first of equal ranks */
} order;

/* qsort's comparison: by rank, then by at. */
int order_cmp(const void *a, const void *b);

/* Moves the k first of o[0..n) in that order to its front, themselves in
 * any order, the rest after them. */
void order_first(order *o, size_t n, size_t k);

#endif
