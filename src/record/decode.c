/*
 * decode.c - the legal game that best explains the records of it.
 *
 * A beam search over legal plies. A partial game is a position, how far
 * into each record it has come and what it cost; each legal move extends
 * it, and each record accounts for that ply the cheapest way it can (its
 * next entry spells the move, with or without slips; that entry is left
 * over and the one after spells it; the record has no entry for the ply).
 * At each ply the `beam` cheapest partial games are kept, one per position
 * and place in the records. A game is finished when every record has been
 * read to its end; what is left of a record when the game can go no
 * further is left over.
 *
 * First version: the costs are constants here; they become a table in
 * models/ fitted on generated pairs of sheets.
 */
#include "partiar.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define COST_GAP       1.0f /* a gap or illegible cell stands for a move */
#define COST_MISSING   3.0f /* the record has no entry for a ply */
#define COST_EXTRA     3.0f /* an entry that is no ply */
#define COST_LEFT_OVER 6.0f /* an entry after the game's last ply: the game is likelier cut short */
#define COST_AFTER_END 0.5f /* a ply after the record ended (another goes on) */
#define COST_MISREAD   1.0f /* a slip, plus COST_EDIT for each edit */
#define COST_EDIT      1.5f
#define MAX_EDITS      2.0f /* further from the move's spelling: a wrong entry */
#define COST_WRONG     5.0f /* an entry that stands for the ply but spells another move */
#define NO_WAY         1e9f
#define RANK_LEFT      2.0f /* ranks partial games: each entry not yet read */

typedef struct node {
    pt_pos pos;
    int32_t parent;
    int32_t at[PT_DECODE_RECORDS]; /* the next entry of each record */
    float cost;
    pt_decode_ply ply; /* the ply that led here */
} node;

struct pt_decode {
    node *nodes;
    size_t nnodes, cap;
    pt_decode_ply *plies;
    size_t nplies, plies_cap;
    float cost;
    int left[PT_DECODE_RECORDS];
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
        free((*pd)->plies);
        free(*pd);
    }
    *pd = NULL;
}

static bool add_node(pt_decode *d, const node *n)
{
    if (d->nnodes == d->cap) {
        size_t more = d->cap ? 2 * d->cap : 1024;
        node *bigger = realloc(d->nodes, more * sizeof *bigger);
        if (!bigger)
            return false;
        d->nodes = bigger;
        d->cap = more;
    }
    d->nodes[d->nnodes++] = *n;
    return true;
}

/* Letters a hand or a reader confuses, at half the cost of another. */
static bool confusable(char a, char b)
{
    static const char *const pairs[] = {"S5", "s5", "b6", "G6", "l1", "I1", "O0", "o0", "g9", "B8", "D0", "Z2", "z2"};
    for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++)
        if ((a == pairs[i][0] && b == pairs[i][1]) || (a == pairs[i][1] && b == pairs[i][0]))
            return true;
    return false;
}

/* A move's text without the marks that carry no information about which
 * move it is (capture, check, promotion sign, dashes, glyphs). */
static size_t bare(const char *s, char *out, size_t size)
{
    size_t n = 0;
    for (; *s && n + 1 < size; s++)
        if (!strchr("x:+#=-!?()/ ", *s))
            out[n++] = *s == '0' ? 'O' : *s;
    out[n] = '\0';
    return n;
}

/* Edits from a to b, a confusable letter for another counting half. */
static float edits(const char *a, size_t na, const char *b, size_t nb)
{
    float row[PT_SAN_MAX + 1], prev[PT_SAN_MAX + 1];
    if (na > PT_SAN_MAX || nb > PT_SAN_MAX)
        return NO_WAY;
    for (size_t j = 0; j <= nb; j++)
        prev[j] = (float)j;
    for (size_t i = 1; i <= na; i++) {
        row[0] = (float)i;
        for (size_t j = 1; j <= nb; j++) {
            float sub = a[i - 1] == b[j - 1] ? 0.0f : confusable(a[i - 1], b[j - 1]) ? 0.5f : 1.0f;
            float best = prev[j - 1] + sub;
            if (prev[j] + 1 < best)
                best = prev[j] + 1;
            if (row[j - 1] + 1 < best)
                best = row[j - 1] + 1;
            row[j] = best;
        }
        memcpy(prev, row, (nb + 1) * sizeof *row);
    }
    return prev[nb];
}

/* The piece type a text starts with in lang (English as well), or -1. */
static int piece_at(const pt_lang *lang, const char *t, size_t n, size_t *used)
{
    int type;
    if (lang && (*used = pt_lang_match_piece(lang, t, n, &type)) > 0)
        return type;
    if ((*used = pt_lang_match_piece(pt_lang_at(0), t, n, &type)) > 0)
        return type;
    return -1;
}

/* How far text is from move m of pos by what it says rather than how it
 * is spelt: the piece, the destination a square off, a needless or wrong
 * from-square, and the descriptive "BxN" (a bishop takes a knight). */
static float meaning_cost(const pt_pos *pos, const pt_lang *lang, const char *t, pt_move m)
{
    size_t n = strlen(t), used;
    int from = pt_move_from(m), to = pt_move_to(m);
    int mover = PT_TYPE_OF(pos->board[from]);
    bool castle = pt_move_kind(m) == PT_MOVE_CASTLING;
    int taken = castle || pos->board[to] == PT_NO_PIECE ? -1 : PT_TYPE_OF(pos->board[to]);
    /* "BxN", "NxP", "KxQ": the mover and what it takes. */
    int a = piece_at(lang, t, n, &used);
    if (a >= 0 && used < n && (t[used] == 'x' || t[used] == ':')) {
        size_t more;
        int b = piece_at(lang, t + used + 1, n - used - 1, &more);
        if (b >= 0 && used + 1 + more == n)
            return a == mover && b == taken ? COST_MISREAD : NO_WAY;
    }
    pt_move_text mt;
    size_t bad;
    if (pt_move_text_parse(lang ? lang : pt_lang_at(0), t, n, &mt, &bad) != PT_OK)
        return NO_WAY;
    if (mt.castle)
        return castle && (mt.castle == 1) == (to % 8 > from % 8) ? COST_MISREAD : NO_WAY;
    if (castle || mt.to == PT_NO_SQ)
        return NO_WAY;
    float c = COST_MISREAD;
    int written = mt.piece == PT_NO_TYPE ? PT_PAWN : mt.piece;
    c += written == mover ? 0.0f : COST_EDIT;
    int df = abs(mt.to % 8 - to % 8), dr = abs(mt.to / 8 - to / 8);
    c += df + dr == 0 ? 0.0f : df + dr == 1 ? COST_EDIT : NO_WAY;
    if (mt.from_file >= 0 && mt.from_file != from % 8)
        c += COST_EDIT;
    if (mt.from_rank >= 0 && mt.from_rank != from / 8)
        c += COST_EDIT;
    return c;
}

/* What one record's entry costs as move m (spelt san in its letters):
 * *op says how it stands for it. */
static float entry_cost(const pt_record *rec, const pt_entry *e, const pt_pos *pos, pt_move read, pt_move m,
                        const char *san, pt_op *op)
{
    if (e->marks & (PT_ENTRY_GAP | PT_ENTRY_ILLEGIBLE)) {
        *op = PT_OP_GAP;
        return COST_GAP;
    }
    if (read == m) {
        *op = PT_OP_MATCH;
        return 0.0f;
    }
    float best = NO_WAY;
    char want[PT_SAN_MAX + 1], got[PT_SAN_MAX + 1];
    size_t nw = bare(san, want, sizeof want);
    for (size_t k = 0; k < e->ntexts; k++) {
        size_t ng = bare(pt_record_text(rec, e, k, NULL), got, sizeof got);
        float d = edits(got, ng, want, nw);
        if (d <= MAX_EDITS && COST_MISREAD + COST_EDIT * d < best)
            best = COST_MISREAD + COST_EDIT * d;
        float meant = meaning_cost(pos, pt_record_lang(rec), pt_record_text(rec, e, k, NULL), m);
        if (meant < best)
            best = meant;
    }
    *op = PT_OP_MISREAD;
    return best < COST_WRONG ? best : COST_WRONG;
}

/* The move entry e spells in pos, or PT_MOVE_NONE. */
static pt_move read_entry(const pt_record *rec, const pt_entry *e, const pt_pos *pos)
{
    if (e->ntexts == 0)
        return PT_MOVE_NONE;
    const char *t = pt_record_text(rec, e, 0, NULL);
    pt_move m;
    pt_move_text mt;
    const pt_lang *lang = pt_record_lang(rec);
    return pt_san_read(pos, lang ? lang : pt_lang_at(0), t, strlen(t), &m, &mt) == PT_OK ? m : PT_MOVE_NONE;
}

typedef struct candidate {
    int32_t parent;
    float cost;
    float rank; /* cost, and what the entries not yet read would cost left over */
    pt_decode_ply ply;
    int32_t at[PT_DECODE_RECORDS];
} candidate;

static int by_cost(const void *a, const void *b)
{
    float x = ((const candidate *)a)->rank, y = ((const candidate *)b)->rank;
    return (x > y) - (x < y);
}

typedef struct search {
    const pt_record *const *records;
    size_t n;
    const pt_entry *entries[PT_DECODE_RECORDS];
    size_t len[PT_DECODE_RECORDS];
} search;

/* What is left of each record from node n on, as entries left over. */
static float leftover_cost(const search *s, const node *n)
{
    float c = 0;
    for (size_t r = 0; r < s->n; r++)
        c += COST_LEFT_OVER * (float)(s->len[r] - (size_t)n->at[r]);
    return c;
}

static bool finished(const search *s, const node *n)
{
    for (size_t r = 0; r < s->n; r++)
        if ((size_t)n->at[r] < s->len[r])
            return false;
    return true;
}

/* The candidates of every legal move after node `from`, appended to *c. */
static bool expand(const search *s, const pt_decode *d, int32_t from, candidate **c, size_t *nc, size_t *cap)
{
    const node *n = &d->nodes[from];
    pt_move moves[PT_MAX_MOVES];
    int count = pt_gen_legal(&n->pos, moves);
    /* Each record's next two entries, read once in this position. */
    pt_move read[PT_DECODE_RECORDS][2];
    for (size_t r = 0; r < s->n; r++)
        for (int k = 0; k < 2; k++) {
            size_t at = (size_t)n->at[r] + (size_t)k;
            read[r][k] = at < s->len[r] ? read_entry(s->records[r], &s->entries[r][at], &n->pos) : PT_MOVE_NONE;
        }
    for (int i = 0; i < count; i++) {
        candidate cand = {.parent = from, .cost = n->cost};
        cand.ply.move = moves[i];
        char san[PT_SAN_MAX];
        const pt_lang *san_lang = NULL;
        for (size_t r = 0; r < s->n; r++) {
            const pt_record *rec = s->records[r];
            if (r == 0 || pt_record_lang(rec) != san_lang) /* records in one language share it */
                pt_san_write(&n->pos, moves[i], san_lang = pt_record_lang(rec), PT_NOTATION_SAN, san);
            size_t at = (size_t)n->at[r];
            pt_op op = PT_OP_AFTER_END;
            float best = COST_AFTER_END;
            int32_t entry = -1, extra = -1, next = (int32_t)at;
            if (at < s->len[r]) {
                /* The ways compared as they rank: an entry read is one the
                 * game need not leave over. Else a ply written nowhere would
                 * always be cheaper than a slip, and the record never read. */
                best = entry_cost(rec, &s->entries[r][at], &n->pos, read[r][0], moves[i], san, &op);
                entry = (int32_t)at, next = (int32_t)at + 1;
                float rank = best - RANK_LEFT;
                if (COST_MISSING < rank) {
                    best = rank = COST_MISSING, op = PT_OP_MISSING, entry = -1, next = (int32_t)at;
                }
                if (at + 1 < s->len[r]) {
                    pt_op op2;
                    float c2 =
                        COST_EXTRA + entry_cost(rec, &s->entries[r][at + 1], &n->pos, read[r][1], moves[i], san, &op2);
                    if (c2 - 2 * RANK_LEFT < rank) {
                        best = c2, op = op2, entry = (int32_t)at + 1, extra = (int32_t)at, next = (int32_t)at + 2;
                    }
                }
            }
            cand.ply.op[r] = (uint8_t)op;
            cand.ply.entry[r] = entry;
            cand.ply.extra[r] = extra;
            cand.at[r] = next;
            cand.cost += best;
            cand.ply.cost += best;
        }
        cand.rank = cand.cost;
        for (size_t r = 0; r < s->n; r++)
            cand.rank += RANK_LEFT * (float)(s->len[r] - (size_t)cand.at[r]);
        if (*nc == *cap) {
            size_t more = *cap ? 2 * *cap : 4096;
            candidate *bigger = realloc(*c, more * sizeof *bigger);
            if (!bigger)
                return false;
            *c = bigger;
            *cap = more;
        }
        (*c)[(*nc)++] = cand;
    }
    return true;
}

/* Whether a kept node already has this position and place in the records. */
static bool seen(const pt_decode *d, size_t from, const node *n, size_t records)
{
    for (size_t i = from; i < d->nnodes; i++) {
        const node *o = &d->nodes[i];
        if (o->pos.key == n->pos.key && memcmp(o->at, n->at, records * sizeof n->at[0]) == 0)
            return true;
    }
    return false;
}

pt_err pt_decode_run(pt_decode *d, const pt_record *const *records, size_t n, const pt_decode_opts *opts)
{
    if (n == 0 || n > PT_DECODE_RECORDS)
        return PT_ERR_RANGE;
    search s = {.records = records, .n = n};
    size_t total = 0;
    for (size_t r = 0; r < n; r++) {
        s.len[r] = pt_record_entries(records[r], &s.entries[r]);
        total += s.len[r];
    }
    size_t beam = opts && opts->beam > 0 ? (size_t)opts->beam : 64;
    d->nnodes = d->nplies = 0;
    node root = {.parent = -1};
    if (opts && opts->start)
        root.pos = *opts->start;
    else
        pt_pos_startpos(&root.pos);
    if (!add_node(d, &root))
        return PT_ERR_NOMEM;

    candidate *c = NULL;
    size_t cap = 0;
    size_t first = 0, last = 1; /* the frontier: nodes[first..last) */
    int32_t best = -1;
    float best_cost = NO_WAY;
    /* A game has at most a ply for every entry, and a ply for every entry
     * of the longest record missing from the others. */
    for (size_t depth = 0; depth <= 2 * total + 2 && first < last; depth++) {
        size_t nc = 0;
        for (size_t i = first; i < last; i++) {
            const node *o = &d->nodes[i];
            float end = o->cost + leftover_cost(&s, o);
            if (end < best_cost) {
                best_cost = end;
                best = (int32_t)i;
            }
            if (finished(&s, o) || o->cost >= best_cost)
                continue; /* nothing more to read, or no cheaper way on */
            if (!expand(&s, d, (int32_t)i, &c, &nc, &cap)) {
                free(c);
                return PT_ERR_NOMEM;
            }
        }
        qsort(c, nc, sizeof *c, by_cost);
        size_t next = d->nnodes;
        for (size_t k = 0; k < nc && d->nnodes - next < beam && c[k].cost < best_cost; k++) {
            node m = {.parent = c[k].parent, .cost = c[k].cost, .ply = c[k].ply};
            memcpy(m.at, c[k].at, sizeof m.at);
            m.pos = d->nodes[c[k].parent].pos;
            pt_undo undo;
            pt_pos_make(&m.pos, c[k].ply.move, &undo);
            if (seen(d, next, &m, n))
                continue;
            if (!add_node(d, &m)) {
                free(c);
                return PT_ERR_NOMEM;
            }
        }
        first = next;
        last = d->nnodes;
        if (getenv("PT_DECODE_DEBUG"))
            fprintf(stderr, "depth %zu: %zu candidates, %zu kept, best final %.1f, first kept %.1f\n", depth, nc,
                    last - first, best_cost, last > first ? d->nodes[first].cost : -1.0);
    }
    free(c);

    /* The best game, from its last ply back. */
    size_t plies = 0;
    for (int32_t i = best; i > 0; i = d->nodes[i].parent)
        plies++;
    if (plies > d->plies_cap) {
        pt_decode_ply *bigger = realloc(d->plies, plies * sizeof *bigger);
        if (!bigger)
            return PT_ERR_NOMEM;
        d->plies = bigger;
        d->plies_cap = plies;
    }
    d->nplies = plies;
    for (int32_t i = best; i > 0; i = d->nodes[i].parent)
        d->plies[--plies] = d->nodes[i].ply;
    d->cost = best_cost;
    for (size_t r = 0; r < n; r++)
        d->left[r] = (int)(s.len[r] - (size_t)d->nodes[best].at[r]);
    return PT_OK;
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

int pt_decode_left_over(const pt_decode *d, size_t r)
{
    return r < PT_DECODE_RECORDS ? d->left[r] : 0;
}
