"""The ctypes structures against include/collide.h: the field names in
the header's order, and each field's offset and size and the structure's
size as the C compiler lays them out (a program compiled with the header
prints them)."""
import ctypes
import os
import re
import subprocess

import pytest

from collide._structs import C_NAMES


def header_fields(header, cname):
    """The member names of `typedef struct cname { ... } cname;` in the
    header, in order (comments dropped; a function pointer's name is the
    one inside (*name))."""
    text = re.sub(r"/\*.*?\*/", " ", open(header).read(), flags=re.S)
    m = re.search(r"typedef struct %s \{(.*?)\} %s;" % (cname, cname), text,
                  re.S)
    assert m, "struct %s not in %s" % (cname, header)
    names = []
    for decl in m.group(1).split(";"):
        decl = decl.strip()
        if not decl:
            continue
        fp = re.search(r"\(\s*\*\s*(\w+)\s*\)", decl)
        if fp:
            names.append(fp.group(1))
        else:
            names += [re.findall(r"\w+", d)[-1] for d in decl.split(",")]
    return names


def c_layout(header, tmp_path):
    """{(struct, field): (offset, size)} and {(struct, None): (0, size)}
    as cc lays them out with the header."""
    lines = ['#include <stdio.h>', '#include <stddef.h>',
             '#include "collide.h"', 'int main(void)', '{']
    for cname in C_NAMES.values():
        lines.append('printf("%s - 0 %%zu\\n", sizeof(%s));' % (cname, cname))
        for f in header_fields(header, cname):
            lines.append('printf("%s %s %%zu %%zu\\n", offsetof(%s, %s), '
                         'sizeof(((%s *)0)->%s));'
                         % (cname, f, cname, f, cname, f))
    lines += ['return 0;', '}']
    src, exe = tmp_path / "layout.c", tmp_path / "layout"
    src.write_text("\n".join(lines) + "\n")
    cc = os.environ.get("CC", "cc")
    subprocess.run([cc, "-std=c11", "-I", os.path.dirname(header), str(src),
                    "-o", str(exe)], check=True)
    out = {}
    for line in subprocess.run([str(exe)], check=True, capture_output=True,
                               text=True).stdout.splitlines():
        s, f, off, size = line.split()
        out[(s, None if f == "-" else f)] = (int(off), int(size))
    return out


@pytest.mark.parametrize("struct", list(C_NAMES), ids=list(C_NAMES.values()))
def test_field_names_follow_header(struct, header):
    assert [f[0] for f in struct._fields_] == \
        header_fields(header, C_NAMES[struct])


def test_offsets_and_sizes_follow_header(header, tmp_path):
    c = c_layout(header, tmp_path)
    for struct, cname in C_NAMES.items():
        assert c[(cname, None)][1] == ctypes.sizeof(struct), cname
        for name, _ in struct._fields_:
            f = getattr(struct, name)
            assert c[(cname, name)] == (f.offset, f.size), (cname, name)


def test_header_parser_sees_a_new_field(tmp_path):
    """The name check fails when the header gains a field (here in the
    padding after check, where no offset or size would change)."""
    h = tmp_path / "collide.h"
    h.write_text("typedef struct collide_run_options { long precision;\n"
                 "double digits; int check; int added; } "
                 "collide_run_options;\n")
    assert header_fields(str(h), "collide_run_options") == \
        ["precision", "digits", "check", "added"]
