/*
 * san_write.c - writing moves: SAN in any language, figurine, long
 * algebraic and UCI.
 */
#include "chess/position.h"
#include "notation/san.h"

#include <stdlib.h>
#include <string.h>

typedef struct text_out {
    char *p;
    size_t left;
} text_out;

static void put(text_out *o, const char *s)
{
    size_t n = strlen(s);
    if (n >= o->left)
        n = o->left - 1;
    memcpy(o->p, s, n);
    o->p += n;
    o->left -= n;
    *o->p = '\0';
}

static void put_square(text_out *o, int sq)
{
    char name[3];
    put(o, pt_square_name(sq, name));
}

/* Disambiguation for SAN (Law C.10): nothing when no other piece of the
 * same kind reaches the square; else the file if that tells them apart,
 * else the rank, else both. list: pos's n legal moves, or NULL. */
static void put_disambiguation(text_out *o, const pt_pos *pos, pt_move m, const pt_move *list, int n)
{
    int from = pt_move_from(m), to = pt_move_to(m);
    int piece = pos->board[from];
    pt_move own[PT_MAX_MOVES];
    if (!list) {
        n = pt_gen_legal(pos, own);
        list = own;
    }
    bool rivals = false, same_file = false, same_rank = false;
    for (int i = 0; i < n; i++) {
        int other = pt_move_from(list[i]);
        if (pt_move_to(list[i]) != to || other == from || pos->board[other] != piece ||
            pt_move_kind(list[i]) == PT_MOVE_CASTLING)
            continue;
        rivals = true;
        same_file |= PT_FILE(other) == PT_FILE(from);
        same_rank |= PT_RANK(other) == PT_RANK(from);
    }
    char name[3];
    pt_square_name(from, name);
    if (!rivals)
        return;
    if (!same_file)
        name[1] = '\0';
    else if (!same_rank)
        memmove(name, name + 1, 2);
    put(o, name);
}

char *pt_san_write(const pt_pos *pos, pt_move m, const pt_lang *lang, int notation, char out[PT_SAN_MAX])
{
    return pt_san_write_legal(pos, m, NULL, 0, lang, notation, out);
}

char *pt_san_write_legal(const pt_pos *pos, pt_move m, const pt_move *legal, int nlegal, const pt_lang *lang,
                         int notation, char out[PT_SAN_MAX])
{
    text_out o = {out, PT_SAN_MAX};
    out[0] = '\0';
    if (notation == PT_NOTATION_UCI)
        return pt_move_to_uci(pos, m, out);
    if (!lang)
        lang = pt_lang_at(0);

    int from = pt_move_from(m), to = pt_move_to(m), kind = pt_move_kind(m);
    int type = PT_TYPE_OF(pos->board[from]);
    bool capture = kind == PT_MOVE_EN_PASSANT || (kind != PT_MOVE_CASTLING && pos->board[to] != PT_NO_PIECE);

    if (kind == PT_MOVE_CASTLING) {
        put(&o, to > from ? "O-O" : "O-O-O");
    } else if (notation == PT_NOTATION_LAN) {
        if (type != PT_PAWN)
            put(&o, lang->piece[type]);
        put_square(&o, from);
        put(&o, capture ? "x" : "-");
        put_square(&o, to);
    } else {
        if (type != PT_PAWN) {
            put(&o, lang->piece[type]);
            put_disambiguation(&o, pos, m, legal, nlegal);
        } else if (capture) {
            char file[2] = {(char)('a' + PT_FILE(from)), '\0'};
            put(&o, file);
        }
        if (capture)
            put(&o, "x");
        put_square(&o, to);
    }
    if (kind == PT_MOVE_PROMOTION) {
        put(&o, "=");
        put(&o, lang->piece[pt_move_promotion(m)]);
    }

    /* Made only when it gives check, to tell check from mate: the
     * decoder writes every legal move at every position it looks at, and
     * copying and making each took nearly a third of the writing. */
    if (pt_move_gives_check(pos, m)) {
        pt_pos after = *pos;
        pt_undo undo;
        pt_pos_make(&after, m, &undo);
        put(&o, pt_has_legal_move(&after) ? "+" : "#");
    }
    return out;
}
