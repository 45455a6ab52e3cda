/*
 * main.c: the `nqueens` program's entry point. It only finds the subcommand in the table and
 * hands over; each command lives in cmd_<name>.c.
 */
#include <string.h>

#include "cli.h"
#include "output.h"

static const cli_command commands[] = {
    {"solve", cmd_solve, "list every solution in lexicographic order"},
    {"count", cmd_count, "count solutions, total and fundamental, on all cores"},
    {"find", cmd_find, "print one solution (first, constructed, or random)"},
    {"complete", cmd_complete, "extend a partial placement, or prove none exists"},
    {"check", cmd_check, "judge solutions written by anyone, in any format"},
    {"cases", cmd_cases, "judge-style input: T, then T values of n"},
    {"trace", cmd_trace, "show the branch-and-bound search step by step (n <= 12)"},
    {"merge", cmd_merge, "add up the parts of a count (count --part I/K)"},
    {"verify", cmd_verify, "recount a count's records (an export or a journal)"},
};
#define NCOMMANDS (sizeof commands / sizeof commands[0])

static void usage(FILE *to) {
    fprintf(to, "Usage: nqueens COMMAND [N] [OPTIONS]\n"
                "Place N queens on an N x N board so that none attacks another.\n\n"
                "Commands:\n");
    for (size_t i = 0; i < NCOMMANDS; i++)
        fprintf(to, "  %-9s %s\n", commands[i].name, commands[i].summary);
    fprintf(to, "\nWhere N is omitted it is read from standard input.\n"
                "Formats (--format): cols pairs board json jsonl grid perm matrix svg\n"
                "Exit status: 0 success, 1 a negative answer (no solution, no completion,\n"
                "a failed check), 2 bad usage or bad input.\n"
                "Run 'nqueens COMMAND --help' for a command's options.\n");
}

int main(int argc, char **argv) {
    tool_output_hold_std();
    cli_stdout_init();
    tool_set_program("nqueens", 0);
    if (argc < 2) {
        usage(stderr);
        return EXIT_USAGE;
    }
    const char *name = argv[1];
    if (strcmp(name, "--help") == 0 || strcmp(name, "-h") == 0) {
        usage(stdout);
        return cli_flush() == 0 ? EXIT_OK : EXIT_USAGE;
    }
    if (strcmp(name, "--version") == 0 || strcmp(name, "-V") == 0) {
        printf("nqueens %s (libnqueens %s)\n", NQ_VERSION_STRING, nq_version());
        return cli_flush() == 0 ? EXIT_OK : EXIT_USAGE;
    }
    if (strcmp(name, "help") == 0) {
        if (argc < 3) {
            usage(stdout);
            return cli_flush() == 0 ? EXIT_OK : EXIT_USAGE;
        }
        name = argv[2];
        for (size_t i = 0; i < NCOMMANDS; i++) {
            if (strcmp(name, commands[i].name) == 0) {
                char *help_argv[] = {argv[2], "--help", NULL};
                cli_set_command(commands[i].name);
                return commands[i].run(2, help_argv);
            }
        }
    }
    for (size_t i = 0; i < NCOMMANDS; i++) {
        if (strcmp(name, commands[i].name) == 0) {
            cli_set_command(commands[i].name);
            return commands[i].run(argc - 1, argv + 1);
        }
    }
    tool_error("unknown command '%s'; the commands are solve, count, find, complete, check, "
               "cases, trace, merge and verify (see 'nqueens --help')",
               name);
    return EXIT_USAGE;
}
