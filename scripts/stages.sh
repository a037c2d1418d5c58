#!/usr/bin/env bash
# stages.sh TARGET...: makes each target in turn, as `make test` does, and then says how
# long each took — also after a failure, so that the end of a CI log shows where the time
# went and which stage failed.
set -uo pipefail
make=${MAKE:-make}
lines=()
status=0
for target in "$@"; do
  started=$SECONDS
  "$make" --no-print-directory "$target"
  status=$?
  lines+=("$(printf '%6d s  %s' $((SECONDS - started)) "$target")")
  if [ $status -ne 0 ]; then
    lines+=("        (failed: the stages after it did not run)")
    break
  fi
done
echo "--- time per stage ---"
printf '%s\n' "${lines[@]}"
printf '%6d s  in all\n' "$SECONDS"
exit $status
