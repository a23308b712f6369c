/*
 * fuzz_sheet.c - libFuzzer harness for scoresheet records and the decoder.
 *
 * The input is read as PGN (a [Sheet] tag turns the reader's sheet mode
 * on), and each of its first games becomes a record. A record must keep
 * what was written and nothing else: every main-line move token is one
 * entry, in order, whose text is that token's text, NUL-terminated (none
 * for a gap or an illegible cell); numbers and columns count on from the
 * last number written; marks, clocks, owner, notation and result are in
 * range; and the record comes out the same when made again.
 *
 * The decoder then explains one record, two (the game's and the previous
 * game's, or the game's twice), the game's beside a copy filled the way
 * OCR fills a record (several scored candidate texts an entry), and three
 * records, with a small beam, from the start position the game's tags ask
 * for. Whatever the records say, the game found must be legal from that
 * position; every entry of every record must be accounted for once and in
 * order (as a ply's entry, as an entry left over just before one, or as
 * left over at the end, which pt_decode_left_over must count); a ply's way
 * of using an entry must fit the entry (a match spells the move in some
 * notation, a gap or illegible cell is used as one and nothing else is, a
 * record that has ended stays ended); and the game's cost is its plies',
 * and the left-over entries' when there are any. The findings made of it
 * (pt_reconcile_findings, gap searches cut short at 20 ms) must be about
 * records and plies there are, each with a code and a message.
 */
#include "partiar.h"

#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* What one input costs: the decoder's search is a ply for every entry (or
 * two), each ply every legal move of each kept partial game, and each of
 * those an edit distance for each record; under the sanitizers and the
 * fuzzer's comparison hooks that is about a millisecond a ply. Longer
 * records are decoded as copies of their first entries. */
#define MAX_GAMES 4 /* games of an input made records; the first two decoded */
#define MAX_ONE   8 /* entries of a record decoded alone */
#define MAX_TWO   6 /* entries of each of two records */
#define MAX_OCR   5 /* entries of an OCR-style copy and the record beside it */
#define MAX_THREE 3 /* entries of each of three records */
#define MAX_BEAM  3

static void check(bool ok)
{
    if (!ok)
        __builtin_trap();
}

/* A cost: a number, not negative, and no infinity or NaN. */
static bool cost_ok(float c)
{
    return c >= 0 && c < 1e30f;
}

/* Checks r, the record of g, against g's tags and tokens. */
static void check_record(const pt_record *r, const pt_pgn_game *g)
{
    int owner = pt_record_sheet(r);
    check(owner >= PT_SHEET_NONE && owner <= PT_SHEET_UNKNOWN);
    check((owner == PT_SHEET_NONE) == (pt_pgn_tag_value(g, "Sheet") == NULL));
    const pt_lang *lang = pt_record_lang(r);
    bool known = lang == NULL;
    for (int i = 0; i < pt_lang_count() && !known; i++)
        known = lang == pt_lang_at(i);
    check(known);
    int result = pt_record_result(r);
    check(result >= 0 && result <= PT_RESULT_UNKNOWN);

    size_t text_len;
    const char *text = pt_pgn_game_text(g, &text_len);
    const pt_pgn_token *tokens;
    size_t ntokens = pt_pgn_game_tokens(g, &tokens);
    const pt_entry *e;
    size_t n = pt_record_entries(r, &e);
    size_t last_token = 0;
    for (size_t i = 0; i < n; i++) {
        check(e[i].column == PT_COLUMN_WHITE || e[i].column == PT_COLUMN_BLACK);
        check((e[i].marks & ~(PT_ENTRY_GAP | PT_ENTRY_ILLEGIBLE | PT_ENTRY_DRAW_OFFER | PT_ENTRY_NUMBERED)) == 0);
        int blank = e[i].marks & (PT_ENTRY_GAP | PT_ENTRY_ILLEGIBLE);
        check(blank != (PT_ENTRY_GAP | PT_ENTRY_ILLEGIBLE));
        check(e[i].ntexts == (blank ? 0 : 1));
        check(pt_record_text(r, &e[i], e[i].ntexts, NULL) == NULL);
        check(e[i].clock >= -1 && e[i].clock <= 999 * 3600 + 59 * 60 + 59);
        check(e[i].number >= 0);
        /* Counted on from the cell before when no number was written. */
        if (!(e[i].marks & PT_ENTRY_NUMBERED)) {
            int number = i ? e[i - 1].number + (e[i - 1].column == PT_COLUMN_BLACK) : 1;
            int column = i ? !e[i - 1].column : PT_COLUMN_WHITE;
            check(e[i].number == number && e[i].column == column);
        }
        /* The entry is the main-line move token written where it says. */
        size_t k = pt_pgn_token_at(g, e[i].line, e[i].column_at);
        check(k < ntokens && (i == 0 || k > last_token));
        last_token = k;
        const pt_pgn_token *t = &tokens[k];
        check(t->depth == 0 && (t->kind == PT_TOK_MOVE || t->kind == PT_TOK_NULL));
        check(t->text + t->len <= text_len && t->len > 0);
        check(!(e[i].marks & PT_ENTRY_DRAW_OFFER) == !(t->marks & PT_MARK_DRAW_OFFER));
        if (e[i].ntexts) {
            float score = 0;
            const char *s = pt_record_text(r, &e[i], 0, &score);
            check(s != NULL && score == 1.0f);
            check(strlen(s) == t->len && memcmp(s, text + t->text, t->len) == 0);
        }
    }
    /* Every main-line move token is an entry. */
    size_t moves = 0;
    for (size_t k = 0; k < ntokens; k++)
        moves += tokens[k].depth == 0 && (tokens[k].kind == PT_TOK_MOVE || tokens[k].kind == PT_TOK_NULL);
    check(moves == n);
}

/* A copy of r's first entries (at most max) made with pt_record_add. With
 * ocr, as OCR fills a record: each entry's text and its neighbours' as
 * candidates, scored from the input's bytes, and a gap now and then given
 * texts too. A copy has no notation: the decoder reads it in English. */
static const pt_record *copy_of(pt_record *to, const pt_record *r, size_t max, bool ocr, const uint8_t *data,
                                size_t size)
{
    pt_record_clear(to);
    const pt_entry *e;
    size_t n = pt_record_entries(r, &e);
    if (n > max)
        n = max;
    for (size_t i = 0; i < n; i++) {
        const char *texts[3];
        float scores[3];
        size_t ntexts = 0;
        for (size_t j = i; j < n && j < i + (ocr ? 3 : 1); j++) {
            const char *s = pt_record_text(r, &e[j], 0, NULL);
            if (s) {
                texts[ntexts] = s;
                scores[ntexts] = ocr ? (float)data[(i + j) % size] / 255.0f : 1.0f;
                ntexts++;
            }
        }
        if (e[i].ntexts == 0 && (!ocr || data[i % size] & 1))
            ntexts = 0; /* a gap stays a gap, mostly */
        pt_entry copy = e[i];
        copy.ntexts = 99, copy.first = 12345; /* set by pt_record_add */
        check(pt_record_add(to, &copy, texts, scores, ntexts) == PT_OK);
        const pt_entry *got;
        check(pt_record_entries(to, &got) == i + 1);
        check(got[i].ntexts == ntexts && got[i].number == e[i].number && got[i].column == e[i].column &&
              got[i].marks == e[i].marks && got[i].clock == e[i].clock && got[i].line == e[i].line &&
              got[i].column_at == e[i].column_at);
        for (size_t k = 0; k <= ntexts; k++) {
            float score = -1;
            const char *s = pt_record_text(to, &got[i], k, &score);
            check(k == ntexts ? s == NULL : s != NULL && strcmp(s, texts[k]) == 0 && score == scores[k]);
        }
    }
    check(pt_record_sheet(to) == PT_SHEET_NONE && pt_record_lang(to) == NULL && pt_record_result(to) == 0);
    return to;
}

/* r itself when it has at most max entries (its notation kept), else a
 * copy of its first max entries in to. */
static const pt_record *capped(pt_record *to, const pt_record *r, size_t max, const uint8_t *data, size_t size)
{
    const pt_entry *e;
    return pt_record_entries(r, &e) <= max ? r : copy_of(to, r, max, false, data, size);
}

/* A move's text without what says nothing of which move it is: capture
 * and check signs, dashes, glyphs, brackets, blanks; 0 read as O. */
static void bare(const char *s, char *out, size_t size)
{
    size_t n = 0;
    for (; *s && n + 1 < size; s++)
        if (!strchr("x:+#=-!?()/. ", *s))
            out[n++] = *s == '0' ? 'O' : *s;
    out[n] = '\0';
}

/* Whether a candidate text of entry e spells move m of pos: it reads as
 * m, or it is m's spelling but for the signs bare() drops, in some
 * notation (the record's, or the one the decoder found for it). */
static bool spells(const pt_record *r, const pt_entry *e, const pt_pos *pos, pt_move m)
{
    for (size_t k = 0; k < e->ntexts; k++) {
        const char *s = pt_record_text(r, e, k, NULL);
        char got[4 * PT_SAN_MAX], want[4 * PT_SAN_MAX], san[PT_SAN_MAX];
        bare(s, got, sizeof got);
        for (int l = -1; l < pt_lang_count(); l++) {
            const pt_lang *lang = l < 0 ? pt_record_lang(r) : pt_lang_at(l);
            if (l < 0 && !lang)
                continue;
            pt_move read;
            pt_move_text mt;
            if (pt_san_read(pos, lang, s, strlen(s), &read, &mt) == PT_OK && read == m)
                return true;
            bare(pt_san_write(pos, m, lang, PT_NOTATION_SAN, san), want, sizeof want);
            if (strcmp(got, want) == 0)
                return true;
        }
    }
    return false;
}

/* Runs the decoder on n records from start and checks what it found. */
static void check_decode(pt_decode *d, const pt_record *const *records, size_t n, const pt_pos *start, int beam)
{
    pt_decode_opts opts = {.beam = beam, .start = start};
    check(pt_decode_run(d, records, n, &opts) == PT_OK);
    const pt_decode_ply *plies;
    size_t nplies = pt_decode_plies(d, &plies);
    const pt_entry *entries[PT_DECODE_RECORDS];
    size_t len[PT_DECODE_RECORDS], total = 0;
    int32_t next[PT_DECODE_RECORDS]; /* the entry each record is to account for next */
    bool ended[PT_DECODE_RECORDS] = {false};
    bool begun[PT_DECODE_RECORDS] = {false};
    for (size_t r = 0; r < n; r++) {
        len[r] = pt_record_entries(records[r], &entries[r]);
        total += len[r];
        next[r] = 0;
    }
    check(nplies <= 2 * total + 3);

    pt_pos pos = *start;
    float sum = 0;
    for (size_t i = 0; i < nplies; i++) {
        const pt_decode_ply *p = &plies[i];
        pt_move legal[PT_MAX_MOVES];
        int count = pt_gen_legal(&pos, legal);
        bool found = false;
        for (int k = 0; k < count && !found; k++)
            found = legal[k] == p->move;
        check(found);
        check(cost_ok(p->cost));
        sum += p->cost;
        for (size_t r = 0; r < n; r++) {
            int32_t entry = p->entry[r], extra = p->extra[r];
            check(p->op[r] <= PT_OP_BEFORE);
            check(entry >= -1 && (size_t)(entry + 1) <= len[r]);
            check(extra >= -1 && (size_t)(extra + 1) <= len[r]);
            /* A record that begins at a later move stands for nothing
             * before it, and only before it. */
            if (p->op[r] == PT_OP_BEFORE) {
                check(entry == -1 && extra == -1 && next[r] == 0 && !begun[r]);
                continue;
            }
            begun[r] = true;
            /* Once a record has ended, it stays ended. */
            check(!ended[r] || p->op[r] == PT_OP_AFTER_END);
            if (p->op[r] == PT_OP_AFTER_END) {
                check(entry == -1 && extra == -1 && (size_t)next[r] == len[r]);
                ended[r] = true;
                continue;
            }
            if (extra >= 0) {
                check(extra == next[r] && entry >= 0);
                next[r]++;
            }
            if (p->op[r] == PT_OP_MISSING) {
                check(entry == -1 && extra == -1);
                continue;
            }
            check(entry == next[r]);
            next[r]++;
            const pt_entry *e = &entries[r][entry];
            bool blank = e->marks & (PT_ENTRY_GAP | PT_ENTRY_ILLEGIBLE);
            check(blank == (p->op[r] == PT_OP_GAP));
            if (p->op[r] == PT_OP_MATCH)
                check(spells(records[r], e, &pos, p->move));
        }
        pt_undo undo;
        pt_pos_make(&pos, p->move, &undo);
    }
    float cost = pt_decode_cost(d);
    check(cost_ok(cost));
    int left = 0;
    for (size_t r = 0; r < n; r++) {
        check(pt_decode_left_over(d, r) == (int)(len[r] - (size_t)next[r]));
        left += pt_decode_left_over(d, r);
    }
    check(pt_decode_left_over(d, PT_DECODE_RECORDS) == 0);
    /* The game's cost: its plies', and the entries left over at the end. */
    float slack = 1e-3f * (1 + sum);
    check(left ? cost >= sum - slack : cost - sum <= slack && sum - cost <= slack);

    /* What is said of it: each finding about a record there is, at plies
     * the game has, with a stable code and a message. */
    pt_reconcile_opts ro = {
        .start = start, .time_control = "40/5400:20/1800:900", .ambiguous = 2.0f, .max_seconds = 0.02};
    pt_finding *found = NULL;
    size_t nfound = 0;
    check(pt_reconcile_findings(d, records, n, &ro, &found, &nfound) == PT_OK);
    for (size_t i = 0; i < nfound; i++) {
        const pt_finding *x = &found[i];
        check(x->code != NULL && x->code[0] != '\0');
        check(x->record >= -1 && x->record < (int)n);
        check(x->ply >= -1 && x->ply <= (int)nplies && x->plies >= 0);
        check(x->ply < 0 || (size_t)x->ply + (size_t)x->plies <= nplies);
        check(memchr(x->message, '\0', sizeof x->message) != NULL);
        check(x->confidence >= 0.0f && x->confidence <= 1.0f);
    }
    free(found);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0)
        return 0;
    pt_pgn_reader *reader;
    if (pt_pgn_open_bytes(&reader, data, size) != PT_OK)
        return 0;
    pt_pgn_set_max_game(reader, 1 << 16);
    pt_pgn_game *g = NULL;
    pt_record *rec[2] = {NULL, NULL}, *cap[3] = {NULL, NULL, NULL};
    pt_decode *d = NULL;
    check(pt_pgn_game_new(&g) == PT_OK);
    check(pt_decode_new(&d) == PT_OK);
    for (int i = 0; i < 2; i++)
        check(pt_record_new(&rec[i]) == PT_OK);
    for (int i = 0; i < 3; i++)
        check(pt_record_new(&cap[i]) == PT_OK);
    /* No records, or more than the decoder takes, are refused. */
    const pt_record *none[PT_DECODE_RECORDS + 1] = {rec[0], rec[0], rec[0], rec[0]};
    check(pt_decode_run(d, none, 0, NULL) == PT_ERR_RANGE);
    check(pt_decode_run(d, none, PT_DECODE_RECORDS + 1, NULL) == PT_ERR_RANGE);

    int beam = 1 + (int)((size + data[size - 1]) % MAX_BEAM);
    int games = 0;
    pt_pos start[2];
    for (; games < MAX_GAMES && pt_pgn_next(reader, g) == PT_OK; games++) {
        pt_record *r = rec[games & 1];
        check(pt_record_from_game(r, g) == PT_OK);
        check_record(r, g);
        /* Made again in the same object, the record is the same. */
        const pt_entry *e;
        size_t n = pt_record_entries(r, &e);
        int number = n ? e[n - 1].number : 0, clock = n ? e[n - 1].clock : 0;
        check(pt_record_from_game(r, g) == PT_OK);
        check(pt_record_entries(r, &e) == n);
        check(!n || (e[n - 1].number == number && e[n - 1].clock == clock));
        if (games >= 2)
            continue;
        char why[256];
        if (!pt_replay_start(g, &start[games], why, sizeof why))
            pt_pos_startpos(&start[games]);
        if (games == 1) {
            /* This game's record beside the previous game's: another
             * game, perhaps, but every entry of both must be accounted for. */
            const pt_record *two[2] = {capped(cap[0], rec[1], MAX_TWO, data, size),
                                       capped(cap[1], rec[0], MAX_TWO, data, size)};
            check_decode(d, two, 2, &start[1], beam);
            continue;
        }
        /* One record, as it is when it is small. */
        const pt_record *one = capped(cap[0], r, MAX_ONE, data, size);
        check_decode(d, &one, 1, &start[0], beam);
        /* An OCR-style record beside the one written; then three. */
        const pt_record *three[3] = {copy_of(cap[1], r, MAX_OCR, true, data, size),
                                     capped(cap[0], r, MAX_OCR, data, size), NULL};
        check_decode(d, three, 2, &start[0], beam);
        three[0] = copy_of(cap[1], r, MAX_THREE, true, data, size);
        three[1] = capped(cap[0], r, MAX_THREE, data, size);
        three[2] = three[0];
        check_decode(d, three, 3, &start[0], beam);
    }
    if (games == 1) {
        /* One game: its record twice. */
        const pt_record *two[2] = {capped(cap[0], rec[0], MAX_TWO, data, size), NULL};
        two[1] = two[0];
        check_decode(d, two, 2, &start[0], beam);
    }
    pt_decode_free(&d);
    for (int i = 0; i < 2; i++)
        pt_record_free(&rec[i]);
    for (int i = 0; i < 3; i++)
        pt_record_free(&cap[i]);
    pt_pgn_game_free(&g);
    pt_pgn_close(&reader);
    return 0;
}
