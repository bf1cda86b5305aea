/* textfile.c - a text file read whole into memory; see textfile.h. */
#include "textfile.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CHUNK_FIRST ((size_t)1 << 16)   /* the first buffer, bytes */

/* Grows *buf (of *cap bytes) to hold more, doubling it, never beyond
 * max + 2 bytes (enough to see that a file is larger than max); 0 when
 * out of memory. */
static int grow(char **buf, size_t *cap, size_t max)
{
    size_t n = *cap ? 2 * *cap : CHUNK_FIRST;
    char *p;
    if (n < *cap || n > max + 2)
        n = max + 2;
    p = realloc(*buf, n);
    if (!p)
        return 0;
    *buf = p;
    *cap = n;
    return 1;
}

/* Reads f into *buf until its end or past max bytes; 0, or the errno of
 * the failure (ENOMEM when out of memory). *n gets the bytes read. */
static int read_all(FILE *f, size_t max, char **buf, size_t *n)
{
    size_t cap = 0, k = 1;
    *buf = NULL;
    *n = 0;
    errno = 0;
    while (k > 0 && *n <= max) {
        if (*n + 1 >= cap && !grow(buf, &cap, max))
            return ENOMEM;
        k = fread(*buf + *n, 1, cap - *n - 1, f);
        *n += k;
    }
    return ferror(f) ? (errno ? errno : EIO) : 0;
}

collide_status text_file_read(const char *path, size_t max, const char *hint,
                              char **text, size_t *len, char *err,
                              size_t errlen)
{
    FILE *f = fopen(path, "rb");
    char *buf;
    size_t n;
    int e;
    *text = NULL;
    if (!f) {
        snprintf(err, errlen, "%s: cannot open: %s%s", path, strerror(errno),
                 hint ? hint : "");
        return COLLIDE_E_INPUT;
    }
    e = read_all(f, max, &buf, &n);
    fclose(f);
    if (e == 0 && n > max)
        snprintf(err, errlen, "%s: file too large: larger than %lu bytes",
                 path, (unsigned long)max);
    else if (e == ENOMEM)
        snprintf(err, errlen, "%s: out of memory", path);
    else if (e != 0)
        snprintf(err, errlen, "%s: cannot read: %s", path, strerror(e));
    if (e != 0 || n > max) {
        free(buf);
        return e == ENOMEM ? COLLIDE_E_MEMORY : COLLIDE_E_INPUT;
    }
    buf[n] = '\0';
    *text = buf;
    *len = n;
    return COLLIDE_OK;
}
