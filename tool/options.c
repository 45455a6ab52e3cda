/*
 * options.c: getopt_long's tables and the option list of --help, both made from a command's one
 * table of options, and the strict reading of a number given as an option or argument (see
 * options.h).
 */
#include <assert.h>
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "message.h"
#include "options.h"

static const tool_option help_option = {"help", 'h', NULL, "show this help"};

void tool_getopt_init(tool_getopt *g, const tool_command *cmd) {
    size_t k = 0, at = 0;
    g->optstring[at++] = ':';
    for (const tool_option *o = cmd->options;; o++) {
        if (!o->name)
            o = &help_option;
        assert(k < TOOL_MAX_OPTIONS + 1 && at + 3 < sizeof g->optstring);
        g->longopts[k].name = o->name;
        g->longopts[k].has_arg = o->value ? required_argument : no_argument;
        g->longopts[k].flag = NULL;
        g->longopts[k].val = o->letter;
        k++;
        g->optstring[at++] = o->letter;
        if (o->value)
            g->optstring[at++] = ':';
        if (o == &help_option)
            break;
    }
    g->optstring[at] = '\0';
    memset(&g->longopts[k], 0, sizeof g->longopts[k]);
}

/* "-f, --format F": the width of an option's left column. */
static size_t option_width(const tool_option *o) {
    return 6 + strlen(o->name) + (o->value ? 1 + strlen(o->value) : 0);
}

/* One option: its left column, then its text from `column` on (two spaces after a left column
 * too wide for it), continuation lines at `column`. */
static void print_option(FILE *to, const tool_option *o, size_t column) {
    int left = fprintf(to, "  -%c, --%s%s%s", o->letter, o->name, o->value ? " " : "",
                       o->value ? o->value : "");
    for (const char *p = o->help;;) {
        const char *nl = strchr(p, '\n');
        size_t len = nl ? (size_t)(nl - p) : strlen(p);
        int pad = (size_t)left + 2 > column ? 2 : (int)(column - (size_t)left);
        fprintf(to, "%*s%.*s\n", pad, "", (int)len, p);
        if (!nl)
            break;
        p = nl + 1;
        left = 0;
    }
}

void tool_print_help(FILE *to, const tool_command *cmd) {
    /* The texts start two spaces after the widest left column, but at column 21 at the most
     * (so that they keep to about 90 columns); a wider option is followed by two spaces. */
    size_t column = 2 + option_width(&help_option) + 2;
    for (const tool_option *o = cmd->options; o->name; o++)
        if (2 + option_width(o) + 2 > column)
            column = 2 + option_width(o) + 2;
    if (column > 21)
        column = 21;
    fprintf(to, "%s\n", cmd->usage);
    for (const tool_option *o = cmd->options; o->name; o++)
        print_option(to, o, column);
    print_option(to, &help_option, column);
    if (cmd->after)
        fprintf(to, "\n%s", cmd->after);
}

/* Parses a whole decimal integer (optional sign, digits, nothing else); 0 on success. */
static int options_whole(const char *s, long long *out) {
    if (!s || !*s || isspace((unsigned char)*s))
        return -1;
    char *end;
    errno = 0;
    long long v = strtoll(s, &end, 10);
    if (*end != '\0' || end == s)
        return -1;
    if (errno == ERANGE)
        return -2;
    *out = v;
    return 0;
}

int tool_parse_ll(const char *what, const char *s, long long lo, long long hi, long long *out) {
    long long v = 0;
    int rc = options_whole(s, &v);
    char shown[96];
    if (rc == -1) {
        tool_error("%s must be an integer from %lld to %lld, got '%s'", what, lo, hi,
                   tool_quote(s ? s : "", s ? strlen(s) : 0, shown, sizeof shown));
        return -1;
    }
    if (rc == -2 || v < lo || v > hi) {
        tool_error("%s must be an integer from %lld to %lld, got '%s' (out of range)", what, lo, hi,
                   tool_quote(s, strlen(s), shown, sizeof shown));
        return -1;
    }
    *out = v;
    return 0;
}

int tool_option_misuse(const char *arg, const struct option *longopts, char *msg, size_t cap) {
    if (!arg || strncmp(arg, "--", 2) != 0 || !longopts)
        return 0;
    const char *name = arg + 2, *eq = strchr(name, '=');
    size_t len = eq ? (size_t)(eq - name) : strlen(name);
    int matches = 0, exact = -1, only = -1;
    char found[512] = "";
    for (int i = 0; len > 0 && longopts[i].name; i++)
        if (strncmp(longopts[i].name, name, len) == 0) {
            exact = strlen(longopts[i].name) == len ? i : exact;
            only = i;
            matches++;
        }
    for (int i = 0, k = 0; matches > 1 && longopts[i].name; i++) {
        if (strncmp(longopts[i].name, name, len) != 0)
            continue;
        size_t at = strlen(found);
        snprintf(found + at, sizeof found - at, "%s--%s",
                 k == 0             ? ""
                 : k == matches - 1 ? " or "
                                    : ", ",
                 longopts[i].name);
        k++;
    }
    int meant = exact >= 0 ? exact : matches == 1 ? only : -1; /* the option getopt_long took */
    if (eq && meant >= 0 && longopts[meant].has_arg == no_argument) {
        snprintf(msg, cap, "option '--%s' takes no value", longopts[meant].name);
        return 1;
    }
    if (matches > 1 && exact < 0) {
        snprintf(msg, cap, "ambiguous option '--%.*s' (it could be %s); give more of its name",
                 (int)len, name, found);
        return 1;
    }
    return 0;
}
