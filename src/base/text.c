/* text.c: lines, numbers and control bytes for the text parsers */
#include "base/text.h"

#include <stdio.h>

#include <string.h>

int next_line(const char *text, size_t len, size_t *pos, const char **line,
              size_t *n)
{
    if (*pos >= len)
        return 0;
    const char *s = text + *pos;
    const char *nl = memchr(s, '\n', len - *pos);
    size_t l = nl ? (size_t)(nl - s) : len - *pos;
    *pos += l + (nl != NULL);
    if (l > 0 && s[l - 1] == '\r')
        l--;
    *line = s;
    *n = l;
    return 1;
}

int next_word(const char *s, int len, int *pos, int *n)
{
    int i = *pos;
    while (i < len && (s[i] == ' ' || s[i] == '\t'))
        i++;
    if (i >= len) {
        *pos = len;
        return 0;
    }
    int start = i;
    while (i < len && s[i] != ' ' && s[i] != '\t')
        i++;
    *pos = i;
    *n = i - start;
    return start + 1;
}

int parse_uint(const char *s, size_t n, uint64_t max, uint64_t *out)
{
    if (n == 0 || n > 18)
        return -1;
    uint64_t v = 0;
    for (size_t i = 0; i < n; i++) {
        if (s[i] < '0' || s[i] > '9')
            return -1;
        v = v * 10 + (uint64_t)(s[i] - '0');
    }
    if (v > max)
        return -1;
    *out = v;
    return 0;
}

/* Index of the first control byte other than tab in s[0..n), or -1. */
static long first_control(const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if ((unsigned char)s[i] < 0x20 && s[i] != '\t')
            return (long)i;
    return -1;
}

int next_text_line(const char *text, size_t len, size_t *pos, struct text_line *t)
{
    const char *s;
    size_t l;
    if (!next_line(text, len, pos, &s, &l))
        return 0;
    t->number++;
    t->s = s;
    t->bad = NULL;
    t->bad_col = 0;
    long bad = first_control(s, l);
    if (bad >= 0) {
        t->bad = "control or NUL byte: not a text file";
        t->bad_col = (int)bad + 1;
    } else if (l > TEXT_LINE_MAX) {
        t->bad = "line longer than 4095 bytes";
        t->bad_col = TEXT_LINE_MAX + 1;
    }
    const char *hash = t->bad ? NULL : memchr(s, '#', l);
    t->len = t->bad ? 0 : hash ? (int)(hash - s) : (int)l;
    return 1;
}

const char *duration_text(double s, char *buf, size_t len)
{
    if (s < 60)
        snprintf(buf, len, "%.1f s", s);
    else if (s < 3600)
        snprintf(buf, len, "%d min %d s", (int)(s / 60), (int)s % 60);
    else
        snprintf(buf, len, "%.1f h", s / 3600);
    return buf;
}
