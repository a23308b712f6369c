/*
 * core.c - the floor under `partiar check`: the time of its two core steps
 * alone, to show how fast the check could be if everything else were free.
 *
 *   core read FILE     read every game (pt_pgn_next) and nothing more
 *   core replay FILE   also replay each main line: read every move in
 *                      English (pt_san_read) and play it (pt_pos_make)
 *
 * Input goes through the same zlib reader as partiar. Nothing is checked:
 * no tags, marks, numbers, repetitions, results or duplicates, no report.
 * Prints the games, the plies played and the games whose replay stopped
 * at a move that did not read. tests/bench/check.sh times both modes
 * beside the full check.
 */
#include "notation/pgn_game.h"

#include <stdio.h>
#include <string.h>

/* Plays the main line of g in English; false at the first move that does
 * not read (an illegal move, another notation). */
static bool replay_main_line(const pt_pgn_game *g, const pt_lang *english, long *plies)
{
    pt_pos pos;
    char why[160];
    if (!pt_replay_start(g, &pos, why, sizeof why))
        return false;
    for (size_t i = 0; i < g->ntokens; i++) {
        const pt_pgn_token *t = &g->tokens[i];
        if (t->depth != 0 || t->kind != PT_TOK_MOVE)
            continue;
        pt_move m;
        pt_move_text mt;
        pt_undo undo;
        if (pt_san_read(&pos, english, g->text + t->text, t->len, &m, &mt) != PT_OK)
            return false;
        pt_pos_make(&pos, m, &undo);
        (*plies)++;
    }
    return true;
}

int main(int argc, char **argv)
{
    bool replay = argc == 3 && strcmp(argv[1], "replay") == 0;
    if (argc != 3 || (!replay && strcmp(argv[1], "read") != 0)) {
        fprintf(stderr, "usage: core read|replay FILE\n");
        return 2;
    }
    char msg[256];
    pt_input *in;
    pt_pgn_reader *r;
    if (pt_input_open(&in, argv[2], msg, sizeof msg) != PT_OK) {
        fprintf(stderr, "core: %s\n", msg);
        return 2;
    }
    if (pt_pgn_open(&r, pt_input_read, in) != PT_OK) {
        pt_input_close(&in);
        return 2;
    }
    pt_pgn_game g;
    pt_pgn_game_init(&g);
    const pt_lang *english = pt_lang_at(0);
    long games = 0, plies = 0, stopped = 0;
    pt_err err;
    while ((err = pt_pgn_next(r, &g)) == PT_OK) {
        games++;
        if (replay && !replay_main_line(&g, english, &plies))
            stopped++;
    }
    printf("%ld games, %ld plies, %ld stopped\n", games, plies, stopped);
    pt_pgn_game_release(&g);
    pt_pgn_close(&r);
    bool failed = pt_input_failed(in, msg, sizeof msg);
    pt_input_close(&in);
    return err == PT_ERR_END && !failed ? 0 : 2;
}
