/* test_textbuf.c - text_append: pieces appended in order, cut to fit the
 * buffer and always terminated, nothing written once it is full. */
#include <string.h>

#include "check.h"
#include "textbuf.h"

int main(void)
{
    char buf[8];
    size_t used = text_append(buf, sizeof buf, 0, "%s=%d", "ab", 12);
    check_true(used == 5 && strcmp(buf, "ab=12") == 0,
               "a piece that fits: its bytes counted");
    used = text_append(buf, sizeof buf, used, ", %s", "xyz");
    check_true(used == 7 && strcmp(buf, "ab=12, ") == 0,
               "a piece that does not fit: cut, terminated, 7 of 8 bytes used");
    used = text_append(buf, sizeof buf, used, "more");
    check_true(used == 7 && strcmp(buf, "ab=12, ") == 0,
               "a full buffer: nothing more written");
    return check_summary("test_textbuf");
}
