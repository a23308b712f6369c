/*
 * decode.c - the legal game that best explains the records of it.
 *
 * A beam search over legal plies. A partial game is a position, how far
 * into each record it has come and what it cost; each legal move extends
 * it, and each record accounts for that ply the cheapest way it can (its
 * next entry spells the move, with or without slips; that entry is left
 * over and the one after spells it; the record has no entry for the ply).
 * At each ply the `beam` cheapest partial games are kept, one per position
 * and place in the records, and where a record was read off an image, a
 * few more at each place the beam holds few of (keep_lanes). A game is
 * finished when every record has been read to its end; what is left of a
 * record when the game can go no further is left over.
 *
 * The costs are a table (pt_decode_costs, models/decode-costs.txt): each
 * is about -ln of how often that slip is made, so that a difference of
 * costs is a likelihood ratio. That is what makes the margin between the
 * best game and the next one a confidence.
 *
 * Two games that reach the same position at the same place in the records
 * are merged, the cheaper kept (of two as costly, the likelier, below);
 * the other is remembered as its rival, so that two ways of reading a
 * stretch that cost nearly the same are reported as such, not decided in
 * silence.
 *
 * When the writing leaves several games equally costly, the one real
 * games make likelier is taken (prior.c): each partial game carries the
 * sum of its moves' prior penalties beside its cost, and that sum orders
 * only games whose costs are equal. For written records it is never added
 * to the cost, so the margin, the confidence and what is reported as
 * ambiguous are the writing's alone: a tie broken by the prior is still
 * reported as a tie. A record read off an image is another matter: its
 * recogniser often reads a cell as two or three legal moves nearly alike,
 * and how likely each move is then counts. There each ply's cost has the
 * prior's penalty added, weighted by prior_scanned (on the OCR bench's
 * tuning fonts, 0.1 to 0.25 read the most moves from one sheet; at 1.0
 * the prior outweighed the readings and half the moves went wrong). The
 * margin is still the writing's (conclude).
 *
 * A recogniser misreads a hand it was not trained on the same way again
 * and again (one hand's 'h' read as 'f' in every cell). A record read off
 * an image is therefore read twice: the game found first says which
 * letters the recogniser read in place of others (learn), and those cost
 * `learnt` instead of a letter's edit in the second reading, whose game
 * is the one reported.
 */
#include "chess/ending.h"
#include "notation/san.h"
#include "record/aim.h"
#include "record/decode.h"
#include "record/prior.h"
#include "record/rank.h"
#include "record/steps.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define NO_WAY 1e9f
#define SAME   1e-4f /* costs closer than this are a tie the prior breaks */
#define BEHIND 10.0f /* another notation this far behind at a depth is given up */
/* Finished games kept besides the best, for their margins: the four
 * cheapest however far behind, the others only where they leave a ply
 * uncertain (conclude). Four alone were often all other readings of the
 * last plies, which end a game in many ways, and a misreading 50 plies
 * back whose game the beam held to the end was reported sure. */
#define RUNNERS 256
#define NOTED   4

static const pt_decode_costs default_costs = {
    .gap = 0.5f,
    .skipped = 0.5f,
    .missing = 3.0f,
    .extra = 3.0f,
    .missing_scanned = 8.0f,
    .extra_scanned = 8.0f,
    .prior_scanned = 0.15f,
    .left_over = 5.0f,
    .after_game_end = 3.0f,
    .after_end = 0.5f,
    .misread = 1.0f,
    .edit = 1.5f,
    .confusable = 0.75f,
    .learnt = 0.25f,
    .max_edits = 2.0f,
    .wrong = 5.0f,
    .other_choice = 0.25f,
    .choice_weight = 0.25f,
    .steps = 4.0f,
    .rank_left = 2.0f,
    .branch = 8.0f,
    .window = 12.0f,
    .ambiguous = 2.0f,
    .widen = 0.25f,
    .verify = 1.0f,
    .aim = 0.1f,
    .suspect = 1.5f,
    .poor_reading = 0.9f,
};

void pt_decode_costs_default(pt_decode_costs *c)
{
    *c = default_costs;
}

/* One candidate text of an entry, read once for the whole search. */
typedef struct reading {
    char bare[PT_SAN_MAX + 1]; /* without the marks that say nothing of the move */
    size_t nbare;
    bool parsed; /* mt holds its syntax (in the record's letters or English) */
    pt_move_text mt;
    int mover, taken; /* "BxN": the mover and what it takes; -1 otherwise */
    float penalty;    /* for not being the entry's first candidate */
} reading;

typedef struct node {
    pt_pos pos;
    int32_t parent;
    int32_t at[PT_DECODE_RECORDS]; /* the next entry of each record */
    int32_t depth;
    float cost;
    float prior;          /* the moves' prior penalties: breaks ties of cost,
                             and is in it, weighted, with a scanned record */
    float rival;          /* the cost of the best other way here, NO_WAY */
    float rival_prior;    /* its prior */
    int32_t rival_parent; /* and where it came from, with which move */
    pt_move rival_move;
    pt_decode_ply ply; /* the ply that led here */
    float aim;         /* what its moves in gaps did for the moves after (aim.h) */
    float credit;      /* what its suspected plies left out cost beyond their rank */
} node;

typedef struct candidate {
    int32_t parent;
    float cost;
    float rank;   /* cost, and what reading the entries left will cost */
    float prior;  /* its game's prior, reckoned only for a lane's ties: NAN */
    float aim;    /* its node's aim */
    float credit; /* its node's credit */
    pt_decode_ply ply;
    int32_t at[PT_DECODE_RECORDS];
} candidate;

/* A place in the records (how far into each the game has read) and the
 * candidates of a ply that reach it, kept beside the beam (keep_lanes). */
#define LANE 2 /* nodes a place is kept; 1 lost the game of a tuning sheet */
typedef struct lane {
    int32_t at[PT_DECODE_RECORDS];
    uint32_t nodes; /* the beam's nodes here */
    uint32_t n;     /* candidates kept, the best first */
    uint32_t cand[LANE];
} lane;

#define STEP_MEMO_SIZE 65536
#define READ_MEMO_SIZE 65536

/* A remembered cost of a move against an entry's texts (readings_cost):
 * of entry key - 1 (0 is an empty slot), and what the cost depends on:
 * the move's squares, the pieces that move and are taken, and its
 * spelling. A wider beam asks for the same ones from many partial games;
 * weighing all an entry's texts each time took half of a hard sheet's
 * decoding. */
typedef struct read_memo {
    uint32_t key;
    pt_move move;
    int8_t mover, taken;
    char want[12];
    float cost;
} read_memo;

/* A remembered cost of a spelling against an entry's time steps
 * (steps_cost): of entry key - 1 (0 is an empty slot). They hold for a
 * whole pt_decode_run, whose wider searches and other letters ask for
 * the same costs again (the letters are in the SAN); on a hard sheet a
 * table of 65536 saved a tenth of the decoding, of 8192 nothing. */
typedef struct step_memo {
    uint32_t key;
    pt_move move; /* the move, and its SAN (its long forms follow from it) */
    char san[16];
    float cost;
} step_memo;

struct pt_decode {
    node *nodes;
    size_t nnodes, cap;
    candidate *cands;
    size_t cands_cap;
    order *ranked;
    size_t ranked_cap;
    step_memo *step_memo; /* STEP_MEMO_SIZE remembered costs against time steps */
    read_memo *read_memo; /* READ_MEMO_SIZE remembered costs against texts */
    int32_t *slots;       /* this ply's nodes by position and place: -1 empty */
    size_t nslots;
    lane *lanes;         /* this ply's places in the records (keep_lanes) */
    int32_t *lane_slots; /* the lanes by place: -1 empty */
    size_t lanes_cap, nlane_slots;
    order *extra; /* the candidates the lanes keep, by rank */
    size_t extra_cap;
    reading *readings;
    size_t readings_cap;
    pt_decode_ply *plies;
    size_t nplies, plies_cap;
    pt_decode_alt alts[16]; /* the closest other readings */
    size_t nalts;
    float cost, prior, margin;
    float record_cost[PT_DECODE_RECORDS]; /* pt_decode_record_cost */
    bool timed_out;
    int beam; /* the beam that found the game */
    int left[PT_DECODE_RECORDS];
    const pt_lang *lang[PT_DECODE_RECORDS];
    const pt_lang *force[PT_DECODE_RECORDS]; /* the letters to read each record in */
    /* By record, the letters its reader took for others in the game found
     * first (learn): learnt[r][read][meant]; used while `adapted`. */
    uint8_t (*learnt)[128][128];
    bool adapted;
    /* By record, entries near which the game found first left one over,
     * for the search that looks there for a ply left out (mark_suspects):
     * suspect[r][entry], in suspects; NULL outside that search. */
    uint8_t *suspects;
    size_t suspects_cap;
    const uint8_t *suspect[PT_DECODE_RECORDS];
    /* The moves of a stretch no record writes, from ply fill_from, for the
     * search that takes them there (mark_filling): fill_len 0 outside it. */
    pt_move fill[PT_GAP_MAX_PLIES];
    size_t fill_from, fill_len;
    /* The cheapest partial game at each depth of the last search, and
     * while another notation is tried, those of the one it must beat
     * (bound, nbound of them: none when 0). */
    float *least, *bound;
    size_t least_cap, bound_cap, nbound;
};

pt_err pt_decode_new(pt_decode **pd)
{
    *pd = calloc(1, sizeof **pd);
    return *pd ? PT_OK : PT_ERR_NOMEM;
}

void pt_decode_free(pt_decode **pd)
{
    if (*pd) {
        free((*pd)->nodes);
        free((*pd)->cands);
        free((*pd)->ranked);
        free((*pd)->slots);
        free((*pd)->lanes);
        free((*pd)->lane_slots);
        free((*pd)->extra);
        free((*pd)->step_memo);
        free((*pd)->read_memo);
        free((*pd)->readings);
        free((*pd)->plies);
        free((*pd)->learnt);
        free((*pd)->suspects);
        free((*pd)->least);
        free((*pd)->bound);
        free(*pd);
    }
    *pd = NULL;
}

static bool room(void **items, size_t *cap, size_t want, size_t size, size_t least)
{
    if (want <= *cap)
        return true;
    size_t more = *cap ? *cap : least;
    while (more < want)
        more *= 2;
    void *bigger = realloc(*items, more * size);
    if (!bigger)
        return false;
    *items = bigger;
    *cap = more;
    return true;
}

/* Sizes a table of open addressing (*n entries) to the least power of two
 * of at least `least` entries; the caller empties it. */
static bool size_table(int32_t **table, size_t *n, size_t least)
{
    size_t size = 16;
    while (size < least)
        size *= 2;
    if (size > *n) {
        int32_t *more = realloc(*table, size * sizeof *more);
        if (!more)
            return false;
        *table = more;
    }
    *n = size;
    return true;
}

/* Letters a hand or a reader confuses (Latin, digits): a slip between
 * them costs less than between others. */
static const bool confused[128][128] = {
    ['S']['5'] = true, ['5']['S'] = true, ['s']['5'] = true, ['5']['s'] = true, ['b']['6'] = true, ['6']['b'] = true,
    ['c']['6'] = true, ['6']['c'] = true, ['e']['6'] = true, ['6']['e'] = true, ['G']['6'] = true, ['6']['G'] = true,
    ['l']['1'] = true, ['1']['l'] = true, ['I']['1'] = true, ['1']['I'] = true, ['O']['0'] = true, ['0']['O'] = true,
    ['o']['0'] = true, ['0']['o'] = true, ['D']['0'] = true, ['0']['D'] = true, ['g']['9'] = true, ['9']['g'] = true,
    ['a']['9'] = true, ['9']['a'] = true, ['B']['8'] = true, ['8']['B'] = true, ['Z']['2'] = true, ['2']['Z'] = true,
    ['z']['2'] = true, ['2']['z'] = true, ['h']['4'] = true, ['4']['h'] = true, ['T']['7'] = true, ['7']['T'] = true,
    ['f']['7'] = true, ['7']['f'] = true,
};

static bool confusable(char a, char b)
{
    return (unsigned char)a < 128 && (unsigned char)b < 128 && confused[(unsigned char)a][(unsigned char)b];
}

/* A move's text without the marks that carry no information about which
 * move it is (capture, check, promotion sign, dashes, glyphs). */
static size_t bare(const char *s, char *out, size_t size)
{
    size_t n = 0;
    for (; *s && n + 1 < size; s++)
        switch (*s) {
        case 'x':
        case ':':
        case '+':
        case '#':
        case '=':
        case '-':
        case '!':
        case '?':
        case '(':
        case ')':
        case '/':
        case ' ':
        case '.': break;
        case '0': out[n++] = 'O'; break; /* castling with zeros */
        default: out[n++] = *s;
        }
    out[n] = '\0';
    return n;
}

/* Edits from a to b, a confusable letter for another counting
 * c->confusable, and one the reader is known to take for it (learnt, when
 * not NULL: learnt[read][meant]) c->learnt. */
static float edits(const pt_decode_costs *c, const uint8_t (*learnt)[128], const char *a, size_t na, const char *b,
                   size_t nb)
{
    float row[PT_SAN_MAX + 1], prev[PT_SAN_MAX + 1];
    if ((float)(na > nb ? na - nb : nb - na) > c->max_edits)
        return NO_WAY; /* too far, whatever the letters */
    for (size_t j = 0; j <= nb; j++)
        prev[j] = (float)j;
    for (size_t i = 1; i <= na; i++) {
        row[0] = (float)i;
        float least = row[0];
        for (size_t j = 1; j <= nb; j++) {
            unsigned char x = (unsigned char)a[i - 1], y = (unsigned char)b[j - 1];
            float sub = x == y                                         ? 0.0f
                        : learnt && x < 128 && y < 128 && learnt[x][y] ? c->learnt
                        : confusable(a[i - 1], b[j - 1])               ? c->confusable
                                                                       : 1.0f;
            float best = prev[j - 1] + sub;
            if (prev[j] + 1 < best)
                best = prev[j] + 1;
            if (row[j - 1] + 1 < best)
                best = row[j - 1] + 1;
            row[j] = best;
            if (best < least)
                least = best;
        }
        if (least > c->max_edits)
            return NO_WAY; /* no way back under the limit */
        memcpy(prev, row, (nb + 1) * sizeof *row);
    }
    return prev[nb];
}

/* Counts into seen[read][meant] the letters `read` has in place of
 * `want`'s, where the two are as long and differ in one or two letters:
 * a misreading, not a move written otherwise. */
static void count_swaps(const char *read, size_t nread, const char *want, size_t nwant, uint8_t (*seen)[128])
{
    size_t differ = 0;
    if (nread != nwant || nread == 0)
        return;
    for (size_t i = 0; i < nread; i++)
        differ += read[i] != want[i];
    if (differ == 0 || differ > 2)
        return;
    for (size_t i = 0; i < nread; i++) {
        unsigned char a = (unsigned char)read[i], b = (unsigned char)want[i];
        if (a != b && a < 128 && b < 128 && seen[a][b] < 255)
            seen[a][b]++;
    }
}

/* The piece type a text starts with in lang (English as well), or -1. */
static int piece_at(const pt_lang *lang, const char *t, size_t n, size_t *used)
{
    int type;
    if ((*used = pt_lang_match_piece(lang, t, n, &type)) > 0)
        return type;
    if ((*used = pt_lang_match_piece(pt_lang_at(0), t, n, &type)) > 0)
        return type;
    return -1;
}

static void read_text(reading *rd, const pt_lang *lang, const char *t, float penalty)
{
    size_t n = strlen(t), used, more;
    rd->nbare = bare(t, rd->bare, sizeof rd->bare);
    rd->penalty = penalty;
    rd->mover = rd->taken = -1;
    /* "BxN", "NxP", "KxQ": the mover and what it takes. */
    int a = piece_at(lang, t, n, &used);
    if (a >= 0 && used < n && (t[used] == 'x' || t[used] == ':')) {
        int b = piece_at(lang, t + used + 1, n - used - 1, &more);
        if (b >= 0 && used + 1 + more == n)
            rd->mover = a, rd->taken = b;
    }
    rd->parsed = pt_decode_parse(lang, t, n, &rd->mt);
}

/* How far a reading is from move m by what it says rather than how it is
 * spelt: the piece, the destination a square off, a wrong from-square,
 * and the descriptive "BxN" (a bishop takes a knight). mover and taken:
 * the types of the piece m moves and of the one it takes (-1: none). */
static float meaning_cost(const pt_decode_costs *c, const reading *rd, pt_move m, int mover, int taken)
{
    int from = pt_move_from(m), to = pt_move_to(m);
    bool castle = pt_move_kind(m) == PT_MOVE_CASTLING;
    if (rd->mover >= 0)
        return rd->mover == mover && rd->taken == taken ? c->misread : NO_WAY;
    if (!rd->parsed)
        return NO_WAY;
    const pt_move_text *mt = &rd->mt;
    if (mt->castle)
        return castle && (mt->castle == 1) == (to % 8 > from % 8) ? c->misread : NO_WAY;
    if (castle || mt->to == PT_NO_SQ)
        return NO_WAY;
    float cost = c->misread;
    int written = mt->piece == PT_NO_TYPE ? PT_PAWN : mt->piece;
    cost += written == mover ? 0.0f : c->edit;
    int df = abs(mt->to % 8 - to % 8), dr = abs(mt->to / 8 - to / 8);
    cost += df + dr == 0 ? 0.0f : df + dr == 1 ? c->edit : NO_WAY;
    if (mt->from_file >= 0 && mt->from_file != from % 8)
        cost += c->edit;
    if (mt->from_rank >= 0 && mt->from_rank != from / 8)
        cost += c->edit;
    return cost;
}

typedef struct search {
    step_memo *step_memo;
    read_memo *read_memo;
    const pt_record *const *records;
    size_t n;
    const pt_decode_costs *c;
    const pt_entry *entries[PT_DECODE_RECORDS];
    size_t len[PT_DECODE_RECORDS];
    const reading *readings[PT_DECODE_RECORDS]; /* by candidate index */
    const pt_lang *lang[PT_DECODE_RECORDS];
    const uint8_t (*learnt)[128][128]; /* the letters each record's reader confuses, or NULL */
    /* What a ply left out and an entry that is no ply cost in each
     * record: a scanned record's costs or a written one's (prepare). */
    float missing[PT_DECODE_RECORDS], extra[PT_DECODE_RECORDS];
    float prior_weight; /* c->prior_scanned when some record was read off an image, else 0 */
    uint64_t final_key; /* a finished game must end here, when set */
    bool final;
    bool scanned;                              /* some record was read off an image */
    int moves;                                 /* the move number a finished game ends on; -1 any */
    int number0, side0;                        /* the start's move number and side to move */
    int32_t begin[PT_DECODE_RECORDS];          /* the ply each record's first entry is at */
    const uint8_t *suspect[PT_DECODE_RECORDS]; /* entries near a ply left out, or NULL */
    const pt_move *fill;                       /* the moves plies fill_from.. must be, */
    size_t fill_from, fill_len;                /*   fill_len of them (0: none) */
} search;

/* Copies src into dst without the characters of `drop`; its length. */
static size_t without(char *dst, const char *src, const char *drop)
{
    size_t n = 0;
    for (; *src; src++)
        if (!strchr(drop, *src))
            dst[n++] = *src;
    dst[n] = '\0';
    return n;
}

/* How far below the entry's likeliest text the steps put move m of pos
 * (san: its SAN in the record's letters), in ln probability: its likeliest
 * spelling of those writers use, short (with or without the check, mate
 * and capture marks, castling with noughts, a promotion without '=') or
 * long (Ng1-f3, Ng1f3, g1f3). */
static float steps_fall(const search *s, size_t r, const pt_entry *e, const pt_pos *pos, pt_move m, const char *san)
{
    const pt_step *steps;
    size_t n = pt_record_steps(s->records[r], e, &steps);
    float top = e->steps_top;
    char v[9][PT_SAN_MAX + 1], lan[PT_SAN_MAX];
    size_t nv = 0;
    snprintf(v[nv++], sizeof v[0], "%s", san);
    without(v[nv++], san, "+#");
    without(v[nv++], san, "+#x:");
    if (san[0] == 'O') {
        for (size_t k = 0; k < 2; k++)
            for (char *c = v[k]; *c; c++)
                if (*c == 'O')
                    *c = '0';
    } else {
        pt_san_write(pos, m, s->lang[r], PT_NOTATION_LAN, lan);
        without(v[nv++], lan, "+#");
        without(v[nv++], lan, "+#-");
        pt_san_write(pos, m, NULL, PT_NOTATION_UCI, v[nv++]);
    }
    if (strchr(san, '='))
        without(v[nv++], v[1], "=");
    /* What else the cell may hold around the move: its number before it
     * (printed or written), a draw offer and a clock time after it. */
    char before[16] = "", after[24] = "";
    snprintf(before, sizeof before, "%d.", e->number);
    snprintf(after, sizeof after, "%s", e->marks & PT_ENTRY_DRAW_OFFER ? "(=)" : "");
    if (e->clock >= 0)
        snprintf(after + strlen(after), sizeof after - strlen(after), "%d:%02d", e->clock / 3600, e->clock / 60 % 60);
    float best = -INFINITY;
    for (size_t k = 0; k < nv; k++) {
        /* A spelling the marks left out of did not change (most moves
         * give no check and take nothing) is scored once. */
        size_t same = 0;
        while (same < k && strcmp(v[same], v[k]) != 0)
            same++;
        if (same < k)
            continue;
        for (int with = 0; with < 2; with++) {
            char t[sizeof v + sizeof before + sizeof after];
            snprintf(t, sizeof t, "%s%s%s", with ? before : "", v[k], after);
            float got = steps_score(steps, n, t);
            if (got > best)
                best = got;
        }
    }
    float fall = top - best;
    return fall > 0 ? fall : 0;
}

/* What entry e of record r costs as move m of pos (san: its SAN) by its
 * time steps: nothing for its likeliest reading, else other_choice and
 * `steps` times how much less likely the steps make it (the model's
 * probabilities are sharper than its errors: 4 times, on the tuning fonts,
 * read 75.5% of moves from both sheets where 1 times read 61.5% and the
 * strings alone 74.4%); remembered, as many partial games ask. */
static float steps_cost(const search *s, size_t r, const pt_entry *e, const pt_pos *pos, pt_move m, const char *san)
{
    size_t len = strlen(san);
    uint32_t id = (uint32_t)(r << 24 | (size_t)(e - s->entries[r])) + 1;
    float fall;
    if (len >= sizeof s->step_memo->san) {
        fall = steps_fall(s, r, e, pos, m, san);
    } else {
        uint64_t h = (id * 0x9E3779B97F4A7C15ull) ^ m;
        for (size_t i = 0; i < len; i++)
            h = (h ^ (unsigned char)san[i]) * 0x100000001B3ull;
        step_memo *sm = &s->step_memo[(h >> 40) & (STEP_MEMO_SIZE - 1)];
        if (sm->key != id || sm->move != m || strcmp(sm->san, san) != 0) {
            sm->key = id;
            sm->move = m;
            memcpy(sm->san, san, len + 1);
            sm->cost = steps_fall(s, r, e, pos, m, san);
        }
        fall = sm->cost;
    }
    return fall < 0.05f ? 0.0f : s->c->other_choice + s->c->steps * fall;
}

/* The cheapest way entry e of record r's texts stand for move m of pos
 * (want: its spelling): one read as it, one a few edits from it, or one
 * that means it; remembered (read_memo). */
static float readings_cost(const search *s, size_t r, const pt_entry *e, const pt_pos *pos, pt_move m, const char *want,
                           size_t nwant)
{
    int from = pt_move_from(m), to = pt_move_to(m);
    int mover = PT_TYPE_OF(pos->board[from]);
    int taken = pt_move_kind(m) == PT_MOVE_CASTLING || pos->board[to] == PT_NO_PIECE ? -1 : PT_TYPE_OF(pos->board[to]);
    uint32_t key = (uint32_t)(r << 24 | (size_t)(e - s->entries[r])) + 1;
    read_memo *rm = NULL;
    if (nwant < sizeof s->read_memo->want) {
        uint64_t h = ((key * 0x9E3779B97F4A7C15ull) ^ m ^ (uint64_t)(mover + 1) << 16 ^ (uint64_t)(taken + 1) << 20);
        for (size_t i = 0; i < nwant; i++)
            h = (h ^ (unsigned char)want[i]) * 0x100000001B3ull;
        rm = &s->read_memo[(h >> 40) & (READ_MEMO_SIZE - 1)];
        if (rm->key == key && rm->move == m && rm->mover == mover && rm->taken == taken && strcmp(rm->want, want) == 0)
            return rm->cost;
    }
    const pt_decode_costs *c = s->c;
    float best = NO_WAY;
    const reading *rd = s->readings[r] + e->first;
    for (size_t k = 0; k < e->ntexts; k++, rd++) {
        float d = edits(c, s->learnt ? s->learnt[r] : NULL, rd->bare, rd->nbare, want, nwant);
        float cost = d == 0.0f ? rd->penalty : d <= c->max_edits ? c->misread + c->edit * d + rd->penalty : NO_WAY;
        float meant = meaning_cost(c, rd, m, mover, taken) + rd->penalty;
        if (meant < cost)
            cost = meant;
        if (cost < best)
            best = cost;
    }
    if (rm) {
        *rm = (read_memo){.key = key, .move = m, .mover = (int8_t)mover, .taken = (int8_t)taken, .cost = best};
        memcpy(rm->want, want, nwant + 1);
    }
    return best;
}

/* What entry e of record r costs as move m (san: its SAN; bare: its
 * spelling): *op says how it stands for it. read: the move the entry's
 * first text spells. */
static float entry_cost(const search *s, size_t r, const pt_entry *e, const pt_pos *pos, pt_move read, pt_move m,
                        const char *san, const char *want, size_t nwant, pt_op *op)
{
    const pt_decode_costs *c = s->c;
    if (e->marks & (PT_ENTRY_GAP | PT_ENTRY_ILLEGIBLE)) {
        *op = PT_OP_GAP;
        return c->gap;
    }
    if (read == m) {
        *op = PT_OP_MATCH;
        return 0.0f;
    }
    float best = e->nsteps ? steps_cost(s, r, e, pos, m, san) : NO_WAY;
    float texts = readings_cost(s, r, e, pos, m, want, nwant);
    if (texts < best)
        best = texts;
    *op = best == 0.0f ? PT_OP_MATCH : PT_OP_MISREAD;
    return best < c->wrong ? best : c->wrong;
}

bool pt_decode_parse(const pt_lang *lang, const char *text, size_t len, pt_move_text *mt)
{
    size_t bad;
    return pt_move_text_parse(lang, text, len, mt, &bad) == PT_OK ||
           pt_move_text_parse(pt_lang_at(0), text, len, mt, &bad) == PT_OK;
}

pt_err pt_decode_read(const pt_pos *pos, const pt_lang *lang, const char *text, pt_move *m)
{
    pt_move_text mt;
    size_t n = strlen(text);
    pt_err err = pt_san_read(pos, lang, text, n, m, &mt);
    if (err == PT_OK || lang == pt_lang_at(0))
        return err;
    pt_err english = pt_san_read(pos, pt_lang_at(0), text, n, m, &mt);
    return english == PT_OK || err != PT_ERR_AMBIGUOUS ? english : err;
}

/* The move entry e's first text spells in pos, or PT_MOVE_NONE. */
static pt_move read_entry(const search *s, size_t r, const pt_entry *e, const pt_pos *pos)
{
    pt_move m;
    if (e->ntexts == 0 || pt_decode_read(pos, s->lang[r], pt_record_text(s->records[r], e, 0, NULL), &m) != PT_OK)
        return PT_MOVE_NONE;
    return m;
}

/* Whether game a, cost ca and prior pa, is to be taken before game b:
 * cheaper, or as costly and likelier in real games. */
static bool better(float ca, float pa, float cb, float pb)
{
    if (fabsf(ca - cb) >= SAME)
        return ca < cb;
    return pa < pb;
}

/* The prior of node p's game and move m after it (check: whether m
 * gives check). Reckoned for the nodes made, not for every candidate. */
static float prior_after(const pt_decode *d, const node *p, pt_move m, bool check)
{
    pt_move own = p->parent >= 0 ? d->nodes[p->parent].ply.move : PT_MOVE_NONE;
    size_t book = pt_prior_book_at(&p->pos, p->depth);
    return p->prior + pt_prior_move(&p->pos, book, m, p->ply.move, own, check);
}

/* What the entries of the records after node n cost, left over. After a
 * checkmate, a stalemate or a dead position they are moves written after
 * the game ended (Laws 5.1.1, 5.2.1, 5.2.2): as dear as an extra entry
 * each, cheaper than one after an unfinished game, but never so cheap
 * that a mate found early in a noisy sheet leaves the rest unread. */
static float leftover_cost(const search *s, const node *n)
{
    size_t left = 0;
    for (size_t r = 0; r < s->n; r++)
        left += s->len[r] - (size_t)n->at[r];
    if (left == 0)
        return 0;
    float each = pt_ending_at(&n->pos) == PT_STATUS_ONGOING ? s->c->left_over : s->c->after_game_end;
    return each * (float)left;
}

static bool read_through(const search *s, const node *n)
{
    for (size_t r = 0; r < s->n; r++)
        if ((size_t)n->at[r] < s->len[r])
            return false;
    return true;
}

/* The move number of the last ply before node n. */
static int last_number(const search *s, const node *n)
{
    return s->number0 + (n->depth - 1 + s->side0) / 2;
}

/* Whether the game may end at node n: the position and length asked for. */
static bool may_end(const search *s, const node *n)
{
    return (!s->final || n->pos.key == s->final_key) &&
           (s->moves < 0 || (n->depth > 0 && last_number(s, n) == s->moves));
}

/* Where the run of blank boxes at entry `at` of record r ends, when it is
 * whole rows of a form between rows written (a row the writer passed
 * over); else 0. A blank box among struck ones, or a single one, is more
 * often part of a gap (Law 8.4) or writing too faint to see. */
static size_t skipped_rows(const search *s, size_t r, size_t at)
{
    const pt_entry *e = s->entries[r];
    if (!(e[at].marks & PT_ENTRY_BLANK))
        return 0; /* nearly always: the search asks at every entry */
    size_t past = at;
    while (past < s->len[r] && e[past].marks & PT_ENTRY_BLANK)
        past++;
    bool rows = e[at].column == PT_COLUMN_WHITE && e[past - 1].column == PT_COLUMN_BLACK;
    bool written_around = at > 0 && past < s->len[r] && !(e[at - 1].marks & (PT_ENTRY_GAP | PT_ENTRY_ILLEGIBLE)) &&
                          !(e[past].marks & (PT_ENTRY_GAP | PT_ENTRY_ILLEGIBLE));
    return rows && written_around ? past : 0;
}

/* One way a record can account for a ply. */
typedef struct way {
    uint8_t op;
    int32_t entry, extra, next;
    float cost, rank;
} way;

/* The ways record r can account for move m after node n, the likeliest
 * first, those ranked far below it left out: into w, how many. Its next
 * entry spells the move (with or without slips), the record skipped the
 * ply, or the next entry is left over and the one after spells it. */
static size_t ways(const search *s, size_t r, const node *n, const pt_move read[2], pt_move m, const char *san,
                   const char *want, size_t nwant, way w[3])
{
    const pt_decode_costs *c = s->c;
    size_t at = (size_t)n->at[r];
    if (n->depth < s->begin[r]) {
        w[0] = (way){PT_OP_BEFORE, -1, -1, (int32_t)at, 0.0f, 0.0f};
        return 1;
    }
    if (at >= s->len[r]) {
        w[0] = (way){PT_OP_AFTER_END, -1, -1, (int32_t)at, c->after_end, c->after_end};
        return 1;
    }
    /* Ranked as the search ranks them: an entry read is one the game need
     * not leave over. Else a ply written nowhere would always be cheaper
     * than a slip, and the record never read. */
    pt_op op;
    float cost = entry_cost(s, r, &s->entries[r][at], &n->pos, read[0], m, san, want, nwant, &op);
    size_t k = 0;
    w[k++] = (way){(uint8_t)op, (int32_t)at, -1, (int32_t)at + 1, cost, cost - c->rank_left};
    if (cost > 0) { /* an entry that spells the move is taken as written */
        float rank = s->suspect[r] && s->suspect[r][at] ? c->suspect : s->missing[r];
        w[k++] = (way){PT_OP_MISSING, -1, -1, (int32_t)at, s->missing[r], rank};
        /* The entry left over, or a form's rows left blank before the
         * move: rows the writer passed over, at `skipped` a box instead of
         * plies left unrecorded, whose moves would have to be made up. */
        size_t rows_end = skipped_rows(s, r, at), past = rows_end ? rows_end : at + 1;
        float over = rows_end ? c->skipped * (float)(past - at) : s->extra[r];
        if (past < s->len[r]) {
            const pt_entry *e = &s->entries[r][past];
            pt_move spelt = past == at + 1 ? read[1] : read_entry(s, r, e, &n->pos);
            cost = over + entry_cost(s, r, e, &n->pos, spelt, m, san, want, nwant, &op);
            float ranked = cost - (float)(past - at + 1) * c->rank_left; /* past - at + 1 entries read */
            w[k++] = (way){(uint8_t)op, (int32_t)past, (int32_t)at, (int32_t)past + 1, cost, ranked};
        }
    }
    /* The likeliest first; the others only within c->branch of it. */
    for (size_t i = 1; i < k; i++)
        for (size_t j = i; j > 0 && w[j].rank < w[j - 1].rank; j--) {
            way t = w[j];
            w[j] = w[j - 1];
            w[j - 1] = t;
        }
    size_t kept = 1;
    while (kept < k && w[kept].rank <= w[0].rank + c->branch)
        kept++;
    return kept;
}

/* What the moves written after node n ask of its next move, into w, when
 * no record writes that ply (a gap on each, or its end): how many; 0
 * when some record writes it. Up to AIM_PLIES entries of each record. */
#define AIM_PLIES 6
static size_t gap_wants(const search *s, const node *n, aim_want w[AIM_WANTS])
{
    size_t nw = 0;
    for (size_t r = 0; r < s->n; r++)
        if (n->depth >= s->begin[r] && (size_t)n->at[r] < s->len[r] && s->entries[r][n->at[r]].ntexts > 0)
            return 0;
    for (size_t r = 0; r < s->n; r++) {
        size_t at = (size_t)n->at[r], read = 0;
        for (; at < s->len[r] && read < AIM_PLIES && nw < AIM_WANTS; at++) {
            const pt_entry *e = &s->entries[r][at];
            if (e->ntexts == 0)
                continue;
            read++;
            const reading *rd = &s->readings[r][e->first];
            if (rd->parsed)
                nw += aim_want_of(&rd->mt, e->column, &w[nw]);
        }
    }
    return nw;
}

/* The candidates of every legal move after node `from`, appended: one
 * for each way the records can account for the move together. */
static bool expand(const search *s, pt_decode *d, int32_t from, size_t *nc, float *cut)
{
    const node *n = &d->nodes[from];
    pt_move moves[PT_MAX_MOVES];
    int count = pt_gen_legal(&n->pos, moves);
    pt_move read[PT_DECODE_RECORDS][2];
    for (size_t r = 0; r < s->n; r++)
        for (size_t k = 0; k < 2; k++) {
            size_t at = (size_t)n->at[r] + k;
            read[r][k] = at < s->len[r] ? read_entry(s, r, &s->entries[r][at], &n->pos) : PT_MOVE_NONE;
        }
    float left = 0;
    for (size_t r = 0; r < s->n; r++)
        left += s->c->rank_left * (float)(s->len[r] - (size_t)n->at[r]);
    aim_want wants[AIM_WANTS];
    size_t nwants = s->c->aim > 0 ? gap_wants(s, n, wants) : 0;
    size_t book = 0;
    pt_move own = PT_MOVE_NONE;
    if (s->prior_weight > 0) {
        book = pt_prior_book_at(&n->pos, n->depth);
        own = n->parent >= 0 ? d->nodes[n->parent].ply.move : PT_MOVE_NONE;
    }
    /* In a stretch a filling is given for, its move alone. */
    size_t depth = (size_t)n->depth;
    bool filling = depth >= s->fill_from && depth - s->fill_from < s->fill_len;
    pt_move filled = filling ? s->fill[depth - s->fill_from] : PT_MOVE_NONE;
    /* How many of the moves land on each square, by the piece's type: a
     * move alone there is spelt without looking through the others for a
     * rival (SAN's file or rank that tells two pieces apart, Law C.10),
     * which took a sixth of a hard sheet's decoding. */
    uint8_t landing[64][PT_NO_TYPE] = {{0}};
    for (int i = 0; i < count; i++)
        if (pt_move_kind(moves[i]) != PT_MOVE_CASTLING)
            landing[pt_move_to(moves[i])][PT_TYPE_OF(n->pos.board[pt_move_from(moves[i])])]++;
    for (int i = 0; i < count; i++) {
        if (filled != PT_MOVE_NONE && moves[i] != filled)
            continue;
        way w[PT_DECODE_RECORDS][3];
        size_t nw[PT_DECODE_RECORDS];
        char san[PT_SAN_MAX], want[PT_SAN_MAX + 1];
        size_t nwant = 0, combos = 1;
        const pt_lang *spelt = NULL;
        for (size_t r = 0; r < s->n; r++) {
            if (r == 0 || s->lang[r] != spelt) { /* records in one language share it */
                int type = PT_TYPE_OF(n->pos.board[pt_move_from(moves[i])]);
                int rivals = landing[pt_move_to(moves[i])][type] > 1 ? count : 0;
                pt_san_write_legal(&n->pos, moves[i], moves, rivals, spelt = s->lang[r], PT_NOTATION_SAN, san);
                nwant = bare(san, want, sizeof want);
            }
            nw[r] = ways(s, r, n, read[r], moves[i], san, want, nwant, w[r]);
            combos *= nw[r];
        }
        /* A move whose cheapest ways (each record's first) are already
         * out of reach is dropped before its prior is worked out; else a
         * scanned record's ply pays the move prior too, weighted. */
        float best = n->cost - n->credit + left, prior = NAN, weighed = 0;
        for (size_t r = 0; r < s->n; r++)
            best += w[r][0].rank;
        if (best > *cut + s->c->window)
            continue;
        if (s->prior_weight > 0) {
            /* The SAN says whether the move gives check (+ or #): the
             * position after it need not be made again. */
            size_t len = strlen(san);
            bool check = len > 0 && (san[len - 1] == '+' || san[len - 1] == '#');
            float p = pt_prior_move(&n->pos, book, moves[i], n->ply.move, own, check);
            prior = n->prior + p, weighed = s->prior_weight * p;
        }
        if (!room((void **)&d->cands, &d->cands_cap, *nc + combos, sizeof *d->cands, 4096))
            return false;
        n = &d->nodes[from];
        /* In a gap, a move ranks by what it and the gap's moves before it
         * do for the moves written after (the rank only, not the cost). */
        float aim = n->aim, aimed = 0;
        if (nwants) {
            aim += (float)aim_score(wants, nwants, &n->pos, moves[i]);
            aimed = s->c->aim * aim;
        }
        for (size_t k = 0; k < combos; k++) {
            /* Ranked first, and built only if it may make the beam: most
             * of a wide search's candidates do not, and building them all
             * cost 2.6% of a held-out sheet's decoding (callgrind). */
            float rank = n->cost - n->credit + weighed + left - aimed;
            for (size_t r = 0, rest = k; r < s->n; r++, rest /= nw[r - 1])
                rank += w[r][rest % nw[r]].rank;
            /* Far behind the best of this ply: it cannot make the beam. */
            if (rank > *cut + s->c->window)
                continue;
            if (rank < *cut)
                *cut = rank;
            candidate *cand = &d->cands[(*nc)++];
            *cand = (candidate){.parent = from,
                                .cost = n->cost + weighed,
                                .rank = rank,
                                .prior = prior,
                                .aim = aim,
                                .credit = n->credit,
                                .ply.move = moves[i]};
            for (size_t r = 0, rest = k; r < s->n; r++, rest /= nw[r - 1]) {
                const way *x = &w[r][rest % nw[r]];
                cand->ply.op[r] = x->op;
                cand->ply.entry[r] = x->entry;
                cand->ply.extra[r] = x->extra;
                cand->at[r] = x->next;
                cand->cost += x->cost;
                cand->ply.cost += x->cost;
                cand->ply.costs[r] = x->cost;
                if (x->op == PT_OP_MISSING) /* ranked below its cost where suspected */
                    cand->credit += x->cost - x->rank;
            }
        }
    }
    return true;
}

/* h mixed with a place in the records (how far into each of n). */
static uint64_t place_hash(uint64_t h, const int32_t *at, size_t n)
{
    for (size_t r = 0; r < n; r++)
        h = (h ^ (uint64_t)(uint32_t)at[r]) * 0x9E3779B97F4A7C15ull;
    return h;
}

/* Where a node of this ply with n's position and place in the records
 * is, or would go, in the table of the ply's nodes (open addressing). */
static int32_t *slot(pt_decode *d, const node *n, size_t records)
{
    uint64_t h = place_hash(n->pos.key, n->at, records);
    size_t mask = d->nslots - 1;
    for (size_t i = (size_t)(h >> 32) & mask;; i = (i + 1) & mask) {
        int32_t k = d->slots[i];
        if (k < 0 ||
            (d->nodes[k].pos.key == n->pos.key && memcmp(d->nodes[k].at, n->at, records * sizeof n->at[0]) == 0))
            return &d->slots[i];
    }
}

/* How many of a record's entries read as a piece move in lang's letters:
 * only a piece letter tells languages apart. */
static size_t readable(const pt_record *rec, const pt_lang *lang)
{
    const pt_entry *e;
    size_t n = pt_record_entries(rec, &e), count = 0;
    for (size_t i = 0; i < n; i++) {
        if (e[i].ntexts == 0)
            continue;
        const char *t = pt_record_text(rec, &e[i], 0, NULL);
        size_t len = strlen(t), bad;
        pt_move_text mt;
        int type;
        if (len && pt_lang_match_piece(lang, t, len, &type) && pt_move_text_parse(lang, t, len, &mt, &bad) == PT_OK)
            count++;
    }
    return count;
}

/* Whether two languages name some piece other than the pawn (rarely
 * written) with different letters, and so read a record differently. */
static bool differ(const pt_lang *a, const pt_lang *b)
{
    for (int t = PT_KNIGHT; t <= PT_KING; t++)
        if (strcmp(a->piece[t], b->piece[t]) != 0)
            return true;
    return false;
}

/* The letters a record is written in: its own, or those most of its
 * entries can be read in (English when none reads more). Into rivals
 * (room for max), for a record without its own, the languages that read
 * nine tenths as many entries with other meanings: a sheet of pawn moves
 * and R is English or French by which game it records, which the count
 * of readable entries cannot tell. For a record read off an image, six
 * tenths: a recogniser reads one hand's Czech V as N, and its sheet had
 * more entries that read as Romanian than as Czech. */
static const pt_lang *letters(const pt_record *rec, const pt_lang **rivals, size_t max, size_t *nrivals)
{
    *nrivals = 0;
    if (pt_record_lang(rec))
        return pt_record_lang(rec);
    size_t count[64] = {0}, best_read = 0; /* by language: 25 of them */
    int langs = pt_lang_count() < 64 ? pt_lang_count() : 64, best = 0;
    for (int l = 0; l < langs; l++) {
        count[l] = readable(rec, pt_lang_at(l));
        if (count[l] > best_read)
            best = l, best_read = count[l];
    }
    const pt_lang *chosen = pt_lang_at(best);
    for (int l = 0; l < langs && *nrivals < max && best_read > 0; l++) {
        const pt_lang *lang = pt_lang_at(l);
        if (!differ(lang, chosen) || 10 * count[l] < (pt_record_scanned(rec) ? 6 : 9) * best_read)
            continue;
        bool seen = false; /* one of letters alike stands for all */
        for (size_t i = 0; i < *nrivals; i++)
            seen = seen || !differ(lang, rivals[i]);
        if (!seen)
            rivals[(*nrivals)++] = lang;
    }
    return chosen;
}

/* How much of the move prior a ply pays: prior_scanned when some record
 * was read off an image, else none (the prior only breaks ties). */
static float prior_weight(const pt_decode_costs *c, const pt_record *const *records, size_t n)
{
    for (size_t r = 0; r < n; r++)
        if (pt_record_scanned(records[r]))
            return c->prior_scanned;
    return 0;
}

/* Reads every candidate text of every record once. */
static bool prepare(pt_decode *d, search *s)
{
    size_t total = 0, first[PT_DECODE_RECORDS];
    for (size_t r = 0; r < s->n; r++) {
        s->len[r] = pt_record_entries(s->records[r], &s->entries[r]);
        s->lang[r] = d->lang[r] = d->force[r];
        bool scanned = pt_record_scanned(s->records[r]);
        s->scanned |= scanned;
        s->missing[r] = scanned ? s->c->missing_scanned : s->c->missing;
        s->extra[r] = scanned ? s->c->extra_scanned : s->c->extra;
        first[r] = total; /* an entry's texts are numbered within its record */
        if (s->len[r])
            total += s->entries[r][s->len[r] - 1].first + s->entries[r][s->len[r] - 1].ntexts;
    }
    s->prior_weight = prior_weight(s->c, s->records, s->n);
    if (!room((void **)&d->readings, &d->readings_cap, total + 1, sizeof *d->readings, 256))
        return false;
    for (size_t r = 0; r < s->n; r++) {
        reading *rd = d->readings + first[r];
        s->readings[r] = rd;
        for (size_t i = 0; i < s->len[r]; i++) {
            const pt_entry *e = &s->entries[r][i];
            float top = 0;
            for (size_t k = 0; k < e->ntexts; k++) {
                float score;
                const char *t = pt_record_text(s->records[r], e, k, &score);
                if (k == 0)
                    top = score;
                float penalty = k == 0 ? 0.0f : s->c->other_choice + s->c->choice_weight * (top - score);
                read_text(&rd[e->first + k], s->lang[r], t, penalty > 0 ? penalty : 0);
            }
        }
    }
    return true;
}

/* The moves from the root to node i, into out (room for depth): a node's
 * depth is how many parents lead back to the root. */
static size_t path(const pt_decode *d, int32_t i, pt_move *out)
{
    size_t n = (size_t)d->nodes[i].depth;
    for (size_t k = n; k > 0; i = d->nodes[i].parent)
        out[--k] = d->nodes[i].ply.move;
    return n;
}

/* Notes the other game whose moves are `alt` (n of them), `behind` the
 * best: where it first differs and for how many plies. False when it is
 * the same game. */
static bool note_rival(pt_decode *d, const pt_move *alt, size_t n, float behind)
{
    if (behind < 0)
        behind = 0; /* as costly, within SAME: a tie the prior broke */
    size_t first = 0;
    while (first < n && first < d->nplies && alt[first] == d->plies[first].move)
        first++;
    if (first == n || first == d->nplies)
        return false; /* the same game, shorter or longer: not a rival reading */
    size_t last = first;
    for (size_t k = first; k < n && k < d->nplies; k++)
        if (alt[k] != d->plies[k].move)
            last = k;
    for (size_t k = first; k <= last; k++)
        if (behind < d->plies[k].margin)
            d->plies[k].margin = behind;
    /* The list keeps the closest: a new one takes the place of the
     * furthest when it is full. */
    size_t at = d->nalts, cap = sizeof d->alts / sizeof d->alts[0];
    for (size_t k = 0; k < d->nalts; k++)
        if (d->alts[k].ply == (int32_t)first && d->alts[k].move == alt[first]) {
            if (behind < d->alts[k].behind)
                d->alts[k].behind = behind;
            return true;
        }
    if (at == cap) {
        at = 0;
        for (size_t k = 1; k < cap; k++)
            if (d->alts[k].behind > d->alts[at].behind)
                at = k;
        if (d->alts[at].behind <= behind)
            return true; /* the plies' margins are noted */
    } else {
        d->nalts++;
    }
    d->alts[at] = (pt_decode_alt){(int32_t)first, (int32_t)(last - first + 1), alt[first], behind};
    return true;
}

/* Whether the best game's moves after ply k, read as their SAN (san[],
 * the writer's text, not the squares), are still a legal game from p,
 * where ply k was played otherwise; alt[k + 1..] gets them. */
static bool same_moves_after(const pt_decode *d, const char (*san)[PT_SAN_MAX], size_t k, pt_pos p, pt_move *alt)
{
    for (size_t i = k + 1; i < d->nplies; i++) {
        pt_move_text mt;
        if (pt_san_read(&p, pt_lang_at(0), san[i], strlen(san[i]), &alt[i], &mt) != PT_OK)
            return false;
        pt_undo u;
        pt_pos_make(&p, alt[i], &u);
    }
    return true;
}

/* Notes as a rival each reading of ply k's cell (pos before it) closer
 * than the ply's margin that spells another legal move, after which the
 * rest of the game is still legal. alt holds the best game's moves and
 * is left so. */
static void note_cell_rivals(pt_decode *d, const search *s, size_t k, const pt_pos *pos, const char (*san)[PT_SAN_MAX],
                             pt_move *alt)
{
    int32_t e = d->plies[k].entry[0];
    if (e < 0)
        return;
    const pt_entry *ent = &s->entries[0][e];
    for (size_t j = 0; j < ent->ntexts; j++) {
        float behind = s->readings[0][ent->first + j].penalty - d->plies[k].costs[0];
        if (behind >= d->plies[k].margin || behind >= s->c->ambiguous)
            continue; /* flagged already, or too far behind to be */
        pt_move m;
        if (pt_decode_read(pos, s->lang[0], pt_record_text(s->records[0], ent, j, NULL), &m) != PT_OK ||
            m == d->plies[k].move)
            continue;
        pt_pos p = *pos;
        pt_undo u;
        pt_pos_make(&p, m, &u);
        alt[k] = m;
        if (same_moves_after(d, san, k, p, alt))
            note_rival(d, alt, d->nplies, behind);
        for (size_t i = k; i < d->nplies; i++)
            alt[i] = d->plies[i].move;
    }
}

/* Rivals one cell's other reading away. The beam keeps a rival where
 * two ways meet at a node, and the finished games it held to the end. In
 * a scanned record, a cell far back whose other reading is another legal
 * move, the rest of the game the same, leads to other positions to the
 * end, and the near-ties of the plies after it can crowd its game out of
 * the beam: the best game's move there was then reported sure. So each
 * such reading is noted as a rival, as far behind as it is dearer. One
 * record only: with two, the other sheet's cell speaks too, and the
 * beam's rivals cover it. */
static void note_neighbours(pt_decode *d, const search *s)
{
    if (s->n != 1 || !s->scanned || d->nplies == 0)
        return;
    size_t np = d->nplies;
    char(*san)[PT_SAN_MAX] = malloc(np * sizeof *san);
    pt_move *alt = malloc(np * sizeof *alt);
    if (san && alt) { /* else the margins stay the beam's */
        pt_pos pos = d->nodes[0].pos;
        for (size_t k = 0; k < np; k++) { /* the game's SAN, without checks: a check may come or go */
            alt[k] = d->plies[k].move;
            pt_san_write(&pos, alt[k], NULL, PT_NOTATION_SAN, san[k]);
            san[k][strcspn(san[k], "+#")] = '\0';
            pt_undo u;
            pt_pos_make(&pos, alt[k], &u);
        }
        pos = d->nodes[0].pos;
        for (size_t k = 0; k < np; k++) {
            note_cell_rivals(d, s, k, &pos, (const char(*)[PT_SAN_MAX])san, alt);
            pt_undo u;
            pt_pos_make(&pos, d->plies[k].move, &u);
        }
    }
    free(san);
    free(alt);
}

static int alt_by_behind(const void *a, const void *b)
{
    float x = ((const pt_decode_alt *)a)->behind, y = ((const pt_decode_alt *)b)->behind;
    return (x > y) - (x < y);
}

/* The best game, its rivals and its runners-up, from the nodes. How far
 * a rival is behind is what the writing costs (a scanned record's game
 * pays the prior too, weighted: taken out here), so that the margin and
 * the confidence are the writing's alone: where the prior outweighed the
 * writing, the rival is as costly, and the move is reported as a tie. */
static bool conclude(pt_decode *d, const search *s, int32_t best, float best_cost, const int32_t *runners,
                     const float *runner_cost, size_t nrunners)
{
    const float w = s->prior_weight;
    size_t plies = (size_t)d->nodes[best].depth;
    if (!room((void **)&d->plies, &d->plies_cap, plies + 1, sizeof *d->plies, 64))
        return false;
    d->nplies = plies;
    for (int32_t i = best; i > 0; i = d->nodes[i].parent) {
        d->plies[--plies] = d->nodes[i].ply;
        d->plies[plies].margin = INFINITY;
    }
    d->cost = best_cost;
    d->prior = d->nodes[best].prior;
    const node *end = &d->nodes[best];
    float each = pt_ending_at(&end->pos) == PT_STATUS_ONGOING ? s->c->left_over : s->c->after_game_end;
    for (size_t r = 0; r < s->n; r++) {
        d->left[r] = (int)(s->len[r] - (size_t)end->at[r]);
        d->record_cost[r] = w * d->prior + each * (float)d->left[r];
        for (size_t k = 0; k < d->nplies; k++)
            d->record_cost[r] += d->plies[k].costs[r];
    }
    if (s->n == 1) /* the same sum, added up as the search did */
        d->record_cost[0] = best_cost;
    d->nalts = 0;
    pt_move *alt = malloc((d->nplies + 2) * sizeof *alt + 1);
    if (!alt)
        return false;
    /* Other ways to a node of the best game: that node's rival history,
     * and the best game's plies after it. */
    for (int32_t i = best; i > 0; i = d->nodes[i].parent) {
        const node *o = &d->nodes[i];
        if (o->rival >= NO_WAY)
            continue;
        size_t n = path(d, o->rival_parent, alt);
        alt[n++] = o->rival_move;
        for (size_t k = n; k < d->nplies; k++)
            alt[k] = d->plies[k].move;
        note_rival(d, alt, d->nplies, (o->rival - w * o->rival_prior) - (o->cost - w * o->prior));
    }
    for (size_t k = 0; k < nrunners; k++) {
        float behind = (runner_cost[k] - w * d->nodes[runners[k]].prior) - (best_cost - w * d->prior);
        if (k >= NOTED && behind >= s->c->ambiguous)
            continue; /* every ply has games a slip or two dearer */
        if ((size_t)d->nodes[runners[k]].depth > d->nplies + 1) {
            pt_move *longer = realloc(alt, ((size_t)d->nodes[runners[k]].depth + 1) * sizeof *alt);
            if (!longer) {
                free(alt);
                return false;
            }
            alt = longer;
        }
        size_t n = path(d, runners[k], alt);
        note_rival(d, alt, n, behind);
    }
    free(alt);
    note_neighbours(d, s);
    qsort(d->alts, d->nalts, sizeof d->alts[0], alt_by_behind);
    d->margin = d->nalts ? d->alts[0].behind : INFINITY;
    return true;
}

/* Keeps node i among the cheapest finished games other than the best. */
static void keep_runner(int32_t *runners, float *cost, size_t *n, int32_t i, float c)
{
    size_t k;
    if (*n < RUNNERS)
        k = (*n)++;
    else if (c < cost[RUNNERS - 1])
        k = RUNNERS - 1;
    else
        return;
    while (k > 0 && cost[k - 1] > c) {
        runners[k] = runners[k - 1], cost[k] = cost[k - 1];
        k--;
    }
    runners[k] = i, cost[k] = c;
}

/* Makes candidate cand a node of this ply, or, where a node of the ply
 * has its position and place in the n records, the other's rival. The
 * candidates come in the order of their rank, which at one place is the
 * order of their cost: the node kept is no dearer, and of two as costly
 * the likelier takes the place. Room for the node is the caller's. */
static void admit(pt_decode *d, const candidate *cand, size_t n)
{
    node m = {.parent = cand->parent,
              .cost = cand->cost,
              .ply = cand->ply,
              .rival = NO_WAY,
              .aim = cand->aim,
              .credit = cand->credit};
    memcpy(m.at, cand->at, sizeof m.at);
    m.depth = d->nodes[cand->parent].depth + 1;
    m.pos = d->nodes[cand->parent].pos;
    pt_undo undo;
    pt_pos_make(&m.pos, cand->ply.move, &undo);
    m.prior = isnan(cand->prior) ? prior_after(d, &d->nodes[cand->parent], cand->ply.move, pt_pos_in_check(&m.pos))
                                 : cand->prior;
    int32_t *at = slot(d, &m, n);
    if (*at < 0) {
        *at = (int32_t)d->nnodes;
        d->nodes[d->nnodes++] = m;
        return;
    }
    node *kept = &d->nodes[*at];
    if (better(m.cost, m.prior, kept->cost, kept->prior)) {
        m.rival = kept->cost, m.rival_prior = kept->prior, m.rival_parent = kept->parent, m.rival_move = kept->ply.move;
        *kept = m;
    } else if (m.cost < kept->rival) {
        kept->rival = m.cost, kept->rival_prior = m.prior, kept->rival_parent = m.parent, kept->rival_move = m.ply.move;
    }
}

/* The prior of candidate c's game, reckoned once. */
static float cand_prior(const pt_decode *d, candidate *c)
{
    if (isnan(c->prior)) {
        const node *p = &d->nodes[c->parent];
        pt_pos after = p->pos;
        pt_undo undo;
        pt_pos_make(&after, c->ply.move, &undo);
        c->prior = prior_after(d, p, c->ply.move, pt_pos_in_check(&after));
    }
    return c->prior;
}

/* Whether candidate a goes before b in a lane: ranked better, or as well
 * and likelier in real games. The beam leaves the prior out, but a lane
 * is narrow, and its candidates often tie (every misreading at the
 * `wrong` cap, every move left out): taken in the order of the moves,
 * the lanes gained nothing on the bench's tuning sheets. */
static bool lane_before(const pt_decode *d, candidate *a, candidate *b)
{
    if (fabsf(a->rank - b->rank) >= SAME)
        return a->rank < b->rank;
    return cand_prior(d, a) < cand_prior(d, b);
}

/* The lane of place at (n records), made when new; NULL when the ply has
 * `most` lanes already. */
static lane *lane_of(pt_decode *d, const int32_t *at, size_t n, size_t *nlanes, size_t most)
{
    uint64_t h = place_hash(0x243F6A8885A308D3ull, at, n);
    size_t mask = d->nlane_slots - 1;
    for (size_t i = (size_t)(h >> 32) & mask;; i = (i + 1) & mask) {
        int32_t k = d->lane_slots[i];
        if (k >= 0 && memcmp(d->lanes[k].at, at, n * sizeof *at) == 0)
            return &d->lanes[k];
        if (k < 0) {
            if (*nlanes == most)
                return NULL;
            lane *l = &d->lanes[*nlanes];
            memset(l, 0, sizeof *l);
            memcpy(l->at, at, n * sizeof *at);
            d->lane_slots[i] = (int32_t)(*nlanes)++;
            return l;
        }
    }
}

/* Beside the beam, the ply's best candidates at each place in the
 * records that the beam holds fewer than LANE nodes of, for a scanned
 * record. Its ply left out costs missing_scanned (8.0), and every legal
 * move "reads" the entry the writer went on to at no more than the
 * `wrong` cap (5.0): where a writer really left a move out, the
 * misreadings of that one entry outranked the ply left out and alone
 * filled the beam, even one of 512, and the right game was dropped plies
 * before the entries that vouch for it (a written record's ply left out
 * costs 3.0 and ranks with them). At most `beam` more nodes, the best
 * ranked first. The candidates are ranked[k..nc); the beam's nodes begin
 * at `next`. */
static bool keep_lanes(pt_decode *d, const search *s, size_t next, size_t k, size_t nc, size_t beam, float best_cost)
{
    size_t most = 4 * beam, nlanes = 0; /* places past `most` get no lane */
    if (!room((void **)&d->lanes, &d->lanes_cap, most, sizeof *d->lanes, 128))
        return false;
    if (!size_table(&d->lane_slots, &d->nlane_slots, 2 * most)) /* half full at most */
        return false;
    memset(d->lane_slots, 0xff, d->nlane_slots * sizeof *d->lane_slots);
    for (size_t i = next; i < d->nnodes; i++) {
        lane *l = lane_of(d, d->nodes[i].at, s->n, &nlanes, most);
        if (l)
            l->nodes++;
    }
    for (; k < nc; k++) {
        uint32_t at = d->ranked[k].at;
        candidate *c = &d->cands[at];
        if (c->cost >= best_cost + s->c->ambiguous)
            continue;
        lane *l = lane_of(d, c->at, s->n, &nlanes, most);
        if (!l || l->nodes >= LANE)
            continue;
        size_t room_left = LANE - l->nodes;
        if (l->n == room_left && !lane_before(d, c, &d->cands[l->cand[l->n - 1]]))
            continue;
        size_t i = l->n < room_left ? l->n++ : l->n - 1; /* the worst goes */
        while (i > 0 && lane_before(d, c, &d->cands[l->cand[i - 1]])) {
            l->cand[i] = l->cand[i - 1];
            i--;
        }
        l->cand[i] = at;
    }
    size_t nextra = 0;
    if (!room((void **)&d->extra, &d->extra_cap, nlanes * LANE + 1, sizeof *d->extra, 256))
        return false;
    for (size_t i = 0; i < nlanes; i++)
        for (size_t j = 0; j < d->lanes[i].n; j++)
            d->extra[nextra++] = (order){d->cands[d->lanes[i].cand[j]].rank, d->lanes[i].cand[j]};
    qsort(d->extra, nextra, sizeof *d->extra, order_cmp);
    size_t limit = d->nnodes + beam;
    for (size_t i = 0; i < nextra && d->nnodes < limit; i++)
        admit(d, &d->cands[d->extra[i].at], s->n);
    return true;
}

static double seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* The ply entry e's move number and column put it at, counted from a
 * start whose move number is number0 with side0 to move. */
static long entry_ply(const pt_entry *e, int number0, int side0)
{
    return 2L * (e->number - number0) + e->column - side0;
}

static pt_err run(pt_decode *d, const pt_record *const *records, size_t n, const pt_decode_opts *opts)
{
    if (n == 0 || n > PT_DECODE_RECORDS)
        return PT_ERR_RANGE;
    search s = {.records = records, .n = n, .c = opts && opts->costs ? opts->costs : &default_costs, .moves = -1};
    if (opts && opts->final) {
        s.final = true;
        s.final_key = opts->final->key;
    }
    if (opts && opts->moves > 0)
        s.moves = opts->moves;
    for (size_t r = 0; r < n; r++)
        s.suspect[r] = d->suspect[r];
    s.fill = d->fill, s.fill_from = d->fill_from, s.fill_len = d->fill_len;
    if (!d->step_memo && !(d->step_memo = calloc(STEP_MEMO_SIZE, sizeof *d->step_memo)))
        return PT_ERR_NOMEM;
    s.step_memo = d->step_memo; /* cleared by pt_decode_run */
    /* Cleared for every search: prepare reads the texts in the letters
     * of this one. */
    if (!d->read_memo && !(d->read_memo = malloc(READ_MEMO_SIZE * sizeof *d->read_memo)))
        return PT_ERR_NOMEM;
    memset(d->read_memo, 0, READ_MEMO_SIZE * sizeof *d->read_memo);
    s.read_memo = d->read_memo;
    s.learnt = d->adapted ? (const uint8_t(*)[128][128])d->learnt : NULL;
    if (!prepare(d, &s))
        return PT_ERR_NOMEM;
    size_t total = 0;
    for (size_t r = 0; r < n; r++)
        total += s.len[r];
    size_t beam = opts && opts->beam > 0 ? (size_t)opts->beam : 32;
    d->beam = (int)beam;
    if (!size_table(&d->slots, &d->nslots, 4 * beam)) /* the beam and its lanes, half full at most */
        return PT_ERR_NOMEM;
    d->nnodes = d->nplies = 0;
    node root = {.parent = -1, .rival = NO_WAY};
    if (opts && opts->start)
        root.pos = *opts->start;
    else
        pt_pos_startpos(&root.pos);
    if (!room((void **)&d->nodes, &d->cap, 1, sizeof *d->nodes, 1024))
        return PT_ERR_NOMEM;
    d->nodes[d->nnodes++] = root;
    if (!room((void **)&d->least, &d->least_cap, 1, sizeof *d->least, 256))
        return PT_ERR_NOMEM;
    d->least[0] = 0;

    size_t first = 0, last = 1; /* the frontier: nodes[first..last) */
    int32_t best = -1, runners[RUNNERS];
    float best_cost = NO_WAY, best_prior = 0, runner_cost[RUNNERS];
    size_t nrunners = 0;
    /* A game has at most a ply for every entry, and a ply for every entry
     * of the longest record missing from the others. */
    s.number0 = root.pos.fullmove ? (int)root.pos.fullmove : 1;
    s.side0 = root.pos.side;
    /* A record whose first move number is a later one begins there. */
    for (size_t r = 0; r < n; r++) {
        const pt_entry *e = s.len[r] ? &s.entries[r][0] : NULL;
        long at = e && (e->marks & PT_ENTRY_NUMBERED) ? entry_ply(e, s.number0, s.side0) : 0;
        s.begin[r] = at > 0 ? (int32_t)at : 0;
    }
    size_t deepest = s.moves >= 0 ? 2 * (size_t)s.moves + 1 : 2 * total + 2;
    double stop = opts && opts->max_seconds > 0 ? seconds() + opts->max_seconds : 0;
    d->timed_out = false;
    for (size_t depth = 0; depth <= deepest && first < last; depth++) {
        size_t nc = 0;
        float cut = NO_WAY;
        if (stop && seconds() > stop) {
            d->timed_out = true; /* the best game found so far stands */
            break;
        }
        for (size_t i = first; i < last; i++) {
            const node *o = &d->nodes[i];
            if (may_end(&s, o)) {
                float end = o->cost + leftover_cost(&s, o);
                if (better(end, o->prior, best_cost, best_prior)) {
                    if (best >= 0)
                        keep_runner(runners, runner_cost, &nrunners, best, best_cost);
                    best_cost = end;
                    best_prior = o->prior;
                    best = (int32_t)i;
                } else {
                    keep_runner(runners, runner_cost, &nrunners, (int32_t)i, end);
                }
            }
            /* Nothing more to read, or no cheaper way on (a rival of the
             * best may cost a little more: ambiguous is worth knowing). */
            if ((read_through(&s, o) && !s.final && s.moves < 0) || o->cost >= best_cost + s.c->ambiguous)
                continue;
            if (!expand(&s, d, (int32_t)i, &nc, &cut))
                return PT_ERR_NOMEM;
        }
        if (!room((void **)&d->ranked, &d->ranked_cap, nc + 1, sizeof *d->ranked, 4096))
            return PT_ERR_NOMEM;
        /* The ranking leaves the prior out: where nothing is written (a
         * gap on every record) all moves tie, and a beam filled by the
         * prior's favourites (captures, checks) strays from the game;
         * the move order keeps it as it was. Ties of cost are broken
         * where two games meet. */
        for (size_t k = 0; k < nc; k++)
            d->ranked[k] = (order){d->cands[k].rank, (uint32_t)k};
        /* The cheapest candidates in order, enough for the beam as a
         * rule: those past them are sorted only if the beam is not full
         * by then (transpositions and the hopeless are no nodes). Sorting
         * every candidate took a third of a hard sheet's decoding. */
        size_t sorted = nc < 4 * beam ? nc : 4 * beam;
        order_first(d->ranked, nc, sorted);
        qsort(d->ranked, sorted, sizeof *d->ranked, order_cmp);
        size_t next = d->nnodes;
        /* Room for the beam and as many again beside it, in its lanes. */
        if (!room((void **)&d->nodes, &d->cap, d->nnodes + 2 * beam, sizeof *d->nodes, 1024))
            return PT_ERR_NOMEM;
        memset(d->slots, 0xff, d->nslots * sizeof *d->slots);
        size_t k = 0;
        for (; k < nc && d->nnodes - next < beam; k++) {
            if (k == sorted) {
                qsort(d->ranked + k, nc - k, sizeof *d->ranked, order_cmp);
                sorted = nc;
            }
            const candidate *cand = &d->cands[d->ranked[k].at];
            if (cand->cost < best_cost + s.c->ambiguous)
                admit(d, cand, n);
        }
        if (s.scanned && k < nc && !keep_lanes(d, &s, next, k, nc, beam, best_cost))
            return PT_ERR_NOMEM;
        first = next;
        last = d->nnodes;
        /* Another notation tried, whose best is far behind the notation
         * it must beat at the same depth, is given up: a wrong one pays
         * at every piece move and cannot catch up (the selection sheets
         * decode in 21.6 s, in 28.0 s without, and read the same). */
        float least = NO_WAY;
        for (size_t i = first; i < last; i++)
            least = fminf(least, d->nodes[i].cost);
        if (!room((void **)&d->least, &d->least_cap, depth + 2, sizeof *d->least, 256))
            return PT_ERR_NOMEM;
        d->least[depth + 1] = least;
        if (depth + 1 < d->nbound && least > d->bound[depth + 1] + BEHIND) {
            best = -1;
            break;
        }
    }
    if (best < 0) { /* no game ends where it must, or another notation was given up */
        d->nplies = d->nalts = 0;
        d->cost = NO_WAY;
        d->margin = 0;
        for (size_t r = 0; r < n; r++)
            d->left[r] = (int)s.len[r];
        return PT_ERR_ILLEGAL;
    }
    return conclude(d, &s, best, best_cost, runners, runner_cost, nrunners) ? PT_OK : PT_ERR_NOMEM;
}

static bool unwritten(const pt_decode_ply *p, size_t n)
{
    for (size_t r = 0; r < n; r++)
        if (p->op[r] == PT_OP_MATCH || p->op[r] == PT_OP_MISREAD)
            return false;
    return true;
}

/* No game the beam kept ends in the final position, and the records may
 * end in cells none of them writes (both players stopped recording, and
 * the arbiter recorded the position, Law 8.5.3): every move fits those
 * cells alike, so the beam cannot tell which sequence reaches the final
 * position. The game is decoded to a free end instead, and its unwritten
 * last plies searched for a sequence that does (pt_gap_search). Whether
 * it is the only one is the findings' to say. */
static pt_err fill_to_final(pt_decode *d, const pt_record *const *records, size_t n, const pt_decode_opts *opts)
{
    pt_decode_opts free_end = *opts;
    free_end.final = NULL;
    pt_err err = run(d, records, n, &free_end);
    if (err != PT_OK)
        return err;
    size_t p = d->nplies;
    while (p > 0 && unwritten(&d->plies[p - 1], n))
        p--;
    size_t len = d->nplies - p;
    pt_pos pos;
    if (opts->start)
        pos = *opts->start;
    else
        pt_pos_startpos(&pos);
    for (size_t k = 0; k < p; k++) {
        pt_undo undo;
        pt_pos_make(&pos, d->plies[k].move, &undo);
    }
    pt_move found[PT_GAP_MAX_PLIES];
    size_t nfound = 0;
    bool complete = false;
    pt_gap_opts g = {
        .final = opts->final, .max_solutions = 1, .max_seconds = opts->max_seconds > 0 ? opts->max_seconds : 10.0};
    if (len > 0 && len <= PT_GAP_MAX_PLIES)
        pt_gap_search(&pos, (int)len, &g, found, &nfound, &complete);
    if (nfound == 0) {
        d->timed_out |= len > 0 && !complete;
        d->nplies = d->nalts = 0;
        d->cost = NO_WAY;
        d->margin = 0;
        return PT_ERR_ILLEGAL;
    }
    for (size_t k = 0; k < len; k++) {
        d->plies[p + k].move = found[k];
        d->plies[p + k].margin = INFINITY;
    }
    size_t kept = 0; /* other readings of the free end are no longer in play */
    for (size_t k = 0; k < d->nalts; k++)
        if ((size_t)d->alts[k].ply < p)
            d->alts[kept++] = d->alts[k];
    d->nalts = kept;
    d->margin = kept ? d->alts[0].behind : INFINITY;
    return PT_OK;
}

static pt_err decode_once(pt_decode *d, const pt_record *const *records, size_t n, const pt_decode_opts *opts)
{
    pt_err err = run(d, records, n, opts);
    if (err == PT_ERR_ILLEGAL && opts && opts->final)
        err = fill_to_final(d, records, n, opts);
    return err;
}

/* What a run found, kept while a wider one looks again. */
typedef struct found {
    pt_decode_ply *plies;
    size_t nplies, plies_cap;
    pt_decode_alt alts[16];
    size_t nalts;
    float cost, prior, margin;
    float record_cost[PT_DECODE_RECORDS];
    bool timed_out;
    int beam;
    int left[PT_DECODE_RECORDS];
} found;

static void swap_found(pt_decode *d, found *f)
{
    found t = *f;
    f->plies = d->plies, f->nplies = d->nplies, f->plies_cap = d->plies_cap;
    memcpy(f->alts, d->alts, sizeof f->alts);
    f->nalts = d->nalts, f->cost = d->cost, f->prior = d->prior, f->margin = d->margin, f->timed_out = d->timed_out;
    f->beam = d->beam;
    memcpy(f->left, d->left, sizeof f->left);
    memcpy(f->record_cost, d->record_cost, sizeof f->record_cost);
    d->plies = t.plies, d->nplies = t.nplies, d->plies_cap = t.plies_cap;
    memcpy(d->alts, t.alts, sizeof d->alts);
    d->nalts = t.nalts, d->cost = t.cost, d->prior = t.prior, d->margin = t.margin, d->timed_out = t.timed_out;
    d->beam = t.beam;
    memcpy(d->left, t.left, sizeof d->left);
    memcpy(d->record_cost, t.record_cost, sizeof d->record_cost);
}

/* A game that costs this much a cell is more often one the beam lost
 * than a sheet this bad: the search looks again with a beam four times as
 * wide, up to sixteen times, and keeps the cheaper game (of two as
 * costly, the likelier). (On the HCS sheets a beam of 32 lost a missing
 * move that 128 keeps.) A game barely certain (its margin within verify
 * of ambiguous) is looked for again once too: the margin is only as good
 * as the rivals the beam kept, and a beam of 32 lost one as cheap as the
 * best, which then stood as certain. So is an ambiguous game: on a typed
 * sheet read by OCR whose cell read as no legal move (every move at the
 * `wrong` cost), the prior ranked the move written behind thirty others
 * and the beam lost it, for a game 4.0 dearer reported as ambiguous; and
 * a transcribed sheet read alone whose writer left 8... Bd7 out (the hard
 * selection set's g0036 Black copy, as written) was read as 15 of its 87
 * plies, cost 19.5, where a beam of 128 finds the game at 3.0. With
 * verify at 0 (partiar check's repairs, which report no margin) only a
 * scanned record's ambiguous game is. A transcribed record's game, found
 * in milliseconds, is looked for again for its margin even when a wider
 * search was already made for its cost: the hard set's g0001 White copy,
 * whose writer swapped two moves, cost 34.5 at 32 and 17.5, ambiguous,
 * at 128; 512 finds the game at 8.5. A scanned record's game is not: on
 * the hard set that found no other game, for half as much time again. */
static pt_err widening(pt_decode *d, const pt_record *const *records, size_t n, const pt_decode_opts *opts, int from)
{
    pt_decode_opts o = opts ? *opts : (pt_decode_opts){0};
    const pt_decode_costs *c = o.costs ? o.costs : &default_costs;
    double start = seconds();
    int beam = o.beam > 0 ? o.beam : 32, widest = beam * 16;
    if (from > beam)
        o.beam = beam = from;
    pt_err err = decode_once(d, records, n, &o);
    size_t cells = 0;
    const pt_entry *entries;
    for (size_t r = 0; r < n && r < PT_DECODE_RECORDS; r++)
        cells += pt_record_entries(records[r], &entries);
    /* What the writing costs: a scanned record's game pays the prior too. */
    const float weight = prior_weight(c, records, n);
    bool again = false;   /* searched with a wider beam already */
    bool checked = false; /* and for the margin's sake, not the cost's */
    /* A game that must end in a position or at a move number may have
     * fallen out of the beam for rivals that end elsewhere: none found,
     * it is looked for wider too (on a sheet where 7... f6 reads h6 and
     * 8... Nf8 reads Nf7, the readings of Nf7 after h6 filled a beam of
     * 32 and the game was lost). */
    bool bound = o.final || o.moves > 0;
    found kept = {0};
    while ((err == PT_OK || (err == PT_ERR_ILLEGAL && bound)) && !d->timed_out && beam < widest) {
        bool none = err == PT_ERR_ILLEGAL;
        bool dear = none || d->cost - weight * d->prior > c->widen * (float)cells;
        bool barely =
            !(weight > 0 ? again : checked) && d->margin < c->ambiguous + c->verify && (c->verify > 0 || weight > 0);
        if (!dear && !barely)
            break;
        checked = checked || !dear;
        if (o.max_seconds > 0) {
            o.max_seconds -= seconds() - start;
            start = seconds();
            if (o.max_seconds <= 0)
                break;
        }
        swap_found(d, &kept);
        o.beam = beam *= 4;
        again = true;
        pt_err wider = decode_once(d, records, n, &o);
        if (none && wider == PT_ERR_ILLEGAL)
            continue; /* still none: wider yet */
        if (wider != PT_OK || d->timed_out || (!none && better(kept.cost, kept.prior, d->cost, d->prior))) {
            swap_found(d, &kept); /* the narrower search's game (or none) stands */
            break;
        }
        err = PT_OK;
    }
    free(kept.plies);
    return err;
}

/* What the recogniser reads in place of a hand's letters: each record
 * read off an image learns, from the game found first, which letters its
 * first texts have in place of its moves' (one hand's 'f' for 'h',
 * another's 'N' for 'V'), those seen at least LEARN_SEEN times (three:
 * 96.9% of the selection sheets' moves instead of 97.1%). Whether any was. */
#define LEARN_SEEN 2
static bool learn(pt_decode *d, const pt_record *const *records, size_t n, const pt_decode_opts *opts)
{
    if (!d->learnt && !(d->learnt = malloc(PT_DECODE_RECORDS * sizeof *d->learnt)))
        return false;
    memset(d->learnt, 0, PT_DECODE_RECORDS * sizeof *d->learnt);
    bool any = false;
    for (size_t r = 0; r < n; r++) {
        if (!pt_record_scanned(records[r]))
            continue;
        uint8_t seen[128][128] = {{0}}; /* counts, at most 255 */
        const pt_entry *entries;
        size_t len = pt_record_entries(records[r], &entries);
        pt_pos pos;
        if (opts && opts->start)
            pos = *opts->start;
        else
            pt_pos_startpos(&pos);
        for (size_t k = 0; k < d->nplies; k++) {
            const pt_decode_ply *p = &d->plies[k];
            if (p->op[r] == PT_OP_MISREAD && p->entry[r] >= 0 && (size_t)p->entry[r] < len &&
                entries[p->entry[r]].ntexts > 0) {
                char san[PT_SAN_MAX], want[PT_SAN_MAX + 1], read[PT_SAN_MAX + 1];
                pt_san_write(&pos, p->move, d->lang[r], PT_NOTATION_SAN, san);
                size_t nwant = bare(san, want, sizeof want);
                size_t nread = bare(pt_record_text(records[r], &entries[p->entry[r]], 0, NULL), read, sizeof read);
                count_swaps(read, nread, want, nwant, seen);
            }
            pt_undo undo;
            pt_pos_make(&pos, p->move, &undo);
        }
        for (size_t a = 0; a < 128; a++)
            for (size_t b = 0; b < 128; b++)
                if (seen[a][b] >= LEARN_SEEN)
                    d->learnt[r][a][b] = 1, any = true;
    }
    return any;
}

/* Where the game found has a scanned record's entry left over (the extra
 * way), or a ply it left out, marks the entries within SUSPECT_NEAR of it
 * as places a ply may have been left out instead: whether any was. A
 * writer who leaves a move out writes the moves after it one column
 * over, and a ply left out costs missing_scanned (8.0) at once, while any
 * legal move "reads" the entry at no more than `wrong` (5.0): the search
 * keeps the misreadings, loses the move left out before the entries that
 * vouch for it are read, and leaves an entry over further on to catch up.
 * (On the hard selection set, two sheets whose writers left a move out
 * read 39 of 101 and 14 of 87 plies right that way.) A game that leaves
 * the ply out in the right place may still have lost the moves before it
 * that lead there: the first of those sheets, whose writer left 21... h5
 * out, was found with 15. h4 and 17. h5 for b4 and b5 and a 21... gxh5
 * left out, and is looked for again there too. */
#define SUSPECT_NEAR 2
static bool mark_suspects(pt_decode *d, const pt_record *const *records, size_t n)
{
    size_t total = 0, first[PT_DECODE_RECORDS];
    const pt_entry *entries;
    for (size_t r = 0; r < n; r++) {
        first[r] = total;
        total += pt_record_entries(records[r], &entries);
    }
    if (!room((void **)&d->suspects, &d->suspects_cap, total + 1, 1, 256))
        return false; /* not looked for again: the game found stands */
    memset(d->suspects, 0, total + 1);
    bool any = false;
    for (size_t k = 0; k < d->nplies; k++)
        for (size_t r = 0; r < n; r++) {
            int32_t j = d->plies[k].extra[r];
            /* A ply left out: the entry after it. */
            for (size_t f = k; j < 0 && d->plies[k].op[r] == PT_OP_MISSING && f < d->nplies; f++)
                j = d->plies[f].entry[r];
            if (j < 0 || !pt_record_scanned(records[r]))
                continue;
            int32_t len = (int32_t)pt_record_entries(records[r], &entries);
            if (entries[j].marks & PT_ENTRY_BLANK)
                continue; /* a row passed over, not an entry left over */
            for (int32_t e = j - SUSPECT_NEAR; e <= j + SUSPECT_NEAR; e++)
                if (e >= 0 && e < len)
                    d->suspects[first[r] + (size_t)e] = 1, any = true;
        }
    for (size_t r = 0; any && r < n; r++)
        d->suspect[r] = d->suspects + first[r];
    return any;
}

/* A stretch no record writes (both players stopped recording, Law 8.4)
 * after which the moves written read worse than one wrong entry in the
 * next FILL_AFTER plies: every move of the stretch costs the same, and
 * the beam kept no filling after which they are legal, so it read them
 * as other moves or as shifted into the other column. The gap search
 * (pt_gap_search), depth first and led by what those moves ask, finds
 * one in a moment: it is kept in d->fill for the search that takes its
 * moves through the stretch, whose game stands if it costs less. (A
 * photo pair whose writers both left nine plies out while queens were
 * exchanged read 66 of its 119 plies right, cost 55.5; a beam of 128
 * found a game dearer still, one of 8192 the game at 26.5.) The first
 * such stretch only; whether the filling is the one there is, is the
 * findings' to say. */
#define FILL_AFTER 8
static bool mark_filling(pt_decode *d, const pt_record *const *records, size_t n, const pt_decode_opts *opts)
{
    const pt_decode_costs *c = opts && opts->costs ? opts->costs : &default_costs;
    size_t p = 0, q = 0;
    bool lost = false;
    while (!lost && q < d->nplies) {
        p = q;
        if (!unwritten(&d->plies[p], n)) {
            q = p + 1;
            continue;
        }
        for (q = p; q < d->nplies && unwritten(&d->plies[q], n); q++)
            ;
        float after = 0;
        for (size_t k = q; k < d->nplies && k < q + FILL_AFTER; k++)
            after += d->plies[k].cost;
        lost = after > c->wrong;
    }
    if (!lost || q - p > PT_GAP_MAX_PLIES)
        return false;
    pt_pos pos;
    if (opts && opts->start)
        pos = *opts->start;
    else
        pt_pos_startpos(&pos);
    int number0 = pos.fullmove ? (int)pos.fullmove : 1, side0 = pos.side;
    for (size_t k = 0; k < p; k++) {
        pt_undo undo;
        pt_pos_make(&pos, d->plies[k].move, &undo);
    }
    /* The moves written after it, ply by ply, as the first record that
     * has an entry numbered for it writes it (in that record's letters:
     * records of other letters are passed over), until a ply none has. */
    const char *then[FILL_AFTER];
    size_t nthen = 0;
    const pt_lang *lang = NULL;
    for (size_t k = q; nthen < FILL_AFTER; k++, nthen++) {
        const char *text = NULL;
        for (size_t r = 0; r < n && !text; r++) {
            if (lang && d->lang[r] != lang)
                continue;
            const pt_entry *entries;
            size_t len = pt_record_entries(records[r], &entries);
            for (size_t i = 0; i < len && !text; i++)
                if (entries[i].ntexts > 0 && entry_ply(&entries[i], number0, side0) == (long)k)
                    text = pt_record_text(records[r], &entries[i], 0, NULL), lang = d->lang[r];
        }
        if (!text)
            break;
        then[nthen] = text;
    }
    size_t nfound = 0;
    bool complete;
    pt_gap_opts g = {.then = then, .nthen = nthen, .lang = lang, .max_solutions = 1, .max_seconds = 0.25};
    if (nthen < 2 || pt_gap_search(&pos, (int)(q - p), &g, d->fill, &nfound, &complete) != PT_OK || nfound == 0)
        return false;
    d->fill_from = p, d->fill_len = q - p;
    return true;
}

/* Searches again, from the beam that found the game (its readings and
 * costs as d->adapted and d->suspect say), the game before kept in
 * *kept: the new game stands if the search found one and, when
 * `cheaper`, it costs less; else the game before. A search that found
 * none is no error. */
static pt_err look_again(pt_decode *d, const pt_record *const *records, size_t n, const pt_decode_opts *opts,
                         found *kept, bool cheaper, bool *taken)
{
    int from = d->beam;
    swap_found(d, kept);
    pt_err again = widening(d, records, n, opts, from);
    *taken = again == PT_OK && (!cheaper || better(d->cost, d->prior, kept->cost, kept->prior));
    if (!*taken)
        swap_found(d, kept);
    return again == PT_ERR_ILLEGAL ? PT_OK : again;
}

/* A game found while a record's letters were chosen, in the letters
 * tried then: how it went and what it cost. */
typedef struct lettered {
    pt_move *moves;
    size_t n;
    float cost;
} lettered;

/* Keeps the game just found as tried (in room for max); false when out of
 * memory. */
static bool keep_lettered(const pt_decode *d, lettered *tried, size_t *ntried, size_t max)
{
    if (*ntried == max)
        return true;
    lettered *t = &tried[*ntried];
    t->moves = malloc(d->nplies * sizeof *t->moves + 1); /* + 1: never 0 bytes */
    if (!t->moves)
        return false;
    for (size_t k = 0; k < d->nplies; k++)
        t->moves[k] = d->plies[k].move;
    t->n = d->nplies, t->cost = d->cost;
    ++*ntried;
    return true;
}

/* The games other letters read, as rivals of the game reported: where
 * two notations explain a record nearly as well (a hand whose K reads
 * as R is English read well or Romanian read badly), the moves they
 * read otherwise are not certain, however sure each reading of them is. */
static void note_lettered(pt_decode *d, const lettered *tried, size_t ntried)
{
    size_t chosen = 0; /* the cheapest: the letters chosen */
    for (size_t i = 1; i < ntried; i++)
        if (tried[i].cost < tried[chosen].cost)
            chosen = i;
    bool noted = false;
    for (size_t i = 0; i < ntried; i++) {
        float behind = tried[i].cost - tried[chosen].cost;
        if (i != chosen && behind < BEHIND && note_rival(d, tried[i].moves, tried[i].n, behind))
            noted = true;
    }
    if (noted) {
        qsort(d->alts, d->nalts, sizeof d->alts[0], alt_by_behind);
        d->margin = d->alts[0].behind;
    }
}

static void free_lettered(lettered *tried, size_t ntried)
{
    for (size_t i = 0; i < ntried; i++)
        free(tried[i].moves);
}

/* The letters of a record whose notation is not given are decided as the
 * moves are: by the vote of its entries, and where another language reads
 * nearly as many of them, by which reading explains the records at the
 * lower cost (the vote's on a tie). One record at a time, the others kept
 * in the letters chosen so far. The games the letters not chosen read
 * are the reported game's rivals too (note_lettered). */
pt_err pt_decode_run(pt_decode *d, const pt_record *const *records, size_t n, const pt_decode_opts *opts)
{
    if (n == 0 || n > PT_DECODE_RECORDS)
        return PT_ERR_RANGE;
    const pt_lang *rivals[PT_DECODE_RECORDS][4];
    size_t nrivals[PT_DECODE_RECORDS];
    for (size_t r = 0; r < n; r++)
        d->force[r] = letters(records[r], rivals[r], 4, &nrivals[r]);
    double stop = opts && opts->max_seconds > 0 ? seconds() + opts->max_seconds : 0;
    if (d->step_memo)
        memset(d->step_memo, 0, STEP_MEMO_SIZE * sizeof *d->step_memo);
    pt_err err = widening(d, records, n, opts, 0);
    if (err != PT_OK && err != PT_ERR_ILLEGAL)
        return err;
    /* The rivals must beat the first notation's game, depth by depth. */
    size_t depths = err == PT_OK ? d->nplies + 1 : 0;
    if (depths && !room((void **)&d->bound, &d->bound_cap, depths, sizeof *d->bound, 256))
        return PT_ERR_NOMEM;
    if (depths)
        memcpy(d->bound, d->least, depths * sizeof *d->bound);
    d->nbound = depths;
    found kept = {0};
    lettered tried_games[PT_DECODE_RECORDS * 5];
    size_t ntried = 0, most = sizeof tried_games / sizeof tried_games[0];
    bool fits = err != PT_OK || keep_lettered(d, tried_games, &ntried, most);
    for (size_t r = 0; r < n; r++) {
        const pt_lang *chosen = d->force[r];
        for (size_t i = 0; i < nrivals[r] && !(stop && seconds() > stop); i++) {
            swap_found(d, &kept);
            d->force[r] = rivals[r][i];
            pt_err tried = widening(d, records, n, opts, 0);
            if (tried == PT_OK)
                fits = fits && keep_lettered(d, tried_games, &ntried, most);
            if (tried == PT_OK && (err != PT_OK || d->cost < kept.cost)) {
                err = PT_OK, chosen = rivals[r][i];
                continue;
            }
            swap_found(d, &kept); /* the reading before stands */
            if (tried != PT_OK && tried != PT_ERR_ILLEGAL) {
                free(kept.plies);
                free_lettered(tried_games, ntried);
                d->nbound = 0;
                return tried;
            }
        }
        d->force[r] = d->lang[r] = chosen;
    }
    d->nbound = 0;
    /* Read again with the letters learnt from the game found: the game
     * read then stands (its costs are not those of the first reading).
     * It starts from the beam the first reading widened to, whose
     * narrower beams lost the game then. (A first reading with one beam
     * of 32, or widened to 128 only, learnt less: 96.8% and 97.0% of the
     * selection sheets' moves instead of 97.1%.) */
    bool adapted = false; /* the game stands read with the letters learnt */
    pt_err again = PT_OK;
    if (err == PT_OK && learn(d, records, n, opts)) {
        d->adapted = true;
        again = look_again(d, records, n, opts, &kept, false, &adapted);
        d->adapted = false;
    }
    /* Looked for again where the game left an entry over, with a ply left
     * out ranked as likely there (mark_suspects); the game found then
     * stands if it costs less, at the same costs. */
    if (err == PT_OK && again == PT_OK && mark_suspects(d, records, n) && !(stop && seconds() > stop)) {
        bool taken;
        d->adapted = adapted;
        again = look_again(d, records, n, opts, &kept, true, &taken);
        d->adapted = false;
    }
    memset(d->suspect, 0, sizeof d->suspect); /* the next search suspects nothing */
    /* Looked for again through a gap on every record with the filling the
     * gap search found for it (mark_filling), at the same costs. */
    if (err == PT_OK && again == PT_OK && !(stop && seconds() > stop) && mark_filling(d, records, n, opts)) {
        bool taken;
        d->adapted = adapted;
        again = look_again(d, records, n, opts, &kept, true, &taken);
        d->adapted = false;
        d->fill_len = 0;
    }
    free(kept.plies);
    if (err == PT_OK && again == PT_OK && fits)
        note_lettered(d, tried_games, ntried);
    free_lettered(tried_games, ntried);
    if (!fits)
        return PT_ERR_NOMEM;
    return again != PT_OK ? again : err;
}

size_t pt_decode_plies(const pt_decode *d, const pt_decode_ply **plies)
{
    *plies = d->plies;
    return d->nplies;
}

float pt_decode_cost(const pt_decode *d)
{
    return d->cost;
}

float pt_decode_record_cost(const pt_decode *d, size_t r)
{
    return r < PT_DECODE_RECORDS && d->nplies ? d->record_cost[r] : INFINITY;
}

int pt_decode_left_over(const pt_decode *d, size_t r)
{
    return r < PT_DECODE_RECORDS ? d->left[r] : 0;
}

const pt_lang *pt_decode_lang(const pt_decode *d, size_t r)
{
    return r < PT_DECODE_RECORDS ? d->lang[r] : NULL;
}

float pt_decode_margin(const pt_decode *d)
{
    return d->margin;
}

size_t pt_decode_alternatives(const pt_decode *d, const pt_decode_alt **alts)
{
    *alts = d->alts;
    return d->nalts;
}

float pt_decode_confidence(float margin)
{
    return margin >= 30.0f ? 1.0f : 1.0f / (1.0f + expf(-margin));
}

bool pt_decode_timed_out(const pt_decode *d)
{
    return d->timed_out;
}
