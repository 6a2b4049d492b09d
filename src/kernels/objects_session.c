/* objects_session.c: SESSION_INIT, the MPI 4 sessions model's way in,
 * whole in every timed call: MPI_Session_init, MPI_Group_from_session_pset
 * ("mpi://WORLD"), MPI_Group_incl of the communicator's ranks,
 * MPI_Comm_create_from_group, then MPI_Comm_free, the groups freed and
 * MPI_Session_finalize.  An MPI before 4 (Open MPI 4.1) has no sessions:
 * session_missing() says so and the plan skips the record. */
#include "kernels/objects.h"

#define STR_(x) #x
#define STR(x) STR_(x)

#if MPI_VERSION >= 4

const char *session_missing(void)
{
    return NULL;
}

/* one session's communicator of this communicator's ranks; the caller
 * frees comm and finalizes the session */
static void session_comm(struct kernel *k, MPI_Session *s, MPI_Comm *comm)
{
    struct objects *o = k->priv;
    MPI_Group world, mine;
    MPI_Session_init(MPI_INFO_NULL, MPI_ERRORS_ARE_FATAL, s);
    MPI_Group_from_session_pset(*s, "mpi://WORLD", &world);
    MPI_Group_incl(world, k->size, o->world_ranks, &mine);
    MPI_Comm_create_from_group(mine, o->tag, MPI_INFO_NULL, MPI_ERRORS_ARE_FATAL,
                               comm);
    MPI_Group_free(&mine);
    MPI_Group_free(&world);
}

void run_session_init(struct kernel *k, int iters)
{
    for (int i = 0; i < iters; i++) {
        MPI_Session s;
        MPI_Comm comm;
        session_comm(k, &s, &comm);
        MPI_Comm_free(&comm);
        MPI_Session_finalize(&s);
    }
}

/* the session's communicator has this communicator's ranks in its order:
 * the same size, the same rank, and a sum over it of the world ranks */
void check_session_init(struct kernel *k)
{
    MPI_Session s;
    MPI_Comm comm;
    session_comm(k, &s, &comm);
    int size, rank, mine = k->world_rank, sum = 0, want = 0;
    MPI_Comm_size(comm, &size);
    MPI_Comm_rank(comm, &rank);
    MPI_Allreduce(&mine, &sum, 1, MPI_INT, MPI_SUM, comm);
    MPI_Allreduce(&mine, &want, 1, MPI_INT, MPI_SUM, k->comm);
    if (size != k->size || rank != k->rank || sum != want)
        objects_failed(k, "the session's communicator has %d ranks, this rank "
                       "%d, world ranks summing to %d; expected %d, %d, %d", size,
                       rank, sum, k->size, k->rank, want);
    MPI_Comm_free(&comm);
    MPI_Session_finalize(&s);
}

#else

const char *session_missing(void)
{
    return "this MPI has no sessions (MPI_Session_init is MPI 4.0; the library "
           "says MPI " STR(MPI_VERSION) "." STR(MPI_SUBVERSION) ")";
}

void run_session_init(struct kernel *k, int iters)
{
    (void)k;
    (void)iters;
}

void check_session_init(struct kernel *k)
{
    (void)k;
}

#endif
