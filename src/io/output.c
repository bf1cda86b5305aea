/* output.c - the files of a run, written as one result set, and single
 * files; see output.h, doc/output.md and doc/reliability.md.
 *
 * Every step works relative to an open directory: the parent of the
 * output (opened once), the temporary directory of a set, the directory
 * of the previous set (opened with O_NOFOLLOW | O_DIRECTORY and checked
 * to be the one examined). No path is followed twice, no symbolic link is
 * followed below the parent, and nothing is deleted by a path that could
 * have changed. */
#define _GNU_SOURCE   /* renameat2 */

#include "output.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "fingerprint.h"

#define OUT_PATH_MAX 4096      /* PATH_MAX of Linux, with its NUL */
#define OUT_NAME_MAX 255       /* NAME_MAX of Linux */
#define OUT_PENDING_MAX (OUTPUT_SET_MAX + 2)
#define OUT_INPUTS_MAX 32
#define OUT_STALE_AGE 2        /* seconds without change: a temporary of a
                                  dead writer, when no lock is held on it */

/* The temporaries of one write in progress (a directory first, then its
 * files), each a name in an open directory: the write's own list, which
 * it removes when it fails. */
typedef struct pending_list {
    int fd[OUT_PENDING_MAX];
    char name[OUT_PENDING_MAX][OUT_NAME_MAX + 1];
    volatile sig_atomic_t n;
} pending_list;

/* The state a program keeps for all its writes (output.h): the writes in
 * progress, for output_session_remove_temporaries (a signal handler): a
 * slot is claimed by a write while it runs, atomically, so that writes in
 * distinct threads at once keep their lists apart; the command line the
 * MANIFEST names; the inputs never overwritten. The library keeps none of
 * it: the caller owns the session. */
#define OUT_WRITES_MAX 64
struct input {
    dev_t dev;
    ino_t ino;
    char path[200];
};
struct output_session {
    pending_list *_Atomic writes[OUT_WRITES_MAX];
    char *const *argv;
    int argc;
    struct input inputs[OUT_INPUTS_MAX];
    int ninputs;
};

output_session *output_session_new(void)
{
    output_session *o = calloc(1, sizeof *o);
    int i;
    if (!o)
        return NULL;
    for (i = 0; i < OUT_WRITES_MAX; i++)
        atomic_init(&o->writes[i], NULL);
    return o;
}

void output_session_free(output_session *o)
{
    free(o);
}

/* Removes the temporaries of l, the last first. */
static void remove_pending(pending_list *l)
{
    while (l->n > 0) {
        l->n--;
        if (unlinkat(l->fd[l->n], l->name[l->n], 0) != 0)
            unlinkat(l->fd[l->n], l->name[l->n], AT_REMOVEDIR);
    }
}

void output_session_remove_temporaries(output_session *o)
{
    int i;
    if (!o)
        return;
    for (i = 0; i < OUT_WRITES_MAX; i++) {
        pending_list *l = atomic_load(&o->writes[i]);
        if (l)
            remove_pending(l);
    }
}

/* Begins the empty list l of a write, registered in a free slot of the
 * session o: the slot, or -1 when there is no session or OUT_WRITES_MAX
 * writes are under way (the write goes on; a signal then leaves its
 * temporaries, which the next write beside them removes as stale). */
static int pending_begin(output_session *o, pending_list *l)
{
    int i;
    l->n = 0;
    for (i = 0; o && i < OUT_WRITES_MAX; i++) {
        pending_list *none = NULL;
        if (atomic_compare_exchange_strong(&o->writes[i], &none, l))
            return i;
    }
    return -1;
}

/* Ends the write of list l in slot of o: nothing of it is pending. */
static void pending_end(output_session *o, pending_list *l, int slot)
{
    l->n = 0;
    if (o && slot >= 0)
        atomic_store(&o->writes[slot], NULL);
}

/* Records name in directory fd as pending in l (name fits: the callers
 * made it at most OUT_NAME_MAX bytes). */
static void add_pending(pending_list *l, int fd, const char *name)
{
    if (l->n >= OUT_PENDING_MAX)
        return;
    snprintf(l->name[l->n], sizeof l->name[0], "%s", name);
    l->fd[l->n] = fd;
    l->n++;
}

/* The command line, kept by pointer (argv lives while sets are
 * written). */
void output_session_note_command(output_session *o, int argc,
                                 char *const *argv)
{
    if (!o)
        return;
    o->argc = argv && argc > 0 ? argc : 0;
    o->argv = argv;
}

void output_notes_scenario(output_notes *n, const scenario *s)
{
    static _Thread_local char text[SCENARIO_CANONICAL_MAX];   /* scratch */
    scenario_canonical(s, text, sizeof text);   /* fits: fingerprint.h */
    snprintf(n->scenario, sizeof n->scenario, "fnv1a64:%016llx",
             (unsigned long long)fnv1a64_text(COLLIDE_FNV1A64_BASIS, text));
}

static collide_status io_error(char *err, size_t errlen, const char *path,
                               const char *what)
{
    snprintf(err, errlen, "%s: %s: %s", path, what,
             strerror(errno ? errno : EIO));
    return COLLIDE_E_IO;
}

/* A write that exceeds the file size limit (ulimit -f) fails with EFBIG
 * instead of killing the process: SIGXFSZ ignored, unless the program
 * handles it itself. */
static void ignore_sigxfsz(void)
{
    struct sigaction sa;
    if (sigaction(SIGXFSZ, NULL, &sa) == 0 && sa.sa_handler == SIG_DFL) {
        sa.sa_handler = SIG_IGN;
        sigaction(SIGXFSZ, &sa, NULL);
    }
}

/* ---- the inputs of the command ---- */

/* The files the command reads (output_session_note_input): never
 * overwritten. */
void output_session_note_input(output_session *o, const char *path)
{
    struct stat s;
    if (!o || !path || o->ninputs >= OUT_INPUTS_MAX || stat(path, &s) != 0)
        return;
    o->inputs[o->ninputs].dev = s.st_dev;
    o->inputs[o->ninputs].ino = s.st_ino;
    snprintf(o->inputs[o->ninputs].path, sizeof o->inputs[0].path, "%s",
             path);
    o->ninputs++;
}

void output_session_forget_inputs(output_session *o)
{
    if (o)
        o->ninputs = 0;
}

/* The input of o that s is (the same device and inode), or NULL (also
 * without a session). */
static const struct input *input_of(const output_session *o,
                                    const struct stat *s)
{
    int i;
    for (i = 0; o && i < o->ninputs; i++)
        if (o->inputs[i].dev == s->st_dev && o->inputs[i].ino == s->st_ino)
            return &o->inputs[i];
    return NULL;
}

/* The input of o that name in directory fd is, as it stands or through the
 * links it is (its real path), or NULL (also when it does not exist). */
static const struct input *entry_input(const output_session *o, int fd,
                                       const char *name)
{
    struct stat s;
    const struct input *in = NULL;
    if (fstatat(fd, name, &s, AT_SYMLINK_NOFOLLOW) == 0)
        in = input_of(o, &s);
    if (!in && fstatat(fd, name, &s, 0) == 0)
        in = input_of(o, &s);
    return in;
}

/* COLLIDE_E_USAGE with the message when writing name in directory fd
 * (path in messages) would overwrite the input in. */
static collide_status refuse_input(const struct input *in, const char *path,
                                   char *err, size_t errlen)
{
    snprintf(err, errlen, "%.300s is the file %.200s, an input of this "
             "command: refusing to overwrite it (name another file)", path,
             in->path);
    return COLLIDE_E_USAGE;
}

collide_status output_check_input(const char *path, const char *input,
                                  char *err, size_t errlen)
{
    struct stat s, o;
    if (!path || !input || stat(input, &s) != 0)
        return COLLIDE_OK;
    if ((lstat(path, &o) == 0 && o.st_dev == s.st_dev &&
         o.st_ino == s.st_ino) ||
        (stat(path, &o) == 0 && o.st_dev == s.st_dev &&
         o.st_ino == s.st_ino)) {
        snprintf(err, errlen, "%.300s is the file %.200s, an input of this "
                 "command: refusing to overwrite it (name another file)",
                 path, input);
        return COLLIDE_E_USAGE;
    }
    return COLLIDE_OK;
}

/* ---- paths ---- */

/* COLLIDE_E_IO with "path too long" or "name too long" for path, with
 * its length and the limit, when it does not fit Linux's limits. */
static collide_status check_lengths(const char *path, char *err,
                                    size_t errlen)
{
    size_t n = strlen(path), i = 0, k;
    if (n >= OUT_PATH_MAX) {
        snprintf(err, errlen, "%.80s...: path too long: %zu bytes, limit %d",
                 path, n, OUT_PATH_MAX - 1);
        return COLLIDE_E_IO;
    }
    while (i < n) {
        k = strcspn(path + i, "/");
        if (k > OUT_NAME_MAX) {
            snprintf(err, errlen, "%.*s...: name too long: %zu bytes, limit "
                     "%d (in %.80s...)", 40, path + i, k, OUT_NAME_MAX, path);
            return COLLIDE_E_IO;
        }
        i += k + 1;
    }
    return COLLIDE_OK;
}

collide_status output_make_dirs(const char *dir, char *err, size_t errlen)
{
    char buf[OUT_PATH_MAX];
    struct stat st;
    size_t i, n = strlen(dir);
    if (n == 0) {
        errno = ENOENT;
        return io_error(err, errlen, "\"\"", "bad directory name");
    }
    if (check_lengths(dir, err, errlen) != COLLIDE_OK)
        return COLLIDE_E_IO;
    memcpy(buf, dir, n + 1);
    for (i = 1; i <= n; i++) {
        if (buf[i] != '/' && buf[i] != '\0')
            continue;
        buf[i] = '\0';
        if (mkdir(buf, 0777) != 0 && errno != EEXIST)
            return io_error(err, errlen, buf, "cannot create directory");
        buf[i] = dir[i];
    }
    if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode)) {
        errno = ENOTDIR;
        return io_error(err, errlen, dir, "not a directory");
    }
    return COLLIDE_OK;
}

/* Opens directory dir (created when missing) as the parent of outputs. */
static collide_status open_parent(const char *dir, int *fd, char *err,
                                  size_t errlen)
{
    if (output_make_dirs(dir, err, errlen) != COLLIDE_OK)
        return COLLIDE_E_IO;
    *fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (*fd < 0)
        return io_error(err, errlen, dir, "cannot open");
    return COLLIDE_OK;
}

/* The name of a temporary of name in the same directory: "." name kind
 * "XXXXXX", name cut to 200 bytes and its hash added when the whole
 * (with 4 bytes to spare) would not fit NAME_MAX. kind is ".tmp-" for a
 * set, ".collide-tmp-" for a single file. */
static void temp_name(char *buf, size_t len, const char *name,
                      const char *kind)
{
    if (1 + strlen(name) + strlen(kind) + 6 + 4 <= OUT_NAME_MAX)
        snprintf(buf, len, ".%s%sXXXXXX", name, kind);
    else
        snprintf(buf, len, ".%.200s~%016llx%sXXXXXX", name,
                 (unsigned long long)fnv1a64_text(COLLIDE_FNV1A64_BASIS,
                                                  name), kind);
}

/* Replaces the last six bytes of name by letters and digits that differ
 * from call to call and process to process. */
static void fill_random(char *name)
{
    static const char set[] = "abcdefghijklmnopqrstuvwxyz"
                              "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    static _Thread_local uint64_t counter;   /* its address: the thread's */
    struct timespec t;
    uint64_t x;
    char *p = name + strlen(name) - 6;
    int i;
    clock_gettime(CLOCK_REALTIME, &t);
    x = ((uint64_t)getpid() << 32) ^ (uint64_t)t.tv_nsec ^
        ((uint64_t)t.tv_sec << 20) ^ (++counter * 0x9E3779B97F4A7C15ull) ^
        ((uint64_t)(uintptr_t)&counter << 7);
    for (i = 0; i < 6; i++) {
        x ^= x >> 29;
        x *= 0xBF58476D1CE4E5B9ull;
        p[i] = set[x % (sizeof set - 1)];
    }
}

/* 1 when name is kind's temporary of some name: "." ... kind "XXXXXX". */
static int temp_like(const char *name, const char *kind)
{
    size_t n = strlen(name), k = strlen(kind), i;
    if (name[0] != '.' || n < 1 + 1 + k + 6 ||
        strncmp(name + n - 6 - k, kind, k) != 0)
        return 0;
    for (i = n - 6; i < n; i++)
        if (!((name[i] >= 'a' && name[i] <= 'z') ||
              (name[i] >= 'A' && name[i] <= 'Z') ||
              (name[i] >= '0' && name[i] <= '9')))
            return 0;
    return 1;
}

/* ---- single files ---- */

/* Writes fd (its stream f, closed here) with writer, flushed and synced;
 * errors name path. A writer that fails without an error number is
 * reported as such, not as an error of the file system. */
static collide_status write_stream(FILE *f, int fd, output_writer writer,
                                   const void *ctx, const char *path,
                                   char *err, size_t errlen)
{
    int r, bad;
    errno = 0;
    r = writer(f, ctx);
    if (r != 0 && errno == 0 && !ferror(f)) {
        snprintf(err, errlen, "%s: its writer gave up (returned %d, no "
                 "error number): nothing written", path, r);
        fclose(f);
        return COLLIDE_E_IO;
    }
    bad = fflush(f) != 0 || ferror(f) || fsync(fd) != 0 || r != 0;
    if (bad) {
        io_error(err, errlen, path, "cannot write");
        fclose(f);
        return COLLIDE_E_IO;
    }
    if (fclose(f) != 0)
        return io_error(err, errlen, path, "cannot close");
    return COLLIDE_OK;
}

/* Creates name in directory dfd (O_EXCL, O_NOFOLLOW: never an existing
 * file or a link) and writes it; errors name path. */
static collide_status write_new_file(int dfd, const char *name,
                                     output_writer writer, const void *ctx,
                                     const char *path, char *err,
                                     size_t errlen)
{
    int fd = openat(dfd, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW |
                    O_CLOEXEC, 0666);
    FILE *f;
    if (fd < 0)
        return io_error(err, errlen, path, "cannot create");
    f = fdopen(fd, "w");
    if (!f) {
        close(fd);
        return io_error(err, errlen, path, "cannot open");
    }
    return write_stream(f, fd, writer, ctx, path, err, errlen);
}

static void sync_fd(int fd)
{
    fsync(fd);
}

/* Blocks SIGINT and SIGTERM (how 1) or restores the mask (how 0). */
static void hold_signals(int how, sigset_t *old)
{
    sigset_t block;
    sigemptyset(&block);
    sigaddset(&block, SIGINT);
    sigaddset(&block, SIGTERM);
    if (how)
        sigprocmask(SIG_BLOCK, &block, old);
    else
        sigprocmask(SIG_SETMASK, old, NULL);
}

static void clean_stale(const output_session *o, int pfd);

/* Creates a new temporary file of name in pfd (kept in tmp), locked while
 * it exists (the lock is held by *lockfd); its descriptor, or -1. */
static int create_temp_file(int pfd, const char *name, char *tmp,
                            size_t tmplen, int *lockfd)
{
    int fd = -1, tries;
    temp_name(tmp, tmplen, name, ".collide-tmp-");
    for (tries = 0; tries < 100 && fd < 0; tries++) {
        fill_random(tmp);
        fd = openat(pfd, tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW |
                    O_CLOEXEC, 0666);
        if (fd < 0 && errno != EEXIST)
            return -1;
    }
    if (fd < 0)
        return -1;
    *lockfd = dup(fd);
    if (*lockfd >= 0)
        flock(*lockfd, LOCK_EX | LOCK_NB);   /* new: never held by another */
    return fd;
}

collide_status output_write_file(output_session *o, const char *dir,
                                 const output_file *file, const void *ctx,
                                 char *err, size_t errlen)
{
    if (output_make_dirs(dir, err, errlen) != COLLIDE_OK)
        return COLLIDE_E_IO;
    return output_write_into(o, dir, file, ctx, err, errlen);
}

collide_status output_write_into(output_session *o, const char *dir,
                                 const output_file *file, const void *ctx,
                                 char *err, size_t errlen)
{
    char shown[OUT_PATH_MAX + OUT_NAME_MAX + 2], tmp[OUT_NAME_MAX + 1];
    const struct input *in;
    pending_list pend;
    sigset_t old;
    FILE *f;
    int pfd = -1, fd, lockfd = -1, slot;
    collide_status st;
    ignore_sigxfsz();
    snprintf(shown, sizeof shown, "%s%s%s", strcmp(dir, ".") ? dir : "",
             strcmp(dir, ".") ? "/" : "", file->name);
    if (strlen(file->name) > OUT_NAME_MAX)
        return check_lengths(file->name, err, errlen);
    if (check_lengths(dir, err, errlen) != COLLIDE_OK)
        return COLLIDE_E_IO;
    pfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (pfd < 0)
        return io_error(err, errlen, shown, "cannot create its temporary");
    in = entry_input(o, pfd, file->name);
    if (in) {
        close(pfd);
        return refuse_input(in, shown, err, errlen);
    }
    clean_stale(o, pfd);
    slot = pending_begin(o, &pend);
    fd = create_temp_file(pfd, file->name, tmp, sizeof tmp, &lockfd);
    if (fd < 0) {
        st = io_error(err, errlen, shown, "cannot create its temporary");
        pending_end(o, &pend, slot);
        close(pfd);
        return st;
    }
    add_pending(&pend, pfd, tmp);
    f = fdopen(fd, "w");
    if (!f) {
        st = io_error(err, errlen, shown, "cannot open");
        close(fd);
    } else
        st = write_stream(f, fd, file->write, ctx, shown, err, errlen);
    hold_signals(1, &old);
    if (st == COLLIDE_OK && renameat(pfd, tmp, pfd, file->name) != 0)
        st = io_error(err, errlen, shown, "cannot rename");
    if (st != COLLIDE_OK)
        remove_pending(&pend);
    pending_end(o, &pend, slot);
    hold_signals(0, &old);
    if (st == COLLIDE_OK)
        sync_fd(pfd);
    if (lockfd >= 0)
        close(lockfd);
    close(pfd);
    return st;
}

/* ---- result sets ---- */

static const char manifest_magic[] = "# collide result set";

/* The files a MANIFEST lists, read back. */
typedef struct manifest {
    int n;
    char name[OUTPUT_SET_MAX][64];
} manifest;

/* Reads the MANIFEST in directory fd into mf: MF_SET when it is one of a
 * result set (its first line the magic, at most OUTPUT_SET_MAX file
 * lines, each a plain name), MF_NONE when there is none, MF_OTHER when
 * it is not one, MF_ERROR (errno) when it cannot be read. */
enum { MF_NONE, MF_SET, MF_OTHER, MF_ERROR };

static int read_manifest(int fd, manifest *mf)
{
    char line[256];
    int mfd = openat(fd, "MANIFEST", O_RDONLY | O_NOFOLLOW | O_NONBLOCK |
                     O_CLOEXEC), ok;
    FILE *f;
    mf->n = 0;
    if (mfd < 0)
        return errno == ENOENT ? MF_NONE : MF_ERROR;
    f = fdopen(mfd, "r");
    if (!f) {
        close(mfd);
        return MF_ERROR;
    }
    ok = fgets(line, sizeof line, f) && strcmp(line, "# collide result set\n") == 0;
    while (ok && fgets(line, sizeof line, f)) {
        size_t len = strlen(line);
        if (strncmp(line, "file = ", 7) != 0)
            continue;
        ok = mf->n < OUTPUT_SET_MAX && len > 8 && len - 8 < sizeof mf->name[0] &&
             line[len - 1] == '\n' && !strchr(line + 7, '/') &&
             strcmp(line, "file = .\n") != 0 && strcmp(line, "file = ..\n") != 0;
        if (ok)
            snprintf(mf->name[mf->n++], sizeof mf->name[0], "%.*s",
                     (int)(len - 8), line + 7);
    }
    fclose(f);
    return ok ? MF_SET : MF_OTHER;
}

static int listed(const manifest *mf, const char *name)
{
    int i;
    if (strcmp(name, "MANIFEST") == 0)
        return 1;
    for (i = 0; i < mf->n; i++)
        if (strcmp(mf->name[i], name) == 0)
            return 1;
    return 0;
}

/* What an existing directory is to a result set written over it. */
enum { SET_REPLACEABLE, SET_FOREIGN, SET_ERROR };

/* Examines the directory open as fd (shown as path; fd stays open):
 * replaceable (empty, or a result set whose MANIFEST lists every entry,
 * which mf then holds, and none of them an input noted in o) or
 * foreign (with a message in err); SET_ERROR when it cannot be read. */
static int examine_fd(const output_session *o, int fd, const char *path,
                      manifest *mf, char *err, size_t errlen)
{
    int has = read_manifest(fd, mf), kind = SET_REPLACEABLE, dfd = -1;
    const struct input *in = NULL;
    struct dirent *e;
    DIR *d = NULL;
    if (has != MF_ERROR && (dfd = dup(fd)) >= 0)
        d = fdopendir(dfd);
    if (!d) {
        io_error(err, errlen, path, "cannot read the directory");
        if (dfd >= 0)
            close(dfd);
        return SET_ERROR;
    }
    rewinddir(d);
    while (kind == SET_REPLACEABLE && (e = readdir(d)) != NULL) {
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
            continue;
        if (has == MF_SET && listed(mf, e->d_name) &&
            (in = entry_input(o, fd, e->d_name)) == NULL)
            continue;
        if (in)
            snprintf(err, errlen, "%s: holds '%.200s', the input %.200s of "
                     "this command: refusing to replace it", path, e->d_name,
                     in->path);
        else
            snprintf(err, errlen, "%s: not a collide result set (%s%.200s%s): "
                     "refusing to replace it; name a new or empty directory, "
                     "or remove it first", path,
                     has == MF_OTHER ? "its MANIFEST is not that of a result set"
                                     : "it holds '",
                     has == MF_OTHER ? "" : e->d_name,
                     has == MF_OTHER ? "" : has == MF_SET
                         ? "', which its MANIFEST does not list"
                         : "', and no MANIFEST");
        kind = SET_FOREIGN;
    }
    closedir(d);
    if (has != MF_SET)
        mf->n = 0;
    return kind;
}

/* The previous set: its directory open (fd, -1 when there is none), its
 * device and inode as examined, its MANIFEST. */
typedef struct target {
    int fd;
    dev_t dev;
    ino_t ino;
    manifest mf;
} target;

/* Opens name in pfd as a directory without following a link: the
 * descriptor, or -1 (errno). */
static int open_dir_at(int pfd, const char *name)
{
    return openat(pfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
}

/* Examines the directory at name in pfd (path in messages) where it
 * stands, before anything is moved: t->fd -1 when there is none, else
 * open, with its identity and MANIFEST; COLLIDE_E_IO with a message when
 * it may not be replaced (nothing touched) or cannot be read. */
static collide_status examine_target(const output_session *o, int pfd,
                                     const char *name, const char *path,
                                     target *t, char *err, size_t errlen)
{
    struct stat s;
    int kind;
    t->fd = open_dir_at(pfd, name);
    if (t->fd < 0 && errno == ENOENT)
        return COLLIDE_OK;
    if (t->fd < 0 && (errno == ENOTDIR || errno == ELOOP)) {
        snprintf(err, errlen, "%s: not a directory: refusing to replace it "
                 "with a result set", path);
        return COLLIDE_E_IO;
    }
    if (t->fd < 0 || fstat(t->fd, &s) != 0) {
        io_error(err, errlen, path, "cannot read the directory");
        kind = SET_ERROR;
    } else {
        t->dev = s.st_dev;
        t->ino = s.st_ino;
        kind = examine_fd(o, t->fd, path, &t->mf, err, errlen);
    }
    if (kind != SET_REPLACEABLE) {
        if (t->fd >= 0)
            close(t->fd);
        t->fd = -1;
        return COLLIDE_E_IO;
    }
    flock(t->fd, LOCK_SH | LOCK_NB);   /* not stale to clean_stale */
    return COLLIDE_OK;
}

/* The outcomes of a swap: done, failed (message in err), or the target
 * appeared, vanished or was replaced since it was examined (examine it
 * again). */
enum { SWAP_DONE, SWAP_FAILED, SWAP_AGAIN };

/* Checks that name in pfd (just moved there) is the directory t examined
 * and still replaceable: then SWAP_DONE, *fd is it, opened without
 * following a link, and t->mf its MANIFEST now. SWAP_AGAIN when it is
 * another directory (another writer put it there meanwhile), SWAP_FAILED
 * with a message when it can no longer be replaced or read. */
static int verify_moved(const output_session *o, int pfd, const char *name,
                        const char *path, target *t, int *fd, char *err,
                        size_t errlen)
{
    struct stat s;
    int st = SWAP_FAILED;
    *fd = open_dir_at(pfd, name);
    if (*fd < 0 || fstat(*fd, &s) != 0)
        io_error(err, errlen, path, "cannot read the directory");
    else if (s.st_dev != t->dev || s.st_ino != t->ino)
        st = SWAP_AGAIN;
    else if (examine_fd(o, *fd, path, &t->mf, err, errlen) == SET_REPLACEABLE)
        return SWAP_DONE;
    if (*fd >= 0)
        close(*fd);
    *fd = -1;
    return st;
}

/* Removes the previous set, open as fd (verify_moved) and now at name in
 * pfd: the files its MANIFEST lists and MANIFEST, through fd; then name,
 * which fails harmlessly when it is no longer that empty directory. */
static void remove_set(int pfd, const char *name, int fd, const manifest *mf)
{
    int i;
    for (i = 0; i <= mf->n; i++)
        unlinkat(fd, i < mf->n ? mf->name[i] : "MANIFEST", 0);
    unlinkat(pfd, name, AT_REMOVEDIR);
}

/* Where a set is put: the directory pfd of its parent, the names of the
 * set, of its temporary directory (open as tfd) and of the fallback's old
 * set, and the path of the set for messages. */
typedef struct place {
    int pfd, tfd;
    pending_list *pend;   /* the temporaries of this write */
    const output_session *session;   /* its inputs; NULL: none */
    const output_notes *notes;       /* what its MANIFEST names */
    const char *path;
    char name[OUT_NAME_MAX + 1], tmp[OUT_NAME_MAX + 1], old[OUT_NAME_MAX + 1];
} place;

/* 1 when renameat2 cannot do what was asked on this kernel or file
 * system. */
static int unsupported(int e)
{
    return e == ENOSYS || e == EINVAL;
}

/* Puts the set at tmp in place of name with renames alone, under an
 * exclusive lock of the parent directory, so that runs that fall back
 * to it take turns: the previous set (t) is renamed to p->old, checked
 * (verify_moved) and put back when it is not the one examined; then the
 * new one is renamed in, and the previous removed. */
static int swap_locked(place *p, target *t, char *err, size_t errlen)
{
    int st = SWAP_DONE, oldfd = -1, moved = 0;
    if (flock(p->pfd, LOCK_EX) != 0) {
        io_error(err, errlen, p->path, "cannot lock its parent");
        return SWAP_FAILED;
    }
    if (t->fd >= 0) {
        if (renameat(p->pfd, p->name, p->pfd, p->old) == 0)
            moved = 1;
        else if (errno == ENOENT)
            st = SWAP_AGAIN;
        else {
            io_error(err, errlen, p->path, "cannot rename");
            st = SWAP_FAILED;
        }
        if (moved)
            st = verify_moved(p->session, p->pfd, p->old, p->path, t, &oldfd,
                              err, errlen);
    }
    if (st == SWAP_DONE && renameat(p->pfd, p->tmp, p->pfd, p->name) != 0) {
        if (t->fd < 0 && (errno == EEXIST || errno == ENOTEMPTY))
            st = SWAP_AGAIN;
        else {
            io_error(err, errlen, p->path, "cannot rename");
            st = SWAP_FAILED;
        }
    }
    if (st != SWAP_DONE && moved &&
        renameat(p->pfd, p->old, p->pfd, p->name) != 0) {
        io_error(err, errlen, p->path, "cannot put it back");
        st = SWAP_FAILED;
    }
    flock(p->pfd, LOCK_UN);
    if (st == SWAP_DONE && oldfd >= 0)
        remove_set(p->pfd, p->old, oldfd, &t->mf);
    if (oldfd >= 0)
        close(oldfd);
    return st;
}

/* Puts the set at tmp in place of name: a rename that does not replace,
 * or an exchange of the two directories (atomic: a reader sees the one
 * set or the other), after which what came out must be the directory
 * examined (t), still replaceable: else it is exchanged back. Where
 * renameat2 cannot do either, swap_locked. */
static int swap(place *p, target *t, char *err, size_t errlen)
{
    int oldfd;
    if (t->fd < 0) {
        if (renameat2(p->pfd, p->tmp, p->pfd, p->name, RENAME_NOREPLACE) == 0)
            return SWAP_DONE;
        if (errno == EEXIST)
            return SWAP_AGAIN;
    } else {
        if (renameat2(p->pfd, p->tmp, p->pfd, p->name, RENAME_EXCHANGE) == 0) {
            int st = verify_moved(p->session, p->pfd, p->tmp, p->path, t,
                                  &oldfd, err, errlen);
            if (st != SWAP_DONE &&
                renameat2(p->pfd, p->tmp, p->pfd, p->name,
                          RENAME_EXCHANGE) != 0) {
                io_error(err, errlen, p->path, "cannot put it back");
                return SWAP_FAILED;   /* not again: the set is not at tmp */
            }
            if (st != SWAP_DONE)
                return st;
            remove_set(p->pfd, p->tmp, oldfd, &t->mf);
            close(oldfd);
            return SWAP_DONE;
        }
        if (errno == ENOENT)
            return SWAP_AGAIN;
    }
    if (!unsupported(errno)) {
        io_error(err, errlen, p->path, "cannot rename");
        return SWAP_FAILED;
    }
    return swap_locked(p, t, err, errlen);
}

/* Splits dir into its parent (created when missing, opened as p->pfd)
 * and its last name; a name of no directory ("", ".", "..", "/") is
 * refused, and so is a path longer than Linux allows. */
static collide_status open_place(const char *dir, place *p, char *err,
                                 size_t errlen)
{
    char parent[OUT_PATH_MAX];
    size_t n = strlen(dir);
    char *base;
    p->path = dir;
    p->pfd = p->tfd = -1;
    if (check_lengths(dir, err, errlen) != COLLIDE_OK)
        return COLLIDE_E_IO;
    while (n > 1 && dir[n - 1] == '/')
        n--;
    memcpy(parent, dir, n);
    parent[n] = '\0';
    base = strrchr(parent, '/');
    base = base ? base + 1 : parent;
    if (*base == '\0' || strcmp(base, ".") == 0 || strcmp(base, "..") == 0) {
        errno = EINVAL;
        return io_error(err, errlen, n ? dir : "\"\"",
                        "cannot hold a result set (name a directory)");
    }
    snprintf(p->name, sizeof p->name, "%.255s", base);
    temp_name(p->tmp, sizeof p->tmp, base, ".tmp-");
    if (base == parent)
        snprintf(parent, sizeof parent, "./");
    else
        *base = '\0';   /* the parent with its slash: "a/", "/" */
    return open_parent(parent, &p->pfd, err, errlen);
}

/* " word" on one line: quoted as the shell reads it when it holds other
 * than letters, digits and -_.,/:=+@%; a control character as '?'. */
static void put_word(FILE *f, const char *w)
{
    int plain = *w != '\0' && strspn(w, "abcdefghijklmnopqrstuvwxyz"
                                     "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
                                     "-_.,/:=+@%") == strlen(w);
    fputs(plain ? " " : " '", f);
    for (; *w; w++) {
        if (*w == '\'')
            fputs("'\\''", f);
        else
            fputc((unsigned char)*w < 0x20 || *w == 0x7f ? '?' : *w, f);
    }
    if (!plain)
        fputc('\'', f);
}

/* Writes MANIFEST: the magic, the program, the command, the scenario's
 * fingerprint when noted, where the run left the proof domain when it
 * did, and one line per file of the set. */
static int write_manifest(FILE *f, const void *ctx)
{
    const output_file *files = ((const output_file *const *)ctx)[0];
    int i, n = *((const int *const *)ctx)[1];
    const place *p = ((const place *const *)ctx)[2];
    const output_session *o = p->session;
    fprintf(f, "%s\nversion = collide %s\ncommand = collide", manifest_magic,
            COLLIDE_VERSION);
    for (i = 1; o && i < o->argc; i++)
        put_word(f, o->argv[i]);
    fputc('\n', f);
    if (p->notes && p->notes->scenario[0])
        fprintf(f, "scenario = %s\n", p->notes->scenario);
    if (p->notes && p->notes->domain[0])
        fprintf(f, "proof domain = %s\n", p->notes->domain);
    for (i = 0; i < n; i++)
        fprintf(f, "file = %s\n", files[i].name);
    return 0;
}

/* Creates the temporary directory of the set (p->tmp, its name made
 * unique), open as p->tfd and locked while it exists. Mode 0777 less the
 * umask, as mkdir(1) would make it: renamed into place, it is the set,
 * which others then read as the umask allows (its files are 0666 less
 * the umask). */
static collide_status make_tmp_dir(place *p, char *err, size_t errlen)
{
    int tries, made = 0;
    for (tries = 0; tries < 100 && !made; tries++) {
        fill_random(p->tmp);
        made = mkdirat(p->pfd, p->tmp, 0777) == 0;
        if (!made && errno != EEXIST)
            break;
    }
    if (!made)
        return io_error(err, errlen, p->path, "cannot create its temporary "
                        "directory");
    add_pending(p->pend, p->pfd, p->tmp);
    p->tfd = open_dir_at(p->pfd, p->tmp);
    if (p->tfd < 0)
        return io_error(err, errlen, p->path, "cannot open its temporary "
                        "directory");
    flock(p->tfd, LOCK_EX | LOCK_NB);   /* new: never held by another */
    snprintf(p->old, sizeof p->old, "%.250s.old", p->tmp);
    return COLLIDE_OK;
}

/* Writes MANIFEST, then the files, into a new temporary directory beside
 * the set (p->tmp): MANIFEST first, so that a temporary left by a killed
 * run is recognisable as a set (clean_stale). */
static collide_status write_tmp(place *p, const output_file *files, int n,
                                const void *ctx, char *err, size_t errlen)
{
    char shown[OUT_PATH_MAX + OUT_NAME_MAX + 2];
    const void *mctx[3];
    output_file mfile;
    collide_status st = make_tmp_dir(p, err, errlen);
    int i;
    mfile.name = "MANIFEST";
    mfile.write = write_manifest;
    mctx[0] = files;
    mctx[1] = &n;
    mctx[2] = p;
    for (i = -1; i < n && st == COLLIDE_OK; i++) {
        const output_file *f = i >= 0 ? &files[i] : &mfile;
        snprintf(shown, sizeof shown, "%s/%s", p->path, f->name);
        add_pending(p->pend, p->tfd, f->name);
        st = write_new_file(p->tfd, f->name, f->write,
                            i >= 0 ? ctx : (const void *)mctx, shown, err,
                            errlen);
    }
    if (st == COLLIDE_OK)
        sync_fd(p->tfd);
    return st;
}

/* ---- stale temporaries ---- */

/* 1 when the file of s has not changed for OUT_STALE_AGE seconds. */
static int quiet_for_long(const struct stat *s)
{
    return s->st_mtime + OUT_STALE_AGE < time(NULL);
}

/* Removes the temporary name in pfd when a dead writer left it: not
 * locked (flock LOCK_EX | LOCK_NB succeeds), unchanged for a while, and a
 * directory of a set's temporary holding nothing or a set whose MANIFEST
 * lists every entry, or a regular file of a single file's temporary.
 * Never follows a link; removes files only through the directory
 * opened. */
static void remove_stale(const output_session *o, int pfd, const char *name)
{
    char err[8];
    manifest mf;
    struct stat s;
    int fd = openat(pfd, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0)
        return;
    if (fstat(fd, &s) == 0 && quiet_for_long(&s) &&
        flock(fd, LOCK_EX | LOCK_NB) == 0) {
        if (S_ISDIR(s.st_mode) && temp_like(name, ".tmp-") &&
            examine_fd(o, fd, name, &mf, err, sizeof err) == SET_REPLACEABLE)
            remove_set(pfd, name, fd, &mf);
        else if (S_ISREG(s.st_mode) && s.st_nlink == 1 &&
                 temp_like(name, ".collide-tmp-"))
            unlinkat(pfd, name, 0);
    }
    close(fd);
}

/* Removes the temporaries that writers killed before they could (SIGKILL,
 * a crash, a power cut) left in directory pfd. */
static void clean_stale(const output_session *o, int pfd)
{
    struct dirent *e;
    DIR *d;
    int fd = dup(pfd);
    if (fd < 0)
        return;
    d = fdopendir(fd);
    if (!d) {
        close(fd);
        return;
    }
    rewinddir(d);
    while ((e = readdir(d)) != NULL)
        if (temp_like(e->d_name, ".tmp-") ||
            temp_like(e->d_name, ".collide-tmp-"))
            remove_stale(o, pfd, e->d_name);
    closedir(d);
}

/* Examines the target, then puts the set written at p->tmp in its place
 * (swap), examining again (at most 8 times in all) when the target
 * appears, vanishes or is replaced meanwhile. */
static collide_status place_set(place *p, target *t, int first,
                                char *err, size_t errlen)
{
    int attempt, st = SWAP_AGAIN;
    for (attempt = 0; attempt < 8 && st == SWAP_AGAIN; attempt++) {
        if (attempt > 0 || !first) {
            if (t->fd >= 0)
                close(t->fd);
            if (examine_target(p->session, p->pfd, p->name, p->path, t, err,
                               errlen) !=
                COLLIDE_OK)
                return COLLIDE_E_IO;
        }
        st = swap(p, t, err, errlen);
    }
    if (st == SWAP_AGAIN) {
        snprintf(err, errlen, "%s: keeps changing while the set is put in "
                 "place: refusing to replace it", p->path);
        return COLLIDE_E_IO;
    }
    return st == SWAP_DONE ? COLLIDE_OK : COLLIDE_E_IO;
}

collide_status output_write_set(output_session *o, const output_notes *notes,
                                const char *dir, const output_file *files,
                                int n, const void *ctx, char *err,
                                size_t errlen)
{
    place p;
    target t;
    pending_list pend;
    sigset_t old;
    collide_status st;
    int slot;
    ignore_sigxfsz();
    t.fd = -1;
    slot = pending_begin(o, &pend);
    st = open_place(dir, &p, err, errlen);
    p.pend = &pend;
    p.session = o;
    p.notes = notes;
    if (st == COLLIDE_OK)
        clean_stale(o, p.pfd);
    if (st == COLLIDE_OK)
        st = examine_target(o, p.pfd, p.name, dir, &t, err, errlen);
    if (st == COLLIDE_OK)
        st = write_tmp(&p, files, n < OUTPUT_SET_MAX ? n : OUTPUT_SET_MAX,
                       ctx, err, errlen);
    hold_signals(1, &old);
    if (st == COLLIDE_OK)
        st = place_set(&p, &t, 1, err, errlen);
    if (st != COLLIDE_OK)
        remove_pending(&pend);
    pending_end(o, &pend, slot);
    hold_signals(0, &old);
    if (st == COLLIDE_OK)
        sync_fd(p.pfd);
    if (t.fd >= 0)
        close(t.fd);
    if (p.tfd >= 0)
        close(p.tfd);
    if (p.pfd >= 0)
        close(p.pfd);
    return st;
}

collide_status output_file_text(const output_file *file, const void *ctx,
                                char **text, size_t *len)
{
    FILE *f = open_memstream(text, len);
    int bad;
    if (!f)
        return COLLIDE_E_MEMORY;
    bad = file->write(f, ctx);
    if (fclose(f) != 0 || bad) {
        free(*text);
        *text = NULL;
        return COLLIDE_E_MEMORY;
    }
    return COLLIDE_OK;
}
