/*
 * san.h - writing a move's SAN when its position's legal moves are known.
 *
 * A piece's move is written with what tells it from the others of its
 * kind that reach the square (Law C.10), which pt_san_write finds by
 * generating the legal moves again: a caller that writes every legal move
 * of a position (the decoder, the suggestions) hands them over instead.
 */
#ifndef PT_SAN_H
#define PT_SAN_H

#include "partiar.h"

/* pt_san_write, with legal[0..nlegal) the legal moves of pos (or NULL:
 * generated when needed); any part of them that holds every move of
 * another piece of m's kind to m's square will do (none: nlegal 0). */
char *pt_san_write_legal(const pt_pos *pos, pt_move m, const pt_move *legal, int nlegal, const pt_lang *lang,
                         int notation, char out[PT_SAN_MAX]);

#endif
