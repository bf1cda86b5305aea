/* textbuf.c - see textbuf.h. */
#include "textbuf.h"

#include <stdarg.h>
#include <stdio.h>

size_t text_append(char *buf, size_t len, size_t used, const char *fmt, ...)
{
    va_list ap;
    int n;
    if (used + 1 >= len)
        return used;
    va_start(ap, fmt);
    n = vsnprintf(buf + used, len - used, fmt, ap);
    va_end(ap);
    if (n < 0)
        return used;
    return used + (size_t)n < len ? used + (size_t)n : len - 1;
}
