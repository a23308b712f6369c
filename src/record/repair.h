/*
 * repair.h - the most probable repair of a main-line move that fails, so
 * that checking can go on and find later errors too. The decoder
 * (decode.c) chooses it, as it reads a scoresheet.
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

/* What a search for repairs keeps from one to the next: a decoder, a
 * record and the costs, so that a repair costs no allocation after the
 * first. */
typedef struct pt_repairer {
    pt_decode *decode;
    pt_record *record;
    pt_decode_costs costs;
} pt_repairer;

void pt_repairer_free(pt_repairer *rp);

/* Decodes the failing move's text (token next - 1) and the main-line moves
 * after it, up to 12 or the first pass, as a record of the game from pos,
 * and takes the decoder's first ply: the written move read as another (a
 * substitute), a move missing before it (insert), or the written move
 * one too many (skip). plies counts the written moves that then replay;
 * PT_REPAIR_NONE when not one does, or the decoder finds no game. */
pt_repair pt_repair_find(pt_repairer *rp, const pt_pgn_game *g, const pt_lang *lang, const pt_pos *pos, size_t next);

#endif
