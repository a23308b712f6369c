/*
 * perft.c - counting the legal move tree, the standard test of a move
 * generator. The last ply is counted without playing it (bulk counting).
 */
#include "chess/position.h"

uint64_t pt_perft(pt_pos *pos, int depth)
{
    if (depth <= 0)
        return 1;
    if (depth == 1)
        return (uint64_t)pt_count_legal(pos);
    pt_move list[PT_MAX_MOVES];
    int n = pt_gen_legal(pos, list);
    uint64_t nodes = 0;
    for (int i = 0; i < n; i++) {
        pt_undo undo;
        pt_pos_make(pos, list[i], &undo);
        nodes += pt_perft(pos, depth - 1);
        pt_pos_unmake(pos, list[i], &undo);
    }
    return nodes;
}

int pt_perft_divide(pt_pos *pos, int depth, pt_perft_entry *out)
{
    pt_move list[PT_MAX_MOVES];
    int n = depth > 0 ? pt_gen_legal(pos, list) : 0;
    for (int i = 0; i < n; i++) {
        pt_undo undo;
        pt_pos_make(pos, list[i], &undo);
        out[i].move = list[i];
        out[i].nodes = pt_perft(pos, depth - 1);
        pt_pos_unmake(pos, list[i], &undo);
    }
    return n;
}
