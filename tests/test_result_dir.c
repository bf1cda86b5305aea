/* test_result_dir.c - result directories (output.h): a directory holds
 * exactly one set, MANIFEST and the files it lists, whatever was there
 * before or runs at the same time; a directory that is not a result set
 * is never replaced; a failed write leaves the previous set as it was and
 * nothing beside it. Both ways of putting a set in place are taken: the
 * exchange by renameat2, and the renames under a lock of the parent
 * where renameat2 is missing (this program is linked with renameat2,
 * renameat and flock wrapped, tests/tests.mk, so that it can play a
 * kernel without renameat2, a failing rename or lock, and a directory
 * that appears between two steps). The CSV writer prints a NaN of either
 * sign as "nan". */
#define _GNU_SOURCE

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "check.h"
#include "output.h"
#include "sim_output.h"
#include "sim_fixture.h"

/* ---- the wrapped calls ---- */

static int no_renameat2;      /* renameat2 fails with this errno */
static int fail_openat;       /* the n-th call of openat fails (EMFILE) */
static int fail_renameat;     /* the n-th call of renameat fails (EIO) */
static int fail_flock;        /* flock LOCK_EX fails (ENOLCK) */
static const char *intruder;  /* a file created before an exchange */
static const char *replacer;  /* a directory put in place of the set
                                 before an exchange (a set of its own) */
static int fail_back;         /* the exchange after it fails (EIO) */

int __real_renameat2(int fd1, const char *from, int fd2, const char *to,
                     unsigned flags);
int __real_renameat(int fd1, const char *from, int fd2, const char *to);
int __real_flock(int fd, int op);
int __wrap_renameat2(int fd1, const char *from, int fd2, const char *to,
                     unsigned flags);
int __wrap_renameat(int fd1, const char *from, int fd2, const char *to);
int __wrap_flock(int fd, int op);

int __wrap_renameat2(int fd1, const char *from, int fd2, const char *to,
                     unsigned flags)
{
    if (no_renameat2) {
        errno = no_renameat2;
        return -1;
    }
    if (fail_back && (flags & RENAME_EXCHANGE) && !replacer) {
        fail_back = 0;
        errno = EIO;
        return -1;
    }
    if (replacer && (flags & RENAME_EXCHANGE)) {
        char other[600];
        snprintf(other, sizeof other, "%s.other", replacer);
        if (rename(replacer, other) == 0)
            mkdir(replacer, 0777);
        replacer = NULL;
    }
    if (intruder && (flags & RENAME_EXCHANGE)) {
        FILE *f = fopen(intruder, "w");
        if (f)
            fclose(f);
        intruder = NULL;
    }
    return __real_renameat2(fd1, from, fd2, to, flags);
}

int __wrap_renameat(int fd1, const char *from, int fd2, const char *to)
{
    if (fail_renameat > 0 && --fail_renameat == 0) {
        errno = EIO;
        return -1;
    }
    return __real_renameat(fd1, from, fd2, to);
}

int __real_openat(int fd, const char *path, int flags, ...);
int __wrap_openat(int fd, const char *path, int flags, ...);

int __wrap_openat(int fd, const char *path, int flags, ...)
{
    mode_t mode = 0;
    if (flags & O_CREAT) {
        va_list ap;
        va_start(ap, flags);
        mode = (mode_t)va_arg(ap, int);
        va_end(ap);
    }
    if (fail_openat > 0 && --fail_openat == 0) {
        errno = EMFILE;
        return -1;
    }
    return __real_openat(fd, path, flags, mode);
}

/* ---- a directory swapped for a symbolic link ----
 * With swap_prefix set, the first unlinkat of a file (the removal of the
 * previous set) first moves the entry of base whose name begins with
 * swap_prefix (where the previous set then is) to base/moved and puts a
 * symbolic link to base/victim in its place: the race of an attacker
 * that wins at the worst moment. */
static const char *swap_prefix;
static char swap_base[256];

int __real_unlinkat(int fd, const char *name, int flags);
int __wrap_unlinkat(int fd, const char *name, int flags);

/* Moves base's entry that begins with swap_prefix away and links it to
 * the victim. */
static void swap_for_link(void)
{
    char from[600], to[600];
    struct dirent *e;
    DIR *d = opendir(swap_base);
    while (d && (e = readdir(d)) != NULL) {
        if (strncmp(e->d_name, swap_prefix, strlen(swap_prefix)) != 0)
            continue;
        snprintf(from, sizeof from, "%s/%s", swap_base, e->d_name);
        snprintf(to, sizeof to, "%s/moved", swap_base);
        if (rename(from, to) == 0 && symlink("victim", from) == 0)
            swap_prefix = NULL;
        break;
    }
    if (d)
        closedir(d);
}

int __wrap_unlinkat(int fd, const char *name, int flags)
{
    if (swap_prefix && flags == 0)
        swap_for_link();
    return __real_unlinkat(fd, name, flags);
}

int __wrap_flock(int fd, int op)
{
    if (fail_flock && op == LOCK_EX) {
        errno = ENOLCK;
        return -1;
    }
    return __real_flock(fd, op);
}

/* ---- sets of small files ---- */

static char base[256];
/* The session of the writes (output.h): the inputs, the command line. */
static output_session *session;

static int write_tag(FILE *f, const void *ctx)
{
    fprintf(f, "%s\n", (const char *)ctx);
    return 0;
}

static int write_fails(FILE *f, const void *ctx)
{
    (void)f;
    (void)ctx;
    errno = ENOSPC;
    return -1;
}

static const output_file set_a[] = {
    {"a1.csv", write_tag}, {"a2.csv", write_tag}, {"a3.csv", write_tag}};
static const output_file set_b[] = {{"b1.csv", write_tag}};
static const output_file set_bad[] = {
    {"c1.csv", write_tag}, {"c2.csv", write_fails}};

/* The entries of dir, sorted and joined by spaces ("-" when it does not
 * exist). */
static const char *entries(const char *dir)
{
    static char buf[1024];
    char names[32][64];
    int n = 0, i, j;
    struct dirent *e;
    DIR *d = opendir(dir);
    if (!d)
        return "-";
    while ((e = readdir(d)) != NULL && n < 32)
        if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0)
            snprintf(names[n++], sizeof names[0], "%.63s", e->d_name);
    closedir(d);
    for (i = 1; i < n; i++)
        for (j = i; j > 0 && strcmp(names[j - 1], names[j]) > 0; j--) {
            char t[64];
            memcpy(t, names[j], sizeof t);
            memcpy(names[j], names[j - 1], sizeof t);
            memcpy(names[j - 1], t, sizeof t);
        }
    buf[0] = '\0';
    for (i = 0; i < n; i++)
        snprintf(buf + strlen(buf), sizeof buf - strlen(buf), "%s%s",
                 i ? " " : "", names[i]);
    return buf;
}

static char path_buf[16][512];
static int path_next;

/* base/name, in one of 16 rotating buffers. */
static const char *at(const char *name)
{
    char *p = path_buf[path_next++ % 16];
    snprintf(p, sizeof path_buf[0], "%s/%s", base, name);
    return p;
}

/* The first line of a file ("" when it cannot be read). */
static const char *first_line(const char *path)
{
    static char line[256];
    FILE *f = fopen(path, "r");
    line[0] = '\0';
    if (f) {
        if (!fgets(line, sizeof line, f))
            line[0] = '\0';
        fclose(f);
    }
    line[strcspn(line, "\n")] = '\0';
    return line;
}

static void put_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    if (f) {
        fputs(text, f);
        fclose(f);
    }
}

/* Writes a set; 1 when the status is want. */
static int write_set(const char *dir, const output_file *files, int n,
                     const char *tag, collide_status want, char *err)
{
    collide_status st = output_write_set(session, NULL, dir, files, n, tag,
                                         err, 512);
    if (getenv("DEBUG_SET"))
        fprintf(stderr, "%s: %d: %s\n", dir, st, st ? err : "");
    return st == want;
}

/* The replacement of one set by another, the refusals and the failures,
 * with the way of putting in place chosen by the wrappers' flags. */
static void replacements(const char *how)
{
    char err[512], name[128];
    char k[512];
    snprintf(k, sizeof k, "%s", at("k"));
    snprintf(name, sizeof name, "%s: a new directory holds the set", how);
    check_true(write_set(k, set_a, 3, "A", COLLIDE_OK, err) &&
               strcmp(entries(k), "MANIFEST a1.csv a2.csv a3.csv") == 0 &&
               strcmp(first_line(at("k/a2.csv")), "A") == 0, name);
    snprintf(name, sizeof name, "%s: another set replaces all of it", how);
    check_true(write_set(k, set_b, 1, "B", COLLIDE_OK, err) &&
               strcmp(entries(k), "MANIFEST b1.csv") == 0 &&
               strcmp(entries(base), "k") == 0, name);
    snprintf(name, sizeof name, "%s: a failed write leaves the set as it "
             "was, nothing beside it", how);
    check_true(write_set(k, set_bad, 2, "C", COLLIDE_E_IO, err) &&
               strcmp(entries(k), "MANIFEST b1.csv") == 0 &&
               strcmp(first_line(at("k/b1.csv")), "B") == 0 &&
               strcmp(entries(base), "k") == 0 && strstr(err, "c2.csv"), name);
    put_file(at("k/mine.txt"), "mine\n");
    snprintf(name, sizeof name, "%s: a file MANIFEST does not list: "
             "refused, kept", how);
    check_true(write_set(k, set_a, 3, "A", COLLIDE_E_IO, err) &&
               strcmp(entries(k), "MANIFEST b1.csv mine.txt") == 0 &&
               strstr(err, "'mine.txt', which its MANIFEST does not list") &&
               strcmp(entries(base), "k") == 0, name);
    unlink(at("k/MANIFEST"));
    unlink(at("k/b1.csv"));
    snprintf(name, sizeof name, "%s: a directory of other files: refused, "
             "kept", how);
    check_true(write_set(k, set_a, 3, "A", COLLIDE_E_IO, err) &&
               strcmp(entries(k), "mine.txt") == 0 &&
               strstr(err, "not a collide result set (it holds 'mine.txt', "
                      "and no MANIFEST)") && strcmp(entries(base), "k") == 0,
               name);
    unlink(at("k/mine.txt"));
    snprintf(name, sizeof name, "%s: an empty directory is replaced", how);
    check_true(write_set(k, set_b, 1, "B", COLLIDE_OK, err) &&
               strcmp(entries(k), "MANIFEST b1.csv") == 0, name);
    rmdir(at("f"));
    put_file(at("f"), "a file\n");
    snprintf(name, sizeof name, "%s: a file in the place of the set: "
             "refused, kept", how);
    check_true(write_set(at("f"), set_b, 1, "B", COLLIDE_E_IO, err) &&
               strcmp(first_line(at("f")), "a file") == 0 &&
               strstr(err, "f: not a directory") &&
               strcmp(entries(base), "f k") == 0, name);
    unlink(at("f"));
}

/* MANIFEST files that do not make a result set. */
static void bad_manifests(void)
{
    static const char *const text[] = {
        "# collide result set\nfile = a-name-of-more-than-sixty-four-"
        "bytes-is-no-file-of-any-set-that-collide-writes.csv\n"
        "file = b1.csv\n",
        "# not a set\nfile = b1.csv\n",
        "# collide result set\nfile = ../b1.csv\n",
        "# collide result set\nfile = \n",
        "# collide result set\nfile = b1.csv",
        "",
    };
    char err[512], name[128], many[2048];
    char k[512];
    snprintf(k, sizeof k, "%s", at("m"));
    int i;
    for (i = 0; i < 6; i++) {
        check_true(write_set(k, set_b, 1, "B", COLLIDE_OK, err),
                   "a set to spoil");
        put_file(at("m/MANIFEST"), text[i]);
        snprintf(name, sizeof name, "MANIFEST %d of 6 not a set's: refused, "
                 "kept", i + 1);
        check_true(write_set(k, set_a, 3, "A", COLLIDE_E_IO, err) &&
                   strcmp(entries(k), "MANIFEST b1.csv") == 0 &&
                   strstr(err, "its MANIFEST is not that of a result set"),
                   name);
        put_file(at("m/MANIFEST"), "# collide result set\nfile = b1.csv\n");
    }
    strcpy(many, "# collide result set\n");
    for (i = 0; i <= OUTPUT_SET_MAX; i++)
        snprintf(many + strlen(many), sizeof many - strlen(many),
                 "file = f%d\n", i);
    put_file(at("m/MANIFEST"), many);
    check_true(write_set(k, set_a, 3, "A", COLLIDE_E_IO, err) &&
               strcmp(entries(k), "MANIFEST b1.csv") == 0 &&
               strstr(err, "its MANIFEST is not that of a result set"),
               "a MANIFEST of more files than a set has: refused, kept");
    put_file(at("m/MANIFEST"), "# collide result set\nversion = x\n"
             "file = b1.csv\n");
    check_true(write_set(k, set_a, 3, "A", COLLIDE_OK, err) &&
               strcmp(entries(k), "MANIFEST a1.csv a2.csv a3.csv") == 0,
               "other lines of MANIFEST are not files: replaced");
    chmod(at("m/MANIFEST"), 0);
    if (geteuid() != 0)
        check_true(write_set(k, set_b, 1, "B", COLLIDE_E_IO, err) &&
                   strstr(err, "cannot read the directory"),
                   "a MANIFEST that cannot be read: an error, kept");
    chmod(at("m/MANIFEST"), 0644);
}

/* 1 when the entries e (entries) are one name of n's: nothing beside it. */
static int only_n(const char *e)
{
    return e[0] == 'n' && !strchr(e, ' ');
}

/* The names of no directory, and a name too long. */
static void bad_names(void)
{
    static const char *const dirs[] = {"", ".", "..", "/", "a/..", "x/."};
    char err[512], name[128], longname[800], cmd[900];
    int i;
    for (i = 0; i < 6; i++) {
        snprintf(name, sizeof name, "--csv '%s': cannot hold a set", dirs[i]);
        check_true(write_set(dirs[i], set_b, 1, "B", COLLIDE_E_IO, err) &&
                   strstr(err, "cannot hold a result set"), name);
    }
    for (i = 200; i <= 256; i += 28) {
        int len = i == 256 ? 255 : i;
        snprintf(longname, sizeof longname, "%s/", at("long"));
        memset(longname + strlen(longname), 'n', (size_t)len);
        longname[strlen(at("long")) + 1 + (size_t)len] = '\0';
        snprintf(name, sizeof name, "a last name of %d bytes: a set, its "
                 "temporary's name shortened, nothing left beside it", len);
        check_true(write_set(longname, set_b, 1, "B", COLLIDE_OK, err) &&
                   write_set(longname, set_a, 3, "A", COLLIDE_OK, err) &&
                   strcmp(entries(longname),
                          "MANIFEST a1.csv a2.csv a3.csv") == 0 &&
                   only_n(entries(at("long"))), name);
        no_renameat2 = ENOSYS;
        snprintf(name, sizeof name, "a last name of %d bytes without "
                 "renameat2: replaced, nothing left beside it", len);
        check_true(write_set(longname, set_b, 1, "B", COLLIDE_OK, err) &&
                   strcmp(entries(longname), "MANIFEST b1.csv") == 0 &&
                   only_n(entries(at("long"))), name);
        no_renameat2 = 0;
        snprintf(cmd, sizeof cmd, "rm -rf '%s'", at("long"));
        if (system(cmd) != 0)
            return;
    }
    snprintf(longname, sizeof longname, "%s/", at("long"));
    memset(longname + strlen(longname), 'n', 256);
    longname[strlen(at("long")) + 1 + 256] = '\0';
    check_true(write_set(longname, set_b, 1, "B", COLLIDE_E_IO, err) &&
               strstr(err, "name too long: 256 bytes, limit 255"),
               "a last name of 256 bytes: refused, saying so");
    {
        static char huge[5000];
        size_t n = strlen(at("huge"));
        memcpy(huge, at("huge"), n);
        memset(huge + n, 'a', 4999 - n);
        huge[4999] = '\0';
        check_true(write_set(huge, set_b, 1, "B", COLLIDE_E_IO, err),
                   "a path of 4999 bytes: refused");
    }
    put_file(at("plain"), "x\n");
    check_true(write_set(at("plain/sub"), set_b, 1, "B", COLLIDE_E_IO, err) &&
               strstr(err, "plain/: not a directory"),
               "a set below a file: refused naming the file");
    check_true(write_set(at("new/deeper/s"), set_b, 1, "B", COLLIDE_OK, err) &&
               strcmp(entries(at("new/deeper/s")), "MANIFEST b1.csv") == 0,
               "missing parents are created");
    check_true(write_set(at("new/deeper/s/"), set_a, 3, "A", COLLIDE_OK, err) &&
               strcmp(entries(at("new/deeper/s")),
                      "MANIFEST a1.csv a2.csv a3.csv") == 0,
               "a trailing slash names the same set");
}

/* Failures of the steps of the renames without renameat2. */
static void fallback_failures(void)
{
    char err[512];
    char k[512];
    snprintf(k, sizeof k, "%s", at("k"));
    no_renameat2 = ENOSYS;
    fail_flock = 1;
    check_true(write_set(k, set_a, 3, "A", COLLIDE_E_IO, err) &&
               strstr(err, "cannot lock its parent") &&
               strcmp(entries(k), "MANIFEST b1.csv") == 0 &&
               strcmp(entries(base), "k") == 0,
               "without renameat2, the lock fails: an error, the set kept");
    fail_flock = 0;
    fail_renameat = 1;
    check_true(write_set(k, set_a, 3, "A", COLLIDE_E_IO, err) &&
               strstr(err, "cannot rename") &&
               strcmp(entries(k), "MANIFEST b1.csv") == 0 &&
               strcmp(entries(base), "k") == 0,
               "without renameat2, moving the old set fails: the set kept");
    fail_renameat = 2;
    check_true(write_set(k, set_a, 3, "A", COLLIDE_E_IO, err) &&
               strstr(err, "cannot rename") &&
               strcmp(entries(k), "MANIFEST b1.csv") == 0 &&
               strcmp(entries(base), "k") == 0,
               "without renameat2, moving the new set fails: the old put back");
    fail_renameat = 0;
    no_renameat2 = 0;
}

/* A directory of other files appears between the check and the
 * exchange: the exchange is undone. */
static void intrusion(void)
{
    char err[512];
    char k[512];
    snprintf(k, sizeof k, "%s", at("k"));
    intruder = at("k/intruder.txt");
    check_true(write_set(k, set_a, 3, "A", COLLIDE_E_IO, err) &&
               strcmp(entries(k), "MANIFEST b1.csv intruder.txt") == 0 &&
               strcmp(entries(base), "k") == 0,
               "a file that appears before the exchange: undone, refused");
    unlink(at("k/intruder.txt"));
}

/* Another directory put in place of the set between its examination and
 * the exchange, and the exchange back failing: an error, the set written
 * not passed off as in place, the other directory not removed. */
static void replaced_and_stuck(void)
{
    char err[512], cmd[2000];
    char k[512];
    snprintf(k, sizeof k, "%s", at("r"));
    check_true(write_set(k, set_b, 1, "B", COLLIDE_OK, err), "a set to replace");
    replacer = k;
    fail_back = 1;
    check_true(write_set(k, set_a, 3, "A", COLLIDE_E_IO, err) &&
               strstr(err, "cannot put it back"),
               "the set replaced by another directory before the exchange, "
               "the exchange back failing: an error, nothing passed off");
    replacer = NULL;
    fail_back = 0;
    check_true(strcmp(entries(at("r.other")), "MANIFEST b1.csv") == 0,
               "the set moved aside by another is not removed");
    snprintf(cmd, sizeof cmd, "rm -rf '%s' '%s.other' '%s'/.r.tmp-*", k, k,
             base);
    if (system(cmd) != 0)
        return;
}

/* A directory that cannot be opened or whose MANIFEST cannot be read
 * (openat fails): an error, the set kept; also without renameat2. */
static void unreadable(void)
{
    char err[512], k[512];
    int way, call;
    snprintf(k, sizeof k, "%s", at("k"));
    for (way = 0; way < 2; way++)
        for (call = 1; call <= 2; call++) {
            char name[160];
            no_renameat2 = way ? ENOSYS : 0;
            fail_openat = call;
            snprintf(name, sizeof name, "%s: openat %d of the old set fails "
                     "(%s): an error, the set kept", way ? "without renameat2"
                     : "exchange", call, call == 1 ? "the directory"
                     : "its MANIFEST");
            check_true(write_set(k, set_a, 3, "A", COLLIDE_E_IO, err) &&
                       strstr(err, "cannot read the directory: Too many open "
                              "files") &&
                       strcmp(entries(k), "MANIFEST b1.csv") == 0 &&
                       strcmp(entries(base), "k") == 0, name);
            fail_openat = 0;
        }
    no_renameat2 = 0;
}

/* renameat2 failing otherwise: EINVAL (a file system without the flags)
 * takes the renames; another error is one. */
static void renameat2_errors(void)
{
    char err[512], k[512];
    snprintf(k, sizeof k, "%s", at("k"));
    no_renameat2 = EINVAL;
    check_true(write_set(k, set_a, 3, "A", COLLIDE_OK, err) &&
               strcmp(entries(k), "MANIFEST a1.csv a2.csv a3.csv") == 0 &&
               strcmp(entries(base), "k") == 0,
               "renameat2 fails with EINVAL: the renames put the set");
    no_renameat2 = EIO;
    check_true(write_set(k, set_b, 1, "B", COLLIDE_E_IO, err) &&
               strstr(err, "cannot rename: Input/output error") &&
               strcmp(entries(k), "MANIFEST a1.csv a2.csv a3.csv") == 0 &&
               strcmp(entries(base), "k") == 0,
               "renameat2 fails with EIO: an error, the set kept");
    no_renameat2 = 0;
    check_true(write_set(k, set_b, 1, "B", COLLIDE_OK, err),
               "then the set replaced");
}

/* Symbolic links: a set's name that is one, a MANIFEST that is one. */
static void links(void)
{
    char err[512], k[512];
    snprintf(k, sizeof k, "%s", at("k"));
    mkdir(at("real"), 0777);
    if (symlink("real", at("link")) != 0)
        return;
    check_true(write_set(at("link"), set_b, 1, "B", COLLIDE_E_IO, err) &&
               strstr(err, "link: not a directory") &&
               strcmp(entries(at("real")), "") == 0,
               "a symbolic link in the place of the set: refused, kept");
    unlink(at("link"));
    rmdir(at("real"));
    rename(at("k/MANIFEST"), at("k/M2"));
    if (symlink("M2", at("k/MANIFEST")) != 0)
        return;
    check_true(write_set(k, set_a, 3, "A", COLLIDE_E_IO, err) &&
               strstr(err, "cannot read the directory") &&
               strcmp(entries(k), "M2 MANIFEST b1.csv") == 0,
               "a MANIFEST that is a symbolic link: not read, the set kept");
    unlink(at("k/MANIFEST"));
    rename(at("k/M2"), at("k/MANIFEST"));
}

/* The command in MANIFEST: words quoted as the shell reads them. */
static void command_line(void)
{
    static char *const argv[] = {"/some/where/collide", "run", "", "it's",
                                 "a b", "del\177\t", "plain-1.5,x=y", NULL};
    char err[512], line[256] = "";
    FILE *f;
    output_session_note_command(session, 7, argv);
    check_true(write_set(at("cmd"), set_b, 1, "B", COLLIDE_OK, err),
               "a set with a command of odd words");
    f = fopen(at("cmd/MANIFEST"), "r");
    while (f && fgets(line, sizeof line, f) && strncmp(line, "command", 7))
        ;
    if (f)
        fclose(f);
    check_true(strcmp(line, "command = collide run '' 'it'\\''s' 'a b' "
                      "'del?" "?' plain-1.5,x=y\n") == 0,
               "MANIFEST: the command with quoted words, control "
               "characters as ?");
    output_session_note_command(session, 0, NULL);
}

/* path of base, then directories, exactly len bytes long (created). */
static void long_dir(char *path, size_t len)
{
    char err[512];
    size_t n = strlen(base);
    memcpy(path, base, n);
    while (len - n > 250) {
        path[n] = '/';
        memset(path + n + 1, 'd', 199);
        n += 200;
    }
    path[n] = '/';
    memset(path + n + 1, 'e', len - n - 1);
    path[len] = '\0';
    output_make_dirs(path, err, sizeof err);
}

/* Long paths: every step works relative to the open parent, so a set or
 * a file whose temporary's full path would pass PATH_MAX is written;
 * a path that does not fit Linux's limits is refused saying so. */
static void long_paths(void)
{
    static char dir[4200], set[4300], huge[4500];
    char err[512];
    output_file one = {"b1.csv", write_tag};
    long_dir(dir, 4085);
    snprintf(set, sizeof set, "%s/x", dir);
    check_true(strlen(dir) == 4085 &&
               write_set(set, set_b, 1, "B", COLLIDE_OK, err) &&
               strcmp(entries(dir), "x") == 0,
               "a set whose temporary's path passes PATH_MAX: written");
    check_true(output_write_file(session, dir, &one, "B", err, sizeof err) ==
               COLLIDE_OK && strcmp(entries(dir), "b1.csv x") == 0,
               "a single file whose temporary's path passes PATH_MAX: "
               "written, no temporary left");
    memset(huge, 'p', 4400);
    huge[4400] = '\0';
    check_true(write_set(huge, set_b, 1, "B", COLLIDE_E_IO, err) &&
               strstr(err, "path too long: 4400 bytes, limit 4095"),
               "a path of 4400 bytes: refused, saying so with its length");
    check_true(output_write_file(session, at("single"), &one, "S", err,
                                 sizeof err) ==
               COLLIDE_OK && strcmp(entries(at("single")), "b1.csv") == 0 &&
               strcmp(first_line(at("single/b1.csv")), "S") == 0,
               "a single file written, no temporary left");
}

/* Two processes write sets into one directory at once, rounds times:
 * afterwards it holds one whole set. */
static int concurrent(int rounds)
{
    char err[512];
    char k[512];
    snprintf(k, sizeof k, "%s", at("c"));
    int r, mixed = 0;
    for (r = 0; r < rounds; r++) {
        pid_t p = fork();
        int status;
        const char *e;
        if (p == 0)
            _exit(output_write_set(session, NULL, k, set_a, 3, "A", err,
                                   sizeof err) ? 1 : 0);
        status = output_write_set(session, NULL, k, set_b, 1, "B", err,
                                  sizeof err);
        waitpid(p, &status, 0);
        e = entries(k);
        mixed += strcmp(e, "MANIFEST a1.csv a2.csv a3.csv") != 0 &&
                 strcmp(e, "MANIFEST b1.csv") != 0;
    }
    return mixed;
}

/* The previous set's directory swapped for a symbolic link to another
 * directory just before its files are removed (both ways of putting a
 * set in place): nothing in the link's target is deleted. */
static void swapped_link(void)
{
    char err[512], name[160], cmd[2000];
    int way;
    snprintf(swap_base, sizeof swap_base, "%s", base);
    for (way = 0; way < 2; way++) {
        int r;
        mkdir(at("victim"), 0777);
        put_file(at("victim/b1.csv"), "victim\n");
        put_file(at("victim/MANIFEST"), "# collide result set\nfile = b1.csv\n");
        no_renameat2 = way ? ENOSYS : 0;
        r = write_set(at("w"), set_b, 1, "B", COLLIDE_OK, err);
        swap_prefix = ".w.tmp-";
        r = r && write_set(at("w"), set_a, 3, "A", COLLIDE_OK, err);
        snprintf(name, sizeof name, "%s: the old set swapped for a link "
                 "before its removal: the link's target untouched",
                 way ? "without renameat2" : "exchange");
        check_true(r && swap_prefix == NULL &&
                   strcmp(entries(at("victim")), "MANIFEST b1.csv") == 0 &&
                   strcmp(first_line(at("victim/b1.csv")), "victim") == 0 &&
                   strcmp(entries(at("w")), "MANIFEST a1.csv a2.csv a3.csv")
                       == 0, name);
        swap_prefix = NULL;
        no_renameat2 = 0;
        snprintf(cmd, sizeof cmd, "rm -rf '%s' '%s' '%s'/.w.tmp-*",
                 at("victim"), at("moved"), base);
        if (system(cmd) != 0)
            return;
    }
}

static int write_gives_up(FILE *f, const void *ctx)
{
    (void)ctx;
    fputs("half", f);
    errno = 0;
    return 1;
}

static int write_kilobytes(FILE *f, const void *ctx)
{
    int i;
    (void)ctx;
    for (i = 0; i < 1000; i++)
        fputs("0123456789", f);
    return ferror(f) ? -1 : 0;
}

/* A writer that gives up without an error number is named as such; a
 * file over the size limit (ulimit -f) is an error "File too large",
 * not the end of the process. */
static void writer_failures(void)
{
    static const output_file gives_up[] = {{"g.csv", write_gives_up}};
    static const output_file big[] = {{"big.csv", write_kilobytes}};
    char err[512];
    int status;
    pid_t p;
    check_true(output_write_file(session, at("gu"), gives_up, NULL, err,
                                 sizeof err) ==
               COLLIDE_E_IO && strstr(err, "g.csv: its writer gave up") &&
               !strstr(err, "Input/output error") &&
               strcmp(entries(at("gu")), "") == 0,
               "a file whose writer gives up: said so, nothing left");
    check_true(write_set(at("gs"), gives_up, 1, NULL, COLLIDE_E_IO, err) &&
               strstr(err, "its writer gave up") &&
               strcmp(entries(base), "gs") != 0,
               "a set whose writer gives up: said so");
    p = fork();
    if (p == 0) {
        struct rlimit lim = {4096, 4096};
        setrlimit(RLIMIT_FSIZE, &lim);
        _exit(write_set(at("fs"), big, 1, NULL, COLLIDE_E_IO, err) &&
              strstr(err, "big.csv: cannot write: File too large") &&
              output_write_file(session, at("ff"), big, NULL, err,
                                sizeof err) ==
                  COLLIDE_E_IO && strstr(err, "File too large") ? 0 : 1);
    }
    waitpid(p, &status, 0);
    check_true(WIFEXITED(status) && WEXITSTATUS(status) == 0 &&
               strcmp(entries(at("ff")), "") == 0,
               "over the file size limit: 'File too large', nothing left");
}

/* Outputs onto inputs: a file that is one (or links to one) is refused,
 * and so is a set that holds one. */
static void inputs(void)
{
    static const output_file in_file[] = {{"in.csv", write_tag}};
    char err[512];
    put_file(at("in.csv"), "input\n");
    symlink("in.csv", at("to-in.csv"));
    output_session_note_input(session, at("in.csv"));
    check_true(output_write_file(session, base, in_file, "X", err,
                                 sizeof err) ==
               COLLIDE_E_USAGE && strstr(err, "an input of this command") &&
               strcmp(first_line(at("in.csv")), "input") == 0,
               "a file that is an input: refused, kept");
    check_true(write_set(at("is"), set_b, 1, "B", COLLIDE_OK, err),
               "a set to hold an input");
    output_session_note_input(session, at("is/b1.csv"));
    check_true(write_set(at("is"), set_a, 3, "A", COLLIDE_E_IO, err) &&
               strstr(err, "the input") &&
               strcmp(entries(at("is")), "MANIFEST b1.csv") == 0,
               "a set that holds an input: refused, kept");
    check_true(output_write_file(NULL, base, in_file, "X", err,
                                 sizeof err) == COLLIDE_OK &&
               strcmp(first_line(at("in.csv")), "X") == 0,
               "a write without the session: the session's inputs are not "
               "its own");
    put_file(at("in.csv"), "input\n");
    output_session_forget_inputs(session);
    check_true(write_set(at("is"), set_a, 3, "A", COLLIDE_OK, err),
               "inputs forgotten: the set replaced");
    unlink(at("in.csv"));
    unlink(at("to-in.csv"));
}

/* Temporaries of single files left by a killed writer: removed at the
 * next write into the directory once unchanged for a while; a fresh one
 * is kept. */
static void stale_files(void)
{
    static const output_file one[] = {{"one.csv", write_tag}};
    struct timespec old[2] = {{1000000000, 0}, {1000000000, 0}};
    char err[512];
    mkdir(at("st"), 0777);
    put_file(at("st/.one.csv.collide-tmp-abc123"), "half");
    put_file(at("st/.one.csv.collide-tmp-new123"), "half");
    put_file(at("st/.one.csv.tmp-abc123"), "not a temporary of a file");
    utimensat(AT_FDCWD, at("st/.one.csv.collide-tmp-abc123"), old, 0);
    utimensat(AT_FDCWD, at("st/.one.csv.tmp-abc123"), old, 0);
    check_true(output_write_file(session, at("st"), one, "S", err,
                                 sizeof err) ==
               COLLIDE_OK && strcmp(entries(at("st")),
                   ".one.csv.collide-tmp-new123 .one.csv.tmp-abc123 "
                   "one.csv") == 0,
               "a stale temporary of a file removed, a fresh one and "
               "another file kept");
}

/* Another process keeps creating files in a directory while sets are
 * written onto it, rounds times (both ways of putting a set in place):
 * every write is refused, none of its files leaves the directory, and no
 * temporary is left beside it. */
static void busy_directory(int rounds)
{
    char err[512], name[160], path[2000];
    int way, r, refused, made, kept, status;
    for (way = 0; way < 2; way++) {
        pid_t p;
        mkdir(at("busy"), 0777);
        put_file(at("busy/first"), "x\n");
        p = fork();
        if (p == 0) {
            int i;
            for (i = 0; i < 50000 && access(at("stop"), F_OK) != 0; i++) {
                snprintf(path, sizeof path, "%s/f%d", at("busy"), i);
                put_file(path, "x\n");
            }
            snprintf(path, sizeof path, "%d\n", i);
            put_file(at("made"), path);
            _exit(0);
        }
        for (r = 0; r < 5000 && access(at("busy/f0"), F_OK) != 0; r++)
            usleep(1000);   /* the other process has begun */
        no_renameat2 = way ? ENOSYS : 0;
        for (r = refused = 0; r < rounds; r++)
            refused += write_set(at("busy"), set_a, 3, "A", COLLIDE_E_IO, err);
        no_renameat2 = 0;
        put_file(at("stop"), "");
        waitpid(p, &status, 0);
        made = atoi(first_line(at("made")));
        kept = 0;
        for (r = 0; r < made; r++) {
            snprintf(path, sizeof path, "%s/f%d", at("busy"), r);
            kept += access(path, F_OK) == 0;
        }
        snprintf(name, sizeof name, "%s: %d writes onto a directory another "
                 "process fills: %d refused, %d of its %d files kept, no "
                 "temporary", way ? "without renameat2" : "exchange", rounds,
                 refused, kept, made);
        check_true(refused == rounds && kept == made && made > 0 &&
                   access(at("busy/first"), F_OK) == 0 &&
                   !strstr(entries(base), ".busy.tmp-"), name);
        snprintf(path, sizeof path, "rm -rf '%s' '%s' '%s'", at("busy"),
                 at("stop"), at("made"));
        if (system(path) != 0)
            return;
    }
}

/* A NaN of either sign in the tables is "nan", never "-nan". */
static void nan_cells(void)
{
    static scenario s;
    sim_result r;
    char err[512], line[4096];
    FILE *f;
    int minus = 0, plain = 0;
    fixture_run("hertz", NULL, &s, &r);
    r.collisions[0].e = -NAN;
    r.collisions[0].t_f = NAN;
    r.samples[1].y[0] = -NAN;
    check_true(sim_output_write_csv(session, NULL, at("nan"), &s.model, &r,
                                    err, sizeof err) ==
               COLLIDE_OK, "a run with NaN cells written");
    f = fopen(at("nan/collisions.csv"), "r");
    while (f && fgets(line, sizeof line, f)) {
        minus += strstr(line, "-nan") != NULL;
        plain += strstr(line, ",nan,") != NULL;
    }
    if (f)
        fclose(f);
    f = fopen(at("nan/samples.csv"), "r");
    while (f && fgets(line, sizeof line, f))
        minus += strstr(line, "-nan") != NULL;
    if (f)
        fclose(f);
    check_true(minus == 0 && plain == 1, "-NaN and NaN are written nan");
    sim_result_free(&r);
}

int main(void)
{
    const char *tmp = getenv("TMPDIR");
    char name[128];
    int mixed;
    snprintf(base, sizeof base, "%s/test_result_dir-XXXXXX",
             tmp && *tmp ? tmp : "/tmp");
    session = output_session_new();
    if (!mkdtemp(base) || !session)
        return 2;
    replacements("exchange");
    no_renameat2 = ENOSYS;
    {
        char cmd[600];
        snprintf(cmd, sizeof cmd, "rm -rf '%s/k'", base);
        if (system(cmd) != 0)
            return 2;
    }
    replacements("renames under a lock");
    no_renameat2 = 0;
    fallback_failures();
    unreadable();
    renameat2_errors();
    links();
    intrusion();
    replaced_and_stuck();
    command_line();
    long_paths();
    bad_manifests();
    bad_names();
    swapped_link();
    busy_directory(1000);
    writer_failures();
    inputs();
    stale_files();
    nan_cells();
    mixed = concurrent(100);
    snprintf(name, sizeof name, "two writers at once, 100 rounds: %d mixed",
             mixed);
    check_true(mixed == 0, name);
    no_renameat2 = ENOSYS;
    mixed = concurrent(100);
    snprintf(name, sizeof name, "two writers at once without renameat2, 100 "
             "rounds: %d mixed", mixed);
    check_true(mixed == 0, name);
    no_renameat2 = 0;
    {
        char cmd[600];
        snprintf(cmd, sizeof cmd, "rm -rf '%s'", base);
        if (system(cmd) != 0)
            return 2;
    }
    output_session_free(session);
    return check_summary("test_result_dir");
}
