/*
 * game.c - a game's history and the end-of-game rules of Articles 5 and 9.
 *
 * Repetition uses the Zobrist key, which covers what Law 9.2.2 calls the
 * same position: side to move, pieces on squares, castling rights, and an
 * en passant square only when the capture is actually legal (pt_pos keeps
 * ep only then).
 */
#include "chess/ending.h"
#include "chess/position.h"

#include <stdlib.h>

void pt_game_init(pt_game *g, const pt_pos *start)
{
    g->pos = *start;
    g->laws = PT_LAWS_CURRENT;
    g->keys = NULL;
    g->moves = NULL;
    g->undo = NULL;
    g->plies = g->cap = 0;
}

void pt_game_free(pt_game *g)
{
    free(g->keys);
    free(g->moves);
    free(g->undo);
    g->keys = NULL;
    g->moves = NULL;
    g->undo = NULL;
    g->plies = g->cap = 0;
}

static pt_err grow(pt_game *g)
{
    size_t cap = g->cap ? g->cap * 2 : 128;
    uint64_t *keys = realloc(g->keys, cap * sizeof *keys);
    if (!keys)
        return PT_ERR_NOMEM;
    g->keys = keys;
    pt_move *moves = realloc(g->moves, cap * sizeof *moves);
    if (!moves)
        return PT_ERR_NOMEM;
    g->moves = moves;
    pt_undo *undo = realloc(g->undo, cap * sizeof *undo);
    if (!undo)
        return PT_ERR_NOMEM;
    g->undo = undo;
    g->cap = cap;
    return PT_OK;
}

pt_err pt_game_play(pt_game *g, pt_move m)
{
    if (!pt_pos_is_legal_move(&g->pos, m))
        return PT_ERR_ILLEGAL;
    if (g->plies == g->cap) {
        pt_err err = grow(g);
        if (err != PT_OK)
            return err;
    }
    g->keys[g->plies] = g->pos.key;
    g->moves[g->plies] = m;
    pt_pos_make(&g->pos, m, &g->undo[g->plies]);
    g->plies++;
    return PT_OK;
}

bool pt_game_undo(pt_game *g)
{
    if (g->plies == 0)
        return false;
    g->plies--;
    pt_pos_unmake(&g->pos, g->moves[g->plies], &g->undo[g->plies]);
    return true;
}

int pt_repetitions(const uint64_t *earlier, size_t n, const pt_pos *pos)
{
    return pt_ending_repetitions(earlier, n, pos);
}

int pt_game_repetitions(const pt_game *g)
{
    return pt_repetitions(g->keys, g->plies, &g->pos);
}

bool pt_game_threefold_claimable(const pt_game *g)
{
    return pt_game_repetitions(g) >= 3;
}

bool pt_game_fifty_claimable(const pt_game *g)
{
    return g->pos.halfmove >= 100;
}

pt_status pt_game_status(const pt_game *g)
{
    return pt_ending_judge(g->keys, g->plies, &g->pos, g->laws);
}

const char *pt_status_name(pt_status s)
{
    switch (s) {
    case PT_STATUS_ONGOING: return "ongoing";
    case PT_STATUS_CHECKMATE: return "checkmate";
    case PT_STATUS_STALEMATE: return "stalemate";
    case PT_STATUS_DEAD: return "dead position";
    case PT_STATUS_FIVEFOLD: return "fivefold repetition";
    case PT_STATUS_SEVENTYFIVE: return "75-move rule";
    }
    return "unknown";
}
