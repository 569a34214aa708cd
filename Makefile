# Build and install powerquotes, GNU style:
#
#   make                              the release binary, its man page and completion scripts
#   make install PREFIX=~/.local      install them (PREFIX defaults to /usr/local; DESTDIR works)
#   make uninstall PREFIX=~/.local    remove exactly the files install put there
#   make deb                          powerquotes_VERSION_ARCH.deb, here (needs dpkg-dev)
#
# The binary is built with --static-swift-stdlib, so the installed one needs nothing from the
# Swift toolchain. Build dependencies on Debian: libsqlite3-dev libreadline-dev make
# (and Swift).

PREFIX ?= /usr/local
# A PREFIX=~/... that the shell passed on unexpanded (zsh does) still means the home folder.
override PREFIX := $(patsubst ~/%,$(HOME)/%,$(patsubst ~,$(HOME),$(PREFIX)))
EXEC_PREFIX ?= $(PREFIX)
BINDIR ?= $(EXEC_PREFIX)/bin
DATAROOTDIR ?= $(PREFIX)/share
MANDIR ?= $(DATAROOTDIR)/man
MAN1DIR ?= $(MANDIR)/man1
BASHCOMPLETIONDIR ?= $(DATAROOTDIR)/bash-completion/completions
ZSHCOMPLETIONDIR ?= $(DATAROOTDIR)/zsh/site-functions
FISHCOMPLETIONDIR ?= $(DATAROOTDIR)/fish/vendor_completions.d

SWIFT ?= swift
INSTALL ?= install
INSTALL_PROGRAM ?= $(INSTALL) -m 755
INSTALL_DATA ?= $(INSTALL) -m 644

# Static Swift libraries: the binary needs nothing from the toolchain. Not position-independent:
# a PIE of this size has ~87,000 relative relocations that the loader applies at every start,
# dirtying the pages they sit on; without them the loader's start-up went from ~5.7 M to ~0.7 M
# cycles (LD_DEBUG=statistics) and --version from 6.3 to 5.2 ms of CPU (median of 100 runs
# interleaved with the PIE). Shared libraries, stack and heap are still placed at random.
# What make generates, inside SwiftPM's .build (which git ignores).
OUT := .build/make
# GNU libstdc++ (the Swift runtime's C++ library) linked statically too. The toolchain's link
# arguments name it as -lstdc++, which the linker looks up in the folders it is given first: in
# this one, libstdc++.so is a linker script that names the static archive. Loading the shared
# library and resolving its symbols was ~0.7 ms of every start: hyperfine -N -r 200, --version
# 3.9 -> 3.2 ms, random --offline on the 100k library 5.8 -> 4.9 ms (fortune 3.0 ms), peak RSS
# 16.7 -> 15.8 MiB; the binary grows by 0.8 MB. Its licence's runtime exception allows it.
STATIC_CXX := $(abspath $(OUT)/static-libstdc++)
RELEASE := -c release --static-swift-stdlib -Xlinker -no-pie -Xlinker -L$(STATIC_CXX)

# The man page's date: the last commit's, so the same source makes the same page.
MANUAL_DATE := $(shell git log -1 --format=%cs 2>/dev/null)

# What the binary is made from. make runs `swift build` when one of them is newer than the binary,
# and otherwise leaves .build alone, so `sudo make install` after `make` writes nothing there.
SOURCES := Makefile Package.swift $(wildcard Package.resolved) \
  $(shell find Sources Migrations Plugins -type f)

.PHONY: all build manual completions install install-strip uninstall deb clean
# A recipe that fails leaves no half-made file that would look up to date.
.DELETE_ON_ERROR:

all: build manual completions

build: $(OUT)/powerquotes

manual: $(OUT)/powerquotes.1

completions: $(OUT)/powerquotes.bash $(OUT)/_powerquotes $(OUT)/powerquotes.fish

$(STATIC_CXX)/libstdc++.so:
	@mkdir -p $(STATIC_CXX)
	archive="$$(clang -print-file-name=libstdc++.a)"; \
	  test -f "$$archive" || { echo "libstdc++.a not found: install libstdc++-12-dev" >&2; exit 1; }; \
	  echo "INPUT($$archive)" >$@

$(OUT)/powerquotes: $(SOURCES) $(STATIC_CXX)/libstdc++.so
	$(SWIFT) build $(RELEASE) --product powerquotes
	@mkdir -p $(OUT)
	cp "$$($(SWIFT) build $(RELEASE) --show-bin-path)/powerquotes" $@.tmp
	mv $@.tmp $@

# ArgumentParser's generate-manual tool, built on its own with the binary's build settings, so it
# reuses the release ArgumentParser and leaves the binary's build alone. `swift package
# generate-manual` runs the same tool, but only after building every product in release mode
# without --static-swift-stdlib: minutes more, and .build/release/powerquotes relinked against the
# toolchain's libraries.
$(OUT)/powerquotes.1: $(OUT)/powerquotes Scripts/generate-manual.sh
	$(SWIFT) build $(RELEASE) --product generate-manual
	Scripts/generate-manual.sh $(OUT)/powerquotes \
	  "$$($(SWIFT) build $(RELEASE) --show-bin-path)/generate-manual" $(MANUAL_DATE) >$@.tmp
	mv $@.tmp $@

# bash-completion sources the script, never runs it: no #! line (lintian asks the same).
$(OUT)/powerquotes.bash: $(OUT)/powerquotes
	$< --generate-completion-script bash | sed '1{/^#!/d}' >$@

$(OUT)/_powerquotes: $(OUT)/powerquotes
	$< --generate-completion-script zsh >$@

$(OUT)/powerquotes.fish: $(OUT)/powerquotes
	$< --generate-completion-script fish >$@

install: all
	$(INSTALL) -d "$(DESTDIR)$(BINDIR)" "$(DESTDIR)$(MAN1DIR)" "$(DESTDIR)$(BASHCOMPLETIONDIR)" \
	  "$(DESTDIR)$(ZSHCOMPLETIONDIR)" "$(DESTDIR)$(FISHCOMPLETIONDIR)"
	$(INSTALL_PROGRAM) $(OUT)/powerquotes "$(DESTDIR)$(BINDIR)/powerquotes"
	$(INSTALL_DATA) $(OUT)/powerquotes.1 "$(DESTDIR)$(MAN1DIR)/powerquotes.1"
	$(INSTALL_DATA) $(OUT)/powerquotes.bash "$(DESTDIR)$(BASHCOMPLETIONDIR)/powerquotes"
	$(INSTALL_DATA) $(OUT)/_powerquotes "$(DESTDIR)$(ZSHCOMPLETIONDIR)/_powerquotes"
	$(INSTALL_DATA) $(OUT)/powerquotes.fish "$(DESTDIR)$(FISHCOMPLETIONDIR)/powerquotes.fish"

# The same, with the binary's symbols stripped (88 MB down to 61 MB).
install-strip:
	$(MAKE) INSTALL_PROGRAM='$(INSTALL_PROGRAM) -s' install

uninstall:
	rm -f "$(DESTDIR)$(BINDIR)/powerquotes" "$(DESTDIR)$(MAN1DIR)/powerquotes.1" \
	  "$(DESTDIR)$(BASHCOMPLETIONDIR)/powerquotes" "$(DESTDIR)$(ZSHCOMPLETIONDIR)/_powerquotes" \
	  "$(DESTDIR)$(FISHCOMPLETIONDIR)/powerquotes.fish"

# A Debian package of the stripped binary, its man page and completions at Debian's paths (zsh's
# vendor folder rather than site-functions), staged by install-strip and finished by
# Scripts/build-deb.sh (copyright, changelog, control), here in the project folder.
DEB_STAGE := $(abspath $(OUT)/deb)
deb: all
	rm -rf $(DEB_STAGE)
	$(MAKE) install-strip DESTDIR=$(DEB_STAGE) PREFIX=/usr \
	  ZSHCOMPLETIONDIR=/usr/share/zsh/vendor-completions
	Scripts/build-deb.sh $(DEB_STAGE) .

# What make generated, and SwiftPM's release build.
clean:
	rm -rf $(OUT)
	rm -rf .build/release .build/*/release
