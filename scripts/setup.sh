#!/usr/bin/env bash
# Installs whatever is missing for building, serving and testing: Debian
# packages (Emscripten, GLM, CMake, g++, GoogleTest, Chromium, clang with its
# sanitizer and libFuzzer runtimes) and the pinned
# npm packages. Idempotent and quick when everything is already there.
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(emscripten libglm-dev cmake g++ make libgtest-dev chromium clang libclang-rt-14-dev nodejs npm)
missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done
# nodejs/npm may come from elsewhere than Debian; a working node and npm on PATH count.
if command -v node >/dev/null && command -v npm >/dev/null; then
  filtered=()
  for p in "${missing[@]}"; do [[ "$p" == nodejs || "$p" == npm ]] || filtered+=("$p"); done
  missing=("${filtered[@]+"${filtered[@]}"}")
fi
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing Debian packages: ${missing[*]}"
  sudo_cmd=()
  [ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
  "${sudo_cmd[@]}" apt-get update
  DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y --no-install-recommends "${missing[@]}"
fi

# npm packages: reinstall only when package-lock.json changed.
stamp=node_modules/.kin-lock-hash
want=$(sha256sum package-lock.json | cut -d' ' -f1)
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
  echo "setup: npm ci"
  npm ci --no-audit --no-fund
  echo "$want" > "$stamp"
fi
