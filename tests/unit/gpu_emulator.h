/* gpu_emulator.h: the knobs of the host-run GPU backend of test_gpu (gpu_emulator.c). */
#ifndef NQ_GPU_EMULATOR_H
#define NQ_GPU_EMULATOR_H

extern int emu_devices;             /* devices offered (default 2) */
extern int emu_fail_after;          /* >= 0: every submit from this one on fails with NQ_EDEVICE */
extern int emu_submits;             /* batches submitted so far */
extern int emu_max_slot_use;        /* the most batches in flight at once on one device */
extern int emu_wrong;               /* non-zero: the device miscounts (one completion too many per
                                       batch with a completion), as faulty hardware would */
extern volatile int *emu_stop_flag; /* non-NULL: set to 1 by the submit numbered emu_stop_at */
extern int emu_stop_at;             /* 1-based: that batch and the one before are in flight */
extern int emu_pair_submits;        /* of them, batches of the quadrant join's pair counter */

#endif /* NQ_GPU_EMULATOR_H */
