/* record_settings.c: a record's settings from the table's rows; no
 * writer names a setting here, so a new row is printed without an edit */
#include "output/record_settings.h"

#include "registry/settings.h"

/* a setting the writers show for r: the call takes it, and it has a value
 * of its own (iters= and warmup= only where written; buffers= only where
 * written, its default being --like's, which run.json's `buffers` says;
 * cvar= has lines of its own) */
static int shown(const struct setting *s, const struct record *r)
{
    if (s->store == STORE_NONE || !setting_takes(s, r->call) ||
        (s->in_force && !s->in_force(r)))
        return 0;
    if (s->kind == SETTING_WORDS)
        return setting_word(s, r) != NULL;
    return s->dflt >= 0 || setting_get(s, r) >= 0;
}

/* root=rotate is kept beside the root's number */
static int rotating(const struct setting *s, const struct record *r)
{
    return r->root_rotate && s->kind == SETTING_CUSTOM && s->store == STORE_INT;
}

/* a paired setting written A:B with B not A: "A:B" into out, 1 */
static int paired_text(const struct setting *s, const struct record *r, char *out,
                       size_t len)
{
    int b = setting_get_second(s, r);
    if (!s->second || b == 0 || b == setting_get(s, r))
        return 0;
    snprintf(out, len, "%lld:%d", setting_get(s, r), b);
    return 1;
}

json_t *record_settings_json(const struct record *r)
{
    json_t *o = json_object();
    const struct setting *s;
    for (size_t i = 0; (s = record_setting_at(r, i)) != NULL; i++) {
        if (!shown(s, r))
            continue;
        const char *word = rotating(s, r) ? "rotate" : setting_word(s, r);
        char pair[48];
        if (!word && paired_text(s, r, pair, sizeof pair))
            word = pair;       /* threads=2:1: "2:1" */
        json_object_set_new(o, s->key, word ? json_string(word)
                                            : json_integer(setting_get(s, r)));
    }
    return o;
}

int record_settings_text(const struct record *r, char *out, size_t len)
{
    size_t at = 0;
    const struct setting *s;
    out[0] = 0;
    for (size_t i = 0; (s = record_setting_at(r, i)) != NULL && at < len; i++) {
        if (!shown(s, r))
            continue;
        const char *word = rotating(s, r) ? "rotate" : setting_word(s, r);
        char pair[48];
        if (!word && paired_text(s, r, pair, sizeof pair))
            word = pair;
        if (word)
            at += (size_t)snprintf(out + at, len - at, "%s%s=%s", at ? " " : "", s->key,
                                   word);
        else
            at += (size_t)snprintf(out + at, len - at, "%s%s=%lld", at ? " " : "", s->key,
                                   setting_get(s, r));
    }
    return out[0] != 0;
}

void record_settings_line(FILE *f, const struct record *r)
{
    char text[1024];
    if (record_settings_text(r, text, sizeof text))
        fprintf(f, "# settings: %s\n", text);
}
