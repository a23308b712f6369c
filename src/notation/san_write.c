/*
 * san_write.c - writing moves: SAN in any language, figurine, long
 * algebraic and UCI; and suggesting the legal moves nearest a wrong text.
 */
#include "chess/position.h"

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
 * else the rank, else both. */
static void put_disambiguation(text_out *o, const pt_pos *pos, pt_move m)
{
    int from = pt_move_from(m), to = pt_move_to(m);
    int piece = pos->board[from];
    pt_move list[PT_MAX_MOVES];
    int n = pt_gen_legal(pos, list);
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
            put_disambiguation(&o, pos, m);
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

    pt_pos after = *pos;
    pt_undo undo;
    pt_pos_make(&after, m, &undo);
    if (pt_pos_in_check(&after))
        put(&o, pt_has_legal_move(&after) ? "+" : "#");
    return out;
}

/* Levenshtein distance over bytes, for texts of at most PT_SAN_MAX. */
static int edit_distance(const char *a, size_t la, const char *b, size_t lb)
{
    int row[PT_SAN_MAX + 1];
    if (la > PT_SAN_MAX || lb > PT_SAN_MAX)
        return PT_SAN_MAX;
    for (size_t j = 0; j <= lb; j++)
        row[j] = (int)j;
    for (size_t i = 1; i <= la; i++) {
        int diag = row[0];
        row[0] = (int)i;
        for (size_t j = 1; j <= lb; j++) {
            int up = row[j];
            int best = diag + (a[i - 1] != b[j - 1]);
            if (up + 1 < best)
                best = up + 1;
            if (row[j - 1] + 1 < best)
                best = row[j - 1] + 1;
            row[j] = best;
            diag = up;
        }
    }
    return row[lb];
}

typedef struct scored {
    pt_move move;
    int score;
} scored;

static int by_score(const void *a, const void *b)
{
    const scored *x = a, *y = b;
    if (x->score != y->score)
        return x->score - y->score;
    return (int)x->move - (int)y->move; /* the same order on every libc */
}

/* Strips check marks so that "Nf3" and "Nf3+" count as the same text. */
static size_t bare_length(const char *s, size_t len)
{
    while (len > 0 && (s[len - 1] == '+' || s[len - 1] == '#' || s[len - 1] == '!' || s[len - 1] == '?'))
        len--;
    return len;
}

int pt_san_suggest(const pt_pos *pos, const pt_lang *lang, const char *text, size_t len, pt_move *out, int max)
{
    pt_move_text mt;
    size_t bad_at;
    bool parsed = pt_move_text_parse(lang, text, len, &mt, &bad_at) == PT_OK;
    pt_move list[PT_MAX_MOVES];
    scored cand[PT_MAX_MOVES] = {{0}};
    int n = pt_gen_legal(pos, list), count = 0;
    len = bare_length(text, len);

    for (int i = 0; i < n; i++) {
        char san[PT_SAN_MAX];
        pt_san_write(pos, list[i], lang, PT_NOTATION_SAN, san);
        int dist = edit_distance(text, len, san, bare_length(san, strlen(san)));
        int type = PT_TYPE_OF(pos->board[pt_move_from(list[i])]);
        bool same_to = parsed && mt.to == pt_move_to(list[i]);
        bool same_piece = parsed && (mt.piece == PT_NO_TYPE ? PT_PAWN : mt.piece) == type && !mt.castle;
        if (parsed && mt.castle) {
            /* Castling written: castling moves first, then king moves. */
            same_to = pt_move_kind(list[i]) == PT_MOVE_CASTLING;
            same_piece = type == PT_KING;
        }
        if (!same_to && !same_piece && dist > 1)
            continue;
        /* Closeness in writing counts most; then a shared destination, a
         * shared piece, and last how far apart the destinations are. */
        int to = pt_move_to(list[i]);
        int far = 0;
        if (parsed && mt.to != PT_NO_SQ) {
            int df = abs(PT_FILE(to) - PT_FILE(mt.to)), dr = abs(PT_RANK(to) - PT_RANK(mt.to));
            far = df > dr ? df : dr;
        }
        cand[count].move = list[i];
        cand[count].score = dist * 32 - (same_to ? 16 : 0) - (same_piece ? 8 : 0) + far;
        count++;
    }
    qsort(cand, (size_t)count, sizeof cand[0], by_score);
    if (count > max)
        count = max;
    for (int i = 0; i < count; i++)
        out[i] = cand[i].move;
    return count;
}
