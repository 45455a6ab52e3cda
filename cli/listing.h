/*
 * listing.h: the inside of the listing's output (listing.c) that the solution writer (writer.c)
 * writes its records through: the buffer, the busy/idle marks a signal handler relies on (the
 * buffer holds only whole records while idle), what closes the output if it is cut, and the
 * count of records for the interruption's message.
 */
#ifndef NQ_CLI_LISTING_H
#define NQ_CLI_LISTING_H

#include <stddef.h>

/* listing_put() : appends to the output's buffer, writing it out when full. Returns 0, or -1
 * once a write failed (reported once; nothing more is written). */
int listing_put(const char *text, size_t len);

/* listing_flush() : writes out the buffer. Returns 0, or -1 after a failed write. */
int listing_flush(void);

/* listing_busy() / listing_idle() : the listing is about to change the buffer, or holds whole
 * records again (then a signal writes them out and ends the output at once). No effect outside a
 * listing (cli_listing_start()); listing_idle() none while records are held (listing_hold()). */
void listing_busy(void);
void listing_idle(void);

/* listing_set_tail() / listing_tail_open() : the text that closes the output if a signal cuts it
 * here (a json listing's "]", a cases line's "\n"; NULL: nothing), and whether there is one. */
void listing_set_tail(const char *tail);
int listing_tail_open(void);

/* listing_hold() : 1 while records are kept rather than written (svg draws them at the end), so
 * that the listing is never idle with some of them kept; 0 again after. */
void listing_hold(int hold);

/* listing_set_records() / listing_add_record() : the records written so far, for the message. */
void listing_set_records(unsigned long long records);
void listing_add_record(void);

#endif /* NQ_CLI_LISTING_H */
