/*
 * fuzz_pgn.c - libFuzzer harness for the PGN reader, replay and writer.
 *
 * The input is read in pieces of a size taken from its first byte, so that
 * the reader's resumption is exercised too, and again in one piece: both
 * readings must give the same games, token for token (the reader's quick
 * paths are taken only where a token ends inside what has been read).
 * Every game must come back with tokens inside its text and locations
 * inside the input, and must survive replay and writing; and what is
 * written must read back as one game whose main line starts with the
 * moves written (read in the notation they were written in).
 */
#include "notation/pgn_game.h"
#include "record/replay.h"

#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

typedef struct source {
    const uint8_t *data;
    size_t size, at, chunk;
} source;

static size_t read_piece(void *ctx, void *buf, size_t n)
{
    source *s = ctx;
    size_t left = s->size - s->at;
    if (n > left)
        n = left;
    if (n > s->chunk)
        n = s->chunk;
    memcpy(buf, s->data + s->at, n);
    s->at += n;
    return n;
}

/* Aborts unless a and b were read alike. */
static void same_game(const pt_pgn_game *a, const pt_pgn_game *b)
{
    if (a->number != b->number || a->first_line != b->first_line || a->ntokens != b->ntokens || a->ntags != b->ntags ||
        a->ndiags != b->ndiags || a->text_len != b->text_len || memcmp(a->text, b->text, a->text_len) != 0)
        abort();
    for (size_t i = 0; i < a->ntokens; i++) {
        const pt_pgn_token *x = &a->tokens[i], *y = &b->tokens[i];
        if (x->kind != y->kind || x->marks != y->marks || x->depth != y->depth || x->value != y->value ||
            x->black != y->black || x->text != y->text || x->len != y->len || x->line != y->line ||
            x->column != y->column)
            abort();
    }
    for (size_t i = 0; i < a->ntags; i++)
        if (strcmp(pt_pgn_tag_name_at(a, i), pt_pgn_tag_name_at(b, i)) != 0 ||
            strcmp(pt_pgn_tag_value_at(a, i), pt_pgn_tag_value_at(b, i)) != 0 || a->tags[i].line != b->tags[i].line ||
            a->tags[i].column != b->tags[i].column)
            abort();
    for (size_t i = 0; i < a->ndiags; i++)
        if (a->diags[i].code != b->diags[i].code || a->diags[i].line != b->diags[i].line ||
            a->diags[i].column != b->diags[i].column || strcmp(a->diags[i].message, b->diags[i].message) != 0)
            abort();
}

/* Aborts unless the game written in out reads back as one game whose
 * main line begins with the n moves written. */
static void reads_back(const pt_buf *out, const pt_replay *rp, const pt_pgn_write_opts *wo)
{
    pt_pgn_reader *r;
    if (pt_pgn_open_bytes(&r, (const unsigned char *)out->data, out->len) != PT_OK)
        abort();
    pt_pgn_game g;
    pt_replay back;
    pt_pgn_game_init(&g);
    pt_replay_init(&back);
    if (pt_pgn_next(r, &g) != PT_OK)
        abort(); /* no game */
    /* UCI is read in any notation; SAN and LAN in the one written. */
    pt_replay_opts ro = {.lang = wo->notation == PT_NOTATION_UCI ? NULL : wo->lang};
    if (pt_replay_game(&g, &ro, &back) != PT_OK)
        abort();
    if (rp->replayed && rp->nmoves > 0 &&
        (back.nmoves < rp->nmoves || memcmp(back.moves, rp->moves, rp->nmoves * sizeof *rp->moves) != 0))
        abort(); /* other moves */
    if (pt_pgn_next(r, &g) != PT_ERR_END)
        abort(); /* a game more */
    pt_replay_release(&back);
    pt_pgn_game_release(&g);
    pt_pgn_close(&r);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0)
        return 0;
    source src = {data + 1, size - 1, 0, (size_t)data[0] % 17 + 1};
    pt_pgn_reader *r;
    if (pt_pgn_open(&r, read_piece, &src) != PT_OK)
        return 0;
    pt_pgn_set_max_game(r, 1 << 16);
    pt_pgn_game g;
    pt_replay rp;
    pt_buf out = {0};
    pt_pgn_game_init(&g);
    pt_replay_init(&rp);
    pt_replay_opts ro = {.strict = data[0] & 1, .check = data[0] & 2, .claims = data[0] & 4};
    pt_pgn_write_opts wo = {
        .lang = pt_lang_at(data[0] % pt_lang_count()), .notation = data[0] % 3, .diagnostics = true};
    /* The same input in one piece; small enough that no game is too large
     * in either reading (that depends on how far ahead the reader is). */
    source whole = {data + 1, size - 1, 0, size};
    pt_pgn_reader *r2 = NULL;
    pt_pgn_game g2;
    pt_pgn_game_init(&g2);
    if (size < (1 << 15) && pt_pgn_open(&r2, read_piece, &whole) == PT_OK)
        pt_pgn_set_max_game(r2, 1 << 16);
    long games = 0;
    while (pt_pgn_next(r, &g) == PT_OK) {
        if (g.number != ++games)
            abort();
        if (r2) {
            if (pt_pgn_next(r2, &g2) != PT_OK)
                abort();
            same_game(&g, &g2);
        }
        for (size_t i = 0; i < g.ntokens; i++) {
            const pt_pgn_token *t = &g.tokens[i];
            if (t->text + t->len > g.text_len || t->line < 1 || t->column < 1)
                abort();
            /* In the order of the text, as pt_pgn_token_at() needs. */
            const pt_pgn_token *p = i ? &g.tokens[i - 1] : NULL;
            if (p && (t->line < p->line || (t->line == p->line && t->column <= p->column)))
                abort();
            if (pt_pgn_token_at(&g, t->line, t->column) != i)
                abort();
        }
        for (size_t i = 0; i < g.ndiags; i++)
            if (g.diags[i].line < 1 || g.diags[i].column < 1 || (unsigned)g.diags[i].code >= PT_CODE_COUNT)
                abort();
        if (pt_replay_game(&g, &ro, &rp) != PT_OK || pt_pgn_count_unlisted(&g) != PT_OK ||
            g.ndiags > PT_PGN_MAX_DIAGS + 1)
            abort();
        out.len = 0;
        pt_pgn_moves moves;
        pt_replay_pgn_moves(&rp, &moves);
        if (pt_pgn_write(&g, &moves, &wo, &out) != PT_OK)
            abort();
        reads_back(&out, &rp, &wo);
    }
    if (r2 && pt_pgn_next(r2, &g2) != PT_ERR_END)
        abort(); /* a game more in one piece */
    pt_buf_free(&out);
    pt_replay_release(&rp);
    pt_pgn_game_release(&g);
    pt_pgn_game_release(&g2);
    pt_pgn_close(&r);
    pt_pgn_close(&r2);
    return 0;
}
