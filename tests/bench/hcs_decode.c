/*
 * hcs_decode.c - the decoder on the HCS scoresheets (tests/corpora/sheets/hcs).
 *
 * For each game written twice, both copies are decoded together; each
 * copy is decoded alone too. A pair is reconciled when the game is as
 * long as the longer copy, nothing of either copy is left over, and the
 * game agrees with both copies wherever they agree: at each cell where
 * the two copies have the same text, that text reads as the game's move.
 * Also counted: the cells where the copies differ, and which one the game
 * follows.
 *
 *   hcs_decode DIR [BEAM] [-v]
 */
#include "partiar.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static pt_record *load(const char *path)
{
    pt_input *in;
    char msg[256];
    if (pt_input_open(&in, path, msg, sizeof msg) != PT_OK)
        return NULL;
    pt_pgn_reader *r;
    pt_pgn_game *g;
    pt_record *rec = NULL;
    if (pt_pgn_open(&r, pt_input_read, in) == PT_OK && pt_pgn_game_new(&g) == PT_OK) {
        if (pt_pgn_next(r, g) == PT_OK && pt_record_new(&rec) == PT_OK && pt_record_from_game(rec, g) != PT_OK)
            pt_record_free(&rec);
        pt_pgn_game_free(&g);
        pt_pgn_close(&r);
    }
    pt_input_close(&in);
    return rec;
}

/* Whether text reads as move m in pos (in the record's letters or English). */
static bool spells(const pt_pos *pos, const pt_lang *lang, const char *text, pt_move m)
{
    pt_move got;
    pt_move_text mt;
    if (pt_san_read(pos, lang, text, strlen(text), &got, &mt) == PT_OK && got == m)
        return true;
    return pt_san_read(pos, pt_lang_at(0), text, strlen(text), &got, &mt) == PT_OK && got == m;
}

/* Whether text reads as a legal move in pos. */
static bool reads(const pt_pos *pos, const pt_lang *lang, const char *text)
{
    pt_move got;
    pt_move_text mt;
    return pt_san_read(pos, lang, text, strlen(text), &got, &mt) == PT_OK ||
           pt_san_read(pos, pt_lang_at(0), text, strlen(text), &got, &mt) == PT_OK;
}

typedef struct tally {
    int agree_unreadable, agree_cells, agree_kept, differ_cells, chose[3]; /* copy 0, copy 1, neither */
} tally;

/* Checks the decoded game against the cells where the copies agree. */
static bool agrees(const pt_decode *d, const pt_record *const *recs, tally *t, bool verbose, int game)
{
    const pt_decode_ply *pl;
    size_t np = pt_decode_plies(d, &pl);
    const pt_entry *e[2];
    size_t ne[2] = {pt_record_entries(recs[0], &e[0]), pt_record_entries(recs[1], &e[1])};
    /* The ply each entry stands for, -1 when none. */
    int *ply_of[2];
    for (int r = 0; r < 2; r++) {
        ply_of[r] = malloc((ne[r] + 1) * sizeof(int));
        for (size_t i = 0; i < ne[r]; i++)
            ply_of[r][i] = -1;
        for (size_t p = 0; p < np; p++)
            if (pl[p].entry[r] >= 0)
                ply_of[r][pl[p].entry[r]] = (int)p;
    }
    pt_pos *at = malloc((np + 1) * sizeof *at);
    pt_pos_startpos(&at[0]);
    for (size_t p = 0; p < np; p++) {
        pt_undo u;
        at[p + 1] = at[p];
        pt_pos_make(&at[p + 1], pl[p].move, &u);
    }
    bool ok = true;
    size_t n = ne[0] < ne[1] ? ne[0] : ne[1];
    for (size_t i = 0; i < n; i++) {
        if (!e[0][i].ntexts || !e[1][i].ntexts)
            continue;
        const char *a = pt_record_text(recs[0], &e[0][i], 0, NULL), *b = pt_record_text(recs[1], &e[1][i], 0, NULL);
        /* The ply cell i stands for: where either copy's entry went. */
        int p = ply_of[0][i] >= 0 ? ply_of[0][i] : ply_of[1][i];
        if (strcmp(a, b) == 0) {
            /* A text both copies got wrong alike (no legal move in the
             * game's position) holds the game to nothing. */
            if (p >= 0 && !reads(&at[p], pt_decode_lang(d, 0), a)) {
                t->agree_unreadable++;
                continue;
            }
            t->agree_cells++;
            bool kept = p >= 0 && spells(&at[p], pt_decode_lang(d, 0), a, pl[p].move);
            t->agree_kept += kept;
            if (!kept && verbose)
                printf("  game %03d cell %zu: both copies say %s, the game does not\n", game, i, a);
            ok &= kept;
        } else {
            t->differ_cells++;
            bool ka = p >= 0 && spells(&at[p], pt_decode_lang(d, 0), a, pl[p].move);
            bool kb = p >= 0 && spells(&at[p], pt_decode_lang(d, 1), b, pl[p].move);
            t->chose[ka ? 0 : kb ? 1 : 2]++;
            if (verbose)
                printf("  game %03d cell %zu: %s / %s -> %s\n", game, i, a, b,
                       ka   ? "first"
                       : kb ? "second"
                            : "neither");
        }
    }
    free(at);
    free(ply_of[0]);
    free(ply_of[1]);
    return ok;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: hcs_decode DIR [BEAM] [-v]\n");
        return 2;
    }
    const char *dir = argv[1];
    int beam = argc > 2 ? atoi(argv[2]) : 0;
    bool verbose = argc > 3 && strcmp(argv[3], "-v") == 0;
    pt_decode *d;
    if (pt_decode_new(&d) != PT_OK)
        return 2;
    pt_decode_opts opts = {.beam = beam};
    int pairs = 0, reconciled = 0, full = 0, singles = 0, singles_full = 0, certain = 0;
    double seconds = 0;
    tally t = {0};
    for (int game = 1; game <= 999; game++) {
        char path[2][1024];
        snprintf(path[0], sizeof path[0], "%s/hcs-%03d-0.pgn", dir, game);
        snprintf(path[1], sizeof path[1], "%s/hcs-%03d-1.pgn", dir, game);
        pt_record *rec[2] = {load(path[0]), load(path[1])};
        for (int k = 0; k < 2; k++) {
            if (!rec[k])
                continue;
            const pt_record *one = rec[k];
            singles++;
            if (pt_decode_run(d, &one, 1, &opts) == PT_OK && pt_decode_left_over(d, 0) == 0)
                singles_full++;
        }
        if (rec[0] && rec[1]) {
            const pt_record *both[2] = {rec[0], rec[1]};
            pairs++;
            clock_t t0 = clock();
            pt_err err = pt_decode_run(d, both, 2, &opts);
            seconds += (double)(clock() - t0) / CLOCKS_PER_SEC;
            const pt_entry *e;
            size_t longer = pt_record_entries(rec[0], &e);
            if (pt_record_entries(rec[1], &e) > longer)
                longer = pt_record_entries(rec[1], &e);
            const pt_decode_ply *pl;
            size_t np = pt_decode_plies(d, &pl);
            bool whole = err == PT_OK && !pt_decode_left_over(d, 0) && !pt_decode_left_over(d, 1) && np >= longer;
            full += whole;
            bool ok = whole && agrees(d, both, &t, verbose, game);
            reconciled += ok;
            certain += pt_decode_margin(d) >= 2.0f;
            if (verbose || !ok)
                printf("game %03d: %zu plies for %zu entries, cost %.1f, margin %.1f, left %d/%d%s\n", game, np, longer,
                       pt_decode_cost(d), pt_decode_margin(d), pt_decode_left_over(d, 0), pt_decode_left_over(d, 1),
                       ok      ? ""
                       : whole ? " DISAGREES"
                               : " SHORT");
        }
        pt_record_free(&rec[0]);
        pt_record_free(&rec[1]);
    }
    printf("pairs %d: reconciled %d (%.1f%%), as long as the longer copy %d, margin >= 2: %d\n", pairs, reconciled,
           100.0 * reconciled / (pairs ? pairs : 1), full, certain);
    printf("cells where the copies agree on a legal move: %d, kept %d (agree on no legal move: %d); differ: %d, game "
           "follows the first %d, the second %d, "
           "neither %d\n",
           t.agree_cells, t.agree_kept, t.agree_unreadable, t.differ_cells, t.chose[0], t.chose[1], t.chose[2]);
    printf("single copies %d, read to the end %d; %.1f ms a pair\n", singles, singles_full,
           1000 * seconds / (pairs ? pairs : 1));
    pt_decode_free(&d);
    return 0;
}
