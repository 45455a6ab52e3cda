/*
 * options.h: one table of options per command (options.c), from which the programs make both
 * getopt_long's tables and the option list of --help, so that the two cannot drift apart (the
 * man page and the bash completion are checked against --help by the tests).
 */
#ifndef NQ_TOOL_OPTIONS_H
#define NQ_TOOL_OPTIONS_H

#include <getopt.h>
#include <stdio.h>

/* One option of a command. */
typedef struct tool_option {
    const char *name;  /* long name, without "--" */
    char letter;       /* the short option, -letter */
    const char *value; /* the name of its value in the help ("F", "FILE"), or NULL for a flag */
    const char *help;  /* what it does; a '\n' starts a continuation line */
} tool_option;

/* A command's help and options. */
typedef struct tool_command {
    const char *name;           /* for messages: "solve", "count" */
    const char *usage;          /* "Usage: ..." and the description, every line ending in '\n' */
    const tool_option *options; /* ended by an entry whose name is NULL; -h, --help is added */
    const char *after;          /* text after the option list (examples, exit status), or NULL */
} tool_command;

#define TOOL_MAX_OPTIONS 16

/* TOOL_STR(NQ_MAX_THREADS) : a numeric macro's value as a string, for help texts. */
#define TOOL_STR_(x) #x
#define TOOL_STR(x)  TOOL_STR_(x)

/* getopt_long's tables, made from a command's options (":" first, so that a missing value is
 * told from an unknown option; 'h' for --help). */
typedef struct tool_getopt {
    char optstring[3 * TOOL_MAX_OPTIONS + 4];
    struct option longopts[TOOL_MAX_OPTIONS + 2];
} tool_getopt;

/* tool_getopt_init() : fills g from cmd's options (at most TOOL_MAX_OPTIONS, asserted). */
void tool_getopt_init(tool_getopt *g, const tool_command *cmd);

/* tool_option_misuse() :
 * Why getopt_long refused the long option argument arg ("--name" or "--name=value") when it is
 * not an unknown name: a prefix that several of longopts's names begin with (getopt_long takes a
 * unique one), or a value given to an option that takes none. Writes the message (without the
 * program's prefix) into msg (cap bytes) and returns 1; 0 when arg is no such case (a short
 * option, or a name no option begins with). */
int tool_option_misuse(const char *arg, const struct option *longopts, char *msg, size_t cap);

/* tool_print_help() : writes the usage, the aligned option list (-h, --help last) and the text
 * after it. */
void tool_print_help(FILE *to, const tool_command *cmd);

/* tool_parse_ll() :
 * Parses a whole decimal integer in [lo, hi] (an optional sign and digits, nothing else); on
 * failure prints "<what> must be an integer from lo to hi, got '<s>'" (tool_error()) and returns
 * -1; 0 on success. */
int tool_parse_ll(const char *what, const char *s, long long lo, long long hi, long long *out);

#endif /* NQ_TOOL_OPTIONS_H */
