/*
 * dups.c - finding duplicate games in and across inputs: a fingerprint of
 * the players and the moves, and an open-addressing table of the ones
 * seen, 16 bytes a distinct game (the only memory of a check that grows
 * with its input).
 */
#include "notation/pgn_game.h"
#include "record/replay.h"

#include <stdlib.h>
#include <string.h>

/* One step of the fingerprint: a multiply spreads the low bits upwards,
 * the shift brings the high ones back down. */
static inline uint64_t mix(uint64_t h, uint64_t word)
{
    h = (h ^ word) * 0x9E3779B97F4A7C15ULL;
    return h ^ (h >> 29);
}

uint64_t pt_dups_fingerprint(const pt_pgn_game *g, const pt_replay *rp)
{
    if (!rp->replayed || rp->nmoves == 0)
        return 0;
    /* The players' bytes and the moves: formatting, comments and the
     * other tags do not count. */
    uint64_t h = 1469598103934665603ULL;
    const char *players[2] = {pt_pgn_tag_value(g, "White"), pt_pgn_tag_value(g, "Black")};
    for (int p = 0; p < 2; p++) {
        for (const char *s = players[p] ? players[p] : ""; *s; s++)
            h = mix(h, (unsigned char)*s);
        h = mix(h, 0x100);
    }
    /* Four moves a step: with one a step, each game waited on a chain of
     * multiplies as long as its moves (2% of the whole check). */
    size_t i = 0;
    for (; i + 4 <= rp->nmoves; i += 4) {
        uint64_t four;
        memcpy(&four, rp->moves + i, sizeof four);
        h = mix(h, four);
    }
    for (; i < rp->nmoves; i++)
        h = mix(h, rp->moves[i]);
    h = mix(h, rp->nmoves);
    /* What could not be played still tells two records apart: the text of
     * each main-line move not read as written (an illegal move and what
     * follows it, moves after mate). */
    for (size_t k = 0; !rp->complete && k < g->ntokens; k++) {
        const pt_pgn_token *t = &g->tokens[k];
        if (t->depth == 0 && (t->kind == PT_TOK_MOVE || t->kind == PT_TOK_NULL) && rp->token_move[k] == PT_MOVE_NONE) {
            for (size_t c = 0; c < t->len; c++)
                h = mix(h, (unsigned char)g->text[t->text + c]);
            h = mix(h, 0x100);
        }
    }
    return mix(h, rp->start.key);
}

/* A game seen before: where it was. */
typedef struct seen {
    uint64_t fingerprint;
    uint32_t file; /* index in the list of inputs */
    uint32_t game;
} seen;

struct pt_dups {
    seen *table; /* a power of two of slots, full to at most 3/4 */
    size_t cap, count;
};

pt_err pt_dups_new(pt_dups **pd)
{
    *pd = calloc(1, sizeof **pd);
    return *pd ? PT_OK : PT_ERR_NOMEM;
}

void pt_dups_free(pt_dups **pd)
{
    if (*pd)
        free((*pd)->table);
    free(*pd);
    *pd = NULL;
}

/* Doubles the table; false when memory runs out. */
static bool grow(pt_dups *d)
{
    size_t cap = d->cap ? d->cap * 2 : 4096;
    seen *table = calloc(cap, sizeof *table);
    if (!table)
        return false;
    for (size_t i = 0; i < d->cap; i++) {
        if (!d->table[i].fingerprint)
            continue;
        size_t k = d->table[i].fingerprint & (cap - 1);
        while (table[k].fingerprint)
            k = (k + 1) & (cap - 1);
        table[k] = d->table[i];
    }
    free(d->table);
    d->table = table;
    d->cap = cap;
    return true;
}

pt_err pt_dups_remember(pt_dups *d, uint64_t fingerprint, uint32_t file, uint32_t game, bool *seen_before,
                        uint32_t *first_file, uint32_t *first_game)
{
    *seen_before = false;
    if (!fingerprint)
        return PT_OK; /* a game without moves is nobody's duplicate */
    if (d->count * 4 >= d->cap * 3 && !grow(d))
        return PT_ERR_NOMEM;
    size_t k = fingerprint & (d->cap - 1);
    for (; d->table[k].fingerprint; k = (k + 1) & (d->cap - 1)) {
        if (d->table[k].fingerprint == fingerprint) {
            *seen_before = true;
            *first_file = d->table[k].file;
            *first_game = d->table[k].game;
            return PT_OK;
        }
    }
    d->table[k] = (seen){fingerprint, file, game};
    d->count++;
    return PT_OK;
}
