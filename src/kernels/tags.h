/* tags.h: every MPI tag mpigauge sends with, in one place, so that no two
 * kinds of message can ever match each other's receives. */
#ifndef MPIGAUGE_TAGS_H
#define MPIGAUGE_TAGS_H

enum {
    TAG_DATA = 7,              /* the measured messages */
    TAG_READY = 8,             /* ready-mode: the partner's receive is posted */
    TAG_CTRL = 9,              /* a pair's stop decision after a block */
    TAG_CLOCK = 10,            /* --sync window: clock ping-pongs */
    TAG_PILOT = 11,            /* a pair's --time pilot */
    TAG_ACK = 12,              /* a window's acknowledgement (BW, MSGRATE) */
    TAG_RMA = 13,              /* a one-sided pair's communicator and address */
    TAG_OBJECTS = 14,          /* COMM_CREATE_GROUP's own messages */
    TAG_PARAM = 41,            /* the pairwise parameters' messages */
    TAG_PARAM_READY = 42,      /* ... and their "receives posted" notes */
    TAG_GATHER = 43,           /* results to rank 0 past MPI_Gatherv's int */
    /* threaded calls: thread t sends its data with TAG_THREAD + 2 t and
     * its window's acknowledgement with TAG_THREAD + 2 t + 1, so that no
     * thread's message can match another thread's receive (up to
     * MAX_THREADS: tags below 256, far under MPI's least TAG_UB 32767) */
    TAG_THREAD = 100,
};

#endif
