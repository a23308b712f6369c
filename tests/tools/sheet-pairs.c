/*
 * sheet-pairs.c - synthetic pairs of scoresheets, with slips at known
 * places, made from real games.
 *
 * Measures a decoder that rebuilds the true game from both players'
 * scoresheets (partiar reconcile): each pair is a real game written twice,
 * once by each player, each writer with his own habits and his own slips,
 * and the truth and every slip are written beside it.
 *
 *   sheet-pairs [-s SEED] [-n COUNT] [--clean] GAMES.pgn OUTDIR
 *
 * Games are taken from GAMES.pgn in order: standard start only (no SetUp
 * or FEN tag), 20 to 100 full moves, main line legal. COUNT pairs (1000)
 * are written; when the games run out, the first ones are used again with
 * new random draws. A seed (1) gives the same pairs on every platform, and
 * pair k does not depend on COUNT. --clean writes no slips: a control set.
 *
 * For pair k (g0001, g0002, ...) OUTDIR receives:
 *
 *   gNNNN-white.pgn  White's scoresheet; gNNNN-black.pgn, Black's. Each
 *                    records both players' moves, as a scoresheet does.
 *   gNNNN.truth      the moves as played, in UCI, one line: "e2e4 e7e5 ...".
 *   gNNNN.slips      one line per slip: "<sheet> <ply> <kind> <detail>",
 *                    ply from 1, e.g. "white 23 miswritten-square Nf3->Nf4".
 *
 * and manifest.tsv, a line per pair: "name plies recoverable kinds", tab
 * separated. recoverable is 1 when every ply is written correctly on at
 * least one sheet (a gap, '?' or a slipped entry is not), else 0; kinds is
 * the comma list of the pair's slip kinds, or "none".
 *
 * A scoresheet file is PGN with two more tags and three more cell forms:
 *
 *   [Sheet "white"]      whose sheet it is ("white" or "black")
 *   [Notation "cs"]      the piece letters, when not English (pt_lang codes)
 *   1. e4 e5 2. Jf3 Jc6 3. Sb5 - 4. - ? 5. O-O (=) Jf6 1-0
 *
 * '-' is a cell left blank (Law 8.4, time trouble), '?' one that cannot be
 * read, "(=)" a draw offer written after the move. Every row's number is
 * written before White's cell; a Black cell that starts a line is written
 * "N... move". Writers keep their habits all game long: some leave out
 * '+', '#' or 'x', some castle "0-0". These are not slips.
 *
 * The slips (kind, and what the detail says):
 *
 *   miswritten-square   Nf3->Nf4    destination a file or rank off, or a
 *                                   pawn capture's file (exd5->cxd5)
 *   miswritten-letter   Sb5->5b5    handwriting: S/5 b/6 l/1 O/0 g/9 B/8,
 *                                   a piece letter left out or wrong
 *   missing-move        Nf3         a ply not written: the entries after it
 *                                   stand in the other column
 *   extra-move          +Nf3(duplicate) or +Nd2(invented): an entry that is
 *                                   no ply, written before this ply's entry
 *   swapped-moves       Nf3<->Bc4,plies=23,25   two entries in each other's
 *                                   places (same player, or consecutive)
 *   wrong-move-number   22->23      the row of move 22 numbered 23; with
 *                                   ",counted-on" the writer went on from it
 *   other-language      Nf3->Jf3,cs one entry in another notation's letters
 *   gap                 plies=61-70 cells left blank ('-'), in time trouble
 *   illegible           Nf3->?      a cell that cannot be read
 *   draw-offer          (=)         an offer on this sheet and not the other
 *   wrong-result        1-0->0-1    the result (ply: the last one)
 *   ends-early          plies=76-80 the writer stopped before the end
 *
 * The ply of a line is the ply the slip is at: the first one of a run,
 * the one an extra entry comes before, the one a draw offer follows, the
 * first of a misnumbered row.
 *
 * Slipped entries never read as the move played: a confusion that changes
 * nothing ("O-O" as "0-0") is a habit, not a slip.
 */
#include "games.h"
#include "partiar.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>

enum {
    MIN_FULL_MOVES = 20,
    MAX_FULL_MOVES = 100,
    MAX_PLIES = 2 * MAX_FULL_MOVES,
    MAX_CELLS = MAX_PLIES + 16, /* room for extra entries */
    CELL_MAX = 48,              /* bytes of one cell's text */
    MAX_SLIPS = 64,
    LINE_WIDTH = 79,
    TRIES = 32 /* attempts at placing one slip before giving it up */
};

/* ---------------------------------------------------------------- slips */

typedef enum kind {
    K_SQUARE,
    K_LETTER,
    K_MISSING,
    K_EXTRA,
    K_SWAPPED,
    K_NUMBER,
    K_LANGUAGE,
    K_GAP,
    K_ILLEGIBLE,
    K_DRAW_OFFER,
    K_RESULT,
    K_ENDS_EARLY,
    K_COUNT
} kind;

static const char *const kind_names[K_COUNT] = {
    [K_SQUARE] = "miswritten-square", [K_LETTER] = "miswritten-letter",
    [K_MISSING] = "missing-move",     [K_EXTRA] = "extra-move",
    [K_SWAPPED] = "swapped-moves",    [K_NUMBER] = "wrong-move-number",
    [K_LANGUAGE] = "other-language",  [K_GAP] = "gap",
    [K_ILLEGIBLE] = "illegible",      [K_DRAW_OFFER] = "draw-offer",
    [K_RESULT] = "wrong-result",      [K_ENDS_EARLY] = "ends-early",
};

/* How often each slip happens. Per sheet, each independently, unless said
 * to be per pair. Together about 0.37 slips a sheet and 0.2 a pair: some
 * two pairs in five come out with none, most others with one to three. */
static const double rate[K_COUNT] = {
    [K_SQUARE] = 0.08,     /* the commonest slip of the pen */
    [K_LETTER] = 0.06,     /* handwriting read as written */
    [K_MISSING] = 0.03,    /* a move forgotten, usually in a quick exchange */
    [K_EXTRA] = 0.025,     /* a move written twice, or one only considered */
    [K_SWAPPED] = 0.025,   /* two moves written in each other's places */
    [K_NUMBER] = 0.04,     /* miscounting rows on a blank sheet */
    [K_LANGUAGE] = 0.015,  /* on an English sheet; see RATE_LANGUAGE_FOREIGN */
    [K_GAP] = 0.05,        /* one player alone stopped recording */
    [K_ILLEGIBLE] = 0.04,  /* a cell written over or scrawled */
    [K_DRAW_OFFER] = 0.03, /* per pair: (=) on one sheet only */
    [K_RESULT] = 0.03,     /* per pair: one sheet writes another result */
    [K_ENDS_EARLY] = 0.04, /* per pair: one sheet stops before the end */
};
/* Per pair: both players stopped recording in the same time trouble (the
 * pair is then not recoverable); scaled as gaps are (slip_gaps), it
 * comes to about one pair in ten. */
#define RATE_GAP_BOTH 0.12
/* Per sheet in another notation: its writer slips into English letters
 * more often than an English writer into foreign ones. */
#define RATE_LANGUAGE_FOREIGN 0.10
/* Per pair: a draw offer both players wrote down; no slip. */
#define RATE_OFFER_BOTH 0.04
/* Per pair: one or both sheets in a notation other than English. */
#define RATE_FOREIGN 0.15

/* ---------------------------------------------------------------- random */

/* splitmix64 (Steele, Lea and Flood, 2014): small, fast and the same on
 * every platform, so that a seed names one data set; rand() is none. */
typedef struct rng {
    uint64_t state;
} rng;

static uint64_t rng_next(rng *r)
{
    uint64_t z = (r->state += 0x9E3779B97F4A7C15u);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    return z ^ (z >> 31);
}

/* Uniform in [0, 1). */
static double rng_unit(rng *r)
{
    return (double)(rng_next(r) >> 11) * 0x1.0p-53;
}

static bool rng_chance(rng *r, double p)
{
    return rng_unit(r) < p;
}

/* Uniform in [0, n); 0 when n <= 1. The modulo bias is below 2^-50. */
static int rng_below(rng *r, int n)
{
    return n <= 1 ? 0 : (int)(rng_next(r) % (uint64_t)n);
}

/* Uniform in [lo, hi]. */
static int rng_range(rng *r, int lo, int hi)
{
    return lo + rng_below(r, hi - lo + 1);
}

/* In [lo, hi], small values likelier (a squared uniform): most runs of
 * blank cells and most early stops are short. */
static int rng_short(rng *r, int lo, int hi)
{
    double u = rng_unit(r);
    return lo + (int)(u * u * (hi - lo + 1));
}

/* ----------------------------------------------------------------- games */

typedef struct game {
    pt_move *moves;
    int plies;
    int result; /* PT_RESULT_* */
} game;

typedef struct game_list {
    game *items;
    size_t count, cap;
} game_list;

static void games_free(game_list *list)
{
    for (size_t i = 0; i < list->count; i++)
        free(list->items[i].moves);
    free(list->items);
    *list = (game_list){0};
}

/* Adds the replayed game to list if it is one to use; false when memory
 * runs out. */
static bool keep_game(void *ctx, const pt_pgn_game *g, const pt_move *moves, size_t n)
{
    game_list *list = ctx;
    size_t full = (n + 1) / 2;
    if (full < MIN_FULL_MOVES || full > MAX_FULL_MOVES)
        return true;
    if (list->count == list->cap) {
        size_t cap = list->cap ? 2 * list->cap : 256;
        game *more = realloc(list->items, cap * sizeof *more);
        if (!more)
            return false;
        list->items = more;
        list->cap = cap;
    }
    game *kept = &list->items[list->count];
    if (!(kept->moves = malloc(n * sizeof *kept->moves)))
        return false;
    memcpy(kept->moves, moves, n * sizeof *moves);
    kept->plies = (int)n;
    const char *result = pt_pgn_tag_value(g, "Result");
    kept->result = result ? pt_pgn_result_code(result, strlen(result)) : 0;
    if (!kept->result)
        kept->result = PT_RESULT_UNKNOWN;
    list->count++;
    return true;
}

/* ----------------------------------------------------------------- sheets */

/* How one writer spells moves, all game long. */
typedef struct habits {
    double drop_check;   /* chance of leaving out '+' or '#' */
    double drop_capture; /* chance of leaving out 'x' */
    bool zero_castling;  /* "0-0" for "O-O" */
} habits;

/* One cell as written. */
typedef struct cell {
    char text[CELL_MAX]; /* the move, "-" for a blank cell, "?" illegible */
    int ply;             /* the ply whose place it takes, from 0; -1 for an
                            entry that is no ply (extra-move) */
    bool offer;          /* "(=)" after it */
} cell;

typedef struct sheet {
    int owner; /* PT_WHITE or PT_BLACK */
    const pt_lang *lang;
    habits style;
    cell cells[MAX_CELLS];
    int ncells;
    bool slipped[MAX_PLIES]; /* a slip took the ply's entry: not written right */
    int bad_row;             /* wrong-move-number: the row (from 0), or -1 */
    int bad_number;          /* the number written on it */
    bool counted_on;         /* the rows after it counted on from bad_number */
    int result;              /* PT_RESULT_* written at the end */
} sheet;

typedef struct slip {
    int owner, ply; /* ply from 1 */
    kind k;
    int order; /* when it was made, to keep the log stable when sorted */
    char detail[96];
} slip;

/* One pair in the making. Large: allocated once and reused. */
typedef struct pair {
    const game *g;
    int plies;
    pt_pos pos[MAX_PLIES + 1]; /* pos[i]: before ply i (from 0) */
    sheet sheets[2];
    slip slips[MAX_SLIPS];
    int nslips;
    rng r;
    pt_record *scratch; /* for reading written text back */
} pair;

static const char *const owner_names[2] = {"white", "black"};

/* The notations a foreign sheet is written in, and how often, among the
 * sheets of club and open tournaments in Europe. */
static const struct {
    const char *code;
    int weight;
} foreign_langs[] = {
    {"cs", 4}, {"de", 4}, {"fr", 3}, {"es", 3}, {"nl", 2}, {"it", 2},
    {"pl", 2}, {"sk", 1}, {"hu", 1}, {"sv", 1}, {"pt", 1}, {"ru", 1},
};

static const pt_lang *english(void)
{
    return pt_lang_at(0);
}

static const pt_lang *random_foreign(rng *r)
{
    int total = 0, n = (int)(sizeof foreign_langs / sizeof foreign_langs[0]);
    for (int i = 0; i < n; i++)
        total += foreign_langs[i].weight;
    int pick = rng_below(r, total);
    for (int i = 0; i < n; i++) {
        if (pick < foreign_langs[i].weight)
            return pt_lang_find(foreign_langs[i].code);
        pick -= foreign_langs[i].weight;
    }
    return english();
}

/* The legal move of pos that text means, read in lang; PT_MOVE_NONE when
 * it means none. */
static pt_move reads_as(const pt_pos *pos, const pt_lang *lang, const char *text)
{
    pt_move m = PT_MOVE_NONE;
    pt_move_text mt;
    if (pt_san_read(pos, lang, text, strlen(text), &m, &mt) != PT_OK)
        return PT_MOVE_NONE;
    return m;
}

/* Copies src into a cell's text, cut to fit. */
static void copy_text(char *dst, const char *src)
{
    size_t n = strlen(src);
    if (n >= CELL_MAX)
        n = CELL_MAX - 1;
    memmove(dst, src, n);
    dst[n] = '\0';
}

/* Removes every byte c from text ('x' and '+' are ASCII: never part of a
 * UTF-8 letter). */
static void drop_char(char *text, char c)
{
    char *out = text;
    for (const char *in = text; *in; in++)
        if (*in != c)
            *out++ = *in;
    *out = '\0';
}

/* Legal move m of pos as the writer of s spells it in lang: the library's
 * SAN with the writer's habits, as long as it still reads as m. */
static void spell(const sheet *s, rng *r, const pt_pos *pos, pt_move m, const pt_lang *lang, char out[CELL_MAX])
{
    char san[PT_SAN_MAX];
    pt_san_write(pos, m, lang, PT_NOTATION_SAN, san);
    char text[CELL_MAX];
    copy_text(text, san);
    if (rng_chance(r, s->style.drop_check)) {
        drop_char(text, '+');
        drop_char(text, '#');
    }
    if (rng_chance(r, s->style.drop_capture))
        drop_char(text, 'x');
    if (s->style.zero_castling && strncmp(text, "O-O", 3) == 0)
        for (char *c = text; *c; c++)
            if (*c == 'O')
                *c = '0';
    copy_text(out, reads_as(pos, lang, text) == m ? text : san);
}

static void choose_habits(rng *r, habits *h)
{
    double u = rng_unit(r);
    h->drop_check = u < 0.45 ? 0.0 : u < 0.70 ? 0.5 : 1.0;
    u = rng_unit(r);
    h->drop_capture = u < 0.60 ? 0.0 : u < 0.80 ? 0.5 : 1.0;
    h->zero_castling = rng_chance(r, 0.3);
}

/* Sheet `owner` of p, written without a slip. */
static void sheet_init(pair *p, int owner, const pt_lang *lang)
{
    sheet *s = &p->sheets[owner];
    s->owner = owner;
    s->lang = lang;
    choose_habits(&p->r, &s->style);
    for (int i = 0; i < p->plies; i++) {
        s->cells[i] = (cell){.ply = i, .offer = false};
        spell(s, &p->r, &p->pos[i], p->g->moves[i], lang, s->cells[i].text);
        s->slipped[i] = false;
    }
    s->ncells = p->plies;
    s->bad_row = -1;
    s->bad_number = 0;
    s->counted_on = false;
    s->result = p->g->result;
}

/* Which notations the two sheets are in: mostly English; in RATE_FOREIGN
 * of the pairs one or both in another, the two perhaps different. */
static void choose_langs(pair *p, const pt_lang *langs[2])
{
    langs[0] = langs[1] = english();
    if (!rng_chance(&p->r, RATE_FOREIGN))
        return;
    double u = rng_unit(&p->r);
    const pt_lang *foreign = random_foreign(&p->r);
    if (u < 0.35) {
        langs[0] = langs[1] = foreign; /* both players of one country */
    } else if (u < 0.80) {
        langs[rng_below(&p->r, 2)] = foreign;
    } else {
        langs[0] = foreign;
        langs[1] = random_foreign(&p->r);
    }
}

/* The number written on row `row` (from 0) of s. */
static int row_number(const sheet *s, int row)
{
    if (s->bad_row < 0 || row < s->bad_row)
        return row + 1;
    if (row == s->bad_row)
        return s->bad_number;
    return s->counted_on ? s->bad_number + (row - s->bad_row) : row + 1;
}

/* The index of the cell standing for ply, or -1. */
static int cell_of(const sheet *s, int ply)
{
    for (int i = 0; i < s->ncells; i++)
        if (s->cells[i].ply == ply)
            return i;
    return -1;
}

/* --------------------------------------------------------- reading back */

/* Reads text as a scoresheet into rec; false when it reads as none. */
static bool read_sheet(const char *text, size_t len, pt_record *rec)
{
    pt_pgn_reader *reader = NULL;
    pt_pgn_game *g = NULL;
    bool ok = pt_pgn_open_bytes(&reader, (const unsigned char *)text, len) == PT_OK && pt_pgn_game_new(&g) == PT_OK &&
              pt_pgn_next(reader, g) == PT_OK && !pt_pgn_game_unreadable(g) && pt_record_from_game(rec, g) == PT_OK;
    pt_pgn_game_free(&g);
    pt_pgn_close(&reader);
    return ok;
}

/* Whether a slipped text still reads back as one cell holding that text:
 * a slip must not turn a cell into a move number, a result or two cells. */
static bool survives(pair *p, const char *text)
{
    char sheet_text[128];
    int n = snprintf(sheet_text, sizeof sheet_text, "[Sheet \"white\"]\n\n1. %s *\n", text);
    if (n < 0 || (size_t)n >= sizeof sheet_text || !read_sheet(sheet_text, (size_t)n, p->scratch))
        return false;
    const pt_entry *e;
    if (pt_record_entries(p->scratch, &e) != 1 || e[0].ntexts != 1)
        return false;
    return strcmp(pt_record_text(p->scratch, &e[0], 0, NULL), text) == 0;
}

/* Whether text, written for ply on s, is a slip: it reads back as one
 * cell, and not as the move played. */
static bool is_slip(pair *p, const sheet *s, int ply, const char *text)
{
    return reads_as(&p->pos[ply], s->lang, text) != p->g->moves[ply] && survives(p, text);
}

/* --------------------------------------------------------------- logging */

static void log_slip(pair *p, int owner, int ply, kind k, const char *fmt, ...) __attribute__((format(printf, 5, 6)));

static void log_slip(pair *p, int owner, int ply, kind k, const char *fmt, ...)
{
    if (p->nslips == MAX_SLIPS)
        return; /* never reached at the rates above */
    slip *sl = &p->slips[p->nslips];
    *sl = (slip){.owner = owner, .ply = ply, .k = k, .order = p->nslips};
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(sl->detail, sizeof sl->detail, fmt, ap);
    va_end(ap);
    p->nslips++;
}

/* ---------------------------------------------------------- placing slips */

/* A random ply of s in [lo, hi] that no slip has touched and that has its
 * cell; -1 when there is none. */
static int untouched_ply(pair *p, const sheet *s, int lo, int hi)
{
    if (lo < 0)
        lo = 0;
    if (hi >= p->plies)
        hi = p->plies - 1;
    int n = 0;
    for (int i = lo; i <= hi; i++)
        n += !s->slipped[i];
    if (n == 0)
        return -1;
    for (int k = rng_below(&p->r, n), i = lo; i <= hi; i++)
        if (!s->slipped[i] && k-- == 0)
            return cell_of(s, i) >= 0 ? i : -1;
    return -1;
}

/* Picks one of n candidate texts that is a slip for ply; NULL if none. */
static const char *pick_slip(pair *p, const sheet *s, int ply, char (*cands)[CELL_MAX], int n)
{
    int ok[32], nok = 0;
    for (int i = 0; i < n && nok < 32; i++)
        if (is_slip(p, s, ply, cands[i]))
            ok[nok++] = i;
    return nok ? cands[ok[rng_below(&p->r, nok)]] : NULL;
}

/* Replaces the text of ply's cell, logging "old->new". */
static void rewrite(pair *p, sheet *s, int ply, kind k, const char *text, const char *suffix)
{
    cell *c = &s->cells[cell_of(s, ply)];
    log_slip(p, s->owner, ply + 1, k, "%s->%s%s", c->text, text, suffix);
    copy_text(c->text, text);
    s->slipped[ply] = true;
}

/* The byte offset of the last square ("f3") in text, or -1. */
static int last_square(const char *text)
{
    int at = -1;
    for (int i = 0; text[i] && text[i + 1]; i++)
        if (text[i] >= 'a' && text[i] <= 'h' && text[i + 1] >= '1' && text[i + 1] <= '8')
            at = i;
    return at;
}

/* miswritten-square: the destination a file or a rank off (Nf3->Nf4), or
 * a pawn capture from the other side (exd5->cxd5). */
static bool slip_square(pair *p, sheet *s)
{
    for (int t = 0; t < TRIES; t++) {
        int ply = untouched_ply(p, s, 0, p->plies - 1);
        if (ply < 0)
            return false;
        const char *text = s->cells[cell_of(s, ply)].text;
        int at = last_square(text);
        if (at < 0)
            continue; /* castling */
        char cands[8][CELL_MAX];
        int n = 0;
        for (int d = -1; d <= 1; d += 2) {
            for (int part = 0; part < 2; part++) {
                char c = (char)(text[at + part] + d);
                if (part == 0 ? (c < 'a' || c > 'h') : (c < '1' || c > '8'))
                    continue;
                copy_text(cands[n], text);
                cands[n++][at + part] = c;
            }
        }
        /* A pawn capture: "exd5" or, with the x left out, "ed5". */
        bool pawn_capture =
            at > 0 && text[0] >= 'a' && text[0] <= 'h' && (text[1] == 'x' || (text[1] >= 'a' && text[1] <= 'h'));
        char other = (char)(2 * text[at] - text[0]);
        if (pawn_capture && other >= 'a' && other <= 'h' && other != text[0]) {
            copy_text(cands[n], text);
            cands[n++][0] = other;
        }
        const char *chosen = pick_slip(p, s, ply, cands, n);
        if (chosen) {
            rewrite(p, s, ply, K_SQUARE, chosen, "");
            return true;
        }
    }
    return false;
}

/* Characters that handwriting turns into one another. */
static const char confusions[][2] = {
    {'S', '5'}, {'5', 'S'}, {'b', '6'}, {'6', 'b'}, {'l', '1'}, {'1', 'l'},
    {'O', '0'}, {'0', 'O'}, {'g', '9'}, {'9', 'g'}, {'B', '8'}, {'8', 'B'},
};

/* The candidates of miswritten-letter for text in lang: each confusion at
 * each place, the piece letter left out, and each other piece letter. */
static int letter_candidates(const char *text, const pt_lang *lang, char (*cands)[CELL_MAX], int max)
{
    int n = 0;
    for (int i = 0; text[i] && n < max; i++)
        for (size_t k = 0; k < sizeof confusions / sizeof confusions[0] && n < max; k++)
            if (text[i] == confusions[k][0]) {
                copy_text(cands[n], text);
                cands[n++][i] = confusions[k][1];
            }
    int type;
    size_t letter = pt_lang_match_piece(lang, text, strlen(text), &type);
    if (letter == 0 || type == PT_PAWN)
        return n;
    if (n < max)
        copy_text(cands[n++], text + letter); /* Nf3 -> f3 */
    for (int other = PT_KNIGHT; other <= PT_KING && n < max; other++)
        if (other != type && strcmp(lang->piece[other], lang->piece[type]) != 0)
            snprintf(cands[n++], CELL_MAX, "%s%s", lang->piece[other], text + letter); /* Nf3 -> Bf3 */
    return n;
}

/* miswritten-letter: a handwriting confusion, or a piece letter missing or
 * wrong. */
static bool slip_letter(pair *p, sheet *s)
{
    for (int t = 0; t < TRIES; t++) {
        int ply = untouched_ply(p, s, 0, p->plies - 1);
        if (ply < 0)
            return false;
        char cands[32][CELL_MAX];
        int n = letter_candidates(s->cells[cell_of(s, ply)].text, s->lang, cands, 32);
        const char *chosen = pick_slip(p, s, ply, cands, n);
        if (chosen) {
            rewrite(p, s, ply, K_LETTER, chosen, "");
            return true;
        }
    }
    return false;
}

/* other-language: one piece move in another notation's letters: a foreign
 * one on an English sheet (Jf3), English on a foreign one (Nf3). */
static bool slip_language(pair *p, sheet *s)
{
    for (int t = 0; t < TRIES; t++) {
        int ply = untouched_ply(p, s, 0, p->plies - 1);
        if (ply < 0)
            return false;
        const pt_pos *pos = &p->pos[ply];
        pt_move m = p->g->moves[ply];
        int type = PT_TYPE_OF(pt_pos_piece_at(pos, pt_move_from(m)));
        if (type == PT_PAWN || pt_move_kind(m) == PT_MOVE_CASTLING)
            continue;
        const pt_lang *other = s->lang == english() ? random_foreign(&p->r) : english();
        if (strcmp(other->piece[type], s->lang->piece[type]) == 0)
            continue; /* the same letter: K is the king in most notations */
        if ((unsigned char)other->piece[type][0] >= 0x80)
            continue; /* a writer of Latin letters does not slip into Cyrillic */
        char text[CELL_MAX];
        spell(s, &p->r, pos, m, other, text);
        if (is_slip(p, s, ply, text)) {
            char suffix[16];
            snprintf(suffix, sizeof suffix, ",%s", other->code);
            rewrite(p, s, ply, K_LANGUAGE, text, suffix);
            return true;
        }
    }
    return false;
}

/* illegible: a cell that cannot be read. */
static bool slip_illegible(pair *p, sheet *s)
{
    int ply = untouched_ply(p, s, 0, p->plies - 1);
    if (ply < 0)
        return false;
    rewrite(p, s, ply, K_ILLEGIBLE, "?", "");
    return true;
}

/* swapped-moves: the entries of plies a and a+2 (one player's two moves)
 * or a and a+1 in each other's places. */
static bool slip_swapped(pair *p, sheet *s)
{
    int d = rng_chance(&p->r, 0.5) ? 2 : 1;
    for (int t = 0; t < TRIES; t++) {
        int a = untouched_ply(p, s, 0, p->plies - 1 - d), b = a + d;
        if (a < 0)
            return false;
        if (s->slipped[b] || cell_of(s, b) < 0)
            continue;
        cell *ca = &s->cells[cell_of(s, a)], *cb = &s->cells[cell_of(s, b)];
        if (strcmp(ca->text, cb->text) == 0)
            continue;
        log_slip(p, s->owner, a + 1, K_SWAPPED, "%s<->%s,plies=%d,%d", ca->text, cb->text, a + 1, b + 1);
        char keep[CELL_MAX];
        copy_text(keep, ca->text);
        copy_text(ca->text, cb->text);
        copy_text(cb->text, keep);
        s->slipped[a] = s->slipped[b] = true;
        return true;
    }
    return false;
}

/* Marks plies [first, first + len) of s as left blank. */
static void blank_run(pair *p, sheet *s, int first, int len)
{
    for (int i = first; i < first + len; i++) {
        copy_text(s->cells[cell_of(s, i)].text, "-");
        s->slipped[i] = true;
    }
    log_slip(p, s->owner, first + 1, K_GAP, "plies=%d-%d", first + 1, first + len);
}

/* Where a player in time trouble stops recording (Law 8.4): a run of 2 to
 * 20 plies, mostly short, ending just before the time control at move 40
 * when the game reaches it (the player fills in no more), else near the
 * end of the game. */
static void gap_run(pair *p, int *first, int *len)
{
    int n = p->plies;
    *len = rng_short(&p->r, 2, 20);
    int last;
    if (n >= 84 && rng_chance(&p->r, 0.8))
        last = 79 - rng_below(&p->r, 6); /* ply 80 is Black's 40th move */
    else
        last = n - 1 - rng_below(&p->r, n / 10 + 1);
    int lowest = n / 3; /* not in the opening: time trouble comes late */
    if (last - *len + 1 < lowest)
        *len = last - lowest + 1;
    if (*len < 2)
        *len = 2;
    *first = last - *len + 1;
}

/* gap: one sheet, or in RATE_GAP_BOTH of the pairs both sheets at plies
 * that overlap. Placed first, on sheets still untouched. A game over
 * before move 30 rarely sees time trouble: a third of the rates. */
static void slip_gaps(pair *p)
{
    double scale = p->plies >= 60 ? 1.0 : 1.0 / 3;
    int first, len;
    if (rng_chance(&p->r, RATE_GAP_BOTH * scale)) {
        gap_run(p, &first, &len);
        int who = rng_below(&p->r, 2);
        blank_run(p, &p->sheets[who], first, len);
        /* The other's run: any length, sharing at least one ply. */
        int len2 = rng_short(&p->r, 2, 20);
        int first2 = rng_range(&p->r, first - len2 + 1, first + len - 1);
        if (first2 < 0)
            first2 = 0;
        if (first2 + len2 > p->plies)
            first2 = p->plies - len2;
        if (first2 + len2 <= first || first2 >= first + len)
            first2 = first; /* clamped out of the overlap */
        blank_run(p, &p->sheets[!who], first2, len2);
        return;
    }
    for (int who = 0; who < 2; who++)
        if (rng_chance(&p->r, rate[K_GAP] * scale)) {
            gap_run(p, &first, &len);
            blank_run(p, &p->sheets[who], first, len);
        }
}

/* ends-early: one sheet stops a few plies before the end; its writer
 * still writes the result. */
static bool slip_ends_early(pair *p)
{
    int who = rng_below(&p->r, 2);
    int k = rng_short(&p->r, 1, 12);
    if (k > p->plies / 4)
        k = p->plies / 4;
    for (int tries = 0; tries < 2; tries++, who = !who) {
        sheet *s = &p->sheets[who];
        bool clear = true;
        for (int i = p->plies - k; i < p->plies; i++)
            clear &= !s->slipped[i];
        if (!clear)
            continue;
        for (int i = p->plies - k; i < p->plies; i++)
            s->slipped[i] = true;
        s->ncells = cell_of(s, p->plies - k); /* cells are still in ply order */
        log_slip(p, who, p->plies - k + 1, K_ENDS_EARLY, "plies=%d-%d", p->plies - k + 1, p->plies);
        return true;
    }
    return false;
}

/* missing-move: a ply not written at all; the entries after it move up a
 * cell, into the other column. */
static bool slip_missing(pair *p, sheet *s)
{
    int ply = untouched_ply(p, s, 0, p->plies - 2);
    if (ply < 0)
        return false;
    int at = cell_of(s, ply);
    log_slip(p, s->owner, ply + 1, K_MISSING, "%s", s->cells[at].text);
    memmove(&s->cells[at], &s->cells[at + 1], (size_t)(s->ncells - at - 1) * sizeof s->cells[0]);
    s->ncells--;
    s->slipped[ply] = true;
    return true;
}

/* A move the player might have considered instead of ply's: mostly one
 * of the same piece, or to the same square; PT_MOVE_NONE if there is no
 * other legal move. */
static pt_move considered_move(pair *p, int ply)
{
    pt_move played = p->g->moves[ply], list[PT_MAX_MOVES], near[PT_MAX_MOVES];
    int n = pt_gen_legal(&p->pos[ply], list), nnear = 0, nother = 0;
    for (int i = 0; i < n; i++) {
        if (list[i] == played)
            continue;
        if (pt_move_from(list[i]) == pt_move_from(played) || pt_move_to(list[i]) == pt_move_to(played))
            near[nnear++] = list[i];
        else
            list[nother++] = list[i];
    }
    if (nnear && (!nother || rng_chance(&p->r, 0.7)))
        return near[rng_below(&p->r, nnear)];
    return nother ? list[rng_below(&p->r, nother)] : PT_MOVE_NONE;
}

/* extra-move: an entry that is no ply, written before ply's entry: the
 * move before written again, or a move the writer only considered. */
static bool slip_extra(pair *p, sheet *s)
{
    if (s->ncells == MAX_CELLS)
        return false;
    for (int t = 0; t < TRIES; t++) {
        int ply = untouched_ply(p, s, 1, p->plies - 1);
        if (ply < 1) /* none left (-1); 0 is never drawn from 1 on */
            return false;
        int at = cell_of(s, ply);
        if (s->slipped[ply - 1] || at < 1 || s->cells[at - 1].ply != ply - 1)
            continue;
        cell extra = {.ply = -1, .offer = false};
        const char *how = "duplicate";
        pt_move m;
        if (rng_chance(&p->r, 0.5) && (m = considered_move(p, ply)) != PT_MOVE_NONE) {
            spell(s, &p->r, &p->pos[ply], m, s->lang, extra.text);
            how = "invented";
        } else {
            copy_text(extra.text, s->cells[at - 1].text);
        }
        log_slip(p, s->owner, ply + 1, K_EXTRA, "+%s(%s)", extra.text, how);
        memmove(&s->cells[at + 1], &s->cells[at], (size_t)(s->ncells - at) * sizeof s->cells[0]);
        s->cells[at] = extra;
        s->ncells++;
        return true;
    }
    return false;
}

/* wrong-move-number: one row numbered wrong (a row skipped or counted
 * twice, a digit slip); sometimes the writer counts on from it. Placed
 * last, on the rows as they finally stand. */
static bool slip_number(pair *p, sheet *s)
{
    static const int deltas[] = {1, 1, 2, -1, -1, 10, -10};
    int rows = (s->ncells + 1) / 2;
    if (rows < 2)
        return false;
    for (int t = 0; t < TRIES; t++) {
        int row = rng_range(&p->r, 1, rows - 1);
        int written = row + 1 + deltas[rng_below(&p->r, (int)(sizeof deltas / sizeof deltas[0]))];
        int ply = s->cells[2 * row].ply;
        if (ply < 0 && 2 * row + 1 < s->ncells)
            ply = s->cells[2 * row + 1].ply;
        if (written < 1 || ply < 0)
            continue;
        s->bad_row = row;
        s->bad_number = written;
        s->counted_on = rng_chance(&p->r, 0.4);
        log_slip(p, s->owner, ply + 1, K_NUMBER, "%d->%d%s", row + 1, written, s->counted_on ? ",counted-on" : "");
        return true;
    }
    return false;
}

/* A draw offer (Law 9.1.2.2) both players wrote down: no slip. */
static void offer_both(pair *p)
{
    for (int t = 0; t < TRIES; t++) {
        int ply = rng_range(&p->r, 20, p->plies - 3);
        int a = cell_of(&p->sheets[0], ply), b = cell_of(&p->sheets[1], ply);
        if (a < 0 || b < 0 || p->sheets[0].slipped[ply] || p->sheets[1].slipped[ply])
            continue;
        p->sheets[0].cells[a].offer = p->sheets[1].cells[b].offer = true;
        return;
    }
}

/* draw-offer: "(=)" on one sheet only. */
static bool slip_offer(pair *p)
{
    for (int t = 0; t < TRIES; t++) {
        sheet *s = &p->sheets[rng_below(&p->r, 2)];
        int ply = rng_range(&p->r, 16, p->plies - 2);
        int at = cell_of(s, ply);
        if (at < 0 || s->slipped[ply] || s->cells[at].offer || p->sheets[!s->owner].slipped[ply])
            continue;
        int other = cell_of(&p->sheets[!s->owner], ply);
        if (other >= 0 && p->sheets[!s->owner].cells[other].offer)
            continue;
        s->cells[at].offer = true;
        log_slip(p, s->owner, ply + 1, K_DRAW_OFFER, "(=)");
        return true;
    }
    return false;
}

/* wrong-result: one sheet writes another result. */
static bool slip_result(pair *p)
{
    static const int results[] = {PT_RESULT_WHITE, PT_RESULT_BLACK, PT_RESULT_DRAW};
    sheet *s = &p->sheets[rng_below(&p->r, 2)];
    int written;
    do
        written = results[rng_below(&p->r, 3)];
    while (written == s->result);
    log_slip(p, s->owner, p->plies, K_RESULT, "%s->%s", pt_pgn_result_text(s->result), pt_pgn_result_text(written));
    s->result = written;
    return true;
}

/* Every slip of the pair, in an order that keeps each one's meaning:
 * blank runs and the early end first, on untouched sheets; then the slips
 * within a cell; then those that add or take away cells, which move the
 * others; numbers last, on the rows as they stand. */
static void add_slips(pair *p)
{
    slip_gaps(p);
    if (rng_chance(&p->r, rate[K_ENDS_EARLY]))
        slip_ends_early(p);
    for (int who = 0; who < 2; who++) {
        sheet *s = &p->sheets[who];
        double language = s->lang == english() ? rate[K_LANGUAGE] : RATE_LANGUAGE_FOREIGN;
        if (rng_chance(&p->r, rate[K_SQUARE]))
            slip_square(p, s);
        if (rng_chance(&p->r, rate[K_LETTER]))
            slip_letter(p, s);
        if (rng_chance(&p->r, language))
            slip_language(p, s);
        if (rng_chance(&p->r, rate[K_ILLEGIBLE]))
            slip_illegible(p, s);
        if (rng_chance(&p->r, rate[K_SWAPPED]))
            slip_swapped(p, s);
    }
    for (int who = 0; who < 2; who++) {
        if (rng_chance(&p->r, rate[K_MISSING]))
            slip_missing(p, &p->sheets[who]);
        if (rng_chance(&p->r, rate[K_EXTRA]))
            slip_extra(p, &p->sheets[who]);
    }
}

/* The slips that come after the draw offers both players wrote. */
static void add_late_slips(pair *p)
{
    if (rng_chance(&p->r, rate[K_DRAW_OFFER]))
        slip_offer(p);
    if (rng_chance(&p->r, rate[K_RESULT]))
        slip_result(p);
    for (int who = 0; who < 2; who++)
        if (rng_chance(&p->r, rate[K_NUMBER]))
            slip_number(p, &p->sheets[who]);
}

/* Pair number k (from 1) of the data set of `seed`, from game g. Each pair
 * has its own stream of random numbers, so that pair k is the same
 * whatever COUNT is. */
static void make_pair(pair *p, const game *g, uint64_t seed, long k, bool clean)
{
    p->g = g;
    p->plies = g->plies;
    p->nslips = 0;
    p->r.state = seed * 0xD1342543DE82EF95u + (uint64_t)k;
    rng_next(&p->r); /* stir neighbouring seeds apart */
    pt_pos_startpos(&p->pos[0]);
    for (int i = 0; i < g->plies; i++) {
        pt_undo undo;
        p->pos[i + 1] = p->pos[i];
        pt_pos_make(&p->pos[i + 1], g->moves[i], &undo);
    }
    const pt_lang *langs[2];
    choose_langs(p, langs);
    sheet_init(p, PT_WHITE, langs[0]);
    sheet_init(p, PT_BLACK, langs[1]);
    if (!clean)
        add_slips(p);
    if (rng_chance(&p->r, RATE_OFFER_BOTH))
        offer_both(p);
    if (!clean)
        add_late_slips(p);
}

/* Whether every ply is written right on at least one sheet. */
static bool recoverable(const pair *p)
{
    for (int i = 0; i < p->plies; i++)
        if (p->sheets[0].slipped[i] && p->sheets[1].slipped[i])
            return false;
    return true;
}

/* -------------------------------------------------------------- writing */

/* The characters of s[0..n) in UTF-8: its bytes but continuation bytes. */
static size_t chars(const char *s, size_t n)
{
    size_t count = 0;
    for (size_t i = 0; i < n; i++)
        count += ((unsigned char)s[i] & 0xC0) != 0x80;
    return count;
}

/* Whether unit no longer fits on the line begun at line_start, or would
 * open it. */
static bool opens_line(const pt_buf *b, size_t line_start, const char *unit)
{
    size_t used = chars(b->data + line_start, b->len - line_start);
    return used == 0 || used + 1 + chars(unit, strlen(unit)) > LINE_WIDTH;
}

/* Appends one unit of movetext: on a new line, or after a space. */
static void put_unit(pt_buf *b, size_t *line_start, const char *unit)
{
    if (b->len > *line_start && opens_line(b, *line_start, unit)) {
        pt_buf_puts(b, "\n");
        *line_start = b->len;
    }
    if (b->len > *line_start)
        pt_buf_puts(b, " ");
    pt_buf_puts(b, unit);
}

/* Sheet s as a scoresheet file. */
static bool render_sheet(const sheet *s, pt_buf *b)
{
    b->len = 0;
    pt_buf_printf(b,
                  "[Event \"synthetic\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n"
                  "[White \"?\"]\n[Black \"?\"]\n[Result \"%s\"]\n[Sheet \"%s\"]\n",
                  pt_pgn_result_text(s->result), owner_names[s->owner]);
    if (s->lang != english())
        pt_buf_printf(b, "[Notation \"%s\"]\n", s->lang->code);
    pt_buf_puts(b, "\n");
    size_t line_start = b->len;
    for (int i = 0; i < s->ncells; i++) {
        const cell *c = &s->cells[i];
        const char *offer = c->offer ? " (=)" : "";
        int number = row_number(s, i / 2);
        char unit[CELL_MAX + 32];
        snprintf(unit, sizeof unit, "%s%s", c->text, offer);
        /* White's cell is numbered; so is Black's when it opens a line,
         * as "23... Rc8". */
        if (i % 2 == 0 || opens_line(b, line_start, unit))
            snprintf(unit, sizeof unit, "%d.%s %s%s", number, i % 2 ? ".." : "", c->text, offer);
        put_unit(b, &line_start, unit);
    }
    put_unit(b, &line_start, pt_pgn_result_text(s->result));
    return pt_buf_puts(b, "\n");
}

/* Reads the rendered sheet back and checks that the record holds each
 * cell as meant: number, column, text and marks, and the result. A
 * difference is a bug of this program. */
static bool reads_back(pair *p, const sheet *s, const pt_buf *b)
{
    if (!read_sheet(b->data, b->len, p->scratch))
        return false;
    const pt_entry *e;
    if (pt_record_entries(p->scratch, &e) != (size_t)s->ncells || pt_record_result(p->scratch) != s->result)
        return false;
    for (int i = 0; i < s->ncells; i++) {
        const cell *c = &s->cells[i];
        bool gap = strcmp(c->text, "-") == 0, illegible = strcmp(c->text, "?") == 0;
        if (e[i].number != row_number(s, i / 2) || e[i].column != i % 2 || !(e[i].marks & PT_ENTRY_GAP) != !gap ||
            !(e[i].marks & PT_ENTRY_ILLEGIBLE) != !illegible || !(e[i].marks & PT_ENTRY_DRAW_OFFER) != !c->offer)
            return false;
        if (!gap && !illegible && (e[i].ntexts != 1 || strcmp(pt_record_text(p->scratch, &e[i], 0, NULL), c->text)))
            return false;
    }
    return true;
}

static bool write_file(const char *dir, const char *name, const char *data, size_t len)
{
    char path[4096];
    int n = snprintf(path, sizeof path, "%s/%s", dir, name);
    if (n < 0 || (size_t)n >= sizeof path) {
        fprintf(stderr, "sheet-pairs: %s/%s: path too long\n", dir, name);
        return false;
    }
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(data, 1, len, f) != len || fclose(f) != 0) {
        fprintf(stderr, "sheet-pairs: %s: %s\n", path, strerror(errno));
        return false;
    }
    return true;
}

static int slip_order(const void *a, const void *b)
{
    const slip *x = a, *y = b;
    if (x->owner != y->owner)
        return x->owner - y->owner;
    if (x->ply != y->ply)
        return x->ply - y->ply;
    return x->order - y->order;
}

/* The comma list of the pair's slip kinds, or "none". */
static void kinds_of(const pair *p, char *out, size_t size)
{
    bool seen[K_COUNT] = {false};
    for (int i = 0; i < p->nslips; i++)
        seen[p->slips[i].k] = true;
    size_t len = 0;
    out[0] = '\0';
    for (int k = 0; k < K_COUNT; k++)
        if (seen[k] && len < size)
            len += (size_t)snprintf(out + len, size - len, "%s%s", len ? "," : "", kind_names[k]);
    if (!len)
        snprintf(out, size, "none");
}

/* Writes pair p as `name` into dir, and its manifest line to manifest. */
static bool write_pair(pair *p, const char *dir, const char *name, FILE *manifest, pt_buf *b)
{
    char file[64];
    for (int who = 0; who < 2; who++) {
        const sheet *s = &p->sheets[who];
        if (!render_sheet(s, b)) {
            fprintf(stderr, "sheet-pairs: out of memory\n");
            return false;
        }
        if (!reads_back(p, s, b)) {
            fprintf(stderr, "sheet-pairs: %s-%s does not read back as it was meant (a bug)\n", name, owner_names[who]);
            return false;
        }
        snprintf(file, sizeof file, "%s-%s.pgn", name, owner_names[who]);
        if (!write_file(dir, file, b->data, b->len))
            return false;
    }

    b->len = 0;
    for (int i = 0; i < p->plies; i++) {
        char uci[6];
        pt_buf_printf(b, "%s%s", i ? " " : "", pt_move_to_uci(&p->pos[i], p->g->moves[i], uci));
    }
    pt_buf_puts(b, "\n");
    snprintf(file, sizeof file, "%s.truth", name);
    if (!write_file(dir, file, b->data, b->len))
        return false;

    qsort(p->slips, (size_t)p->nslips, sizeof p->slips[0], slip_order);
    b->len = 0;
    if (b->data)
        b->data[0] = '\0';
    for (int i = 0; i < p->nslips; i++) {
        const slip *sl = &p->slips[i];
        pt_buf_printf(b, "%s %d %s %s\n", owner_names[sl->owner], sl->ply, kind_names[sl->k], sl->detail);
    }
    snprintf(file, sizeof file, "%s.slips", name);
    if (!write_file(dir, file, b->data ? b->data : "", b->len))
        return false;

    char kinds[512];
    kinds_of(p, kinds, sizeof kinds);
    return fprintf(manifest, "%s\t%d\t%d\t%s\n", name, p->plies, recoverable(p) ? 1 : 0, kinds) > 0;
}

/* ----------------------------------------------------------------- main */

static int usage(void)
{
    fprintf(stderr, "usage: sheet-pairs [-s SEED] [-n COUNT] [--clean] GAMES.pgn OUTDIR\n");
    return 2;
}

/* Reads a whole decimal number; false when arg is not one. */
static bool number_arg(const char *arg, unsigned long long *out)
{
    char *end;
    errno = 0;
    *out = strtoull(arg, &end, 10);
    return errno == 0 && end != arg && *end == '\0' && arg[0] != '-';
}

int main(int argc, char **argv)
{
    unsigned long long seed = 1, count = 1000;
    bool clean = false;
    const char *paths[2];
    int npaths = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "-s") == 0 && i + 1 < argc) {
            if (!number_arg(argv[++i], &seed))
                return usage();
        } else if (strcmp(argv[i], "-n") == 0 && i + 1 < argc) {
            if (!number_arg(argv[++i], &count) || count == 0 || count > 999999)
                return usage();
        } else if (strcmp(argv[i], "--clean") == 0) {
            clean = true;
        } else if (argv[i][0] == '-' && argv[i][1] != '\0') {
            return usage();
        } else if (npaths < 2) {
            paths[npaths++] = argv[i];
        } else {
            return usage();
        }
    }
    if (npaths != 2)
        return usage();

    game_list games = {0};
    if (!tool_read_games("sheet-pairs", paths[0], keep_game, &games)) {
        games_free(&games);
        return 1;
    }
    if (games.count == 0) {
        fprintf(stderr, "sheet-pairs: %s: no game of %d to %d moves from the standard start\n", paths[0],
                MIN_FULL_MOVES, MAX_FULL_MOVES);
        games_free(&games);
        return 1;
    }
    if (mkdir(paths[1], 0777) != 0 && errno != EEXIST) {
        fprintf(stderr, "sheet-pairs: %s: %s\n", paths[1], strerror(errno));
        games_free(&games);
        return 1;
    }

    char manifest_path[4096];
    snprintf(manifest_path, sizeof manifest_path, "%s/manifest.tsv", paths[1]);
    FILE *manifest = fopen(manifest_path, "w");
    pair *p = calloc(1, sizeof *p);
    pt_buf b = {0};
    bool ok = manifest && p && pt_record_new(&p->scratch) == PT_OK;
    if (!manifest)
        fprintf(stderr, "sheet-pairs: %s: %s\n", manifest_path, strerror(errno));
    for (unsigned long long k = 1; ok && k <= count; k++) {
        char name[32];
        snprintf(name, sizeof name, "g%04llu", k);
        make_pair(p, &games.items[(k - 1) % games.count], seed, (long)k, clean);
        ok = write_pair(p, paths[1], name, manifest, &b);
    }
    if (manifest && fclose(manifest) != 0 && ok) {
        fprintf(stderr, "sheet-pairs: %s: %s\n", manifest_path, strerror(errno));
        ok = false;
    }
    if (ok)
        fprintf(stderr, "sheet-pairs: %llu pairs from %zu games in %s\n", count, games.count, paths[1]);
    if (p)
        pt_record_free(&p->scratch);
    free(p);
    pt_buf_free(&b);
    games_free(&games);
    return ok ? 0 : 1;
}
