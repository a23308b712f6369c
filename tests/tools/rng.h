/*
 * rng.h - the tools' random numbers: xorshift64, seeded by the caller, so
 * that the same seed draws the same training lines on every machine.
 */
#ifndef PT_TOOLS_RNG_H
#define PT_TOOLS_RNG_H

#include <math.h>
#include <stdint.h>

static inline uint64_t rng_next(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

/* Uniform in [0, 1). */
static inline double rng_unit(uint64_t *s)
{
    return (double)(rng_next(s) >> 11) / 9007199254740992.0;
}

static inline double rng_uniform(uint64_t *s, double lo, double hi)
{
    return lo + (hi - lo) * rng_unit(s);
}

/* Normal, mean 0 and deviation sd (Box-Muller). */
static inline double rng_gauss(uint64_t *s, double sd)
{
    double u = rng_unit(s), v = rng_unit(s);
    return sd * sqrt(-2.0 * log(1.0 - u)) * cos(6.283185307179586 * v);
}

#endif
