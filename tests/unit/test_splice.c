/* test_splice.c: run.json's pieces put together (base/splice.c): the
 * finished records, then the pending ones from where the list has got
 * to, inside the head object, valid JSON in every case */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "base/splice.h"
#include "unit.h"

static int temp_with(const char *text)
{
    FILE *f = tmpfile();
    if (!f)
        return -1;
    int fd = dup(fileno(f));
    fclose(f);
    if (fd >= 0 && write_all(fd, text, strlen(text)))
        return -1;
    return fd;
}

/* the spliced document, parsed; NULL when it is not JSON */
static json_t *spliced(const char *head, const char *done, const char *pending,
                       off_t from)
{
    int out = temp_with(""), d = temp_with(done), p = temp_with(pending);
    struct json_pieces pc = {(char *)head, strlen(head), d, (off_t)strlen(done),
                             p, from, (off_t)strlen(pending)};
    json_t *doc = NULL;
    if (out >= 0 && json_splice(out, &pc) == 0) {
        off_t n = lseek(out, 0, SEEK_END);
        char *text = calloc((size_t)n + 1, 1);
        if (text && pread(out, text, (size_t)n, 0) == n)
            doc = json_loads(text, 0, NULL);
        free(text);
    }
    close(out);
    close(d);
    close(p);
    return doc;
}

static int lines_are(json_t *doc, const char *want)
{
    json_t *recs = json_object_get(doc, "records");
    char got[256] = "";
    size_t i;
    json_t *r;
    json_array_foreach(recs, i, r)
        snprintf(got + strlen(got), sizeof got - strlen(got), "%s%lld", i ? "," : "",
                 (long long)json_integer_value(json_object_get(r, "line")));
    return json_is_array(recs) && strcmp(got, want) == 0;
}

void test_splice(void)
{
    const char *head = "{\n \"status\": \"running\",\n \"ranks\": 2\n}";
    const char *done = "{\"line\":1}\n{\"line\":2}\n";
    const char *pend = "{\"line\":1}\n{\"line\":2}\n{\"line\":3,\"text\":\"a\\nb\"}\n";
    json_t *doc = spliced(head, done, pend, 22);   /* past two entries */
    CHECK(doc && lines_are(doc, "1,2,3"));
    CHECK(doc && json_integer_value(json_object_get(doc, "ranks")) == 2);
    json_decref(doc);
    doc = spliced(head, "", pend, 0);              /* nothing finished yet */
    CHECK(doc && lines_are(doc, "1,2,3"));
    json_decref(doc);
    doc = spliced(head, done, pend, (off_t)strlen(pend));   /* all finished */
    CHECK(doc && lines_are(doc, "1,2"));
    json_decref(doc);
    doc = spliced("{}", "", "", 0);                 /* an empty head, no records */
    CHECK(doc && lines_are(doc, ""));
    json_decref(doc);
    /* an entry longer than the copy buffer survives whole */
    char *big = malloc(20000);
    int n = snprintf(big, 20000, "{\"line\":7,\"text\":\"");
    memset(big + n, 'x', 15000);
    strcpy(big + n + 15000, "\"}\n");
    doc = spliced(head, big, "", 0);
    CHECK(doc && lines_are(doc, "7") &&
          strlen(json_string_value(json_object_get(json_array_get(
              json_object_get(doc, "records"), 0), "text"))) == 15000);
    json_decref(doc);
    free(big);
    int fd = temp_with("");
    struct json_pieces none = {(char *)"no object", 9, -1, 0, -1, 0, 0};
    CHECK(json_splice(fd, &none) == -1);
    close(fd);
}
