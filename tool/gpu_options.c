/*
 * gpu_options.c: the GPU options of the counting programs (gpu_options.h): --devices, the checks
 * made before a --gpu count starts, and the GPUs in the JSON report.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gpu_options.h"
#include "message.h"

int tool_gpu_devices(const char *list, int *devices, int *ndevices) {
    int k = 0;
    const char *p = list;
    for (;;) {
        char *end;
        errno = 0;
        long v = strtol(p, &end, 10);
        if (end == p || *p < '0' || *p > '9' || errno || v > 1023 || (*end && *end != ',')) {
            char q[64];
            tool_error("--devices must be a list of GPU numbers like 0,1, got '%s'",
                       tool_quote(list, strlen(list), q, sizeof q));
            return -1;
        }
        for (int i = 0; i < k; i++)
            if (devices[i] == (int)v) {
                tool_error("--devices lists GPU %ld twice", v);
                return -1;
            }
        if (k == NQ_GPU_MAX_DEVICES) {
            tool_error("--devices: at most %d GPUs", NQ_GPU_MAX_DEVICES);
            return -1;
        }
        devices[k++] = (int)v;
        if (!*end)
            break;
        p = end + 1;
    }
    *ndevices = k;
    return 0;
}

int tool_gpu_ready(int n, const int *devices, int ndevices) {
    int have = 0;
    if (!nq_gpu_built()) {
        tool_error("--gpu: this build has no CUDA backend (rebuild with cmake -DNQ_CUDA=ON); "
                   "count without --gpu");
        return -1;
    }
    if (nq_gpu_devices(&have) != NQ_OK) {
        tool_error("--gpu: no CUDA GPU found (it needs an NVIDIA GPU and its driver); count "
                   "without --gpu");
        return -1;
    }
    for (int i = 0; devices && i < ndevices; i++)
        if (devices[i] >= have) {
            tool_error("--devices: there is no GPU %d (this machine has %d, numbered 0 to %d)",
                       devices[i], have, have - 1);
            return -1;
        }
    if (n > NQ_GPU_MAX_N) {
        tool_error("--gpu counts N up to %d, got %d; count without --gpu", NQ_GPU_MAX_N, n);
        return -1;
    }
    return 0;
}

void tool_gpu_json(FILE *fp, const nq_gpu_report *r) {
    fputs(",\"devices\":[", fp);
    for (int i = 0; i < r->ndevices; i++) {
        fprintf(fp, "%s{\"id\":%d,\"name\":\"", i ? "," : "", r->device[i]);
        for (const char *c = r->name[i]; *c; c++)
            if (*c == '"' || *c == '\\')
                fprintf(fp, "\\%c", *c);
            else if ((unsigned char)*c >= 0x20 && (unsigned char)*c < 0x7f)
                fputc(*c, fp);
        fprintf(fp, "\",\"subproblems\":%llu}", (unsigned long long)r->subproblems[i]);
    }
    fputc(']', fp);
}
