/*
 * check-file.c - a small program built on libpartiar alone, as a user's
 * program would be: it checks every game of one PGN file (plain or gzip)
 * through the Laws and prints each problem, then a count.
 *
 *   cc -I/usr/local/include check-file.c -L/usr/local/lib -lpartiar -lz -lpthread
 *   ./check-file games.pgn
 *
 * Exit status: 0 when every game is valid, 1 when one is not, 2 when the
 * file cannot be read.
 */
#include <partiar.h>

#include <stdio.h>

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: check-file FILE.pgn\n");
        return 2;
    }
    char why[200];
    pt_input *in = NULL;
    pt_pgn_reader *reader = NULL;
    pt_pgn_game *game = NULL;
    pt_replay *replay = NULL;
    if (pt_input_open(&in, argv[1], why, sizeof why) != PT_OK) {
        fprintf(stderr, "check-file: %s: %s\n", argv[1], why);
        return 2;
    }
    pt_err err = pt_pgn_open(&reader, pt_input_read, in);
    if (err == PT_OK)
        err = pt_pgn_game_new(&game);
    if (err == PT_OK)
        err = pt_replay_new(&replay);

    /* Check everything: moves, marks, numbers, the end and the result,
     * by the Laws in force on each game's date. */
    pt_replay_opts opts = {.check = true};
    long games = 0, invalid = 0;
    while (err == PT_OK && (err = pt_pgn_next(reader, game)) == PT_OK) {
        if ((err = pt_replay_game(game, &opts, replay)) != PT_OK)
            break;
        pt_pgn_game_sort_diags(game);
        const pt_pgn_diag *diags;
        size_t n = pt_pgn_game_diags(game, &diags);
        for (size_t i = 0; i < n; i++)
            printf("%s:%d:%d: %s: %s [%s]%s%s\n", argv[1], diags[i].line, diags[i].column,
                   diags[i].severity == PT_SEV_ERROR ? "error" : "warning", diags[i].message,
                   pt_code_name(diags[i].code), diags[i].suggestion[0] ? "; did you mean " : "", diags[i].suggestion);
        games++;
        invalid += pt_replay_verdict(game, replay) != PT_VERDICT_VALID;
    }
    bool failed = pt_input_failed(in, why, sizeof why);
    pt_replay_free(&replay);
    pt_pgn_game_free(&game);
    pt_pgn_close(&reader);
    pt_input_close(&in);
    if (err != PT_ERR_END || failed) {
        fprintf(stderr, "check-file: %s: %s\n", argv[1], failed ? why : pt_strerror(err));
        return 2;
    }
    printf("%ld games, %ld not valid\n", games, invalid);
    return invalid ? 1 : 0;
}
