/*
 * main.c - the partiar program: a table of subcommands over libpartiar.
 */
#include "cli.h"

#include <string.h>

typedef struct command {
    const char *name;
    pt_command_fn run;
    const char *summary;
} command;

static const command commands[] = {
    {"check", pt_cmd_check, "validate PGN archives: every problem, where, and the fix"},
    {"convert", pt_cmd_convert, "read PGN in any notation, write clean PGN in any notation"},
    {"form", pt_cmd_form, "draw a printable scoresheet that partiar reads best"},
    {"ocr", pt_cmd_ocr, "read scanned scoresheets into games, the doubtful moves pointed out"},
    {"perft", pt_cmd_perft, "count legal move trees; check perft suites"},
    {"position", pt_cmd_position, "analyse a position: legal moves, check, draws"},
    {"reconcile", pt_cmd_reconcile, "the game the players' sheets record, and every slip on them"},
};

static void usage(FILE *out)
{
    fprintf(out, "Usage: partiar COMMAND [OPTIONS] [ARGS]\n"
                 "       partiar --help | --version\n\n"
                 "partiar turns chess scoresheets into trustworthy games.\n\n"
                 "Commands:\n");
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        fprintf(out, "  %-10s %s\n", commands[i].name, commands[i].summary);
    fprintf(out, "\n'partiar COMMAND --help' describes a command; man partiar has it all.\n"
                 "Exit status: 0 clean, 1 problems found, 2 usage or I/O error.\n");
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        usage(stderr);
        return PT_EXIT_USAGE;
    }
    const char *name = argv[1];
    int status = -1;
    if (strcmp(name, "--help") == 0 || strcmp(name, "-h") == 0 || strcmp(name, "help") == 0) {
        usage(stdout);
        status = PT_EXIT_OK;
    } else if (strcmp(name, "--version") == 0 || strcmp(name, "-V") == 0) {
        printf("partiar %s\n", PT_VERSION);
        status = PT_EXIT_OK;
    }
    for (size_t i = 0; status < 0 && i < sizeof commands / sizeof commands[0]; i++)
        if (strcmp(name, commands[i].name) == 0)
            status = commands[i].run(argc - 1, argv + 1);
    if (status < 0) {
        pt_cli_error("unknown command '%s'; try 'partiar --help'", name);
        return PT_EXIT_USAGE;
    }
    /* Whatever a command printed (its help too) must have got out: a full
     * device is an I/O error, not success. A command that failed has
     * said why already. */
    if (status != PT_EXIT_USAGE && !pt_cli_flush(stdout, "<stdout>"))
        return PT_EXIT_USAGE;
    return status;
}
