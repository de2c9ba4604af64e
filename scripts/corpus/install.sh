#!/bin/sh
# Installs the tools the corpus generator runs (Debian): compilers, runtimes, database clients
# and servers, pytest-timeout. Idempotent; run as root. Node, npm, cargo, java and mvn are
# expected already (the project's own toolchain and the machine image).
set -e
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
  gcc g++ binutils make cmake git curl openssh-client kubectl \
  golang-go postgresql-client postgresql mariadb-client redis-tools redis-server \
  python3-pytest python3-pytest-timeout default-jdk-headless maven 2>/dev/null || \
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
  gcc g++ binutils make cmake git curl openssh-client golang-go postgresql-client mariadb-client \
  redis-tools redis-server python3-pytest python3-pytest-timeout
