/* textbuf.h - text built piece by piece in a fixed buffer, for the
 * diagnoses of failed runs (binary64 and high-precision engines). */
#ifndef COLLIDE_TEXTBUF_H
#define COLLIDE_TEXTBUF_H

#include <stddef.h>

/* Appends what printf's fmt gives to buf (len bytes, of which used are
 * taken, used < len), cut to fit and always terminated; returns the bytes
 * now taken, at most len - 1. */
size_t text_append(char *buf, size_t len, size_t used, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;

#endif
