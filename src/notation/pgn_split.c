/*
 * pgn_split.c - where a PGN text may be cut into pieces that can be read
 * apart, so that several threads can read one input. The cut is a guess;
 * pt_pgn_ended_between_games() tells, once the piece before it is read,
 * whether it held.
 */
#include "notation/pgn_game.h"

#include <string.h>

/* The start of the line ending at b[end] (a line feed). */
static size_t line_start_before(const unsigned char *b, size_t end)
{
    size_t i = end;
    while (i > 0 && b[i - 1] != '\n')
        i--;
    return i;
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
    /* From the end back: each tag line, its mark included. */
    for (size_t at = len; at-- > 1;) {
        if (b[at - 1] != '\n' || !tag_line(b, at, len, true))
            continue;
        /* A tag line after another belongs to the same game. */
        if (!tag_line(b, line_start_before(b, at - 1), len, false))
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
