/*
 * stdout.c: standard output through stdio, for everything but the listings (listing.c): one
 * large buffer, and a flush that reports a failed write (a full disk) instead of losing it.
 */
#include <errno.h>
#include <string.h>

#include "cli.h"

void cli_stdout_init(void) {
    static char buffer[1 << 16];
    setvbuf(stdout, buffer, _IOFBF, sizeof buffer);
}

int cli_flush(void) {
    if (fflush(stdout) != 0 || ferror(stdout)) {
        tool_error("cannot write the output: %s", strerror(errno));
        return -1;
    }
    return 0;
}
