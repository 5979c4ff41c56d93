#!/usr/bin/env bash
# Checks the systemd units in deploy/ with `systemd-analyze verify` (README, "Deploying"): a unit it cannot
# parse, a directive it ignores or a command it cannot find fails. Skipped where systemd-analyze is missing.
set -uo pipefail
cd "$(dirname "$0")/.."
if ! command -v systemd-analyze >/dev/null; then
  echo "verify-units: systemd-analyze is not installed here; skipped"
  exit 0
fi
out="$(systemd-analyze verify deploy/*.service deploy/*.timer 2>&1)"
code=$?
if [ "$code" != 0 ] || [ -n "$out" ]; then
  echo "verify-units: systemd-analyze verify found problems in deploy/:" >&2
  echo "$out" >&2
  exit 1
fi
echo "verify-units: deploy/*.service and deploy/*.timer pass systemd-analyze verify"
