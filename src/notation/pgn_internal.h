/*
 * pgn_internal.h - what the PGN reader's files share.
 */
#ifndef PT_PGN_INTERNAL_H
#define PT_PGN_INTERNAL_H

#include "partiar.h"

void pt_pgn_game_clear(pt_pgn_game *g);
/* Whether c may be part of a tag name: an ASCII letter (either case, by
 * the 0x20 bit), a digit or '_'. */
static inline bool pt_pgn_name_char(int c)
{
    return (unsigned)((c | 0x20) - 'a') < 26 || (unsigned)(c - '0') < 10 || c == '_';
}
/* Grows *items (of count elements of size bytes) to hold one more. */
bool pt_pgn_grow(void **items, size_t *cap, size_t count, size_t size);
/* A diagnostic at raw byte offset `at`; its column is counted later. */
pt_err pt_pgn_raw_diag(pt_pgn_game *g, int severity, const char *code, int line, long line_start, size_t at,
                       const char *fmt, ...) __attribute__((format(printf, 7, 8)));
/* Copies s into g->strings with a NUL; returns its offset or (size_t)-1. */
size_t pt_pgn_add_string(pt_pgn_game *g, const char *s, size_t len);
size_t pt_utf8_valid_at(const unsigned char *s, size_t n);
/* How many bytes at s are ASCII, counted eight at a time: a multiple of
 * eight, the rest left to the caller. Most PGN text is ASCII. */
size_t pt_pgn_ascii_run(const unsigned char *s, size_t len);
/* Characters from raw offset a to b: every byte when each byte is one
 * (ISO-8859-1, ASCII), else every byte that does not continue a UTF-8
 * sequence. */
int pt_pgn_chars_between(const unsigned char *raw, size_t a, size_t b, bool byte_chars);
/* Converts the raw bytes of a complete game to UTF-8 text (ISO-8859-1 when
 * they are not valid UTF-8, with a warning), moves token offsets into that
 * text and counts columns. raw[0] is on line raw_line; first_column_base
 * is its column, minus one, when the game begins in the middle of a line. */
pt_err pt_pgn_finish_game(pt_pgn_game *g, const unsigned char *raw, size_t len, int raw_line, int first_column_base);

#endif
