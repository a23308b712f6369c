/*
 * pgn_game.h - the PGN game object as the library's own files see it,
 * and what the reader's files share.
 *
 *   struct pt_pgn_game     the game: text, tags, tokens, diagnostics
 *   pt_pgn_game_init(), pt_pgn_game_release(), pt_pgn_game_clear()
 *                          a game held by value (tests, the library)
 *   pt_pgn_raw_diag()      a diagnostic whose column is counted later
 *   pt_pgn_finish_game()   raw bytes to UTF-8 text and character columns
 */
#ifndef PT_PGN_GAME_H
#define PT_PGN_GAME_H

#include "partiar.h"

/* A tag pair: its name and value as offsets of NUL-terminated strings in
 * the game's strings, and where it stands. */
typedef struct pt_pgn_tag {
    size_t name, value;
    int line, column;
    long line_start; /* where the reader found it, for its column */
    size_t at;
} pt_pgn_tag;

/* Where a diagnostic the reader made stands in the game's raw bytes, until
 * pt_pgn_finish_game counts its column. */
typedef struct pt_pgn_raw_place {
    long line_start;
    size_t at;
} pt_pgn_raw_place;

struct pt_pgn_game {
    long number; /* 1-based index in the input */
    int first_line;
    bool unreadable; /* nothing usable: see the diagnostics */
    bool latin1;     /* the text was ISO-8859-1, now UTF-8 */
    char *text;
    size_t text_len, text_cap;
    char *strings;
    size_t strings_len, strings_cap;
    pt_pgn_tag *tags;
    size_t ntags, tags_cap;
    pt_pgn_token *tokens;
    size_t ntokens, tokens_cap;
    pt_pgn_diag *diags;
    size_t ndiags, diags_cap;
    pt_pgn_raw_place *raw; /* by diagnostic, for those with column -1 */
    size_t raw_cap;
    /* Past PT_PGN_MAX_DIAGS diagnostics are only counted (unlisted, of
     * which unlisted_errors are errors). The last is kept in spare, so
     * that its maker can complete it through pt_pgn_last_diag(). */
    long unlisted, unlisted_errors;
    pt_pgn_diag spare;
    uint64_t initials[4]; /* a bit for each first byte of a main-line move */
};

/* A game held by value: init once, release to free what it holds. */
void pt_pgn_game_init(pt_pgn_game *g);
void pt_pgn_game_release(pt_pgn_game *g);
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
pt_err pt_pgn_raw_diag(pt_pgn_game *g, int severity, pt_code code, int line, long line_start, size_t at,
                       const char *fmt, ...) __attribute__((format(printf, 7, 8)));
/* Copies s into g->strings with a NUL; returns its offset or (size_t)-1. */
size_t pt_pgn_add_string(pt_pgn_game *g, const char *s, size_t len);
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
