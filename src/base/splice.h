/* splice.h: a JSON document written from its pieces with async-signal-safe
 * calls only (read, write, pread), so that a signal handler can write
 * run.json exactly as the writers do. */
#ifndef MPIGAUGE_SPLICE_H
#define MPIGAUGE_SPLICE_H

#include <stddef.h>
#include <sys/types.h>

/* A JSON object whose "records" list lives in two files of one record per
 * line (compact JSON): the records that are finished, and from
 * pending_from on, those still to come.  The rest of the object is head,
 * the text of a JSON object without the list. */
struct json_pieces {
    char *head;
    size_t head_len;
    int done_fd;
    off_t done_len;
    int pending_fd;
    off_t pending_from, pending_len;
};

/* Writes head with ,"records": [ every line of done, then of pending ]
 * put in before its closing brace; 0, or -1 with errno set. */
int json_splice(int fd, const struct json_pieces *p);

/* Writes all n bytes (on through short writes); 0, or -1. */
int write_all(int fd, const void *buf, size_t n);

#endif
