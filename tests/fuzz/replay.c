/* replay.c: the test suite's run of the fuzz target (fuzz_readers.c) over saved inputs, built with
 * any compiler and no libFuzzer: every file of the directories (or files) given is read and passed
 * to LLVMFuzzerTestOneInput(), whose checks end the run with a message and exit status 1 (a crash
 * ends it too). Replays the committed corpus, tests/fuzz/corpus, which holds the inputs of every
 * fault the fuzzer found; ctest runs it as fuzz_replay. */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Replays one file; returns 0, or 1 if it cannot be read. */
static int replay_file(const char *path) {
    FILE *f = fopen(path, "rb");
    if (!f) {
        perror(path);
        return 1;
    }
    size_t cap = 1 << 16, len = 0;
    uint8_t *buf = malloc(cap);
    size_t got;
    while (buf && (got = fread(buf + len, 1, cap - len, f)) > 0) {
        len += got;
        if (len == cap) {
            uint8_t *bigger = realloc(buf, cap *= 2);
            if (!bigger)
                free(buf);
            buf = bigger;
        }
    }
    int bad = ferror(f) || !buf;
    fclose(f);
    if (bad) {
        fprintf(stderr, "%s: cannot read\n", path);
        free(buf);
        return 1;
    }
    fprintf(stderr, "%s (%zu bytes)\n", path, len); /* the last name printed is the culprit */
    LLVMFuzzerTestOneInput(buf, len);
    free(buf);
    return 0;
}

static int by_name(const void *a, const void *b) {
    return strcmp(*(char *const *)a, *(char *const *)b);
}

int main(int argc, char **argv) {
    int bad = 0, files = 0;
    for (int a = 1; a < argc; a++) {
        struct stat st;
        if (stat(argv[a], &st) != 0) {
            perror(argv[a]);
            return 1;
        }
        if (!S_ISDIR(st.st_mode)) {
            bad |= replay_file(argv[a]);
            files++;
            continue;
        }
        DIR *d = opendir(argv[a]);
        if (!d) {
            perror(argv[a]);
            return 1;
        }
        char **names = NULL;
        size_t k = 0;
        struct dirent *e;
        while ((e = readdir(d)) != NULL) {
            if (e->d_name[0] == '.')
                continue;
            char **more = realloc(names, (k + 1) * sizeof *names);
            size_t len = strlen(argv[a]) + strlen(e->d_name) + 2;
            if (!more || !(more[k] = malloc(len))) {
                fprintf(stderr, "out of memory\n");
                return 1;
            }
            names = more;
            snprintf(names[k++], len, "%s/%s", argv[a], e->d_name);
        }
        closedir(d);
        qsort(names, k, sizeof *names, by_name);
        for (size_t i = 0; i < k; i++) {
            bad |= replay_file(names[i]);
            files++;
            free(names[i]);
        }
        free(names);
    }
    if (files == 0) {
        fprintf(stderr, "no input to replay\n");
        return 1;
    }
    fprintf(stderr, "%d inputs replayed\n", files);
    return bad;
}
