/* store_keys.c: systems, records and contents as the store keys them
 * (store_keys.h) */
#include "offline/store_keys.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "base/base.h"
#include "base/hash.h"

json_t *system_of(const json_t *fingerprint)
{
    json_t *sys = json_is_object(fingerprint) ? json_deep_copy(fingerprint) : json_object();
    json_object_del(sys, "mpigauge");
    json_object_del(sys, "build");
    json_object_del(sys, "input_fnv1a64");
    return sys;
}

static void hex_of(const char *text, char key[17])
{
    snprintf(key, 17, "%016" PRIx64, fnv1a64(text, strlen(text)));
}

void system_key(const json_t *system, char key[17])
{
    char *text = json_dumps(system, JSON_SORT_KEYS | JSON_COMPACT);
    hex_of(text ? text : "", key);
    free(text);
}

static int by_text(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* one word of the identity: a string member, or nothing */
static void add_word(char *out, size_t len, const char *word)
{
    size_t used = strlen(out);
    if (word && *word && used + 1 < len)
        snprintf(out + used, len - used, "%s%s", used ? " " : "", word);
}

void record_identity(const json_t *rec, char *out, size_t len)
{
    static const char *const parts[] = {"call", "datatype", "op", "topology", "call_mode"};
    out[0] = '\0';
    for (size_t i = 0; i < sizeof parts / sizeof parts[0]; i++)
        add_word(out, len, json_string_value(json_object_get(rec, parts[i])));
    const json_t *set = json_object_get(rec, "record_settings");
    if (!json_is_object(set))
        return;
    /* sorted by key, so that the same settings give the same identity
     * whatever order run.json wrote them in */
    size_t n = json_object_size(set), k = 0;
    const char **keys = xcalloc(n + 1, sizeof *keys);
    const char *key;
    json_t *v;
    json_object_foreach((json_t *)set, key, v)
        keys[k++] = key;
    qsort(keys, k, sizeof *keys, by_text);
    for (size_t i = 0; i < k; i++) {
        char word[256];
        const json_t *val = json_object_get(set, keys[i]);
        char *dump = json_is_string(val) ? NULL : json_dumps(val, JSON_ENCODE_ANY);
        snprintf(word, sizeof word, "%s=%s", keys[i], dump ? dump : json_string_value(val));
        free(dump);
        add_word(out, len, word);
    }
    free(keys);
}

void content_key(json_t *const *roots, int n, char key[17])
{
    uint64_t h = 0;
    for (int i = 0; i < n; i++) {
        char *text = json_dumps(roots[i], JSON_SORT_KEYS | JSON_COMPACT);
        /* each launch's hash chained into the next (as text: the same on
         * every machine): the order counts */
        char parts[40];
        snprintf(parts, sizeof parts, "%016" PRIx64 "%016" PRIx64, h,
                 text ? fnv1a64(text, strlen(text)) : 0);
        h = fnv1a64(parts, strlen(parts));
        free(text);
    }
    snprintf(key, 17, "%016" PRIx64, h);
}
