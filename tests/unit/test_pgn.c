/*
 * test_pgn.c - the streaming PGN reader: tokens and their locations, the
 * dialects of real files, encodings, and recovery from broken input.
 */
#include "test_util.h"

#include "notation/pgn_game.h"

#include <stdlib.h>

/* A byte source over a string, handing out at most `chunk` bytes a call so
 * that tests can split the input anywhere. */
typedef struct memory_source {
    const char *text;
    size_t len, at, chunk;
    int calls;
} memory_source;

static size_t memory_read(void *ctx, void *buf, size_t size)
{
    memory_source *m = ctx;
    m->calls++;
    size_t n = m->len - m->at;
    if (n > size)
        n = size;
    if (n > m->chunk)
        n = m->chunk;
    memcpy(buf, m->text + m->at, n);
    m->at += n;
    return n;
}

typedef struct games {
    pt_pgn_game g[8];
    int n;
} games;

/* Reads every game of text (at most 8), chunk bytes at a time. */
static games *read_all(const char *text, size_t len, size_t chunk)
{
    memory_source src = {text, len, 0, chunk, 0};
    pt_pgn_reader *r;
    assert_int_equal(pt_pgn_open(&r, memory_read, &src), PT_OK);
    games *all = calloc(1, sizeof *all);
    assert_non_null(all);
    for (;;) {
        pt_pgn_game *g = &all->g[all->n];
        pt_pgn_game_init(g);
        pt_err err = pt_pgn_next(r, g);
        if (err == PT_ERR_END)
            break;
        assert_int_equal(err, PT_OK);
        assert_true(++all->n < 8);
    }
    pt_pgn_close(&r);
    assert_null(r);
    return all;
}

static games *read_text(const char *text)
{
    return read_all(text, strlen(text), (size_t)-1);
}

static void free_all(games *all)
{
    for (int i = 0; i <= all->n; i++)
        pt_pgn_game_release(&all->g[i]);
    free(all);
}

static const pt_pgn_token *token(const pt_pgn_game *g, size_t i)
{
    assert_true(i < g->ntokens);
    return &g->tokens[i];
}

static void assert_token(const pt_pgn_game *g, size_t i, int kind, const char *text, int line, int column)
{
    const pt_pgn_token *t = token(g, i);
    assert_int_equal(t->kind, kind);
    if ((size_t)strlen(text) != t->len || memcmp(g->text + t->text, text, t->len) != 0)
        fail_msg("token %zu is '%.*s', expected '%s'", i, (int)t->len, g->text + t->text, text);
    assert_int_equal(t->line, line);
    assert_int_equal(t->column, column);
}

/* The diagnostic with this code, or NULL. */
static const pt_pgn_diag *find_diag(const pt_pgn_game *g, const char *code)
{
    for (size_t i = 0; i < g->ndiags; i++)
        if (strcmp(pt_code_name(g->diags[i].code), code) == 0)
            return &g->diags[i];
    return NULL;
}

static void test_tags_and_tokens(void **state)
{
    (void)state;
    games *all = read_text("[Event \"A \\\"quoted\\\" \\\\ event\"]\n"
                           "[White \"Kasparov\"]\n"
                           "\n"
                           "1. e4 e5 {open game} 2. Nf3 $1 (2. f4 exf4) 2... Nc6!? ; line comment\n"
                           "3. Bb5 1-0\n");
    assert_int_equal(all->n, 1);
    pt_pgn_game *g = &all->g[0];
    assert_int_equal(g->number, 1);
    assert_int_equal(g->first_line, 1);
    assert_string_equal(pt_pgn_tag_value(g, "Event"), "A \"quoted\" \\ event");
    assert_string_equal(pt_pgn_tag_value(g, "White"), "Kasparov");
    assert_null(pt_pgn_tag_value(g, "Black"));
    assert_int_equal(g->tags[1].line, 2);
    assert_token(g, 0, PT_TOK_NUMBER, "1.", 4, 1);
    assert_token(g, 1, PT_TOK_MOVE, "e4", 4, 4);
    assert_token(g, 2, PT_TOK_MOVE, "e5", 4, 7);
    assert_token(g, 3, PT_TOK_COMMENT, "open game", 4, 11);
    assert_token(g, 5, PT_TOK_MOVE, "Nf3", 4, 25);
    assert_token(g, 6, PT_TOK_NAG, "$1", 4, 29);
    assert_int_equal(token(g, 6)->value, 1);
    assert_token(g, 7, PT_TOK_VAR_START, "(", 4, 32);
    assert_int_equal(token(g, 9)->depth, 1);
    assert_token(g, 11, PT_TOK_VAR_END, ")", 4, 43);
    assert_token(g, 12, PT_TOK_NUMBER, "2...", 4, 45);
    assert_true(token(g, 12)->black);
    assert_token(g, 13, PT_TOK_MOVE, "Nc6!?", 4, 50);
    assert_token(g, 14, PT_TOK_COMMENT, " line comment", 4, 57);
    assert_token(g, 17, PT_TOK_RESULT, "1-0", 5, 8);
    assert_int_equal(token(g, 17)->value, PT_RESULT_WHITE);
    assert_int_equal(g->ndiags, 0);
    free_all(all);
}

static void test_dialects(void **state)
{
    (void)state;
    /* Numbers glued to moves, dots apart, e.p. and (=) as words, typographic
     * results, glyphs standing alone, null moves. */
    games *all = read_text("1.e4 d5 2.exd5 8. ... Nxd4 6. exd6 e.p. Kb1 (=) Nf3 ! -- Z0 +- \u00bd\u2013\u00bd");
    pt_pgn_game *g = &all->g[0];
    assert_token(g, 0, PT_TOK_NUMBER, "1.", 1, 1);
    assert_token(g, 1, PT_TOK_MOVE, "e4", 1, 3);
    assert_token(g, 5, PT_TOK_NUMBER, "8.", 1, 16);
    assert_true(token(g, 5)->black);
    assert_token(g, 6, PT_TOK_MOVE, "Nxd4", 1, 23);
    assert_token(g, 8, PT_TOK_MOVE, "exd6", 1, 31);
    assert_int_equal(token(g, 8)->marks, PT_MARK_EP);
    assert_token(g, 9, PT_TOK_MOVE, "Kb1", 1, 41);
    assert_int_equal(token(g, 9)->marks, PT_MARK_DRAW_OFFER);
    assert_int_equal(token(g, 11)->kind, PT_TOK_NAG);
    assert_int_equal(token(g, 11)->value, 1);
    assert_int_equal(token(g, 12)->kind, PT_TOK_NULL);
    assert_int_equal(token(g, 13)->kind, PT_TOK_NULL);
    assert_int_equal(token(g, 14)->value, 18); /* +- : White wins */
    assert_int_equal(token(g, 15)->kind, PT_TOK_RESULT);
    assert_int_equal(token(g, 15)->value, PT_RESULT_DRAW);
    /* Glued promotion and draw marks stay in the move. */
    free_all(all);
    all = read_text("e8(Q) Kb1(=) 1\u20130");
    g = &all->g[0];
    assert_token(g, 0, PT_TOK_MOVE, "e8(Q)", 1, 1);
    assert_token(g, 1, PT_TOK_MOVE, "Kb1(=)", 1, 7);
    assert_int_equal(token(g, 2)->value, PT_RESULT_WHITE);
    free_all(all);
}

static void test_game_boundaries(void **state)
{
    (void)state;
    /* Games end at a result, at a tag after moves, at a repeated tag (no
     * moves), and at "1." after a blank line; a tag may share a line with
     * moves. */
    games *all = read_text("[Event \"a\"]\n[Event \"b\"]\n1. e4 *\n1. d4 d5 1-0 1. c4\n[Event \"c\"] 1. f4\n\n"
                           "1. g4\n");
    assert_int_equal(all->n, 6);
    assert_int_equal(all->g[0].ntokens, 0);
    assert_string_equal(pt_pgn_tag_value(&all->g[0], "Event"), "a");
    assert_string_equal(pt_pgn_tag_value(&all->g[1], "Event"), "b");
    assert_int_equal(all->g[1].ntokens, 3);
    assert_int_equal(all->g[2].first_line, 4);
    assert_token(&all->g[3], 0, PT_TOK_NUMBER, "1.", 4, 14);
    assert_string_equal(pt_pgn_tag_value(&all->g[4], "Event"), "c");
    assert_int_equal(all->g[4].tags[0].line, 5);
    assert_int_equal(all->g[5].first_line, 7);
    for (int i = 0; i < all->n; i++)
        assert_int_equal(all->g[i].number, i + 1);
    free_all(all);
}

static void test_line_ends_bom_and_nul(void **state)
{
    (void)state;
    static const char text[] = "\xEF\xBB\xBF[Event \"x\"]\r\n\r\n1. e4\re5\r\n2. Nf3\0 Nc6 *";
    games *all = read_all(text, sizeof text - 1, (size_t)-1);
    pt_pgn_game *g = &all->g[0];
    assert_int_equal(g->tags[0].line, 1);
    assert_int_equal(g->tags[0].column, 1); /* the byte order mark takes no column */
    assert_token(g, 1, PT_TOK_MOVE, "e4", 3, 4);
    assert_token(g, 2, PT_TOK_MOVE, "e5", 4, 1);
    assert_token(g, 4, PT_TOK_MOVE, "Nf3", 5, 4);
    assert_token(g, 5, PT_TOK_MOVE, "Nc6", 5, 9);
    const pt_pgn_diag *d = find_diag(g, "pgn-nul");
    assert_non_null(d);
    assert_int_equal(d->line, 5);
    assert_int_equal(d->column, 7);
    free_all(all);
}

static void test_latin1_columns(void **state)
{
    (void)state;
    games *all = read_text("[White \"Dvo\xf8\xe1k\"]\n{Ko\xe8ka} e4 {\xe9t\xe9} e5 *\n[White \"Nov\xc3\xa1k\"] d4 *");
    pt_pgn_game *g = &all->g[0];
    assert_true(g->latin1);
    assert_string_equal(pt_pgn_tag_value(g, "White"), "Dvo\u00f8\u00e1k");
    /* A comment's column is that of its text, just inside the brace. */
    assert_token(g, 0, PT_TOK_COMMENT, "Ko\u00e8ka", 2, 2);
    assert_token(g, 1, PT_TOK_MOVE, "e4", 2, 9);
    assert_token(g, 3, PT_TOK_MOVE, "e5", 2, 18);
    const pt_pgn_diag *d = find_diag(g, "pgn-encoding");
    assert_non_null(d);
    assert_int_equal(d->line, 1);
    assert_int_equal(d->column, 12);
    /* The next game is valid UTF-8 and stays as it is. */
    assert_false(all->g[1].latin1);
    assert_string_equal(pt_pgn_tag_value(&all->g[1], "White"), "Nov\u00e1k");
    assert_null(find_diag(&all->g[1], "pgn-encoding"));
    free_all(all);
}

/* head, then len bytes 'x', then tail: a text with one huge token. */
static char *padded(const char *head, size_t len, const char *tail)
{
    size_t at = strlen(head);
    char *text = malloc(at + len + strlen(tail) + 1);
    assert_non_null(text);
    memcpy(text, head, at);
    memset(text + at, 'x', len);
    strcpy(text + at + len, tail);
    return text;
}

static void test_errors_and_recovery(void **state)
{
    (void)state;
    games *all = read_text("[Event \"broken\"]\n1. e4 {never closed 1-0\n"
                           "[Event \"next\"]\n1. d4 ) } ] 1-0\n"
                           "[Bad tag]\n[Event \"x\n1. c4 (1. d4 *\n");
    assert_int_equal(all->n, 3);
    const pt_pgn_diag *d = find_diag(&all->g[0], "pgn-unterminated-comment");
    assert_non_null(d);
    assert_int_equal(d->line, 2);
    assert_int_equal(d->column, 7);
    assert_string_equal(pt_pgn_tag_value(&all->g[1], "Event"), "next");
    assert_int_equal(all->g[1].ndiags, 3); /* ')', '}' and ']' */
    assert_int_equal(all->g[1].diags[0].column, 7);
    pt_pgn_game *g = &all->g[2];
    assert_non_null(find_diag(g, "pgn-tag-syntax"));
    bool unclosed = false;
    for (size_t i = 0; i < g->ndiags; i++)
        unclosed |= strstr(g->diags[i].message, "not closed") != NULL;
    assert_true(unclosed);
    free_all(all);
}

/* The comment of the one game read from text, its diagnostics checked:
 * whether it was unterminated, and how many games the text held. */
static char *comment_of(const char *text, bool more_follows, bool *unterminated, long *ngames)
{
    pt_pgn_reader *r;
    assert_int_equal(pt_pgn_open_bytes(&r, (const unsigned char *)text, strlen(text)), PT_OK);
    pt_pgn_set_more_follows(r, more_follows);
    pt_pgn_game g;
    pt_pgn_game_init(&g);
    char *comment = NULL;
    *ngames = 0;
    *unterminated = false;
    while (pt_pgn_next(r, &g) == PT_OK) {
        if (++*ngames > 1)
            continue;
        *unterminated = find_diag(&g, "pgn-unterminated-comment") != NULL;
        for (size_t i = 0; i < g.ntokens && !comment; i++)
            if (g.tokens[i].kind == PT_TOK_COMMENT)
                comment = strndup(g.text + g.tokens[i].text, g.tokens[i].len);
    }
    /* Left open at the end of a piece: read again with what follows. */
    if (more_follows && *unterminated)
        assert_false(pt_pgn_ended_between_games(r));
    pt_pgn_game_release(&g);
    pt_pgn_close(&r);
    assert_non_null(comment);
    return comment;
}

/* A comment holds any text but '}': a header quoted over lines is no new
 * game (it split one game in two). A comment that does not close before
 * the next game is unterminated and ends before its first tag line. */
static void test_comment_holds_tag_lines(void **state)
{
    (void)state;
    static const struct {
        const char *text;
        bool more_follows;
        const char *comment;
        bool unterminated;
        long count;
    } cases[] = {
        {"1. e4 {A header:\n[Event \"Quoted\"]\nend} e5 *\n", false, "A header:\n[Event \"Quoted\"]\nend", false, 1},
        /* A result, then a tag line: the next game has begun. */
        {"1. e4 {oops e5 1-0\n\n[Event \"next\"]\n1. d4 {x} *\n", false, "oops e5 1-0", true, 2},
        {"1. e4 {oops\ne5 1/2-1/2  \r\n\r\n[Event \"next\"]\n1. d4 *\n", false, "oops\ne5 1/2-1/2", true, 2},
        /* A '{' after a tag line: the next game's comment. */
        {"1. e4 {oops\n\n[Event \"next\"]\n1. d4 {x} *\n", false, "oops", true, 2},
        /* The end of the input after a tag line. */
        {"1. e4 {oops\n\n[Event \"next\"]\n1. d4 *\n", false, "oops", true, 2},
        /* ... unless more text follows, which may close it. */
        {"1. e4 {A header:\n[Event \"Quoted\"]\n", true, "A header:\n[Event \"Quoted\"]\n", true, 1},
        /* Without a tag line, the comment runs to the end. */
        {"1. e4 {oops\n1. d4 *\n", false, "oops\n1. d4 *\n", true, 1},
        /* A '{' before any tag line is text of the comment. */
        {"1. e4 {a {b}\n[Event \"x\"]\n *\n", false, "a {b", false, 2},
        /* A result that is part of a word is no result. */
        {"1. e4 {score was 21-0\n[Event \"Quoted\"]\nend} *\n", false, "score was 21-0\n[Event \"Quoted\"]\nend", false,
         1},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        bool unterminated;
        long count;
        char *comment = comment_of(cases[i].text, cases[i].more_follows, &unterminated, &count);
        assert_string_equal(comment, cases[i].comment);
        assert_int_equal(unterminated, cases[i].unterminated);
        assert_int_equal(count, cases[i].count);
        free(comment);
    }
    /* No '}' within a megabyte past a tag line: unterminated there. */
    char *text = padded("1. e4 {oops\n[Event \"next\"]\n1. d4 {", (size_t)1 << 21, "} *\n");
    text[strlen("1. e4 {oops\n[Event \"next\"]\n1. d4 ")] = 'x'; /* no '{' */
    bool unterminated;
    long count;
    char *comment = comment_of(text, false, &unterminated, &count);
    assert_string_equal(comment, "oops");
    assert_true(unterminated);
    assert_int_equal(count, 2);
    free(comment);
    free(text);
}

static void test_deep_variations(void **state)
{
    (void)state;
    char text[1024] = "1. e4 ";
    for (int i = 0; i < 70; i++)
        strcat(text, "( e4 ");
    for (int i = 0; i < 70; i++)
        strcat(text, ") ");
    strcat(text, "e5 *");
    games *all = read_text(text);
    pt_pgn_game *g = &all->g[0];
    const pt_pgn_diag *d = find_diag(g, "pgn-nesting");
    assert_non_null(d);
    int max = 0;
    for (size_t i = 0; i < g->ntokens; i++)
        if (g->tokens[i].depth > max)
            max = g->tokens[i].depth;
    assert_int_equal(max, PT_PGN_MAX_DEPTH);
    assert_int_equal(g->tokens[g->ntokens - 2].depth, 0); /* e5 is back on the main line */
    free_all(all);
}

/* The same input read whole and one byte at a time gives the same games. */
static void assert_same_games(const char *text, size_t len)
{
    games *whole = read_all(text, len, (size_t)-1);
    games *bytes = read_all(text, len, 1);
    assert_int_equal(whole->n, bytes->n);
    for (int i = 0; i < whole->n; i++) {
        pt_pgn_game *a = &whole->g[i], *b = &bytes->g[i];
        assert_int_equal(a->number, b->number);
        assert_int_equal(a->first_line, b->first_line);
        assert_int_equal(a->ntokens, b->ntokens);
        assert_int_equal(a->ntags, b->ntags);
        assert_int_equal(a->ndiags, b->ndiags);
        assert_int_equal(a->text_len, b->text_len);
        assert_memory_equal(a->text, b->text, a->text_len);
        for (size_t k = 0; k < a->ntokens; k++) {
            assert_int_equal(a->tokens[k].line, b->tokens[k].line);
            assert_int_equal(a->tokens[k].column, b->tokens[k].column);
            assert_int_equal(a->tokens[k].text, b->tokens[k].text);
        }
    }
    free_all(whole);
    free_all(bytes);
}

static void test_streaming_is_exact(void **state)
{
    (void)state;
    static const char text[] = "\xEF\xBB\xBF[Event \"x\"]\r\n\r\n1. e4\re5\r\n2. Nf3 {a\r\nb} Nc6 (2... d6) 1/2-1/2\r\n"
                               "[Event \"y\"] 1. d4 {unterminated\n[Event \"z\"]\n1. c4 e5\xe9 *";
    assert_same_games(text, sizeof text - 1);
    /* NUL bytes before the first tag: reported on line 1, while the game
     * starts at its tag on line 2, however the bytes arrive (found by
     * fuzz_pgn comparing a reading in pieces with one in one piece). */
    static const char nul[] = "\0\0\0\n[Event \"x\"]\n1. e4 *";
    assert_same_games(nul, sizeof nul - 1);
    games *all = read_all(nul, sizeof nul - 1, 1);
    assert_int_equal(all->g[0].first_line, 2);
    free_all(all);
}

/* What a game's text holds around its moves: comments after the result
 * are the game's, a comment before the tags joins the game, forum markup
 * is skipped; a game without its marker, and text that is no game, are
 * said so. */
static void test_around_the_moves(void **state)
{
    (void)state;
    static const char text[] = "{before}\n[Event \"a\"]\n1. e4 1-0 {after the result}\n; and a line\n\n"
                               "[pgn][Event \"b\"]\n1. d4 \xbd-\xbd[/pgn]\n\n[Event \"c\"]\n1. c4\n\n"
                               "[Event \"d\"]\n1. f4 *\n\n1. 2. 3.\n";
    assert_same_games(text, sizeof text - 1);
    /* Markup right after a move, however the bytes arrive (found by
     * fuzz_pgn: read a byte at a time, "[/pgn]" began the next game). */
    static const char post[] = "[pgn] 1. e4 e6 2. d4 d5 [/pgn]\n";
    assert_same_games(post, sizeof post - 1);
    games *all = read_text(text);
    assert_int_equal(all->n, 5);
    const pt_pgn_game *a = &all->g[0];
    assert_string_equal(pt_pgn_tag_value(a, "Event"), "a");
    assert_token(a, 0, PT_TOK_COMMENT, "before", 1, 2);
    assert_token(a, 3, PT_TOK_RESULT, "1-0", 3, 7);
    assert_token(a, 4, PT_TOK_COMMENT, "after the result", 3, 12);
    assert_token(a, 5, PT_TOK_COMMENT, " and a line", 4, 2);
    assert_int_equal(a->ndiags, 0);
    /* Markup around it, and the Latin-1 one-half sign. */
    const pt_pgn_game *b = &all->g[1];
    assert_string_equal(pt_pgn_tag_value(b, "Event"), "b");
    assert_true(b->latin1);
    assert_int_equal(b->ndiags, 1);
    assert_non_null(find_diag(b, "pgn-encoding"));
    assert_int_equal(token(b, 2)->kind, PT_TOK_RESULT);
    assert_int_equal(token(b, 2)->value, PT_RESULT_DRAW);
    const pt_pgn_diag *d = find_diag(&all->g[2], "pgn-no-termination");
    assert_non_null(d);
    assert_int_equal(d->severity, PT_SEV_WARNING);
    assert_int_equal(d->line, 10);
    assert_non_null(strstr(d->message, "before the next game"));
    assert_null(find_diag(&all->g[3], "pgn-no-termination"));
    const pt_pgn_game *e = &all->g[4];
    assert_true(e->unreadable);
    d = find_diag(e, "pgn-no-game");
    assert_non_null(d);
    assert_int_equal(d->severity, PT_SEV_ERROR);
    assert_int_equal(d->line, 15);
    assert_int_equal(d->column, 1);
    free_all(all);

    /* At the end of the input, the marker's absence says the game may be
     * cut off; tags alone lack nothing. */
    all = read_text("[Event \"a\"]\n1. e4 e5\n");
    d = find_diag(&all->g[0], "pgn-no-termination");
    assert_non_null(d);
    assert_non_null(strstr(d->message, "the input ends"));
    free_all(all);
    all = read_text("[Event \"a\"]\n[Site \"b\"]\n");
    assert_int_equal(all->g[0].ndiags, 0);
    free_all(all);
}

/* The encoding warning is on the line of the bad byte, also when blank
 * lines come before the game's first tag (they belong to its text). */
static void test_encoding_line(void **state)
{
    (void)state;
    games *all = read_text("[Event \"a\"]\n1. e4 *\n\n\n[Event \"b\"]\n1. c4 \xe9 *\n");
    assert_int_equal(all->n, 2);
    assert_int_equal(all->g[1].first_line, 5);
    const pt_pgn_diag *d = find_diag(&all->g[1], "pgn-encoding");
    assert_non_null(d);
    assert_int_equal(d->line, 6);
    assert_int_equal(d->column, 7);
    free_all(all);
}

/* A game that begins two bytes into a line: the columns the reader leaves
 * to be counted later are counted from the line's true start (-2 once
 * also meant "no line yet" there). */
static void test_columns_mid_line(void **state)
{
    (void)state;
    games *all = read_text("[Event \"a\"]\n1. e4 e5\ne4[Event \"b\" \"x\"]\n1. d4 *\n");
    assert_int_equal(all->n, 2);
    assert_int_equal(all->g[1].tags[0].column, 3);
    const pt_pgn_diag *d = find_diag(&all->g[1], "pgn-tag-quote");
    assert_non_null(d);
    assert_int_equal(d->line, 3);
    assert_int_equal(d->column, 3);
    free_all(all);
}

/* Every token is found at its own place, and nothing elsewhere. */
static void test_token_at(void **state)
{
    (void)state;
    games *all = read_text("[Event \"\u00e9\"]\n1. e4 {\u00e9t\u00e9} e5\n2. Nf3 (2. Nc3 d5) 2... Nc6 *\n"
                           "[Event \"none\"]\n");
    assert_int_equal(all->n, 2);
    const pt_pgn_game *g = &all->g[0];
    assert_true(g->ntokens > 10);
    for (size_t i = 0; i < g->ntokens; i++)
        assert_int_equal(pt_pgn_token_at(g, g->tokens[i].line, g->tokens[i].column), i);
    /* A tag's place, a place inside e4, places past the end. */
    assert_int_equal(pt_pgn_token_at(g, 1, 1), g->ntokens);
    assert_int_equal(pt_pgn_token_at(g, 2, g->tokens[1].column + 1), g->ntokens);
    assert_int_equal(pt_pgn_token_at(g, 3, 200), g->ntokens);
    assert_int_equal(pt_pgn_token_at(g, 9, 1), g->ntokens);
    assert_int_equal(all->g[1].ntokens, 0);
    assert_int_equal(pt_pgn_token_at(&all->g[1], 1, 1), 0);
    free_all(all);
}

/* A game's diagnostics are listed up to PT_PGN_MAX_DIAGS and the rest
 * counted: 1200 stray quotes in one game held 1200 of some 300 bytes
 * each, and a 30 MB game of them 4.5 GB. */
static void test_diagnostics_limit(void **state)
{
    (void)state;
    size_t n = PT_PGN_MAX_DIAGS + 200;
    char *text = malloc(2 * n + 64);
    assert_non_null(text);
    strcpy(text, "[Event \"quotes\"]\n1. e4 ");
    size_t at = strlen(text);
    for (size_t i = 0; i < n; i++)
        memcpy(text + at + 2 * i, "\" ", 2);
    strcpy(text + at + 2 * n, "e5 *\n");
    games *all = read_text(text);
    free(text);
    pt_pgn_game *g = &all->g[0];
    assert_int_equal(all->n, 1);
    assert_int_equal(g->ndiags, PT_PGN_MAX_DIAGS);
    assert_int_equal(g->unlisted, 200);
    assert_int_equal(g->unlisted_errors, 200);
    assert_int_equal(g->diags[PT_PGN_MAX_DIAGS - 1].code, PT_CODE_PGN_SYNTAX);
    assert_int_equal(g->diags[PT_PGN_MAX_DIAGS - 1].column, (int)(strlen("1. e4 ") + 2 * (PT_PGN_MAX_DIAGS - 1) + 1));
    assert_int_equal(g->ntokens, 4); /* 1. e4 e5 *: what surrounds the quotes is read */
    /* The last one made is the spare: completing it leaves the list alone. */
    assert_ptr_equal(pt_pgn_last_diag(g), &g->spare);
    assert_int_equal(pt_pgn_add_diag(g, PT_SEV_WARNING, PT_CODE_DUPLICATE, 1, 1, 0, "one more"), PT_OK);
    assert_int_equal(g->ndiags, PT_PGN_MAX_DIAGS);
    assert_int_equal(g->unlisted, 201);
    assert_int_equal(pt_pgn_count_unlisted(g), PT_OK);
    assert_int_equal(g->ndiags, PT_PGN_MAX_DIAGS + 1);
    const pt_pgn_diag *d = &g->diags[PT_PGN_MAX_DIAGS];
    assert_int_equal(d->code, PT_CODE_TOO_MANY_DIAGNOSTICS);
    assert_int_equal(d->severity, PT_SEV_ERROR);
    assert_non_null(strstr(d->message, "201 more diagnostics in this game (200 of them errors)"));
    assert_int_equal(g->unlisted, 0);
    free_all(all);
}

/* A diagnostic whose message is made without printf: kept as written, cut
 * to fit, every field set as pt_pgn_add_diag() sets it. */
static void test_diagnostic_text(void **state)
{
    (void)state;
    games *all = read_text("[Event \"x\"]\n1. e4 e5 *\n");
    pt_pgn_game *g = &all->g[0];
    size_t before = g->ndiags;
    char longer[300];
    memset(longer, 'a', sizeof longer - 1);
    longer[sizeof longer - 1] = '\0';
    memcpy(longer, "100% ", 5); /* not a format */
    assert_int_equal(pt_pgn_add_diag_text(g, PT_SEV_WARNING, PT_CODE_DUPLICATE, 2, 4, 1, longer), PT_OK);
    assert_int_equal(g->ndiags, before + 1);
    const pt_pgn_diag *d = pt_pgn_last_diag(g);
    assert_int_equal(d->code, PT_CODE_DUPLICATE);
    assert_int_equal(d->severity, PT_SEV_WARNING);
    assert_int_equal(d->line, 2);
    assert_int_equal(d->column, 4);
    assert_int_equal(d->ply, 1);
    assert_int_equal(strlen(d->message), sizeof d->message - 1);
    assert_memory_equal(d->message, longer, sizeof d->message - 1);
    assert_string_equal(d->suggestion, "");
    free_all(all);
}

/* A repeated tag name starts a new game, however many tags came before:
 * past 16 the names are looked up in a hash table, reset each game. */
static void test_many_tag_names(void **state)
{
    (void)state;
    char text[4096] = "";
    size_t n = 0;
    for (int game = 0; game < 2; game++) {
        for (int i = 0; i < 40; i++)
            n += (size_t)snprintf(text + n, sizeof text - n, "[T%d \"%d\"]\n", i, game);
        n += (size_t)snprintf(text + n, sizeof text - n, "%s", game ? "[T7 \"again\"]\n" : "\n1. e4 *\n");
    }
    games *all = read_text(text);
    assert_int_equal(all->n, 3);
    assert_int_equal(all->g[0].ntags, 40);
    assert_int_equal(all->g[1].ntags, 40); /* the first game's names forgotten */
    assert_string_equal(pt_pgn_tag_value(&all->g[1], "T39"), "1");
    assert_int_equal(all->g[2].ntags, 1); /* T7 again: a game of its own */
    assert_string_equal(pt_pgn_tag_value(&all->g[2], "T7"), "again");
    free_all(all);
}

static void test_game_too_large(void **state)
{
    (void)state;
    char *text = padded("[Event \"huge\"]\n{", 300000, "}\n[Event \"small\"]\n1. e4 *\n");
    memory_source src = {text, strlen(text), 0, 4096, 0};
    pt_pgn_reader *r;
    assert_int_equal(pt_pgn_open(&r, memory_read, &src), PT_OK);
    pt_pgn_set_max_game(r, 100000);
    pt_pgn_game g;
    pt_pgn_game_init(&g);
    assert_int_equal(pt_pgn_next(r, &g), PT_OK);
    assert_true(g.unreadable);
    assert_non_null(find_diag(&g, "pgn-too-large"));
    /* Its tags say which game it was. */
    assert_string_equal(pt_pgn_tag_value(&g, "Event"), "huge");
    assert_int_equal(pt_pgn_next(r, &g), PT_OK);
    assert_string_equal(pt_pgn_tag_value(&g, "Event"), "small");
    assert_int_equal(g.tags[0].line, 3);
    assert_int_equal(g.number, 2);
    assert_int_equal(pt_pgn_next(r, &g), PT_ERR_END);
    pt_pgn_game_release(&g);
    pt_pgn_close(&r);
    free(text);
}

/* Whether the game that follows a small one in text is skipped as too
 * large, read through chunks of `chunk` bytes, or at once (chunk 0). */
static bool second_too_large(const char *body, size_t chunk)
{
    const char *small = "[Event \"small\"]\n\n1. e4 *\n\n";
    size_t len = strlen(small) + strlen(body) + 64;
    char *text = malloc(len);
    assert_non_null(text);
    snprintf(text, len, "%s[Event \"big\"]\n\n%s *\n", small, body);
    pt_pgn_reader *r;
    memory_source src = {text, strlen(text), 0, chunk, 0};
    if (chunk)
        assert_int_equal(pt_pgn_open(&r, memory_read, &src), PT_OK);
    else
        assert_int_equal(pt_pgn_open_bytes(&r, (const unsigned char *)text, strlen(text)), PT_OK);
    pt_pgn_set_max_game(r, 100000);
    pt_pgn_game g;
    pt_pgn_game_init(&g);
    assert_int_equal(pt_pgn_next(r, &g), PT_OK);
    assert_false(g.unreadable);
    assert_int_equal(pt_pgn_next(r, &g), PT_OK);
    bool huge = find_diag(&g, "pgn-too-large") != NULL;
    assert_int_equal(huge, g.unreadable);
    assert_int_equal(pt_pgn_next(r, &g), PT_ERR_END);
    pt_pgn_game_release(&g);
    pt_pgn_close(&r);
    free(text);
    return huge;
}

/* n copies of unit, with sep after each. */
static char *repeated(const char *unit, const char *sep, size_t n)
{
    size_t u = strlen(unit), s = strlen(sep);
    char *text = malloc(n * (u + s) + 1), *at = text;
    assert_non_null(text);
    for (size_t i = 0; i < n; i++, at += u + s) {
        memcpy(at, unit, u);
        memcpy(at + u, sep, s);
    }
    *at = '\0';
    return text;
}

/* The size limit is the game's, however its bytes are laid out and
 * wherever it stands: the same verdict on one line or many, read at once
 * or in pieces. Tokens count at their size in memory (28 bytes), so 100
 * KB of "()" is as large as 1.4 MB of text. */
static void test_game_too_large_any_layout(void **state)
{
    (void)state;
    static const struct {
        const char *unit;
        size_t n;
        bool huge;
    } cases[] = {
        {"{a comment of forty bytes, give or take}", 2000, false}, /* 82 KB */
        {"{a comment of forty bytes, give or take}", 3000, true},  /* 123 KB */
        {"e4", 1500, false},                                       /* 4.5 KB, 1500 tokens */
        {"()", 3000, true},                                        /* 9 KB, 6000 tokens */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char *line = repeated(cases[i].unit, " ", cases[i].n);
        char *lines = repeated(cases[i].unit, "\n", cases[i].n);
        size_t chunks[] = {0, 1000, 4096, 65536};
        for (size_t c = 0; c < sizeof chunks / sizeof chunks[0]; c++) {
            assert_int_equal(second_too_large(line, chunks[c]), cases[i].huge);
            assert_int_equal(second_too_large(lines, chunks[c]), cases[i].huge);
        }
        free(line);
        free(lines);
    }
}

/* A token is scanned again from its start after each read that does not
 * complete it, so reads must grow with what is waiting: a fixed 64 KiB
 * took 256 reads (and 2 GB of scanning) for this 16 MB comment. */
static void test_long_token_reads(void **state)
{
    (void)state;
    size_t len = (size_t)16 << 20, at = strlen("[Event \"long\"]\n1. e4 {");
    char *text = padded("[Event \"long\"]\n1. e4 {", len, "} e5 *\n");
    memory_source src = {text, strlen(text), 0, (size_t)-1, 0};
    pt_pgn_reader *r;
    assert_int_equal(pt_pgn_open(&r, memory_read, &src), PT_OK);
    pt_pgn_game g;
    pt_pgn_game_init(&g);
    assert_int_equal(pt_pgn_next(r, &g), PT_OK);
    assert_false(g.unreadable);
    assert_int_equal(g.ntokens, 5); /* 1. e4 {comment} e5 * */
    assert_int_equal(g.tokens[2].kind, PT_TOK_COMMENT);
    assert_int_equal(g.tokens[2].len, len);
    size_t line_start = strlen("[Event \"long\"]\n");
    assert_int_equal(g.tokens[3].column, (int)(at + len + 2 - line_start + 1));
    assert_int_equal(pt_pgn_next(r, &g), PT_ERR_END);
    assert_true(src.calls <= 16);
    pt_pgn_game_release(&g);
    pt_pgn_close(&r);
    free(text);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_tags_and_tokens),
        cmocka_unit_test(test_dialects),
        cmocka_unit_test(test_game_boundaries),
        cmocka_unit_test(test_around_the_moves),
        cmocka_unit_test(test_line_ends_bom_and_nul),
        cmocka_unit_test(test_latin1_columns),
        cmocka_unit_test(test_errors_and_recovery),
        cmocka_unit_test(test_comment_holds_tag_lines),
        cmocka_unit_test(test_deep_variations),
        cmocka_unit_test(test_streaming_is_exact),
        cmocka_unit_test(test_encoding_line),
        cmocka_unit_test(test_columns_mid_line),
        cmocka_unit_test(test_token_at),
        cmocka_unit_test(test_many_tag_names),
        cmocka_unit_test(test_diagnostics_limit),
        cmocka_unit_test(test_diagnostic_text),
        cmocka_unit_test(test_game_too_large),
        cmocka_unit_test(test_game_too_large_any_layout),
        cmocka_unit_test(test_long_token_reads),
    };
    return cmocka_run_group_tests_name("pgn", tests, NULL, NULL);
}
