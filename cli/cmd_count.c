/* cmd_count.c: placeholder until the `count` command lands (tracked in the issues). */
#include "cli.h"

int cmd_count(int argc, char **argv) {
    (void)argc;
    cli_error("'%s' is not available in this build yet", argv[0]);
    return EXIT_USAGE;
}
