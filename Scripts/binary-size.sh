#!/usr/bin/env bash
# What makes the installed binary large: builds two small programs as `make` builds powerquotes
# (release, --static-swift-stdlib, stripped) and prints their sizes beside powerquotes' own, and
# whether each holds ICU's data table (icudt*_dat), which Foundation links in for the calls that
# need ICU. A measurement, not a test.
#
#   Scripts/binary-size.sh [POWERQUOTES-BINARY]   (default: .build/make/powerquotes, from `make`)
set -euo pipefail
cd "$(dirname "$0")/.."
binary=${1:-.build/make/powerquotes}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
grdb=$(sed -n 's/.*\(\.package(url: "https:\/\/github.com\/groue\/GRDB.swift", exact: "[0-9.]*")\).*/\1/p' Package.swift)

program() { # NAME DEPENDENCY PRODUCT SOURCE
  mkdir -p "$work/$1/Sources/$1"
  cat > "$work/$1/Package.swift" <<SWIFT
// swift-tools-version: 6.0
import PackageDescription
let package = Package(
  name: "$1",
  dependencies: [$2],
  targets: [.executableTarget(name: "$1", dependencies: [$3])]
)
SWIFT
  printf '%s\n' "$4" > "$work/$1/Sources/$1/main.swift"
  (cd "$work/$1" && swift build -c release --static-swift-stdlib -Xlinker -no-pie >/dev/null 2>&1)
  cp "$work/$1/.build/release/$1" "$work/$1.bin"
  strip "$work/$1.bin"
}

program foundation "" "" 'import Foundation
print(ProcessInfo.processInfo.arguments.count, Date().timeIntervalSince1970 > 0)'
program grdb "$grdb" '.product(name: "GRDB", package: "GRDB.swift")' 'import GRDB
let queue = try DatabaseQueue()
print(try queue.read { try Int.fetchOne($0, sql: "SELECT 1") } ?? 0)'
cp "$binary" "$work/powerquotes.bin"
strip "$work/powerquotes.bin"

printf '%-50s %12s  %s\n' "stripped, static Swift runtime" "bytes" "ICU data"
for name in foundation grdb powerquotes; do
  case $name in
    foundation) label="Foundation, no ICU-backed call" ;;
    grdb) label="GRDB opening an in-memory database" ;;
    powerquotes) label="powerquotes, as make builds it" ;;
  esac
  size=$(stat -c %s "$work/$name.bin")
  # The table's symbol is stripped; its data is found by the name ICU writes inside it.
  if grep -q -a -m1 'icudt[0-9]*l' "$work/$name.bin"; then icu=yes; else icu=no; fi
  printf '%-50s %12s  %s\n' "$label" "$size" "$icu"
done
