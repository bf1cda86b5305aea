/* clocale.h - the C locale, in which the library reads and writes every
 * number whatever locale the host program set (setlocale, uselocale): a
 * host under de_DE would otherwise have "1.5" read as 1 and 1.5 written
 * as "1,5". The public functions that read or write text switch the
 * calling thread to it on entry and back on exit (clocale_enter,
 * clocale_leave); the number reader uses it directly (strtod_l). */
#ifndef COLLIDE_CLOCALE_H
#define COLLIDE_CLOCALE_H

#include <locale.h>   /* locale_t: POSIX 2008 (_POSIX_C_SOURCE 200809L) */

/* The C locale as a locale object, created once by the first call from
 * any thread (pthread_once); (locale_t)0 when it could not be made. */
locale_t clocale_get(void);

/* Makes the C locale the calling thread's current locale (uselocale)
 * and returns the locale that was current, for clocale_leave; returns
 * (locale_t)0, changing nothing, when the C locale could not be made. */
locale_t clocale_enter(void);

/* Makes prev, a value returned by clocale_enter in this thread, the
 * calling thread's locale again; nothing for (locale_t)0. */
void clocale_leave(locale_t prev);

#endif
