/*
 * status.c: the library's version, the messages of its status codes, and decimal printing of
 * 128-bit counts (the C library has no printf conversion for them).
 */
#include "nqueens.h"

const char *nq_version(void) {
    return NQ_VERSION_STRING;
}

const char *nq_strerror(int status) {
    switch (status) {
    case NQ_OK:
        return "success";
    case NQ_DONE:
        return "no more items";
    case NQ_STOPPED:
        return "stopped before the end";
    case NQ_EINVAL:
        return "invalid argument";
    case NQ_ENOMEM:
        return "out of memory";
    case NQ_ERANGE:
        return "value out of range";
    case NQ_ENOSOL:
        return "no solution exists";
    case NQ_ECONFLICT:
        return "two queens attack each other";
    case NQ_EPARSE:
        return "malformed input";
    case NQ_EIO:
        return "input/output error";
    case NQ_EMISMATCH:
        return "journal belongs to another count";
    case NQ_ECORRUPT:
        return "corrupted data";
    case NQ_EFAIL:
        return "search gave up without an answer";
    case NQ_EBUSY:
        return "journal in use by another running count";
    case NQ_ETHREAD:
        return "cannot start the threads (out of memory or over the thread limit)";
    case NQ_ENODEV:
        return "no GPU device (none found, no driver, or a library built without CUDA)";
    case NQ_EDEVICE:
        return "GPU device error";
    case NQ_EWRONG:
        return "the result disagrees with the known counts (a damaged journal, or faulty "
               "hardware)";
    default:
        return "unknown status";
    }
}

char *nq_u128_to_string(nq_u128 v, char buf[41]) {
    char tmp[41];
    int len = 0;
    do {
        tmp[len++] = (char)('0' + (int)(v % 10));
        v /= 10;
    } while (v != 0);
    for (int i = 0; i < len; i++)
        buf[i] = tmp[len - 1 - i];
    buf[len] = '\0';
    return buf;
}
