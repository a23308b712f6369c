/*
 * record.c - one written account of a game, entry by entry.
 *
 * A record keeps what was written, not what it means: the move number and
 * column of each cell, its text (or the candidate texts OCR read in it),
 * and the marks beside it. Deciding which legal move each entry stands
 * for is the decoder's work; a record built from a sheet with slips is as
 * good a record as one of a clean game.
 */
#include "partiar.h"
#include "record/steps.h"
#include "notation/text.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

typedef struct candidate {
    size_t text; /* offset in strings */
    float score;
} candidate;

struct pt_record {
    pt_entry *entries;
    size_t nentries, entries_cap;
    candidate *cands;
    size_t ncands, cands_cap;
    pt_buf strings;
    pt_step *steps;
    size_t nsteps, steps_cap;
    int sheet;
    const pt_lang *lang;
    int result;
    bool scanned; /* read off an image by a recogniser */
};

pt_err pt_record_new(pt_record **pr)
{
    *pr = calloc(1, sizeof **pr);
    return *pr ? PT_OK : PT_ERR_NOMEM;
}

void pt_record_free(pt_record **pr)
{
    if (*pr) {
        free((*pr)->entries);
        free((*pr)->cands);
        free((*pr)->steps);
        pt_buf_free(&(*pr)->strings);
        free(*pr);
    }
    *pr = NULL;
}

void pt_record_clear(pt_record *r)
{
    r->nentries = r->ncands = r->nsteps = 0;
    r->strings.len = 0;
    r->sheet = PT_SHEET_NONE;
    r->lang = NULL;
    r->result = 0;
    r->scanned = false;
}

/* Room for one more of n items of `size` bytes in *items (cap *cap). */
static bool grow(void **items, size_t *cap, size_t n, size_t size)
{
    if (n < *cap)
        return true;
    size_t more = *cap ? 2 * *cap : 64;
    void *bigger = realloc(*items, more * size);
    if (!bigger)
        return false;
    *items = bigger;
    *cap = more;
    return true;
}

static pt_err add_texts(pt_record *r, pt_entry *e, const char *const *texts, const size_t *lens, const float *scores,
                        size_t n)
{
    e->first = (uint32_t)r->ncands;
    e->ntexts = (uint16_t)n;
    e->first_step = 0;
    e->nsteps = 0;
    e->steps_top = 0;
    for (size_t k = 0; k < n; k++) {
        if (!grow((void **)&r->cands, &r->cands_cap, r->ncands, sizeof *r->cands))
            return PT_ERR_NOMEM;
        size_t at = r->strings.len;
        if (!pt_buf_append(&r->strings, texts[k], lens[k]) || !pt_buf_append(&r->strings, "", 1))
            return PT_ERR_NOMEM;
        r->cands[r->ncands++] = (candidate){at, scores ? scores[k] : 1.0f};
    }
    if (!grow((void **)&r->entries, &r->entries_cap, r->nentries, sizeof *r->entries))
        return PT_ERR_NOMEM;
    r->entries[r->nentries++] = *e;
    return PT_OK;
}

pt_err pt_record_add(pt_record *r, const pt_entry *e, const char *const *texts, const float *scores, size_t n)
{
    if (n > UINT16_MAX)
        return PT_ERR_RANGE;
    size_t *lens = n ? malloc(n * sizeof *lens) : NULL;
    if (n && !lens)
        return PT_ERR_NOMEM;
    for (size_t k = 0; k < n; k++)
        lens[k] = strlen(texts[k]);
    pt_entry copy = *e;
    pt_err err = add_texts(r, &copy, texts, lens, scores, n);
    free(lens);
    return err;
}

pt_err pt_record_add_steps(pt_record *r, const pt_step *steps, size_t n)
{
    if (r->nentries == 0 || n > UINT16_MAX)
        return PT_ERR_RANGE;
    if (r->nsteps + n > r->steps_cap) {
        size_t cap = r->steps_cap ? r->steps_cap : 256;
        while (cap < r->nsteps + n)
            cap *= 2;
        pt_step *bigger = realloc(r->steps, cap * sizeof *bigger);
        if (!bigger)
            return PT_ERR_NOMEM;
        r->steps = bigger;
        r->steps_cap = cap;
    }
    pt_entry *e = &r->entries[r->nentries - 1];
    e->first_step = (uint32_t)r->nsteps;
    e->nsteps = (uint16_t)n;
    char text[1][STEPS_TEXT_MAX];
    e->steps_top = steps_best(steps, n, text, &e->steps_top, 1) ? e->steps_top : 0;
    if (n)
        memcpy(r->steps + r->nsteps, steps, n * sizeof *steps);
    r->nsteps += n;
    return PT_OK;
}

size_t pt_record_steps(const pt_record *r, const pt_entry *e, const pt_step **steps)
{
    *steps = e->nsteps ? r->steps + e->first_step : NULL;
    return e->nsteps;
}

static int sheet_of(const char *value)
{
    if (!value)
        return PT_SHEET_NONE;
    if (strcasecmp(value, "white") == 0)
        return PT_SHEET_WHITE;
    if (strcasecmp(value, "black") == 0)
        return PT_SHEET_BLACK;
    if (strcasecmp(value, "arbiter") == 0)
        return PT_SHEET_ARBITER;
    return PT_SHEET_UNKNOWN;
}

/* From `least` to `most` digits at s[*i..n) as a number; -1 when fewer. */
static int digits(const char *s, size_t n, size_t *i, int least, int most)
{
    int v = 0, k = 0;
    for (; *i < n && k < most && s[*i] >= '0' && s[*i] <= '9'; ++*i, k++)
        v = v * 10 + s[*i] - '0';
    return k >= least ? v : -1;
}

/* The clock time a comment gives, in seconds: "[%clk 1:23:45]" anywhere in
 * it, or the comment being just a time, "1:23" (hours and minutes, as
 * sheets of long games have it) or "1:23:45". -1 when it gives none. */
static int clock_of(const char *s, size_t n)
{
    const char *clk = NULL;
    for (size_t i = 0; i + 5 <= n && !clk; i++)
        if (memcmp(s + i, "%clk", 4) == 0)
            clk = s + i + 4;
    size_t i = 0, end = n;
    if (clk) {
        i = (size_t)(clk - s);
        while (i < n && s[i] == ' ')
            i++;
    } else {
        while (i < n && (s[i] == ' ' || s[i] == '\n' || s[i] == '\r' || s[i] == '\t'))
            i++;
        while (end > i && (s[end - 1] == ' ' || s[end - 1] == '\n' || s[end - 1] == '\r' || s[end - 1] == '\t'))
            end--;
    }
    int h = digits(s, end, &i, 1, 3);
    if (h < 0 || i >= end || s[i++] != ':')
        return -1;
    int m = digits(s, end, &i, 2, 2);
    if (m < 0 || m > 59)
        return -1;
    int sec = 0;
    if (i < end && s[i] == ':') {
        i++;
        if ((sec = digits(s, end, &i, 2, 2)) < 0 || sec > 59)
            return -1;
    }
    if (!clk && i != end)
        return -1; /* a comment that only starts with a time */
    return h * 3600 + m * 60 + sec;
}

pt_err pt_record_from_game(pt_record *r, const pt_pgn_game *g)
{
    pt_record_clear(r);
    r->sheet = sheet_of(pt_pgn_tag_value(g, "Sheet"));
    const char *notation = pt_pgn_tag_value(g, "Notation");
    if (notation && strcasecmp(notation, "auto") != 0)
        r->lang = pt_lang_find(notation);

    size_t text_len;
    const char *text = pt_pgn_game_text(g, &text_len);
    const pt_pgn_token *tokens;
    size_t ntokens = pt_pgn_game_tokens(g, &tokens);
    int number = 1, column = PT_COLUMN_WHITE;
    bool numbered = false;
    pt_entry *last = NULL; /* the entry a mark or a clock goes with */
    for (size_t i = 0; i < ntokens; i++) {
        const pt_pgn_token *t = &tokens[i];
        const char *s = text + t->text;
        if (t->depth != 0)
            continue;
        if (t->kind == PT_TOK_NUMBER) {
            number = t->value;
            column = t->black ? PT_COLUMN_BLACK : PT_COLUMN_WHITE;
            numbered = true;
            continue;
        }
        if (t->kind == PT_TOK_RESULT) {
            r->result = t->value;
            continue;
        }
        if (t->kind == PT_TOK_COMMENT) {
            int clock = last ? clock_of(s, t->len) : -1;
            if (clock >= 0 && last->clock < 0)
                last->clock = clock;
            continue;
        }
        if (t->kind != PT_TOK_MOVE && t->kind != PT_TOK_NULL)
            continue;
        pt_entry e = {.number = number,
                      .column = (uint8_t)column,
                      .marks = numbered ? PT_ENTRY_NUMBERED : 0,
                      .clock = -1,
                      .line = t->line,
                      .column_at = t->column};
        bool dash = t->len > 0 && pt_dash_length(s, t->len) == t->len;
        bool gap = dash || (t->kind == PT_TOK_NULL && r->sheet != PT_SHEET_NONE);
        if (gap)
            e.marks |= PT_ENTRY_GAP;
        else if (t->len == 1 && s[0] == '?')
            e.marks |= PT_ENTRY_ILLEGIBLE;
        if (t->marks & PT_MARK_DRAW_OFFER)
            e.marks |= PT_ENTRY_DRAW_OFFER;
        size_t len = t->len;
        bool written = !(e.marks & (PT_ENTRY_GAP | PT_ENTRY_ILLEGIBLE));
        pt_err err = add_texts(r, &e, &s, &len, NULL, written ? 1 : 0);
        if (err != PT_OK)
            return err;
        last = &r->entries[r->nentries - 1];
        numbered = false;
        if (column == PT_COLUMN_WHITE) {
            column = PT_COLUMN_BLACK;
        } else {
            column = PT_COLUMN_WHITE;
            number++;
        }
    }
    return PT_OK;
}

size_t pt_record_entries(const pt_record *r, const pt_entry **entries)
{
    *entries = r->entries;
    return r->nentries;
}

const char *pt_record_text(const pt_record *r, const pt_entry *e, size_t k, float *score)
{
    if (k >= e->ntexts)
        return NULL;
    const candidate *c = &r->cands[e->first + k];
    if (score)
        *score = c->score;
    return r->strings.data + c->text;
}

int pt_record_sheet(const pt_record *r)
{
    return r->sheet;
}

const pt_lang *pt_record_lang(const pt_record *r)
{
    return r->lang;
}

void pt_record_set_lang(pt_record *r, const pt_lang *lang)
{
    r->lang = lang;
}

int pt_record_result(const pt_record *r)
{
    return r->result;
}

void pt_record_set_result(pt_record *r, int result)
{
    r->result = result;
}

void pt_record_set_sheet(pt_record *r, int sheet)
{
    r->sheet = sheet;
}

void pt_record_set_scanned(pt_record *r, bool scanned)
{
    r->scanned = scanned;
}

bool pt_record_scanned(const pt_record *r)
{
    return r->scanned;
}

const char *pt_record_cell(const pt_record *r, int i)
{
    if (i < 0 || (size_t)i >= r->nentries)
        return "";
    const pt_entry *e = &r->entries[i];
    if (e->marks & PT_ENTRY_GAP)
        return "-";
    if (e->marks & PT_ENTRY_ILLEGIBLE)
        return "?";
    return e->ntexts ? pt_record_text(r, e, 0, NULL) : "";
}
