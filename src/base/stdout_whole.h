/* stdout_whole.h: a front end's whole standard output, or an exit status that
 * says it is not whole.  The front ends whose result is what they print
 * (--predict, --set, --compare, --validate, --list, --help, --version)
 * end with stdout_end: a write that failed on the way (a full disk,
 * /dev/full, a read-only file system) is said, naming the front end, and the
 * front end exits 5 (EXIT_WRITE_FAILED), never 0 on truncated output a script
 * would go on with.  Where stdout is a regular file it is cut back to
 * where it stood when stdout_begin noted it, so that nothing
 * half-written is left (a pipe or a terminal cannot take bytes back). */
#ifndef MPIGAUGE_STDOUT_WHOLE_H
#define MPIGAUGE_STDOUT_WHOLE_H

/* notes where stdout stands, and holds up to STDOUT_HELD bytes of it
 * until stdout_end (so that the write that fails is that one, and its
 * error is known); before anything is written to stdout */
enum { STDOUT_HELD = 1 << 20 };
void stdout_begin(void);

/* flushes stdout: 0 when every write to it since stdout_begin went
 * through, else says so ("mpigauge --predict: cannot write the standard
 * output: No space left on device (exit 5)"), takes back what it can and
 * returns EXIT_WRITE_FAILED (and again, unsaid, on every later call) */
int stdout_end(const char *who);

#endif
