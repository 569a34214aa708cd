#!/usr/bin/env bash
# Writes the man page of a built powerquotes on stdout: ArgumentParser's generate-manual tool
# (what `swift package generate-manual` runs) on that binary, with what that tool gets wrong
# about `discussion` text put right:
# - a blank line, a paragraph break in --help, becomes the paragraph macro .Pp (an empty line
#   is an "mdoc warning: Empty input line" and renders as a stray blank line);
# - a line starting with ' is shielded with \& (roff would take it for a control line and drop
#   it);
# - the global options, a table in the root's help text, stay in their columns (.Bd -literal)
#   rather than being filled into one paragraph;
# - characters outside ASCII, which the tool drops ("Khattāb" came out "Khattb"), reach the
#   page as roff's \[uXXXX] escapes: the help it reads has them written that way, and the \e
#   the tool makes of the backslash is turned back.
#
# Usage: Scripts/generate-manual.sh POWERQUOTES GENERATE_MANUAL [YYYY-MM-DD] > powerquotes.1
set -euo pipefail

binary=$1
generator=$2
date=${3:-}

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The tool learns the commands by running its argument with --experimental-dump-help; give it a
# stand-in that prints the binary's answer with non-ASCII characters escaped for roff.
"$binary" --experimental-dump-help \
  | perl -CS -pe 's/([^\x00-\x7F])/sprintf("\\\\[u%04X]", ord $1)/ge' >"$work/help.json"
printf '#!/bin/sh\nexec cat "%s"\n' "$work/help.json" >"$work/powerquotes"
chmod +x "$work/powerquotes"

"$generator" "$work/powerquotes" ${date:+--date "$date"} --output-directory - \
  | sed -e 's/^$/.Pp/' \
    -e "s/^'/\\\\\\&'/" \
    -e 's/\\e\[u\([0-9A-F]\{4,6\}\)\]/\\[u\1]/g' \
  | sed -e '/^GLOBAL OPTIONS/,/^\.Pp$/{/^GLOBAL OPTIONS/a .Bd -literal' -e '/^\.Pp$/i .Ed' -e '}' \
    >"$work/page"

# Where the output device has no such glyph (an ASCII terminal, LC_ALL=C), each of those
# characters falls back to iconv's ASCII spelling (ā to a) instead of a "can't find special
# character" warning. The requests go after the generator's comment line, before .Dd.
sed -n '1p' "$work/page"
{ grep -o '\\\[u[0-9A-F]*\]' "$work/page" || true; } | sort -u | while read -r escape; do
  code=${escape:3:-1}
  ascii=$(perl -CO -e 'print chr hex shift' "$code" \
    | LC_ALL=C.UTF-8 iconv -f UTF-8 -t ASCII//TRANSLIT 2>/dev/null || true)
  if [ -n "$ascii" ] && [ "$ascii" != "?" ]; then
    printf '.if !c %s .char %s %s\n' "$escape" "$escape" "$ascii"
  fi
done
sed '1d' "$work/page"
