#!/usr/bin/env bash
# Issue 31.1: a production install starts. Copies a build (build/, bank/, package.json, package-lock.json) into a fresh
# folder beside the repository, installs only the dependencies there (npm ci --omit=dev, no devDependencies),
# starts `NODE_ENV=production node build/server/server.js` on a new embedded database and waits until
# /api/ready answers 200, then stops it with SIGTERM and expects exit code 0. Fails when the server cannot
# load a package (ERR_MODULE_NOT_FOUND), does not get ready within 90 s, or does not stop cleanly.
# Run after `npm run build`. PORT (default 3990) is where the server listens; KEEP=1 keeps the folder.
set -euo pipefail
cd "$(dirname "$0")/.."
root="$PWD"
port="${PORT:-3990}"

if [ ! -f build/server/server.js ] || [ ! -f build/client/index.html ]; then
  echo "production-install: no build; run npm run build first" >&2
  exit 1
fi

dir="$(mktemp -d "$(dirname "$root")/citb-production-XXXXXX")"
server_pid=""
cleanup() {
  if [ -n "$server_pid" ] && kill -0 "$server_pid" 2>/dev/null; then kill -9 "$server_pid" 2>/dev/null || true; fi
  if [ "${KEEP:-}" != 1 ]; then rm -rf "$dir"; else echo "production-install: kept $dir"; fi
}
trap cleanup EXIT

cp package.json package-lock.json "$dir/"
cp -r build "$dir/build"
if [ -d bank ]; then cp -r bank "$dir/bank"; fi # the sample item bank, imported into an empty database
cd "$dir"
echo "production-install: npm ci --omit=dev in $dir"
npm ci --omit=dev --no-audit --no-fund --loglevel=error
if [ -d node_modules/vite ] || [ -d node_modules/vitest ]; then
  echo "production-install: devDependencies were installed; the check would prove nothing" >&2
  exit 1
fi

echo "production-install: starting node build/server/server.js on port $port"
# production refuses to start without a credential signing key: a throw-away one for this check
signing_key="$(node --input-type=module -e "const m = await import('@digitalbazaar/ed25519-multikey'); const k = await m.generate(); console.log((await k.export({ secretKey: true, publicKey: true })).secretKeyMultibase)")"
CREDENTIAL_SIGNING_KEY="$signing_key" NODE_ENV=production HOST=127.0.0.1 PORT="$port" DATA_DIR="$dir/data" LOG_LEVEL=warn \
  node build/server/server.js >"$dir/server.log" 2>&1 &
server_pid=$!

ready=""
for _ in $(seq 1 180); do
  if ! kill -0 "$server_pid" 2>/dev/null; then break; fi
  if [ "$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port/api/ready" || true)" = 200 ]; then
    ready=1
    break
  fi
  sleep 0.5
done
if [ -z "$ready" ]; then
  echo "production-install: the server did not answer /api/ready with 200; its output:" >&2
  cat "$dir/server.log" >&2
  exit 1
fi
home="$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port/")"
if [ "$home" != 200 ]; then
  echo "production-install: / answered $home" >&2
  exit 1
fi

kill -TERM "$server_pid"
code=0
wait "$server_pid" || code=$?
server_pid=""
if [ "$code" != 0 ]; then
  echo "production-install: the server exited $code after SIGTERM; its output:" >&2
  cat "$dir/server.log" >&2
  exit 1
fi
echo "production-install: ready on a production install (npm ci --omit=dev), / answered 200, SIGTERM exited 0"
