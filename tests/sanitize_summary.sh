#!/bin/sh
# sanitize_summary.sh BUILD: after `make test` of the sanitizer build in
# BUILD (make sanitize), counts the checks passed and the reports of
# AddressSanitizer, LeakSanitizer and UndefinedBehaviorSanitizer in the
# test logs (BUILD/tests/log), and prints the line "sanitize: N checks
# passed under ASan and UBSan, R sanitizer reports". Exits non-zero when
# R > 0 (a report normally fails its test already: this is the count).
log="$1/tests/log"
[ -d "$log" ] || { echo "sanitize_summary.sh: no test logs in $log" >&2; exit 2; }
passed=$(cat "$log"/*.out | grep -cE '^ok ')
reports=$(cat "$log"/*.out |
    grep -cE 'ERROR: (AddressSanitizer|LeakSanitizer)|runtime error:')
echo "sanitize: $passed checks passed under ASan and UBSan, $reports sanitizer reports"
[ "$reports" -eq 0 ]
