/*
 * walk.h - the lines of play of a PGN movetext, walked token by token:
 * "(" offers an alternative to the last move played on the enclosing
 * line, ")" returns to that line. Each line keeps its own position; a
 * line that broke (a move that could not be played) keeps its later
 * moves as they stand. The replay and the writer both walk with it.
 *
 *   pt_walk_start()  the main line from a start position
 *   pt_walk_enter()  "(": a variation from before the last move
 *   pt_walk_leave()  ")": back to the enclosing line
 *   pt_walk_play()   a move (or a pass) on a line
 */
#ifndef PT_WALK_H
#define PT_WALK_H

#include "partiar.h"

typedef struct pt_walk_line {
    pt_pos pos;
    pt_move last; /* the line's last move, and what undoes it */
    pt_undo undo;
    bool has_before; /* it has a last move, which a variation may replace */
    bool broken;     /* its moves mean nothing any more */
    int ply;         /* plies played from the game's start */
} pt_walk_line;

typedef struct pt_walk {
    pt_walk_line *line; /* line[0] is the main line, line[top] the current one */
    int top, cap;
} pt_walk;

/* Starts the walk on the main line at start (broken: nothing to play);
 * false when memory runs out. Zero a pt_walk once before the first. */
bool pt_walk_start(pt_walk *ls, const pt_pos *start, bool broken);
/* "(": a line from the position before the current line's last move,
 * broken when that line is, or has no last move to replay. Returns the
 * new current line, or NULL when memory runs out. */
pt_walk_line *pt_walk_enter(pt_walk *ls);
/* ")": the enclosing line again (the main line stays). */
static inline pt_walk_line *pt_walk_leave(pt_walk *ls)
{
    if (ls->top > 0)
        ls->top--;
    return &ls->line[ls->top];
}
void pt_walk_free(pt_walk *ls);

/* Plays legal move m, or a pass (PT_MOVE_NULL), on line l. */
static inline void pt_walk_play(pt_walk_line *l, pt_move m)
{
    l->last = m;
    l->has_before = true;
    if (m == PT_MOVE_NULL)
        pt_pos_make_null(&l->pos, &l->undo);
    else
        pt_pos_make(&l->pos, m, &l->undo);
    l->ply++;
}

#endif
