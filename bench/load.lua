-- wrk script for bench/load.sh: every request as the TLS proxy forwards it, and every
-- answer other than 200 counted as an error (a redirect or a 304 is not a page served).
wrk.method = "GET"
wrk.headers["X-Forwarded-Proto"] = "https"
wrk.headers["Accept-Language"] = "fr"

local threads = {}

function setup(thread)
  table.insert(threads, thread)
end

function init(args)
  non200 = 0
  seen = {}
end

function response(status, headers, body)
  if status ~= 200 then
    non200 = non200 + 1
    seen[status] = (seen[status] or 0) + 1
  end
end

function done(summary, latency, requests)
  local bad = 0
  local statuses = {}
  for _, thread in ipairs(threads) do
    bad = bad + thread:get("non200")
    for status, n in pairs(thread:get("seen")) do
      statuses[#statuses + 1] = status .. "x" .. n
    end
  end
  local socket_errors = summary.errors.connect + summary.errors.read
    + summary.errors.write + summary.errors.timeout
  io.write(string.format(
    "RESULT requests=%d seconds=%.3f req_per_s=%.1f p50_ms=%.2f p99_ms=%.2f max_ms=%.2f "
      .. "non200=%d socket_errors=%d statuses=%s\n",
    summary.requests, summary.duration / 1e6, summary.requests / (summary.duration / 1e6),
    latency:percentile(50) / 1000, latency:percentile(99) / 1000, latency.max / 1000,
    bad, socket_errors, table.concat(statuses, ",")))
end
