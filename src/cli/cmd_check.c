/*
 * cmd_check.c - "partiar check": validate whole archives and say exactly
 * what is wrong and where.
 *
 * The library reads, cuts, checks and finds duplicates; this file keeps
 * the options, the threads, the order of the output and the exit status.
 * What is reported of each game is kept apart from the game (report.h),
 * on the thread that checked it, so that every thread reuses one game
 * object, hot in its own cache, and no game crosses between threads.
 *
 * With -j 1 each game is read, checked and reported in turn. With more,
 * this thread cuts each input into pieces where games should begin
 * (pt_pgn_cutter), all threads read and check the pieces of a batch,
 * each piece on its own, and this thread reports their games in input
 * order, so the output is the same for any -j; while the others read one
 * batch, it cuts the next. When a cut did not hold, the game it split is
 * read again with the next batch (pt_pgn_pieces_carry); when that cannot
 * be, the rest of the input is read by this thread and only checked by
 * the others, in batches of games (pt_pgn_cutter_rest). Memory is bounded
 * by two batches, never by the input.
 */
#include "cli.h"
#include "output.h"
#include "pool.h"
#include "report.h"

#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define BATCH ((size_t)128) /* games, when one thread reads for the others */
/* Pieces of about 2 KiB, a game or two, and 64 a thread to a batch: the
 * threads wait at the end of each batch for its last piece, which must be
 * short beside the batch, and a batch's records must stay in the cache
 * until they are reported. */
#define PIECE_BYTES     ((size_t)2 << 10)
#define PIECES_A_THREAD 64
#define PIECE_LIMIT     ((size_t)4 << 20) /* no cut within: the rest is read whole */
/* A failed cut's game and the rest of its batch are read again only when
 * they come to this much: 48 MB of random bytes, cut into pieces of
 * megabytes, took 766 MB when they were carried whole, and 115 MB with
 * this bound. */
#define CARRY_BYTES ((size_t)256 << 10)
/* Input bytes a batch may hold, games or pieces, beside its count: a game
 * takes up to 35 times its text in memory (a token of 32 bytes for each
 * "()" of a variation tree), and 256 games of 1 MB, two batches, took
 * 1.4 GB. Usual batches hold under a tenth of it. */
#define BATCH_BYTES ((size_t)4 << 20)
/* A game object, or a list of what is reported, keeps its memory for the
 * next game, to spare the allocations, but not past this: one huge game
 * would stay held in every thread that ever read one. */
#define KEEP_BYTES  ((size_t)1 << 20)
#define MAX_THREADS 64

static const char help[] = "Usage: partiar check [OPTIONS] [PATH...]\n"
                           "Check PGN files, gzip files and folders (searched for *.pgn and *.pgn.gz)\n"
                           "game by game; '-' or no PATH reads standard input. Every game is accounted\n"
                           "for.\n\n"
                           "  -j, --jobs N          threads (default: the number of cores)\n"
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

typedef struct options {
    pt_replay_opts replay;
    pt_pgn_write_opts write;
    int format;
    int threads;
    bool quiet, summary, export_all, export_given, no_duplicates;
    const char *output;
} options;

/* A game object and its replay: one for each thread, and one for each
 * game of a batch when one thread reads for the others. */
typedef struct slot {
    pt_pgn_game *game;
    pt_replay *replay;
    pt_pgn_reader *reader; /* a thread's, for its pieces */
    pt_report_list kept;   /* batches of games: what is reported of it */
    pt_err err;
} slot;

/* A piece of an input and what is reported of its games once read. */
typedef struct piece {
    _Alignas(64) pt_pgn_piece cut; /* a cache line each: two threads write neighbours */
    pt_report_list kept;
    pt_err err;
} piece;

/* The work of one pool job: games to check, or pieces to read and check. */
typedef struct batch {
    slot *slots;
    piece *pieces;
    size_t count;
    slot *scratch; /* one for each thread, for pieces */
    const pt_report_opts *report;
    const pt_replay_opts *replay;
} batch;

typedef struct state {
    const options *opts;
    pt_report_opts report_opts;
    pt_output output; /* with -o */
    FILE *export;
    FILE *report; /* standard output, or standard error when -o - takes it */
    pt_buf out;
    pt_dups *dups;
    const pt_paths *inputs;
    size_t input;     /* the one being read */
    long last_number; /* its last game reported, and that game's first line */
    int last_line;
    long games, by_verdict[3], errors, warnings, duplicates, files, io_errors;
    long by_lang[64];
    pt_progress progress;
    double start;
    slot scratch[MAX_THREADS]; /* each thread's game */
    piece *pieces;             /* two batches of npieces, with -j N */
    size_t npieces;
} state;

/* Gives a slot its game and replay, once. */
static pt_err slot_ready(slot *s)
{
    if (!s->game && pt_pgn_game_new(&s->game) != PT_OK)
        return PT_ERR_NOMEM;
    if (!s->replay && pt_replay_new(&s->replay) != PT_OK)
        return PT_ERR_NOMEM;
    return PT_OK;
}

static void free_slots(slot *slots, size_t count)
{
    for (size_t i = 0; i < count; i++) {
        pt_pgn_game_free(&slots[i].game);
        pt_replay_free(&slots[i].replay);
        pt_report_free(&slots[i].kept);
        pt_pgn_close(&slots[i].reader);
    }
}

/* Checks the game in s and keeps what is reported of it in kept. */
static pt_err check_game(const batch *b, slot *s, pt_report_list *kept)
{
    pt_err err = pt_replay_game(s->game, b->replay, s->replay);
    if (err == PT_OK)
        err = pt_report_keep(kept, b->report, s->game, s->replay);
    pt_pgn_game_trim(s->game, KEEP_BYTES);
    pt_replay_trim(s->replay, KEEP_BYTES);
    return err;
}

/* Reads and checks the games of one piece on one thread's game. */
static void read_piece(const batch *b, piece *pc, slot *s)
{
    pt_report_clear(&pc->kept, KEEP_BYTES);
    pc->err = PT_OK;
    pc->cut.games = 0;
    pc->cut.between = true;
    if (pc->cut.uncut)
        return;
    if ((pc->err = slot_ready(s)) != PT_OK ||
        (!s->reader && (pc->err = pt_pgn_open_bytes(&s->reader, NULL, 0)) != PT_OK) ||
        (pc->err = pt_pgn_piece_begin(&pc->cut, s->reader)) != PT_OK)
        return;
    for (;;) {
        pt_err err = pt_pgn_piece_next(&pc->cut, s->reader, s->game);
        if (err == PT_OK)
            err = check_game(b, s, &pc->kept);
        if (err != PT_OK) {
            pc->err = err == PT_ERR_END ? PT_OK : err;
            break;
        }
    }
    pt_pgn_piece_end(&pc->cut, s->reader);
}

/* Item `item` of a batch on thread `thread`: a game to check, or a piece
 * to read. */
static void work(void *job, size_t item, int thread)
{
    batch *b = job;
    if (b->pieces) {
        read_piece(b, &b->pieces[item], &b->scratch[thread]);
    } else {
        slot *s = &b->slots[item];
        pt_report_clear(&s->kept, KEEP_BYTES);
        s->err = check_game(b, s, &s->kept);
    }
}

/* --------------------------------------------------------------- output */

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
    if (st->opts->format == PT_FORMAT_JSON) {
        pt_buf_puts(&st->out, "{\"file\":");
        pt_report_json_string(&st->out, file);
        pt_buf_puts(&st->out, ",\"error\":");
        pt_report_json_string(&st->out, message);
        pt_buf_puts(&st->out, "}\n");
        flush_out(st);
    } else {
        pt_cli_error("%s: %s", file, message);
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

/* The warning that game r repeats an earlier one, if it does. */
static bool look_for_duplicate(state *st, const pt_report_game *r, pt_report_diag *dup)
{
    bool seen;
    uint32_t file, game;
    if (!r->fingerprint || pt_dups_remember(st->dups, r->fingerprint, (uint32_t)st->input, (uint32_t)r->number, &seen,
                                            &file, &game) != PT_OK)
        return false; /* duplicates are a warning: without memory, go on without */
    if (!seen)
        return false;
    st->duplicates++;
    *dup = (pt_report_diag){
        .d = {.severity = PT_SEV_WARNING, .code = PT_CODE_DUPLICATE, .line = r->first_line, .column = 1}, .side = ""};
    duplicate_message(dup->d.message, sizeof dup->d.message, game, pt_cli_input_name(st->inputs->items[file]));
    return true;
}

/* Reports the games [from, to) of list l, in order, numbered after the
 * `games` before them in their input. */
static void report_kept(state *st, const char *file, pt_report_list *l, size_t from, size_t to, long games)
{
    for (size_t i = from; i < to; i++) {
        pt_report_game *r = &l->games[i];
        r->number += games;
        pt_report_diag dup;
        bool repeats = look_for_duplicate(st, r, &dup);
        st->games++;
        st->last_number = r->number;
        st->last_line = r->first_line;
        st->by_verdict[r->verdict]++;
        st->errors += r->errors;
        st->warnings += r->warnings + repeats;
        for (int k = 0; r->lang && k < pt_lang_count() && k < 64; k++) {
            if (pt_lang_at(k) == r->lang) {
                st->by_lang[k]++;
                break;
            }
        }
        if (!st->opts->quiet)
            pt_report_write(&st->out, st->opts->format, file, l, r, repeats ? &dup : NULL);
        if (st->export && r->exported)
            fwrite(l->text.data + r->pgn, 1, r->pgn_len, st->export);
        flush_out(st);
    }
}

static void show_progress(state *st)
{
    double seconds = pt_cli_now() - st->start;
    pt_progress_show(&st->progress, "check: %ld files, %ld games, %.0f games/s", st->files, st->games,
                     seconds > 0 ? (double)st->games / seconds : 0.0);
}

/* ---------------------------------------------------------------- games */

/* Reads up to BATCH games, or BATCH_BYTES of them, into b; false once
 * the input is over. */
static bool read_batch(state *st, const char *file, pt_pgn_reader *r, batch *b)
{
    for (size_t held = 0; b->count < BATCH && held < BATCH_BYTES;) {
        slot *s = &b->slots[b->count];
        pt_err err = slot_ready(s);
        if (err == PT_OK)
            err = pt_pgn_next(r, s->game);
        if (err != PT_OK) {
            if (err == PT_ERR_NOMEM)
                report_input_error(st, file, "out of memory");
            return false;
        }
        size_t len;
        pt_pgn_game_text(s->game, &len);
        held += len;
        b->count++;
    }
    return true;
}

/* Reports the games of a batch of games, checked. */
static void report_batch(state *st, const char *file, batch *b)
{
    for (size_t i = 0; i < b->count; i++) {
        slot *s = &b->slots[i];
        if (s->err != PT_OK)
            report_input_error(st, file, "out of memory while checking a game");
        report_kept(st, file, &s->kept, 0, s->kept.count, 0);
    }
}

/* Without other threads (-j 1): each game read, checked and reported in
 * turn, in this thread's game, so that its data stays in the cache. */
static void check_alone(state *st, const char *file, pt_pgn_reader *r, const batch *b)
{
    slot *s = &b->scratch[0];
    for (long n = 1;; n++) {
        pt_err err = slot_ready(s);
        if (err == PT_OK)
            err = pt_pgn_next(r, s->game);
        if (err != PT_OK) {
            if (err == PT_ERR_NOMEM)
                report_input_error(st, file, "out of memory");
            return;
        }
        pt_report_clear(&s->kept, KEEP_BYTES);
        if (check_game(b, s, &s->kept) != PT_OK)
            report_input_error(st, file, "out of memory while checking a game");
        report_kept(st, file, &s->kept, 0, s->kept.count, 0);
        if (n % (long)BATCH == 0)
            show_progress(st);
    }
}

/* Two batches of games: while the others check one, this thread reports
 * the other and reads the next games into it. */
static void check_in_batches(state *st, const char *file, pt_pgn_reader *r, slot *slots, const batch *like,
                             pt_pool *pool)
{
    batch pair[2] = {*like, *like};
    pair[0].slots = slots;
    pair[1].slots = slots + BATCH;
    pair[0].pieces = pair[1].pieces = NULL;
    pair[0].count = pair[1].count = 0;
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
        report_batch(st, file, now);
        show_progress(st);
        batch *done = now;
        now = next;
        next = done;
        next->count = 0;
        if (more)
            more = read_batch(st, file, r, next);
    }
}

/* --------------------------------------------------------------- pieces */

/* Cuts up to n pieces, or BATCH_BYTES of them, into b. */
static void cut_batch(state *st, const char *file, pt_pgn_cutter *c, batch *b, size_t n)
{
    size_t held = 0;
    b->count = 0;
    if (pt_pgn_cutter_flip(c, BATCH_BYTES) != PT_OK) {
        report_input_error(st, file, "out of memory");
        return;
    }
    for (; b->count < n && held < BATCH_BYTES; b->count++) {
        piece *pc = &b->pieces[b->count];
        pt_err err = pt_pgn_cutter_next(c, &pc->cut);
        if (err == PT_ERR_NOMEM)
            report_input_error(st, file, "out of memory");
        if (err != PT_OK)
            return;
        held += pc->cut.len;
    }
}

/* Reports the first n games of a piece, numbered after the `games`
 * before it in the input. */
static void report_games(state *st, const char *file, piece *pc, size_t n, long *games)
{
    report_kept(st, file, &pc->kept, 0, n, *games);
    *games += (long)n;
}

/* Reports the games a piece whose cut failed keeps: all but its last. */
static void report_kept_games(state *st, const char *file, piece *pc, long *games)
{
    if (pt_pgn_piece_keeps_games(&pc->cut))
        report_games(st, file, pc, pc->kept.count - 1, games);
}

/* The pieces of b from `from` on, then those of next: for carrying and
 * for the rest reader. NULL when out of memory. */
static pt_pgn_piece **pieces_from(batch *b, size_t from, const batch *next, size_t *n)
{
    pt_pgn_piece **list = malloc((b->count - from + next->count + 1) * sizeof(pt_pgn_piece *));
    *n = 0;
    for (size_t i = from; list && i < b->count; i++)
        list[(*n)++] = &b->pieces[i].cut;
    for (size_t i = 0; list && i < next->count; i++)
        list[(*n)++] = &next->pieces[i].cut;
    return list;
}

/* Reads the rest of the input from piece `bad` of b, which cannot be read
 * on its own, here, as without pieces; `games` were reported before. */
static void check_rest(state *st, const char *file, pt_pgn_cutter *c, batch *b, size_t bad, batch *next, long games,
                       slot *slots, pt_pool *pool)
{
    report_kept_games(st, file, &b->pieces[bad], &games);
    size_t n;
    pt_pgn_piece **list = pieces_from(b, bad, next, &n);
    pt_pgn_reader *r = NULL;
    if (!list || pt_pgn_cutter_rest(c, list, n, games, &r) != PT_OK)
        report_input_error(st, file, "out of memory");
    else
        check_in_batches(st, file, r, slots, b, pool);
    pt_pgn_close(&r);
    free(list);
}

/* Piece `bad` of b did not end between games: carries its last game and
 * the pieces after it into the first piece of next (pt_pgn_pieces_carry). */
static bool carry_over(batch *b, size_t bad, batch *next)
{
    size_t n;
    batch none = {.count = 0};
    pt_pgn_piece **rest = pieces_from(b, bad + 1, &none, &n);
    bool carried =
        rest && pt_pgn_pieces_carry(&b->pieces[bad].cut, rest, n, &next->pieces[0].cut, next->count > 0, CARRY_BYTES);
    free(rest);
    if (carried)
        next->count += next->count == 0;
    return carried;
}

/* Reports the games of a piece that was read, in order. False when it
 * ran out of memory, which ends the input. */
static bool report_piece(state *st, const char *file, piece *pc, long *games)
{
    report_games(st, file, pc, pc->kept.count, games);
    if (pc->err != PT_OK)
        report_input_error(st, file, "out of memory");
    return pc->err == PT_OK;
}

/* Two batches of n pieces: while the workers read and check one, this
 * thread cuts the next, then reports the one done. */
static void check_in_pieces(state *st, const char *file, pt_pgn_cutter *c, const batch *like, slot *slots,
                            pt_pool *pool)
{
    size_t n = st->npieces;
    batch pair[2] = {*like, *like};
    pair[0].pieces = st->pieces;
    pair[1].pieces = st->pieces + n;
    batch *now = &pair[0], *next = &pair[1];
    long games = 0;
    cut_batch(st, file, c, now, n);
    if (now->count)
        pt_pool_post(pool, now, now->count);
    while (now->count > 0) {
        cut_batch(st, file, c, next, n);
        pt_pool_wait(pool);
        size_t bad = 0; /* the first piece whose games cannot stand as read */
        while (bad < now->count && !pt_pgn_piece_failed(&now->pieces[bad].cut))
            bad++;
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
    if (st->inputs->why[st->input]) { /* found in a folder, not a file */
        report_input_error(st, file, st->inputs->why[st->input]);
        return;
    }
    if (pt_input_open(&in, path, msg, sizeof msg) != PT_OK) {
        report_input_error(st, file, msg);
        return;
    }
    st->files++;
    st->last_number = 0;
    st->last_line = 0;
    batch like = {.scratch = st->scratch, .report = &st->report_opts, .replay = &st->opts->replay};
    pt_pgn_reader *r;
    pt_pgn_cutter *c;
    if (pool) {
        if (pt_pgn_cutter_open(&c, pt_input_read, in, PIECE_BYTES, PIECE_LIMIT) == PT_OK)
            check_in_pieces(st, file, c, &like, slots, pool);
        else
            report_input_error(st, file, "out of memory");
        pt_pgn_cutter_close(&c);
    } else if (pt_pgn_open(&r, pt_input_read, in) == PT_OK) {
        check_alone(st, file, r, &like);
        pt_pgn_close(&r);
    } else {
        report_input_error(st, file, "out of memory");
    }
    if (pt_input_failed(in, msg, sizeof msg)) {
        char where[300];
        pt_cli_input_broke(where, sizeof where, msg, st->last_number, st->last_line);
        report_input_error(st, file, where);
    }
    pt_input_close(&in);
}

static void print_summary(state *st, bool text)
{
    long valid = st->by_verdict[PT_VERDICT_VALID], invalid = st->by_verdict[PT_VERDICT_INVALID],
         unreadable = st->by_verdict[PT_VERDICT_UNREADABLE];
    if (st->opts->format == PT_FORMAT_JSON) {
        fprintf(st->report,
                "{\"summary\":{\"files\":%ld,\"games\":%ld,\"valid\":%ld,\"invalid\":%ld,\"unreadable\":%ld,"
                "\"errors\":%ld,\"warnings\":%ld,\"duplicates\":%ld,\"input_errors\":%ld,\"notations\":{",
                st->files, st->games, valid, invalid, unreadable, st->errors, st->warnings, st->duplicates,
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
        FILE *to = st->opts->format == PT_FORMAT_TEXT ? st->report : stderr;
        fprintf(to,
                "check: %ld files, %ld games: %ld valid, %ld invalid, %ld unreadable; %ld errors, %ld warnings, "
                "%ld duplicates\n",
                st->files, st->games, valid, invalid, unreadable, st->errors, st->warnings, st->duplicates);
    }
}

static bool parse_options(int argc, char **argv, options *o, int *status)
{
    static const struct option long_options[] = {
        {"jobs", required_argument, NULL, 'j'},   {"lang", required_argument, NULL, 'l'},
        {"strict", no_argument, NULL, 's'},       {"claims", no_argument, NULL, 'c'},
        {"format", required_argument, NULL, 'f'}, {"output", required_argument, NULL, 'o'},
        {"export", required_argument, NULL, 'e'}, {"out-lang", required_argument, NULL, 'L'},
        {"quiet", no_argument, NULL, 'q'},        {"summary", no_argument, NULL, 'S'},
        {"help", no_argument, NULL, 'h'},         {"no-duplicates", no_argument, NULL, 'D'},
        {"laws", required_argument, NULL, 'W'},   {NULL, 0, NULL, 0},
    };
    long n;
    int opt;
    optind = 1;
    while ((opt = getopt_long(argc, argv, ":j:l:f:o:L:qh", long_options, NULL)) != -1) {
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
                o->format = PT_FORMAT_TEXT;
            else if (strcmp(optarg, "json") == 0)
                o->format = PT_FORMAT_JSON;
            else if (strcmp(optarg, "csv") == 0)
                o->format = PT_FORMAT_CSV;
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
            o->export_given = true;
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
        default: *status = pt_cli_option_error("check", opt, argv); return false;
        }
    }
    return true;
}

/* The inputs the paths name (standard input when none), the output file
 * opened, and no input that is the output: named, it is refused; found in
 * a folder, it is left out. False after a message when the run cannot go
 * on. */
static bool find_inputs(state *st, int argc, char **argv, pt_paths *paths)
{
    for (int i = optind; i < argc; i++) {
        char msg[200];
        if (pt_paths_expand(paths, argv[i], msg, sizeof msg) != PT_OK)
            report_input_error(st, argv[i], msg);
    }
    char none[8];
    if (optind == argc && pt_paths_expand(paths, "-", none, sizeof none) != PT_OK) {
        pt_cli_error("out of memory");
        return false;
    }
    const char *output = st->opts->output;
    if (output && !pt_output_open(&st->output, output))
        return false;
    size_t kept = 0;
    for (size_t i = 0; i < paths->count; i++) {
        char *path = paths->items[i];
        if (output && pt_output_is(&st->output, path)) {
            bool named = false;
            for (int k = optind; k < argc && !named; k++)
                named = strcmp(argv[k], path) == 0;
            if (named || optind == argc) {
                pt_cli_error("%s: is the output file too (-o); refusing to write over an input",
                             pt_cli_input_name(path));
                pt_output_close(&st->output, false);
                return false;
            }
            pt_cli_error("%s: the output file (-o), found in a folder: not read", path);
            free(path);
            continue;
        }
        paths->items[kept] = path;
        paths->why[kept++] = paths->why[i];
    }
    paths->count = kept;
    return true;
}

int pt_cmd_check(int argc, char **argv)
{
    options o = {.replay = {.check = true}, .write = {.notation = PT_NOTATION_SAN}, .format = PT_FORMAT_TEXT};
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    o.threads = cores > 0 ? (cores > 64 ? 64 : (int)cores) : 1;
    int status;
    if (!parse_options(argc, argv, &o, &status))
        return status;
    if (o.export_given && !o.output) {
        pt_cli_usage_error("check", "--export says which games -o writes, and there is no -o");
        return PT_EXIT_USAGE;
    }
    o.write.diagnostics = o.export_all;

    /* -o -: the games on standard output, so the report goes to standard
     * error. */
    bool games_to_stdout = o.output && strcmp(o.output, "-") == 0;
    state st = {.opts = &o, .report = games_to_stdout ? stderr : stdout};
    pt_paths paths = {0};
    if (!find_inputs(&st, argc, argv, &paths)) {
        pt_paths_free(&paths);
        return PT_EXIT_USAGE;
    }
    st.export = st.output.f;
    slot *slots = calloc(2 * BATCH, sizeof *slots);
    if (!slots || (!o.no_duplicates && pt_dups_new(&st.dups) != PT_OK)) {
        pt_cli_error("out of memory");
        free(slots);
        pt_output_close(&st.output, false);
        pt_paths_free(&paths);
        return PT_EXIT_USAGE;
    }
    st.report_opts = (pt_report_opts){.format = o.format,
                                      .quiet = o.quiet,
                                      .duplicates = !o.no_duplicates,
                                      .write = st.export ? &o.write : NULL,
                                      .export_all = o.export_all};
    if (o.format == PT_FORMAT_CSV)
        fputs(pt_report_csv_header, st.report);
    pt_progress_init(&st.progress, o.quiet);
    st.start = pt_cli_now();
    st.npieces = PIECES_A_THREAD * (size_t)o.threads;
    /* Aligned as the type asks (calloc gives 16 bytes), its size being a
     * multiple of the alignment. */
    if (o.threads > 1) {
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
    print_summary(&st, o.summary || (isatty(fileno(st.report)) && o.format == PT_FORMAT_TEXT && !o.quiet));

    free_slots(slots, 2 * BATCH);
    free(slots);
    free_slots(st.scratch, MAX_THREADS);
    for (size_t i = 0; st.pieces && i < 2 * st.npieces; i++) {
        pt_report_free(&st.pieces[i].kept);
        pt_buf_free(&st.pieces[i].cut.own);
    }
    free(st.pieces);
    pt_dups_free(&st.dups);
    pt_buf_free(&st.out);
    pt_paths_free(&paths);
    if (o.output && !pt_output_close(&st.output, true))
        st.io_errors++;
    if (!pt_cli_flush(stdout, "<stdout>"))
        st.io_errors++;
    if (st.io_errors)
        return PT_EXIT_USAGE;
    return st.by_verdict[PT_VERDICT_INVALID] || st.by_verdict[PT_VERDICT_UNREADABLE] ? PT_EXIT_PROBLEMS : PT_EXIT_OK;
}
