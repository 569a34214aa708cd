#!/usr/bin/env bash
# A throwaway PostgreSQL server for the tests: a cluster in a temporary folder, listening on a
# free port on 127.0.0.1 only, with one database and a password for its superuser, offering TLS
# with a self-signed certificate (for sslmode=require and verify-full; clients that do not ask
# for TLS may still use plain TCP).
#
#   eval "$(Scripts/postgres-test-server.sh start)"   starts one and exports
#                                                     POWERQUOTES_TEST_POSTGRES_URL (what the
#                                                     tests read) and POWERQUOTES_TEST_POSTGRES_DIR
#   Scripts/postgres-test-server.sh stop              stops it and removes its folder
#
# Needs Debian's postgresql (initdb, pg_ctl; pg_trgm comes with it) and openssl. As root, the
# server runs as the `postgres` user through runuser, since PostgreSQL refuses to run as root;
# otherwise as you.
#
# The folder holds server.crt, the certificate (for 127.0.0.1 and localhost), which is its own
# root: verify-full trusts it with sslrootcert=FOLDER/server.crt; and untrusted-root.crt, a root
# that did not sign it, which verify-full must refuse. The tests find the folder through the
# server (SHOW ssl_cert_file), so POWERQUOTES_TEST_POSTGRES_URL stays the one thing they read.
set -euo pipefail

usage() {
  echo "usage: $0 start | stop [FOLDER]" >&2
  exit 64
}

# The newest installed server's programs.
bindir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
if [ -z "$bindir" ] || [ ! -x "$bindir/initdb" ]; then
  echo "PostgreSQL's server is not installed (apt-get install postgresql postgresql-contrib)." >&2
  exit 1
fi

as_owner() {
  if [ "$(id -u)" -eq 0 ]; then
    runuser -u postgres -- "$@"
  else
    "$@"
  fi
}

start() {
  local folder port password
  if ! command -v openssl >/dev/null; then
    echo "openssl is not installed; the server's certificate needs it (apt-get install openssl)." >&2
    exit 1
  fi
  folder=$(mktemp -d "${TMPDIR:-/tmp}/powerquotes-postgres.XXXXXX")
  if [ "$(id -u)" -eq 0 ]; then chown postgres: "$folder"; fi
  # Only letters and digits: the password goes into a URL as it is.
  password=$(od -An -N12 -tx1 /dev/urandom | tr -d ' \n')
  printf '%s\n' "$password" >"$folder/password"
  if [ "$(id -u)" -eq 0 ]; then chown postgres: "$folder/password"; fi
  chmod 600 "$folder/password"
  # Sockets in the folder (not /var/run/postgresql, which may be missing or another server's);
  # TCP on loopback with a password, so that the tests see password authentication.
  as_owner "$bindir/initdb" --pgdata="$folder/data" --username=postgres \
    --pwfile="$folder/password" --auth-local=trust --auth-host=scram-sha-256 \
    --encoding=UTF8 --locale=C.UTF-8 --no-sync >"$folder/initdb.log" 2>&1 \
    || { cat "$folder/initdb.log" >&2; exit 1; }
  # A self-signed certificate for the addresses the tests use, and a second, unrelated root.
  for name in server untrusted-root; do
    openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj "/CN=127.0.0.1" \
      -addext "subjectAltName=IP:127.0.0.1,DNS:localhost" \
      -keyout "$folder/$name.key" -out "$folder/$name.crt" >"$folder/openssl.log" 2>&1 \
      || { cat "$folder/openssl.log" >&2; exit 1; }
  done
  rm "$folder/untrusted-root.key"
  chmod 600 "$folder/server.key"
  chmod 644 "$folder/server.crt" "$folder/untrusted-root.crt"
  if [ "$(id -u)" -eq 0 ]; then chown postgres: "$folder/server.key" "$folder/server.crt"; fi
  port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
  # fsync off: a test cluster is thrown away, and the tests need not wait for the disk.
  as_owner "$bindir/pg_ctl" --pgdata="$folder/data" --log="$folder/server.log" --wait \
    --options="-c listen_addresses=127.0.0.1 -p $port -k $folder -c fsync=off -c ssl=on \
      -c ssl_cert_file=$folder/server.crt -c ssl_key_file=$folder/server.key" start \
    >/dev/null || { cat "$folder/server.log" >&2; exit 1; }
  as_owner "$bindir/createdb" --host="$folder" --port="$port" --username=postgres \
    powerquotes_test
  echo "export POWERQUOTES_TEST_POSTGRES_URL=postgres://postgres:$password@127.0.0.1:$port/powerquotes_test"
  echo "export POWERQUOTES_TEST_POSTGRES_DIR=$folder"
}

stop() {
  local folder=${1:-${POWERQUOTES_TEST_POSTGRES_DIR:-}}
  if [ -z "$folder" ]; then
    echo "Which server? Pass its folder or set POWERQUOTES_TEST_POSTGRES_DIR." >&2
    exit 64
  fi
  case $folder in
    */powerquotes-postgres.*) ;;
    *) echo "$folder is not a folder this script made." >&2; exit 64 ;;
  esac
  if [ -d "$folder/data" ]; then
    as_owner "$bindir/pg_ctl" --pgdata="$folder/data" --mode=immediate --wait stop \
      >/dev/null 2>&1 || true
  fi
  rm -rf "$folder"
}

case ${1:-} in
  start) start ;;
  stop) stop "${2:-}" ;;
  *) usage ;;
esac
