/* wrap.c - fault injection for build/collide-fault: the program of
 * tools/main.c linked with -Wl,--wrap=F for each function F of the table
 * below (tests/tests.mk), so that every call of F from collide's own
 * objects goes through __wrap_F here. GMP and MPFR are not wrapped: their
 * allocations go to the C library directly (GMP aborts when it runs out
 * of memory, by design).
 *
 * COLLIDE_FAULT=F:N makes the N-th call of F (counted from the start of
 * the program, over all threads) fail, once, as F fails: a NULL or -1
 * return, or EOF, with errno set (ENOMEM for allocations, ENOSPC for
 * writes, EIO for reads and syncs..., ENOSYS for renameat2, as on a
 * kernel without it, so that the renames without it are taken). F may be "any": the N-th call of
 * any wrapped function. COLLIDE_FAULT_LOG=FILE appends one line
 * "F N" to FILE when the fault is injected, so that a test can tell
 * whether the run saw a fault. COLLIDE_FAULT_COUNTS=FILE writes there, at
 * exit, the number of calls of each function ("F CALLS", one a line).
 * Without these variables the program is collide unchanged.
 * tests/cli/fault.sh uses it. */
#define _GNU_SOURCE   /* renameat2 */

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <spawn.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

/* The wrapped functions, by index. */
enum {
    F_MALLOC, F_CALLOC, F_REALLOC, F_STRDUP, F_STRNDUP, F_FOPEN, F_OPEN, F_FDOPEN, F_FFLUSH, F_FCLOSE, F_FSYNC, F_RENAME,
    F_LINK, F_MKDIR, F_MKDTEMP, F_MKSTEMP, F_OPENDIR, F_RENAMEAT,
    F_RENAMEAT2, F_FLOCK, F_FDOPENDIR, F_PTHREAD_CREATE, F_POSIX_SPAWNP,
    F_OPEN_MEMSTREAM, F_OPENAT, F_MKDIRAT, F_COUNT
};

static const char *const names[F_COUNT] = {
    "malloc", "calloc", "realloc", "strdup", "strndup", "fopen", "open", "fdopen", "fflush", "fclose", "fsync", "rename",
    "link", "mkdir", "mkdtemp", "mkstemp", "opendir", "renameat",
    "renameat2", "flock", "fdopendir", "pthread_create", "posix_spawnp",
    "open_memstream", "openat", "mkdirat"
};

/* The errno of a failure of each function. */
static const int fault_errno[F_COUNT] = {
    ENOMEM, ENOMEM, ENOMEM, ENOMEM, ENOMEM,
    ENOSPC, ENOSPC, ENOMEM, ENOSPC, ENOSPC, EIO, EIO,
    EMLINK, EACCES, EACCES, EACCES, EMFILE, EIO,
    ENOSYS, ENOLCK, EMFILE, EAGAIN,
    EAGAIN, ENOMEM, ENOSPC, EACCES
};

#define ANY F_COUNT

static pthread_once_t once = PTHREAD_ONCE_INIT;
static int target = -1;         /* a function, ANY, or -1: no fault */
static long target_n;           /* the call that fails */
static atomic_long calls[F_COUNT + 1];
static atomic_int injected;
static atomic_int exiting;      /* exit has begun: calls no longer count */

int __real_open(const char *path, int flags, ...);
FILE *__real_fopen(const char *path, const char *mode);
int __real_fclose(FILE *f);

/* Writes the calls of each function to COLLIDE_FAULT_COUNTS, at exit. */
static void write_counts(void)
{
    FILE *f = __real_fopen(getenv("COLLIDE_FAULT_COUNTS"), "w");
    int i;
    if (!f)
        return;
    for (i = 0; i <= F_COUNT; i++)
        fprintf(f, "%s %ld\n", i < F_COUNT ? names[i] : "any",
                atomic_load(&calls[i]));
    __real_fclose(f);
}

/* From exit on, calls are neither counted nor failed: those of the
 * coverage runtime (libgcov, linked into the program and so wrapped as
 * well) writing its counts after the exit handlers. */
static void stop(void)
{
    atomic_store(&exiting, 1);
}

/* Reads COLLIDE_FAULT once. */
static void init(void)
{
    const char *spec = getenv("COLLIDE_FAULT");
    const char *colon = spec ? strchr(spec, ':') : NULL;
    size_t len;
    int i;
    char *end;
    atexit(stop);
    if (getenv("COLLIDE_FAULT_COUNTS"))
        atexit(write_counts);
    if (!colon)
        return;
    len = (size_t)(colon - spec);
    target_n = strtol(colon + 1, &end, 10);
    if (*end != '\0' || target_n < 1)
        return;
    if (len == 3 && strncmp(spec, "any", 3) == 0)
        target = ANY;
    for (i = 0; i < F_COUNT; i++)
        if (strlen(names[i]) == len && strncmp(spec, names[i], len) == 0)
            target = i;
}

/* Appends "F N" to COLLIDE_FAULT_LOG, with the calls of this process. */
static void log_fault(int f, long n)
{
    const char *path = getenv("COLLIDE_FAULT_LOG");
    char line[64];
    int fd, k;
    if (!path)
        return;
    k = snprintf(line, sizeof line, "%s %ld\n", names[f], n);
    fd = __real_open(path, O_WRONLY | O_CREAT | O_APPEND, 0666);
    if (fd < 0)
        return;
    if (write(fd, line, (size_t)k) != k)
        k = -1;     /* nothing more to do: the test sees no line */
    close(fd);
}

/* Counts a call of f; 1 when it is the one to fail (errno is then set). */
static int fails(int f)
{
    long n, any;
    pthread_once(&once, init);
    if (atomic_load(&exiting))
        return 0;
    n = atomic_fetch_add(&calls[f], 1) + 1;
    any = atomic_fetch_add(&calls[ANY], 1) + 1;
    if (target < 0 || (target == f ? n : target == ANY ? any : 0) != target_n)
        return 0;
    if (atomic_exchange(&injected, 1))
        return 0;
    log_fault(f, target == ANY ? any : n);
    errno = fault_errno[f];
    return 1;
}

/* ---- memory ---- */

void *__real_malloc(size_t n);
void *__real_calloc(size_t n, size_t size);
void *__real_realloc(void *p, size_t n);
char *__real_strdup(const char *s);
char *__real_strndup(const char *s, size_t n);

void *__wrap_malloc(size_t n);
void *__wrap_calloc(size_t n, size_t size);
void *__wrap_realloc(void *p, size_t n);
char *__wrap_strdup(const char *s);
char *__wrap_strndup(const char *s, size_t n);

void *__wrap_malloc(size_t n)
{
    return fails(F_MALLOC) ? NULL : __real_malloc(n);
}

void *__wrap_calloc(size_t n, size_t size)
{
    return fails(F_CALLOC) ? NULL : __real_calloc(n, size);
}

void *__wrap_realloc(void *p, size_t n)
{
    return fails(F_REALLOC) ? NULL : __real_realloc(p, n);
}

char *__wrap_strdup(const char *s)
{
    return fails(F_STRDUP) ? NULL : __real_strdup(s);
}

char *__wrap_strndup(const char *s, size_t n)
{
    return fails(F_STRNDUP) ? NULL : __real_strndup(s, n);
}

/* ---- files ---- */

FILE *__real_fopen(const char *path, const char *mode);
FILE *__real_fdopen(int fd, const char *mode);
int __real_fflush(FILE *f);
int __real_fclose(FILE *f);
int __real_fsync(int fd);
int __real_rename(const char *from, const char *to);
int __real_link(const char *from, const char *to);
int __real_mkdir(const char *path, mode_t mode);
char *__real_mkdtemp(char *tmpl);
int __real_mkstemp(char *tmpl);
DIR *__real_opendir(const char *path);

FILE *__wrap_fopen(const char *path, const char *mode);
int __wrap_open(const char *path, int flags, ...);
FILE *__wrap_fdopen(int fd, const char *mode);
int __wrap_fflush(FILE *f);
int __wrap_fclose(FILE *f);
static int memstream_is(FILE *f);   /* below: memory streams */
int __wrap_fsync(int fd);
int __wrap_rename(const char *from, const char *to);
int __wrap_link(const char *from, const char *to);
int __wrap_mkdir(const char *path, mode_t mode);
char *__wrap_mkdtemp(char *tmpl);
int __wrap_mkstemp(char *tmpl);
DIR *__wrap_opendir(const char *path);

FILE *__wrap_fopen(const char *path, const char *mode)
{
    if (!fails(F_FOPEN))
        return __real_fopen(path, mode);
    if (mode[0] == 'r')
        errno = EACCES;
    return NULL;
}

int __wrap_open(const char *path, int flags, ...)
{
    mode_t mode = 0;
    if (flags & O_CREAT) {
        va_list ap;
        va_start(ap, flags);
        mode = (mode_t)va_arg(ap, unsigned int);
        va_end(ap);
    }
    if (!fails(F_OPEN))
        return __real_open(path, flags, mode);
    if (!(flags & O_CREAT))
        errno = EACCES;
    return -1;
}

FILE *__wrap_fdopen(int fd, const char *mode)
{
    return fails(F_FDOPEN) ? NULL : __real_fdopen(fd, mode);
}

/* The stream keeps what it holds: a later fclose may still write it. */
int __wrap_fflush(FILE *f)
{
    if (memstream_is(f))
        return __real_fflush(f);
    return fails(F_FFLUSH) ? EOF : __real_fflush(f);
}

/* The stream is closed (as by a failing fclose), and EOF returned. */
/* ---- memory streams ----
 * A stream of open_memstream writes into memory: it fails only when an
 * allocation fails, which the fault of open_memstream itself stands for
 * (ENOMEM, an allocation); its fflush and fclose are not fault points
 * (a failure there with ENOSPC would be one no kernel gives). */
#define MEMSTREAMS_MAX 256
static FILE *memstreams[MEMSTREAMS_MAX];
static pthread_mutex_t memstreams_lock = PTHREAD_MUTEX_INITIALIZER;

FILE *__real_open_memstream(char **buf, size_t *len);
FILE *__wrap_open_memstream(char **buf, size_t *len);

/* Finds f among the memory streams (f NULL: a free place) and puts
 * `with` in its place; 1 when found. */
static int memstream_swap(FILE *f, FILE *with)
{
    int i, found = 0;
    pthread_mutex_lock(&memstreams_lock);
    for (i = 0; i < MEMSTREAMS_MAX && !found; i++)
        if (memstreams[i] == f) {
            memstreams[i] = with;
            found = 1;
        }
    pthread_mutex_unlock(&memstreams_lock);
    return found;
}

/* Records f as a memory stream (add 1), or takes it from them (add 0):
 * 1 when it was one. */
static int memstream_track(FILE *f, int add)
{
    return f && (add ? memstream_swap(NULL, f) : memstream_swap(f, NULL));
}

/* 1 when f is a memory stream. */
static int memstream_is(FILE *f)
{
    return f && memstream_swap(f, f);
}

FILE *__wrap_open_memstream(char **buf, size_t *len)
{
    FILE *f;
    if (fails(F_OPEN_MEMSTREAM))
        return NULL;
    f = __real_open_memstream(buf, len);
    if (f)
        memstream_track(f, 1);
    return f;
}

int __wrap_fclose(FILE *f)
{
    if (memstream_track(f, 0) || !fails(F_FCLOSE))
        return __real_fclose(f);
    __real_fclose(f);
    errno = fault_errno[F_FCLOSE];
    return EOF;
}

int __wrap_fsync(int fd)
{
    return fails(F_FSYNC) ? -1 : __real_fsync(fd);
}

int __wrap_rename(const char *from, const char *to)
{
    return fails(F_RENAME) ? -1 : __real_rename(from, to);
}

int __wrap_link(const char *from, const char *to)
{
    return fails(F_LINK) ? -1 : __real_link(from, to);
}

int __wrap_mkdir(const char *path, mode_t mode)
{
    return fails(F_MKDIR) ? -1 : __real_mkdir(path, mode);
}

char *__wrap_mkdtemp(char *tmpl)
{
    return fails(F_MKDTEMP) ? NULL : __real_mkdtemp(tmpl);
}

int __wrap_mkstemp(char *tmpl)
{
    return fails(F_MKSTEMP) ? -1 : __real_mkstemp(tmpl);
}

DIR *__wrap_opendir(const char *path)
{
    return fails(F_OPENDIR) ? NULL : __real_opendir(path);
}

int __real_openat(int fd, const char *path, int flags, ...);
int __real_mkdirat(int fd, const char *path, mode_t mode);
int __wrap_openat(int fd, const char *path, int flags, ...);
int __wrap_mkdirat(int fd, const char *path, mode_t mode);

/* As open: EACCES when it would not create, else ENOSPC. */
int __wrap_openat(int fd, const char *path, int flags, ...)
{
    mode_t mode = 0;
    if (flags & O_CREAT) {
        va_list ap;
        va_start(ap, flags);
        mode = (mode_t)va_arg(ap, unsigned int);
        va_end(ap);
    }
    if (!fails(F_OPENAT))
        return __real_openat(fd, path, flags, mode);
    if (!(flags & O_CREAT))
        errno = EACCES;
    return -1;
}

int __wrap_mkdirat(int fd, const char *path, mode_t mode)
{
    return fails(F_MKDIRAT) ? -1 : __real_mkdirat(fd, path, mode);
}

int __real_renameat(int fd1, const char *from, int fd2, const char *to);
int __real_renameat2(int fd1, const char *from, int fd2, const char *to,
                     unsigned flags);
int __real_flock(int fd, int op);
DIR *__real_fdopendir(int fd);
int __wrap_renameat(int fd1, const char *from, int fd2, const char *to);
int __wrap_renameat2(int fd1, const char *from, int fd2, const char *to,
                     unsigned flags);
int __wrap_flock(int fd, int op);
DIR *__wrap_fdopendir(int fd);

int __wrap_renameat(int fd1, const char *from, int fd2, const char *to)
{
    return fails(F_RENAMEAT) ? -1 : __real_renameat(fd1, from, fd2, to);
}

int __wrap_renameat2(int fd1, const char *from, int fd2, const char *to,
                     unsigned flags)
{
    return fails(F_RENAMEAT2) ? -1
                              : __real_renameat2(fd1, from, fd2, to, flags);
}

int __wrap_flock(int fd, int op)
{
    return fails(F_FLOCK) ? -1 : __real_flock(fd, op);
}

DIR *__wrap_fdopendir(int fd)
{
    return fails(F_FDOPENDIR) ? NULL : __real_fdopendir(fd);
}

/* ---- processes and threads: they return the error number ---- */

int __real_pthread_create(pthread_t *t, const pthread_attr_t *attr,
                          void *(*start)(void *), void *arg);
int __real_posix_spawnp(pid_t *pid, const char *file,
                        const posix_spawn_file_actions_t *fa,
                        const posix_spawnattr_t *attr, char *const argv[],
                        char *const envp[]);

int __wrap_pthread_create(pthread_t *t, const pthread_attr_t *attr,
                          void *(*start)(void *), void *arg);
int __wrap_posix_spawnp(pid_t *pid, const char *file,
                        const posix_spawn_file_actions_t *fa,
                        const posix_spawnattr_t *attr, char *const argv[],
                        char *const envp[]);

int __wrap_pthread_create(pthread_t *t, const pthread_attr_t *attr,
                          void *(*start)(void *), void *arg)
{
    return fails(F_PTHREAD_CREATE) ? EAGAIN
                                   : __real_pthread_create(t, attr, start, arg);
}

int __wrap_posix_spawnp(pid_t *pid, const char *file,
                        const posix_spawn_file_actions_t *fa,
                        const posix_spawnattr_t *attr, char *const argv[],
                        char *const envp[])
{
    return fails(F_POSIX_SPAWNP) ? EAGAIN
                                 : __real_posix_spawnp(pid, file, fa, attr,
                                                       argv, envp);
}
