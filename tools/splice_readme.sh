#!/usr/bin/env bash
# splice_readme.sh README TABLE: prints README with the lines between its
# "<!-- exit-status: ..." and "<!-- end exit-status -->" markers replaced
# by the file TABLE (tools/gen_reference exit-statuses); fails when a
# marker is missing.  `make docs` writes the result over README.md;
# tests/docs.sh compares it with README.md.
set -eu
readme=$1
table=$2
grep -q '^<!-- exit-status:' "$readme" && grep -q '^<!-- end exit-status -->' "$readme" || {
    echo "splice_readme.sh: $readme lacks the exit-status markers" >&2
    exit 1
}
awk -v table="$table" '
    /^<!-- exit-status:/ { print; print ""; while ((getline line < table) > 0) print line; print ""; skip = 1; next }
    /^<!-- end exit-status -->/ { skip = 0 }
    !skip { print }' "$readme"
