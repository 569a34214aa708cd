#!/usr/bin/env bash
# Fuzz/run.sh: runs libFuzzer over what reads untrusted bytes, for a given time. Not part of CI.
#
# Usage:
#   Fuzz/run.sh TARGET [SECONDS]     TARGET: import | clippings | readwise | koreader |
#                                    koreader-text | kobo | reply | words;
#                                    SECONDS: 60 by default
#   Fuzz/run.sh all [SECONDS]        each target in turn
#
# Targets (Sources/PowerQuotesFuzz/FuzzTargets.swift):
#   import  fav import's parsers (JSON, CSV, fortune); every quote kept must be one the library
#           admits (QuoteText), with a clean note and tags fav tag takes
#   clippings, readwise, koreader, koreader-text, kobo  fav import --from that format, and the
#           same bytes told by content: the same properties, and two reads give one answer
#   reply   DummyJSON's quote and page replies and ZenQuotes' list; quotes must arrive cleaned
#   words   the shell's word splitter; words quoted back and split again must be the same
#
# It builds powerquotes-fuzz with -sanitize=fuzzer,address into .build-fuzz (the first build
# takes several minutes), starts from the seed corpus in Fuzz/corpus/TARGET and keeps what the
# fuzzer finds in .build-fuzz/corpus/TARGET. A crash is written to .build-fuzz/findings/; replay
# it with the ordinary build: swift run powerquotes-fuzz TARGET FILE, and make it a test.
set -euo pipefail
cd "$(dirname "$0")/.."

target=${1:-}
seconds=${2:-60}
case "$target" in
  import | clippings | readwise | koreader | koreader-text | kobo | reply | words)
    targets=("$target") ;;
  all) targets=(import clippings readwise koreader koreader-text kobo reply words) ;;
  *) sed -n '2,21p' "$0" | sed 's/^# \{0,1\}//'; exit 64 ;;
esac
[[ "$seconds" =~ ^[0-9]+$ ]] || { echo "SECONDS must be a whole number, not '$seconds'." >&2; exit 64; }

# Package.swift reads POWERQUOTES_FUZZ: the instrumented build goes to its own folder.
export POWERQUOTES_FUZZ=1
swift build --scratch-path .build-fuzz --product powerquotes-fuzz >&2
binary="$(swift build --scratch-path .build-fuzz --show-bin-path)/powerquotes-fuzz"

for name in "${targets[@]}"; do
  corpus=.build-fuzz/corpus/$name
  findings=.build-fuzz/findings/$name
  mkdir -p "$corpus" "$findings"
  echo "== $name for $seconds s"
  POWERQUOTES_FUZZ_TARGET=$name "$binary" "$corpus" "Fuzz/corpus/$name" \
    -max_total_time="$seconds" -max_len=65536 -artifact_prefix="$findings/" -print_final_stats=1
done
