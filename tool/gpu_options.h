/*
 * gpu_options.h: what `nqueens count --gpu` and `nqueens-mpi count --gpu` share (gpu_options.c):
 * the --devices list, the one-line refusal when no GPU can count, and the GPUs' part of --json.
 */
#ifndef NQ_TOOL_GPU_OPTIONS_H
#define NQ_TOOL_GPU_OPTIONS_H

#include <stdio.h>

#include "nqueens_advanced.h"

/* tool_gpu_devices() :
 * Parses --devices LIST ("0,1": distinct device numbers 0..1023, at most NQ_GPU_MAX_DEVICES)
 * into devices[] and *ndevices; prints why (tool_error()) and returns -1 if it is bad, else 0. */
int tool_gpu_devices(const char *list, int *devices, int *ndevices);

/* tool_gpu_ready() :
 * 0 if a count of n can run on the GPUs listed (NULL: all); otherwise prints one line saying why
 * not (a build without CUDA, no GPU or driver, no such device, n too large) and returns -1. */
int tool_gpu_ready(int n, const int *devices, int ndevices);

/* tool_gpu_json() : writes ,"devices":[{"id":..,"name":"..","subproblems":..},...] on fp. */
void tool_gpu_json(FILE *fp, const nq_gpu_report *r);

#endif /* NQ_TOOL_GPU_OPTIONS_H */
