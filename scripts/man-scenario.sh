#!/bin/sh
# man-scenario.sh man KEYS COLLIDE VERSION DATE - the man page
#     collide-scenario(5) on stdout;
# man-scenario.sh md KEYS - the key tables of doc/scenario.md on stdout
#     (between its lines "<!-- keys: ... -->" and "<!-- end of keys -->").
# KEYS is the output of scripts/scenario-keys.c: the reader's own key
# table and the laws' parameters, each with its unit, range, default and
# when it applies, so that the reference of the keys exists once (in
# src/io/scenario_keys.c) and both pages are generated from it (make man).
# COLLIDE is the program, whose `show example-v2` is the man page's
# example.
set -eu
mode=$1
keys=$2

# roff: a backslash doubled, a leading dot or quote escaped
roff() { sed -e 's/\\/\\e/g' -e "s/^\\([.']\\)/\\\\\\&\\1/"; }

man_keys() {
    awk -F '\t' '
    function field(name, v) { if (v != "-") printf "%s: %s.\n", name, v }
    function entry() {
        printf ".TP\n.B %s\n%s.\n", $2, $7
        field("Unit", $3 == "1" ? "1 (a pure number)" : $3)
        field("Allowed", $4)
        field("Default", $5)
        field("Applies", $6)
    }
    $1 == "key" { entry() }' "$keys"
}

md_keys() {
    awk -F '\t' '
    function cell(v) { gsub(/\|/, "\\|", v); return v == "-" ? "" : v }
    function row() {
        printf "| `%s` | %s | %s | %s | %s | %s |\n", $2, cell($7), cell($3),
               cell($4), cell($5), cell($6)
    }
    BEGIN { head = "| key | what | unit | allowed | default | applies |\n|---|---|---|---|---|---|" }
    $1 == "key" { if (!k++) print head; row(); next }
    $1 == "law" { printf "\nLaw `%s`, the %s, %s:\n\n%s\n", $2, $7, $6, head; next }
    $1 ~ /^law:/ { row(); next }' "$keys"
}

case $mode in
md)
    md_keys
    ;;
man)
    exe=$3; version=$4; date=$5
    cat <<EOF
.TH COLLIDE-SCENARIO 5 "$date" "collide $version" "File Formats"
.SH NAME
collide-scenario \\- the scenario files of collide
.SH SYNOPSIS
.nf
# a comment
\\fIkey\\fR = \\fIvalue\\fR
.fi
.SH DESCRIPTION
A scenario is the hybrid system of one run of
.BR collide (1):
the system H_r or H_f, the contact law and its parameters, the bodies,
the initial state, the input and the run settings.
A scenario file is plain text with one \\fIkey\\fR = \\fIvalue\\fR a line.
.B #
starts a comment that runs to the end of the line; blank lines are
ignored; spaces and tabs around keys and values are ignored, and so is a
carriage return at the end of a line and a UTF-8 byte order mark at the
start of the file.
Keys are case-sensitive.
A key given twice, a key that is not known and a key that does not apply
to the scenario (for example m1 with system = Hr, or g without
input = gravity) are errors.
.PP
Numbers are plain decimals: an optional sign, digits with an optional
decimal point, an optional exponent (0.35, +1.0E+9, .5, 40e-6).
Hexadecimal, nan, units, thousands separators and trailing text are
refused; inf only where the allowed range includes infinity.
Every value is kept as the text written, beside its nearest double, so
that a run at a higher precision converts the same decimal text again.
Values are in SI units, as listed below.
Every error is one line naming the source, the line, the key, the text
given and the allowed range, for example
.PP
.nf
.RS
study.scn:12: x0 = 2 cm is not a decimal number; the allowed range is x0 in [0, inf)
.RE
.fi
.PP
Giving any of E1 nu1 rho1 R1 E2 nu2 rho2 R2 (the materials) requires
E1 nu1 R1 E2 nu2 R2; the reader then derives E* (Eq. 187), R_e (Eq. 188),
k_H (Eq. 192), the masses from the densities (Eq. 189), p (Eq. 190) and k
(Eq. 191) where the law has them and they are not given.
.B collide show
prints a scenario with its defaults and derived quantities, and is
itself a scenario file.
.SH KEYS
EOF
    man_keys
    cat <<EOF
.SH "LAW PARAMETERS"
The parameters of the law named by
.BR law ,
by law: each is a key of the scenario file.
EOF
    awk -F '\t' '$1 == "law" || $1 ~ /^law:/' "$keys" >"$keys.laws"
    awk -F '\t' '$1 == "law" { printf ".SS \"law = %s\"\n%s, %s.\n", $2, $7, $6; next }
        { printf ".TP\n.B %s\n", $2
          if ($3 != "-") printf "Unit: %s.\n", $3 == "1" ? "1 (a pure number)" : $3
          if ($4 != "-") printf "Allowed: %s.\n", $4
          if ($5 != "-") printf "Default: %s.\n", $5
          if ($6 != "-") printf "Applies: %s.\n", $6 }' "$keys.laws"
    rm -f "$keys.laws"
    cat <<EOF
.SH EXAMPLES
The built-in scenario example-v2 (Example V.2) as
.B collide show example-v2
prints it:
.PP
.nf
EOF
    "$exe" show example-v2 | roff
    cat <<EOF
.fi
.PP
Run a scenario file, and check it first:
.PP
.nf
collide show my.scn
collide run my.scn --csv out
.fi
.SH "SEE ALSO"
.BR collide (1);
the manual, doc/scenario.md, under /usr/share/doc/collide
(or the PREFIX of the install).
EOF
    ;;
*)
    echo "usage: man-scenario.sh man|md KEYS [COLLIDE VERSION DATE]" >&2
    exit 2
    ;;
esac
