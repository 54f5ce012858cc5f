#!/usr/bin/env bash
# Install the Debian packages fiu needs. Idempotent: installs only what is missing.
# Usage: scripts/deps.sh [--check] [--help]
set -euo pipefail

PKGS=(gcc g++ make cmake zlib1g-dev libmpfr-dev libgmp-dev verilator iverilog
      libsystemc-dev gtkwave yosys xvfb xauth python3)

usage() {
  cat <<USAGE
usage: scripts/deps.sh [--check] [--help]
  Installs the Debian packages fiu needs (apt-get update first), only those missing.
  --check   report missing packages and exit 1 if any; install nothing
Packages: ${PKGS[*]}
USAGE
}

check_only=0
case "${1:-}" in
  -h|--help) usage; exit 0 ;;
  --check) check_only=1 ;;
  "") ;;
  *) echo "deps.sh: unknown argument '$1' (try --help)" >&2; exit 2 ;;
esac

missing=()
for p in "${PKGS[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed'; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "deps: all ${#PKGS[@]} packages present"
  exit 0
fi

if [ "$check_only" -eq 1 ]; then
  echo "deps: missing: ${missing[*]}" >&2
  exit 1
fi

if [ "$(id -u)" -ne 0 ]; then
  echo "deps: error: missing packages and not root. Run:" >&2
  echo "  sudo apt-get update && sudo apt-get install -y ${missing[*]}" >&2
  exit 1
fi

echo "deps: installing: ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -q
apt-get install -y -q --no-install-recommends "${missing[@]}"
echo "deps: installed ${#missing[@]} package(s)"
