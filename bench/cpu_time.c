/*
 * cpu_time.c: runs a command and prints the CPU time (user + system, seconds) it and its
 * waited-for children used, on standard error as "cpu=SECONDS", then exits with its status.
 * bench/complete.sh times Gecode with it: on a shared, loaded machine CPU time is far steadier
 * than wall-clock time, and /usr/bin/time rounds to 10 ms.
 */
#include <stdio.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: cpu_time COMMAND [ARG...]\n");
        return 2;
    }
    pid_t pid = fork();
    if (pid < 0) {
        perror("cpu_time: fork");
        return 2;
    }
    if (pid == 0) {
        execvp(argv[1], argv + 1);
        perror("cpu_time: exec");
        _exit(127);
    }
    int status;
    struct rusage ru;
    if (wait4(pid, &status, 0, &ru) < 0) {
        perror("cpu_time: wait4");
        return 2;
    }
    double cpu = (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec * 1e-6 +
                 (double)ru.ru_stime.tv_sec + (double)ru.ru_stime.tv_usec * 1e-6;
    fprintf(stderr, "cpu=%.6f\n", cpu);
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}
