/*
 * repair.c - choosing how to go on after a main-line move that fails.
 *
 * A scoresheet's error is most often a slip of the pen (a wrong letter or
 * square: substitute the nearest legal move), a move left out (often in
 * time trouble: insert it), or a move written twice or too early (drop
 * it). Each plan is judged by how far the moves written after it then
 * replay; the written record itself decides.
 */
#include "notation/pgn_game.h"
#include "record/repair.h"

#define LOOKAHEAD 24 /* plies; enough to tell the plans apart */

/* Main-line plies from token `next` on that replay from pos: moves, and
 * passes ("--"), which replay plays too, so that the side to move stays
 * the one the record has. */
static size_t replay_from(const pt_pgn_game *g, const pt_lang *lang, pt_pos pos, size_t next)
{
    size_t plies = 0;
    for (size_t i = next; i < g->ntokens && plies < LOOKAHEAD; i++) {
        const pt_pgn_token *t = &g->tokens[i];
        if (t->depth != 0 || (t->kind != PT_TOK_MOVE && t->kind != PT_TOK_NULL))
            continue;
        pt_undo undo;
        if (t->kind == PT_TOK_NULL) {
            if (pt_pos_in_check(&pos))
                break; /* as replay: no pass while in check */
            pt_pos_make_null(&pos, &undo);
            plies++;
            continue;
        }
        pt_move m;
        pt_move_text mt;
        if (pt_san_read(&pos, lang, g->text + t->text, t->len, &m, &mt) != PT_OK)
            break;
        pt_pos_make(&pos, m, &undo);
        plies++;
    }
    return plies;
}

static void consider(pt_repair *best, pt_repair plan)
{
    if (plan.plies > best->plies)
        *best = plan;
}

pt_repair pt_repair_find(const pt_pgn_game *g, const pt_lang *lang, const pt_pos *pos, const char *text, size_t len,
                         size_t next)
{
    pt_repair best = {PT_REPAIR_NONE, PT_MOVE_NONE, PT_MOVE_NONE, 0, 0, {PT_MOVE_NONE, PT_MOVE_NONE}};
    pt_undo undo;

    pt_move near[3];
    int n = pt_san_suggest(pos, lang, text, len, near, 3);
    for (int i = 0; i < n; i++) {
        pt_pos after = *pos;
        pt_pos_make(&after, near[i], &undo);
        consider(&best, (pt_repair){PT_REPAIR_SUBSTITUTE,
                                    near[i],
                                    PT_MOVE_NONE,
                                    replay_from(g, lang, after, next),
                                    0,
                                    {PT_MOVE_NONE, PT_MOVE_NONE}});
    }

    pt_move list[PT_MAX_MOVES];
    int count = pt_gen_legal(pos, list);
    for (int i = 0; i < count; i++) {
        pt_pos after = *pos;
        pt_pos_make(&after, list[i], &undo);
        pt_move written;
        pt_move_text mt;
        if (pt_san_read(&after, lang, text, len, &written, &mt) != PT_OK)
            continue;
        pt_pos_make(&after, written, &undo);
        size_t plies = replay_from(g, lang, after, next);
        if (best.kind == PT_REPAIR_INSERT && plies == best.plies) {
            /* The record cannot tell these apart: say how many fit. */
            if (best.ties < 3)
                best.others[best.ties - 1] = list[i];
            best.ties++;
        }
        if (plies > best.plies)
            best = (pt_repair){PT_REPAIR_INSERT, list[i], written, plies, 1, {PT_MOVE_NONE, PT_MOVE_NONE}};
    }

    consider(&best, (pt_repair){PT_REPAIR_SKIP,
                                PT_MOVE_NONE,
                                PT_MOVE_NONE,
                                replay_from(g, lang, *pos, next),
                                0,
                                {PT_MOVE_NONE, PT_MOVE_NONE}});
    return best;
}
