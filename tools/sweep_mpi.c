/* sweep_mpi.c - the MPI driver of build/collide-mpi (`make mpi`): the
 * program of main.c (compiled with main renamed collide_main) whose
 * `collide sweep` runs over the ranks of mpirun: rank r runs the points
 * with index % size = r, rank 0 gathers the rows and writes the bytes of
 * the sweep in one process (doc/sweeps.md). */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <mpi.h>

#include "collide.h"
#include "sweep.h"

/* main() of main.c. */
int collide_main(int argc, char **argv);

/* Bytes sent in one message at most (MPI counts are ints). */
#define CHUNK (1L << 30)

/* Ends every rank after a fatal error, with message msg. */
static void fatal(const char *msg)
{
    fprintf(stderr, "collide sweep: %s\n", msg);
    MPI_Abort(MPI_COMM_WORLD, COLLIDE_E_IO);
}

static int agree(int st, int *root)
{
    int rank, in[2], out[2];
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    in[0] = st;
    in[1] = rank == 0 ? st : 0;
    MPI_Allreduce(in, out, 2, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    *root = out[1];
    return out[0];
}

/* The n rows joined into one new buffer of *len bytes. */
static char *pack(char *const *rows, long n, long *len)
{
    long i, k = 0;
    char *buf;
    *len = 0;
    for (i = 0; i < n; i++)
        *len += (long)strlen(rows[i]);
    buf = malloc((size_t)*len + 1);
    if (!buf)
        fatal("out of memory while gathering the rows");
    for (i = 0; i < n; i++) {
        size_t m = strlen(rows[i]);
        memcpy(buf + k, rows[i], m);
        k += (long)m;
    }
    buf[k] = '\0';
    return buf;
}

/* Sends len bytes of buf to rank 0, the length first, in chunks. */
static void send_bytes(const char *buf, long len)
{
    long long n = len;
    long k;
    MPI_Send(&n, 1, MPI_LONG_LONG, 0, 0, MPI_COMM_WORLD);
    for (k = 0; k < len; k += CHUNK)
        MPI_Send(buf + k, (int)(len - k < CHUNK ? len - k : CHUNK), MPI_CHAR,
                 0, 1, MPI_COMM_WORLD);
}

/* The bytes sent by rank src with send_bytes, a new string. */
static char *recv_bytes(int src)
{
    long long n;
    long k;
    char *buf;
    MPI_Recv(&n, 1, MPI_LONG_LONG, src, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    buf = malloc((size_t)n + 1);
    if (!buf)
        fatal("out of memory while gathering the rows");
    for (k = 0; k < (long)n; k += CHUNK)
        MPI_Recv(buf + k, (int)((long)n - k < CHUNK ? (long)n - k : CHUNK),
                 MPI_CHAR, src, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    buf[n] = '\0';
    return buf;
}

/* Puts the rows of rank r, text, at their indices r, r + size, ... */
static void unpack(char **all, const char *text, int r, int size, long npoints)
{
    long index = r;
    const char *b = text, *e;
    while (*b && index < npoints && (e = strchr(b, '\n')) != NULL) {
        all[index] = malloc((size_t)(e - b) + 2);
        if (!all[index])
            fatal("out of memory while gathering the rows");
        memcpy(all[index], b, (size_t)(e - b) + 1);
        all[index][e - b + 1] = '\0';
        index += size;
        b = e + 1;
    }
    if (*b || index < npoints)
        fatal("the rows received from a rank do not match its points");
}

static char **gather(char *const *rows, long n, long npoints)
{
    int rank, size, r;
    long len;
    char *mine = pack(rows, n, &len), **all;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (rank != 0) {
        send_bytes(mine, len);
        free(mine);
        return NULL;
    }
    all = calloc((size_t)npoints + 1, sizeof *all);
    if (!all)
        fatal("out of memory while gathering the rows");
    unpack(all, mine, 0, size, npoints);
    free(mine);
    for (r = 1; r < size; r++) {
        char *text = recv_bytes(r);
        unpack(all, text, r, size, npoints);
        free(text);
    }
    return all;
}

int main(int argc, char **argv)
{
    sweep_ranks r;
    int st;
    if (MPI_Init(&argc, &argv) != MPI_SUCCESS) {
        fprintf(stderr, "collide: MPI_Init failed\n");
        return COLLIDE_E_IO;
    }
    MPI_Comm_rank(MPI_COMM_WORLD, &r.rank);
    MPI_Comm_size(MPI_COMM_WORLD, &r.size);
    r.agree = agree;
    r.gather = gather;
    sweep_use_ranks(&r);
    st = collide_main(argc, argv);
    MPI_Finalize();
    return st;
}
