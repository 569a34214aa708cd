#!/usr/bin/env bash
# Makes powerquotes_VERSION_ARCH.deb from a tree that `make install-strip` staged with Debian's
# paths (`make deb` does both): adds what Debian asks of a package beside the files (the gzipped
# man page, the copyright in DEP-5 form, changelog.Debian.gz, DEBIAN/control and md5sums) and
# builds it with dpkg-deb, owned by root whoever runs it.
#
#   Scripts/build-deb.sh STAGE OUTPUT_FOLDER
#
# Depends is what the binary links, as dpkg-shlibdeps reads it off the binary (libc6 and
# libsqlite3-0 today); the libraries that powerquotes loads with dlopen when a command needs
# them are Recommends (libcurl4 for the quote services, libreadline8 for the shell's line
# editing, librsvg2-2 for PNG cards, with the Noto fonts that give those cards every script:
# fonts-noto-core for Latin, Greek, Cyrillic, Arabic and Hebrew, fonts-noto-cjk for Chinese,
# Japanese and Korean) and Suggests (libpq5, for a library on a PostgreSQL server).
set -euo pipefail

if [ $# -ne 2 ] || [ ! -x "$1/usr/bin/powerquotes" ]; then
  echo "usage: $0 STAGE OUTPUT_FOLDER (STAGE holds usr/bin/powerquotes; run 'make deb')" >&2
  exit 64
fi
stage=$1
output=$2
for tool in dpkg-deb dpkg-shlibdeps; do
  command -v "$tool" >/dev/null || {
    echo "$tool is not installed; 'make deb' needs Debian's dpkg-dev (apt-get install dpkg-dev)." >&2
    exit 1
  }
done

binary="$stage/usr/bin/powerquotes"
# A Debian revision after the version: the packaging is not the program's own (a native
# package would name its changelog changelog.gz).
version="$("$binary" --version)-1"
architecture=$(dpkg --print-architecture)
maintainer="powerquotes maintainers <maintainers@users.noreply.a-seed-2f0f9ce9.example>"
# The last commit's time, so that the same source makes the same package.
date=$(git log -1 --format=%cD 2>/dev/null || date -R)
year=$(git log -1 --format=%cd --date=format:%Y 2>/dev/null || date +%Y)

# Debian keeps man pages gzipped, without a name or time inside (-n), at the highest level.
gzip -9nf "$stage/usr/share/man/man1/powerquotes.1"

doc="$stage/usr/share/doc/powerquotes"
install -d "$doc"
cat >"$doc/copyright" <<EOF
Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/
Upstream-Name: powerquotes

Files: *
Copyright: $year powerquotes maintainers
License: GPL-3.0-or-later
Comment: GPL because powerquotes uses GNU readline for the shell's line editing. The built-in
 quotes are in the public domain.

License: GPL-3.0-or-later
 This program is free software: you can redistribute it and/or modify it under the terms of
 the GNU General Public License as published by the Free Software Foundation, either version
 3 of the License, or (at your option) any later version.
 .
 This program is distributed in the hope that it will be useful, but WITHOUT ANY WARRANTY;
 without even the implied warranty of MERCHANTABILITY or FITNESS FOR A PARTICULAR PURPOSE.
 See the GNU General Public License for more details.
 .
 On Debian systems, the complete text of the GNU General Public License version 3 can be
 found in '/usr/share/common-licenses/GPL-3'.
EOF
chmod 644 "$doc/copyright"
cat <<EOF | gzip -9n >"$doc/changelog.Debian.gz"
powerquotes ($version) unstable; urgency=medium

  * Package built from the powerquotes source with 'make deb'.

 -- $maintainer  $date
EOF
chmod 644 "$doc/changelog.Debian.gz"

# Lintian's two warnings, justified where lintian reads them: the executable is not
# position-independent on purpose (Makefile: a PIE of this size makes the loader apply ~87,000
# relocations at every start, about 1 ms of each command's CPU); and the changelog closes no
# Debian bug, since this package is built by its users, not uploaded to Debian's archive.
overrides="$stage/usr/share/lintian/overrides"
install -d "$overrides"
cat >"$overrides/powerquotes" <<EOF
# Built with -no-pie to keep start-up quick: see the Makefile's RELEASE flags.
powerquotes: hardening-no-pie [usr/bin/powerquotes]
# Built by 'make deb', not uploaded to Debian: there is no bug for a first upload to close.
powerquotes: initial-upload-closes-no-bugs [usr/share/doc/powerquotes/changelog.Debian.gz:1]
EOF
chmod 644 "$overrides/powerquotes"

# dpkg-shlibdeps reads the package's name from a debian/control of the folder it runs in.
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir "$work/debian"
printf 'Source: powerquotes\n\nPackage: powerquotes\nArchitecture: any\n' >"$work/debian/control"
depends=$(cd "$work" && dpkg-shlibdeps -O -e"$(realpath "$binary")" 2>/dev/null \
  | sed -n 's/^shlibs:Depends=//p')
test -n "$depends" || { echo "dpkg-shlibdeps found no libraries in $binary" >&2; exit 1; }

install -d -m 755 "$stage/DEBIAN"
(cd "$stage" && find usr -type f -print0 | sort -z | xargs -0 md5sum) >"$stage/DEBIAN/md5sums"
chmod 644 "$stage/DEBIAN/md5sums"
installed_size=$(du -sk --exclude=DEBIAN "$stage" | cut -f1)
cat >"$stage/DEBIAN/control" <<EOF
Package: powerquotes
Version: $version
Architecture: $architecture
Maintainer: $maintainer
Installed-Size: $installed_size
Depends: $depends
Recommends: libcurl4, libreadline8, librsvg2-2, fonts-noto-core, fonts-noto-cjk
Suggests: libpq5
Section: utils
Priority: optional
Description: random quotes and a library of favorites for the terminal
 powerquotes shows a random quote from the DummyJSON quotes API, from
 ZenQuotes or from a built-in set of public-domain quotes in a small card,
 and keeps the quotes you love as favorites in SQLite or PostgreSQL: tags,
 notes, full-text search, a trash, undo, and imports from Kindle clippings,
 Readwise, CSV, JSON and fortune files.
EOF
chmod 644 "$stage/DEBIAN/control"

# Folders 755 and files 644 (the binary 755), whatever the umask of whoever staged them.
find "$stage" -type d -exec chmod 755 {} +
package="$output/powerquotes_${version}_${architecture}.deb"
dpkg-deb --root-owner-group -Zxz --build "$stage" "$package" >/dev/null
echo "$package"
