/*
 * cmd_check.c - "partiar check": validate whole archives and say exactly
 * what is wrong and where.
 *
 * With -j N of PIECES_FROM_THREADS or more, this thread cuts each input
 * into pieces of about PIECE_BYTES at lines where a game should start
 * (pt_pgn_split_point), and the threads read and check the pieces of a
 * batch, each piece on its own; then this thread reports their games in
 * input order, so the output is the same for any -j. While the workers
 * read one batch this thread reports the one before and cuts the one
 * after. A cut is a guess: when the piece before it did not end between
 * games, its last game is read again with the next batch (carry_over);
 * when that fails too, or no cut is found in PIECE_LIMIT bytes, the rest
 * of the input is read by this thread and only checked by the workers,
 * in batches of games. Memory is bounded by two batches, never by the
 * input. With fewer threads this thread reads every game and the others
 * check them, in the same batches of games; with -j 1 each game is read,
 * checked and reported in turn.
 */
#include "cli/cli.h"
#include "record/check.h"
#include "util/buf.h"
#include "util/input.h"
#include "util/pool.h"

#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define BATCH ((size_t)128)
/* Small pieces, many to a batch: at the end of a batch the threads wait
 * for its last piece, which must be short beside the batch, and a batch's
 * games must stay in the cache until they are reported. With two threads
 * on 52 MB, 2 KiB pieces took 7% more processor time than one thread
 * reading for the other, 32 KiB pieces 16% more. */
#define PIECE_BYTES     ((size_t)2 << 10)
#define PIECES_A_THREAD 16
/* Pieces only from this many threads: below, one thread reads and the
 * others check. Reading is about a quarter of the work (0.33 s of 1.38 s
 * at -j1 on 52 MB), so one reading thread keeps up with three checking,
 * and pieces cost more than they bring (above; 12% more wall time at
 * -j2). A threshold from that share: this machine has two cores and
 * cannot time five. */
#define PIECES_FROM_THREADS 5
#define PIECE_LIMIT         ((size_t)4 << 20) /* no cut within: the rest is read whole */
/* A failed cut's game and the rest of its batch are read again only when
 * they come to this much (a batch of 2 KiB pieces on up to eight threads
 * does): 48 MB of random bytes, cut into pieces of megabytes, took 766 MB
 * when they were carried whole, and 115 MB with this bound, as before
 * there was any carrying. */
#define CARRY_BYTES ((size_t)256 << 10)
#define READ_BYTES  ((size_t)64 << 10)
/* Input bytes a batch may hold, games or pieces, beside its count: a game
 * takes up to 35 times its text in memory (a token of 32 bytes for each
 * "()" of a variation tree), and 256 games of 1 MB, two batches, took
 * 1.4 GB. Usual batches hold under a tenth of it. */
#define BATCH_BYTES ((size_t)4 << 20)
/* A slot keeps its game's memory for the next game, to spare the
 * allocations, but not past this: one huge game would stay held in every
 * slot that ever read one. */
#define SLOT_KEEP_BYTES ((size_t)1 << 20)

static const char help[] = "Usage: partiar check [OPTIONS] PATH...\n"
                           "Check PGN files, gzip files and folders (searched for *.pgn and *.pgn.gz)\n"
                           "game by game; '-' reads standard input. Every game is accounted for.\n\n"
                           "  -j N                  threads (default: the number of cores)\n"
                           "  -l, --lang CODE       notation of the input: auto (default) or a code\n"
                           "      --strict          also warn about non-standard spellings and missing + or #\n"
                           "      --claims          report draws that could have been claimed (9.2, 9.3)\n"
                           "      --laws EDITION    judge every game by one edition of the Laws:\n"
                           "                        2005, 2014, 2017, 2018 or current (default: the one\n"
                           "                        in force on the game's Date, current if unknown)\n"
                           "  -f, --format KIND     text (default), json (JSON Lines) or csv\n"
                           "  -o, --output FILE     also write the games as clean PGN to FILE\n"
                           "      --export WHICH    with -o: valid (default) or all games; with all,\n"
                           "                        invalid games carry their diagnostics as comments\n"
                           "  -L, --out-lang CODE   notation of the PGN written with -o\n"
                           "  -q, --quiet           no diagnostics, only the exit status (and --summary)\n"
                           "      --summary         print the counts at the end\n"
                           "      --no-duplicates   do not look for duplicate games (which costs 16\n"
                           "                        bytes a distinct game); memory stays constant\n"
                           "  -h, --help            show this help\n\n"
                           "Exit status: 0 every game valid, 1 some game has an error, 2 usage or\n"
                           "I/O error (a file that cannot be read, corrupt gzip data).\n";

enum { FORMAT_TEXT, FORMAT_JSON, FORMAT_CSV };

typedef struct options {
    pt_replay_opts replay;
    pt_pgn_write_opts write;
    int format;
    int threads;
    bool quiet, summary, export_all, no_duplicates;
    const char *output;
} options;

/* One game in a batch: read here, checked by a worker. */
typedef struct slot {
    pt_pgn_game game;
    pt_replay replay;
    uint64_t fingerprint;
    pt_err err;
} slot;

/* Bytes of an input between two cuts, and its games once read. */
typedef struct piece {
    _Alignas(64) pt_buf bytes; /* a cache line each: two threads write neighbours */
    pt_pgn_place start;        /* the line bytes[0] is on; games counted from 0 */
    bool last;                 /* the input ends with it */
    bool uncut;                /* no cut found: not read on its own */
    bool carried;              /* begins with a game a cut split (carry_over) */
    slot *slots;
    size_t count, slots_cap;
    pt_pgn_place last_game; /* where its last game began */
    bool between;           /* it ended between games: the cut held */
    pt_err err;
} piece;

/* The work of one pool job: games to check, or pieces to read and check. */
typedef struct batch {
    slot *slots;
    piece *pieces;
    size_t count;
    const options *opts;
} batch;

/* A game seen before, for duplicates within and across the inputs: 16
 * bytes a distinct game, the only memory that grows with the input. */
typedef struct seen {
    uint64_t fingerprint;
    uint32_t file; /* index in the list of inputs */
    uint32_t game;
} seen;

typedef struct state {
    const options *opts;
    FILE *export;
    FILE *report; /* standard output, or standard error when -o - takes it */
    pt_buf out;
    seen *table;
    size_t table_cap, table_count;
    const pt_paths *inputs;
    size_t input; /* the one being read */
    long games, valid, invalid, unreadable, errors, warnings, duplicates, files, io_errors;
    long by_lang[64];
    pt_progress progress;
    double start;
    piece *pieces; /* two batches of npieces, with -j N */
    size_t npieces;
} state;

static void check_slot(const options *o, slot *s)
{
    s->err = pt_replay_game(&s->game, &o->replay, &s->replay);
    s->fingerprint = s->replay.nmoves && !o->no_duplicates ? pt_check_fingerprint(&s->game, &s->replay) : 0;
}

typedef struct bytes {
    const char *b;
    size_t len, at;
} bytes;

static size_t bytes_read(void *ctx, void *buf, size_t size)
{
    bytes *m = ctx;
    size_t n = m->len - m->at < size ? m->len - m->at : size;
    memcpy(buf, m->b + m->at, n);
    m->at += n;
    return n;
}

static bool room_for_game(piece *pc)
{
    if (pc->count < pc->slots_cap)
        return true;
    size_t cap = pc->slots_cap ? 2 * pc->slots_cap : 8;
    slot *more = realloc(pc->slots, cap * sizeof *more);
    if (!more)
        return false;
    memset(more + pc->slots_cap, 0, (cap - pc->slots_cap) * sizeof *more);
    pc->slots = more;
    pc->slots_cap = cap;
    return true;
}

/* Reads and checks the games of one piece, noting where the last began
 * and whether the piece ended between games. */
static void read_piece(const options *o, piece *pc)
{
    pc->count = 0;
    pc->between = true;
    pc->err = PT_OK;
    if (pc->uncut)
        return;
    pt_pgn_reader *r;
    if ((pc->err = pt_pgn_open_bytes(&r, (const unsigned char *)pc->bytes.data, pc->bytes.len)) != PT_OK)
        return;
    pt_pgn_place_set(r, &pc->start);
    for (;;) {
        pt_pgn_place here;
        pt_pgn_place_get(r, &here);
        if (!room_for_game(pc)) {
            pc->err = PT_ERR_NOMEM;
            break;
        }
        slot *s = &pc->slots[pc->count];
        pt_err err = pt_pgn_next(r, &s->game);
        if (err != PT_OK) {
            pc->err = err == PT_ERR_END ? PT_OK : err;
            break;
        }
        pc->last_game = here;
        check_slot(o, s);
        pc->count++;
    }
    pc->between = pt_pgn_ended_between_games(r);
    pt_pgn_close(&r);
}

/* Item `item` of a batch: a game to check, or a piece to read. */
static void work(void *job, size_t item)
{
    batch *b = job;
    if (b->pieces)
        read_piece(b->opts, &b->pieces[item]);
    else
        check_slot(b->opts, &b->slots[item]);
}

static void free_slots(slot *slots, size_t count)
{
    for (size_t i = 0; i < count; i++) {
        pt_pgn_game_free(&slots[i].game);
        pt_replay_free(&slots[i].replay);
    }
    free(slots);
}

/* Remembers the game; returns the earlier one with the same players and
 * moves, or NULL. */
static const seen *remember(state *st, uint64_t fp, long game)
{
    if (st->table_count * 4 >= st->table_cap * 3) { /* full to 3/4 */
        size_t cap = st->table_cap ? st->table_cap * 2 : 4096;
        seen *table = calloc(cap, sizeof *table);
        if (!table)
            return NULL; /* duplicates are a warning: go on without */
        for (size_t i = 0; i < st->table_cap; i++) {
            if (!st->table[i].fingerprint)
                continue;
            size_t k = st->table[i].fingerprint & (cap - 1);
            while (table[k].fingerprint)
                k = (k + 1) & (cap - 1);
            table[k] = st->table[i];
        }
        free(st->table);
        st->table = table;
        st->table_cap = cap;
    }
    size_t k = fp & (st->table_cap - 1);
    for (; st->table[k].fingerprint; k = (k + 1) & (st->table_cap - 1))
        if (st->table[k].fingerprint == fp)
            return &st->table[k];
    st->table[k] = (seen){fp, (uint32_t)st->input, (uint32_t)game};
    st->table_count++;
    return NULL;
}

/* --------------------------------------------------------------- output */

static void json_string(pt_buf *b, const char *s)
{
    pt_buf_puts(b, "\"");
    for (; s && *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            pt_buf_printf(b, "\\%c", c);
        else if (c < 0x20)
            pt_buf_printf(b, "\\u%04x", c);
        else
            pt_buf_append(b, s, 1);
    }
    pt_buf_puts(b, "\"");
}

static void csv_field(pt_buf *b, const char *s, bool last)
{
    pt_buf_puts(b, "\"");
    for (; s && *s; s++) {
        if (*s == '"')
            pt_buf_puts(b, "\"");
        pt_buf_append(b, s, 1);
    }
    pt_buf_puts(b, last ? "\"\n" : "\",");
}

/* The move text at a diagnostic's place, if a token starts there. */
static void text_at(const pt_pgn_game *g, const pt_pgn_diag *d, char *out, size_t size)
{
    out[0] = '\0';
    size_t i = pt_pgn_token_at(g, d->line, d->column);
    if (i == g->ntokens)
        return;
    const pt_pgn_token *t = &g->tokens[i];
    if (t->kind == PT_TOK_MOVE || t->kind == PT_TOK_NULL || t->kind == PT_TOK_NUMBER || t->kind == PT_TOK_RESULT)
        snprintf(out, size, "%.*s", (int)t->len, g->text + t->text);
}

/* Move number and side of a ply counted from the game's start. */
static void ply_place(const pt_replay *rp, int ply, int *number, const char **side)
{
    int from_start = ply - 1 + (rp->start.side == PT_BLACK);
    *number = rp->start.fullmove + from_start / 2;
    *side = from_start % 2 ? "black" : "white";
}

static const char *status_of(const pt_pgn_game *g, const pt_replay *rp)
{
    if (g->unreadable || !rp->replayed)
        return "unreadable";
    for (size_t i = 0; i < g->ndiags; i++)
        if (g->diags[i].severity == PT_SEV_ERROR)
            return "invalid";
    return "valid";
}

static void format_game(state *st, const char *file, const pt_pgn_game *g, const pt_replay *rp, const char *status)
{
    pt_buf *b = &st->out;
    const char *notation = rp->replayed ? rp->lang->code : "-";
    if (st->opts->format == FORMAT_JSON) {
        pt_buf_puts(b, "{\"file\":");
        json_string(b, file);
        pt_buf_printf(b, ",\"game\":%ld,\"line\":%d,\"tags\":{", g->number, g->first_line);
        static const char *const tags[] = {"Event", "Site", "Date", "Round", "White", "Black", "Result"};
        bool first = true;
        for (size_t k = 0; k < sizeof tags / sizeof tags[0]; k++) {
            const char *v = pt_pgn_tag_value(g, tags[k]);
            if (!v)
                continue;
            pt_buf_printf(b, "%s\"%s\":", first ? "" : ",", tags[k]);
            json_string(b, v);
            first = false;
        }
        pt_buf_printf(b, "},\"notation\":\"%s\",\"plies\":%zu,\"repairs\":%d,\"status\":\"%s\",\"diagnostics\":[",
                      notation, rp->nmoves, rp->repairs, status);
    }
    for (size_t i = 0; i < g->ndiags; i++) {
        const pt_pgn_diag *d = &g->diags[i];
        const char *severity = d->severity == PT_SEV_ERROR ? "error" : "warning";
        char text[64];
        int number = 0;
        const char *side = "";
        text_at(g, d, text, sizeof text);
        if (d->ply > 0 && rp->replayed)
            ply_place(rp, d->ply, &number, &side);
        if (st->opts->format == FORMAT_JSON) {
            pt_buf_printf(b, "%s{\"code\":\"%s\",\"severity\":\"%s\",\"line\":%d,\"column\":%d,\"ply\":%d,",
                          i ? "," : "", d->code, severity, d->line, d->column, d->ply);
            pt_buf_printf(b, "\"move_number\":%d,\"side\":\"%s\",\"text\":", number, side);
            json_string(b, text);
            pt_buf_puts(b, ",\"message\":");
            json_string(b, d->message);
            pt_buf_puts(b, ",\"suggestion\":");
            json_string(b, d->suggestion);
            pt_buf_puts(b, "}");
        } else if (st->opts->format == FORMAT_CSV) {
            csv_field(b, file, false);
            pt_buf_printf(b, "%ld,%d,%d,%s,%s,%d,%d,%s,", g->number, d->line, d->column, severity, d->code, d->ply,
                          number, side);
            csv_field(b, text, false);
            csv_field(b, d->message, false);
            csv_field(b, d->suggestion, true);
        } else {
            pt_buf_printf(b, "%s:%d:%d: %s: game %ld (%s): %s [%s]\n", file, d->line, d->column, severity, g->number,
                          notation, d->message, d->code);
            if (d->suggestion[0])
                pt_buf_printf(b, "    suggestion: %s\n", d->suggestion);
        }
    }
    if (st->opts->format == FORMAT_JSON)
        pt_buf_puts(b, "]}\n");
}

static int by_place(const void *a, const void *b)
{
    const pt_pgn_diag *x = a, *y = b;
    if (x->line != y->line)
        return x->line - y->line;
    if (x->column != y->column)
        return x->column - y->column;
    return x->at < y->at ? -1 : x->at > y->at; /* keeps a stable order */
}

/* Writes what was formatted; with nothing to write there may be no buffer
 * at all, and fwrite must not be given a null pointer. */
static void flush_out(state *st)
{
    if (st->out.len)
        fwrite(st->out.data, 1, st->out.len, st->report);
    st->out.len = 0;
}

/* A problem with an input as a whole (cannot open, corrupt gzip). */
static void report_input_error(state *st, const char *file, const char *message)
{
    st->io_errors++;
    if (st->opts->format == FORMAT_JSON) {
        pt_buf_puts(&st->out, "{\"file\":");
        json_string(&st->out, file);
        pt_buf_puts(&st->out, ",\"error\":");
        json_string(&st->out, message);
        pt_buf_puts(&st->out, "}\n");
        flush_out(st);
    } else {
        pt_cli_error("%s: %s", file, message);
    }
}

/* Frees what a slot holds past SLOT_KEEP_BYTES. */
static void trim_slot(slot *s)
{
    const pt_pgn_game *g = &s->game;
    const pt_replay *rp = &s->replay;
    size_t held = g->text_cap + g->strings_cap + g->tags_cap * sizeof *g->tags + g->tokens_cap * sizeof *g->tokens +
                  g->diags_cap * sizeof *g->diags + rp->cap * (sizeof *rp->moves + sizeof *rp->move_token) +
                  rp->token_cap * sizeof *rp->token_move;
    if (held > SLOT_KEEP_BYTES) {
        pt_pgn_game_free(&s->game);
        pt_replay_free(&s->replay);
    }
}

/* Appends text to out (size bytes in all, at used), cut to fit. */
static size_t append(char *out, size_t size, size_t at, const char *text)
{
    while (*text && at + 1 < size)
        out[at++] = *text++;
    out[at] = '\0';
    return at;
}

/* The duplicate's message, made without printf: in an archive merged from
 * several sources most games may be duplicates, and printf took 3% of the
 * time to check each. */
static void duplicate_message(char *out, size_t size, unsigned game, const char *file)
{
    char digits[12], *d = digits + sizeof digits - 1;
    *d = '\0';
    do
        *--d = (char)('0' + game % 10);
    while ((game /= 10) > 0);
    size_t at = append(out, size, 0, "the same game (players and moves) as game ");
    at = append(out, size, at, d);
    at = append(out, size, at, " of ");
    append(out, size, at, file);
}

/* Reports one checked game, in order. */
static void report_game(state *st, const char *file, slot *s)
{
    if (s->err != PT_OK)
        report_input_error(st, file, "out of memory while checking a game");
    pt_pgn_game *g = &s->game;
    pt_replay *rp = &s->replay;
    if (s->fingerprint) {
        const seen *earlier = remember(st, s->fingerprint, g->number);
        if (earlier) {
            st->duplicates++;
            char message[sizeof g->diags[0].message];
            duplicate_message(message, sizeof message, earlier->game,
                              pt_cli_input_name(st->inputs->items[earlier->file]));
            pt_pgn_add_diag_text(g, PT_SEV_WARNING, "duplicate", g->first_line, 1, 0, message);
        }
    }
    if (pt_pgn_count_unlisted(g) != PT_OK)
        report_input_error(st, file, "out of memory while checking a game");
    /* Diagnostics in the order of the text; 'at' records the order they
     * were made in, for those at the same place. */
    for (size_t i = 0; i < g->ndiags; i++)
        g->diags[i].at = i;
    if (g->ndiags > 1) /* a game without diagnostics may have no array */
        qsort(g->diags, g->ndiags, sizeof g->diags[0], by_place);
    const char *status = status_of(g, rp);
    st->games++;
    st->valid += status[0] == 'v';
    st->invalid += status[0] == 'i';
    st->unreadable += status[0] == 'u';
    for (size_t i = 0; i < g->ndiags; i++) {
        st->errors += g->diags[i].severity == PT_SEV_ERROR;
        st->warnings += g->diags[i].severity == PT_SEV_WARNING;
    }
    for (int i = 0; rp->replayed && i < pt_lang_count() && i < 64; i++) {
        if (pt_lang_at(i) == rp->lang) {
            st->by_lang[i]++;
            break;
        }
    }
    if (!st->opts->quiet)
        format_game(st, file, g, rp, status);
    if (st->export && (status[0] == 'v' || st->opts->export_all)) {
        pt_buf text = {0};
        if (pt_pgn_write(g, rp, &st->opts->write, &text) == PT_OK)
            fwrite(text.data, 1, text.len, st->export);
        pt_buf_free(&text);
    }
    flush_out(st);
    trim_slot(s);
}

/* Reads up to BATCH games, or BATCH_BYTES of them, into b; false once
 * the input is over. */
static bool read_batch(state *st, const char *file, pt_pgn_reader *r, batch *b)
{
    for (size_t held = 0; b->count < BATCH && held < BATCH_BYTES;) {
        pt_err err = pt_pgn_next(r, &b->slots[b->count].game);
        if (err != PT_OK) {
            if (err == PT_ERR_NOMEM)
                report_input_error(st, file, "out of memory");
            return false;
        }
        held += b->slots[b->count++].game.text_len;
    }
    return true;
}

static void show_progress(state *st)
{
    double seconds = pt_cli_now() - st->start;
    pt_progress_show(&st->progress, "check: %ld files, %ld games, %.0f games/s", st->files, st->games,
                     seconds > 0 ? (double)st->games / seconds : 0.0);
}

/* Without workers (-j 1): each game read, checked and reported in turn,
 * in one slot, so that its data stays in the cache. */
static void check_alone(state *st, const char *file, pt_pgn_reader *r, slot *s)
{
    for (long n = 1;; n++) {
        pt_err err = pt_pgn_next(r, &s->game);
        if (err != PT_OK) {
            if (err == PT_ERR_NOMEM)
                report_input_error(st, file, "out of memory");
            return;
        }
        check_slot(st->opts, s);
        report_game(st, file, s);
        if (n % (long)BATCH == 0)
            show_progress(st);
    }
}

/* Two batches: while the workers check one, this thread reports the other
 * and reads the next games into it. */
static void check_in_batches(state *st, const char *file, pt_pgn_reader *r, slot *slots, pt_pool *pool)
{
    batch pair[2] = {{.slots = slots, .opts = st->opts}, {.slots = slots + BATCH, .opts = st->opts}};
    batch *now = &pair[0], *next = &pair[1]; /* the workers hold these */
    bool more = read_batch(st, file, r, now);
    if (now->count)
        pt_pool_post(pool, now, now->count);
    if (more)
        more = read_batch(st, file, r, next);
    while (now->count > 0) {
        pt_pool_wait(pool);
        if (next->count)
            pt_pool_post(pool, next, next->count);
        for (size_t i = 0; i < now->count; i++)
            report_game(st, file, &now->slots[i]);
        show_progress(st);
        batch *done = now;
        now = next;
        next = done;
        next->count = 0;
        if (more)
            more = read_batch(st, file, r, next);
    }
}

/* ------------------------------------------------------------- pieces */

/* The cutting of one input into pieces: the input is read in whole
 * blocks into a stage, and each piece copied out of it. */
typedef struct cutter {
    pt_input *in;
    bool eof, done;
    pt_buf stage;
    size_t at; /* stage.data[at..stage.len) is read but in no piece yet */
    int line;  /* the line stage[at] is on */
} cutter;

/* The bytes staged for the next piece, and how many there are. */
static const unsigned char *staged(const cutter *c)
{
    return (const unsigned char *)c->stage.data + c->at;
}

static size_t staged_len(const cutter *c)
{
    return c->stage.len - c->at;
}

/* Reads a block into the stage. Whole blocks: zlib then inflates straight
 * into them, and loses none of a damaged stream's last good bytes in its
 * own buffer. */
static bool read_block(cutter *c)
{
    if (c->at > 0 && c->stage.len + READ_BYTES + 1 > c->stage.cap) {
        memmove(c->stage.data, c->stage.data + c->at, staged_len(c));
        c->stage.len -= c->at;
        c->at = 0;
    }
    if (!pt_buf_reserve(&c->stage, READ_BYTES))
        return false;
    size_t got = pt_input_read(c->in, c->stage.data + c->stage.len, READ_BYTES);
    c->eof = got == 0;
    c->stage.len += got;
    return true;
}

/* Moves the first n staged bytes into pc. */
static bool take(cutter *c, piece *pc, size_t n)
{
    pc->bytes.len = 0;
    if (!pt_buf_append(&pc->bytes, c->stage.data + c->at, n))
        return false;
    c->at += n;
    return true;
}

/* Fills pc with about PIECE_BYTES of the input, up to the last line
 * before that where a game may start. False when out of memory. */
static bool cut_piece(cutter *c, piece *pc)
{
    pc->start = (pt_pgn_place){.line = c->line};
    pc->last = pc->uncut = pc->carried = false;
    for (size_t want = PIECE_BYTES;; want *= 2) {
        while (!c->eof && staged_len(c) <= want)
            if (!read_block(c))
                return false;
        if (c->eof && staged_len(c) <= want) {
            pc->last = true;
            return take(c, pc, staged_len(c));
        }
        size_t cut = pt_pgn_split_point(staged(c), want);
        if (cut > 0) {
            c->line += (int)pt_pgn_count_lines(staged(c), cut);
            return take(c, pc, cut);
        }
        if (want >= PIECE_LIMIT) {
            pc->uncut = true; /* one huge game, or no line ends */
            return take(c, pc, staged_len(c));
        }
    }
}

/* Cuts up to n pieces, or BATCH_BYTES of them, into b, the last of the
 * input or an uncut one ending the cutting. */
static void cut_batch(state *st, const char *file, cutter *c, batch *b, size_t n)
{
    size_t held = 0;
    for (b->count = 0; b->count < n && held < BATCH_BYTES && !c->done; b->count++) {
        piece *pc = &b->pieces[b->count];
        if (!cut_piece(c, pc)) {
            report_input_error(st, file, "out of memory");
            c->done = true;
            return;
        }
        c->done = pc->last || pc->uncut;
        held += pc->bytes.len;
    }
}

/* What the reader of the rest takes: the unread part of the pieces in
 * memory, then the input. */
typedef struct feed {
    bytes *parts;
    size_t count, at;
    pt_input *in; /* NULL once it has ended */
} feed;

static size_t feed_read(void *ctx, void *buf, size_t size)
{
    feed *f = ctx;
    for (; f->at < f->count; f->at++) {
        size_t n = bytes_read(&f->parts[f->at], buf, size);
        if (n > 0)
            return n;
    }
    return f->in ? pt_input_read(f->in, buf, size) : 0;
}

/* Reports the first n games of a piece, numbered after the `games`
 * before it in the input. */
static void report_games(state *st, const char *file, piece *pc, size_t n, long *games)
{
    for (size_t i = 0; i < n; i++) {
        pc->slots[i].game.number += *games;
        report_game(st, file, &pc->slots[i]);
    }
    *games += (long)n;
}

/* Whether a piece that did not end between games keeps the games before
 * its last, the one that ran on past the cut: not when it has none, or
 * was not read, being uncut. */
static bool keeps_games(const piece *pc)
{
    return !pc->uncut && pc->count > 0;
}

/* Where such a piece is read again from: its last game, or all of it. */
static pt_pgn_place read_again_from(const piece *pc)
{
    return keeps_games(pc) ? pc->last_game : pc->start;
}

/* Reports the games such a piece keeps. */
static void report_kept_games(state *st, const char *file, piece *pc, long *games)
{
    if (keeps_games(pc))
        report_games(st, file, pc, pc->count - 1, games);
}

/* Reads the rest of the input from piece `bad` of b, which cannot be read
 * on its own, here, as without pieces; `games` were reported before. */
static void check_rest(state *st, const char *file, cutter *c, batch *b, size_t bad, batch *next, long games,
                       slot *slots, pt_pool *pool)
{
    piece *pc = &b->pieces[bad];
    pt_pgn_place from = read_again_from(pc);
    report_kept_games(st, file, pc, &games);
    size_t skip = from.offset;
    from.offset = 0;
    from.games = games;
    bytes *parts = calloc(b->count - bad + next->count + 1, sizeof *parts);
    if (!parts) {
        report_input_error(st, file, "out of memory");
        return;
    }
    feed f = {parts, 0, 0, c->eof ? NULL : c->in};
    parts[f.count++] = (bytes){pc->bytes.data + skip, pc->bytes.len - skip, 0};
    for (size_t i = bad + 1; i < b->count; i++)
        parts[f.count++] = (bytes){b->pieces[i].bytes.data, b->pieces[i].bytes.len, 0};
    for (size_t i = 0; i < next->count; i++)
        parts[f.count++] = (bytes){next->pieces[i].bytes.data, next->pieces[i].bytes.len, 0};
    parts[f.count++] = (bytes){c->stage.data + c->at, staged_len(c), 0};
    pt_pgn_reader *r;
    if (pt_pgn_open(&r, feed_read, &f) != PT_OK) {
        report_input_error(st, file, "out of memory");
    } else {
        pt_pgn_place_set(r, &from);
        check_in_batches(st, file, r, slots, pool);
        pt_pgn_close(&r);
    }
    free(parts);
}

/* The first piece of b whose games cannot be taken as read: its cut did
 * not hold, or it was not cut. b->count when there is none. */
static size_t first_bad(const batch *b)
{
    for (size_t i = 0; i < b->count; i++)
        if (b->pieces[i].uncut || (!b->pieces[i].between && !b->pieces[i].last))
            return i;
    return b->count;
}

/* Piece `bad` of b did not end between games: its last game runs on past
 * the cut. That game's text, and the pieces after it (read on a start
 * that was no game's), go in front of the first piece of `next`, to be
 * read with it, so that one cut that does not hold costs a re-read of a
 * batch, not the threads for the rest of the input. False when that
 * cannot be (an uncut piece, more than CARRY_BYTES, out of memory), or
 * when the piece was carried already: where cut after cut fails (games
 * that start within a line), carrying would read each batch twice, so
 * the rest is read here. */
static bool carry_over(batch *b, size_t bad, batch *next)
{
    piece *pc = &b->pieces[bad];
    if (pc->uncut || pc->carried)
        return false;
    pt_pgn_place from = read_again_from(pc);
    size_t skip = from.offset;
    pt_buf merged = {0};
    bool ok = pt_buf_append(&merged, pc->bytes.data + skip, pc->bytes.len - skip);
    for (size_t i = bad + 1; ok && i < b->count; i++)
        ok = pt_buf_append(&merged, b->pieces[i].bytes.data, b->pieces[i].bytes.len);
    /* With no next batch, the input ended within this one. */
    piece *first = &next->pieces[0], *end = next->count ? first : &b->pieces[b->count - 1];
    if (ok && next->count)
        ok = pt_buf_append(&merged, first->bytes.data, first->bytes.len);
    if (!ok || merged.len > CARRY_BYTES) {
        pt_buf_free(&merged);
        return false;
    }
    bool last = end->last, uncut = end->uncut;
    pt_buf_free(&first->bytes);
    first->bytes = merged;
    from.offset = 0;
    from.games = 0;
    first->start = from;
    first->last = last;
    first->uncut = uncut;
    first->carried = true;
    next->count += next->count == 0;
    return true;
}

/* Reports the games of a piece that was read, in order. False when it
 * ran out of memory, which ends the input. */
static bool report_piece(state *st, const char *file, piece *pc, long *games)
{
    report_games(st, file, pc, pc->count, games);
    if (pc->err != PT_OK)
        report_input_error(st, file, "out of memory");
    return pc->err == PT_OK;
}

/* Two batches of n pieces: while the workers read and check one, this
 * thread cuts the next, then reports the one done. */
static void check_in_pieces(state *st, const char *file, cutter *c, piece *pieces, size_t n, slot *slots, pt_pool *pool)
{
    batch pair[2] = {{.pieces = pieces, .opts = st->opts}, {.pieces = pieces + n, .opts = st->opts}};
    batch *now = &pair[0], *next = &pair[1];
    long games = 0;
    cut_batch(st, file, c, now, n);
    if (now->count)
        pt_pool_post(pool, now, now->count);
    while (now->count > 0) {
        cut_batch(st, file, c, next, n);
        pt_pool_wait(pool);
        size_t bad = first_bad(now);
        bool whole = bad == now->count, go_on = whole || carry_over(now, bad, next);
        if (go_on && next->count)
            pt_pool_post(pool, next, next->count);
        for (size_t i = 0; i < bad; i++) {
            if (!report_piece(st, file, &now->pieces[i], &games)) {
                if (go_on && next->count)
                    pt_pool_wait(pool);
                return;
            }
        }
        if (!go_on) {
            check_rest(st, file, c, now, bad, next, games, slots, pool);
            return;
        }
        if (!whole) /* all but the game carried */
            report_kept_games(st, file, &now->pieces[bad], &games);
        show_progress(st);
        batch *done = now;
        now = next;
        next = done;
        next->count = 0;
    }
}

static void check_file(state *st, const char *path, slot *slots, pt_pool *pool)
{
    const char *file = pt_cli_input_name(path);
    char msg[200];
    pt_input *in;
    if (pt_input_open(&in, path, msg, sizeof msg) != PT_OK) {
        report_input_error(st, file, msg);
        return;
    }
    st->files++;
    pt_pgn_reader *r;
    if (pool && st->opts->threads >= PIECES_FROM_THREADS) {
        cutter c = {.in = in, .line = 1};
        check_in_pieces(st, file, &c, st->pieces, st->npieces, slots, pool);
        pt_buf_free(&c.stage);
    } else if (pt_pgn_open(&r, pt_input_read, in) == PT_OK) {
        if (pool)
            check_in_batches(st, file, r, slots, pool);
        else
            check_alone(st, file, r, slots);
        pt_pgn_close(&r);
    } else {
        report_input_error(st, file, "out of memory");
    }
    if (pt_input_failed(in, msg, sizeof msg))
        report_input_error(st, file, msg);
    pt_input_close(&in);
}

static void print_summary(state *st, bool text)
{
    if (st->opts->format == FORMAT_JSON) {
        fprintf(st->report,
                "{\"summary\":{\"files\":%ld,\"games\":%ld,\"valid\":%ld,\"invalid\":%ld,\"unreadable\":%ld,"
                "\"errors\":%ld,\"warnings\":%ld,\"duplicates\":%ld,\"input_errors\":%ld,\"notations\":{",
                st->files, st->games, st->valid, st->invalid, st->unreadable, st->errors, st->warnings, st->duplicates,
                st->io_errors);
        bool first = true;
        for (int i = 0; i < pt_lang_count() && i < 64; i++) {
            if (st->by_lang[i]) {
                fprintf(st->report, "%s\"%s\":%ld", first ? "" : ",", pt_lang_at(i)->code, st->by_lang[i]);
                first = false;
            }
        }
        fputs("}}}\n", st->report);
    } else if (text) {
        FILE *to = st->opts->format == FORMAT_TEXT ? st->report : stderr;
        fprintf(to,
                "check: %ld files, %ld games: %ld valid, %ld invalid, %ld unreadable; %ld errors, %ld warnings, "
                "%ld duplicates\n",
                st->files, st->games, st->valid, st->invalid, st->unreadable, st->errors, st->warnings, st->duplicates);
    }
}

static bool parse_options(int argc, char **argv, options *o, int *status)
{
    static const struct option long_options[] = {
        {"lang", required_argument, NULL, 'l'},
        {"strict", no_argument, NULL, 's'},
        {"claims", no_argument, NULL, 'c'},
        {"format", required_argument, NULL, 'f'},
        {"output", required_argument, NULL, 'o'},
        {"export", required_argument, NULL, 'e'},
        {"out-lang", required_argument, NULL, 'L'},
        {"quiet", no_argument, NULL, 'q'},
        {"summary", no_argument, NULL, 'S'},
        {"help", no_argument, NULL, 'h'},
        {"no-duplicates", no_argument, NULL, 'D'},
        {"laws", required_argument, NULL, 'W'},
        {NULL, 0, NULL, 0},
    };
    long n;
    int opt;
    optind = 1;
    while ((opt = getopt_long(argc, argv, "j:l:f:o:L:qh", long_options, NULL)) != -1) {
        switch (opt) {
        case 'j':
            if (!pt_cli_parse_int(optarg, 1, 64, &n)) {
                *status = pt_cli_usage_error("check", "-j wants a number from 1 to 64, not '%s'", optarg);
                return false;
            }
            o->threads = (int)n;
            break;
        case 'l':
            if (strcmp(optarg, "auto") != 0 && !(o->replay.lang = pt_lang_find(optarg))) {
                *status =
                    pt_cli_usage_error("check", "unknown language '%s' (see partiar convert --languages)", optarg);
                return false;
            }
            break;
        case 'L':
            if (!(o->write.lang = pt_lang_find(optarg))) {
                *status = pt_cli_usage_error("check", "unknown language '%s'", optarg);
                return false;
            }
            break;
        case 'f':
            if (strcmp(optarg, "text") == 0)
                o->format = FORMAT_TEXT;
            else if (strcmp(optarg, "json") == 0)
                o->format = FORMAT_JSON;
            else if (strcmp(optarg, "csv") == 0)
                o->format = FORMAT_CSV;
            else {
                *status = pt_cli_usage_error("check", "--format is text, json or csv, not '%s'", optarg);
                return false;
            }
            break;
        case 'e':
            if (strcmp(optarg, "valid") != 0 && strcmp(optarg, "all") != 0) {
                *status = pt_cli_usage_error("check", "--export is valid or all, not '%s'", optarg);
                return false;
            }
            o->export_all = optarg[0] == 'a';
            break;
        case 'W':
            if (!pt_laws_from_name(optarg, &o->replay.laws)) {
                *status = pt_cli_usage_error("check", "--laws is 2005, 2014, 2017, 2018 or current, not '%s'", optarg);
                return false;
            }
            o->replay.fixed_laws = true;
            break;
        case 's': o->replay.strict = true; break;
        case 'c': o->replay.claims = true; break;
        case 'o': o->output = optarg; break;
        case 'q': o->quiet = true; break;
        case 'S': o->summary = true; break;
        case 'D': o->no_duplicates = true; break;
        case 'h':
            fputs(help, stdout);
            *status = PT_EXIT_OK;
            return false;
        default: *status = pt_cli_usage_error("check", "unknown option"); return false;
        }
    }
    return true;
}

int pt_cmd_check(int argc, char **argv)
{
    options o = {.replay = {.check = true}, .write = {.notation = PT_NOTATION_SAN}, .format = FORMAT_TEXT};
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    o.threads = cores > 0 ? (cores > 64 ? 64 : (int)cores) : 1;
    int status;
    if (!parse_options(argc, argv, &o, &status))
        return status;
    o.write.diagnostics = o.export_all;

    /* -o -: the games on standard output, so the report goes to standard
     * error. */
    bool games_to_stdout = o.output && strcmp(o.output, "-") == 0;
    state st = {.opts = &o, .report = games_to_stdout ? stderr : stdout, .export = games_to_stdout ? stdout : NULL};
    if (o.output && !games_to_stdout && !(st.export = fopen(o.output, "w"))) {
        pt_cli_error("%s: %s", o.output, strerror(errno));
        return PT_EXIT_USAGE;
    }
    pt_paths paths = {0};
    for (int i = optind; i < argc; i++) {
        char msg[200];
        if (pt_paths_expand(&paths, argv[i], msg, sizeof msg) != PT_OK) {
            report_input_error(&st, argv[i], msg);
        }
    }
    char none[8];
    if (optind == argc && pt_paths_expand(&paths, "-", none, sizeof none) != PT_OK) {
        pt_cli_error("out of memory");
        return PT_EXIT_USAGE;
    }
    slot *slots = calloc(2 * BATCH, sizeof *slots);
    if (!slots) {
        pt_cli_error("out of memory");
        return PT_EXIT_USAGE;
    }
    if (o.format == FORMAT_CSV)
        fputs("file,game,line,column,severity,code,ply,move_number,side,text,message,suggestion\n", st.report);
    pt_progress_init(&st.progress, o.quiet);
    st.start = pt_cli_now();
    st.npieces = PIECES_A_THREAD * (size_t)o.threads;
    /* Aligned as the type asks (calloc gives 16 bytes), its size being a
     * multiple of the alignment. */
    if (o.threads >= PIECES_FROM_THREADS) {
        size_t size = 2 * st.npieces * sizeof *st.pieces;
        if (!(st.pieces = aligned_alloc(_Alignof(piece), size))) {
            pt_cli_error("out of memory");
            free(slots);
            return PT_EXIT_USAGE;
        }
        memset(st.pieces, 0, size);
    }
    pt_pool *pool = NULL;
    /* -j N: N - 1 workers, and this thread helps them once it has read
     * or cut the next batch. */
    if (o.threads > 1 && pt_pool_start(&pool, o.threads - 1, work) != PT_OK)
        pool = NULL; /* no threads to be had: check on this one */
    st.inputs = &paths;
    for (st.input = 0; st.input < paths.count; st.input++)
        check_file(&st, paths.items[st.input], slots, pool);
    pt_pool_stop(&pool);
    pt_progress_done(&st.progress);
    print_summary(&st, o.summary || (isatty(fileno(st.report)) && o.format == FORMAT_TEXT && !o.quiet));

    free_slots(slots, 2 * BATCH);
    for (size_t i = 0; st.pieces && i < 2 * st.npieces; i++) {
        free_slots(st.pieces[i].slots, st.pieces[i].slots_cap);
        pt_buf_free(&st.pieces[i].bytes);
    }
    free(st.pieces);
    free(st.table);
    pt_buf_free(&st.out);
    pt_paths_free(&paths);
    if (st.export && (games_to_stdout ? fflush(st.export) : fclose(st.export)) != 0) {
        pt_cli_error("%s: %s", o.output, strerror(errno));
        st.io_errors++;
    }
    if (fflush(stdout) != 0)
        st.io_errors++;
    if (st.io_errors)
        return PT_EXIT_USAGE;
    return st.invalid || st.unreadable ? PT_EXIT_PROBLEMS : PT_EXIT_OK;
}
