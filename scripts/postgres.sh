#!/bin/sh
# A throwaway PostgreSQL cluster for the tests and bench:fleet (Debian's `postgresql` package).
#
#   scripts/postgres.sh install      install postgresql with apt-get when missing (root only)
#   scripts/postgres.sh start DIR    start a cluster in DIR (created when missing) and print its URL;
#                                    idempotent: a running cluster in DIR is reused (flock on DIR/lock)
#   scripts/postgres.sh stop DIR     stop it (immediate) and remove DIR
#   scripts/postgres.sh restart DIR fast|immediate
#                                    restart the running cluster in DIR on the same port, shutting
#                                    down in that mode (fault tests; never the cluster others share)
#   scripts/postgres.sh down DIR fast|immediate
#   scripts/postgres.sh up DIR       the two halves of a restart, for a test that keeps the server
#                                    down until its clients have noticed; DIR is kept
#
# The cluster listens on 127.0.0.1 only, on a free port, with trust authentication (nothing but
# this machine can reach it), and runs as an unprivileged user: PostgreSQL refuses to run as root,
# so under root (CI) it runs as `postgres` (created by the package) via runuser.
# fsync is off unless POSTGRES_FSYNC=on: a throwaway cluster has nothing to keep across a crash.
set -eu

bindir() {
  for d in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r); do
    [ -x "$d/initdb" ] && { echo "$d"; return 0; }
  done
  command -v initdb >/dev/null 2>&1 && { dirname "$(command -v initdb)"; return 0; }
  return 1
}

install() {
  bindir >/dev/null && return 0
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql postgresql-contrib >/dev/null
    bindir >/dev/null && return 0
  fi
  echo "PostgreSQL is needed for the fleet tests: install Debian's postgresql (sudo apt-get install postgresql)." >&2
  exit 1
}

# Runs a command as the cluster's unprivileged user.
as_user() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

free_port() {
  node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'
}

start() {
  dir=$1
  install
  bin=$(bindir)
  mkdir -p "$dir"
  exec 9>"$dir/lock"
  flock 9
  if [ -f "$dir/url" ] && as_user "$bin/pg_ctl" -D "$dir/data" status >/dev/null 2>&1; then
    cat "$dir/url"
    return 0
  fi
  rm -rf "$dir/data"
  [ "$(id -u)" = 0 ] && chown postgres "$dir"
  as_user "$bin/initdb" -D "$dir/data" -U postgres -A trust -E UTF8 --no-sync >"$dir/initdb.log" 2>&1 \
    || { cat "$dir/initdb.log" >&2; exit 1; }
  fsync=${POSTGRES_FSYNC:-off}
  for try in 1 2 3; do
    port=$(free_port)
    opts="-p $port -k $dir -c listen_addresses=127.0.0.1 -c max_connections=300 -c fsync=$fsync -c synchronous_commit=$fsync -c full_page_writes=$fsync"
    if as_user "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 30 start 9>&- -o "$opts" >/dev/null 2>&1; then
      echo "$opts" >"$dir/opts"
      echo "postgres://postgres@127.0.0.1:$port/postgres" >"$dir/url"
      echo "$bin" >"$dir/bin"
      cat "$dir/url"
      return 0
    fi
  done
  cat "$dir/server.log" >&2
  exit 1
}

stop() {
  dir=$1
  [ -d "$dir" ] || return 0
  bin=$(bindir || true)
  if [ -n "$bin" ] && [ -d "$dir/data" ]; then
    as_user "$bin/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null 2>&1 || true
  fi
  rm -rf "$dir"
}

# pg_ctl restart reuses the options the cluster was started with (postmaster.opts): same port.
# -m immediate is a crash: the start that follows runs crash recovery.
restart() {
  dir=$1
  mode=$2
  bin=$(cat "$dir/bin")
  as_user "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -m "$mode" -w -t 120 restart >/dev/null 2>&1 \
    || { tail -n 20 "$dir/server.log" >&2; exit 1; }
}

down() {
  as_user "$(cat "$1/bin")/pg_ctl" -D "$1/data" -m "$2" -w -t 120 stop >/dev/null 2>&1 \
    || { tail -n 20 "$1/server.log" >&2; exit 1; }
}

# Starts it again as `start` did (same port and settings).
up() {
  as_user "$(cat "$1/bin")/pg_ctl" -D "$1/data" -l "$1/server.log" -w -t 120 start -o "$(cat "$1/opts")" >/dev/null 2>&1 \
    || { tail -n 20 "$1/server.log" >&2; exit 1; }
}

case "${1:-}" in
  install) install ;;
  start) [ $# -eq 2 ] || { echo "usage: $0 start DIR" >&2; exit 2; }; start "$2" ;;
  stop) [ $# -eq 2 ] || { echo "usage: $0 stop DIR" >&2; exit 2; }; stop "$2" ;;
  restart) case "${3:-}" in fast|immediate) ;; *) echo "usage: $0 restart DIR fast|immediate" >&2; exit 2 ;; esac; restart "$2" "$3" ;;
  down) case "${3:-}" in fast|immediate) ;; *) echo "usage: $0 down DIR fast|immediate" >&2; exit 2 ;; esac; down "$2" "$3" ;;
  up) [ $# -eq 2 ] || { echo "usage: $0 up DIR" >&2; exit 2; }; up "$2" ;;
  *) echo "usage: $0 install | start DIR | stop DIR | restart DIR fast|immediate | down DIR fast|immediate | up DIR" >&2; exit 2 ;;
esac
