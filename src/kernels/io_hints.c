/* io_hints.c: hint=KEY:VALUE for the I/O family.  The record's hints go to
 * MPI_File_open as an MPI_Info; after the open, MPI_File_get_info says
 * what the library kept, and each hint's value there (or none: the
 * library ignored it) is said in the record's library facts
 * (registry/record_view.h's struct facts), as cvar= is read back: the
 * family's own words, which the writers print where they stand without
 * knowing the family.  A hint the library ignores is reported in the
 * header and run.json, not refused: MPI lets an implementation ignore
 * any hint. */
#include "kernels/io.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "base/exit_status.h"
#include "registry/record_view.h"

MPI_Info io_hints(const struct record *r)
{
    const struct io_settings *io = io_settings(r);
    MPI_Info info = MPI_INFO_NULL;
    if (io->nhints == 0)
        return info;
    MPI_Info_create(&info);
    for (int i = 0; i < io->nhints; i++)
        MPI_Info_set(info, io->hint[i].key, io->hint[i].value);
    return info;
}

/* hint i's state: kept is what MPI_File_get_info gave ("" none), or NULL
 * before any file was opened; *word: run.json's short state */
static const char *hint_state(const struct io_hint *h, const char *kept, const char **word)
{
    if (!kept) {
        *word = "not read";
        return "not read back (this rank opened no file)";
    }
    if (!kept[0]) {
        *word = "ignored";
        return "ignored (not in MPI_File_get_info)";
    }
    *word = strcmp(kept, h->value) == 0 ? "kept" : "changed";
    return *word;
}

/* the hints' lines after the rows and in the prose, and run.json's
 * "hints", from kept[i] (NULL: not read back) */
static void say_kept(const struct io_settings *io, const char (*kept)[HINT_TEXT],
                     struct facts *f, FILE *after, FILE *prose)
{
    json_t *list = json_array();
    for (int i = 0; i < io->nhints; i++) {
        const struct io_hint *h = &io->hint[i];
        const char *k = kept ? kept[i] : NULL, *word, *state = hint_state(h, k, &word);
        json_array_append_new(list, json_pack("{s:s,s:s,s:o,s:s}", "key", h->key,
                              "value", h->value, "library_value",
                              k && k[0] ? json_string(k) : json_null(), "state", word));
        const char *open = k && k[0] ? " (MPI_File_get_info: " : "", *close = k && k[0] ? ")" : "";
        fprintf(after, "# hint read back %s=%s: %s%s%s%s\n", h->key, h->value, state, open,
                k ? k : "", close);
        fprintf(prose, "  Hint %s=%s: %s%s%s%s.\n", h->key, h->value, state, open,
                k ? k : "", close);
    }
    json_decref(f->library_json);
    f->library_json = json_pack("{s:o}", "hints", list);
}

/* the record's hints as given (the header's lines beside the cvar=
 * lines) and, from kept, as the library kept them: f's library parts,
 * said anew each time */
static void say_hints(const struct record *r, const char (*kept)[HINT_TEXT],
                      struct facts *f)
{
    const struct io_settings *io = io_settings(r);
    if (io->nhints == 0)
        return;
    free(f->library);
    free(f->after);
    free(f->after_prose);
    size_t nl = 0, na = 0, np = 0;
    FILE *lib = open_memstream(&f->library, &nl), *after = open_memstream(&f->after, &na),
         *prose = open_memstream(&f->after_prose, &np);
    if (!lib || !after || !prose) {
        fprintf(stderr, "mpigauge: out of memory for a record's hints\n");
        exit(EXIT_NO_MEMORY);
    }
    for (int i = 0; i < io->nhints; i++)
        fprintf(lib, "# hint %s=%s: given to MPI_File_open (what the library kept: the "
                "'# hint read back' lines after the rows, run.json's hints)\n",
                io->hint[i].key, io->hint[i].value);
    say_kept(io, kept, f, after, prose);
    fclose(lib);
    fclose(after);
    fclose(prose);
}

void io_library(const struct record *r, struct facts *f)
{
    say_hints(r, NULL, f);
}

/* only where the facts were made (the writing rank: library_json set) */
void io_hints_read_back(struct kernel *k, MPI_File fh)
{
    const struct io_settings *io = io_settings(k->rec);
    if (!k->facts || !k->facts->library_json || io->nhints == 0)
        return;
    MPI_Info info;
    if (MPI_File_get_info(fh, &info) != MPI_SUCCESS)
        return;
    char kept[IO_MAX_HINTS][HINT_TEXT];
    for (int i = 0; i < io->nhints; i++) {
        char value[HINT_TEXT];
        int found = 0;
        MPI_Info_get(info, io->hint[i].key, HINT_TEXT - 1, value, &found);
        snprintf(kept[i], HINT_TEXT, "%s", found ? value : "");
    }
    MPI_Info_free(&info);
    say_hints(k->rec, (const char (*)[HINT_TEXT])kept, k->facts);
}
