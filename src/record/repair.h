/*
 * repair.h - the most probable repair of a main-line move that fails, so
 * that checking can go on and find later errors too.
 */
#ifndef PT_REPAIR_H
#define PT_REPAIR_H

#include "partiar.h"

enum { PT_REPAIR_NONE, PT_REPAIR_SUBSTITUTE, PT_REPAIR_INSERT, PT_REPAIR_SKIP };

typedef struct pt_repair {
    int kind;          /* PT_REPAIR_* */
    pt_move move;      /* SUBSTITUTE: the move played instead; INSERT: the
                          move missing before the written one */
    pt_move written;   /* INSERT: the written move, played after it */
    size_t plies;      /* later written moves that replay after it */
    int ties;          /* INSERT: how many missing moves fit as well */
    pt_move others[2]; /* INSERT: two more of them, PT_MOVE_NONE if fewer */
} pt_repair;

/* Chooses among: the nearest legal move in place of the written one, one
 * missing move before it, or the written move dropped as extra; the plan
 * after which most of the following main-line moves (from token `next`)
 * replay wins, in that order of preference on ties. PT_REPAIR_NONE when
 * none lets even one later move replay. */
pt_repair pt_repair_find(const pt_pgn_game *g, const pt_lang *lang, const pt_pos *pos, const char *text, size_t len,
                         size_t next);

#endif
