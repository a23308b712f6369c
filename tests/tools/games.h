/*
 * games.h - the real games the tools learn from and make sheets of: the
 * games of a PGN file (gzip too) that start from the standard position
 * (no FEN or SetUp tag, no Chess960) and whose every main-line move
 * replays.
 */
#ifndef PT_TOOLS_GAMES_H
#define PT_TOOLS_GAMES_H

#include "partiar.h"

#include <stdio.h>

/* What a tool does with one such game: false when memory runs out. */
typedef bool (*tool_use_game)(void *ctx, const pt_pgn_game *g, const pt_move *moves, size_t n);

/* Calls use for every such game of path; false, with a message naming
 * the tool and the file, when the file cannot be read or use fails. */
static bool tool_read_games(const char *tool, const char *path, tool_use_game use, void *ctx)
{
    char msg[256] = "";
    pt_input *in = NULL;
    pt_pgn_reader *reader = NULL;
    pt_pgn_game *g = NULL;
    pt_replay *rp = NULL;
    if (pt_input_open(&in, path, msg, sizeof msg) != PT_OK) {
        fprintf(stderr, "%s: %s: %s\n", tool, path, msg);
        return false;
    }
    pt_err err = pt_pgn_open(&reader, pt_input_read, in);
    if (err == PT_OK)
        err = pt_pgn_game_new(&g);
    if (err == PT_OK)
        err = pt_replay_new(&rp);
    const pt_replay_opts opts = {.lang = NULL}; /* notation detected per game */
    pt_pos start;
    pt_pos_startpos(&start);
    while (err == PT_OK && (err = pt_pgn_next(reader, g)) == PT_OK) {
        if (pt_pgn_game_unreadable(g) || pt_pgn_tag_value(g, "FEN") || pt_pgn_tag_value(g, "SetUp"))
            continue;
        if ((err = pt_replay_game(g, &opts, rp)) != PT_OK)
            break;
        const pt_pos *initial = pt_replay_initial(rp);
        if (!pt_replay_replayed(rp) || !pt_replay_complete(rp) || initial->key != start.key || initial->chess960)
            continue;
        const pt_move *moves;
        size_t n = pt_replay_moves(rp, &moves);
        if (!use(ctx, g, moves, n))
            err = PT_ERR_NOMEM;
    }
    bool ok = err == PT_ERR_END && !pt_input_failed(in, msg, sizeof msg);
    if (!ok)
        fprintf(stderr, "%s: %s: %s\n", tool, path, err == PT_ERR_NOMEM ? "out of memory" : msg);
    pt_replay_free(&rp);
    pt_pgn_game_free(&g);
    pt_pgn_close(&reader);
    pt_input_close(&in);
    return ok;
}

#endif
