/* output.c - the files of a run, written as one result set; see
 * output.h and README.md ("CSV output"). */
#define _GNU_SOURCE   /* renameat2 */

#include "output.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fingerprint.h"

#define OUT_PATH_MAX 4096
#define OUT_PENDING_MAX (OUTPUT_SET_MAX + 2)

/* Paths of a write in progress (a temporary directory first, then its
 * files), for output_remove_temporaries; the only mutable state shared
 * with the signal handler. */
static char pending[OUT_PENDING_MAX][OUT_PATH_MAX];
static volatile sig_atomic_t npending;

void output_remove_temporaries(void)
{
    while (npending > 0) {
        npending--;
        if (unlink(pending[npending]) != 0)
            rmdir(pending[npending]);
    }
}

/* The run that the MANIFEST of a set names (output_note_command,
 * output_note_scenario). */
static char *const *note_argv;
static int note_argc;
static char note_scenario[40];

void output_note_command(int argc, char *const *argv)
{
    note_argc = argc;
    note_argv = argv;
}

void output_note_scenario(const scenario *s)
{
    static char text[SCENARIO_CANONICAL_MAX];
    scenario_canonical(s, text, sizeof text);   /* fits: fingerprint.h */
    snprintf(note_scenario, sizeof note_scenario, "fnv1a64:%016llx",
             (unsigned long long)fnv1a64_text(COLLIDE_FNV1A64_BASIS, text));
}

static collide_status io_error(char *err, size_t errlen, const char *path,
                               const char *what)
{
    snprintf(err, errlen, "%s: %s: %s", path, what,
             strerror(errno ? errno : EIO));
    return COLLIDE_E_IO;
}

collide_status output_make_dirs(const char *dir, char *err, size_t errlen)
{
    char buf[OUT_PATH_MAX];
    struct stat st;
    size_t i, n = strlen(dir);
    if (n == 0 || n >= sizeof buf) {
        errno = n ? ENAMETOOLONG : ENOENT;
        return io_error(err, errlen, n ? dir : "\"\"", "bad directory name");
    }
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

/* Writes one file with writer, flushed and synced to disk. */
static collide_status write_file(const char *path, output_writer writer,
                                 const void *ctx, char *err, size_t errlen)
{
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0666);
    FILE *f;
    int bad;
    if (fd < 0)
        return io_error(err, errlen, path, "cannot create");
    f = fdopen(fd, "w");
    if (!f) {
        close(fd);
        return io_error(err, errlen, path, "cannot open");
    }
    errno = 0;
    bad = writer(f, ctx) != 0;
    bad = fflush(f) != 0 || ferror(f) || fsync(fd) != 0 || bad;
    if (bad) {
        io_error(err, errlen, path, "cannot write");
        fclose(f);
        return COLLIDE_E_IO;
    }
    if (fclose(f) != 0)
        return io_error(err, errlen, path, "cannot close");
    return COLLIDE_OK;
}

static void sync_dir(const char *dir)
{
    int fd = open(dir, O_RDONLY);
    if (fd >= 0) {
        fsync(fd);
        close(fd);
    }
}

/* Records the path a b (concatenated) as pending, removed by
 * output_remove_temporaries (at most OUT_PENDING_MAX: a directory and the
 * files of a set); 0 (errno ENAMETOOLONG) when it does not fit. */
static int add_pending(const char *a, const char *b)
{
    if (snprintf(pending[npending], OUT_PATH_MAX, "%s%s", a, b) >=
        OUT_PATH_MAX) {
        errno = ENAMETOOLONG;
        return 0;
    }
    npending++;
    return 1;
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

collide_status output_write_file(const char *dir, const output_file *file,
                                 const void *ctx, char *err, size_t errlen)
{
    char final[OUT_PATH_MAX + 8], leaf[OUT_PATH_MAX];
    sigset_t old;
    collide_status st = output_make_dirs(dir, err, errlen);
    snprintf(final, sizeof final, "%s/%s", dir, file->name);
    snprintf(leaf, sizeof leaf, "/.%s.tmp.%ld", file->name, (long)getpid());
    npending = 0;
    if (st == COLLIDE_OK && !add_pending(dir, leaf))
        st = io_error(err, errlen, dir, "path too long");
    if (st != COLLIDE_OK)
        return st;
    st = write_file(pending[0], file->write, ctx, err, errlen);
    hold_signals(1, &old);
    if (st == COLLIDE_OK && rename(pending[0], final) != 0)
        st = io_error(err, errlen, final, "cannot rename");
    if (st != COLLIDE_OK)
        output_remove_temporaries();
    npending = 0;
    hold_signals(0, &old);
    if (st == COLLIDE_OK)
        sync_dir(dir);
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
    int mfd = openat(fd, "MANIFEST", O_RDONLY | O_NOFOLLOW), ok;
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
             line[len - 1] == '\n' && !strchr(line + 7, '/');
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

/* Examines the entry name of directory pfd, just moved there (shown as
 * path in messages): replaceable (empty, or a result set whose MANIFEST
 * lists every entry, which mf then holds) or foreign (with a message in
 * err); SET_ERROR when it cannot be read. */
static int examine(int pfd, const char *name, const char *path,
                   manifest *mf, char *err, size_t errlen)
{
    int fd = openat(pfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW);
    int has, kind = SET_REPLACEABLE;
    struct dirent *e;
    DIR *d = NULL;
    if (fd < 0 && (errno == ENOTDIR || errno == ELOOP)) {
        snprintf(err, errlen, "%s: not a directory: refusing to replace it "
                 "with a result set", path);
        return SET_FOREIGN;
    }
    has = fd < 0 ? MF_ERROR : read_manifest(fd, mf);
    if (has != MF_ERROR)
        d = fdopendir(fd);
    if (!d) {
        io_error(err, errlen, path, "cannot read the directory");
        close(fd);   /* -1 (EBADF) when it was not opened */
        return SET_ERROR;
    }
    while (kind == SET_REPLACEABLE && (e = readdir(d)) != NULL) {
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0 ||
            (has == MF_SET && listed(mf, e->d_name)))
            continue;
        snprintf(err, errlen, "%s: not a collide result set (%s%.200s%s): "
                 "refusing to replace it; name a new or empty directory, or "
                 "remove it first", path,
                 has == MF_OTHER ? "its MANIFEST is not that of a result set"
                                 : "it holds '",
                 has == MF_OTHER ? "" : e->d_name,
                 has == MF_OTHER ? "" : has == MF_SET
                     ? "', which its MANIFEST does not list"
                     : "', and no MANIFEST");
        kind = SET_FOREIGN;
    }
    closedir(d);
    return kind;
}

/* Removes the result set at name in pfd: the files mf lists, MANIFEST and
 * the directory (examine has found no other entry); by paths from pfd,
 * so that no call that may fail stands before the removals. */
static void remove_set(int pfd, const char *name, const manifest *mf)
{
    char path[OUT_PATH_MAX];
    int i;
    for (i = 0; i <= mf->n; i++) {
        snprintf(path, sizeof path, "%s/%s", name,
                 i < mf->n ? mf->name[i] : "MANIFEST");
        unlinkat(pfd, path, 0);
    }
    unlinkat(pfd, name, AT_REMOVEDIR);
}

/* Where a set is put: the directory pfd of its parent, the names of the
 * set, of its temporary directory and of the fallback's old set, and the
 * path of the set for messages. */
typedef struct place {
    int pfd;
    const char *path;
    char parent[OUT_PATH_MAX];
    char name[256], tmp[256], old[300];
} place;

/* 1 when renameat2 cannot do what was asked on this kernel or file
 * system. */
static int unsupported(int e)
{
    return e == ENOSYS || e == EINVAL;
}

/* Puts the set at tmp in place of name with renames alone, under an
 * exclusive lock of the parent directory, so that runs that fall back
 * to it take turns. The previous set goes to p->old (kept in mf); 1 when
 * there was one. */
static collide_status swap_locked(place *p, manifest *mf, int *had_old,
                                  char *err, size_t errlen)
{
    collide_status st = COLLIDE_OK;
    int kind = SET_REPLACEABLE;
    *had_old = 0;
    if (flock(p->pfd, LOCK_EX) != 0)
        return io_error(err, errlen, p->path, "cannot lock its parent");
    if (renameat(p->pfd, p->name, p->pfd, p->old) == 0) {
        *had_old = 1;
        kind = examine(p->pfd, p->old, p->path, mf, err, errlen);
    } else if (errno != ENOENT)
        st = io_error(err, errlen, p->path, "cannot rename");
    if (kind == SET_FOREIGN || kind == SET_ERROR)
        st = COLLIDE_E_IO;
    if (st == COLLIDE_OK && renameat(p->pfd, p->tmp, p->pfd, p->name) != 0)
        st = io_error(err, errlen, p->path, "cannot rename");
    if (st != COLLIDE_OK && *had_old)
        renameat(p->pfd, p->old, p->pfd, p->name);
    flock(p->pfd, LOCK_UN);
    return st;
}

/* Puts the set at tmp in place of name: a rename that does not replace,
 * or an exchange of the two directories (atomic: a reader sees the one
 * set or the other); the previous set is then at tmp. Where renameat2
 * cannot do either, swap_locked. The previous set must be replaceable
 * (examine), else it is put back. */
static collide_status swap(place *p, manifest *mf, char *err, size_t errlen)
{
    collide_status st;
    int kind, had_old;
    if (renameat2(p->pfd, p->tmp, p->pfd, p->name, RENAME_NOREPLACE) == 0)
        return COLLIDE_OK;
    if (errno == EEXIST &&
        renameat2(p->pfd, p->tmp, p->pfd, p->name, RENAME_EXCHANGE) == 0) {
        kind = examine(p->pfd, p->tmp, p->path, mf, err, errlen);
        if (kind == SET_REPLACEABLE) {
            remove_set(p->pfd, p->tmp, mf);
            return COLLIDE_OK;
        }
        renameat2(p->pfd, p->tmp, p->pfd, p->name, RENAME_EXCHANGE);
        return COLLIDE_E_IO;
    }
    if (!unsupported(errno))
        return io_error(err, errlen, p->path, "cannot rename");
    st = swap_locked(p, mf, &had_old, err, errlen);
    if (st == COLLIDE_OK && had_old)
        remove_set(p->pfd, p->old, mf);
    return st;
}

/* Splits dir into its parent (created when missing, opened as p->pfd)
 * and its last name; a name of no directory ("", ".", "..", "/") is
 * refused. */
static collide_status open_place(const char *dir, place *p, char *err,
                                 size_t errlen)
{
    size_t n = strlen(dir);
    char *base;
    p->path = dir;
    while (n > 1 && dir[n - 1] == '/')
        n--;
    if (n >= sizeof p->parent) {
        errno = ENAMETOOLONG;
        return io_error(err, errlen, dir, "bad directory name");
    }
    memcpy(p->parent, dir, n);
    p->parent[n] = '\0';
    base = strrchr(p->parent, '/');
    base = base ? base + 1 : p->parent;
    if (*base == '\0' || strcmp(base, ".") == 0 || strcmp(base, "..") == 0 ||
        strlen(base) >= 200) {
        errno = strlen(base) >= 200 ? ENAMETOOLONG : EINVAL;
        return io_error(err, errlen, n ? dir : "\"\"",
                        "cannot hold a result set (name a directory)");
    }
    snprintf(p->name, sizeof p->name, "%.199s", base);
    snprintf(p->tmp, sizeof p->tmp, ".%.199s.tmp-XXXXXX", base);
    if (base == p->parent)
        snprintf(p->parent, sizeof p->parent, "./");
    else
        *base = '\0';   /* the parent with its slash: "a/", "/" */
    if (output_make_dirs(p->parent, err, errlen) != COLLIDE_OK)
        return COLLIDE_E_IO;
    p->pfd = open(p->parent, O_RDONLY | O_DIRECTORY);
    if (p->pfd < 0)
        return io_error(err, errlen, p->parent, "cannot open");
    return COLLIDE_OK;
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
 * fingerprint when noted, and one line per file of the set. */
static int write_manifest(FILE *f, const void *ctx)
{
    const output_file *files = ((const output_file *const *)ctx)[0];
    int i, n = *((const int *const *)ctx)[1];
    fprintf(f, "%s\nversion = collide %s\ncommand = collide", manifest_magic,
            COLLIDE_VERSION);
    for (i = 1; i < note_argc; i++)
        put_word(f, note_argv[i]);
    fputc('\n', f);
    if (note_scenario[0])
        fprintf(f, "scenario = %s\n", note_scenario);
    for (i = 0; i < n; i++)
        fprintf(f, "file = %s\n", files[i].name);
    return 0;
}

/* Writes the files and MANIFEST into a new temporary directory beside
 * the set (p->tmp, then its name). */
static collide_status write_tmp(place *p, const output_file *files, int n,
                                const void *ctx, char *err, size_t errlen)
{
    char tdir[OUT_PATH_MAX + 2];
    const void *mctx[2];
    output_file mfile;
    collide_status st = COLLIDE_OK;
    int i;
    if (!add_pending(p->parent, p->tmp) || !mkdtemp(pending[0])) {
        npending = 0;
        return io_error(err, errlen, p->path, "cannot create its temporary "
                        "directory");
    }
    memcpy(tdir, pending[0], sizeof pending[0]);
    snprintf(p->tmp, sizeof p->tmp, "%.220s", strrchr(tdir, '/') + 1);
    snprintf(p->old, sizeof p->old, "%s.old", p->tmp);
    mfile.name = "MANIFEST";
    mfile.write = write_manifest;
    mctx[0] = files;
    mctx[1] = &n;
    strcat(tdir, "/");
    for (i = 0; i <= n && st == COLLIDE_OK; i++) {
        const output_file *f = i < n ? &files[i] : &mfile;
        if (!add_pending(tdir, f->name))
            st = io_error(err, errlen, p->path, "path too long");
        else
            st = write_file(pending[npending - 1], f->write,
                            i < n ? ctx : (const void *)mctx, err, errlen);
    }
    if (st == COLLIDE_OK)
        sync_dir(tdir);
    return st;
}

collide_status output_write_set(const char *dir, const output_file *files,
                                int n, const void *ctx, char *err,
                                size_t errlen)
{
    place p;
    manifest mf;
    sigset_t old;
    collide_status st = open_place(dir, &p, err, errlen);
    if (st != COLLIDE_OK)
        return st;
    npending = 0;
    st = write_tmp(&p, files, n < OUTPUT_SET_MAX ? n : OUTPUT_SET_MAX, ctx,
                   err, errlen);
    hold_signals(1, &old);
    if (st == COLLIDE_OK)
        st = swap(&p, &mf, err, errlen);
    if (st != COLLIDE_OK)
        output_remove_temporaries();
    npending = 0;
    hold_signals(0, &old);
    if (st == COLLIDE_OK)
        fsync(p.pfd);
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
