/* cmd_find.c: placeholder until the `find` command lands (tracked in the issues). */
#include "cli.h"

int cmd_find(int argc, char **argv) {
    (void)argc;
    cli_error("'%s' is not available in this build yet", argv[0]);
    return EXIT_USAGE;
}
