/*
 * cmd_check.c - "partiar check": validate whole archives and say exactly
 * what is wrong and where.
 *
 * Games are read in batches by this thread, replayed and checked by -j
 * threads, then reported here in input order, so the output is the same
 * for any -j. While the workers check one batch this thread reports the
 * one before and reads the one after. Memory is bounded by two batches of
 * games, never by the input. With -j 1 there are no batches: each game is
 * read, checked and reported in turn.
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

static const char help[] =
    "Usage: partiar check [OPTIONS] PATH...\n"
    "Check PGN files, gzip files and folders (searched for *.pgn and *.pgn.gz)\n"
    "game by game; '-' reads standard input. Every game is accounted for.\n\n"
    "  -j N                  threads (default: the number of cores)\n"
    "  -l, --lang CODE       notation of the input: auto (default) or a code\n"
    "      --strict          also warn about non-standard spellings and missing + or #\n"
    "      --claims          report draws that could have been claimed (9.2, 9.3)\n"
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

typedef struct batch {
    slot *slots;
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
} state;

/* Checks game `item` of a batch. */
static void work(void *job, size_t item)
{
    batch *b = job;
    slot *s = &b->slots[item];
    s->err = pt_replay_game(&s->game, &b->opts->replay, &s->replay);
    s->fingerprint = s->replay.nmoves && !b->opts->no_duplicates ? pt_check_fingerprint(&s->game, &s->replay) : 0;
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
    for (size_t i = 0; i < g->ntokens; i++) {
        const pt_pgn_token *t = &g->tokens[i];
        if (t->line == d->line && t->column == d->column &&
            (t->kind == PT_TOK_MOVE || t->kind == PT_TOK_NULL || t->kind == PT_TOK_NUMBER || t->kind == PT_TOK_RESULT)) {
            snprintf(out, size, "%.*s", (int)t->len, g->text + t->text);
            return;
        }
    }
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
        pt_buf_printf(b, "},\"notation\":\"%s\",\"plies\":%zu,\"repairs\":%d,\"status\":\"%s\",\"diagnostics\":[", notation,
                      rp->nmoves, rp->repairs, status);
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
            pt_buf_printf(b, "%s{\"code\":\"%s\",\"severity\":\"%s\",\"line\":%d,\"column\":%d,\"ply\":%d,", i ? "," : "",
                          d->code, severity, d->line, d->column, d->ply);
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
            pt_pgn_add_diag(g, PT_SEV_WARNING, "duplicate", g->first_line, 1, 0,
                            "the same game (players and moves) as game %u of %s", earlier->game,
                            pt_cli_input_name(st->inputs->items[earlier->file]));
        }
    }
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
}

/* Reads up to BATCH games into b; false once the input is over. */
static bool read_batch(state *st, const char *file, pt_pgn_reader *r, batch *b)
{
    while (b->count < BATCH) {
        pt_err err = pt_pgn_next(r, &b->slots[b->count].game);
        if (err != PT_OK) {
            if (err == PT_ERR_NOMEM)
                report_input_error(st, file, "out of memory");
            return false;
        }
        b->count++;
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
    batch one = {s, 1, st->opts};
    for (long n = 1;; n++) {
        pt_err err = pt_pgn_next(r, &s->game);
        if (err != PT_OK) {
            if (err == PT_ERR_NOMEM)
                report_input_error(st, file, "out of memory");
            return;
        }
        work(&one, 0);
        report_game(st, file, s);
        if (n % (long)BATCH == 0)
            show_progress(st);
    }
}

/* Two batches: while the workers check one, this thread reports the other
 * and reads the next games into it. */
static void check_in_batches(state *st, const char *file, pt_pgn_reader *r, slot *slots, pt_pool *pool)
{
    batch pair[2] = {{slots, 0, st->opts}, {slots + BATCH, 0, st->opts}};
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
    if (pt_pgn_open(&r, pt_input_read, in) != PT_OK) {
        report_input_error(st, file, "out of memory");
        pt_input_close(&in);
        return;
    }
    if (!pool) {
        check_alone(st, file, r, slots);
    } else {
        check_in_batches(st, file, r, slots, pool);
    }
    if (pt_input_failed(in, msg, sizeof msg))
        report_input_error(st, file, msg);
    pt_pgn_close(&r);
    pt_input_close(&in);
}

static void print_summary(state *st, bool text)
{
    if (st->opts->format == FORMAT_JSON) {
        fprintf(st->report,
                "{\"summary\":{\"files\":%ld,\"games\":%ld,\"valid\":%ld,\"invalid\":%ld,\"unreadable\":%ld,"
                "\"errors\":%ld,\"warnings\":%ld,\"duplicates\":%ld,\"input_errors\":%ld,\"notations\":{",
                st->files, st->games, st->valid, st->invalid, st->unreadable, st->errors, st->warnings,
                st->duplicates, st->io_errors);
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
        fprintf(to, "check: %ld files, %ld games: %ld valid, %ld invalid, %ld unreadable; %ld errors, %ld warnings, "
                    "%ld duplicates\n",
                st->files, st->games, st->valid, st->invalid, st->unreadable, st->errors, st->warnings, st->duplicates);
    }
}

static bool parse_options(int argc, char **argv, options *o, int *status)
{
    static const struct option long_options[] = {
        {"lang", required_argument, NULL, 'l'},   {"strict", no_argument, NULL, 's'},
        {"claims", no_argument, NULL, 'c'},       {"format", required_argument, NULL, 'f'},
        {"output", required_argument, NULL, 'o'}, {"export", required_argument, NULL, 'e'},
        {"out-lang", required_argument, NULL, 'L'}, {"quiet", no_argument, NULL, 'q'},
        {"summary", no_argument, NULL, 'S'},      {"help", no_argument, NULL, 'h'},
        {"no-duplicates", no_argument, NULL, 'D'},
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
                *status = pt_cli_usage_error("check", "unknown language '%s' (see partiar convert --languages)", optarg);
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
        case 's': o->replay.strict = true; break;
        case 'c': o->replay.claims = true; break;
        case 'o': o->output = optarg; break;
        case 'q': o->quiet = true; break;
        case 'S': o->summary = true; break;
        case 'D': o->no_duplicates = true; break;
        case 'h': fputs(help, stdout); *status = PT_EXIT_OK; return false;
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
    pt_pool *pool = NULL;
    /* -j N: N - 1 workers, and this thread helps them once it has read
     * the next batch. */
    if (o.threads > 1 && pt_pool_start(&pool, o.threads - 1, work) != PT_OK)
        pool = NULL; /* no threads to be had: check on this one */
    st.inputs = &paths;
    for (st.input = 0; st.input < paths.count; st.input++)
        check_file(&st, paths.items[st.input], slots, pool);
    pt_pool_stop(&pool);
    pt_progress_done(&st.progress);
    print_summary(&st, o.summary || (isatty(fileno(st.report)) && o.format == FORMAT_TEXT && !o.quiet));

    for (size_t i = 0; i < 2 * BATCH; i++) {
        pt_pgn_game_free(&slots[i].game);
        pt_replay_free(&slots[i].replay);
    }
    free(slots);
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
