/* test_call_words.c: every list of calls said from the rows
 * (input/call_words.h) read back into calls and compared with the rows:
 * each setting row's (--list, the reference, the man page), each key's
 * (the parser's refusal), root=rotate's and each op's that only some
 * calls take.  Before, such lists were written by hand beside the rows,
 * and buffers= on PBW and PMSGRATE was in none of them (issue 53) */
#include <stdlib.h>
#include <string.h>
#include "input/call_words.h"
#include "input/settings_walk.h"
#include "unit.h"

/* the calls of "the [MODE ]FAMILY calls[ (not A, B)]" into got; 0, or
 * -1 when no family or mode is so named */
static int read_group(const char *item, char *got)
{
    char words[256];
    snprintf(words, sizeof words, "%s", item + 4);   /* after "the " */
    char *not = strstr(words, " (not ");
    if (not)
        *not = 0;
    char *end = strstr(words, " calls");
    if (!end || end[6])
        return -1;
    *end = 0;
    const struct call *c;
    int found = 0;
    for (size_t i = 0; (c = table_row(&call_table, i)); i++) {
        char as_family[200], as_mode[200];
        snprintf(as_family, sizeof as_family, "%s", c->family->name);
        snprintf(as_mode, sizeof as_mode, "%s %s", call_mode_name(c->mode), c->family->name);
        if (strcmp(words, as_family) == 0 || strcmp(words, as_mode) == 0)
            got[i] = 1, found++;
    }
    for (char *n = not ? not + 6 : NULL; n && *n && *n != ')';) {
        size_t len = strcspn(n, ",)");
        char name[64];
        snprintf(name, sizeof name, "%.*s", (int)len, n);
        int known = 0;
        for (size_t i = 0; (c = table_row(&call_table, i)); i++)
            if (strcmp(c->name, name) == 0)
                got[i] = 0, known = 1;
        if (!known)
            return -1;
        n += len + (n[len] == ',' ? 2 : 0);
    }
    return found ? 0 : -1;
}

/* one item: "every call", a group, or a call's name */
static int read_item(const char *item, char *got, size_t n)
{
    if (strcmp(item, "every call") == 0) {
        memset(got, 1, n);
        return 0;
    }
    if (strncmp(item, "the ", 4) == 0)
        return read_group(item, got);
    const struct call *c;
    for (size_t i = 0; (c = table_row(&call_table, i)); i++)
        if (strcmp(c->name, item) == 0) {
            got[i] = 1;
            return 0;
        }
    return -1;
}

/* the calls text names, into got (one char a row of the call table):
 * items split at ", " and " and " outside parentheses; 0, or -1 */
static int read_back(const char *text, char *got, size_t n)
{
    memset(got, 0, n);
    char item[256];
    size_t at = 0;
    int depth = 0;
    for (const char *p = text;; p++) {
        int cut = !*p || (depth == 0 && (strncmp(p, ", ", 2) == 0 || strncmp(p, " and ", 5) == 0));
        if (cut) {
            item[at] = 0;
            if (read_item(item, got, n))
                return -1;
            if (!*p)
                return 0;
            p += *p == ',' ? 1 : 4;
            at = 0;
            continue;
        }
        depth += *p == '(' ? 1 : *p == ')' ? -1 : 0;
        if (at + 1 < sizeof item)
            item[at++] = *p;
    }
}

/* text names exactly the calls pick picks */
static int agrees(const char *text, call_pick pick, const void *arg)
{
    size_t n = table_count(&call_table);
    char *got = calloc(n, 1);
    int ok = read_back(text, got, n) == 0;
    const struct call *c;
    for (size_t i = 0; ok && (c = table_row(&call_table, i)); i++)
        ok = !got[i] == !pick(c, arg);
    if (!ok)
        fprintf(stderr, "  call_words: \"%s\" is not the rows' calls\n", text);
    free(got);
    return ok;
}

static int row_takes(const struct call *c, const void *arg)
{
    return setting_takes(arg, c);
}

static int key_takes(const struct call *c, const void *arg)
{
    const struct setting *s;
    for (size_t i = 0; (s = setting_at(i)) != NULL; i++)
        if (strcmp(s->key, arg) == 0 && setting_takes(s, c))
            return 1;
    return 0;
}

static int has(const struct call *c, const void *arg)
{
    return call_has(c, *(const unsigned *)arg);
}

void test_call_words(void)
{
    char text[2048];
    const struct setting *s;
    int rows = 0;
    for (size_t i = 0; (s = setting_at(i)) != NULL; i++, rows++) {
        setting_row_call_words(s, text, sizeof text);
        CHECK(agrees(text, row_takes, s));
        setting_call_words(s->key, text, sizeof text);
        CHECK(agrees(text, key_takes, s->key));
    }
    CHECK(rows > 20);
    /* the issue's own: buffers= on the partitioned window calls */
    setting_call_words("buffers", text, sizeof text);
    CHECK(strstr(text, "PBW") && strstr(text, "PMSGRATE"));
    unsigned rotates = CALL_ROTATES;
    cap_call_words(rotates, text, sizeof text);
    CHECK(agrees(text, has, &rotates));
    const struct op *o;
    int needs = 0;
    for (size_t i = 0; (o = table_row(&op_table, i)); i++)
        if (o->needs) {
            cap_call_words(o->needs, text, sizeof text);
            CHECK(agrees(text, has, &o->needs));
            needs++;
        }
    CHECK(needs == 2);
    /* a group and its "not": the I/O calls but FILE_OPEN */
    setting_call_words("fsync", text, sizeof text);
    CHECK(strcmp(text, "the I/O calls (not FILE_OPEN)") == 0);
}
