#!/usr/bin/env bash
# Load test: gunicorn with production settings (DEBUG off, a generated key, 2 sync workers)
# on 127.0.0.1, its own database with a 150-entry event, then wrk for 20 s at 16 connections
# against the standings page uncached, then cached in turns (LOAD_ROUNDS, 10) with the same
# response (status, headers and body) from a WSGI app that does nothing (the ceiling of this
# machine in those seconds), and the same body with two headers only (the bare floor, shown
# for comparison). Prints req/s, p50, p99, non-200 count, and the cached run's share of the
# ceiling.
#
#   bench/load.sh                  # SQLite in a temporary directory
#   LOAD_DB=postgres bench/load.sh # a throwaway podium_load_<pid> database on 127.0.0.1:5432
#
# The cached run uses Redis on 127.0.0.1:6379 when it answers (as production does), else
# (or with LOAD_REDIS=0) each worker's memory. Targets on a 2-core machine: uncached
# >= 100 req/s with p99 <= 250 ms, cached >= 3,000 req/s and >= 90 % of the ceiling, no
# error. Also the CPU time per request of each run, less swayed by the machine's other load.
# Loopback only; about a minute in all.
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
PORT2=$($PY -c "$free_port")
while [ "$PORT2" = "$PORT" ]; do PORT2=$($PY -c "$free_port"); done
PORT3=$($PY -c "$free_port")
while [ "$PORT3" = "$PORT" ] || [ "$PORT3" = "$PORT2" ]; do PORT3=$($PY -c "$free_port"); done
ROUNDS=${LOAD_ROUNDS:-10}

missing=""
command -v wrk >/dev/null || missing="wrk"
command -v curl >/dev/null || missing="$missing curl"
if [ -n "$missing" ]; then
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $missing >/dev/null
fi

work=$(mktemp -d /tmp/podium-load-XXXXXX)
gunicorn_pids=""
pg_db=""
cleanup() {
  for pid in $gunicorn_pids; do
    if kill -0 "$pid" 2>/dev/null; then kill -TERM "$pid"; wait "$pid" 2>/dev/null || true; fi
  done
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
# LOAD_REDIS=0: each worker's memory alone, even with a Redis there.
if [ "${LOAD_REDIS:-1}" != 0 ] && (exec 3<>/dev/tcp/127.0.0.1/6379) 2>/dev/null; then
  redis_url="redis://127.0.0.1:6379/0"
fi

start_gunicorn() {  # port, then gunicorn's pid in $started_pid
  local port=$1
  .venv/bin/gunicorn "${APP:-config.wsgi:application}" --bind "127.0.0.1:$port" \
    --workers "$WORKERS" --worker-class sync --log-level warning &
  started_pid=$!
  for _ in $(seq 1 100); do
    if curl -fs -o /dev/null "http://127.0.0.1:$port/healthz"; then return 0; fi
    sleep 0.1
  done
  echo "gunicorn did not answer on 127.0.0.1:$port" >&2
  return 1
}

stop_gunicorns() {
  for pid in $gunicorn_pids; do kill -TERM "$pid"; done
  for pid in $gunicorn_pids; do wait "$pid" 2>/dev/null || true; done
  gunicorn_pids=""
}

# One request first, so every run starts from a warm worker (the cached run: a stored page).
warm() {
  curl -fsS -o "$work/page-$1.html" -D "$work/headers-$1.txt" -H "X-Forwarded-Proto: https" \
    "http://127.0.0.1:$2$url"
}

wrk_line() {  # port, seconds
  wrk -t2 -c"$CONNECTIONS" -d"$2s" --timeout 5s -s bench/load.lua "http://127.0.0.1:$1$url" \
    | grep '^RESULT'
}

declare -A results
seconds=${DURATION%s}

# Uncached: one run of the whole duration.
PODIUM_PAGE_CACHE_SECONDS=0 start_gunicorn "$PORT"
gunicorn_pids=$started_pid
warm uncached "$PORT"
echo "== uncached: wrk -t2 -c$CONNECTIONS -d$DURATION http://127.0.0.1:$PORT$url"
line=$(wrk_line "$PORT" "$seconds")
results[uncached]=${line#RESULT }
echo "   ${results[uncached]}"
stop_gunicorns

# Cached, ceiling and bare, in turns: the other helpers' load on the machine changes from one
# second to the next, so the three are measured in alternating slices of the same minute
# (LOAD_ROUNDS of them each) rather than one after the other.
cache_label="locmem"
if [ -n "$redis_url" ]; then cache_label="redis"; fi
REDIS_URL=$redis_url CACHE_KEY_PREFIX="podium-load-$$" PODIUM_PAGE_CACHE_SECONDS=300 \
  start_gunicorn "$PORT"
gunicorn_pids=$started_pid
warm cached "$PORT"
# The baseline: gunicorn answering the cached page's response (its headers and body) from a
# WSGI app that does nothing else; and the same body with two headers (bench/bare_wsgi.py).
APP=bench.bare_wsgi:application LOAD_BARE_BODY="$work/page-cached.html" \
  LOAD_BARE_HEADERS="$work/headers-cached.txt" start_gunicorn "$PORT2"
gunicorn_pids="$gunicorn_pids $started_pid"
ceiling_master=$started_pid
warm ceiling "$PORT2"
APP=bench.bare_wsgi:bare_application LOAD_BARE_BODY="$work/page-cached.html" \
  start_gunicorn "$PORT3"
gunicorn_pids="$gunicorn_pids $started_pid"
bare_master=$started_pid
warm bare "$PORT3"
# The same bytes on the wire: the cached page and the ceiling differ only in what gunicorn
# writes itself (its date).
if ! cmp -s <(grep -iv '^date:' "$work/headers-cached.txt") \
  <(grep -iv '^date:' "$work/headers-ceiling.txt"); then
  echo "the ceiling's headers differ from the cached page's:" >&2
  diff <(grep -iv '^date:' "$work/headers-cached.txt") \
    <(grep -iv '^date:' "$work/headers-ceiling.txt") >&2 || true
  exit 1
fi
slice=$(( seconds / ROUNDS > 0 ? seconds / ROUNDS : 1 ))
echo "== cached, ceiling and bare: $ROUNDS turns of wrk -t2 -c$CONNECTIONS -d${slice}s each," \
  "http://127.0.0.1:$PORT$url, :$PORT2 and :$PORT3"
cached_master=${gunicorn_pids%% *}
# CPU time spent serving, in clock ticks: a server's workers, and for the cached run the
# database's processes for the load database (Postgres backends; SQLite runs in the workers).
# The load of the machine stretches wall-clock time, much less the CPU time a request costs.
ticks() {
  local pids total=0 user system
  pids=$(pgrep -P "$1" || true)
  if [ "${2:-}" = db ] && [ -n "$pg_db" ]; then
    pids="$pids $(psql -h 127.0.0.1 -U postgres -d postgres -Atc \
      "SELECT pid FROM pg_stat_activity WHERE datname = '$pg_db'" 2>/dev/null || true)"
  fi
  for pid in $pids; do
    if [ -r "/proc/$pid/stat" ]; then
      read -r user system < <(cut -d' ' -f14,15 "/proc/$pid/stat")
      total=$((total + user + system))
    fi
  done
  echo "$total"
}
declare -A lines spent
spent[cached]=0
spent[ceiling]=0
spent[bare]=0
for _ in $(seq 1 "$ROUNDS"); do
  before=$(ticks "$cached_master" db)
  lines[cached]+="$(wrk_line "$PORT" "$slice")"$'\n'
  spent[cached]=$((spent[cached] + $(ticks "$cached_master" db) - before))
  before=$(ticks "$ceiling_master")
  lines[ceiling]+="$(wrk_line "$PORT2" "$slice")"$'\n'
  spent[ceiling]=$((spent[ceiling] + $(ticks "$ceiling_master") - before))
  before=$(ticks "$bare_master")
  lines[bare]+="$(wrk_line "$PORT3" "$slice")"$'\n'
  spent[bare]=$((spent[bare] + $(ticks "$bare_master") - before))
done
stop_gunicorns
for name in cached ceiling bare; do
  # The turns together (bench/load_turns.py): requests summed, the median p50, the worst p99.
  results[$name]=$(echo -n "${lines[$name]}" | $PY -m bench.load_turns "${spent[$name]}" "$(getconf CLK_TCK)")
  echo "   $name: ${results[$name]}"
done

field() { echo "$1" | tr ' ' '\n' | sed -n "s/^$2=//p"; }
echo
printf '%-9s %-7s %9s %9s %9s %8s %8s %9s\n' run cache "req/s" "p50 ms" "p99 ms" non-200 socket \
  "cpu us/r"
for name in uncached cached ceiling bare; do
  r=${results[$name]}
  label=none; [ "$name" = cached ] && label=$cache_label
  [ "$name" = ceiling ] || [ "$name" = bare ] && label=-
  printf '%-9s %-7s %9s %9s %9s %8s %8s %9s\n' "$name" "$label" "$(field "$r" req_per_s)" \
    "$(field "$r" p50_ms)" "$(field "$r" p99_ms)" "$(field "$r" non200)" \
    "$(field "$r" socket_errors)" "$(field "$r" cpu_us_per_request)"
done
ratio() { $PY -c "print(f'{$1 / $2:.0%}')"; }
echo "cached / ceiling: $(ratio "$(field "${results[cached]}" req_per_s)" \
  "$(field "${results[ceiling]}" req_per_s)") of the req/s (goal >= 90%);" \
  "$(ratio "$(field "${results[ceiling]}" cpu_us_per_request)" \
  "$(field "${results[cached]}" cpu_us_per_request)") of the capacity (ceiling's CPU per request" \
  "over the cached run's)"
echo "cached / bare: $(ratio "$(field "${results[cached]}" req_per_s)" \
  "$(field "${results[bare]}" req_per_s)") of the req/s (for comparison: the bare floor sends two headers)"
echo "ceiling: gunicorn answering the same response (headers and body) with no work; bare: the"
echo "same body with two headers (bench/bare_wsgi.py); in turns with the cached run, the same seconds"
echo "targets: uncached >= 100 req/s and p99 <= 250 ms; cached >= 3000 req/s; 0 non-200"
