/*
 * pgn_split.c - where a PGN text may be cut into pieces that can be read
 * apart, so that several threads can read one input. The cut is a guess;
 * pt_pgn_ended_between_games() tells, once the piece before it is read,
 * whether it held.
 */
#include "notation/pgn_game.h"

#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/* The offset of the last line feed in b[0..end), or end when there is
 * none. Sixteen bytes at a time: online games write their movetext on one
 * long line, which the search for a cut crosses. */
static size_t last_line_feed(const unsigned char *b, size_t end)
{
    size_t i = end;
#if defined(__SSE2__)
    const __m128i lf = _mm_set1_epi8('\n');
    for (; i >= 16; i -= 16) {
        __m128i v = _mm_loadu_si128((const __m128i *)(const void *)(b + i - 16));
        unsigned hits = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(v, lf));
        if (hits)
            return i - 16 + (size_t)(31 - __builtin_clz(hits));
    }
#endif
    while (i-- > 0)
        if (b[i] == '\n')
            return i;
    return end;
}

/* Whether the line at b[at] starts with '[', perhaps after a byte order
 * mark (files joined into one keep their marks). With `named`, a tag name
 * must follow: a comment's "[%clk 0:03:00]" wrapped to a line start is
 * no place to cut, and a cut that does not hold costs a re-read. */
static bool tag_line(const unsigned char *b, size_t at, size_t len, bool named)
{
    if (at + 3 < len && b[at] == 0xEF && b[at + 1] == 0xBB && b[at + 2] == 0xBF)
        at += 3;
    if (at >= len || b[at] != '[')
        return false;
    if (!named)
        return true;
    return at + 1 < len && pt_pgn_name_char(b[at + 1]);
}

size_t pt_pgn_split_point(const unsigned char *b, size_t len)
{
    /* From the end back, line by line: the first line start (counting
     * from the end) that begins a named tag line after a line that does
     * not start with '['. Each line is looked at once: `after` is the
     * start of the line after it, when that line is a named tag line. */
    size_t after = 0;
    for (size_t end = len; end > 1;) {
        size_t lf = last_line_feed(b, end - 1);
        if (lf == end - 1)
            break; /* no line feed before b[end - 1]: no line start */
        size_t at = lf + 1;
        end = at;
        if (after && !tag_line(b, at, len, false))
            return after; /* a tag line after another belongs to the same game */
        after = tag_line(b, at, len, true) ? at : 0;
    }
    /* The first line of b, which no line feed starts, comes before `after`. */
    if (after && !tag_line(b, 0, len, false))
        return after;
    return 0;
}

/* Bytes of x equal to 0x0A, counted eight at a time: a byte's high bit
 * is set in the sum when its low seven bits are not all zero after the
 * xor, or its own high bit was, so none carries into the next. */
static int line_feeds(uint64_t x)
{
    const uint64_t low7 = 0x7F7F7F7F7F7F7F7Full;
    x ^= 0x0A0A0A0A0A0A0A0Aull;
    uint64_t nonzero = ((x & low7) + low7) | x;
    return __builtin_popcountll(~nonzero & ~low7);
}

long pt_pgn_count_lines(const unsigned char *b, size_t len)
{
    long n = 0;
    size_t i = 0;
#if defined(__SSE2__)
    const __m128i lf = _mm_set1_epi8('\n');
    for (; i + 32 <= len; i += 32) {
        __m128i x = _mm_loadu_si128((const __m128i *)(const void *)(b + i));
        __m128i y = _mm_loadu_si128((const __m128i *)(const void *)(b + i + 16));
        unsigned lo = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(x, lf));
        unsigned hi = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(y, lf));
        n += __builtin_popcount(lo | hi << 16);
    }
#endif
    for (uint64_t eight; i + 8 <= len; i += 8) {
        memcpy(&eight, b + i, 8);
        n += line_feeds(eight);
    }
    for (; i < len; i++)
        n += b[i] == '\n';
    /* A CR ends a line only when no LF follows it: rare, so looked for
     * apart from the count above. */
    for (const unsigned char *cr = memchr(b, '\r', len); cr; cr = memchr(cr + 1, '\r', len - (size_t)(cr + 1 - b)))
        n += (size_t)(cr + 1 - b) >= len || cr[1] != '\n';
    return n;
}
