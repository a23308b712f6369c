/*
 * inline.h - PT_INLINE, for the small functions of the hottest loops that
 * the compiler would otherwise call: in measurements their calls, not
 * their work, were what cost.
 */
#ifndef PT_INLINE_H
#define PT_INLINE_H

#if defined(__GNUC__)
#define PT_INLINE static inline __attribute__((always_inline))
#else
#define PT_INLINE static inline
#endif

#endif
