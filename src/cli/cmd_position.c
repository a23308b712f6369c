/*
 * cmd_position.c - "partiar position": what the Laws say about a position.
 */
#include "cli.h"

#include <getopt.h>
#include <stdlib.h>
#include <string.h>

static const char help[] = "Usage: partiar position [--fen FEN | --chess960 N] [MOVE...]\n"
                           "Show a position and what the Laws say about it: check, legal moves,\n"
                           "checkmate, stalemate, dead position, repetitions and draw claims.\n"
                           "MOVEs in UCI notation (e2e4, e7e8q; castling e1g1 or king takes rook\n"
                           "e1h1) are played first, so that repetitions and the move counters build up.\n\n"
                           "      --fen FEN       start from FEN, X-FEN or Shredder-FEN\n"
                           "      --chess960 N    start from Chess960 position N (0-959; 518 is standard)\n"
                           "      --laws EDITION  the Laws that decide the status: 2005, 2014, 2017, 2018\n"
                           "                      or current (the default)\n"
                           "  -h, --help          show this help\n\n"
                           "Exit status: 0 success, 2 bad FEN, bad move or usage error.\n";

static const char glyphs[] = "PNBRQK  pnbrqk";

static void print_board(const pt_pos *pos)
{
    for (int rank = 7; rank >= 0; rank--) {
        printf("  %d ", rank + 1);
        for (int file = 0; file < 8; file++) {
            int piece = pos->board[PT_SQ(file, rank)];
            printf(" %c", piece == PT_NO_PIECE ? '.' : glyphs[piece]);
        }
        putchar('\n');
    }
    printf("     a b c d e f g h\n");
}

static void print_report(const pt_game *g)
{
    const pt_pos *pos = &g->pos;
    char fen[PT_FEN_MAX];
    print_board(pos);
    pt_pos_to_fen(pos, PT_FEN_XFEN, fen);
    printf("fen:        %s\n", fen);
    pt_pos_to_fen(pos, PT_FEN_SHREDDER, fen);
    printf("shredder:   %s\n", fen);
    printf("to move:    %s\n", pos->side == PT_WHITE ? "White" : "Black");
    printf("check:      %s\n", pt_pos_in_check(pos) ? "yes" : "no");

    pt_move list[PT_MAX_MOVES];
    char uci[PT_MAX_MOVES][6];
    int n = pt_gen_legal(pos, list);
    for (int i = 0; i < n; i++)
        pt_move_to_uci(pos, list[i], uci[i]);
    qsort(uci, (size_t)n, sizeof uci[0], pt_cli_compare_strings);
    printf("legal:      %d", n);
    for (int i = 0; i < n; i++)
        printf(" %s", uci[i]);
    putchar('\n');

    printf("status:     %s (Laws of %s)\n", pt_status_name(pt_game_status(g)), pt_laws_name(g->laws));
    printf("dead:       %s\n", pt_pos_is_dead(pos) ? "yes (insufficient material)" : "no");
    printf("repetition: %d (threefold claim %s)\n", pt_game_repetitions(g),
           pt_game_threefold_claimable(g) ? "possible" : "not possible");
    printf("halfmove:   %u (50-move claim %s)\n", pos->halfmove,
           pt_game_fifty_claimable(g) ? "possible" : "not possible");
}

int pt_cmd_position(int argc, char **argv)
{
    static const struct option options[] = {
        {"fen", required_argument, NULL, 'f'},
        {"chess960", required_argument, NULL, 'c'},
        {"laws", required_argument, NULL, 'w'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    const char *fen = NULL;
    long number = -1;
    pt_laws laws = PT_LAWS_CURRENT;
    int opt;
    optind = 1;
    while ((opt = getopt_long(argc, argv, ":h", options, NULL)) != -1) {
        switch (opt) {
        case 'f': fen = optarg; break;
        case 'c':
            if (!pt_cli_parse_int(optarg, 0, 959, &number))
                return pt_cli_usage_error("position", "--chess960 wants a number from 0 to 959, not '%s'", optarg);
            break;
        case 'w':
            if (!pt_laws_from_name(optarg, &laws))
                return pt_cli_usage_error("position", "--laws is 2005, 2014, 2017, 2018 or current, not '%s'", optarg);
            break;
        case 'h': fputs(help, stdout); return PT_EXIT_OK;
        default: return pt_cli_option_error("position", opt, argv);
        }
    }
    if (fen && number >= 0)
        return pt_cli_usage_error("position", "--fen and --chess960 exclude each other");

    pt_pos start;
    pt_diag diag = {0};
    if (fen && pt_pos_from_fen(&start, fen, &diag) != PT_OK) {
        pt_cli_error("--fen: column %d: %s", diag.column, diag.message);
        return PT_EXIT_USAGE;
    }
    if (number >= 0)
        pt_pos_chess960(&start, (int)number);
    if (!fen && number < 0)
        pt_pos_startpos(&start);

    pt_game game;
    pt_game_init(&game, &start);
    game.laws = laws;
    int status = PT_EXIT_OK;
    for (int i = optind; i < argc && status == PT_EXIT_OK; i++) {
        pt_move m = pt_move_from_uci(&game.pos, argv[i]);
        if (m == PT_MOVE_NONE) {
            pt_cli_error("move %d: '%s' is not a legal move here", i - optind + 1, argv[i]);
            status = PT_EXIT_USAGE;
        } else if (pt_game_play(&game, m) != PT_OK) {
            pt_cli_error("out of memory");
            status = PT_EXIT_USAGE;
        }
    }
    if (status == PT_EXIT_OK)
        print_report(&game);
    pt_game_free(&game);
    return status;
}
