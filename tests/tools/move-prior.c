/*
 * move-prior.c - learns the decoder's move prior from real games.
 *
 *   move-prior [--c] [--min-games N] [--min-count N] GAMES.pgn[.gz]...
 *
 * Writes the tables of src/record/prior.h to standard output: as the text
 * of models/move-prior.txt, or with --c as the C of
 * src/record/prior_table.c. Both come from the same games by the same
 * arithmetic, and a unit test checks that they agree.
 *
 * Games with the standard start whose moves all replay are used. The
 * opening tree holds the positions of their first PT_PRIOR_BOOK_PLIES
 * plies that at least --min-games (40) games went through, and of each
 * the moves played at least --min-count (4) times: -ln of how often. The
 * other legal moves of the position share what is left, each -ln of its
 * share. The classes (pt_prior_class) are counted at every ply, apart by
 * what a move loses on its square (pt_prior_loss): a class's penalty for
 * a loss is -ln of how often a legal move of that class losing that much
 * was the one played. So are the squares moves go to (pt_prior_square), by piece:
 * how much more or less often than the average move a move there was
 * the one played.
 */
#include "chess/see.h"
#include "games.h"
#include "record/prior.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A position of the first plies of a game and the move played there. */
typedef struct seen {
    uint64_t key;
    pt_move move;
    uint8_t legal; /* legal moves of the position */
    char uci[6];   /* the move, for the reader of the text */
} seen;

typedef struct counts {
    seen *seen;
    size_t nseen, cap;
    double chosen[PT_PRIOR_CLASSES][PT_PRIOR_LOSSES], offered[PT_PRIOR_CLASSES][PT_PRIOR_LOSSES];
    double sq_chosen[PT_KING + 1][64], sq_offered[PT_KING + 1][64], all_chosen, all_offered;
    long games;
} counts;

static bool add_seen(counts *c, const pt_pos *pos, pt_move m, int legal)
{
    if (c->nseen == c->cap) {
        size_t cap = c->cap ? 2 * c->cap : 4096;
        seen *more = realloc(c->seen, cap * sizeof *more);
        if (!more)
            return false;
        c->seen = more;
        c->cap = cap;
    }
    seen *s = &c->seen[c->nseen++];
    s->key = pos->key;
    s->move = m;
    s->legal = (uint8_t)legal;
    pt_move_to_uci(pos, m, s->uci);
    return true;
}

/* Whether move m of pos gives check. */
static bool gives_check(const pt_pos *pos, pt_move m)
{
    pt_pos after = *pos;
    pt_undo undo;
    pt_pos_make(&after, m, &undo);
    return pt_pos_in_check(&after);
}

/* Counts one replayed game. */
static bool count_game(void *ctx, const pt_pgn_game *g, const pt_move *moves, size_t n)
{
    (void)g;
    counts *c = ctx;
    pt_pos pos;
    pt_pos_startpos(&pos);
    pt_move last = PT_MOVE_NONE, own = PT_MOVE_NONE;
    for (size_t i = 0; i < n; i++) {
        pt_move legal[PT_MAX_MOVES];
        int count = pt_gen_legal(&pos, legal);
        for (int k = 0; k < count; k++) {
            int cls = pt_prior_class(&pos, legal[k], last, own, gives_check(&pos, legal[k]));
            int loss = pt_prior_loss(pt_see(&pos, legal[k]));
            bool played = legal[k] == moves[i];
            c->offered[cls][loss]++;
            c->chosen[cls][loss] += played;
            if (pt_move_kind(legal[k]) == PT_MOVE_CASTLING)
                continue;
            int type = PT_TYPE_OF(pos.board[pt_move_from(legal[k])]), to = pt_prior_square(&pos, legal[k]);
            c->sq_offered[type][to]++;
            c->sq_chosen[type][to] += played;
            c->all_offered++;
            c->all_chosen += played;
        }
        if (i < PT_PRIOR_BOOK_PLIES && !add_seen(c, &pos, moves[i], count))
            return false;
        pt_undo undo;
        pt_pos_make(&pos, moves[i], &undo);
        own = last;
        last = moves[i];
    }
    c->games++;
    return true;
}

static int by_key_move(const void *a, const void *b)
{
    const seen *x = a, *y = b;
    if (x->key != y->key)
        return (x->key > y->key) - (x->key < y->key);
    return (x->move > y->move) - (x->move < y->move);
}

/* Penalties are written to three decimals: the text and the C agree to
 * the bit when both are read back as floats. */
static double rounded(double penalty)
{
    return round(penalty * 1000) / 1000;
}

static void write_entry(bool c_source, uint64_t key, pt_move m, const char *uci, double penalty)
{
    if (c_source)
        printf("    {0x%016llxull, 0x%04x, %.3ff},\n", (unsigned long long)key, (unsigned)m, rounded(penalty));
    else
        printf("book %016llx %04x %-5s %.3f\n", (unsigned long long)key, (unsigned)m, uci, rounded(penalty));
}

/* The opening tree, position by position: the moves played at least
 * min_count times, and the share of the others. */
static size_t write_book(const counts *c, bool c_source, long min_games, long min_count)
{
    size_t entries = 0;
    for (size_t i = 0; i < c->nseen;) {
        size_t end = i;
        while (end < c->nseen && c->seen[end].key == c->seen[i].key)
            end++;
        long total = (long)(end - i);
        if (total < min_games) {
            i = end;
            continue;
        }
        /* The moves played often enough, and what the others share. */
        long kept = 0, kept_moves = 0;
        for (size_t j = i; j < end;) {
            size_t k = j;
            while (k < end && c->seen[k].move == c->seen[j].move)
                k++;
            if ((long)(k - j) >= min_count)
                kept += (long)(k - j), kept_moves++;
            j = k;
        }
        long others = c->seen[i].legal - kept_moves;
        double rest = (double)(total - kept + 1) / (double)(total + 1) / (double)(others > 0 ? others : 1);
        write_entry(c_source, c->seen[i].key, PT_MOVE_NONE, "-", -log(rest));
        entries++;
        for (size_t j = i; j < end;) {
            size_t k = j;
            while (k < end && c->seen[k].move == c->seen[j].move)
                k++;
            if ((long)(k - j) >= min_count) {
                write_entry(c_source, c->seen[j].key, c->seen[j].move, c->seen[j].uci,
                            -log((double)(k - j) / (double)(total + 1)));
                entries++;
            }
            j = k;
        }
        i = end;
    }
    return entries;
}

/* A class's penalty for each loss. A loss no move of the class can
 * have (a king's, a pawn's of a piece) takes the smaller loss's. */
static void write_classes(const counts *c, bool c_source)
{
    if (c_source)
        printf("const float pt_prior_classes[PT_PRIOR_CLASSES][PT_PRIOR_LOSSES] = {\n");
    for (int k = 0; k < PT_PRIOR_CLASSES; k++) {
        double penalty[PT_PRIOR_LOSSES], last = 0;
        for (int l = 0; l < PT_PRIOR_LOSSES; l++) {
            if (l == 0 || c->offered[k][l] > 0)
                last = rounded(-log((c->chosen[k][l] + 1) / (c->offered[k][l] + 1)));
            penalty[l] = last;
        }
        if (c_source) {
            printf("    {%.3ff, %.3ff, %.3ff, %.3ff}, /* %s */\n", penalty[0], penalty[1], penalty[2], penalty[3],
                   pt_prior_class_names[k]);
            continue;
        }
        printf("class %-9s %.3f %.3f %.3f %.3f  # played", pt_prior_class_names[k], penalty[0], penalty[1], penalty[2],
               penalty[3]);
        for (int l = 0; l < PT_PRIOR_LOSSES; l++)
            printf(" %.0f/%.0f", c->chosen[k][l], c->offered[k][l]);
        printf("\n");
    }
    if (c_source)
        printf("};\n\n");
}

/* The squares' terms: -ln of how often a move of the piece to the square
 * was the one played, less the same of all moves. A square seldom
 * offered counts as an average one: 30 moves offered, one played, are
 * added to each. */
static void write_squares(const counts *c, bool c_source)
{
    static const char letters[] = "PNBRQK";
    double all = -log(c->all_chosen / c->all_offered);
    if (c_source)
        printf("const float pt_prior_squares[PT_KING + 1][64] = {\n");
    for (int t = PT_PAWN; t <= PT_KING; t++) {
        if (c_source)
            printf("    { /* %c */\n", letters[t]);
        for (int sq = 0; sq < 64; sq++) {
            double penalty = rounded(-log((c->sq_chosen[t][sq] + 1) / (c->sq_offered[t][sq] + 30)) - all);
            if (c_source)
                printf("%s%.3ff,%s", sq % 8 ? " " : "        ", penalty, sq % 8 == 7 ? "\n" : "");
            else
                printf("square %c %c%c %.3f\n", letters[t], 'a' + sq % 8, '1' + sq / 8, penalty);
        }
        if (c_source)
            printf("    },\n");
    }
    if (c_source)
        printf("};\n\n");
}

static const char c_head[] = "/*\n"
                             " * prior_table.c - the move prior's tables (prior.h), written by\n"
                             " * tests/tools/move-prior --c from the games models/move-prior.txt names;\n"
                             " * a unit test checks that the two agree. Not to be edited by hand.\n"
                             " */\n"
                             "#include \"record/prior.h\"\n\n"
                             "/* One entry a line, as the text has them. */\n/* clang-format off */\n";

int main(int argc, char **argv)
{
    bool c_source = false;
    long min_games = 40, min_count = 4;
    int i = 1;
    for (; i < argc && argv[i][0] == '-'; i++) {
        if (strcmp(argv[i], "--c") == 0)
            c_source = true;
        else if (strcmp(argv[i], "--min-games") == 0 && i + 1 < argc)
            min_games = strtol(argv[++i], NULL, 10);
        else if (strcmp(argv[i], "--min-count") == 0 && i + 1 < argc)
            min_count = strtol(argv[++i], NULL, 10);
        else
            break;
    }
    if (i == argc || min_games < 1 || min_count < 1) {
        fprintf(stderr, "usage: move-prior [--c] [--min-games N] [--min-count N] GAMES.pgn[.gz]...\n");
        return 2;
    }
    counts c = {0};
    for (; i < argc; i++)
        if (!tool_read_games("move-prior", argv[i], count_game, &c)) {
            free(c.seen);
            return 1;
        }
    qsort(c.seen, c.nseen, sizeof *c.seen, by_key_move);
    if (c_source) {
        fputs(c_head, stdout);
        write_classes(&c, true);
        write_squares(&c, true);
        printf("const pt_prior_entry pt_prior_book[] = {\n");
    } else {
        write_classes(&c, false);
        write_squares(&c, false);
    }
    size_t entries = write_book(&c, c_source, min_games, min_count);
    if (c_source)
        printf("};\n/* clang-format on */\n\n"
               "const size_t pt_prior_book_size = sizeof pt_prior_book / sizeof pt_prior_book[0];\n");
    fprintf(stderr, "move-prior: %ld games, %zu entries in the opening tree\n", c.games, entries);
    free(c.seen);
    return 0;
}
