/* law_check.c - see law_check.h. */
#include "law_check.h"

#include "finite.h"

int check_positive(double x)
{
    return finite_double(x) && x > 0.0;
}

int check_nonnegative(double x)
{
    return finite_double(x) && x >= 0.0;
}

int check_open_unit(double x)
{
    return finite_double(x) && x > 0.0 && x < 1.0;
}

int check_exponent(double x)
{
    return finite_double(x) && x >= 1.0;
}

int check_symmetric(double g, double b)
{
    return finite_double(g) && g >= -b && g <= b;
}

void law_range_text(char *range, size_t len, const char *text, size_t size)
{
    size_t i = 0;
    if (len == 0)
        return;
    /*@ loop invariant bound: 0 <= i <= len - 1 && i <= size;
        loop invariant copied: \forall integer j; 0 <= j < i ==>
          range[j] == text[j] && range[j] != 0;
        loop assigns i, range[0 .. len - 2];
        loop variant len - i; */
    while (i + 1 < len && i < size && text[i] != '\0') {
        range[i] = text[i];
        i++;
    }
    range[i] = '\0';
}

void law_range_clear(char *range, size_t len)
{
    if (len >= 1)
        range[0] = '\0';
}
