#!/usr/bin/env bash
# Load test: gunicorn with production settings (DEBUG off, a generated key, 2 sync workers)
# on 127.0.0.1, its own database with a 150-entry event, then wrk for 20 s at 16 connections
# against the standings page, uncached then cached, then the same bytes from a WSGI app that
# does nothing (the ceiling of this machine this minute). Prints req/s, p50, p99, non-200 count.
#
#   bench/load.sh                  # SQLite in a temporary directory
#   LOAD_DB=postgres bench/load.sh # a throwaway podium_load_<pid> database on 127.0.0.1:5432
#
# The cached run uses Redis on 127.0.0.1:6379 when it answers (as production does), else
# each worker's memory. Targets on a 2-core machine: uncached >= 100 req/s with p99 <= 250 ms,
# cached >= 3,000 req/s, no error. Loopback only; about a minute in all.
set -euo pipefail
cd "$(dirname "$0")/.."

DURATION=${LOAD_DURATION:-20s}
CONNECTIONS=${LOAD_CONNECTIONS:-16}
WORKERS=${LOAD_WORKERS:-2}
PY=.venv/bin/python
[ -x "$PY" ] || make setup >/dev/null
# A free port below the ephemeral range, so that no client connection holds it.
free_port='
import random, socket
for port in random.sample(range(20000, 32000), 200):
    with socket.socket() as probe:
        try:
            probe.bind(("127.0.0.1", port))
        except OSError:
            continue
        print(port)
        break
'
PORT=${LOAD_PORT:-$($PY -c "$free_port")}

missing=""
command -v wrk >/dev/null || missing="wrk"
command -v curl >/dev/null || missing="$missing curl"
if [ -n "$missing" ]; then
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $missing >/dev/null
fi

work=$(mktemp -d /tmp/podium-load-XXXXXX)
gunicorn_pid=""
pg_db=""
cleanup() {
  if [ -n "$gunicorn_pid" ] && kill -0 "$gunicorn_pid" 2>/dev/null; then
    kill -TERM "$gunicorn_pid"; wait "$gunicorn_pid" 2>/dev/null || true
  fi
  if [ -n "$pg_db" ]; then
    psql -h 127.0.0.1 -U postgres -d postgres -qc "DROP DATABASE IF EXISTS $pg_db" >/dev/null || true
  fi
  rm -rf "$work"
}
trap cleanup EXIT

export DEBUG=0 ALLOWED_HOSTS=127.0.0.1 LOG_LEVEL=WARNING
# wrk is one client asking for the same page thousands of times: no limit on its renders.
export PODIUM_RENDER_RATE=1000000/second
SECRET_KEY=$($PY -c 'import secrets; print(secrets.token_urlsafe(50))')
export SECRET_KEY
if [ "${LOAD_DB:-sqlite}" = postgres ]; then
  pg_db="podium_load_$$"
  psql -h 127.0.0.1 -U postgres -d postgres -qc "CREATE DATABASE $pg_db" >/dev/null
  export DATABASE_URL="postgres://postgres@127.0.0.1:5432/$pg_db"
else
  export DATABASE_URL="sqlite:///$work/load.sqlite3"
fi

echo "== preparing: $(echo "$DATABASE_URL" | cut -d: -f1), migrate, a 150-entry event, static files"
$PY manage.py migrate --noinput -v 0
url=$($PY -m bench.load_event load-150 150 | cut -d' ' -f1)
$PY manage.py collectstatic --noinput -v 0

redis_url=""
if (exec 3<>/dev/tcp/127.0.0.1/6379) 2>/dev/null; then redis_url="redis://127.0.0.1:6379/0"; fi

start_gunicorn() {
  .venv/bin/gunicorn "${APP:-config.wsgi:application}" --bind "127.0.0.1:$PORT" \
    --workers "$WORKERS" --worker-class sync --log-level warning --pid "$work/gunicorn.pid" &
  gunicorn_pid=$!
  for _ in $(seq 1 100); do
    if curl -fs -o /dev/null "http://127.0.0.1:$PORT/healthz"; then return 0; fi
    sleep 0.1
  done
  echo "gunicorn did not answer on 127.0.0.1:$PORT" >&2
  return 1
}

stop_gunicorn() {
  kill -TERM "$gunicorn_pid"
  wait "$gunicorn_pid" 2>/dev/null || true
  gunicorn_pid=""
}

declare -A results
run() {
  local name=$1
  start_gunicorn
  # One request first, so both runs start from a warm worker (the cached run: a stored page).
  curl -fsS -o "$work/page-$name.html" -H "X-Forwarded-Proto: https" "http://127.0.0.1:$PORT$url"
  echo "== $name: wrk -t2 -c$CONNECTIONS -d$DURATION http://127.0.0.1:$PORT$url"
  line=$(wrk -t2 -c"$CONNECTIONS" -d"$DURATION" --timeout 5s -s bench/load.lua \
    "http://127.0.0.1:$PORT$url" | grep '^RESULT')
  stop_gunicorn
  results[$name]=${line#RESULT }
  echo "   ${results[$name]}"
}

PODIUM_PAGE_CACHE_SECONDS=0 run uncached
cache_label="locmem"
if [ -n "$redis_url" ]; then cache_label="redis"; fi
REDIS_URL=$redis_url CACHE_KEY_PREFIX="podium-load-$$" PODIUM_PAGE_CACHE_SECONDS=300 run cached
# The baseline, measured the same way in the same minute: gunicorn serving the same page's
# bytes from a WSGI app that does nothing else (bench/bare_wsgi.py).
APP=bench.bare_wsgi:application LOAD_BARE_BODY="$work/page-cached.html" run ceiling

field() { echo "$1" | tr ' ' '\n' | sed -n "s/^$2=//p"; }
echo
printf '%-9s %-7s %9s %9s %9s %8s %8s\n' run cache "req/s" "p50 ms" "p99 ms" non-200 socket
for name in uncached cached ceiling; do
  r=${results[$name]}
  label=none; [ "$name" = cached ] && label=$cache_label; [ "$name" = ceiling ] && label=-
  printf '%-9s %-7s %9s %9s %9s %8s %8s\n' "$name" "$label" "$(field "$r" req_per_s)" \
    "$(field "$r" p50_ms)" "$(field "$r" p99_ms)" "$(field "$r" non200)" "$(field "$r" socket_errors)"
done
echo "ceiling: gunicorn answering the same bytes with no work (bench/bare_wsgi.py), this minute"
echo "targets: uncached >= 100 req/s and p99 <= 250 ms; cached >= 3000 req/s; 0 non-200"
