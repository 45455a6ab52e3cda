/*
 * usage.c: what the subcommands say when they are used wrongly: usage errors with the hint to
 * `--help`, getopt's failures, an unknown --format, a negative number that getopt would take
 * for an option, more than one N; and the examples of how to give N that these messages (and
 * standard input's prompt, stdin.c) show, which depend on the command being run.
 */
#include <ctype.h>
#include <getopt.h>
#include <stdarg.h>
#include <string.h>

#include "cli.h"

int cli_usage_error(const char *cmd, const char *fmt, ...) {
    char hint[64];
    snprintf(hint, sizeof hint, "(try 'nqueens %s --help')", cmd);
    va_list ap;
    va_start(ap, fmt);
    tool_vmessage(cmd, hint, fmt, ap);
    va_end(ap);
    return EXIT_USAGE;
}

/* The command being run ("solve", "count" ...), for examples in messages. */
static const char *cli_command_name = "solve";

void cli_set_command(const char *name) {
    cli_command_name = name;
    tool_set_command(name);
}

/* How N is given to the command being run: as an argument ("nqueens solve 8") and on standard
 * input ("echo 8 | nqueens solve"), for messages. */
const char *cli_n_example(int on_stdin) {
    static char example[96];
    int n = strcmp(cli_command_name, "trace") == 0 ? 4 : 8;
    if (strcmp(cli_command_name, "complete") == 0)
        snprintf(example, sizeof example, "%snqueens complete %s--queens \"3-3, 4-1\"",
                 on_stdin ? "echo 8 | " : "", on_stdin ? "" : "8 ");
    else if (on_stdin)
        snprintf(example, sizeof example, "echo %d | nqueens %s", n, cli_command_name);
    else
        snprintf(example, sizeof example, "nqueens %s %d", cli_command_name, n);
    return example;
}

/* Does the option argument `a` take its value from the next argument ("--limit", "-l", "-ul")? */
static int takes_next_value(const char *a, const char *optstring, const struct option *longopts) {
    if (a[0] != '-' || a[1] == '\0')
        return 0;
    if (a[1] == '-') {
        const char *name = a + 2;
        size_t len = strlen(name);
        if (len == 0 || strchr(name, '='))
            return 0;
        for (const struct option *o = longopts; o->name; o++) {
            if (strncmp(o->name, name, len) == 0 && o->has_arg == required_argument)
                return 1; /* getopt_long accepts a unique prefix of the name */
        }
        return 0;
    }
    for (const char *p = a + 1; *p; p++) {
        const char *spec = *p == ':' ? NULL : strchr(optstring, *p);
        if (!spec)
            return 0;
        if (spec[1] == ':')
            return p[1] == '\0'; /* "-l5" carries its value; "-l" takes the next argument */
    }
    return 0;
}

int cli_reject_negative(int argc, char **argv, const char *what, long long lo, long long hi,
                        const char *optstring, const struct option *longopts) {
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--") == 0)
            break;
        if (takes_next_value(a, optstring, longopts)) {
            i++; /* its value, whatever it is, is checked by the option */
            continue;
        }
        if (a[0] == '-' && isdigit((unsigned char)a[1])) {
            tool_error("%s must be an integer from %lld to %lld, got '%s'", what, lo, hi, a);
            return -1;
        }
    }
    return 0;
}

int cli_option_error(const char *cmd, int rc, char **argv, int optind_now,
                     const struct option *longopts) {
    /* A long option is the whole last argument; a short one may sit inside a cluster ("-xu"),
     * where getopt has not moved past the argument yet: name it by optopt. */
    const char *arg = argv[optind_now - 1];
    char shortopt[3] = {'-', (char)optopt, '\0'};
    if (strncmp(arg, "--", 2) != 0 && optopt != 0)
        arg = shortopt;
    if (rc == ':')
        return cli_usage_error(cmd, "option '%s' needs a value", arg);
    char why[640];
    if (tool_option_misuse(arg, longopts, why, sizeof why))
        return cli_usage_error(cmd, "%s", why);
    return cli_usage_error(cmd, "unknown option '%s'", arg);
}

int cli_parse_format(const char *cmd, const char *name, nq_format *fmt) {
    if (nq_format_parse(name, fmt) == NQ_OK)
        return 0;
    cli_usage_error(cmd,
                    "unknown format '%s'; the formats are cols, pairs, board, json, jsonl, grid, "
                    "perm, matrix and svg",
                    name);
    return -1;
}

int cli_at_most_one_n(const char *cmd, int argc, char **argv, int first) {
    if (argc - first <= 1)
        return 0;
    cli_usage_error(cmd, "expected at most one N, got '%s' and '%s'", argv[first], argv[first + 1]);
    return -1;
}
