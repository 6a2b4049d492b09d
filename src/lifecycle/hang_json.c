/* hang_json.c: run.json after a hang (hang_report.h), rewritten by rank
 * 0's watchdog thread from the pieces the writers prepared for a signal
 * (interrupt.h): the records finished and those still to come, each one
 * line of compact JSON, the record in progress among the latter */
#include "lifecycle/hang_report.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "base/base.h"
#include "base/splice.h"
#include "base/text.h"

/* the lines of fd from `from` to `to`, parsed, onto list */
static int read_lines(int fd, off_t from, off_t to, json_t *list)
{
    if (fd < 0 || to <= from)
        return 0;
    size_t n = (size_t)(to - from);
    char *buf = xmalloc(n + 1);
    ssize_t got = pread(fd, buf, n, from);
    if (got != (ssize_t)n) {
        free(buf);
        return -1;
    }
    size_t pos = 0, l;
    const char *line;
    while (next_line(buf, n, &pos, &line, &l)) {
        json_t *r = l ? json_loadb(line, l, 0, NULL) : NULL;
        if (r)
            json_array_append_new(list, r);
    }
    free(buf);
    return 0;
}

/* the first record still pending at line: hung, with hang */
static void mark_record(json_t *list, int line, json_t *hang)
{
    size_t i;
    json_t *r;
    json_array_foreach(list, i, r) {
        const char *st = json_string_value(json_object_get(r, "status"));
        if (json_integer_value(json_object_get(r, "line")) == line && st &&
            strcmp(st, "pending") == 0) {
            json_object_set_new(r, "status", json_string("hung"));
            json_object_set(r, "hang", hang);
            return;
        }
    }
}

int hang_runjson(const struct json_pieces *p, const char *path, int line, json_t *hang)
{
    json_t *root = json_loadb(p->head, p->head_len, 0, NULL);
    if (!root)
        return -1;
    json_t *list = json_array();
    int rc = read_lines(p->done_fd, 0, p->done_len, list) |
             read_lines(p->pending_fd, p->pending_from, p->pending_len, list);
    mark_record(list, line, hang);
    json_object_set_new(root, "status", json_string("hung"));
    json_object_set(root, "hang", hang);
    json_object_set_new(root, "records", list);
    char tmp[PATH_BYTES + 8];
    snprintf(tmp, sizeof tmp, "%s.hang", path);
    if (!rc)
        rc = json_dump_file(root, tmp, JSON_INDENT(1) | JSON_PRESERVE_ORDER);
    if (!rc)
        rc = rename(tmp, path);
    json_decref(root);
    return rc ? -1 : 0;
}
