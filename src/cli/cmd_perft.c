/*
 * cmd_perft.c - "partiar perft": count move trees and check perft suites.
 */
#include "cli.h"
#include "file.h"

#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#define SUITE_MAX_BYTES ((size_t)256 << 20)

static const char help[] = "Usage: partiar perft [--depth N] [--divide] [--fen FEN | --epd FILE]\n"
                           "Count the leaf nodes of the legal move tree (perft).\n\n"
                           "  -d, --depth N   plies to count, 1-32 (default 5); with --epd, check every\n"
                           "                  count the suite gives up to depth N\n"
                           "      --divide    list the count below each legal move\n"
                           "      --fen FEN   start from FEN, X-FEN or Shredder-FEN (default: start position)\n"
                           "      --epd FILE  check a perft suite ('-' for standard input): EPD lines\n"
                           "                  with ';D1 20 ;D2 400' or blocks of id/epd/perft lines\n"
                           "  -v, --verbose   with --epd, also print every count that matches\n"
                           "  -h, --help      show this help\n\n"
                           "Exit status: 0 all counts match, 1 a mismatch or a bad suite entry,\n"
                           "2 usage or I/O error.\n";

static void print_rate(uint64_t nodes, double seconds)
{
    double nps = seconds > 0 ? (double)nodes / seconds : 0;
    printf("nodes %" PRIu64 "  time %.3f s  nps %.0f\n", nodes, seconds, nps);
}

static int run_position(pt_pos *pos, int depth, bool divide)
{
    double start = pt_cli_now();
    uint64_t nodes = 0;
    if (divide) {
        pt_perft_entry entries[PT_MAX_MOVES];
        char lines[PT_MAX_MOVES][40];
        int n = pt_perft_divide(pos, depth, entries);
        for (int i = 0; i < n; i++) {
            char uci[6];
            snprintf(lines[i], sizeof lines[i], "%s: %" PRIu64, pt_move_to_uci(pos, entries[i].move, uci),
                     entries[i].nodes);
            nodes += entries[i].nodes;
        }
        qsort(lines, (size_t)n, sizeof lines[0], pt_cli_compare_strings);
        for (int i = 0; i < n; i++)
            puts(lines[i]);
        printf("moves %d\n", n);
    } else {
        nodes = pt_perft(pos, depth);
    }
    print_rate(nodes, pt_cli_now() - start);
    return PT_EXIT_OK;
}

static int run_suite(const char *path, int depth, bool verbose)
{
    char *text;
    size_t len;
    pt_err err = pt_file_read_all(path, SUITE_MAX_BYTES, &text, &len);
    if (err != PT_OK) {
        pt_cli_error("%s: %s", path, err == PT_ERR_IO ? strerror(errno) : pt_strerror(err));
        return PT_EXIT_USAGE;
    }
    pt_suite *suite;
    if (pt_suite_open(&suite, text, len) != PT_OK) {
        free(text);
        pt_cli_error("out of memory");
        return PT_EXIT_USAGE;
    }

    pt_suite_entry *e = malloc(sizeof *e);
    int positions = 0, counts = 0, mismatches = 0, bad = 0;
    uint64_t total = 0;
    pt_progress progress;
    pt_progress_init(&progress, false);
    double start = pt_cli_now();
    pt_diag diag = {0};
    while (e && (err = pt_suite_next(suite, e, &diag)) != PT_ERR_END) {
        if (err != PT_OK) {
            printf("%s:%d:%d: error: %s\n", path, diag.line, diag.column, diag.message);
            bad++;
            continue;
        }
        positions++;
        for (int d = 1; d <= depth && d <= e->max_depth; d++) {
            if (!e->has[d])
                continue;
            uint64_t nodes = pt_perft(&e->pos, d);
            total += nodes;
            counts++;
            if (nodes != e->expected[d]) {
                mismatches++;
                printf("%s:%d: mismatch: %s (%s) depth %d: expected %" PRIu64 ", counted %" PRIu64 "\n", path, e->line,
                       e->id, e->fen, d, e->expected[d], nodes);
            } else if (verbose) {
                printf("%s:%d: ok: %s depth %d: %" PRIu64 "\n", path, e->line, e->id, d, nodes);
            }
        }
        pt_progress_show(&progress, "perft: %d positions, %d counts", positions, counts);
    }
    pt_progress_done(&progress);
    double seconds = pt_cli_now() - start;
    if (!e)
        pt_cli_error("out of memory");
    printf("%d positions, %d counts to depth %d: %d mismatches, %d bad entries\n", positions, counts, depth, mismatches,
           bad);
    print_rate(total, seconds);
    free(e);
    pt_suite_free(&suite);
    free(text);
    if (!e)
        return PT_EXIT_USAGE;
    return mismatches || bad ? PT_EXIT_PROBLEMS : PT_EXIT_OK;
}

int pt_cmd_perft(int argc, char **argv)
{
    static const struct option options[] = {
        {"depth", required_argument, NULL, 'd'},
        {"divide", no_argument, NULL, 'D'},
        {"fen", required_argument, NULL, 'f'},
        {"epd", required_argument, NULL, 'e'},
        {"verbose", no_argument, NULL, 'v'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    long depth = 5;
    bool divide = false, verbose = false;
    const char *fen = NULL, *epd = NULL;
    int opt;
    optind = 1;
    while ((opt = getopt_long(argc, argv, ":d:vh", options, NULL)) != -1) {
        switch (opt) {
        case 'd':
            if (!pt_cli_parse_int(optarg, 1, 32, &depth))
                return pt_cli_usage_error("perft", "--depth wants a number from 1 to 32, not '%s'", optarg);
            break;
        case 'D': divide = true; break;
        case 'f': fen = optarg; break;
        case 'e': epd = optarg; break;
        case 'v': verbose = true; break;
        case 'h': fputs(help, stdout); return PT_EXIT_OK;
        default: return pt_cli_option_error("perft", opt, argv);
        }
    }
    if (optind < argc)
        return pt_cli_usage_error("perft", "unexpected argument '%s'", argv[optind]);
    if (fen && epd)
        return pt_cli_usage_error("perft", "--fen and --epd exclude each other");
    if (epd) {
        if (divide)
            return pt_cli_usage_error("perft", "--divide works on one position, not with --epd");
        return run_suite(epd, (int)depth, verbose);
    }

    pt_pos pos;
    if (fen) {
        pt_diag diag = {0};
        if (pt_pos_from_fen(&pos, fen, &diag) != PT_OK) {
            pt_cli_error("--fen: column %d: %s", diag.column, diag.message);
            return PT_EXIT_USAGE;
        }
    } else {
        pt_pos_startpos(&pos);
    }
    return run_position(&pos, (int)depth, divide);
}
