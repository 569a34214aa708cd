#!/usr/bin/env bash
# Runs the model-based library test (Tests/PowerQuotesCLITests/Model) with random seeds for as
# long as asked, and prints the seed of every failure with the line that replays it.
#
#   Scripts/model-test.sh [--seconds N] [--seed S] [--steps N] [--processes 1|2|3] [--skip KINDS]
#
# --seconds N   keep starting runs for N seconds (default 300); each run takes both stores
#               (PostgreSQL when POWERQUOTES_TEST_POSTGRES_URL is set: Scripts/postgres-test-server.sh)
# --seed S      run that one seed once instead (a replay)
# --steps N     commands per store and run (default 150)
# --processes N processes at once (default: each seed picks 1 to 3)
# --skip KINDS  comma-separated kinds to leave out of the mix: add, edit, form, tag, untag, rm,
#               restore, empty, undo, import, find, noop, concurrent, nfc, history
#
# Builds first (swift build --build-tests). Exits 1 when a run failed; the whole output of each
# failed run is kept in a folder it names.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=300
seed=""
steps=150
processes=""
skip=""
while [ $# -gt 0 ]; do
  case "$1" in
    --seconds) seconds=$2; shift 2 ;;
    --seed) seed=$2; shift 2 ;;
    --steps) steps=$2; shift 2 ;;
    --processes) processes=$2; shift 2 ;;
    --skip) skip=$2; shift 2 ;;
    -h|--help) sed -n '2,16p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "Unknown option $1; see $0 --help." >&2; exit 64 ;;
  esac
done

swift build --build-tests >/dev/null
logs=$(mktemp -d -t powerquotes-model.XXXXXX)
if [ -z "${POWERQUOTES_TEST_POSTGRES_URL:-}" ]; then
  echo "POWERQUOTES_TEST_POSTGRES_URL is not set: SQLite only (Scripts/postgres-test-server.sh start)."
fi

run_seed() {
  local seed=$1 log="$logs/seed-$1.log" started=$SECONDS
  if env POWERQUOTES_MODEL_SEED="$seed" POWERQUOTES_MODEL_STEPS="$steps" \
    POWERQUOTES_MODEL_SKIP="$skip" ${processes:+POWERQUOTES_MODEL_PROCESSES="$processes"} \
    swift test --skip-build --filter ModelBasedTests >"$log" 2>&1; then
    echo "seed $seed: passed ($((SECONDS - started)) s)"
    rm -f "$log"
  else
    echo "seed $seed: FAILED ($((SECONDS - started)) s); output in $log"
    grep -A3 "parted from the model" "$log" | sed 's/^/    /' || tail -20 "$log" | sed 's/^/    /'
    failed+=("$seed")
  fi
}

failed=()
if [ -n "$seed" ]; then
  run_seed "$seed"
else
  deadline=$((SECONDS + seconds))
  while [ $SECONDS -lt $deadline ]; do
    run_seed "$(od -An -N4 -tu4 /dev/urandom | tr -d ' ')"
  done
fi
if [ ${#failed[@]} -gt 0 ]; then
  echo "Failed seeds: ${failed[*]} (replay: $0 --seed S --steps $steps${skip:+ --skip $skip})"
  exit 1
fi
rmdir "$logs" 2>/dev/null || true
echo "Every run passed."
