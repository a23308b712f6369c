/*
 * decode.h - what the decoder and the findings on its game share.
 */
#ifndef PT_DECODE_H
#define PT_DECODE_H

#include "partiar.h"

/* Reads text as a move of pos in a record's letters, else in English (a
 * sheet in other letters may hold an English move): PT_OK with *m set,
 * PT_ERR_AMBIGUOUS when it fits several moves in either, else another
 * error. */
pt_err pt_decode_read(const pt_pos *pos, const pt_lang *lang, const char *text, pt_move *m);

/* Parses text's form as a move in a record's letters, else in English,
 * into *mt: whether either parsed. */
bool pt_decode_parse(const pt_lang *lang, const char *text, size_t len, pt_move_text *mt);

#endif
