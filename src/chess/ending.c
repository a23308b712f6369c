/*
 * ending.c - the end-of-game rules of Articles 5 and 9, edition by
 * edition, and the dates the editions took effect.
 *
 * What changed between the editions the project has the text of (Czech
 * 2014 and 2018, Slovenian 2017, the Slovak translation of 2005), in the
 * rules that decide how a recorded game ended:
 *
 *   2005  no draw comes about by itself but by a dead position (9.6
 *         then, 5.2.2 now). Its 9.2 also makes positions differ when "the
 *         right to castle has been changed temporarily", which later
 *         editions dropped; but which castling moves can be made follows
 *         from where the pieces stand and the rights kept, which the
 *         identity compares anyway, so no verdict changes with it.
 *   2014  9.6: the game is drawn when the same position has appeared five
 *         times "as a result of alternate repetition of moves by both
 *         players" (for five consecutive alternate moves), or after 75
 *         moves each without a capture or pawn move, unless the last move
 *         mated.
 *   2017  9.6.1: five times, however the repetitions came about.
 *   2018  no change to these rules.
 *
 * Checkmate, stalemate and the dead position are the same in every one.
 */
#include "chess/ending.h"

#include <stdlib.h>
#include <string.h>

static const struct {
    const char *name;
    int year, month, day; /* when it took effect */
} editions[PT_LAWS_COUNT] = {
    [PT_LAWS_2005] = {"2005", 2005, 7, 1},
    [PT_LAWS_2014] = {"2014", 2014, 7, 1},
    [PT_LAWS_2017] = {"2017", 2017, 7, 1},
    [PT_LAWS_2018] = {"2018", 2018, 1, 1},
};

/* A date as a number that orders dates: 20140701. */
static long date_key(int year, int month, int day)
{
    return (long)year * 10000 + (long)month * 100 + day;
}

pt_laws pt_laws_in_force(int year, int month, int day)
{
    long date = date_key(year, month, day);
    pt_laws laws = PT_LAWS_2005; /* the oldest known stands for all before it */
    for (int i = 1; i < PT_LAWS_COUNT; i++)
        if (date >= date_key(editions[i].year, editions[i].month, editions[i].day))
            laws = (pt_laws)i;
    return laws;
}

const char *pt_laws_name(pt_laws laws)
{
    return laws < PT_LAWS_COUNT ? editions[laws].name : "?";
}

bool pt_laws_from_name(const char *name, pt_laws *laws)
{
    if (strcmp(name, "current") == 0) {
        *laws = PT_LAWS_CURRENT;
        return true;
    }
    for (int i = 0; i < PT_LAWS_COUNT; i++) {
        if (strcmp(name, editions[i].name) == 0) {
            *laws = (pt_laws)i;
            return true;
        }
    }
    return false;
}

int pt_ending_repetitions(const uint64_t *earlier, size_t n, const pt_pos *pos)
{
    /* Only positions since the last capture or pawn move can repeat, and
     * only every second ply has the same side to move. */
    int count = 1;
    size_t reach = pos->halfmove < n ? pos->halfmove : n;
    for (size_t back = 2; back <= reach; back += 2)
        if (earlier[n - back] == pos->key)
            count++;
    return count;
}

/* 2014's 9.6a: the position (key, after the n earlier ones) has come five
 * times by the same moves repeated: for some cycle of d plies, every
 * position of the last four cycles comes again one cycle on. */
static bool repeated_five_times_in_a_row(const uint64_t *earlier, size_t n, const pt_pos *pos)
{
    uint64_t key = pos->key;
    size_t reach = pos->halfmove < n ? pos->halfmove : n;
    for (size_t d = 2; 4 * d <= reach; d += 2) {
        if (earlier[n - d] != key)
            continue;
        /* earlier[n] is the position itself; compare each with d back. */
        size_t j = n;
        for (; j >= n - 3 * d; j--) {
            uint64_t here = j == n ? key : earlier[j];
            if (earlier[j - d] != here)
                break;
            if (j == n - 3 * d)
                return true;
        }
    }
    return false;
}

/* 9.6.1: a fivefold repetition ends the game (from 2014). */
static bool fivefold(const uint64_t *earlier, size_t n, const pt_pos *pos, pt_laws laws)
{
    if (laws < PT_LAWS_2014 || pt_ending_repetitions(earlier, n, pos) < 5)
        return false;
    return laws >= PT_LAWS_2017 || repeated_five_times_in_a_row(earlier, n, pos);
}

int pt_ending_result(pt_status status, const pt_pos *final)
{
    switch (status) {
    case PT_STATUS_ONGOING: return 0;
    case PT_STATUS_CHECKMATE: return final->side == PT_WHITE ? PT_RESULT_BLACK : PT_RESULT_WHITE;
    default: return PT_RESULT_DRAW;
    }
}

pt_status pt_ending_at(const pt_pos *pos)
{
    if (!pt_has_legal_move(pos))
        return pt_pos_in_check(pos) ? PT_STATUS_CHECKMATE : PT_STATUS_STALEMATE;
    return pt_pos_is_dead(pos) ? PT_STATUS_DEAD : PT_STATUS_ONGOING;
}

pt_status pt_ending_judge(const uint64_t *earlier, size_t n, const pt_pos *pos, pt_laws laws)
{
    pt_status at = pt_ending_at(pos);
    if (at == PT_STATUS_CHECKMATE || at == PT_STATUS_STALEMATE)
        return at;
    if (fivefold(earlier, n, pos, laws))
        return PT_STATUS_FIVEFOLD;
    /* 9.6.2: 75 moves each; a mate on the last move came first above. */
    if (laws >= PT_LAWS_2014 && pos->halfmove >= 150)
        return PT_STATUS_SEVENTYFIVE;
    return at;
}

void pt_ending_init(pt_ending *e, const pt_pos *start, pt_laws laws, bool claims)
{
    e->laws = laws;
    /* Before 2014 only a claim can come of a repetition. */
    e->returns = claims || laws < PT_LAWS_2014 ? 2 : 4;
    e->repeats_from = 4 * (unsigned)e->returns;
    if (!claims && laws < PT_LAWS_2014)
        e->repeats_from = 1u << 15; /* nothing to look for but dead positions */
    e->nkeys = 0;
    e->status = PT_STATUS_ONGOING;
    e->claim_ply = 0;
    e->claim = NULL;
    pt_ending_record(e, start, 0);
}

void pt_ending_free(pt_ending *e)
{
    free(e->keys);
    e->keys = NULL;
    e->nkeys = e->cap = 0;
}

bool pt_ending_record(pt_ending *e, const pt_pos *pos, int ply)
{
    if (e->nkeys == e->cap) {
        size_t cap = e->cap ? e->cap * 2 : 256;
        uint64_t *keys = realloc(e->keys, cap * sizeof *keys);
        if (!keys)
            return false;
        e->keys = keys;
        e->cap = cap;
    }
    e->keys[e->nkeys++] = pos->key;
    if (e->status != PT_STATUS_ONGOING)
        return true;
    /* The last key is pos; nearer a capture or pawn move, no repetition
     * that counts can have come about (see pt_ending_init). */
    size_t n = e->nkeys - 1;
    int reps = pos->halfmove >= e->repeats_from ? pt_ending_repetitions(e->keys, n, pos) : 1;
    /* A repeated position cannot be mate or stalemate (the game would have
     * ended at its first occurrence); the other two can, and mate or
     * stalemate comes first (9.6.2). */
    bool seventy_five = e->laws >= PT_LAWS_2014 && pos->halfmove >= 150;
    if (reps >= 5 && fivefold(e->keys, n, pos, e->laws))
        e->status = PT_STATUS_FIVEFOLD;
    else if ((seventy_five || (pt_ending_few_pieces(pos) && pt_pos_is_dead(pos))) && !pt_ending_stuck(e, pos, ply))
        e->status = seventy_five ? PT_STATUS_SEVENTYFIVE : PT_STATUS_DEAD;
    if (e->status != PT_STATUS_ONGOING)
        e->end_ply = ply;
    if (!e->claim && reps >= 3) {
        e->claim = "threefold repetition (Law 9.2)";
        e->claim_ply = ply;
    } else if (!e->claim && pos->halfmove >= 100) {
        e->claim = "50 moves without a capture or pawn move (Law 9.3)";
        e->claim_ply = ply;
    }
    return true;
}

bool pt_ending_stuck(pt_ending *e, const pt_pos *pos, int ply)
{
    if (e->status != PT_STATUS_ONGOING || pt_has_legal_move(pos))
        return false;
    e->status = pt_pos_in_check(pos) ? PT_STATUS_CHECKMATE : PT_STATUS_STALEMATE;
    e->end_ply = ply;
    return true;
}
