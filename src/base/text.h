/* text.h: what the three text parsers (records, --coords, pattern files)
 * share */
#ifndef MPIGAUGE_TEXT_H
#define MPIGAUGE_TEXT_H

#include <stddef.h>
#include <stdint.h>

/* a setting as run.json lists it: an MPI_T control variable, ... */
struct name_value {
    char name[128];
    char value[160];
};

/* The next line of text[0..len) from *pos: its start and length without
 * the line end (LF or CRLF); advances *pos.  Returns 0 at the end. */
int next_line(const char *text, size_t len, size_t *pos, const char **line,
              size_t *n);

/* The next blank- or tab-separated word of s[0..len) from *pos: its
 * 1-based column (0 at the end of the line) and, in *n, its length;
 * advances *pos past it. */
int next_word(const char *s, int len, int *pos, int *n);

/* Decimal digits only, at most 18 of them, value <= max: 0 and *out, or -1. */
int parse_uint(const char *s, size_t n, uint64_t max, uint64_t *out);

/* Index of the first control byte other than tab in s[0..n), or -1. */
long first_control(const char *s, size_t n);

/* a duration for people: "4.2 s", "3 min 10 s", "2.3 h" */
const char *duration_text(double seconds, char *buf, size_t len);

#endif
