/* sweep.h - `collide sweep GRID` and `collide merge PART...`: a scenario
 * run at every point of a grid (grid.h), in threads, one CSV row per point
 * written in index order, so that the bytes do not depend on the number of
 * threads; shards of the points for job arrays, merged back into the bytes
 * of the whole sweep; a directory of finished points for resuming.
 * doc/sweeps.md describes the formats. */
#ifndef COLLIDE_SWEEP_H
#define COLLIDE_SWEEP_H

#include <stddef.h>

/* collide sweep ARGS (the arguments after the command); the exit status. */
int sweep_command(int argc, char **argv);

/* A sweep spread over processes (sweep_mpi.c, MPI ranks): each rank runs
 * the points of --shard rank+1/size and rank 0 writes the whole sweep. */
typedef struct sweep_ranks {
    int rank, size;
    /* The largest status st of all ranks; rank 0's in *root. */
    int (*agree)(int st, int *root);
    /* Sends the n rows of this rank to rank 0; there, returns the rows of
     * all npoints points in index order (new strings in a new array), NULL
     * on the other ranks. */
    char **(*gather)(char *const *rows, long n, long npoints);
} sweep_ranks;

/* Makes sweep_command run over the ranks r (NULL: in this process alone). */
void sweep_use_ranks(const sweep_ranks *r);

/* The text of the status st of a point's run in the status column: "ok",
 * "step", "zeno", "ledger", "progress", ... (one name for every status of
 * common.h; "error" for any other value). */
const char *sweep_status_name(int st);

/* 1 when the len bytes at name are a status text a sweep writes. */
int sweep_status_known(const char *name, size_t len);

/* collide merge ARGS; the exit status. */
int merge_command(int argc, char **argv);

#endif
