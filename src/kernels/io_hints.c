/* io_hints.c: hint=KEY:VALUE for the I/O family.  The record's hints go to
 * MPI_File_open as an MPI_Info; after the open, MPI_File_get_info says
 * what the library kept, and each hint's value there (or none: the
 * library ignored it) goes into the result, as cvar= is read back.  A
 * hint the library ignores is reported in the header and run.json, not
 * refused: MPI lets an implementation ignore any hint. */
#include "kernels/file_io.h"

#include <stdio.h>
#include <string.h>

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

void io_hints_read_back(struct kernel *k, MPI_File fh)
{
    const struct io_settings *io = io_settings(k->rec);
    if (!k->hint_kept || io->nhints == 0)
        return;
    MPI_Info info;
    if (MPI_File_get_info(fh, &info) != MPI_SUCCESS)
        return;
    for (int i = 0; i < io->nhints; i++) {
        char value[HINT_TEXT];
        int found = 0;
        MPI_Info_get(info, io->hint[i].key, HINT_TEXT - 1, value, &found);
        snprintf(k->hint_kept[i], HINT_TEXT, "%s", found ? value : "");
    }
    MPI_Info_free(&info);
    *k->hints_read = 1;
}
