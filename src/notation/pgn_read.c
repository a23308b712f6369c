/*
 * pgn_read.c - the streaming PGN reader.
 *
 * The reader keeps the raw bytes of the current game in one buffer and
 * scans tokens off its front. A token is taken only once all of it is in
 * the buffer; otherwise more input is read and the scan is tried again, so
 * a game may arrive in any number of pieces. A game ends at a result token
 * outside variations, at a '[' once moves have begun, at a tag name that
 * repeats (games with tags and no moves), or at the end of the input. The
 * bytes after that point stay in the buffer for the next game, so a syntax
 * error never costs more than its own game.
 */
#include "notation/pgn_game.h"
#include "notation/text.h"
#include "util/inline.h"

#include <assert.h>
#include <pthread.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#if defined(__SSSE3__)
#include <tmmintrin.h>
#elif defined(__SSE2__)
#include <emmintrin.h>
#endif

#define READ_CHUNK ((size_t)1 << 16)
/* The longest tag value a game too large to read keeps (drop_huge_game). */
#define HUGE_TAG_BYTES 1024

struct pt_pgn_reader {
    pt_read_fn read;
    void *ctx;
    unsigned char *mem; /* the allocation, cap bytes */
    size_t cap;
    const unsigned char *buf; /* the current game onwards: len bytes within mem,
                                 or the caller's (pt_pgn_open_bytes) */
    size_t len;
    bool eof;
    bool more_follows; /* see pt_pgn_set_more_follows() */
    bool between;      /* see pt_pgn_ended_between_games() */
    uint64_t offset;   /* bytes of the input before buf[0] */
    long games;
    int line;        /* line number of buf[0] */
    long line_start; /* where that line starts in buf; negative: earlier */
    int column_base; /* characters of that line before buf[0] */
    size_t max_game;
    const bool *plain; /* ASCII bytes that neither end a symbol nor may open a glued "(=)" */
    /* The current game's tag names by hash, once it has many (see
     * NAMES_LISTED): each slot 0 or a tag's index + 1, at most half full. */
    uint32_t *name_slots;
    size_t name_cap, name_count;
    /* The line end line_end() found last, and where its search began, as
     * offsets in the input: a search from between the two ends there. */
    uint64_t eol_from, eol_at;
};

static bool ends_symbol(int c);

/* The table of plain bytes, the same for every reader: made once, not
 * each time a reader is opened (a reader for each piece of a check). */
static bool plain_bytes[256];
static pthread_once_t plain_once = PTHREAD_ONCE_INIT;

static void make_plain_bytes(void)
{
    for (int c = 0; c < 256; c++)
        plain_bytes[c] = c < 0x80 && c != '(' && !ends_symbol(c);
}

pt_err pt_pgn_open(pt_pgn_reader **pr, pt_read_fn read, void *ctx)
{
    *pr = NULL;
    pt_pgn_reader *r = calloc(1, sizeof *r);
    if (!r)
        return PT_ERR_NOMEM;
    pthread_once(&plain_once, make_plain_bytes);
    r->read = read;
    r->ctx = ctx;
    r->line = 1;
    r->between = true;
    r->max_game = PT_PGN_MAX_GAME;
    r->plain = plain_bytes;
    *pr = r;
    return PT_OK;
}

pt_err pt_pgn_open_bytes(pt_pgn_reader **pr, const unsigned char *b, size_t len)
{
    pt_err err = pt_pgn_open(pr, NULL, NULL);
    if (err != PT_OK)
        return err;
    /* All the input at once: fill() is not called once eof is set, and
     * mem (NULL) is what close frees. */
    (*pr)->buf = b;
    (*pr)->len = len;
    (*pr)->eof = true;
    return PT_OK;
}

pt_err pt_pgn_reset_bytes(pt_pgn_reader *r, const unsigned char *b, size_t len)
{
    if (r->read)
        return PT_ERR_RANGE; /* a reader of a stream, not of bytes */
    uint32_t *slots = r->name_slots;
    size_t cap = r->name_cap, max_game = r->max_game;
    if (r->name_count)
        memset(slots, 0, cap * sizeof *slots);
    *r = (pt_pgn_reader){.buf = b,
                         .len = len,
                         .eof = true,
                         .between = true,
                         .line = 1,
                         .max_game = max_game,
                         .plain = plain_bytes,
                         .name_slots = slots,
                         .name_cap = cap};
    return PT_OK;
}

void pt_pgn_set_more_follows(pt_pgn_reader *r, bool more)
{
    r->more_follows = more;
}

void pt_pgn_set_max_game(pt_pgn_reader *r, size_t bytes)
{
    r->max_game = bytes < PT_PGN_MAX_GAME ? bytes : PT_PGN_MAX_GAME;
}

void pt_pgn_close(pt_pgn_reader **pr)
{
    if (*pr) {
        free((*pr)->mem);
        free((*pr)->name_slots);
    }
    free(*pr);
    *pr = NULL;
}

/* Reads more input; false at the end or when memory runs out. Finished
 * games are dropped from the front of the buffer only when room is
 * needed, so that moving the rest costs once per buffer, not per game. */
static bool fill(pt_pgn_reader *r)
{
    if (r->eof)
        return false;
    size_t used = r->mem ? (size_t)(r->buf - r->mem) + r->len : 0;
    if (r->mem && used == r->cap && r->buf != r->mem) {
        memmove(r->mem, r->buf, r->len);
        r->buf = r->mem;
        used = r->len;
    }
    if (used == r->cap) {
        size_t want = r->cap ? r->cap * 2 : READ_CHUNK / 4;
        unsigned char *bigger = realloc(r->mem, want);
        if (!bigger)
            return false;
        r->mem = bigger;
        r->buf = bigger;
        r->cap = want;
    }
    /* Ask for at least as much as is waiting: a token that spans many
     * reads is scanned again from its start after each, so reads that
     * grow with it keep a 20 MB comment linear rather than quadratic. */
    size_t room = r->cap - used, want = r->len > READ_CHUNK ? r->len : READ_CHUNK;
    /* But never past the largest game and a chunk, so that a game too
     * large is seen to be (at STEP_MORE) before all of it is held. */
    size_t most = r->max_game + READ_CHUNK;
    if (r->len < most && want > most - r->len)
        want = most - r->len;
    size_t got = r->read(r->ctx, r->mem + used, room < want ? room : want);
    if (got == 0)
        r->eof = true;
    r->len += got;
    return got > 0;
}

/* Scanning state for one game. */
typedef struct scan {
    pt_pgn_reader *r;
    pt_pgn_game *g;
    size_t pos;
    int line;
    long line_start;
    int depth;
    bool in_moves;
    bool nul_reported;
    bool deep_reported;
    bool skipped;    /* an escape line or byte order mark, before any token */
    bool sheet;      /* a scoresheet's record ([Sheet]): '-' and '?' are cells */
    bool result_end; /* the game's termination marker was read */
    bool trailing;   /* after it, taking the comments that follow */
    int last_line;   /* line of the last token taken */
    int top_moves;   /* moves taken on the main line */
    long strays;     /* stray texts: the first is reported, then counted */
    size_t stray_diag;
    uint64_t names; /* a bit for each tag name taken: see name_bit() */
} scan;

typedef enum step {
    STEP_TOKEN,     /* a token (or nothing worth one) was taken */
    STEP_MORE,      /* the buffer ended inside a token: read more */
    STEP_GAME_END,  /* the game ends at s->pos */
    STEP_INPUT_END, /* no more input */
    STEP_TOO_LARGE, /* the game has more tokens than a game of the largest size may */
    STEP_NOMEM
} step;

static int byte_at(const scan *s, size_t i)
{
    return i < s->r->len ? s->r->buf[i] : -1;
}

/* Moves to `to`, counting the lines passed: LF, CR LF or a lone CR. */
static void advance(scan *s, size_t to)
{
    const unsigned char *b = s->r->buf;
    size_t n = s->r->len;
    for (size_t i = s->pos; i < to; i++) {
        if (b[i] == '\n' || (b[i] == '\r' && (i + 1 >= n || b[i + 1] != '\n'))) {
            s->line++;
            s->line_start = (long)i + 1;
        }
    }
    s->pos = to;
}

/* Moves to `to` over text known to hold no line end (one symbol). */
static void step_over(scan *s, size_t to)
{
    s->pos = to;
}

static step diag_here(scan *s, int severity, pt_code code, size_t at, const char *message)
{
    if (pt_pgn_raw_diag(s->g, severity, code, s->line, s->line_start, at, "%s", message) != PT_OK)
        return STEP_NOMEM;
    return STEP_TOKEN;
}

/* The column of offset at on the current line, counted in bytes: right
 * where every byte is a character, and pt_pgn_finish_game() counts
 * characters instead in the rare game where not. */
PT_INLINE int byte_column(const scan *s, size_t at)
{
    return 1 + (s->line_start < 0 ? s->r->column_base + (int)at : (int)(at - (size_t)s->line_start));
}

/* Grows the game's tokens for one more, to no more than the largest game
 * allows: they count against its size as its bytes do ("()" makes two
 * tokens of 28 bytes from two bytes of text). False at that size, or when
 * memory runs out. */
static bool room_for_token(scan *s)
{
    pt_pgn_game *g = s->g;
    size_t most = s->r->max_game / sizeof *g->tokens;
    if (g->ntokens >= most)
        return false;
    size_t cap = g->tokens_cap ? 2 * g->tokens_cap : 64;
    if (cap > most)
        cap = most;
    pt_pgn_token *more = realloc(g->tokens, cap * sizeof *more);
    if (!more)
        return false;
    g->tokens = more;
    g->tokens_cap = cap;
    return true;
}

/* Inlined: called once a token, and the call cost more than its work. */
PT_INLINE step add_token(scan *s, int kind, size_t start, size_t len, int value)
{
    /* A comment before any tag or move may precede the game's tags. */
    s->in_moves |= kind != PT_TOK_COMMENT;
    if (s->depth > PT_PGN_MAX_DEPTH)
        return STEP_TOKEN; /* too deep: reported once, not kept */
    pt_pgn_game *g = s->g;
    if (g->ntokens == g->tokens_cap && !room_for_token(s))
        return g->ntokens >= s->r->max_game / sizeof *g->tokens ? STEP_TOO_LARGE : STEP_NOMEM;
    g->tokens[g->ntokens++] = (pt_pgn_token){.kind = (uint8_t)kind,
                                             .depth = (uint16_t)s->depth,
                                             .value = value,
                                             .text = start,
                                             .len = len,
                                             .line = s->line,
                                             .column = byte_column(s, start)};
    if (kind == PT_TOK_MOVE && s->depth == 0) {
        s->top_moves++;
        unsigned char first = s->r->buf[start];
        g->initials[first >> 6] |= (uint64_t)1 << (first & 63);
    }
    return STEP_TOKEN;
}

/* Offset of the end of the line containing pos (its newline or the end of
 * the buffer), and whether that end is known (newline seen or input over).
 * A line of many tags is searched once, not once a tag: 200000 tags on
 * one line took 20 s. */
static size_t line_end(const scan *s, size_t pos, bool *known)
{
    pt_pgn_reader *r = s->r;
    uint64_t at = r->offset + pos;
    if (r->eol_from <= at && at < r->eol_at && r->eol_at - r->offset < r->len) {
        *known = true;
        return (size_t)(r->eol_at - r->offset);
    }
    /* memchr for the LF, then for a CR before it: two library scans cost
     * less than one test of each byte against both. */
    const unsigned char *b = r->buf, *lf = memchr(b + pos, '\n', r->len - pos);
    size_t end = lf ? (size_t)(lf - b) : r->len;
    const unsigned char *cr = memchr(b + pos, '\r', end - pos);
    size_t i = cr ? (size_t)(cr - b) : end;
    *known = i < r->len || r->eof;
    if (i < r->len) {
        r->eol_from = at;
        r->eol_at = r->offset + i;
    }
    return i;
}

static bool is_blank(int c)
{
    return c == ' ' || c == '\t' || c == '\f' || c == '\v';
}

/* A tag name's bit in scan.names. A name whose bit is clear has not been
 * seen, so most tags skip the search for a repeated name. The first and
 * the last two letters and the length: online games' tags share their
 * first letters and lengths (White, WhiteElo, WhiteRatingDiff; UTCDate,
 * UTCTime). */
static uint64_t name_bit(const unsigned char *name, size_t len)
{
    unsigned last = len ? name[len - 1] : 0, before = len > 1 ? name[len - 2] : 0;
    return (uint64_t)1 << ((name[0] * 7u + last * 5u + before * 3u + (unsigned)len) & 63);
}

/* Past this many tags a game's names are also kept in the reader's hash
 * table: searching them one by one cost a game of 200000 tags 230 s. An
 * online game has about twenty tags, which the bits above keep cheaper
 * than the table. */
#define NAMES_LISTED 32

/* The slot of the table where name is, or where it would go. */
static size_t name_slot(const pt_pgn_reader *r, const pt_pgn_game *g, const char *name, size_t len)
{
    uint64_t h = 1469598103934665603ULL; /* FNV-1a */
    for (size_t i = 0; i < len; i++)
        h = (h ^ (unsigned char)name[i]) * 1099511628211ULL;
    h ^= h >> 29; /* the high bits into the low ones, which pick the slot */
    size_t mask = r->name_cap - 1;
    for (size_t i = (size_t)h & mask;; i = (i + 1) & mask) {
        uint32_t t = r->name_slots[i];
        if (t == 0)
            return i;
        const char *seen = g->strings + g->tags[t - 1].name;
        if (strncmp(seen, name, len) == 0 && seen[len] == '\0')
            return i;
    }
}

/* Enters the names of tags [r->name_count, n) into the table, growing it
 * (and entering them all again) to stay at most half full. */
static bool remember_names(pt_pgn_reader *r, const pt_pgn_game *g, size_t n)
{
    if (2 * n > r->name_cap) {
        size_t cap = r->name_cap ? r->name_cap : 64;
        while (2 * n > cap)
            cap *= 2;
        uint32_t *slots = calloc(cap, sizeof *slots);
        if (!slots)
            return false;
        free(r->name_slots);
        r->name_slots = slots;
        r->name_cap = cap;
        r->name_count = 0;
    }
    for (; r->name_count < n; r->name_count++) {
        const char *name = g->strings + g->tags[r->name_count].name;
        r->name_slots[name_slot(r, g, name, strlen(name))] = (uint32_t)r->name_count + 1;
    }
    return true;
}

/* Whether the game has a tag of this name already. */
static bool name_seen(scan *s, const unsigned char *name, size_t len)
{
    pt_pgn_reader *r = s->r;
    const pt_pgn_game *g = s->g;
    if (g->ntags > NAMES_LISTED)
        return r->name_slots[name_slot(r, g, (const char *)name, len)] != 0;
    bool maybe_seen = s->names & name_bit(name, len);
    for (size_t t = 0; maybe_seen && t < g->ntags; t++) {
        const char *seen = g->strings + g->tags[t].name;
        if ((unsigned char)seen[0] == name[0] && strncmp(seen, (const char *)name, len) == 0 && seen[len] == '\0')
            return true;
    }
    return false;
}

/* Keeps the tag pair read at start and moves to end, on the same line. */
static step add_tag(scan *s, size_t start, const unsigned char *name, size_t name_len, const unsigned char *value,
                    size_t value_len, size_t end)
{
    pt_pgn_game *g = s->g;
    size_t name_at = pt_pgn_add_string(g, (const char *)name, name_len);
    size_t value_at = pt_pgn_add_string(g, (const char *)value, value_len);
    if (name_at == (size_t)-1 || value_at == (size_t)-1 ||
        (g->ntags == g->tags_cap && !pt_pgn_grow((void **)&g->tags, &g->tags_cap, g->ntags, sizeof *g->tags)))
        return STEP_NOMEM;
    pt_pgn_tag *tag = &g->tags[g->ntags++];
    s->names |= name_bit(name, name_len);
    s->sheet |= name_len == 5 && memcmp(name, "Sheet", 5) == 0;
    tag->name = name_at;
    tag->value = value_at;
    tag->line = s->line;
    tag->column = byte_column(s, start);
    tag->line_start = s->line_start;
    tag->at = start;
    if (g->ntags > NAMES_LISTED && !remember_names(s->r, g, g->ntags))
        return STEP_NOMEM;
    step_over(s, end);
    return STEP_TOKEN;
}

/* Offset of the first quote, backslash or line end at or after i, or n:
 * where the usual tag value ends. Sixteen bytes at a time with SSE2. */
PT_INLINE size_t value_end(const unsigned char *b, size_t i, size_t n)
{
#if defined(__SSE2__)
    const __m128i quote = _mm_set1_epi8('"'), backslash = _mm_set1_epi8('\\'), lf = _mm_set1_epi8('\n'),
                  cr = _mm_set1_epi8('\r');
    for (; i + 16 <= n; i += 16) {
        __m128i x = _mm_loadu_si128((const __m128i *)(const void *)(b + i));
        __m128i hit = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(x, quote), _mm_cmpeq_epi8(x, backslash)),
                                   _mm_or_si128(_mm_cmpeq_epi8(x, lf), _mm_cmpeq_epi8(x, cr)));
        unsigned mask = (unsigned)_mm_movemask_epi8(hit);
        if (mask)
            return i + (size_t)__builtin_ctz(mask);
    }
#endif
    while (i < n && b[i] != '"' && b[i] != '\\' && b[i] != '\n' && b[i] != '\r')
        i++;
    return i;
}

/* The usual tag pair at start, [Name "value"] with one blank and no
 * escape, read in one pass: false when it is not one, else true with the
 * step scan_tag() would give. Most tags are: searching each for its line
 * end, quote and backslash took four library calls. */
PT_INLINE bool usual_tag(scan *s, size_t start, step *st)
{
    const unsigned char *b = s->r->buf;
    size_t n = s->r->len, i = start + 1;
    while (i < n && pt_pgn_name_char(b[i]))
        i++;
    size_t name = start + 1, name_len = i - name;
    if (name_len == 0 || i + 2 >= n || b[i] != ' ' || b[i + 1] != '"')
        return false;
    size_t value = i + 2, close = value_end(b, value, n);
    if (close + 1 >= n || b[close] != '"' || b[close + 1] != ']')
        return false;
    *st = name_seen(s, b + name, name_len) ? STEP_GAME_END
                                           : add_tag(s, start, b + name, name_len, b + value, close - value, close + 2);
    return true;
}

/* [Name "value"]. Tags live on one line; a value's unescaped quote is taken
 * literally unless a ']' follows it, which copes with writers that do not
 * escape. */
static step scan_tag(scan *s)
{
    step usual;
    if (usual_tag(s, s->pos, &usual))
        return usual;
    bool known;
    size_t start = s->pos, eol = line_end(s, start, &known);
    if (!known)
        return STEP_MORE;
    const unsigned char *b = s->r->buf;
    size_t i = start + 1;
    while (i < eol && is_blank(b[i]))
        i++;
    size_t name = i;
    while (i < eol && pt_pgn_name_char(b[i]))
        i++;
    size_t name_len = i - name;
    while (i < eol && is_blank(b[i]))
        i++;
    if (name_len == 0 || i >= eol || b[i] != '"') {
        step st =
            diag_here(s, PT_SEV_ERROR, PT_CODE_PGN_TAG_SYNTAX, start, "malformed tag pair: expected [Name \"value\"]");
        /* Skip to the closing bracket, or the end of the line. */
        size_t close = start + 1;
        while (close < eol && b[close] != ']')
            close++;
        advance(s, close < eol ? close + 1 : eol);
        return st;
    }
    /* A repeated name starts a new game: games without moves are common. */
    if (name_seen(s, b + name, name_len))
        return STEP_GAME_END;

    /* The usual value: no backslash, and its first quote closes it. */
    const unsigned char *quote = memchr(b + i + 1, '"', eol - i - 1);
    if (quote && !memchr(b + i + 1, '\\', (size_t)(quote - b) - i - 1)) {
        size_t k = (size_t)(quote - b) + 1;
        while (k < eol && is_blank(b[k]))
            k++;
        if (k < eol && b[k] == ']')
            return add_tag(s, start, b + name, name_len, b + i + 1, (size_t)(quote - b) - i - 1, k + 1);
    }

    char *value = malloc(eol - i + 1);
    if (!value)
        return STEP_NOMEM;
    size_t n = 0, close = 0;
    bool closed = false, odd_quote = false;
    for (i++; i < eol; i++) {
        if (b[i] == '\\' && i + 1 < eol && (b[i + 1] == '"' || b[i + 1] == '\\')) {
            value[n++] = (char)b[++i];
            continue;
        }
        if (b[i] == '"') {
            size_t k = i + 1;
            while (k < eol && is_blank(b[k]))
                k++;
            if (k >= eol || b[k] == ']') {
                closed = true;
                close = k;
                break;
            }
            odd_quote = true;
        }
        value[n++] = (char)b[i];
    }
    step st = STEP_TOKEN;
    size_t last = eol;
    while (last > i && is_blank(b[last - 1]))
        last--;
    size_t open = name + name_len;
    while (b[open] != '"')
        open++;
    if (!closed && last - open >= 3 && b[last - 1] == ']' && b[last - 2] == '"' && b[last - 3] == '\\') {
        /* [Event "Tournament \"]: a writer that does not escape backslashes.
         * Read the value literally, up to the final quote. */
        n = last - 2 - (open + 1);
        memcpy(value, b + open + 1, n);
        closed = true;
        close = last - 1;
        st = diag_here(s, PT_SEV_WARNING, PT_CODE_PGN_TAG_QUOTE, start,
                       "backslash before the closing quote read as a backslash");
    } else if (!closed) {
        /* An unclosed quote: keep the value up to a final ']' if any. */
        while (n > 0 && (value[n - 1] == ' ' || value[n - 1] == '\t'))
            n--;
        if (n > 0 && value[n - 1] == ']')
            n--;
        st = diag_here(s, PT_SEV_ERROR, PT_CODE_PGN_TAG_SYNTAX, start, "tag value without its closing quote");
        close = eol;
    } else if (odd_quote) {
        st = diag_here(s, PT_SEV_WARNING, PT_CODE_PGN_TAG_QUOTE, start,
                       "unescaped quote inside a tag value (write \\\")");
    }
    if (closed && (close >= eol || b[close] != ']'))
        st = diag_here(s, PT_SEV_ERROR, PT_CODE_PGN_TAG_SYNTAX, start, "tag pair without its closing ']'");

    step added = add_tag(s, start, b + name, name_len, (const unsigned char *)value, n, close < eol ? close + 1 : eol);
    free(value);
    return st == STEP_NOMEM ? STEP_NOMEM : added;
}

/* Whether the line at i looks like a tag pair: '[', a name, blanks, '"'. */
static bool tag_line_at(const scan *s, size_t i)
{
    if (byte_at(s, i) != '[')
        return false;
    size_t k = i + 1;
    while (pt_pgn_name_char(byte_at(s, k)))
        k++;
    if (k == i + 1)
        return false;
    while (is_blank(byte_at(s, k)))
        k++;
    return byte_at(s, k) == '"';
}

/* Whether b[from..to) ends with a game termination marker standing
 * alone: the end of a game's movetext, blanks after it. */
static bool ends_with_result(const unsigned char *b, size_t from, size_t to)
{
    while (to > from && is_blank(b[to - 1]))
        to--;
    size_t word = to;
    while (word > from && !is_blank(b[word - 1]))
        word--;
    return word < to && pt_pgn_result_code((const char *)b + word, to - word) != 0;
}

/* How far past its first tag line a comment is looked at for its '}'
 * before it is taken as unterminated: a header quoted in a comment takes
 * a few lines, and the reader must not hold an archive to decide. */
#define COMMENT_LOOKAHEAD ((size_t)1 << 20)

/* Ends the comment opened at start as unterminated, before the line end
 * at `end`: reported, and the text after it read as what it looks like. */
static step unterminated_comment(scan *s, size_t start, size_t end)
{
    step st = diag_here(s, PT_SEV_ERROR, PT_CODE_PGN_UNTERMINATED_COMMENT, start,
                        "comment without its closing '}'; ended before the next game's tags");
    size_t last = end; /* the comment's text, without the line ends before the tags */
    while (last > start + 1 &&
           (is_blank(s->r->buf[last - 1]) || s->r->buf[last - 1] == '\n' || s->r->buf[last - 1] == '\r'))
        last--;
    if (st == STEP_TOKEN)
        st = add_token(s, PT_TOK_COMMENT, start + 1, last - start - 1, 0);
    advance(s, end);
    return st;
}

/* {comment}: may span lines and hold any text but '}', lines that look
 * like tags too (a header quoted in a comment). One that does not close
 * before the next game begins is unterminated, and ends before its first
 * tag line so that the games after it survive. The next game has begun
 * at a tag line after a line that ends with a result, at a '{' after a
 * tag line, or at the end of the input; or, past a tag line, when no '}'
 * comes within COMMENT_LOOKAHEAD bytes. */
static step scan_brace_comment(scan *s)
{
    const unsigned char *b = s->r->buf;
    size_t start = s->pos, n = s->r->len;
    size_t line = start + 1;   /* where the current line of the comment starts */
    size_t tag = 0;            /* the line end before its first tag line, if any */
    bool after_result = false; /* the last line with text ended a game */
    for (size_t i = start + 1; i < n; i++) {
        int c = b[i];
        if (c == '}') {
            step st = add_token(s, PT_TOK_COMMENT, start + 1, i - start - 1, 0);
            advance(s, i + 1);
            return st;
        }
        if (tag && (c == '{' || i - tag > COMMENT_LOOKAHEAD))
            return unterminated_comment(s, start, tag);
        if (c != '\n' && c != '\r')
            continue;
        size_t k = line;
        while (k < i && is_blank(b[k]))
            k++;
        if (k < i)
            after_result = ends_with_result(b, line, i);
        line = i + 1;
        if (i + 1 < n && tag_line_at(s, i + 1)) {
            if (!tag)
                tag = i;
            if (after_result)
                return unterminated_comment(s, start, tag);
        }
    }
    if (!s->r->eof)
        return STEP_MORE;
    /* At the end of bytes that more text follows (a piece of a larger
     * input), what comes next may close the comment: it runs to the end,
     * and the piece is read again with the text after it. */
    if (tag && !s->r->more_follows)
        return unterminated_comment(s, start, tag);
    step st = diag_here(s, PT_SEV_ERROR, PT_CODE_PGN_UNTERMINATED_COMMENT, start, "comment without its closing '}'");
    if (st == STEP_TOKEN)
        st = add_token(s, PT_TOK_COMMENT, start + 1, n - start - 1, 0);
    advance(s, n);
    return st;
}

static step scan_line_comment(scan *s)
{
    bool known;
    size_t eol = line_end(s, s->pos, &known);
    if (!known)
        return STEP_MORE;
    step st = add_token(s, PT_TOK_COMMENT, s->pos + 1, eol - s->pos - 1, 0);
    advance(s, eol);
    return st;
}

/* The result a token spells, in any of the dialects met in real files:
 * 1-0, 0-1, 1/2-1/2, 1/2, the ½ sign, typographic dashes, '*'. */
int pt_pgn_result_code(const char *text, size_t len)
{
    const unsigned char *t = (const unsigned char *)text;
    char norm[16];
    size_t n = 0;
    if (len == 0 || (t[0] != '0' && t[0] != '1' && t[0] != '*' && t[0] != 0xC2 && t[0] != 0xBD))
        return 0; /* not 1, 0, * or the 1/2 sign: a move, most often */
    for (size_t i = 0; i < len; i++) {
        if (n + 4 >= sizeof norm)
            return 0;
        if (i + 1 < len && t[i] == 0xC2 && t[i + 1] == 0xBD) {
            memcpy(norm + n, "1/2", 3); /* ½ */
            n += 3;
            i++;
        } else if (t[i] == 0xBD) {
            memcpy(norm + n, "1/2", 3); /* ½ in ISO-8859-1, which the text is then */
            n += 3;
        } else if (pt_dash_length((const char *)t + i, len - i) > 1) {
            norm[n++] = '-'; /* a typographic dash */
            i += pt_dash_length((const char *)t + i, len - i) - 1;
        } else {
            norm[n++] = (char)t[i];
        }
    }
    norm[n] = '\0';
    if (strcmp(norm, "1-0") == 0)
        return PT_RESULT_WHITE;
    if (strcmp(norm, "0-1") == 0)
        return PT_RESULT_BLACK;
    if (strcmp(norm, "1/2-1/2") == 0 || strcmp(norm, "1/2") == 0)
        return PT_RESULT_DRAW;
    if (strcmp(norm, "*") == 0)
        return PT_RESULT_UNKNOWN;
    return 0;
}

const char *pt_pgn_result_text(int code)
{
    static const char *const names[] = {"*", "1-0", "0-1", "1/2-1/2", "*"};
    return code >= 0 && code <= PT_RESULT_UNKNOWN ? names[code] : "*";
}

/* Whether the bytes at i are a promotion or draw mark glued to a move:
 * "(=)" or "(Q)" with one letter, ASCII or two-byte UTF-8. Returns its
 * length or 0. */
static size_t glued_paren(const scan *s, size_t i)
{
    int a = byte_at(s, i + 1), b = byte_at(s, i + 2), c = byte_at(s, i + 3);
    if (a == '=' && b == ')')
        return 3;
    if (a >= 'A' && a <= 'Z' && b == ')')
        return 3;
    if (a >= 0xC0 && b >= 0x80 && b < 0xC0 && c == ')')
        return 4;
    return 0;
}

static bool ends_symbol(int c)
{
    static const bool ends[256] = {
        [0] = true,    [' '] = true, ['\t'] = true, ['\n'] = true, ['\r'] = true, ['\f'] = true,
        ['\v'] = true, ['{'] = true, ['}'] = true,  ['['] = true,  [']'] = true,  ['('] = true,
        [')'] = true,  [';'] = true, ['$'] = true,  ['"'] = true,
    };
    return c < 0 || ends[c];
}

/* The NAG of an annotation glyph written as text: the six move glyphs and
 * the evaluation signs of printed notation (ASCII and Unicode forms). */
static int glyph_nag(const unsigned char *t, size_t len)
{
    static const struct {
        const char *text;
        int nag;
    } glyphs[] = {
        {"!", 1},    {"?", 2},    {"!!", 3},  {"??", 4},   {"!?", 5},   {"?!", 6},   {"=", 10},   {"∞", 13},
        {"+=", 14},  {"+/=", 14}, {"⩲", 14},  {"=+", 15},  {"=/+", 15}, {"⩱", 15},   {"+/-", 16}, {"±", 16},
        {"-/+", 17}, {"∓", 17},   {"+-", 18}, {"+--", 18}, {"-+", 19},  {"--+", 19},
    };
    static const bool starts_glyph[256] = {
        ['!'] = true, ['?'] = true, ['='] = true, ['+'] = true, ['-'] = true, [0xC2] = true, [0xE2] = true};
    if (len == 0 || !starts_glyph[t[0]])
        return 0; /* the usual case: a move */
    for (size_t k = 0; k < sizeof glyphs / sizeof glyphs[0]; k++)
        if (len == strlen(glyphs[k].text) && memcmp(t, glyphs[k].text, len) == 0)
            return glyphs[k].nag;
    return 0;
}

/* Whether t is only full stops and ellipses. */
static bool only_dots(const unsigned char *t, size_t len)
{
    size_t i = 0;
    while (i < len) {
        if (t[i] == '.')
            i++;
        else if (i + 2 < len && t[i] == 0xE2 && t[i + 1] == 0x80 && t[i + 2] == 0xA6)
            i += 3;
        else
            return false;
    }
    return len > 0;
}

static bool has_alnum(const unsigned char *t, size_t len)
{
    for (size_t i = 0; i < len; i++)
        if ((t[i] >= '0' && t[i] <= '9') || (t[i] >= 'A' && t[i] <= 'Z') || (t[i] >= 'a' && t[i] <= 'z') ||
            t[i] >= 0x80)
            return true;
    return false;
}

/* The last token, if it is of kind at the current depth. */
static pt_pgn_token *last_token(scan *s, int kind)
{
    pt_pgn_game *g = s->g;
    if (g->ntokens && g->tokens[g->ntokens - 1].kind == kind && g->tokens[g->ntokens - 1].depth == s->depth)
        return &g->tokens[g->ntokens - 1];
    return NULL;
}

#if defined(__SSSE3__)
/* A bit for each of the 16 bytes at b that is not plain (see plain[] in
 * pt_pgn_open), in one pass: pshufb looks up the classes of each byte's
 * low and high four bits in two tables, and a byte is not plain when the
 * two share a class. Classes: 1 NUL and \t to \r, 2 space " $ ( ),
 * 4 ;, 8 [ ], 16 { }, 32 any byte from 0x80. */
PT_INLINE unsigned others_in_16(const unsigned char *b)
{
    const __m128i by_low =
        _mm_setr_epi8(0x23, 0x20, 0x22, 0x20, 0x22, 0x20, 0x20, 0x20, 0x22, 0x23, 0x21, 0x3D, 0x21, 0x39, 0x20, 0x20);
    const __m128i by_high = _mm_setr_epi8(1, 0, 2, 4, 0, 8, 0, 16, 32, 32, 32, 32, 32, 32, 32, 32);
    const __m128i nibble = _mm_set1_epi8(0x0F);
    __m128i x = _mm_loadu_si128((const __m128i *)(const void *)b);
    __m128i low = _mm_shuffle_epi8(by_low, _mm_and_si128(x, nibble));
    __m128i high = _mm_shuffle_epi8(by_high, _mm_and_si128(_mm_srli_epi16(x, 4), nibble));
    __m128i plain = _mm_cmpeq_epi8(_mm_and_si128(low, high), _mm_setzero_si128());
    return ~(unsigned)_mm_movemask_epi8(plain) & 0xFFFFu;
}
#endif

/* The number of plain bytes at b: sixteen at a time with SSSE3, else
 * eight, testing all of them without a branch: moves differ in length,
 * and a loop that stops at the first other byte mispredicts its exit
 * about once a token. */
static size_t plain_run(const bool *plain, const unsigned char *b, size_t n)
{
    size_t i = 0;
#if defined(__SSSE3__)
    for (; i + 16 <= n; i += 16) {
        unsigned others = others_in_16(b + i);
#ifdef PT_DEBUG
        for (unsigned k = 0; k < 16; k++) /* the tables against plain[] */
            assert(((others >> k) & 1) == !plain[b[i + k]]);
#endif
        if (others)
            return i + (size_t)__builtin_ctz(others);
    }
#endif
    for (; i + 8 <= n; i += 8) {
        unsigned others = 0;
        for (unsigned k = 0; k < 8; k++)
            others |= (unsigned)!plain[b[i + k]] << k;
        if (others)
            return i + (size_t)__builtin_ctz(others);
    }
    while (i < n && plain[b[i]])
        i++;
    return i;
}

/* end, when the run of plain bytes from start to end is the usual symbol:
 * not empty, and ending within the buffer (of n bytes) at a byte that
 * ends every symbol, with no glued "(=)" or "(Q)" to look for. Else 0. */
PT_INLINE size_t usual_symbol_end(const unsigned char *b, size_t n, size_t start, size_t end)
{
    return end > start && end < n && b[end] != '(' && b[end] < 0x80 ? end : 0;
}

/* The end of the usual symbol at start (see usual_symbol_end), or 0. */
PT_INLINE size_t plain_symbol_end(const scan *s, size_t start)
{
    const unsigned char *b = s->r->buf;
    size_t n = s->r->len;
    if (start >= n)
        return 0;
    return usual_symbol_end(b, n, start, start + plain_run(s->r->plain, b + start, n - start));
}

/* The bytes among the 64 at b that are not plain, a bit each, for
 * scan_run: one pass over a stretch of movetext serves the dozen symbols
 * in it, where plain_run() was called once a symbol. Bytes past n (the
 * end of the buffer) count as not plain. */
PT_INLINE uint64_t others_in_64(const bool *plain, const unsigned char *b, size_t n)
{
    uint64_t others = 0;
#if defined(__SSSE3__)
    if (n >= 64) {
        for (unsigned k = 0; k < 4; k++)
            others |= (uint64_t)others_in_16(b + 16 * k) << (16 * k);
#ifdef PT_DEBUG
        for (unsigned k = 0; k < 64; k++) /* the tables against plain[] */
            assert(((others >> k) & 1) == !plain[b[k]]);
#endif
        return others;
    }
#endif
    for (size_t k = 0; k < 64; k++)
        others |= (uint64_t)(k >= n || !plain[b[k]]) << k;
    return others;
}

/* Whether scan_run reads through windows: only where SSSE3 classifies
 * 16 bytes at once; byte by byte, 64 bytes a window cost more than
 * plain_run() a symbol (6% more time for check). */
#if defined(__SSSE3__)
#define PLAIN_WINDOWS 1
#else
#define PLAIN_WINDOWS 0
#endif

/* A window of others_in_64() over the buffer: its first byte and its
 * bits; none is taken yet while `at` lies past every start. */
typedef struct plain_window {
    size_t at;
    uint64_t others;
} plain_window;

/* plain_symbol_end() from the window, taken again at start when start
 * lies outside it or the run reaches its end. */
PT_INLINE size_t window_symbol_end(const scan *s, plain_window *w, size_t start)
{
    if (!PLAIN_WINDOWS)
        return plain_symbol_end(s, start);
    const unsigned char *b = s->r->buf;
    size_t n = s->r->len;
    if (start < w->at || start - w->at >= 64 || !(w->others >> (start - w->at))) {
        if (start >= n)
            return 0;
        w->at = start;
        w->others = others_in_64(s->r->plain, b + start, n - start);
        if (!w->others)
            return plain_symbol_end(s, start); /* a run of 64 plain bytes or more */
    }
    return usual_symbol_end(b, n, start, start + (size_t)__builtin_ctzll(w->others >> (start - w->at)));
}

/* Whether a symbol of plain bytes is a move: it starts with a letter, and
 * is not e.p., ep or the null move Z0. A letter cannot start a number, a
 * result, a glyph or dots. */
PT_INLINE bool plain_move(const unsigned char *t, size_t len)
{
    int first = t[0], second = len > 1 ? t[1] : 0;
    bool mark = (first == 'e' && (second == '.' || second == 'p')) || (first == 'Z' && second == '0');
    return ((first >= 'a' && first <= 'z') || (first >= 'A' && first <= 'Z')) && !mark;
}

/* A move number at the start of symbol t: one to six digits, then full
 * stops or ellipses ("12." "12..." "12…"), perhaps glued to the move.
 * Returns the bytes it takes (0: none) and sets *number and *dots (an
 * ellipsis counts three); digits alone are taken with no dots. */
PT_INLINE size_t number_prefix(const unsigned char *t, size_t len, int *number, int *dots)
{
    size_t d = 0, k;
    while (d < len && t[d] >= '0' && t[d] <= '9')
        d++;
    if (d == 0 || d >= 7)
        return 0;
    *dots = 0;
    for (k = d; k < len && (t[k] == '.' || (k + 2 < len && t[k] == 0xE2 && t[k + 1] == 0x80 && t[k + 2] == 0xA6));) {
        *dots += t[k] == '.' ? 1 : 3;
        k += t[k] == '.' ? 1 : 3;
    }
    if (*dots == 0 && d != len)
        return 0;
    *number = 0;
    for (size_t q = 0; q < d; q++)
        *number = *number * 10 + (t[q] - '0');
    return k;
}

/* "1." after a blank line, once moves were played: a new game without
 * tags whose predecessor had no result. */
PT_INLINE bool starts_new_game(const scan *s, int number, int dots)
{
    return number == 1 && dots == 1 && s->depth == 0 && s->top_moves > 0 && s->line > s->last_line + 1;
}

/* Keeps the move number of k bytes at start. */
PT_INLINE step take_number(scan *s, size_t start, size_t k, int number, int dots)
{
    step st = add_token(s, PT_TOK_NUMBER, start, k, number);
    if (st == STEP_TOKEN && s->depth <= PT_PGN_MAX_DEPTH)
        s->g->tokens[s->g->ntokens - 1].black = dots >= 3;
    step_over(s, start + k);
    return st;
}

/* A move, a move number, a result, a null move, or a mark that belongs to
 * the move before it (e.p., a glyph standing alone). */
static step scan_symbol(scan *s)
{
    size_t start = s->pos, i = plain_symbol_end(s, start);
    const unsigned char *b = s->r->buf;
    if (i > 0) {
        if (plain_move(b + start, i - start)) {
            step st = add_token(s, PT_TOK_MOVE, start, i - start, 0);
            step_over(s, i);
            return st;
        }
    } else {
        for (i = start;;) {
            int c = byte_at(s, i);
            if (c < 0 && !s->r->eof)
                return STEP_MORE;
            if (c == '(' && i > start) {
                size_t n = glued_paren(s, i);
                if (n == 0 && !s->r->eof && i + 4 > s->r->len)
                    return STEP_MORE;
                if (n) {
                    i += n;
                    continue;
                }
            }
            if (ends_symbol(c))
                break;
            i++;
        }
    }
    size_t len = i - start;
    const unsigned char *t = b + start;

    int number, dots;
    size_t k = number_prefix(t, len, &number, &dots);
    if (k > 0) {
        if (starts_new_game(s, number, dots))
            return STEP_GAME_END;
        if (dots > 0 || !pt_pgn_result_code((const char *)t, len))
            return take_number(s, start, k, number, dots);
    }

    int result = pt_pgn_result_code((const char *)t, len);
    if (result) {
        step st = add_token(s, PT_TOK_RESULT, start, len, result);
        step_over(s, i);
        if (st == STEP_TOKEN && s->depth == 0) {
            s->result_end = true;
            return STEP_GAME_END;
        }
        if (st == STEP_TOKEN)
            st = diag_here(s, PT_SEV_ERROR, PT_CODE_PGN_SYNTAX, start, "a game result inside a variation");
        return st;
    }

    pt_pgn_token *prev = last_token(s, PT_TOK_MOVE);
    if ((len == 4 && memcmp(t, "e.p.", 4) == 0) || (len == 2 && memcmp(t, "ep", 2) == 0) ||
        (len == 3 && memcmp(t, "e.p", 3) == 0)) {
        step_over(s, i);
        if (prev) {
            prev->marks |= PT_MARK_EP;
            return STEP_TOKEN;
        }
        return diag_here(s, PT_SEV_ERROR, PT_CODE_PGN_SYNTAX, start, "'e.p.' does not follow a move");
    }
    if (len == 3 && memcmp(t, "(=)", 3) == 0 && prev) {
        prev->marks |= PT_MARK_DRAW_OFFER;
        step_over(s, i);
        return STEP_TOKEN;
    }
    /* On a scoresheet a cell left blank or struck through ('-') and an
     * illegible one ('?') are entries of the record, kept as written. */
    if (s->sheet && len == 1 && (t[0] == '-' || t[0] == '?')) {
        step st = add_token(s, PT_TOK_MOVE, start, len, 0);
        step_over(s, i);
        return st;
    }
    int nag = glyph_nag(t, len);
    if (nag) {
        step st = add_token(s, PT_TOK_NAG, start, len, nag);
        step_over(s, i);
        return st;
    }
    /* "8. ... Nxd4": dots standing apart from their move number. */
    pt_pgn_token *last_number = last_token(s, PT_TOK_NUMBER);
    if (last_number && only_dots(t, len)) {
        last_number->black = true;
        step_over(s, i);
        return STEP_TOKEN;
    }
    if (len == 2 && (memcmp(t, "--", 2) == 0 || memcmp(t, "Z0", 2) == 0)) {
        step st = add_token(s, PT_TOK_NULL, start, len, 0);
        step_over(s, i);
        return st;
    }
    if (!has_alnum(t, len)) {
        step_over(s, i);
        if (s->strays++ > 0)
            return STEP_TOKEN;
        s->stray_diag = s->g->ndiags;
        if (pt_pgn_raw_diag(s->g, PT_SEV_WARNING, PT_CODE_PGN_STRAY, s->line, s->line_start, start,
                            "stray text '%.*s' ignored", (int)len, (const char *)t) != PT_OK)
            return STEP_NOMEM;
        return STEP_TOKEN;
    }
    step st = add_token(s, PT_TOK_MOVE, start, len, 0);
    step_over(s, i);
    return st;
}

static step scan_nag(scan *s)
{
    size_t start = s->pos, i = start + 1;
    int value = 0;
    while (byte_at(s, i) >= '0' && byte_at(s, i) <= '9' && i - start < 5)
        value = value * 10 + (byte_at(s, i++) - '0');
    if (byte_at(s, i) < 0 && !s->r->eof)
        return STEP_MORE;
    if (i == start + 1) {
        advance(s, i);
        return diag_here(s, PT_SEV_ERROR, PT_CODE_PGN_SYNTAX, start, "'$' without a number");
    }
    step st = add_token(s, PT_TOK_NAG, start, i - start, value);
    advance(s, i);
    return st;
}

static step scan_paren(scan *s, int c)
{
    size_t start = s->pos;
    if (c == '(') {
        if (byte_at(s, start + 1) < 0 || byte_at(s, start + 2) < 0) {
            if (!s->r->eof)
                return STEP_MORE;
        }
        pt_pgn_token *prev = last_token(s, PT_TOK_MOVE);
        if (byte_at(s, start + 1) == '=' && byte_at(s, start + 2) == ')' && prev) {
            prev->marks |= PT_MARK_DRAW_OFFER;
            advance(s, start + 3);
            return STEP_TOKEN;
        }
        s->depth++;
        step st = add_token(s, PT_TOK_VAR_START, start, 1, 0);
        if (st == STEP_TOKEN && s->depth > PT_PGN_MAX_DEPTH && !s->deep_reported) {
            s->deep_reported = true;
            st = diag_here(s, PT_SEV_ERROR, PT_CODE_PGN_NESTING, start,
                           "variations nested more than 64 deep; the deeper ones are skipped");
        }
        advance(s, start + 1);
        return st;
    }
    advance(s, start + 1);
    if (s->depth == 0)
        return diag_here(s, PT_SEV_ERROR, PT_CODE_PGN_SYNTAX, start, "')' without a variation to close");
    step st = add_token(s, PT_TOK_VAR_END, start, 1, 0);
    s->depth--;
    return st;
}

/* Skips spaces and LF line ends from i, in a tight loop: most of what is
 * blank. Returns where they end. The buffer comes from the caller, which
 * may hold it where writing a token cannot change it. */
PT_INLINE size_t blanks_end(scan *s, const unsigned char *b, size_t n, const bool *plain, size_t i)
{
    if (i + 1 < n && b[i] == ' ' && plain[b[i + 1]])
        return i + 1; /* the usual blank: one space before a symbol */
    for (; i < n && (b[i] == ' ' || b[i] == '\n'); i++) {
        if (b[i] == '\n') {
            s->line++;
            s->line_start = (long)i + 1;
        }
    }
    return i;
}

/* Skips blanks, line ends, byte order marks and NUL bytes. */
static step skip_space(scan *s)
{
    for (;;) {
        s->pos = blanks_end(s, s->r->buf, s->r->len, s->r->plain, s->pos);
        int c = byte_at(s, s->pos);
        if (c > ' ' && c != 0xEF)
            return STEP_TOKEN; /* the usual case: no blank, NUL or byte order mark */
        if (c < 0)
            return s->r->eof ? STEP_INPUT_END : STEP_MORE;
        if (c == '\r' && byte_at(s, s->pos + 1) < 0 && !s->r->eof)
            return STEP_MORE; /* a CR LF split across reads */
        if (c == 0xEF && byte_at(s, s->pos + 1) == 0xBB && byte_at(s, s->pos + 2) == 0xBF) {
            bool at_line_start = (long)s->pos == s->line_start;
            s->skipped = true;
            advance(s, s->pos + 3);
            if (at_line_start)
                s->line_start = (long)s->pos; /* the mark takes no column */
            continue;
        }
        if (c == 0 && !s->nul_reported) {
            s->nul_reported = true;
            if (diag_here(s, PT_SEV_WARNING, PT_CODE_PGN_NUL, s->pos, "NUL byte in the text; read as a blank") !=
                STEP_TOKEN)
                return STEP_NOMEM;
        }
        if (c != 0 && !is_blank(c) && c != '\n' && c != '\r')
            return STEP_TOKEN;
        advance(s, s->pos + 1);
    }
}

/* The '}' that closes the comment opened at b[open] when it comes before
 * any line end and within the n bytes held; 0 otherwise (a comment over
 * lines, or one not yet read whole, is scan_brace_comment's). Sixteen
 * bytes at a time: a clock comment follows every move of an online game. */
PT_INLINE size_t comment_close(const unsigned char *b, size_t n, size_t open)
{
    size_t i = open + 1;
#if defined(__SSE2__)
    const __m128i close = _mm_set1_epi8('}'), lf = _mm_set1_epi8('\n'), cr = _mm_set1_epi8('\r');
    for (; i + 16 <= n; i += 16) {
        __m128i v = _mm_loadu_si128((const __m128i *)(b + i));
        __m128i ends = _mm_or_si128(_mm_cmpeq_epi8(v, lf), _mm_cmpeq_epi8(v, cr));
        unsigned hits = (unsigned)_mm_movemask_epi8(_mm_or_si128(_mm_cmpeq_epi8(v, close), ends));
        if (hits) {
            size_t at = i + (size_t)__builtin_ctz(hits);
            return b[at] == '}' ? at : 0;
        }
    }
#endif
    for (; i < n; i++) {
        if (b[i] == '}')
            return i;
        if (b[i] == '\n' || b[i] == '\r')
            return 0;
    }
    return 0;
}

/* The bulk of movetext in one loop: blanks, moves, move numbers and
 * comments closed on their line, each taken as scan_one() would take it,
 * without a round trip through pt_pgn_next() for each. Stops before
 * anything else, and at the end of the buffer, for scan_one(). Only for a
 * game already started. */
static step scan_run(scan *s)
{
    const unsigned char *b = s->r->buf;
    const bool *plain = s->r->plain;
    size_t n = s->r->len, pos = s->pos; /* kept out of memory while it runs */
    plain_window w = {.at = (size_t)-1};
    step st = STEP_TOKEN;
    for (;;) {
        pos = blanks_end(s, b, n, plain, pos);
        if (pos < n && b[pos] == '{') {
            size_t close = comment_close(b, n, pos);
            if (close == 0)
                break;
            st = add_token(s, PT_TOK_COMMENT, pos + 1, close - pos - 1, 0);
            pos = close + 1;
            if (st != STEP_TOKEN)
                break;
            s->last_line = s->line;
            continue;
        }
        size_t end = window_symbol_end(s, &w, pos);
        if (end == 0)
            break;
        int number, dots;
        size_t k;
        if (plain_move(b + pos, end - pos)) {
            st = add_token(s, PT_TOK_MOVE, pos, end - pos, 0);
            pos = end;
        } else if ((k = number_prefix(b + pos, end - pos, &number, &dots)) > 0 && dots > 0 &&
                   !starts_new_game(s, number, dots)) {
            st = take_number(s, pos, k, number, dots);
            pos = s->pos;
        } else {
            break;
        }
        if (st != STEP_TOKEN)
            break;
        s->last_line = s->line;
    }
    s->pos = pos;
    return st;
}

/* After a game's termination marker: the comments that follow it before
 * anything else are the game's (a note on the result, an engine's
 * summary), not a game of their own. STEP_GAME_END where they end. */
static step scan_trailing(scan *s)
{
    const unsigned char *b = s->r->buf;
    size_t i = s->pos, n = s->r->len;
    while (i < n && (is_blank(b[i]) || b[i] == '\n' || b[i] == '\r'))
        i++;
    if (i == n && !s->r->eof)
        return STEP_MORE;
    if (i == n) {
        advance(s, i); /* past the line ends: the input ended between games */
        return STEP_INPUT_END;
    }
    if (b[i] != '{' && b[i] != ';')
        return STEP_GAME_END; /* the next game's text begins after the marker */
    advance(s, i);
    return b[i] == '{' ? scan_brace_comment(s) : scan_line_comment(s);
}

/* The length of forum markup at s->pos, [pgn] or [/pgn] in any case, that
 * wraps games pasted in a post: no part of a game. 0 when there is none,
 * MARKUP_MORE when the input read so far ends inside what may be one. */
#define MARKUP_MORE SIZE_MAX
static size_t markup_length(const scan *s)
{
    static const char *const marks[] = {"[pgn]", "[/pgn]"};
    for (size_t m = 0; m < sizeof marks / sizeof marks[0]; m++) {
        size_t k = 0;
        while (marks[m][k] && byte_at(s, s->pos + k) >= 0 && (byte_at(s, s->pos + k) | 0x20) == (marks[m][k] | 0x20))
            k++;
        if (!marks[m][k])
            return k;
        if (byte_at(s, s->pos + k) < 0 && !s->r->eof)
            return MARKUP_MORE; /* the same however the input arrives */
    }
    return 0;
}

static step scan_one(scan *s)
{
    step st = skip_space(s);
    if (st != STEP_TOKEN)
        return st;
    int c = byte_at(s, s->pos);
    if (c == '%' && (long)s->pos == s->line_start) {
        bool known;
        size_t eol = line_end(s, s->pos, &known);
        if (!known)
            return STEP_MORE;
        s->skipped = true;
        advance(s, eol); /* an escape line, for other programs */
        return STEP_TOKEN;
    }
    size_t markup = c == '[' ? markup_length(s) : 0;
    if (markup == MARKUP_MORE)
        return STEP_MORE;
    if (markup) {
        s->skipped = true;
        advance(s, s->pos + markup);
        return STEP_TOKEN;
    }
    switch (c) {
    case '[': return s->in_moves ? STEP_GAME_END : scan_tag(s);
    case '{': return scan_brace_comment(s);
    case ';': return scan_line_comment(s);
    case '(':
    case ')': return scan_paren(s, c);
    case '$': return scan_nag(s);
    case '}':
    case ']':
    case '"':
        advance(s, s->pos + 1);
        return diag_here(s, PT_SEV_ERROR, PT_CODE_PGN_SYNTAX, s->pos - 1,
                         c == '}'   ? "'}' without a comment to close"
                         : c == ']' ? "']' outside a tag pair"
                                    : "'\"' outside a tag pair");
    default: return scan_symbol(s);
    }
}

/* Characters of the line containing `end` that lie before it. */
static int column_before(const pt_pgn_reader *r, long line_start, size_t end, bool latin1)
{
    int n = line_start < 0 ? r->column_base : 0;
    size_t i = line_start < 0 ? 0 : (size_t)line_start;
    return n + pt_pgn_chars_between(r->buf, i, end, latin1);
}

/* Empties a game too large to hold, and says so. */
static pt_err drop_huge_game(const pt_pgn_reader *r, pt_pgn_game *g, bool tokens, const char *after)
{
    /* Its tags stay, that a report can say which game it was: all but a
     * huge one, which may be what made the game too large. */
    size_t kept = 0;
    for (size_t i = 0; i < g->ntags; i++)
        if (strlen(g->strings + g->tags[i].value) < HUGE_TAG_BYTES)
            g->tags[kept++] = g->tags[i];
    g->ntags = kept;
    g->ntokens = g->ndiags = 0;
    g->unlisted = g->unlisted_errors = 0;
    memset(g->initials, 0, sizeof g->initials);
    g->unreadable = true;
    if (tokens)
        return pt_pgn_add_diag(g, PT_SEV_ERROR, PT_CODE_PGN_TOO_LARGE, g->first_line, 1, 0,
                               "game of more than %zu symbols of movetext (%zu bytes of them); %s",
                               r->max_game / sizeof *g->tokens, r->max_game, after);
    return pt_pgn_add_diag(g, PT_SEV_ERROR, PT_CODE_PGN_TOO_LARGE, g->first_line, 1, 0,
                           "game larger than %zu bytes; %s", r->max_game, after);
}

/* What a game lacks at its end, said once its text is finished: text
 * with neither tags nor moves is no game (a file of move numbers, of NUL
 * bytes); a game without a termination marker has lost its result, or
 * been cut off. input_end: the game ran into the end of the input. */
static pt_err check_end(const pt_pgn_reader *r, const scan *s, bool input_end)
{
    pt_pgn_game *g = s->g;
    bool marker = s->result_end, moves = s->top_moves > 0;
    /* The scan counts main-line moves as it takes them; only a game with
     * none (passes, moves in variations, or no game) is looked through. */
    for (size_t i = 0; !moves && i < g->ntokens; i++)
        moves = g->tokens[i].kind == PT_TOK_MOVE || g->tokens[i].kind == PT_TOK_NULL;
    if (!g->ntags && !moves) {
        /* Where its text starts: its first token or diagnostic. */
        int line = g->first_line, column = 1;
        if (g->ntokens)
            line = g->tokens[0].line, column = g->tokens[0].column;
        for (size_t i = 0; i < g->ndiags; i++)
            if (g->diags[i].line < line || (g->diags[i].line == line && g->diags[i].column < column))
                line = g->diags[i].line, column = g->diags[i].column;
        g->unreadable = true;
        return pt_pgn_add_diag(g, PT_SEV_ERROR, PT_CODE_PGN_NO_GAME, line, column, 0,
                               "no game here: text with neither tags nor moves");
    }
    if (marker || !moves)
        return PT_OK; /* tags alone, as a list of pairings has them: no game text to end */
    /* The end of a piece that more text follows is where the next game's
     * tags begin: said as when the input is read whole. */
    const char *what = input_end && !r->more_follows
                           ? "the input ends without the game's termination marker (1-0, 0-1, 1/2-1/2 or *): "
                             "the game is cut off, or its result is missing"
                           : "no termination marker (1-0, 0-1, 1/2-1/2 or *) before the next game: the "
                             "game's result is missing";
    const pt_pgn_token *t = g->ntokens ? &g->tokens[g->ntokens - 1] : NULL;
    return pt_pgn_add_diag(g, PT_SEV_WARNING, PT_CODE_PGN_NO_TERMINATION, t ? t->line : g->first_line,
                           t ? t->column : 1, 0, "%s", what);
}

/* Ends the game at `end`: finishes its text and keeps the rest. */
static pt_err end_game(pt_pgn_reader *r, scan *s, size_t end, bool input_end)
{
    pt_pgn_game *g = s->g;
    /* A game read whole before its size was seen (the input given at
     * once, or a read that brought its end) is too large all the same. */
    bool huge = end > r->max_game;
    if (huge && drop_huge_game(r, g, false, "not read") != PT_OK)
        return PT_ERR_NOMEM;
    if (!huge && s->depth > 0 && s->depth <= PT_PGN_MAX_DEPTH &&
        pt_pgn_raw_diag(g, PT_SEV_ERROR, PT_CODE_PGN_SYNTAX, s->line, s->line_start, end,
                        "%d variation%s not closed before the end of the game", s->depth,
                        s->depth > 1 ? "s" : "") != PT_OK)
        return PT_ERR_NOMEM;
    if (s->strays > 1 && s->stray_diag < g->ndiags) { /* else past the limit: unlisted */
        pt_pgn_diag *d = &g->diags[s->stray_diag];
        size_t n = strlen(d->message);
        snprintf(d->message + n, sizeof d->message - n, ", and %ld more in this game", s->strays - 1);
    }
    pt_err err = pt_pgn_finish_game(g, r->buf, huge ? 0 : end, r->line, r->column_base);
    if (err == PT_OK && !huge)
        err = check_end(r, s, input_end);
    if (err != PT_OK)
        return err;
    /* Where the next game begins: its line, and how far into it. */
    int base = column_before(r, s->line_start, end, g->latin1);
    r->offset += end;
    r->buf += end;
    r->len -= end;
    r->line = s->line;
    r->line_start = s->line_start - (long)end;
    r->column_base = r->line_start < 0 ? base : 0;
    return PT_OK;
}

/* A game too large to hold: report it and skip to the next line that
 * starts with '['. */
static pt_err skip_huge_game(pt_pgn_reader *r, scan *s, bool tokens)
{
    pt_pgn_game *g = s->g;
    if (drop_huge_game(r, g, tokens, "skipped to the next tag line") != PT_OK)
        return PT_ERR_NOMEM;
    for (;;) {
        for (size_t i = s->pos; i + 1 < r->len; i++) {
            if ((r->buf[i] == '\n' || r->buf[i] == '\r') && r->buf[i + 1] == '[') {
                advance(s, i + 1);
                r->offset += i + 1;
                r->buf += i + 1;
                r->len -= i + 1;
                r->line = s->line;
                r->line_start = 0;
                r->column_base = 0;
                return PT_OK;
            }
        }
        /* Keep the last byte: it may be the line end before a '['. */
        size_t drop = r->len > 0 ? r->len - 1 : 0;
        advance(s, drop);
        r->offset += drop;
        r->buf += drop;
        r->len -= drop;
        s->pos = 0;
        s->line_start -= (long)drop;
        if (!fill(r)) {
            r->between = false; /* skipped to the end */
            r->len = 0;
            r->line = s->line;
            r->line_start = 0;
            return PT_OK;
        }
    }
}

pt_err pt_pgn_next(pt_pgn_reader *r, pt_pgn_game *g)
{
    pt_pgn_game_clear(g);
    if (r->name_count) { /* the last game had many tags */
        memset(r->name_slots, 0, r->name_cap * sizeof *r->name_slots);
        r->name_count = 0;
    }
    scan s = {.r = r, .g = g, .line = r->line, .line_start = r->line_start};
    bool started = false;
    for (;;) {
        step st = s.trailing ? scan_trailing(&s) : scan_one(&s);
        /* Not while a token waits for more input: what the game starts
         * with must not depend on where the reads fall. */
        if (!started && st != STEP_MORE && (g->ntokens || g->ntags || g->ndiags)) {
            started = true;
            g->number = ++r->games;
            g->first_line = g->ntags ? g->tags[0].line : g->ntokens ? g->tokens[0].line : g->diags[0].line;
        }
        switch (st) {
        case STEP_TOKEN:
            s.last_line = s.line; /* where the token ended */
            if (started && !s.trailing && scan_run(&s) == STEP_NOMEM)
                return PT_ERR_NOMEM;
            break;
        case STEP_NOMEM: return PT_ERR_NOMEM;
        case STEP_TOO_LARGE:
        case STEP_MORE:
            if (st == STEP_TOO_LARGE || r->len > r->max_game) {
                if (!started) {
                    g->number = ++r->games;
                    g->first_line = s.line;
                }
                return skip_huge_game(r, &s, st == STEP_TOO_LARGE);
            }
            if (!fill(r) && !r->eof)
                return PT_ERR_NOMEM;
            break;
        case STEP_GAME_END:
            if (started && s.result_end && !s.trailing) {
                s.trailing = true; /* the comments after the marker first */
                break;
            }
            if (started)
                return end_game(r, &s, s.pos, false);
            break; /* nothing before the boundary: keep scanning */
        case STEP_INPUT_END:
            if (!started) {
                /* What was skipped would have been the next game's text,
                 * and an escape line may decide its encoding. */
                r->between = r->between && !s.skipped;
                r->offset += r->len;
                r->len = 0;
                return PT_ERR_END;
            }
            /* Had a tag line followed, would this game have ended there
             * all the same? Only if it had a token, and its last one
             * stopped short of the final line end. */
            r->between = s.in_moves && s.last_line < s.line;
            return end_game(r, &s, r->len, true);
        }
    }
}

void pt_pgn_place_get(const pt_pgn_reader *r, pt_pgn_place *p)
{
    *p = (pt_pgn_place){.offset = r->offset,
                        .games = r->games,
                        .line = r->line,
                        .column = r->line_start < 0 ? r->column_base : 0,
                        .line_started = r->line_start < 0};
}

void pt_pgn_place_set(pt_pgn_reader *r, const pt_pgn_place *p)
{
    r->eol_from = r->eol_at = 0; /* offsets count from elsewhere now */
    r->offset = p->offset;
    r->games = p->games;
    r->line = p->line;
    r->line_start = p->line_started ? -1 : 0;
    r->column_base = p->line_started ? p->column : 0;
}

bool pt_pgn_ended_between_games(const pt_pgn_reader *r)
{
    return r->eof && r->between;
}
