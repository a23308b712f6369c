/*
 * pgn_split.c - where a PGN text may be cut into pieces that can be read
 * apart, so that several threads can read one input. The cut is a guess;
 * pt_pgn_ended_between_games() tells, once the piece before it is read,
 * whether it held.
 */
#include "partiar.h"

#include <string.h>

/* The start of the line ending at b[end] (a line feed). */
static size_t line_start_before(const unsigned char *b, size_t end)
{
    size_t i = end;
    while (i > 0 && b[i - 1] != '\n')
        i--;
    return i;
}

size_t pt_pgn_split_point(const unsigned char *b, size_t len)
{
    /* From the end back: each '[' that follows a line feed. */
    for (size_t at = len; at-- > 1;) {
        if (b[at] != '[' || b[at - 1] != '\n')
            continue;
        /* A tag line after another belongs to the same game. */
        if (b[line_start_before(b, at - 1)] != '[')
            return at;
    }
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
