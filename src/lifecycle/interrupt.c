/* interrupt.c: SIGINT, SIGTERM and the SIGALRM of the grace periods.
 *
 * The handler notes the first signal, leaves run.json marked interrupted
 * and arms an alarm.  The ranks
 * agree after each size (a scheduler may signal every rank, a user only
 * one); then the record in progress closes with the sizes it measured,
 * run.json says "interrupted", and every rank exits 128 + the signal.
 * When that cannot happen (a second signal, or the alarm: a rank is stuck
 * inside MPI), the handler ends the process itself, using only
 * async-signal-safe calls: it writes the run.json that rank 0 prepared
 * after the last finished record and calls _exit. */
#include "lifecycle/interrupt.h"

#include <fcntl.h>
#include <mpi.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "base/base.h"
#include "base/exit_status.h"
#include "base/splice.h"
#include "lifecycle/finalize.h"

static volatile sig_atomic_t received;
static struct timespec received_at;       /* CLOCK_MONOTONIC */
static volatile sig_atomic_t finishing;   /* 1, 2: in MPI_Finalize */
static int final_status;
static int world_rank = -1;

/* rank 0's prepared run.json, swapped with the signals blocked and,
 * against the --timeout watchdog's thread, under snap_lock */
static pthread_mutex_t snap_lock = PTHREAD_MUTEX_INITIALIZER;
static struct json_pieces snap;
static int snap_set;
static char snap_tmp[PATH_BYTES], snap_path[PATH_BYTES], snap_report[PATH_BYTES];
static volatile sig_atomic_t report_said;

/* "mpigauge: rank N: what" in one write, without stdio, so that the
 * lines of several ranks do not interleave */
static void tell(const char *what)
{
    char line[512], num[16];
    int i = sizeof num - 1, r = world_rank < 0 ? 0 : world_rank;
    num[i] = 0;
    do {
        num[--i] = (char)('0' + r % 10);
        r /= 10;
    } while (r && i > 0);
    size_t n = 0;
    const char *parts[] = {"mpigauge: rank ", num + i, ": ", what};
    for (size_t k = 0; k < sizeof parts / sizeof parts[0]; k++)
        for (const char *c = parts[k]; *c && n + 1 < sizeof line; c++)
            line[n++] = *c;
    ssize_t rc = write(STDERR_FILENO, line, n);
    (void)rc;
}

/* report.txt's last line when the process ends before the ranks agreed
 * (the agreed end writes its own, output/report.c): appended with
 * async-signal-safe calls, once, on rank 0 only (the one with a
 * snapshot).  Without it a report read alone looked like a run still
 * going, though run.json said interrupted (seen on a loaded machine:
 * the ranks did not agree within the grace period). */
static void say_in_report(void)
{
    if (!snap_set || !received || report_said || !snap_report[0])
        return;
    report_said = 1;
    char sig[16];
    int i = sizeof sig - 1, r = received;
    sig[i] = 0;
    do {
        sig[--i] = (char)('0' + r % 10);
        r /= 10;
    } while (r && i > 0);
    const char *parts[] = {"\nInterrupted by signal ", sig + i,
                           " before the ranks could agree to stop (a rank was inside "
                           "MPI): run.json holds every record finished before it; the "
                           "record in progress and the ones after it were not measured.\n"};
    int fd = open(snap_report, O_WRONLY | O_APPEND);
    if (fd < 0)
        return;
    for (size_t k = 0; k < sizeof parts / sizeof parts[0]; k++) {
        ssize_t rc = write(fd, parts[k], strlen(parts[k]));
        (void)rc;
    }
    close(fd);
}

static void write_snapshot(void)
{
    if (!snap_set)
        return;
    int fd = open(snap_tmp, O_WRONLY | O_CREAT | O_TRUNC, 0666);
    if (fd < 0)
        return;
    int rc = json_splice(fd, &snap);
    if (close(fd) == 0 && rc == 0)
        rename(snap_tmp, snap_path);
    else
        unlink(snap_tmp);
}

/* the process ends before the ranks agreed: run.json as of the last
 * finished record, and the report says so */
static void end_unagreed(void)
{
    write_snapshot();
    say_in_report();
}

static void stop_now(int sig)
{
    end_unagreed();
    /* rank 0 writes the files: another rank that went at once would have
     * the launcher kill rank 0 before it had (a second signal reaches
     * every rank at the same moment) */
    if (world_rank > 0) {
        struct timespec wait = {RANK0_FIRST_S, 0};
        nanosleep(&wait, NULL);
    }
    _exit(EXIT_SIGNAL_BASE + sig);
}

static void on_alarm(void)
{
    if (finishing == 1) {
        tell("MPI_Finalize has not returned within a few seconds; shutting "
             "down this rank's TCP connections (UCX TCP teardown hang, "
             "openucx/ucx#8738). Every result is on disk.\n");
        finalize_release_sockets();
        finishing = 2;
        alarm(FINALIZE_GRACE_S);
    } else if (finishing == 2) {
        tell("MPI_Finalize still has not returned; exiting without it.\n");
        _exit(final_status);
    } else if (received) {
        tell("the ranks did not agree to stop within the grace period (a "
             "rank is stuck inside MPI); stopping now.\n");
        stop_now(received);
    }
}

/* A launcher may hand one signal on twice: MPICH's hydra proxy forwards
 * the SIGTERM that mpiexec passes on and the one timeout(1) sends to its
 * whole process group, a fraction of a second apart.  A signal within
 * SIGNAL_ECHO_S of the first is taken for such an echo, not for a user
 * asking a second time. */
static int is_echo(void)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    double dt = (double)(now.tv_sec - received_at.tv_sec) +
                (double)(now.tv_nsec - received_at.tv_nsec) * 1e-9;
    return dt < SIGNAL_ECHO_S;
}

static void on_signal(int sig)
{
    if (sig == SIGALRM) {
        on_alarm();
        return;
    }
    if (finishing)
        stop_now(sig);
    if (received) {
        if (is_echo())
            return;
        tell("a second signal; stopping now without waiting for the other "
             "ranks.\n");
        stop_now(sig);
    }
    received = sig;
    clock_gettime(CLOCK_MONOTONIC, &received_at);
    /* a launcher may kill the ranks soon after it passes the signal on
     * (Open MPI's mpirun does): run.json says interrupted from now on,
     * and the ranks rewrite it when they agree */
    write_snapshot();
    /* rank 0 writes what the others cannot (run.json, the report's line):
     * its grace ends first, so that it is not killed by the launcher when
     * another rank's grace has ended and that rank has gone (seen: rank 1,
     * stuck, gone first in about half the runs, rank 0 killed with it,
     * its report silent) */
    alarm(world_rank == 0 ? INTERRUPT_GRACE_S : INTERRUPT_GRACE_S + RANK0_FIRST_S);
}

void interrupt_install(void)
{
    static int once;
    /* a process that ends inside MPI (Open MPI's ranks exit when mpirun,
     * signalled, takes their daemon away) still leaves run.json marked */
    if (!once++)
        atexit(end_unagreed);
    MPI_Comm_rank(MPI_COMM_WORLD, &world_rank);
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    sigaddset(&sa.sa_mask, SIGINT);
    sigaddset(&sa.sa_mask, SIGTERM);
    sigaddset(&sa.sa_mask, SIGALRM);
    sa.sa_flags = SA_RESTART;
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGALRM, &sa, NULL);
}

int interrupt_agreed(void)
{
    int mine = received, any;
    MPI_Allreduce(&mine, &any, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    return any;
}

int interrupt_noted(void)
{
    return received;
}

void interrupt_snapshot(const char *dir, const struct json_pieces *p)
{
    sigset_t block, old;
    sigemptyset(&block);
    sigaddset(&block, SIGINT);
    sigaddset(&block, SIGTERM);
    sigaddset(&block, SIGALRM);
    sigprocmask(SIG_BLOCK, &block, &old);
    pthread_mutex_lock(&snap_lock);
    free(snap.head);
    snap_set = p != NULL;
    if (p)
        snap = *p;
    else
        memset(&snap, 0, sizeof snap);
    if (dir) {
        snprintf(snap_tmp, sizeof snap_tmp, "%s/.run.json.tmp", dir);
        snprintf(snap_path, sizeof snap_path, "%s/run.json", dir);
        snprintf(snap_report, sizeof snap_report, "%s/report.txt", dir);
    }
    pthread_mutex_unlock(&snap_lock);
    sigprocmask(SIG_SETMASK, &old, NULL);
}

int interrupt_take_snapshot(struct json_pieces *p, char *path, size_t len)
{
    sigset_t block, old;
    sigemptyset(&block);
    sigaddset(&block, SIGINT);
    sigaddset(&block, SIGTERM);
    sigaddset(&block, SIGALRM);
    pthread_sigmask(SIG_BLOCK, &block, &old);
    pthread_mutex_lock(&snap_lock);
    int have = snap_set;
    if (have) {
        *p = snap;
        p->head = xmalloc(snap.head_len + 1);
        memcpy(p->head, snap.head, snap.head_len);
        p->head[snap.head_len] = 0;
        snprintf(path, len, "%s", snap_path);
    }
    snap_set = 0;              /* a signal from now on writes nothing */
    pthread_mutex_unlock(&snap_lock);
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    return have ? 0 : -1;
}

void interrupt_guard_finalize(int status)
{
    interrupt_install();
    final_status = status;
    interrupt_snapshot(NULL, NULL);    /* run.json is final now */
    finishing = 1;
    alarm(FINALIZE_GRACE_S);
}
