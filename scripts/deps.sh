#!/usr/bin/env bash
# Install what fiu needs: the Debian packages (idempotent: only those missing, apt-get update
# first) and the project-local Python virtual environment .venv/ with the pinned tools of
# requirements.txt (no root needed; recreated only when requirements.txt changes).
# Usage: scripts/deps.sh [--check] [--help]
set -euo pipefail

PKGS=(gcc g++ make cmake zlib1g-dev libmpfr-dev libgmp-dev verilator iverilog
      libsystemc-dev gtkwave yosys xvfb xauth python3 python3-venv
      nextpnr-ice40 fpga-icestorm
      clang libclang-rt-14-dev lcov slurm-wlm munge z3 boolector libpng-dev gcc-multilib)

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
venv="$root/.venv"
reqs="$root/requirements.txt"
stamp="$venv/.fiu-requirements.txt"   # copy of the requirements the venv was built from

usage() {
  cat <<USAGE
usage: scripts/deps.sh [--check] [--help]
  Installs the Debian packages fiu needs (apt-get update first), only those missing,
  then creates or updates the project venv .venv/ from requirements.txt (pinned; no root).
  --check   report missing packages and an absent or stale .venv; exit 1 if any; change nothing
Packages: ${PKGS[*]}
Venv:     $venv (from $reqs)
USAGE
}

check_only=0
case "${1:-}" in
  -h|--help) usage; exit 0 ;;
  --check) check_only=1 ;;
  "") ;;
  *) echo "deps.sh: unknown argument '$1' (try --help)" >&2; exit 2 ;;
esac

[ -f "$reqs" ] || { echo "deps.sh: $reqs: missing (the pinned Python tools)" >&2; exit 2; }

missing=()
for p in "${PKGS[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed'; then
    missing+=("$p")
  fi
done

venv_ok() {
  [ -x "$venv/bin/python3" ] && [ -f "$stamp" ] && cmp -s "$stamp" "$reqs"
}

if [ "$check_only" -eq 1 ]; then
  rc=0
  if [ ${#missing[@]} -ne 0 ]; then echo "deps: missing: ${missing[*]}" >&2; rc=1
  else echo "deps: all ${#PKGS[@]} packages present"; fi
  if venv_ok; then echo "deps: venv $venv matches requirements.txt"
  else echo "deps: venv $venv: absent or stale (run scripts/deps.sh)" >&2; rc=1; fi
  exit "$rc"
fi

if [ ${#missing[@]} -eq 0 ]; then
  echo "deps: all ${#PKGS[@]} packages present"
elif [ "$(id -u)" -ne 0 ]; then
  echo "deps: error: missing packages and not root. Run:" >&2
  echo "  sudo apt-get update && sudo apt-get install -y ${missing[*]}" >&2
  exit 1
else
  echo "deps: installing: ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -q
  apt-get install -y -q --no-install-recommends "${missing[@]}"
  echo "deps: installed ${#missing[@]} package(s)"
fi

# The venv: rebuilt from scratch when requirements.txt differs from what it was built from,
# so a removed pin does not linger.
if venv_ok; then
  echo "deps: venv .venv up to date"
  exit 0
fi
echo "deps: creating venv $venv from requirements.txt"
rm -rf "$venv"
if ! python3 -m venv "$venv"; then
  echo "deps.sh: $venv: python3 -m venv failed (is python3-venv installed?)" >&2
  exit 1
fi
if ! "$venv/bin/python3" -m pip install -q --disable-pip-version-check -r "$reqs"; then
  echo "deps.sh: $reqs: pip install into $venv failed" >&2
  rm -rf "$venv"
  exit 1
fi
cp "$reqs" "$stamp"
echo "deps: venv .venv ready ($(grep -c '^[A-Za-z]' "$reqs") pinned package(s))"
