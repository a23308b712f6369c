/*
 * cmd_check.c - "partiar check": validate whole archives and say exactly
 * what is wrong and where.
 *
 * The library reads, cuts, checks and finds duplicates; this file keeps
 * the options, the threads, the order of the output and the exit status.
 * With -j N of PIECES_FROM_THREADS or more, this thread cuts each input
 * into pieces (pt_pgn_cutter), and the threads read and check the pieces
 * of a batch, each on its own; then this thread reports their games in
 * input order, so the output is the same for any -j. While the workers
 * read one batch this thread reports the one before and cuts the one
 * after. When a cut did not hold, the game it split is read again with
 * the next batch (pt_pgn_pieces_carry); when that cannot be, the rest of
 * the input is read by this thread and only checked by the workers, in
 * batches of games (pt_pgn_cutter_rest). Memory is bounded by two
 * batches, never by the input. With fewer threads this thread reads every
 * game and the others check them, in the same batches of games; with -j 1
 * each game is read, checked and reported in turn.
 */
#include "cli.h"
#include "pool.h"
#include "report.h"

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
 * others check. Reading is about a quarter of the work, so one reading
 * thread keeps up with three checking, and pieces cost more than they
 * bring (12% more wall time at -j2). A threshold from that share: this
 * machine has two cores and cannot time five. */
#define PIECES_FROM_THREADS 5
#define PIECE_LIMIT         ((size_t)4 << 20) /* no cut within: the rest is read whole */
/* A failed cut's game and the rest of its batch are read again only when
 * they come to this much (a batch of 2 KiB pieces on up to eight threads
 * does): 48 MB of random bytes, cut into pieces of megabytes, took 766 MB
 * when they were carried whole, and 115 MB with this bound. */
#define CARRY_BYTES ((size_t)256 << 10)
/* Input bytes a batch may hold, games or pieces, beside its count: a game
 * takes up to 35 times its text in memory (a token of 32 bytes for each
 * "()" of a variation tree), and 256 games of 1 MB, two batches, took
 * 1.4 GB. Usual batches hold under a tenth of it. */
#define BATCH_BYTES ((size_t)4 << 20)
/* A slot keeps its game's memory for the next game, to spare the
 * allocations, but not past this: one huge game would stay held in every
 * slot that ever read one. */
#define SLOT_KEEP_BYTES ((size_t)1 << 20)

static const char help[] = "Usage: partiar check [OPTIONS] [PATH...]\n"
                           "Check PGN files, gzip files and folders (searched for *.pgn and *.pgn.gz)\n"
                           "game by game; '-' or no PATH reads standard input. Every game is accounted\n"
                           "for.\n\n"
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
    pt_pgn_game *game;
    pt_replay *replay;
    uint64_t fingerprint;
    pt_err err;
} slot;

/* A piece of an input and its games once read. */
typedef struct piece {
    _Alignas(64) pt_pgn_piece cut; /* a cache line each: two threads write neighbours */
    slot *slots;
    size_t count, slots_cap;
    pt_err err;
} piece;

/* The work of one pool job: games to check, or pieces to read and check. */
typedef struct batch {
    slot *slots;
    piece *pieces;
    size_t count;
    const options *opts;
} batch;

typedef struct state {
    const options *opts;
    FILE *export;
    FILE *report; /* standard output, or standard error when -o - takes it */
    pt_buf out;
    pt_dups *dups;
    const pt_paths *inputs;
    size_t input; /* the one being read */
    long games, by_verdict[3], errors, warnings, duplicates, files, io_errors;
    long by_lang[64];
    pt_progress progress;
    double start;
    piece *pieces; /* two batches of npieces, with -j N */
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
    }
    free(slots);
}

static void check_slot(const options *o, slot *s)
{
    s->err = pt_replay_game(s->game, &o->replay, s->replay);
    s->fingerprint = o->no_duplicates ? 0 : pt_dups_fingerprint(s->game, s->replay);
}

static bool room_for_game(piece *pc)
{
    if (pc->count < pc->slots_cap)
        return slot_ready(&pc->slots[pc->count]) == PT_OK;
    size_t cap = pc->slots_cap ? 2 * pc->slots_cap : 8;
    slot *more = realloc(pc->slots, cap * sizeof *more);
    if (!more)
        return false;
    memset(more + pc->slots_cap, 0, (cap - pc->slots_cap) * sizeof *more);
    pc->slots = more;
    pc->slots_cap = cap;
    return slot_ready(&pc->slots[pc->count]) == PT_OK;
}

/* Reads and checks the games of one piece. */
static void read_piece(const options *o, piece *pc)
{
    pc->count = 0;
    pc->err = PT_OK;
    pc->cut.between = true;
    if (pc->cut.uncut)
        return;
    pt_pgn_reader *r;
    if ((pc->err = pt_pgn_piece_begin(&pc->cut, &r)) != PT_OK)
        return;
    for (;;) {
        if (!room_for_game(pc)) {
            pc->err = PT_ERR_NOMEM;
            break;
        }
        slot *s = &pc->slots[pc->count];
        pt_err err = pt_pgn_piece_next(&pc->cut, r, s->game);
        if (err != PT_OK) {
            pc->err = err == PT_ERR_END ? PT_OK : err;
            break;
        }
        check_slot(o, s);
        pc->count++;
    }
    pt_pgn_piece_end(&pc->cut, &r);
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

/* A warning when the game was seen before. */
static void look_for_duplicate(state *st, slot *s)
{
    bool seen;
    uint32_t file, game;
    pt_pgn_game *g = s->game;
    if (!s->fingerprint || pt_dups_remember(st->dups, s->fingerprint, (uint32_t)st->input,
                                            (uint32_t)pt_pgn_game_number(g), &seen, &file, &game) != PT_OK)
        return; /* duplicates are a warning: without memory, go on without */
    if (!seen)
        return;
    st->duplicates++;
    char message[200]; /* as much as a diagnostic holds (it cuts a longer one) */
    duplicate_message(message, sizeof message, game, pt_cli_input_name(st->inputs->items[file]));
    pt_pgn_add_diag_text(g, PT_SEV_WARNING, PT_CODE_DUPLICATE, pt_pgn_game_line(g), 1, 0, message);
}

/* Reports one checked game, in order. */
static void report_game(state *st, const char *file, slot *s)
{
    if (s->err != PT_OK)
        report_input_error(st, file, "out of memory while checking a game");
    pt_pgn_game *g = s->game;
    pt_replay *rp = s->replay;
    look_for_duplicate(st, s);
    if (pt_pgn_count_unlisted(g) != PT_OK)
        report_input_error(st, file, "out of memory while checking a game");
    pt_pgn_game_sort_diags(g);
    pt_verdict v = pt_replay_verdict(g, rp);
    st->games++;
    st->by_verdict[v]++;
    const pt_pgn_diag *diags;
    size_t n = pt_pgn_game_diags(g, &diags);
    for (size_t i = 0; i < n; i++) {
        st->errors += diags[i].severity == PT_SEV_ERROR;
        st->warnings += diags[i].severity == PT_SEV_WARNING;
    }
    for (int i = 0; pt_replay_replayed(rp) && i < pt_lang_count() && i < 64; i++) {
        if (pt_lang_at(i) == pt_replay_lang(rp)) {
            st->by_lang[i]++;
            break;
        }
    }
    if (!st->opts->quiet)
        pt_report_game(&st->out, st->opts->format, file, g, rp, v);
    if (st->export && (v == PT_VERDICT_VALID || st->opts->export_all)) {
        pt_buf text = {0};
        pt_pgn_moves moves;
        pt_replay_pgn_moves(rp, &moves);
        if (pt_pgn_write(g, &moves, &st->opts->write, &text) == PT_OK)
            fwrite(text.data, 1, text.len, st->export);
        pt_buf_free(&text);
    }
    flush_out(st);
    pt_pgn_game_trim(g, SLOT_KEEP_BYTES);
    pt_replay_trim(rp, SLOT_KEEP_BYTES);
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

/* Without workers (-j 1): each game read, checked and reported in turn,
 * in one slot, so that its data stays in the cache. */
static void check_alone(state *st, const char *file, pt_pgn_reader *r, slot *s)
{
    for (long n = 1;; n++) {
        pt_err err = slot_ready(s);
        if (err == PT_OK)
            err = pt_pgn_next(r, s->game);
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

/* --------------------------------------------------------------- pieces */

/* Cuts up to n pieces, or BATCH_BYTES of them, into b. */
static void cut_batch(state *st, const char *file, pt_pgn_cutter *c, batch *b, size_t n)
{
    size_t held = 0;
    for (b->count = 0; b->count < n && held < BATCH_BYTES; b->count++) {
        piece *pc = &b->pieces[b->count];
        pt_err err = pt_pgn_cutter_next(c, &pc->cut);
        if (err == PT_ERR_NOMEM)
            report_input_error(st, file, "out of memory");
        if (err != PT_OK)
            return;
        held += pc->cut.bytes.len;
    }
}

/* Reports the first n games of a piece, numbered after the `games`
 * before it in the input. */
static void report_games(state *st, const char *file, piece *pc, size_t n, long *games)
{
    for (size_t i = 0; i < n; i++) {
        pt_pgn_game_renumber(pc->slots[i].game, *games);
        report_game(st, file, &pc->slots[i]);
    }
    *games += (long)n;
}

/* Reports the games a piece whose cut failed keeps: all but its last. */
static void report_kept_games(state *st, const char *file, piece *pc, long *games)
{
    if (pt_pgn_piece_keeps_games(&pc->cut))
        report_games(st, file, pc, pc->count - 1, games);
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
        check_in_batches(st, file, r, slots, pool);
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
    report_games(st, file, pc, pc->count, games);
    if (pc->err != PT_OK)
        report_input_error(st, file, "out of memory");
    return pc->err == PT_OK;
}

/* Two batches of n pieces: while the workers read and check one, this
 * thread cuts the next, then reports the one done. */
static void check_in_pieces(state *st, const char *file, pt_pgn_cutter *c, piece *pieces, size_t n, slot *slots,
                            pt_pool *pool)
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
    if (pt_input_open(&in, path, msg, sizeof msg) != PT_OK) {
        report_input_error(st, file, msg);
        return;
    }
    st->files++;
    pt_pgn_reader *r;
    pt_pgn_cutter *c;
    if (pool && st->opts->threads >= PIECES_FROM_THREADS) {
        if (pt_pgn_cutter_open(&c, pt_input_read, in, PIECE_BYTES, PIECE_LIMIT) == PT_OK)
            check_in_pieces(st, file, c, st->pieces, st->npieces, slots, pool);
        else
            report_input_error(st, file, "out of memory");
        pt_pgn_cutter_close(&c);
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
    options o = {.replay = {.check = true}, .write = {.notation = PT_NOTATION_SAN}, .format = PT_FORMAT_TEXT};
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
    slot *slots = calloc(2 * BATCH, sizeof *slots);
    if ((optind == argc && pt_paths_expand(&paths, "-", none, sizeof none) != PT_OK) || !slots ||
        (!o.no_duplicates && pt_dups_new(&st.dups) != PT_OK)) {
        pt_cli_error("out of memory");
        free(slots);
        return PT_EXIT_USAGE;
    }
    if (o.format == PT_FORMAT_CSV)
        fputs(pt_report_csv_header, st.report);
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
    print_summary(&st, o.summary || (isatty(fileno(st.report)) && o.format == PT_FORMAT_TEXT && !o.quiet));

    free_slots(slots, 2 * BATCH);
    for (size_t i = 0; st.pieces && i < 2 * st.npieces; i++) {
        free_slots(st.pieces[i].slots, st.pieces[i].slots_cap);
        pt_buf_free(&st.pieces[i].cut.bytes);
    }
    free(st.pieces);
    pt_dups_free(&st.dups);
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
    return st.by_verdict[PT_VERDICT_INVALID] || st.by_verdict[PT_VERDICT_UNREADABLE] ? PT_EXIT_PROBLEMS : PT_EXIT_OK;
}
