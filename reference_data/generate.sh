#!/bin/sh
# generate.sh BUILD [OUT] [NAME...]: writes the reference result sets
# (reference_data/README.md) into OUT (default reference_data), one
# directory per NAME (default: every set listed below). Each set is a
# checked high-precision run, `collide run SRC --precision BITS --digits
# DIGITS --samples SAMPLES --check --csv DIR` (its result set: the tables,
# their scd tables and a MANIFEST listing them), and its meta.json, which
# the MANIFEST lists too. A set is written to a temporary directory and
# moved into place only when its run and its check succeed, so that a
# failure leaves the previous set as it was. Exits non-zero when any set
# fails.
set -u
build=$1
out=${2:-reference_data}
[ $# -ge 2 ] && shift 2 || shift $#
exe="$build/collide"
BITS=128        # 38 decimal digits
DIGITS=25       # claimed, and written; the check holds every value to it
SAMPLES=101     # samples at t = k T / 100, k = 0 .. 100

# NAME SOURCE: the paper's runs and the closed-form cases are built-in
# scenarios; the others are files in reference_data/scenarios/.
sets="example-v2 hertz study1 study2 study3-shccl study3-bwshccl study3-bwmcl
free-fall slow-approach fast-approach mass-ratio-0.01 mass-ratio-100
gamma-minus-beta bwmcl-n1"
[ $# -gt 0 ] && sets="$*"

source_of() {
    if "$exe" list | awk '{ print $1 }' | grep -qx -- "$1"; then
        echo "$1"
    else
        echo "reference_data/scenarios/$1.scn"
    fi
}

# JSON string of a text (quotes and backslashes escaped)
json() { printf '"%s"' "$(printf '%s' "$1" | sed 's/\\/\\\\/g; s/"/\\"/g')"; }

# "key": "text" for each entry of the scenario (collide show), comma-
# separated; the settings of a binary64 run (tolerances, step bound, grid)
# do not apply to the set and are left out.
entries() {
    "$exe" show "$1" | sed -n -E 's/^([A-Za-z_0-9]+) = ([^ #]+).*/\1 \2/p' |
        awk '$1 !~ /^(rtol|atol|h_max|t_tol|graze_tol|samples|max_steps)$/ {
            printf "%s    \"%s\": \"%s\"", (n++ ? ",\n" : ""), $1, $2 }'
}

# the value of key in the scenario, or empty
entry() {
    "$exe" show "$1" | sed -n -E "s/^$2 = ([^ #]+).*/\\1/p"
}

# the least scd of each column, from the --check report ("inf" for a
# column whose values agree in every digit or, integer, are equal):
# "table": {"column": scd, ...}, ...
scd_json() {
    awk '($3 ~ /^(-?[0-9.]+|inf)$/ && NF == 5) || (NF == 3 && $3 == "equal") {
            v = ($3 == "inf" || $3 == "equal") ? "\"inf\"" : $3
            if ($1 != t) {
                if (t != "") printf "\n    },\n"
                printf "    \"%s\": {\n", $1; t = $1; n = 0
            }
            printf "%s      \"%s\": %s", (n++ ? ",\n" : ""), $2, v
        }
        END { if (t != "") printf "\n    }" }' "$1"
}

law_line() { "$exe" show "$1" | sed -n 2p | sed 's/^# law //'; }

# meta.json of a set: NAME SOURCE DIR REPORT COMMAND
meta() {
    name=$1; src=$2; dir=$3; report=$4; cmd=$5
    sys=$(entry "$src" system)
    case "$sys" in
        Hf) model="H_f, the full system, Eqs. (73)-(79)" ;;
        *)  model="H_r, the reduced system, Eqs. (80)-(84)" ;;
    esac
    order=$(sed -n -E 's/.*Taylor order ([0-9]+).*/\1/p' "$report")
    {
        echo "{"
        echo "  \"name\": $(json "$name"),"
        echo "  \"source\": $(json "$src"),"
        echo "  \"model\": $(json "$model, with the contact interface H_c, Eqs. (61)-(67)"),"
        echo "  \"system\": $(json "$sys"),"
        echo "  \"law\": $(json "$(law_line "$src")"),"
        echo "  \"input\": $(json "$(entry "$src" input)"),"
        echo "  \"parameters\": {"
        entries "$src"
        echo ""
        echo "  },"
        echo "  \"derived\": $(json "quantities not given (masses by Eq. 189, k by Eq. 191, m by Eq. 41, eta by Eqs. 48-49) are computed from the parameters' decimal text at the working precision"),"
        echo "  \"precision_bits\": $BITS,"
        echo "  \"digits\": $DIGITS,"
        echo "  \"tolerance\": $(json "1e-$((DIGITS + 8))"),"
        echo "  \"method\": $(json "Taylor series of order $order by automatic differentiation (Jorba and Zou 2005), steps to every guard crossing and switching zero, sqrt(t - t*) after a zero of a fractional power; see spec/high_precision.md"),"
        echo "  \"samples\": $(json "$SAMPLES samples at t = k T / $((SAMPLES - 1)), and both sides of every event"),"
        echo "  \"check\": $(json "the run at $((BITS + 64)) bits and a 1e-19 tighter tolerance; scd = -log10(|a - b| / |b|), a value below its row's resolution against the row's magnitude; least over the rows"),"
        echo "  \"scd\": {"
        scd_json "$report"
        echo ""
        echo "  },"
        echo "  \"mpfr_version\": $(json "$("$exe" --version | sed -n 's/^MPFR \([^,]*\),.*/\1/p')"),"
        echo "  \"collide_version\": $(json "$("$exe" --version | sed -n 's/^collide //p')"),"
        echo "  \"command\": $(json "$cmd")"
        echo "}"
    } >"$dir/meta.json"
}

status=0
mkdir -p "$out"
for name in $sets; do
    src=$(source_of "$name")
    # no process id in the name: the MANIFEST records the --csv of the run,
    # and a set regenerated from the same code is then the same bytes
    tmp="$out/.$name.tmp"
    rm -rf "$tmp"
    mkdir -p "$tmp"
    cmd="collide run $src --precision $BITS --digits $DIGITS --samples $SAMPLES --check --csv reference_data/$name"
    # the run writes its result set (MANIFEST, tables, scd tables) into
    # $tmp/set; meta.json joins it, listed in its MANIFEST, so that the set
    # stays a complete result set that a later run may replace
    if "$exe" run "$src" --precision "$BITS" --digits "$DIGITS" \
            --samples "$SAMPLES" --check --csv "$tmp/set" >"$tmp/report.txt" 2>&1 &&
       meta "$name" "$src" "$tmp/set" "$tmp/report.txt" "$cmd" &&
       echo "file = meta.json" >>"$tmp/set/MANIFEST"; then
        rm -rf "$out/$name.old"
        [ -d "$out/$name" ] && mv "$out/$name" "$out/$name.old"
        mv "$tmp/set" "$out/$name" && rm -rf "$out/$name.old" "$tmp"
        echo "reference: $name"
    else
        echo "reference: $name FAILED:" >&2
        tail -n 3 "$tmp/report.txt" >&2
        rm -rf "$tmp"
        status=1
    fi
done
exit $status
