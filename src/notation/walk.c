/*
 * walk.c - the lines of play of a PGN movetext (see walk.h).
 */
#include "notation/walk.h"

#include <limits.h>
#include <stdlib.h>

/* Makes room for line `top` (0 is the main line). */
static bool room_for(pt_walk *ls, int top)
{
    if (top < ls->cap)
        return true;
    size_t cap = ls->cap > 0 ? 2 * (size_t)ls->cap : 4;
    if (cap > INT_MAX)
        return false;
    pt_walk_line *line = realloc(ls->line, cap * sizeof *line);
    if (!line)
        return false;
    ls->line = line;
    ls->cap = (int)cap;
    return true;
}

bool pt_walk_start(pt_walk *ls, const pt_pos *start, bool broken)
{
    if (!room_for(ls, 0))
        return false;
    ls->top = 0;
    ls->line[0] = (pt_walk_line){.pos = *start, .broken = broken};
    return true;
}

pt_walk_line *pt_walk_enter(pt_walk *ls)
{
    if (!room_for(ls, ls->top + 1))
        return NULL;
    const pt_walk_line *outer = &ls->line[ls->top];
    pt_walk_line *l = &ls->line[++ls->top];
    l->pos = outer->pos;
    if (outer->has_before) {
        if (outer->last == PT_MOVE_NULL)
            pt_pos_unmake_null(&l->pos, &outer->undo);
        else
            pt_pos_unmake(&l->pos, outer->last, &outer->undo);
    }
    l->ply = outer->has_before ? outer->ply - 1 : outer->ply;
    l->has_before = false;
    l->broken = outer->broken || !outer->has_before;
    return l;
}

void pt_walk_free(pt_walk *ls)
{
    free(ls->line);
    ls->line = NULL;
    ls->top = ls->cap = 0;
}
