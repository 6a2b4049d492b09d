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

/* One line of a side file (--coords, edge and pattern files): its 1-based
 * number, its text before any '#' (s, len), or what is wrong with it
 * (bad: a control or NUL byte, or a line of 4096 bytes or more) and at
 * which 1-based column, for the caller's diagnostic. */
struct text_line {
    int number;
    const char *s;
    int len;
    const char *bad;
    int bad_col;
};
#define TEXT_LINE_MAX 4095

/* The next line of text[0..len) from *pos into *t (t->number counts on
 * from its value before); 0 at the end */
int next_text_line(const char *text, size_t len, size_t *pos, struct text_line *t);

/* a duration for people: "4.2 s", "3 min 10 s", "2.3 h" */
const char *duration_text(double seconds, char *buf, size_t len);

#endif
