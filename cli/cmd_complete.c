/* cmd_complete.c: placeholder until the `complete` command lands (tracked in the issues). */
#include "cli.h"

int cmd_complete(int argc, char **argv) {
    (void)argc;
    cli_error("'%s' is not available in this build yet", argv[0]);
    return EXIT_USAGE;
}
