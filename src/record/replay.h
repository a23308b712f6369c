/*
 * replay.h - the replay object as the record layer's files see it.
 *
 *   struct pt_replay       what replaying a game's main line gave
 *   pt_replay_init(), pt_replay_release()   a replay held by value
 */
#ifndef PT_REPLAY_H
#define PT_REPLAY_H

#include "partiar.h"

struct pt_replay {
    pt_pos start;
    pt_move *moves;     /* the main line, as far as it is legal */
    size_t *move_token; /* the token each move was read from */
    size_t nmoves, cap;
    pt_move *token_move; /* by token: the move it was read as (PT_MOVE_NULL
                            for a pass), PT_MOVE_NONE where it failed */
    size_t token_cap;
    const pt_lang *lang; /* the notation used, forced or detected */
    bool replayed;       /* false: no start position or variant to play */
    bool complete;       /* every main-line move was legal */
    int errors;          /* diagnostics of severity error it added */
    pt_pos final;
    pt_status status; /* how the game ended, or PT_STATUS_ONGOING */
    pt_laws laws;     /* the edition of the Laws it was judged by */
    int repairs;      /* main-line moves repaired to go on checking */
    /* What replay.c keeps from game to game, so that a game costs no
     * allocation: the end tracker and the lines of play. */
    struct replay_state *state;
};

void pt_replay_init(pt_replay *rp);
void pt_replay_release(pt_replay *rp);

#endif
