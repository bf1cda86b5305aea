#!/bin/sh
# precision_hf.sh BUILD: the high-precision mode on H_f, two bodies under
# applied forces: study 2 (Table II, the forces of Eqs. 205-209) to
# T = 0.05 (three collisions) at 128 bits with --check, against the
# binary64 run of the same scenario, the ledger identities of its tables,
# and a run that ends inside a contact (the final contact). The closed
# forms of H_f (constant forces, gravity, the center of mass of study 2,
# Eq. 210) are in tests/test_mp.c.
. tests/cli_common.sh "$1"

# study 2 up to T = 0.05, 101 samples (the built-in has T = 0.5, 1000)
"$exe" show study2 | sed -e 's/^T = .*/T = 0.05/' \
    -e 's/^samples = .*/samples = 101/' >"$tmp/s2.scn"

# --check: the run at 128 bits against 192 bits, every value to the
# default digits (exit 0), its tables and their scd tables
run "$exe" run "$tmp/s2.scn" --precision 128 --check --csv "$tmp/mp"
check "study 2 to T = 0.05, 128 bits --check: exit 0 (got $rc)" "$rc"
has "H_f, law bwshccl, T = 0.05 s, 128 bits" "$tmp/out" &&
    has "collisions (Eqs. 193-204): 3" "$tmp/out" &&
    has "check against 192 bits" "$tmp/out"
check "study 2: H_f, 3 collisions, checked against 192 bits" $?
for t in collisions events ledger samples; do
    [ -s "$tmp/mp/$t.scd.csv" ]
    check "study 2 --check: $t.scd.csv written" $?
done

# against binary64 at the scenario's rtol = 1e-11, atol = 1e-14: each
# step holds about 11 digits, and the few hundred steps of the three
# contacts accumulate about one digit (doc/high-precision.md: about 10
# digits on the first collisions); the ledger quantities are differences
# (Delta_D = V_c before - V_c after, I_s of terms of both signs) and lose
# up to one digit more by cancellation: 9 digits of every column of
# collisions.csv (the residual columns, exactly 0 in exact arithmetic,
# are left out by collide compare)
"$exe" run "$tmp/s2.scn" --quiet --csv "$tmp/b64"
run "$exe" compare "$tmp/b64/collisions.csv" "$tmp/mp/collisions.csv" --digits 9
check "study 2: binary64 collisions.csv to 9 digits of the 128-bit run (exit $rc)" "$rc"
# ledger.csv likewise, but for its `scale`: the binary64 simulator takes
# the largest V over its steps, this mode at the events and the ends
# (spec/high_precision.md), which differ on the total row
"$exe" compare "$tmp/b64/ledger.csv" "$tmp/mp/ledger.csv" >"$tmp/cmp" 2>&1
for c in V_start V_end I_s Delta_C Delta_D; do
    awk -v c="$c" '$1 == "ledger" && $2 == c { found = 1; ok = $3 + 0 >= 9 }
                   END { exit !(found && ok) }' "$tmp/cmp"
    check "study 2: binary64 ledger.csv $c to 9 digits of the 128-bit run" $?
done

# the ledger identities of the tables (Eq. 24): every row's residual
# V_end - V_start + Delta_C + Delta_D - I_s is 0 to 1e-28 of its scale
# (the tolerance of the run is 1e-30.5 and the residual adds its
# rounding only), and so is it recomputed from the row's columns in
# binary64 to 1e-14 (a sum of five terms read to 1e-16 each); Delta_C
# accrues in contact only and Delta_D at the separations only, so the
# total of each is the sum of its collisions' (and of the final
# contact's) to 1e-14
ledger_ok() { # FILE
    awk -F, 'function abs(x) { return x < 0 ? -x : x }
        NR == 1 { next }
        $1 == "total" { total = 1; dc = $5; dd = $6 }
        $1 != "total" { sdc += $5; sdd += $6 }
        { r = $3 - $2 + $5 + $6 - $4
          if (abs($7) > 1e-28 * $8 || abs(r) > 1e-14 * $8) bad++ }
        END { exit !(total && !bad && abs(sdc - dc) <= 1e-14 * dc &&
                     abs(sdd - dd) <= 1e-14 * dd) }' "$1"
}
ledger_ok "$tmp/mp/ledger.csv"
check "study 2 ledger.csv: residuals, their definition, Delta_C and Delta_D totals" $?
# the momentum balance of Eq. (203) and the ledger residual of each
# collision, 0 to 1e-28 of |J_Fc| and of V_start
mom=$(column_of momentum_residual "$tmp/mp/collisions.csv")
jfc=$(column_of J_Fc "$tmp/mp/collisions.csv")
res=$(column_of ledger_residual "$tmp/mp/collisions.csv")
vs=$(column_of V_start "$tmp/mp/collisions.csv")
awk -F, -v m="$mom" -v j="$jfc" -v r="$res" -v v="$vs" '
    function abs(x) { return x < 0 ? -x : x }
    NR > 1 { n++; if (abs($m) > 1e-28 * abs($j) || abs($r) > 1e-28 * $v) bad++ }
    END { exit !(n == 3 && !bad) }' "$tmp/mp/collisions.csv"
check "study 2 collisions.csv: momentum and ledger residuals 0 to 1e-28" $?

# a run that ends inside the first contact (t_e = 0.01224 s, t_s =
# 0.01307 s): the contact under way is printed, with the t_e of the run
# above (the first 20 digits), and has the ledger row "final"
te=$(sed -n 2p "$tmp/mp/collisions.csv" | cut -d, -f2 | cut -c1-22)
sed 's/^T = .*/T = 0.0125/' "$tmp/s2.scn" >"$tmp/s2f.scn"
run "$exe" run "$tmp/s2f.scn" --precision 128 --csv "$tmp/final"
[ "$rc" -eq 0 ] && has "collisions (Eqs. 193-204): 0" "$tmp/out" &&
    has "final contact from t_e = $te" "$tmp/out" &&
    [ "$(cut -d, -f1 "$tmp/final/ledger.csv" | tr '\n' ' ')" = "scope final total " ]
check "a run that ends in contact prints the final contact (t_e = $te...) and its ledger row" $?
ledger_ok "$tmp/final/ledger.csv"
check "final contact ledger.csv: residuals, their definition, totals" $?

finish precision_hf.sh
