#!/usr/bin/env bash
# Benchmarks/compare.sh: powerquotes side by side with fortune, sqlite3 and curl, on one data set
# of 100,000 quotes. It measures and prints Markdown tables; it asserts nothing. Performance
# targets live here, never in a test, and this script is not part of CI.
#
# Usage:
#   Benchmarks/compare.sh [--quick] [--keep DIR]
#   POWERQUOTES=/path/to/powerquotes Benchmarks/compare.sh     # measure that binary, build nothing
#
#   --quick     fewer runs (hyperfine: 1 warm-up and 3 runs; 1 run per import): for trying it
#   --keep DIR  generate the data in DIR and leave it there (default: a mktemp -d folder, removed
#               on exit), to measure more by hand, e.g.
#               powerquotes fav search umar --database DIR/powerquotes.sqlite
#   -h, --help  this text
#
# What it does:
#   1. Builds the release binary as it ships (`make build`: static Swift libraries, see the
#      Makefile), or takes $POWERQUOTES.
#   2. Installs what it compares with, with apt-get when missing: hyperfine, fortune-mod (fortune,
#      strfile), sqlite3, curl, fzf, time (/usr/bin/time), librsvg2-bin (rsvg-convert).
#   3. Generates one data set, deterministically and without any file outside the repository:
#      100,000 quotes of DummyJSON's shape (generated English-like text, 13 to 167 characters,
#      a mean near DummyJSON's 82; about 10% of rows with non-ASCII text; 89 authors spread like
#      DummyJSON's, with `Umar ibn Al-Khattāb (R.A)` on exactly 1.9% of rows), written as a JSON
#      array of {"quote", "author"}, a CSV file and a fortune file (+ its strfile index). The
#      powerquotes database is made by `fav import` of the JSON file, and its offline pool is
#      filled with the same 100,000 quotes by `powerquotes sync` from the local server below. The
#      sqlite3 rows are that database itself.
#   4. Serves the quotes on 127.0.0.1 (a free port) as DummyJSON does (`/quotes/random`,
#      `/quotes?limit=&skip=`, `Content-Type: application/json; charset=utf-8`) with a small
#      python3 http.server, started and stopped by this script. Nothing leaves loopback.
#   5. When PostgreSQL's server is installed (initdb, as Scripts/postgres-test-server.sh finds
#      it), starts a throwaway one on 127.0.0.1 with that script, imports the same quotes.json
#      into it, and times list, find, search and stats on it, over TCP (password, TLS) and over
#      its local socket, against the same commands on the SQLite file; without it, that table is
#      skipped with a line saying so.
#   6. Runs each pair in one `hyperfine -N -w 3` run (powerquotes first, the reference second,
#      output into a pipe), the imports with `--prepare` deleting the database, and each command
#      once more under `/usr/bin/time -f %M` for its peak RSS; then prints medians and ratios
#      (powerquotes / reference; below 1x powerquotes is faster), and the ratio of mean CPU time
#      (user + system), which other work on a shared machine disturbs less than wall-clock time.
#
#   7. Imports two Kindle `My Clippings.txt` files it generates the same way: one book of 80,000
#      highlights (the work of a streaming import whose highlights replace or note one another
#      must not grow with the book), and 5,000 highlights whose locations all overlap.
#   8. The full-screen app's table: `powerquotes-bench --app DB` (built with `swift build -c
#      release`, or $POWERQUOTES_BENCH) reads the 100,000 favorites into memory and times the
#      author filter and, from a key to the next frame, typing in the search bar and scrolling;
#      beside it, `fzf --filter umar` on the same 100,000 author<TAB>quote lines, and the ratio.
#      Then the app itself (make's binary) in an 80x24 pseudo-terminal, on the 100,000 favorites
#      and on a library of 3: its opening (from the start to its first frame drawn) beside
#      `random --offline` (start to exit), alternating, medians and their ratio; and its peak RSS
#      (wait4's ru_maxrss) over a session: open, Tab (the table read), /umar, Esc Esc, Tab Tab
#      (read again), q.
#
# It needs bash, python3, and Swift unless $POWERQUOTES is given. A full run takes several minutes
# (most of it the 100k imports); the machine should be otherwise idle for figures worth keeping.
#
# The labels below hold Markdown code spans: backticks in single quotes are meant literally.
# shellcheck disable=SC2016
set -euo pipefail

usage() { sed -n '2,/^# The labels below/p' "$0" | sed '$d' | sed '$d' | sed 's/^# \{0,1\}//'; }

quick=false
keep=""
while [ $# -gt 0 ]; do
  case "$1" in
    --quick) quick=true ;;
    --keep)
      [ $# -ge 2 ] || { echo "--keep takes a folder." >&2; exit 64; }
      keep=$2
      shift
      ;;
    -h | --help) usage; exit 0 ;;
    *) echo "Unknown argument '$1'. See --help." >&2; exit 64 ;;
  esac
  shift
done

repo=$(cd "$(dirname "$0")/.." && pwd)
rows=100000

# Shell-quoted, for the command lines hyperfine splits (and eval below): paths may hold spaces.
q() { printf '%q' "$1"; }
note() { echo "== $*" >&2; }

# --- tools -----------------------------------------------------------------------------------

as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

fortune_bin=$(command -v fortune || echo /usr/games/fortune)
missing=()
command -v hyperfine >/dev/null || missing+=(hyperfine)
{ [ -x "$fortune_bin" ] && command -v strfile >/dev/null; } || missing+=(fortune-mod)
command -v sqlite3 >/dev/null || missing+=(sqlite3)
command -v curl >/dev/null || missing+=(curl)
command -v fzf >/dev/null || missing+=(fzf)
[ -x /usr/bin/time ] || missing+=(time)
command -v rsvg-convert >/dev/null || missing+=(librsvg2-bin)
if [ ${#missing[@]} -gt 0 ]; then
  note "installing ${missing[*]}"
  as_root apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
  fortune_bin=$(command -v fortune || echo /usr/games/fortune)
fi
command -v python3 >/dev/null || { echo "python3 is needed (apt-get install python3)." >&2; exit 1; }

# --- the binary ------------------------------------------------------------------------------

build_note=""
if [ -n "${POWERQUOTES:-}" ]; then
  pq=$POWERQUOTES
  [ -x "$pq" ] || { echo "POWERQUOTES=$pq is not an executable file." >&2; exit 1; }
  build_note="given as POWERQUOTES"
else
  cd "$repo"
  # The Makefile's build is the one that ships (static Swift libraries, see its RELEASE).
  note "make build"
  make build >&2
  build_note="make build (the binary make install installs)"
  pq=.build/make/powerquotes
  cd - >/dev/null
fi
pq=$(cd "$(dirname "$pq")" && pwd)/$(basename "$pq")
if ldd "$pq" 2>/dev/null | grep -q 'libswiftCore'; then
  linking="dynamic Swift runtime"
else
  linking="static Swift runtime"
fi

# --- scratch folder, server, clean-up --------------------------------------------------------

if [ -n "$keep" ]; then
  mkdir -p "$keep"
  work=$(cd "$keep" && pwd)
else
  work=$(mktemp -d)
fi
server_pid=""
postgres_dir=""
cleanup() {
  if [ -n "$server_pid" ]; then kill "$server_pid" 2>/dev/null || true; fi
  if [ -n "$postgres_dir" ]; then "$repo/Scripts/postgres-test-server.sh" stop "$postgres_dir"; fi
  if [ -z "$keep" ]; then rm -rf "$work"; fi
}
trap cleanup EXIT
mkdir -p "$work/results"
rm -f "$work"/results/* "$work"/*.sqlite "$work"/*.sqlite-wal "$work"/*.sqlite-shm "$work/port"

# --- the data set ----------------------------------------------------------------------------

note "generating $rows quotes in $work"
python3 - "$work" "$rows" <<'PY'
import csv, json, sys

folder, count = sys.argv[1], int(sys.argv[2])

# 256 distinct words; the first three words of a quote come from a bijection of its row number,
# so no two quotes are one favorite. One word is non-ASCII (a curly apostrophe).
WORDS = """
a about after again air all always an and are art as at back be beauty become before best better
between beyond blind body bold book bread bright bring but by calm can care change child choose
city clear cold come courage cross dance dark day dead deep desire die do doubt dream drink dust
earth easy end enemy enough ever every eye face fail faith fall far fear feel few fight find fire
first follow fool for forget free friend from full gain give glad go god gold good great grief
grow hand happy hard have he heart help here high hold home hope hour house how humble if in
inside is it joy judge just keep kind king know labour land last laugh learn least leave less let
life light like listen little live long lose love make man many measure mind moment more morning
most mountain much must nature need never new night no not nothing now of old once one only open
or other our out pain patience peace people poor power pride quiet rain read rest rich river road
rose sea seek shadow silence simple sleep slow small soul speak spirit star still stone storm
strength sun sweet take teach tear than that the their there thing think this time to today
tomorrow true trust truth under until virtue wait walk want war water way we wealth well what when
where while who why wide will wind wisdom wise with without wonder word work world year yes yet
you young
don’t
""".split()
assert len(WORDS) == 256 and len(set(WORDS)) == 256, len(WORDS)

# Rows per thousand, like DummyJSON's 1454 quotes (Rumi 200, Muhammad Ali 158, ...); only
# `Umar ibn Al-Khattāb (R.A)` contains "umar" (19 per thousand: 1.9% of rows).
HEAD = [
    ("Rumi", 140), ("Muhammad Ali", 110), ("Ali ibn Abi Talib (R.A)", 90),
    ("Abdul Kalam", 70), ("Abu Bakr (R.A)", 38), ("Mark Twain", 35), ("Albert Einstein", 33),
    ("Friedrich Nietzsche", 28), ("Benjamin Franklin", 24), ("Winston Churchill", 21),
    ("Umar ibn Al-Khattāb (R.A)", 19), ("William Shakespeare", 19),
]
TAIL = """Lao Tzu|Confucius|Seneca|Marcus Aurelius|Epictetus|Socrates|Plato|Aristotle|
Thomas à Kempis|Søren Kierkegaard|Blaise Pascal|François de La Rochefoucauld|
Johann Wolfgang von Goethe|Ralph Waldo Emerson|Henry David Thoreau|Walt Whitman|Emily Dickinson|
Jane Austen|Oscar Wilde|Leo Tolstoy|Fyodor Dostoevsky|Victor Hugo|Voltaire|Michel de Montaigne|
Francis Bacon|John Keats|William Blake|Lord Byron|Percy Bysshe Shelley|Charles Dickens|
George Eliot|Henry Ford|Thomas Edison|Abraham Lincoln|Theodore Roosevelt|Eleanor Roosevelt|
Mahatma Gandhi|Martin Luther King, Jr.|Nelson Mandela|Mother Teresa|Dalai Lama|Buddha|Bruce Lee|
Maya Angelou|Helen Keller|Anne Frank|Marie Curie|Isaac Newton|Galileo Galilei|Leonardo da Vinci|
Michelangelo|Vincent van Gogh|Pablo Picasso|Albert Camus|Virginia Woolf|Rabindranath Tagore|
Kahlil Gibran|Hafez|Omar Khayyám|Sun Tzu|Miyamoto Musashi|Napoleon Bonaparte|Cicero|Heraclitus|
Pythagoras|Diogenes|Arthur Schopenhauer|Immanuel Kant|Baruch Spinoza|René Descartes|
Friedrich Schiller|Rainer Maria Rilke|Hermann Hesse|Franz Kafka|Antoine de Saint-Exupéry|
Bertrand Russell|Aesop""".replace("\n", "").split("|")
assert len(HEAD) + len(TAIL) == 89
spare = 1000 - sum(n for _, n in HEAD)
slots = [a for a, n in HEAD for _ in range(n)]
for k, author in enumerate(TAIL):
    slots += [author] * (spare // len(TAIL) + (1 if k < spare % len(TAIL) else 0))
assert len(slots) == 1000
assert [a for a in HEAD + [(t, 0) for t in TAIL] if "umar" in a[0].lower()] == [HEAD[10]]

def quote(i):
    j = (i * 40503 + 12345) % (1 << 24)  # odd multiplier: a bijection on 24 bits
    words = [WORDS[j & 255], WORDS[(j >> 8) & 255], WORDS[(j >> 16) & 255]]
    state = (i * 2654435761 + 1) & 0x7FFFFFFF
    def draw():
        nonlocal state
        state = (state * 1103515245 + 12345) & 0x7FFFFFFF
        return state >> 8
    length = 4 + draw() % 24
    words += [WORDS[draw() % 256] for _ in range(length - 3)]
    if length >= 10 and i % 3 == 0:
        words[5] += ","  # a comma, so CSV quotes a third of the rows
    text = " ".join(words)
    return {"quote": text[0].upper() + text[1:] + ".", "author": slots[(i * 7919) % 1000]}

quotes = [quote(i) for i in range(count)]
with open(f"{folder}/quotes.json", "w", encoding="utf-8") as f:
    json.dump(quotes, f, ensure_ascii=False, separators=(",", ":"))
with open(f"{folder}/quotes.csv", "w", encoding="utf-8", newline="") as f:
    writer = csv.writer(f, lineterminator="\r\n")
    writer.writerow(["quote", "author"])
    writer.writerows([q["quote"], q["author"]] for q in quotes)
with open(f"{folder}/quotes.fortune", "w", encoding="utf-8") as f:
    f.write("%\n".join(f"{q['quote']}\n\t\t-- {q['author']}\n" for q in quotes) + "%\n")
lengths = [len(q["quote"]) for q in quotes]
with open(f"{folder}/results/dataset.json", "w") as f:
    json.dump({
        "rows": count,
        "mean_length": sum(lengths) / count,
        "min_length": min(lengths),
        "max_length": max(lengths),
        "non_ascii": sum(1 for q in quotes if not (q["quote"] + q["author"]).isascii()),
    }, f)
PY
strfile -s "$work/quotes.fortune" "$work/quotes.fortune.dat"

note "starting a DummyJSON-like server on 127.0.0.1"
python3 - "$work/quotes.json" "$work/port" <<'PY' &
import http.server, json, os, random, sys, urllib.parse

quotes = json.load(open(sys.argv[1], encoding="utf-8"))
pick = random.Random(8)

def item(index):
    return {"id": index + 1, "quote": quotes[index]["quote"], "author": quotes[index]["author"]}

class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def send(self, status, body, content_type):
        self.send_response(status)
        self.send_header("X-RateLimit-Limit", "100")
        self.send_header("X-RateLimit-Remaining", "99")
        self.send_header("Vary", "Origin, Accept-Encoding")
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def send_json(self, value):
        body = json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode()
        self.send(200, body, "application/json; charset=utf-8")

    def do_GET(self):
        url = urllib.parse.urlsplit(self.path)
        path = url.path.lower()
        if path in ("/quotes/random", "/quote/random"):
            self.send_json(item(pick.randrange(len(quotes))))
        elif path in ("/quotes", "/quote"):
            query = urllib.parse.parse_qs(url.query)
            limit = int(query.get("limit", ["30"])[0])
            skip = max(0, int(query.get("skip", ["0"])[0]))
            end = len(quotes) if limit == 0 else min(len(quotes), skip + limit)
            page = [item(k) for k in range(skip, end)]
            self.send_json({"quotes": page, "total": len(quotes), "skip": skip, "limit": len(page)})
        else:
            self.send(404, b"<!DOCTYPE html><title>Error</title>", "text/html; charset=utf-8")

server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
with open(sys.argv[2] + ".part", "w") as f:
    f.write(str(server.server_address[1]))
os.rename(sys.argv[2] + ".part", sys.argv[2])
server.serve_forever()
PY
server_pid=$!
for _ in $(seq 100); do
  [ -s "$work/port" ] && break
  kill -0 "$server_pid" 2>/dev/null || { echo "The local server did not start." >&2; exit 1; }
  sleep 0.1
done
[ -s "$work/port" ] || { echo "The local server did not start in 10 s." >&2; exit 1; }
api="http://127.0.0.1:$(cat "$work/port")"

db="$work/powerquotes.sqlite"
note "powerquotes fav import quotes.json; powerquotes sync (the offline pool)"
"$pq" fav import "$work/quotes.json" --database "$db" >/dev/null
sync_start=$(date +%s.%N)
"$pq" sync --api-url "$api" --database "$db" >/dev/null
sync_end=$(date +%s.%N)
favorites=$(sqlite3 "$db" "select count(*) from favorite")
pooled=$(sqlite3 "$db" "select count(*) from pool_quote")
hits=$(sqlite3 "$db" "select count(*) from favorite where author like '%umar%'")
[ "$favorites" -eq "$rows" ] || { echo "The import made $favorites favorites, not $rows." >&2; exit 1; }
[ "$pooled" -eq "$rows" ] || { echo "The sync pooled $pooled quotes, not $rows." >&2; exit 1; }

# Kindle clippings: every highlight's text made of the same 256 words by a bijection of its
# number, so that no two are one favorite; one a minute, from 2020-01-01.
note "generating Kindle clippings: one book of 80,000 highlights, and 5,000 overlapping ones"
python3 - "$work" <<'PY'
import sys
folder = sys.argv[1]
WORDS = open(folder + "/quotes.fortune", encoding="utf-8").read().split()[:4096]
WORDS = sorted(set(w for w in WORDS if w.isalpha()))[:64]
assert len(WORDS) == 64, len(WORDS)
MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August",
          "September", "October", "November", "December"]

def text(i):
    return " ".join(WORDS[(i >> (6 * k)) & 63] for k in range(4)).capitalize() + \
        " and the rest of a sentence long enough to be a highlight of a book."

def added(i):
    day, minute = divmod(i, 1440)
    month, day = divmod(day % 336, 28)
    return (f"Added on Monday, {MONTHS[month]} {day + 1}, 2020 "
            f"{minute // 60 % 12 or 12}:{minute % 60:02d}:00 {'AM' if minute < 720 else 'PM'}")

def write(name, count, location):
    with open(f"{folder}/{name}", "w", encoding="utf-8", newline="\r\n") as out:
        for i in range(count):
            first, last = location(i)
            out.write("\ufeffA Very Long Book (Writer, Some)\n")
            out.write(f"- Your Highlight on page {first // 10 + 1} | Location {first}-{last} | "
                      f"{added(i)}\n\n{text(i)}\n==========\n")

write("clippings-80k.txt", 80000, lambda i: (10 * i + 1, 10 * i + 4))
write("clippings-overlap.txt", 5000, lambda i: (i + 1, i + 6000))
PY

# --- measuring -------------------------------------------------------------------------------

if $quick; then
  read_opts=(-w 1 --runs 3)
  import_opts=(--runs 1)
else
  read_opts=(-w 3)
  import_opts=(--runs 3)
fi

# Peak RSS in KiB of a command line (a string of shell words), its output into a pipe.
# /usr/bin/time reports the command itself: no shell sits between them.
peak_rss() {
  local out="$work/results/rss.txt"
  eval "/usr/bin/time -f %M -o $(q "$out") $1" | cat >/dev/null
  cat "$out"
}

manifest="$work/results/manifest.tsv"
: >"$manifest"
columns="id, quote, author, source, source_id, saved_at"
n=0

# A command template, made runnable (shell-quoted paths) or readable (short names): @PQ@ the
# binary, @DB@ the database, @FORTUNE@ fortune, @FILE@ the fortune file, @API@ the server,
# @URL@ its /quotes/random.
runnable() {
  local s=$1 r
  r=$(q "$pq") && s=${s//@PQ@/"$r"}
  r=$(q "$db") && s=${s//@DB@/"$r"}
  r=$(q "$work/quotes.fortune") && s=${s//@FILE@/"$r"}
  r=$(q "$api/quotes/random") && s=${s//@URL@/"$r"}
  r=$(q "$api") && s=${s//@API@/"$r"}
  r=$(q "$fortune_bin") && s=${s//@FORTUNE@/"$r"}
  r=$(q "$work/stats.sql") && s=${s//@STATS@/"$r"}
  r=$(q "$postgres_url") && s=${s//@PG@/"$r"}
  r=$(q "$postgres_socket_url") && s=${s//@PGSOCKET@/"$r"}
  r=$(q "$work/card.png") && s=${s//@CARD@/"$r"}
  r=$(q "$work/card.svg") && s=${s//@SVG@/"$r"}
  r=$(q "$work/reference-card.png") && s=${s//@REFCARD@/"$r"}
  printf '%s' "$s"
}
readable() {
  local s=$1
  s=${s//@PQ@/powerquotes}
  s=${s//@DB@/DB}
  s=${s//@FILE@/FILE}
  s=${s//@URL@/URL}
  s=${s//@API@/API}
  s=${s//@FORTUNE@/fortune}
  s=${s//@STATS@/STATS.sql}
  s=${s//@PG@/PG-URL}
  s=${s//@CARD@/card.png}
  s=${s//@SVG@/card.svg}
  s=${s//@REFCARD@/reference.png}
  printf '%s' "$s"
}

# compare LABEL REFERENCE-NAME POWERQUOTES-TEMPLATE REFERENCE-TEMPLATE
compare() {
  n=$((n + 1))
  local mine theirs
  mine=$(runnable "$3")
  theirs=$(runnable "$4")
  note "$(readable "$3")  vs  $(readable "$4")"
  hyperfine -N "${read_opts[@]}" --output=pipe --style=basic \
    --export-json "$work/results/$n.json" -n powerquotes "$mine" -n reference "$theirs" >&2
  printf 'pair\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$1" "$2" "$n.json" "$(peak_rss "$mine")" \
    "$(peak_rss "$theirs")" "$(readable "$3")" "$(readable "$4")" >>"$manifest"
}

# compare_stores LABEL ARGUMENTS: powerquotes ARGUMENTS on PostgreSQL over TCP (password and
# TLS, as from another machine), on PostgreSQL over its local socket (as on the same machine),
# then on the SQLite file.
compare_stores() {
  n=$((n + 1))
  local on_tcp on_socket on_sqlite
  on_tcp=$(runnable "@PQ@ $2 --database @PG@")
  on_socket=$(runnable "@PQ@ $2 --database @PGSOCKET@")
  on_sqlite=$(runnable "@PQ@ $2 --database @DB@")
  note "powerquotes $2 on PostgreSQL (TCP, socket) vs SQLite"
  hyperfine -N "${read_opts[@]}" --output=pipe --style=basic \
    --export-json "$work/results/$n.json" -n tcp "$on_tcp" -n socket "$on_socket" \
    -n reference "$on_sqlite" >&2
  printf 'stores\t%s\t%s\n' "$1" "$n.json" >>"$manifest"
}

# measure_import LABEL FILE
measure_import() {
  n=$((n + 1))
  local target="$work/import.sqlite"
  local command T
  T=$(q "$target")
  command="$(q "$pq") fav import $(q "$2") --database $T"
  note "powerquotes fav import $(basename "$2") --database NEW-DB"
  hyperfine -N "${import_opts[@]}" --output=pipe --style=basic \
    --prepare "rm -f $T $T-wal $T-shm" --export-json "$work/results/$n.json" \
    -n powerquotes "$command" >&2
  local imported
  imported=$(sqlite3 "$target" "select count(*) from favorite")
  rm -f "$target" "$target-wal" "$target-shm"
  local rss
  rss=$(peak_rss "$command")
  printf 'import\t%s\t%s\t%s\t%s\t%s\n' "$1" "$(stat -c %s "$2")" "$n.json" "$rss" "$imported" \
    >>"$manifest"
  rm -f "$target" "$target-wal" "$target-shm"
}

load_before=$(cut -d ' ' -f 1-3 /proc/loadavg)
started=$(date +%s)

compare '`random --offline`' '`fortune`' '@PQ@ random --offline --database @DB@' '@FORTUNE@ @FILE@'
compare '`--version`' '`fortune`' '@PQ@ --version' '@FORTUNE@ @FILE@'
compare "\`fav search umar\` ($(printf '%s' "$hits" | sed ':a;s/\B[0-9]\{3\}\>/,&/;ta') hits)" \
  '`sqlite3`' '@PQ@ fav search umar --database @DB@' \
  "sqlite3 @DB@ \"select id, author, quote from favorite where author like '%umar%'\""
compare '`fav list` into a pipe' '`sqlite3`' '@PQ@ fav list --database @DB@' \
  'sqlite3 @DB@ "select id, author, quote from favorite order by id"'
compare '`fav list --format json`' '`sqlite3 -json`' '@PQ@ fav list --format json --database @DB@' \
  "sqlite3 -json @DB@ \"select $columns from favorite order by id\""
compare '`fav export --format csv`' '`sqlite3 -csv`' \
  '@PQ@ fav export --format csv --database @DB@' \
  'sqlite3 -csv -header @DB@ "select quote, author, source, source_id, saved_at from favorite order by id"'
compare '`fav export --format json`' '`sqlite3 -json`' \
  '@PQ@ fav export --format json --database @DB@' \
  "sqlite3 -json @DB@ \"select $columns from favorite order by id\""
# fav find: the same FTS5 MATCH on the same index, ranked by bm25 (FTS5's rank).
found=$(sqlite3 "$db" "select count(*) from favorite_search where favorite_search match 'love'")
compare "\`fav find love\` ($(printf '%s' "$found" | sed ':a;s/\B[0-9]\{3\}\>/,&/;ta') hits)" \
  '`sqlite3` FTS5 `MATCH`, bm25 order' '@PQ@ fav find love --database @DB@' \
  "sqlite3 @DB@ \"select f.id, f.author, f.quote from favorite_search s join favorite f on f.id = s.rowid where favorite_search match 'love' order by s.rank\""
# fav stats: the same counts as plain queries (months by the local time, as fav stats has them).
cat >"$work/stats.sql" <<'SQL'
SELECT count(*) FROM favorite;
SELECT count(*) FROM favorite_author;
SELECT (SELECT author FROM favorite WHERE author_folded = a.folded ORDER BY id LIMIT 1),
  a.favorite_count FROM favorite_author AS a WHERE a.favorite_count > 0
  ORDER BY a.favorite_count DESC, a.folded LIMIT 10;
SELECT tag, count(*) AS n FROM favorite_tag GROUP BY tag ORDER BY n DESC, tag;
SELECT count(DISTINCT favorite_id) FROM favorite_tag;
SELECT source, count(*) FROM favorite GROUP BY source;
SELECT strftime('%Y-%m', saved_at, 'localtime') AS month, count(*) FROM favorite GROUP BY month;
SQL
compare '`fav stats`' '`sqlite3`, the same counts by GROUP BY' '@PQ@ fav stats --database @DB@' \
  'sqlite3 -init @STATS@ @DB@ .quit'
# Tab completion: the call a generated bash script makes (see LibraryCompletion), against
# sqlite3 reading the same rows. Its target is 20 ms at 100,000 favorites.
compare '`fav tag 1<Tab>` (ids; completion call)' '`sqlite3`, the same rows' \
  "@PQ@ ---completion fav tag -- positional@0 5 1 powerquotes fav tag --database @DB@ 1" \
  "sqlite3 @DB@ \"select id, substr(quote, 1, 60) from favorite where cast(id as text) like '1%' order by id limit 500\""
compare '`fav search <Tab>` (authors; completion call)' '`sqlite3`, the same rows' \
  "@PQ@ ---completion fav search -- positional@0 5 0 powerquotes fav search --database @DB@ ''" \
  'sqlite3 @DB@ "select (select author from favorite where author_folded = a.folded order by id limit 1) from favorite_author as a where a.favorite_count > 0 order by 1"'
compare '`random --online` (DummyJSON-like server on loopback)' '`curl -s`' \
  '@PQ@ random --online --api-url @API@ --database @DB@' 'curl -s @URL@'
# A picture card: favorite 1 drawn as a 1080x1080 PNG (the SVG laid out, librsvg loaded, the
# fonts found, the PNG encoded and written), against rsvg-convert drawing the same card's SVG
# into a PNG. Its target is 100 ms.
"$pq" fav share 1 --image "$work/card.svg" --database "$db" 2>/dev/null
compare '`fav share 1 --image card.png` (1080x1080)' '`rsvg-convert` of its SVG' \
  '@PQ@ fav share 1 --image @CARD@ --database @DB@' 'rsvg-convert -o @REFCARD@ @SVG@'

measure_import "JSON (\`[{\"quote\", \"author\"}]\`)" "$work/quotes.json"
measure_import 'CSV (`quote,author`)' "$work/quotes.csv"
measure_import 'fortune' "$work/quotes.fortune"
measure_import 'Kindle clippings, one book of 80,000 highlights' "$work/clippings-80k.txt"
measure_import 'Kindle clippings, 5,000 overlapping highlights' "$work/clippings-overlap.txt"

# The same library on PostgreSQL, on a throwaway server (its own folder, loopback only).
postgres_url=""
postgres_socket_url=""
if ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
  note "starting a throwaway PostgreSQL server; powerquotes fav import quotes.json into it"
  postgres_env=$("$repo/Scripts/postgres-test-server.sh" start)
  postgres_dir=$(printf '%s\n' "$postgres_env" | sed -n 's/^export POWERQUOTES_TEST_POSTGRES_DIR=//p')
  postgres_url=$(printf '%s\n' "$postgres_env" | sed -n 's/^export POWERQUOTES_TEST_POSTGRES_URL=//p')
  # The same database through the server's socket in its folder: no TCP, TLS or password
  # (the throwaway server trusts local connections, as Debian's trusts a user's own by peer).
  postgres_port=${postgres_url##*:}
  postgres_port=${postgres_port%%/*}
  postgres_socket_url="postgres://postgres@$(python3 -c 'import sys, urllib.parse; print(urllib.parse.quote(sys.argv[1], safe=""))' "$postgres_dir"):$postgres_port/powerquotes_test"
  "$pq" fav import "$work/quotes.json" --database "$postgres_url" >/dev/null
  # What autovacuum does a minute after an import, done now: the table's statistics and
  # visibility map, so that every run meets the table as a library in use has it.
  if command -v psql >/dev/null; then psql -q "$postgres_url" -c 'VACUUM ANALYZE' >/dev/null; fi
  compare_stores '`fav list` into a pipe' 'fav list'
  compare_stores '`fav list --format json`' 'fav list --format json'
  compare_stores "\`fav find love\` ($(printf '%s' "$found" | sed ':a;s/\B[0-9]\{3\}\>/,&/;ta') hits)" \
    'fav find love'
  compare_stores "\`fav search umar\` ($(printf '%s' "$hits" | sed ':a;s/\B[0-9]\{3\}\>/,&/;ta') hits)" \
    'fav search umar'
  compare_stores '`fav stats`' 'fav stats'
  echo "postgres=$(psql -At "$postgres_url" -c 'SHOW server_version' 2>/dev/null || echo '?')" \
    >"$work/results/postgres.txt"
else
  echo "postgres=" >"$work/results/postgres.txt"
fi

finished=$(date +%s)
load_after=$(cut -d ' ' -f 1-3 /proc/loadavg)

# --- the report ------------------------------------------------------------------------------

{
  echo "machine=$(nproc) cores, $(grep -m 1 'model name' /proc/cpuinfo | cut -d : -f 2- | sed 's/^ *//')"
  echo "load=$load_before before, $load_after after"
  echo "binary=$("$pq" --version) ($build_note; $linking)"
  echo "tools=$(hyperfine --version), fortune-mod $(dpkg-query -W -f='${Version}' fortune-mod 2>/dev/null || echo '?'), sqlite3 $(sqlite3 --version | cut -d ' ' -f 1), $(curl --version | head -n 1 | cut -d ' ' -f 1-2)"
  echo "mode=$($quick && echo 'quick (hyperfine -N -w 1 --runs 3; 1 run per import)' || echo 'full (hyperfine -N -w 3, its default runs; 3 runs per import)')"
  echo "measured=$SECONDS s in all, $((finished - started)) s of them measuring; the sync that filled the pool took $(python3 -c "print(f'{$sync_end - $sync_start:.1f}')") s"
} >"$work/results/about.txt"

python3 - "$work/results" <<'PY'
import json, sys

folder = sys.argv[1]
about = dict(line.rstrip("\n").split("=", 1) for line in open(f"{folder}/about.txt"))
data = json.load(open(f"{folder}/dataset.json"))

def result(name, which):
    results = json.load(open(f"{folder}/{name}"))["results"]
    return next(r for r in results if r["command"] == which)

def median(name, which):
    return result(name, which)["median"]

def cpu(name, which):
    """Mean user + system time: what the command itself spent, whatever else the machine ran."""
    found = result(name, which)
    return found["user"] + found["system"]

def ms(seconds):
    value = seconds * 1000
    if value >= 100:
        return f"{value:,.0f} ms"
    return f"{value:.1f} ms"

def mb(kib):
    return f"{int(kib) / 1024:.1f} MiB"

pairs, imports, stores = [], [], []
for line in open(f"{folder}/manifest.tsv", encoding="utf-8"):
    kind, *fields = line.rstrip("\n").split("\t")
    {"pair": pairs, "import": imports, "stores": stores}[kind].append(fields)
postgres = open(f"{folder}/postgres.txt").read().strip().split("=", 1)[1]

print(f"Machine: {about['machine']}; load average {about['load']}.")
print(f"Binary: {about['binary']}.")
print(f"Tools: {about['tools']}.")
print(f"Runs: {about['mode']}; {about['measured']}.")
print(
    f"Data: {data['rows']:,} generated quotes (mean {data['mean_length']:.0f} characters, "
    f"{data['min_length']} to {data['max_length']}; {data['non_ascii']:,} with non-ASCII text), "
    f"as favorites and as the offline pool; the same entries as a fortune file with its strfile "
    f"index. Times are medians of wall-clock time; ratio = powerquotes / reference; CPU ratio "
    f"and (CPU) use the mean user + system time, which other load on the machine disturbs less."
)
print()
print("| command | powerquotes | reference | ratio | CPU ratio |")
print("|---|---|---|---|---|")
for label, reference, name, _, _, _, _ in pairs:
    mine, theirs = median(name, "powerquotes"), median(name, "reference")
    cpu_ratio = cpu(name, "powerquotes") / max(cpu(name, "reference"), 1e-4)
    print(
        f"| {label} | {ms(mine)} | {reference} {ms(theirs)} | {mine / theirs:.1f}x "
        f"| {cpu_ratio:.1f}x |"
    )
print()
print("| import into a new database (100,000 rows unless said) | file | time (CPU) | rows/s "
      "| peak RSS |")
print("|---|---|---|---|---|")
for label, size, name, rss, imported in imports:
    seconds = median(name, "powerquotes")
    note = "" if int(imported) == data["rows"] else f" ({int(imported):,} imported)"
    print(
        f"| {label}{note} | {int(size) / 1e6:.1f} MB "
        f"| {seconds:.2f} s ({cpu(name, 'powerquotes'):.2f} s) "
        f"| {int(imported) / seconds:,.0f} | {mb(rss)} |"
    )
print()
if stores:
    print(
        f"The same library on PostgreSQL {postgres} (a throwaway server on this machine, "
        f"imported from the same quotes.json) against the SQLite file, reached over TCP on "
        f"loopback with a password and TLS, and over the server's local socket; the CPU ratios "
        f"are powerquotes' own, without the server's:"
    )
    print()
    print("| command | PostgreSQL TCP | PostgreSQL socket | SQLite | ratio TCP | ratio socket | CPU ratio TCP | CPU ratio socket |")
    print("|---|---|---|---|---|---|---|---|")
    for label, name in stores:
        tcp, socket, theirs = (median(name, which) for which in ("tcp", "socket", "reference"))
        reference_cpu = max(cpu(name, "reference"), 1e-4)
        print(
            f"| {label} | {ms(tcp)} | {ms(socket)} | {ms(theirs)} | {tcp / theirs:.1f}x "
            f"| {socket / theirs:.1f}x | {cpu(name, 'tcp') / reference_cpu:.1f}x "
            f"| {cpu(name, 'socket') / reference_cpu:.1f}x |"
        )
    print()
    print(
        "Each runs `powerquotes ARGUMENTS --database PG-URL` (`postgres://postgres:PASSWORD@127.0.0.1:PORT/powerquotes_test`, "
        "then `postgres://postgres@%2FSOCKET-FOLDER:PORT/powerquotes_test`) against `... --database DB`."
    )
else:
    print("PostgreSQL's server is not installed (initdb): no PostgreSQL table.")
print()
print("| peak RSS | powerquotes | reference |")
print("|---|---|---|")
for label, reference, _, mine, theirs, _, _ in pairs:
    print(f"| {label} | {mb(mine)} | {reference} {mb(theirs)} |")
print()
print("The commands (DB: the database, FILE: the fortune file, API and URL: the local server and")
print("its /quotes/random, STATS.sql: the queries of `fav stats` in the script, card.svg: the SVG")
print("of favorite 1's card; imports run `powerquotes fav import FILE --database NEW-DB`):")
print()
for label, _, _, _, _, mine, theirs in pairs:
    print(f"- `{mine}` and `{theirs}`")
PY

# --- the full-screen app's table beside fzf --------------------------------------------------

if [ -n "${POWERQUOTES_BENCH:-}" ]; then
  bench=$POWERQUOTES_BENCH
else
  note "swift build -c release --product powerquotes-bench"
  (cd "$repo" && swift build -c release --product powerquotes-bench >&2)
  bench="$(cd "$repo" && swift build -c release --show-bin-path)/powerquotes-bench"
fi
sqlite3 "$db" "select author || char(9) || replace(quote, char(10), ' ') from favorite order by id" \
  >"$work/lines.tsv"
note "fzf --filter umar on $(wc -l <"$work/lines.tsv") lines; powerquotes-bench --app"
# Through sh, for the redirection (hyperfine 1.15, Debian 12's, has no --input): ~1 ms more.
hyperfine -N "${read_opts[@]}" --output pipe --export-json "$work/results/fzf.json" \
  "sh -c 'fzf --filter umar < $(q "$work/lines.tsv")'" >&2
"$bench" --app "$db" >"$work/results/app.txt"
echo
echo "The full-screen app's table on the same $rows favorites (powerquotes-bench --app DB; the"
echo "terminal's own drawing is not in it), beside fzf --filter on their author<TAB>quote lines:"
echo
sed 's/^/    /' "$work/results/app.txt"
echo
python3 - "$work/results/fzf.json" "$work/results/app.txt" <<'PY'
import json, re, sys
result = json.load(open(sys.argv[1]))["results"][0]
fzf = result["median"] * 1000
fzf_cpu = (result["user"] + result["system"]) * 1000
text = open(sys.argv[2]).read()
def value(label):
    match = re.search(re.escape(label) + r"[^\n]*?([0-9.]+) (ms|µs)", text)
    number = float(match.group(1))
    return number if match.group(2) == "ms" else number / 1000
filter_ms = value("filter 'umar'")
load_ms = value("read into memory")
print(f"fzf --filter umar (the whole process): {fzf:.1f} ms median, {fzf_cpu:.1f} ms CPU; the app's "
      f"filter: {filter_ms:.2f} ms (fzf / app: {fzf / max(filter_ms, 1e-6):.0f}x by wall clock, "
      f"{fzf_cpu / max(filter_ms, 1e-6):.0f}x by CPU); reading the table once: {load_ms:.0f} ms.")
PY

# --- the app itself: opening and peak memory ---------------------------------------------------

small="$work/three.sqlite"
rm -f "$small"
for author in 'Bruce Lee' 'José Martí' '魯迅'; do
  POWERQUOTES_API_URL=http://127.0.0.1:9 "$pq" fav add "A quote by $author." --author "$author" \
    --database "$small" >/dev/null
done
note "the app in a pseudo-terminal: opening beside random --offline, and peak RSS"
echo
python3 - "$pq" "$db" "$small" "$([ "$quick" = true ] && echo 5 || echo 30)" <<'PY'
import fcntl, os, statistics, struct, sys, termios, time

binary, big, small, runs = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])

def spawn(argv, database):
    env = {"PATH": "/usr/bin:/bin", "HOME": os.environ.get("HOME", "/tmp"), "LANG": "C.UTF-8",
           # screen's terminfo has no `rep`: ncurses then writes 100000 as it reads, not as
           # "10" and "repeat 0 four times".
           "TERM": "screen-256color", "POWERQUOTES_DATABASE": database,
           "POWERQUOTES_API_URL": "http://127.0.0.1:9"}
    main, replica = os.openpty()
    fcntl.ioctl(main, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    start = time.perf_counter()
    pid = os.posix_spawn(argv[0], argv, env, setsid=True, file_actions=[
        (os.POSIX_SPAWN_DUP2, replica, 0), (os.POSIX_SPAWN_DUP2, replica, 1),
        (os.POSIX_SPAWN_DUP2, replica, 2)])
    os.close(replica)
    return start, pid, main

def read_until(main, seen, marker=None):
    """Reads until `marker` is in what the program wrote (or it ends); returns all of it."""
    while marker is None or marker not in seen:
        try:
            chunk = os.read(main, 65536)
        except OSError:
            chunk = b""
        if not chunk:
            if marker is not None:
                sys.exit(f"the app ended before writing {marker!r}: {seen[-400:]!r}")
            break
        seen += chunk
    return seen

def finish(pid, main):
    read_until(main, b"")
    rusage = os.wait4(pid, 0)[2]
    os.close(main)
    return rusage.ru_maxrss

def opening(database):
    start, pid, main = spawn([binary], database)
    read_until(main, b"", b"quit")  # the footer: the first frame's last row
    first = time.perf_counter() - start
    os.write(main, b"q")
    finish(pid, main)
    return first

def random_offline(database):
    start, pid, main = spawn([binary, "random", "--offline"], database)
    finish(pid, main)
    return time.perf_counter() - start

def session(database, count):
    _, pid, main = spawn([binary], database)
    read_until(main, b"", b"quit")
    time.sleep(1)  # the first quote shown
    # The table's count is drawn once it is read (ncurses may skip a cell that is on the screen
    # already, so only the digits are looked for: enough at 100,000).
    read = str(count).encode() if count >= 1000 else None
    for keys, marker in [(b"\t", read), (b"/umar", None), (b"\x1b\x1b", None), (b"\t", None),
                         (b"\t", read)]:
        os.write(main, keys)
        if marker:
            read_until(main, b"", marker)
        time.sleep(0.3)
    os.write(main, b"q")
    return finish(pid, main)

print("| library | app to its first frame | `random --offline` | app / random | app's peak RSS (session) |")
print("|---|---|---|---|---|")
for label, database, count in [("100,000 favorites", big, 100000), ("3 favorites", small, 3)]:
    opens, randoms = [], []
    for index in range(runs + 3):
        first, offline = opening(database), random_offline(database)
        if index >= 3:
            opens.append(first)
            randoms.append(offline)
    peak = max(session(database, count) for _ in range(3))
    o, r = statistics.median(opens) * 1000, statistics.median(randoms) * 1000
    print(f"| {label} | {o:.1f} ms | {r:.1f} ms | {o / r:.2f}x | {peak / 1024:.1f} MiB |")
print()
print(f"(Medians of {runs} runs each, alternating, in an 80x24 pseudo-terminal; the session's peak "
      "is the largest of 3.)")
PY
