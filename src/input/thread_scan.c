/* thread_scan.c: before MPI_Init, whether the input names a threaded
 * call, so that main.c asks for MPI_THREAD_MULTIPLE only then (a library
 * at MULTIPLE may take a lock around every call: no other record of the
 * run should pay for it).  A cheap look at each line's first word, not a
 * parse: the real parse comes after MPI_Init and says every error.  Only
 * a regular file is read here (a FIFO's text would be gone for the real
 * read); an input the scan cannot read asks for no threads, and its
 * threaded records with threads= above 1 are then skipped by the plan
 * with the level granted.  --thread-level, where given, decides alone. */
#include "input/input.h"
#include "input/thread_scan.h"
#include "base/thread_level.h"

#include <ctype.h>
#include <mpi.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

static int line_threaded(const char *line)
{
    char word[64];
    size_t n = 0;
    while (isspace((unsigned char)*line))
        line++;
    while (line[n] && !isspace((unsigned char)line[n]) && line[n] != '#' &&
           n + 1 < sizeof word)
        word[n] = line[n], n++;
    word[n] = 0;
    const struct call *c = n ? table_find(&call_table, word) : NULL;
    return c && call_line_threaded(c, line);
}

int input_thread_level(int argc, char **argv)
{
    struct options o;
    memset(&o, 0, sizeof o);
    struct stat st;
    if (parse_options(argc, argv, &o, NULL) != 0 || o.predict)
        return -1;
    if (o.thread_level)        /* --thread-level names it */
        return thread_level_chosen(o.thread_level);
    int found = 0;             /* -r and --run: their records too */
    for (int i = 0; i < o.ncmdline && !found; i++)
        found = line_threaded(o.cmdline[i].text);
    FILE *f = !found && o.input && stat(o.input, &st) == 0 && S_ISREG(st.st_mode)
              ? fopen(o.input, "r") : NULL;
    char line[4096];
    while (f && !found && fgets(line, sizeof line, f))
        found = line_threaded(line);
    if (f)
        fclose(f);
    /* test hook (tests/threads.sh): a library that grants only SINGLE */
    if (found && getenv("MPIGAUGE_TEST_THREAD_SINGLE"))
        return MPI_THREAD_SINGLE;
    return found ? MPI_THREAD_MULTIPLE : -1;
}
