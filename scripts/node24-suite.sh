#!/usr/bin/env bash
# The unit and server suites (SQLite) on Node 24, beside the Node 20 run that CI does first.
#
# Node 24 comes from the npm registry (node-linux-<arch>) into a temp dir; the project is copied
# there (tracked and untracked-not-ignored files, no node_modules) and installed with `npm ci` under
# Node 24, so this checkout's node_modules stays built for Node 20.
#
# better-sqlite3 12 has no prebuilt binary here and is compiled by node-gyp. The machine's npm
# config points node-gyp at Node 20's headers (nodedir=/usr), so npm_config_nodedir is set to
# Node 24 headers -- those of 24.18.1, not of the runtime: from 24.19.0 on, node_object_wrap.h
# registers a cleanup hook per ObjectWrap and its destructor CHECKs for a current Environment, which
# is null when V8 collects a Statement from a GC with no context entered (idle or teardown GC), and
# the process aborts with `Assertion failed: (env) != nullptr` (nodejs/node#65446). Same ABI (137);
# see docs/decisions.md "Node 24 in CI and the floor" for when this goes away.
#
# Overrides: NODE24_VERSION (runtime), NODE24_HEADERS (headers better-sqlite3 is built against),
# NODE24_KEEP=1 keeps the temp dir.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
runtime=${NODE24_VERSION:-24.21.0}
headers=${NODE24_HEADERS:-24.18.1}
arch=$(node -p process.arch)

work=$(mktemp -d "${TMPDIR:-/tmp}/node24-suite.XXXXXX")
[ "${NODE24_KEEP:-}" = 1 ] || trap 'rm -rf "$work"' EXIT

fetch_node() { # version, destination, [paths to extract]
  local dir="$work/pack-$1"
  mkdir -p "$dir" "$2"
  (cd "$dir" && npm pack --silent "node-linux-$arch@$1" >/dev/null)
  tar -xzf "$dir"/node-linux-"$arch"-"$1".tgz -C "$2" --strip-components=1 "${@:3}"
  rm -rf "$dir"
}
if [ "$headers" = "$runtime" ]; then
  fetch_node "$runtime" "$work/node" package/bin package/include
  ln -s node "$work/headers"
else
  fetch_node "$runtime" "$work/node" package/bin
  fetch_node "$headers" "$work/headers" package/include
fi

mkdir "$work/app"
(cd "$root" && git ls-files -z --cached --others --exclude-standard \
  | tar --null --ignore-failed-read -T - -cf -) | tar -xf - -C "$work/app"

cd "$work/app"
export PATH="$work/node/bin:$PATH"
export npm_config_nodedir="$work/headers"
unset DATABASE_URL
echo "Node 24 suite: node $(node -v), better-sqlite3 built against v$headers headers"
npm ci --no-audit --no-fund --loglevel=error
# The fuzz sends 10,000 bodies per route on Node 20 (npm test); here it checks the runtime, not the inputs again.
FUZZ_COUNT=1000 npx vitest run tests/machines tests/model tests/server tests/api tests/i18n
