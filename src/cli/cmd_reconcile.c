/*
 * cmd_reconcile.c - "partiar reconcile": the game both players' sheets
 * (and the arbiter's record) most probably record, and every slip on them.
 *
 * One set of sheets from the command line, or with --pairs every set in a
 * folder, grouped by name (man partiar-reconcile), decoded on -j threads
 * and reported in name order.
 */
#include "cli.h"
#include "file.h"
#include "pool.h"
#include "reconcile.h"
#include "report.h"

#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

static const char help[] = "Usage: partiar reconcile [OPTIONS] SHEET...\n"
                           "       partiar reconcile [OPTIONS] --pairs DIR\n"
                           "Find the legal game that one to three written records of it (white's sheet,\n"
                           "black's sheet, the arbiter's record; partiar-sheet(5)) most probably record,\n"
                           "and report every slip on them: wrong, missing, extra and swapped moves, moves\n"
                           "in the wrong column, time-trouble gaps (Law 8.4) and where their moves came\n"
                           "from, sheets that disagree, draw offers and results that do not match, and\n"
                           "moves that cannot be read for certain.\n\n"
                           "  -f, --format FORMAT   text (findings, then the game; the default), json or pgn\n"
                           "      --pairs DIR       every set of sheets in DIR: files named NAME-SUFFIX.pgn\n"
                           "                        with one NAME are one game (g7-white.pgn, g7-black.pgn)\n"
                           "  -j, --jobs N          threads for --pairs (default: the processors)\n"
                           "      --start-fen FEN   the game started here\n"
                           "      --final-fen FEN   the game ended here (the position the arbiter\n"
                           "                        recorded, Law 8.5.3)\n"
                           "      --moves N         the game's last move has number N\n"
                           "      --time-control TC PGN TimeControl, e.g. 40/5400:1800+30: the moves each\n"
                           "                        player completed at each control (Law 8.6)\n"
                           "      --beam N          partial games kept at each ply (default 32)\n"
                           "      --max-seconds S   stop searching after S seconds a game\n"
                           "      --costs FILE      the decoder's costs (models/decode-costs.txt)\n"
                           "  -q, --quiet           no findings, only the summary (with --pairs)\n"
                           "  -h, --help            show this help\n\n"
                           "Exit status: 0 reconciled with nothing to report, 1 findings, 2 usage or I/O error.\n";

typedef struct settings {
    int format;
    int jobs;
    bool quiet;
    bool has_start, has_final;
    pt_pos start, final;
    pt_decode_opts decode;
    pt_decode_costs costs;
    const char *time_control;
} settings;

static const char *const roster[PT_ROSTER] = {"Event", "Site", "Date", "Round", "White", "Black", "Result"};

static void sheet_free(pt_sheet *s)
{
    free(s->file);
    pt_record_free(&s->record);
    memset(s, 0, sizeof *s);
}

static void reconciled_clear(pt_reconciled *r)
{
    for (size_t i = 0; i < r->nsheets; i++)
        sheet_free(&r->sheets[i]);
    free(r->findings);
    pt_decode *keep = r->decode;
    memset(r, 0, sizeof *r);
    r->decode = keep;
}

/* The sheets of what partiar ocr wrote as JSON (a .json or .jsonl file,
 * a line a game) into r, with every candidate of every cell. */
static bool read_ocr_json(pt_reconciled *r, const char *path)
{
    char *text = NULL;
    size_t len = 0;
    pt_err err = pt_file_read_all(path, 64u << 20, &text, &len);
    if (err != PT_OK) {
        snprintf(r->error, sizeof r->error, "%s: %s", path,
                 err == PT_ERR_RANGE ? "bigger than 64 MB" : strerror(errno));
        return false;
    }
    bool ok = true;
    int line = 0;
    for (char *at = text; ok && at < text + len;) {
        char *nl = memchr(at, '\n', (size_t)(text + len - at));
        size_t n = nl ? (size_t)(nl - at) : (size_t)(text + len - at);
        line++;
        size_t sheets = 1;
        for (size_t k = 0; ok && n > 0 && k < sheets; k++) {
            if (r->nsheets == PT_DECODE_RECORDS) {
                snprintf(r->error, sizeof r->error, "%s: more than %d sheets for one game", path, PT_DECODE_RECORDS);
                ok = false;
                break;
            }
            pt_sheet *s = &r->sheets[r->nsheets];
            if (pt_record_new(&s->record) != PT_OK || !(s->file = strdup(path))) {
                snprintf(r->error, sizeof r->error, "out of memory");
                ok = false;
                break;
            }
            s->line = line;
            r->nsheets++;
            err = pt_record_from_ocr_json(s->record, at, n, k, &sheets, s->tags);
            if (err != PT_OK) {
                snprintf(r->error, sizeof r->error,
                         "%s:%d: not a game as partiar ocr -f json writes it (partiar-ocr(1), JSON)", path, line);
                ok = false;
            }
        }
        at += n + 1;
    }
    free(text);
    return ok;
}

/* Reads every game of path as a sheet into r. false with r->error set
 * when the file cannot be read or holds more sheets than fit. */
static bool read_sheets(pt_reconciled *r, const char *path)
{
    size_t plen = strlen(path);
    if ((plen > 5 && !strcmp(path + plen - 5, ".json")) || (plen > 6 && !strcmp(path + plen - 6, ".jsonl")))
        return read_ocr_json(r, path);
    pt_input *in;
    char msg[200];
    if (pt_input_open(&in, path, msg, sizeof msg) != PT_OK) {
        snprintf(r->error, sizeof r->error, "%s: %s", pt_cli_input_name(path), msg);
        return false;
    }
    pt_pgn_reader *reader = NULL;
    pt_pgn_game *g = NULL;
    bool ok = pt_pgn_open(&reader, pt_input_read, in) == PT_OK && pt_pgn_game_new(&g) == PT_OK;
    size_t before = r->nsheets;
    pt_err err = PT_OK;
    while (ok && (err = pt_pgn_next(reader, g)) == PT_OK) {
        if (r->nsheets == PT_DECODE_RECORDS) {
            snprintf(r->error, sizeof r->error, "%s: more than %d sheets for one game", pt_cli_input_name(path),
                     PT_DECODE_RECORDS);
            ok = false;
            break;
        }
        pt_sheet *s = &r->sheets[r->nsheets];
        ok = pt_record_new(&s->record) == PT_OK && pt_record_from_game(s->record, g) == PT_OK &&
             (s->file = strdup(path)) != NULL;
        for (int k = 0; ok && k < PT_ROSTER; k++) {
            const char *v = pt_pgn_tag_value(g, roster[k]);
            if (v && *v && strcmp(v, "?") != 0 && strcmp(v, "????.??.??") != 0 && strcmp(v, "*") != 0)
                snprintf(s->tags[k], sizeof s->tags[k], "%s", v); /* else not filled in: "" */
        }
        s->line = pt_pgn_game_line(g);
        r->nsheets++;
        if (!ok)
            snprintf(r->error, sizeof r->error, "out of memory");
    }
    if (ok && err != PT_ERR_END && err != PT_OK)
        snprintf(r->error, sizeof r->error, "out of memory"), ok = false;
    if (ok && pt_input_failed(in, msg, sizeof msg))
        snprintf(r->error, sizeof r->error, "%s: %s", pt_cli_input_name(path), msg), ok = false;
    if (ok && r->nsheets == before) {
        /* A file with no game in it: a sheet with nothing on it. */
        pt_sheet *s = &r->sheets[r->nsheets];
        ok = pt_record_new(&s->record) == PT_OK && (s->file = strdup(path)) != NULL;
        r->nsheets++;
        if (!ok)
            snprintf(r->error, sizeof r->error, "out of memory");
    }
    pt_pgn_game_free(&g);
    pt_pgn_close(&reader);
    pt_input_close(&in);
    return ok;
}

static int owner_rank(const pt_sheet *s)
{
    switch (pt_record_sheet(s->record)) {
    case PT_SHEET_WHITE: return 0;
    case PT_SHEET_BLACK: return 1;
    case PT_SHEET_ARBITER: return 2;
    default: return 3;
    }
}

/* White's sheet first, then black's, then the arbiter's; sheets without
 * a Sheet tag keep their order after them. */
static void order_sheets(pt_reconciled *r)
{
    for (size_t i = 1; i < r->nsheets; i++)
        for (size_t j = i; j > 0 && owner_rank(&r->sheets[j]) < owner_rank(&r->sheets[j - 1]); j--) {
            pt_sheet t = r->sheets[j];
            r->sheets[j] = r->sheets[j - 1];
            r->sheets[j - 1] = t;
        }
}

/* Entries that hold a move's text or a cell of one. */
static size_t cells(const pt_record *rec)
{
    const pt_entry *e;
    size_t n = pt_record_entries(rec, &e), count = 0;
    for (size_t i = 0; i < n; i++) {
        if (e[i].ntexts == 0) {
            count++;
            continue;
        }
        const char *t = pt_record_text(rec, &e[i], 0, NULL);
        pt_move_text mt;
        size_t bad;
        const pt_lang *lang = pt_record_lang(rec) ? pt_record_lang(rec) : pt_lang_at(0);
        count += pt_move_text_parse(lang, t, strlen(t), &mt, &bad) == PT_OK ||
                 pt_move_text_parse(pt_lang_at(0), t, strlen(t), &mt, &bad) == PT_OK;
    }
    return count;
}

/* How many of record r's entries the game takes as written. */
static size_t matched(const pt_decode *d, size_t r)
{
    const pt_decode_ply *p;
    size_t n = pt_decode_plies(d, &p), count = 0;
    for (size_t i = 0; i < n; i++)
        count += p[i].op[r] == PT_OP_MATCH;
    return count;
}

/* Two or three sheets of which one fits the game found together badly but
 * a game of its own well: sheets of different games. *redo: the decoder
 * was used for a sheet alone, and the game of all must be decoded again. */
static bool different_games(pt_reconciled *r, const pt_decode_opts *decode, bool *redo)
{
    *redo = false;
    if (r->nsheets < 2)
        return false;
    for (size_t i = 0; i < r->nsheets; i++) {
        const pt_entry *e;
        size_t n = pt_record_entries(r->sheets[i].record, &e);
        if (n < 6 || 2 * matched(r->decode, i) >= n)
            continue;
        /* Alone, does it make a game? (The decoder is reused: the joint
         * game is decoded again after.) */
        const pt_record *one = r->sheets[i].record;
        pt_decode_opts alone = *decode;
        alone.final = NULL, alone.moves = 0;
        *redo = true;
        if (pt_decode_run(r->decode, &one, 1, &alone) == PT_OK && 10 * matched(r->decode, 0) >= 8 * n)
            return true;
    }
    return false;
}

pt_err pt_reconcile_game(pt_reconciled *r, const pt_decode_opts *decode, const char *time_control, bool one_game)
{
    free(r->findings); /* a game decoded before, as partiar ocr --reread does */
    r->findings = NULL;
    r->nfindings = 0;
    r->problems = 0;
    r->outcome = PT_RECONCILED;
    r->timed_out = false;
    order_sheets(r);
    for (size_t i = 0; i < r->nsheets; i++)
        if (cells(r->sheets[i].record) == 0) {
            r->outcome = PT_NOT_A_SHEET;
            r->bad_sheet = (int)i;
            r->problems = 1;
            return PT_OK;
        }
    const pt_record *recs[PT_DECODE_RECORDS];
    for (size_t i = 0; i < r->nsheets; i++)
        recs[i] = r->sheets[i].record;
    r->start = decode->start ? *decode->start : (pt_pos){0};
    if (!decode->start)
        pt_pos_startpos(&r->start);
    pt_err err = pt_decode_run(r->decode, recs, r->nsheets, decode);
    bool redo = false;
    if (err == PT_OK && !one_game && different_games(r, decode, &redo)) {
        r->outcome = PT_DIFFERENT_GAMES;
        r->problems = 1;
        return PT_OK;
    }
    if (redo)
        err = pt_decode_run(r->decode, recs, r->nsheets, decode);
    if (err == PT_ERR_ILLEGAL) {
        r->outcome = PT_NO_GAME;
        r->problems = 1;
        r->timed_out = pt_decode_timed_out(r->decode);
        return PT_OK;
    }
    if (err != PT_OK)
        return err;
    r->timed_out = pt_decode_timed_out(r->decode);
    pt_decode_costs defaults;
    const pt_decode_costs *costs = decode->costs;
    if (!costs) {
        pt_decode_costs_default(&defaults);
        costs = &defaults;
    }
    r->ambiguous = costs->ambiguous;
    pt_reconcile_opts o = {.start = &r->start,
                           .final = decode->final,
                           .time_control = time_control,
                           .ambiguous = r->ambiguous,
                           .max_seconds = decode->max_seconds,
                           .poor_reading = costs->poor_reading};
    err = pt_reconcile_findings(r->decode, recs, r->nsheets, &o, &r->findings, &r->nfindings);
    for (size_t i = 0; i < r->nfindings; i++)
        r->problems += r->findings[i].problem;
    return err;
}

/* ---------------------------------------------------------------- pairs */

/* A game's sheets in the folder: paths[first .. first + count). */
typedef struct group {
    size_t first, count;
} group;

size_t pt_game_name(const char *path, const char **name)
{
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    const char *dash = strrchr(base, '-');
    size_t len = dash ? (size_t)(dash - base) : strcspn(base, ".");
    *name = base;
    return (size_t)(base - path) + len;
}

typedef struct batch {
    const settings *s;
    const pt_paths *paths;
    const group *groups;
    pt_reconciled *results;
    pt_buf *out;
    pt_decode *decoders[64];
    bool nomem;
} batch;

static void reconcile_item(void *job, size_t item, int thread)
{
    batch *b = job;
    pt_reconciled *r = &b->results[item];
    reconciled_clear(r);
    r->decode = b->decoders[thread];
    const group *g = &b->groups[item];
    b->out[item].len = 0;
    for (size_t k = 0; k < g->count; k++)
        if (!read_sheets(r, b->paths->items[g->first + k]))
            break;
    if (!r->error[0] && pt_reconcile_game(r, &b->s->decode, b->s->time_control, false) != PT_OK)
        snprintf(r->error, sizeof r->error, "out of memory");
    if (!r->error[0])
        pt_reconcile_write(&b->out[item], b->s->format, r);
}

static int run_pairs(const char *dir, const settings *s)
{
    pt_paths paths = {0};
    char msg[256];
    if (pt_paths_expand(&paths, dir, msg, sizeof msg) != PT_OK) {
        pt_cli_error("%s", msg);
        return PT_EXIT_USAGE;
    }
    group *groups = malloc((paths.count + 1) * sizeof *groups);
    size_t ngroups = 0;
    for (size_t i = 0; groups && i < paths.count;) {
        const char *name, *other;
        size_t len = pt_game_name(paths.items[i], &name), j = i + 1;
        while (j < paths.count && pt_game_name(paths.items[j], &other) == len &&
               strncmp(paths.items[j], paths.items[i], len) == 0)
            j++;
        groups[ngroups++] = (group){i, j - i};
        i = j;
    }
    enum { CHUNK = 64 };
    pt_reconciled *results = calloc(CHUNK, sizeof *results);
    pt_buf *out = calloc(CHUNK, sizeof *out);
    batch b = {.s = s, .paths = &paths, .groups = groups, .results = results, .out = out};
    int jobs = s->jobs < 1 ? 1 : s->jobs > 64 ? 64 : s->jobs;
    pt_pool *pool = NULL;
    bool ok = groups && results && out;
    for (int t = 0; ok && t < jobs; t++)
        ok = pt_decode_new(&b.decoders[t]) == PT_OK;
    /* N - 1 threads of the pool and this one make N. */
    if (ok && jobs > 1 && pt_pool_start(&pool, jobs - 1, reconcile_item) != PT_OK)
        ok = false;
    int status = PT_EXIT_OK;
    long counts[4] = {0}, problems = 0, unread = 0;
    pt_progress progress;
    pt_progress_init(&progress, s->quiet || s->format != PT_OUT_TEXT);
    for (size_t at = 0; ok && at < ngroups; at += CHUNK) {
        size_t n = ngroups - at < CHUNK ? ngroups - at : CHUNK;
        b.groups = groups + at;
        if (pool) {
            pt_pool_post(pool, &b, n);
            pt_pool_wait(pool);
        } else {
            for (size_t k = 0; k < n; k++)
                reconcile_item(&b, k, 0);
        }
        for (size_t k = 0; k < n; k++) {
            pt_reconciled *r = &results[k];
            if (r->error[0]) {
                pt_cli_error("%s", r->error);
                unread++;
                status = PT_EXIT_USAGE;
                continue;
            }
            counts[r->outcome]++;
            problems += r->problems > 0;
            if (r->problems && status == PT_EXIT_OK)
                status = PT_EXIT_PROBLEMS;
            if (!s->quiet)
                fwrite(out[k].data, 1, out[k].len, stdout);
        }
        pt_progress_show(&progress, "%zu of %zu games", at + n, ngroups);
    }
    pt_progress_done(&progress);
    if (!ok) {
        pt_cli_error("out of memory");
        status = PT_EXIT_USAGE;
    } else if (s->format == PT_OUT_TEXT || s->quiet) {
        fprintf(s->format == PT_OUT_TEXT ? stdout : stderr,
                "%zu games: %ld reconciled (%ld with findings), %ld with no game where it must end, %ld with a sheet "
                "that is no game, %ld of different games, %ld unreadable\n",
                ngroups, counts[PT_RECONCILED],
                problems - counts[PT_NO_GAME] - counts[PT_NOT_A_SHEET] - counts[PT_DIFFERENT_GAMES], counts[PT_NO_GAME],
                counts[PT_NOT_A_SHEET], counts[PT_DIFFERENT_GAMES], unread);
    }
    if (pool)
        pt_pool_stop(&pool);
    for (int t = 0; t < jobs; t++)
        pt_decode_free(&b.decoders[t]);
    for (size_t k = 0; results && k < CHUNK; k++) {
        results[k].decode = NULL;
        reconciled_clear(&results[k]);
        if (out)
            pt_buf_free(&out[k]);
    }
    free(results);
    free(out);
    free(groups);
    pt_paths_free(&paths);
    return status;
}

static int run_sheets(char **files, int n, const settings *s)
{
    pt_reconciled r = {0};
    if (pt_decode_new(&r.decode) != PT_OK) {
        pt_cli_error("out of memory");
        return PT_EXIT_USAGE;
    }
    int status = PT_EXIT_USAGE;
    for (int i = 0; i < n && !r.error[0]; i++)
        read_sheets(&r, files[i]);
    if (r.error[0]) {
        pt_cli_error("%s", r.error);
    } else if (pt_reconcile_game(&r, &s->decode, s->time_control, false) != PT_OK) {
        pt_cli_error("out of memory");
    } else {
        pt_buf out = {0};
        pt_reconcile_write(&out, s->format, &r);
        fwrite(out.data, 1, out.len, stdout);
        pt_buf_free(&out);
        status = r.problems ? PT_EXIT_PROBLEMS : PT_EXIT_OK;
    }
    pt_decode *d = r.decode;
    reconciled_clear(&r);
    pt_decode_free(&d);
    return status;
}

static bool read_costs(const char *path, pt_decode_costs *c)
{
    char *text = NULL;
    size_t len = 0;
    pt_err err = pt_file_read_all(path, 64u << 10, &text, &len); /* the table is a few kilobytes */
    int line = 0;
    bool ok = false;
    if (err != PT_OK)
        pt_cli_error("%s: %s", path,
                     err == PT_ERR_RANGE   ? "larger than 64 KiB, which no table of costs is"
                     : err == PT_ERR_NOMEM ? "out of memory"
                                           : strerror(errno));
    else if (pt_decode_costs_read(c, text, len, &line) != PT_OK)
        pt_cli_error("%s:%d: not a 'name value' line of a known cost (see models/decode-costs.txt)", path, line);
    else
        ok = true;
    free(text);
    return ok;
}

static bool read_fen(const char *command, const char *fen, pt_pos *pos)
{
    pt_diag diag = {0};
    if (pt_pos_from_fen(pos, fen, &diag) == PT_OK)
        return true;
    pt_cli_usage_error(command, "bad FEN '%s': %s", fen, diag.message);
    return false;
}

int pt_cmd_reconcile(int argc, char **argv)
{
    static const struct option options[] = {
        {"format", required_argument, NULL, 'f'},
        {"pairs", required_argument, NULL, 'p'},
        {"jobs", required_argument, NULL, 'j'},
        {"start-fen", required_argument, NULL, 's'},
        {"final-fen", required_argument, NULL, 'e'},
        {"moves", required_argument, NULL, 'm'},
        {"time-control", required_argument, NULL, 't'},
        {"beam", required_argument, NULL, 'b'},
        {"max-seconds", required_argument, NULL, 'x'},
        {"costs", required_argument, NULL, 'c'},
        {"quiet", no_argument, NULL, 'q'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    const char *command = "reconcile", *pairs = NULL;
    settings s = {.format = PT_OUT_TEXT, .jobs = (int)sysconf(_SC_NPROCESSORS_ONLN)};
    pt_decode_costs_default(&s.costs);
    long value;
    int opt;
    opterr = 0;
    while ((opt = getopt_long(argc, argv, ":f:j:qh", options, NULL)) != -1) {
        switch (opt) {
        case 'f':
            if (strcmp(optarg, "text") == 0)
                s.format = PT_OUT_TEXT;
            else if (strcmp(optarg, "json") == 0)
                s.format = PT_OUT_JSON;
            else if (strcmp(optarg, "pgn") == 0)
                s.format = PT_OUT_PGN;
            else
                return pt_cli_usage_error(command, "unknown format '%s' (text, json or pgn)", optarg);
            break;
        case 'p': pairs = optarg; break;
        case 'j':
            if (!pt_cli_parse_int(optarg, 1, 64, &value))
                return pt_cli_usage_error(command, "--jobs wants a number from 1 to 64, not '%s'", optarg);
            s.jobs = (int)value;
            break;
        case 's':
            if (!read_fen(command, optarg, &s.start))
                return PT_EXIT_USAGE;
            s.has_start = true;
            break;
        case 'e':
            if (!read_fen(command, optarg, &s.final))
                return PT_EXIT_USAGE;
            s.has_final = true;
            break;
        case 'm':
            if (!pt_cli_parse_int(optarg, 1, 10000, &value))
                return pt_cli_usage_error(command, "--moves wants a move number from 1 to 10000, not '%s'", optarg);
            s.decode.moves = (int)value;
            break;
        case 't':
            if (!optarg[0] || optarg[strspn(optarg, "0123456789/:+*")] != '\0')
                return pt_cli_usage_error(command,
                                          "--time-control wants PGN TimeControl periods, e.g. 40/5400:1800+30");
            s.time_control = optarg;
            break;
        case 'b':
            if (!pt_cli_parse_int(optarg, 1, 100000, &value))
                return pt_cli_usage_error(command, "--beam wants a number from 1 to 100000, not '%s'", optarg);
            s.decode.beam = (int)value;
            break;
        case 'x': {
            double v;
            if (!pt_cli_parse_number(optarg, 1e-6, 1e6, &v))
                return pt_cli_usage_error(command, "--max-seconds wants a number of seconds, not '%s'", optarg);
            s.decode.max_seconds = v;
            break;
        }
        case 'c':
            if (!read_costs(optarg, &s.costs))
                return PT_EXIT_USAGE;
            break;
        case 'q': s.quiet = true; break;
        case 'h': fputs(help, stdout); return PT_EXIT_OK;
        default: return pt_cli_option_error(command, opt, argv);
        }
    }
    s.decode.costs = &s.costs;
    s.decode.start = s.has_start ? &s.start : NULL;
    s.decode.final = s.has_final ? &s.final : NULL;
    int files = argc - optind;
    if (pairs && files)
        return pt_cli_usage_error(command, "give either --pairs DIR or sheets, not both");
    if (pairs)
        return run_pairs(pairs, &s);
    if (files < 1 || files > PT_DECODE_RECORDS)
        return pt_cli_usage_error(command, "give one to %d sheets of one game (or --pairs DIR)", PT_DECODE_RECORDS);
    return run_sheets(argv + optind, files, &s);
}
