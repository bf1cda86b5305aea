/* clocale.c - the C locale of the library's numbers; see clocale.h. */
#define _POSIX_C_SOURCE 200809L
#include "clocale.h"

#include <pthread.h>

static pthread_once_t c_once = PTHREAD_ONCE_INIT;
static locale_t c_locale;

/* Creates the C locale object (run once, by pthread_once). */
static void make_c_locale(void)
{
    c_locale = newlocale(LC_ALL_MASK, "C", (locale_t)0);
}

locale_t clocale_get(void)
{
    pthread_once(&c_once, make_c_locale);
    return c_locale;
}

locale_t clocale_enter(void)
{
    locale_t c = clocale_get();
    return c ? uselocale(c) : (locale_t)0;
}

void clocale_leave(locale_t prev)
{
    if (prev)
        uselocale(prev);
}
