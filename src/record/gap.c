/*
 * gap.c - the move sequences that fill a gap no record has the moves of.
 *
 * When both players stopped recording (Law 8.4) and no arbiter wrote the
 * moves, the game is reconstructed (8.5.3) from what is known around the
 * gap: the position before it, and either the moves recorded after it or
 * the position the arbiter recorded at the end. Here every sequence of
 * the gap's length is tried, depth first, and those that join the two are
 * counted: one is a reconstruction, several are candidates to show the
 * arbiter, and a search cut short by the clock says only that.
 *
 * Towards a known position the search is pruned by what the remaining
 * plies can still do: each move of a side puts at most one of its pieces
 * on its square (two when castling), and only the other side's moves can
 * capture. That is what makes gaps of a dozen plies or more searchable in
 * an ending, and nothing makes them searchable in a middlegame: the count
 * of sequences grows as about 35 to the power of the gap's length.
 * Towards moves written after it, each node tries first the moves that do
 * most for them (aim.h): a sequence that joins is found early, and the
 * search stops at max_solutions (in move order, a gap of fourteen plies
 * in an ending had none in 60 s; tests/unit/test_aim.c).
 */
#include "partiar.h"
#include "record/aim.h"

#include <string.h>
#include <time.h>

typedef struct gap {
    const pt_gap_opts *o;
    int plies;
    pt_move line[PT_GAP_MAX_PLIES];
    pt_move *found;
    size_t nfound;
    unsigned long nodes;
    double stop;
    bool out_of_time;
    const pt_pos *final;
    int final_count[2];        /* pieces of each side in the final position */
    aim_want wants[AIM_WANTS]; /* what the moves written after it ask */
    size_t nwants;
    const pt_lang *lang; /* the letters they are written in */
} gap;

static double seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* Whether the moves written after the gap (then, SAN) read as legal
 * moves from pos, one after another. Read as written, not as the squares
 * of the game found: "Rc3" after the gap fits a rook from c8 as well as
 * one from g3. */
static bool goes_on(const pt_pos *at, const pt_lang *lang, const char *const *then, size_t n)
{
    pt_pos pos = *at;
    for (size_t i = 0; i < n; i++) {
        pt_move m;
        pt_move_text mt;
        if (pt_san_read(&pos, lang, then[i], strlen(then[i]), &m, &mt) != PT_OK)
            return false;
        pt_undo undo;
        pt_pos_make(&pos, m, &undo);
    }
    return true;
}

/* Whether the final position is still within reach of pos in `left`
 * plies: a lower bound on the moves each side needs, against the moves
 * it has. */
static bool in_reach(const gap *g, const pt_pos *pos, int left)
{
    const pt_pos *f = g->final;
    int wrong[2] = {0, 0}, count[2] = {0, 0};
    for (int sq = 0; sq < 64; sq++) {
        int want = f->board[sq], have = pos->board[sq];
        if (have != PT_NO_PIECE)
            count[PT_COLOR_OF(have)]++;
        if (want != PT_NO_PIECE && want != have)
            wrong[PT_COLOR_OF(want)]++;
    }
    for (int side = 0; side < 2; side++) {
        /* Moves of this side among the plies left. */
        int mine = pos->side == side ? (left + 1) / 2 : left / 2;
        int theirs = left - mine;
        int needed = pos->castling ? (wrong[side] + 1) / 2 : wrong[side];
        if (needed > mine)
            return false;
        /* Pieces only go: the other side's captures must take the rest. */
        if (count[side] < g->final_count[side] || count[side] - g->final_count[side] > theirs)
            return false;
    }
    return true;
}

static void search(gap *g, pt_pos *pos, int depth)
{
    if (g->nfound >= g->o->max_solutions || g->out_of_time)
        return;
    if ((++g->nodes & 4095) == 0 && g->stop && seconds() > g->stop) {
        g->out_of_time = true;
        return;
    }
    if (depth == g->plies) {
        bool ok = g->final ? pos->key == g->final->key : true;
        if (ok && g->o->then)
            ok = goes_on(pos, g->lang, g->o->then, g->o->nthen);
        if (ok) {
            memcpy(g->found + g->nfound * (size_t)g->plies, g->line, (size_t)g->plies * sizeof *g->line);
            g->nfound++;
        }
        return;
    }
    if (g->final && !in_reach(g, pos, g->plies - depth))
        return;
    pt_move list[PT_MAX_MOVES];
    int count = pt_gen_legal(pos, list);
    if (g->nwants) { /* those that do most first, ties in move order */
        int score[PT_MAX_MOVES];
        for (int k = 0; k < count; k++) {
            int s = aim_score(g->wants, g->nwants, pos, list[k]), j = k;
            pt_move m = list[k];
            for (; j > 0 && s > score[j - 1]; j--) {
                score[j] = score[j - 1];
                list[j] = list[j - 1];
            }
            score[j] = s;
            list[j] = m;
        }
    }
    for (int k = 0; k < count; k++) {
        pt_undo undo;
        pt_pos_make(pos, list[k], &undo);
        g->line[depth] = list[k];
        search(g, pos, depth + 1);
        pt_pos_unmake(pos, list[k], &undo);
    }
}

pt_err pt_gap_search(const pt_pos *from, int plies, const pt_gap_opts *o, pt_move *found, size_t *nfound,
                     bool *complete)
{
    if (plies < 1 || plies > PT_GAP_MAX_PLIES || o->max_solutions == 0)
        return PT_ERR_RANGE;
    gap g = {.o = o, .plies = plies, .found = found, .final = o->final, .lang = o->lang ? o->lang : pt_lang_at(0)};
    if (o->max_seconds > 0)
        g.stop = seconds() + o->max_seconds;
    if (g.final)
        for (int sq = 0; sq < 64; sq++)
            if (g.final->board[sq] != PT_NO_PIECE)
                g.final_count[PT_COLOR_OF(g.final->board[sq])]++;
    /* The moves after the gap alternate from the side to move at its end. */
    for (size_t k = 0; o->then && k < o->nthen && g.nwants < AIM_WANTS; k++) {
        pt_move_text mt;
        size_t bad;
        int side = (int)((from->side + (unsigned)plies + k) & 1);
        if (pt_move_text_parse(g.lang, o->then[k], strlen(o->then[k]), &mt, &bad) == PT_OK)
            g.nwants += aim_want_of(&mt, side, &g.wants[g.nwants]);
    }
    pt_pos pos = *from;
    search(&g, &pos, 0);
    *nfound = g.nfound;
    *complete = !g.out_of_time && g.nfound < o->max_solutions;
    return PT_OK;
}
