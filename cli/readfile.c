/*
 * readfile.c: a whole input read into memory (complete's instance, at most CLI_READ_MAX bytes),
 * from a file or standard input, with a message that says why when it cannot be.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

char *cli_read_file(const char *path, size_t *len) {
    int std = !path || strcmp(path, "-") == 0;
    const char *name = std ? "standard input" : path;
    FILE *f = std ? stdin : fopen(path, "rb");
    if (!f) {
        tool_error("cannot open '%s': %s", name, strerror(errno));
        return NULL;
    }
    size_t cap = (size_t)1 << 16, used = 0;
    char *buf = malloc(cap + 1);
    if (!buf)
        tool_error("out of memory reading '%s'", name);
    while (buf) {
        if (used == cap) {
            char *bigger = cap < CLI_READ_MAX ? realloc(buf, 2 * cap + 1) : NULL;
            if (!bigger) {
                if (cap < CLI_READ_MAX)
                    tool_error("out of memory reading '%s' (over %zu bytes)", name, cap);
                else
                    tool_error("'%s' is too large to read (over %zu bytes)", name, cap);
                free(buf);
                buf = NULL;
                break;
            }
            buf = bigger;
            cap *= 2;
        }
        size_t got = fread(buf + used, 1, cap - used, f);
        used += got;
        if (got == 0) {
            if (ferror(f)) {
                tool_error("cannot read '%s': %s", name, strerror(errno));
                free(buf);
                buf = NULL;
            }
            break;
        }
    }
    if (f != stdin)
        fclose(f);
    if (buf) {
        buf[used] = '\0';
        *len = used;
    }
    return buf;
}
