/*
 * san_suggest.c - the legal moves closest to a move text that fits none,
 * for the suggestion of an illegal or unreadable move.
 */
#include "partiar.h"
#include "notation/san.h"

#include <stdlib.h>
#include <string.h>

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
        pt_san_write_legal(pos, list[i], list, n, lang, PT_NOTATION_SAN, san);
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
