/*
 * repair.c - choosing how to go on after a main-line move that fails.
 *
 * A scoresheet's error is most often a slip of the pen (a wrong letter or
 * square), a move left out (often in time trouble) or a move written twice
 * or too early. Which of these it was is the decoder's to say, as it says
 * it for a scoresheet: the failing move and the ones written after it are
 * a record of the game from here, and the cheapest game that explains
 * that record shows what became of the failing move. Then the written
 * moves that replay after the repair are counted, as a check that the
 * repair lets checking go on, and to say how many missing moves fit.
 */
#include "notation/pgn_game.h"
#include "record/repair.h"

#include <math.h>
#include <string.h>

/* The failing move and the written moves after it that the decoder reads:
 * enough to tell the ways apart (24 recover a few more moves on the HCS
 * sheets at half again the time). The beam holds every legal move as the
 * one missing before the written move, next to the other ways to read
 * it: at 32 it lost 1... d5 in 1. e4 2. exd5. */
#define LOOKAHEAD 12
#define BEAM      64

void pt_repairer_free(pt_repairer *rep)
{
    pt_decode_free(&rep->decode);
    pt_record_free(&rep->record);
}

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

/* The failing move and the main-line moves after it, up to the first pass
 * (which no game of the decoder's can play), as a record from pos. */
static pt_err window(pt_record *rec, const pt_pgn_game *g, const pt_lang *lang, const pt_pos *pos, size_t next)
{
    pt_record_clear(rec);
    pt_record_set_lang(rec, lang);
    int number = pos->fullmove ? (int)pos->fullmove : 1, column = pos->side == PT_WHITE ? 0 : 1;
    size_t n = 0;
    for (size_t i = next - 1; i < g->ntokens && n < LOOKAHEAD; i++) {
        const pt_pgn_token *t = &g->tokens[i];
        if (t->depth != 0 || (t->kind != PT_TOK_MOVE && t->kind != PT_TOK_NULL))
            continue;
        if (t->kind == PT_TOK_NULL)
            break;
        pt_entry e = {
            .number = number, .column = (uint8_t)column, .clock = -1, .line = t->line, .column_at = t->column};
        char text[PT_SAN_MAX + 1];
        size_t len = t->len < PT_SAN_MAX ? t->len : PT_SAN_MAX;
        memcpy(text, g->text + t->text, len);
        text[len] = '\0';
        const char *texts[1] = {text};
        pt_err err = pt_record_add(rec, &e, texts, NULL, 1);
        if (err != PT_OK)
            return err;
        n++;
        number += column;
        column ^= 1;
    }
    return PT_OK;
}

/* The repair the decoder's first plies make of entry 0, the failing move. */
static pt_repair classify(const pt_decode_ply *p, size_t n)
{
    pt_repair plan = {.kind = PT_REPAIR_NONE}; /* PT_MOVE_NONE is 0 */
    if (n == 0)
        return plan;
    if (p[0].extra[0] == 0) {
        plan.kind = PT_REPAIR_SKIP; /* left over before the first ply */
    } else if (p[0].op[0] == PT_OP_MISSING && n > 1) {
        /* The written move comes after it; when more than one is missing,
         * it stands for the next, and the move after it fails in turn. */
        plan.kind = PT_REPAIR_INSERT;
        plan.move = p[0].move;
        plan.written = p[1].move;
        plan.ties = 1;
    } else {
        plan.kind = PT_REPAIR_SUBSTITUTE; /* read as another move, or the game goes on with this one */
        plan.move = p[0].move;
    }
    return plan;
}

/* The other missing moves after which the written one reads as well and
 * as many of the later written moves replay: the record cannot tell them
 * from the decoder's choice, and the message says how many there are. */
static void count_ties(pt_repair *plan, const pt_pgn_game *g, const pt_lang *lang, const pt_pos *pos, size_t next)
{
    const pt_pgn_token *t = &g->tokens[next - 1];
    pt_move list[PT_MAX_MOVES];
    int count = pt_gen_legal(pos, list);
    for (int i = 0; i < count; i++) {
        if (list[i] == plan->move)
            continue;
        pt_pos after = *pos;
        pt_undo undo;
        pt_pos_make(&after, list[i], &undo);
        pt_move written;
        pt_move_text mt;
        if (pt_san_read(&after, lang, g->text + t->text, t->len, &written, &mt) != PT_OK)
            continue;
        pt_pos_make(&after, written, &undo);
        if (replay_from(g, lang, after, next) != plan->plies)
            continue;
        if (plan->ties < 3)
            plan->others[plan->ties - 1] = list[i];
        plan->ties++;
    }
}

pt_repair pt_repair_find(pt_repairer *rep, const pt_pgn_game *g, const pt_lang *lang, const pt_pos *pos, size_t next)
{
    const pt_repair none = {.kind = PT_REPAIR_NONE};
    if (!rep->decode) {
        if (pt_decode_new(&rep->decode) != PT_OK)
            return none;
        /* A window costs much a cell because its moves are garbled, not
         * because the beam lost the game: no wider search, which made
         * checking the HCS sheets three times as slow, nor one to check
         * a margin, which a repair does not report. A fixed beam and
         * window also keep the work bounded and the output the same
         * from run to run, as a time limit would not. */
        pt_decode_costs_default(&rep->costs);
        rep->costs.widen = INFINITY;
        rep->costs.verify = 0;
    }
    if ((!rep->record && pt_record_new(&rep->record) != PT_OK) || window(rep->record, g, lang, pos, next) != PT_OK)
        return none;
    const pt_record *recs[1] = {rep->record};
    pt_decode_opts opts = {.start = pos, .costs = &rep->costs, .beam = BEAM};
    if (pt_decode_run(rep->decode, recs, 1, &opts) != PT_OK)
        return none;
    const pt_decode_ply *plies;
    size_t n = pt_decode_plies(rep->decode, &plies);
    pt_repair plan = classify(plies, n);
    pt_pos after = *pos;
    pt_undo undo;
    if (plan.kind == PT_REPAIR_SUBSTITUTE || plan.kind == PT_REPAIR_INSERT)
        pt_pos_make(&after, plan.move, &undo);
    if (plan.kind == PT_REPAIR_INSERT)
        pt_pos_make(&after, plan.written, &undo);
    if (plan.kind != PT_REPAIR_NONE)
        plan.plies = replay_from(g, lang, after, next);
    if (plan.plies == 0)
        return none; /* nothing written after it fits: the record is lost here */
    if (plan.kind == PT_REPAIR_INSERT)
        count_ties(&plan, g, lang, pos, next);
    return plan;
}
