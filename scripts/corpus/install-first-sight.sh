#!/bin/sh
# Installs what scripts/corpus/generate-first-sight.mjs runs that the machine image may lack
# (Debian packages, and pnpm, yarn, biome, markdownlint, ajv and webpack from the npm registry). Idempotent; run as root.
# Not installable from these registries, so taken from the machine image when present:
# terraform (a single binary), and the Python packages cfn-lint, awscli, pydantic(-settings),
# jsonschema, jinja2, numpy, requests, cryptography, click and pexpect (installed with the image's Python;
# Debian's python3-* builds of the same libraries are a fallback, at other versions: bookworm's
# python3-cryptography is older than the x509.verification API the cryptography cert-* cases use).
# python3-pyftpdlib is for Debian's own python3 (/usr/bin/python3 runs ftp-server.py); the ftplib
# cases' client is the image's Python. The imagemagick cases call /usr/bin/convert by its path.
# The nginx and mosquitto packages are installed for their programs only: the cases start their own
# servers in scratch directories on free ports (a machine without an init system starts none).
# The fifth capture's Python cases (zipfile, configparser, tomllib, argparse, concurrent.futures,
# doctest, ElementTree, shutil, pickle, shelve, xmlrpc.client) need Python >= 3.11 (tomllib), the
# image's or Debian's; js-yaml and PostCSS come from the project's node_modules; iconv is libc-bin's.
# The sixth capture: zstd (above), bc, xxd, coreutils (sort, dd, split, cp) and Python's imaplib,
# poplib, socket, ssl, lzma, csv, logging.config, compileall and fcntl; its disk and read-only cases
# mount a tmpfs in a user and mount namespace (unshare, util-linux).
# The seventh capture: dig and host (bind9-dnsutils), ncat, lftp and ldapsearch (ldap-utils) against
# servers the cases start themselves (a UDP DNS server, a TCP line server, an LDAP server, all in
# Python; lftp's is ftp-server.py with Debian's python3 and python3-pyftpdlib), 7z (p7zip-full), cpio,
# lzop, qpdf, poppler-utils, exiftool (libimage-exiftool-perl), ghostscript (it also makes the PDFs
# the document cases read), bison, flex, m4, visudo (sudo), cvs and fossil; its fossil clone cases
# use http-server.py; cmp (diffutils) and install (coreutils) need nothing more.
# The eighth capture: libraries run from small programs — Python's urllib.request, http.client,
# tempfile, multiprocessing, mailbox, bz2 and pathlib (the image's Python; its permission cases run
# Debian's /usr/bin/python3 as nobody with setpriv, since pyenv's shims are root's), Node's built-in
# fetch (undici, Node >= 18), Perl's HTTP::Tiny (HTTPS through IO::Socket::SSL), Net::SMTP, Storable
# and JSON::PP (perl's core), Ruby's Net::HTTP, Psych, OpenSSL and CSV (ruby's standard library).
# The ninth capture: optipng, pngcheck, jpeginfo, gifsicle, webp (cwebp, dwebp), flac, sox, xmlstarlet,
# xsltproc, sassc, indent, nasm, gperf, re2c, arj, squashfs-tools, mtools, tftp-hpa (against a UDP TFTP
# server the cases start, in Python) and snmp (net-snmp's snmpget/snmpset, numeric OIDs: Debian's MIB
# files are non-free); its images come from imagemagick's convert, its audio from sox.
# The tenth capture: wget2, swaks (against smtp-server.py), gnutls-cli (gnutls-bin), borg (borgbackup;
# its ssh case needs openssh-client), iperf3, kinit/klist/kvno (krb5-user, no KDC: refused and unknown
# KDCs), haproxy and stunnel4 (configuration checks, and a port in use), nft (nftables, run in a user and
# network namespace with unshare), systemd-analyze (systemd), logrotate, chronyc/chronyd -Q (chrony: on
# Debian it replaces systemd-timesyncd), tnftp (against ftp-server.py), at, crontab (cron; its cases
# install nothing: every crontab they give is refused), named-checkzone/named-checkconf (bind9-utils)
# and fping (its unreachable cases ping 192.0.2.10, TEST-NET-1).
# The eleventh capture: Node's core modules (node:crypto, node:http2 against an HTTP/2 server the cases start
# in Node, node:child_process, node:fs/promises, node:dns against a UDP DNS server in Python,
# node:worker_threads), Python's zoneinfo, decimal, gzip, plistlib and wave (the image's Python; zoneinfo reads
# /usr/share/zoneinfo, tzdata), Ruby's FileUtils and Socket, and the data CLIs units, miller (mlr),
# datamash, gnuplot (gnuplot-nox) and recutils (recsel, recfix, recins).
# The twelfth capture: developer, build and packaging tools — autoconf, automake (its cases run aclocal
# and automake only), doxygen (graphviz above draws its graphs), quilt, dpkg-deb and dpkg-source (dpkg,
# dpkg-dev), rpm (rpm, rpmbuild; its own database in the case's directory), patchelf, elfutils (eu-*),
# uncrustify, swig, distcc (against refused, closing, silent and wrong-protocol TCP servers the cases
# start in Python; DISTCC_FALLBACK=0), twine (against http-server.py), tidy, universal-ctags and sparse;
# gcc (above) builds the ELF files they read.
# The thirteenth capture: npm command-line tools installed pinned below (lessc, stylus, terser, uglify-js,
# handlebars, ejs, marked, js-beautify, svgo, csso-cli, html-minifier-terser; the handlebars render
# cases require() it from `npm root -g`), and Debian's python3-lxml, python3-paramiko (ssh-keygen from
# openssh-client makes its keys; its servers are Python TCP servers the cases start), python3-sqlalchemy
# (with SQLite; sqlite3 above makes the databases), python3-docutils (rst2html) and python3-toml, all run
# with Debian's /usr/bin/python3.
# The fourteenth capture: document toolchains (pandoc, texinfo's makeinfo, asciidoctor, mupdf-tools' mutool;
# ghostscript above makes its PDFs and qpdf encrypts them), aspell with aspell-en, gnutls-bin's certtool,
# db-util (Berkeley DB's db_load, db_dump, db_verify), lmdb-utils (mdb_load, mdb_dump, mdb_stat; xxd above
# writes its dumps), guile-3.0, gforth, lame, vorbis-tools and ffmpeg (sox above makes their WAV input),
# netcat-openbsd (nc; its proxies are Python TCP servers the cases start), darcs, brz (Breezy) and git-lfs
# (against http-server.py).
# The fifteenth capture: libraries used from small programs — Debian's python3-psycopg2 (against the
# corpus's PostgreSQL, servers.mjs), python3-pil, python3-markdown (markdown_py), python3-dateutil,
# python3-bs4, python3-msgpack, python3-simplejson, python3-tz, python3-babel (pybabel), python3-pygments
# (/usr/bin/pygmentize), python3-html5lib and python3-packaging, run with Debian's /usr/bin/python3; and npm
# libraries installed pinned below (pug, nunjucks, csv-parse, xml2js, axios — required from `npm root -g`
# with NODE_PATH — and htmlhint's CLI).
# The sixteenth capture: language runtimes and their package and build tools — sbcl, clisp, gprolog,
# ocaml-nox and ocaml-dune (dune), chicken-bin (csi, csc; gcc above), tcc, erlang-base (escript, erlc),
# elixir (elixir, mix), gfortran, luarocks (with lua5.1 and wget), composer (php-cli above), ruby-bundler
# (bundle; erb is ruby's), cpanminus (cpanm), perl's own POD tools (podchecker, pod2man, pod2text) and
# libperl-critic-perl (perlcritic). Their servers are http-server.py and refused ports; no network needed.
# The eighteenth capture: Debian command-line tools wrapped in scripts — brotli, pigz, lzip, s-nail (against
# smtp-server.py), lynx (against http-server.py), axel (against http-server.py), ncftp (ncftpget, ncftpput;
# against ftp-server.py), whois, rdiff-backup (its remote case runs ssh from openssh-client above against a
# refused port), pngquant, jpegoptim, graphicsmagick (gm), librsvg2-bin (rsvg-convert), xorriso, dosfstools
# (mkfs.fat, fsck.fat, fatlabel) and groff; imagemagick's convert above makes their images.
# The nineteenth capture: third-party libraries used from small programs — Debian's python3-httpx,
# python3-ruamel.yaml, python3-openpyxl, python3-filelock, python3-docx and python3-pymysql (run with
# Debian's /usr/bin/python3; PyMySQL against refused ports and small Python servers the cases start), and
# npm libraries installed pinned below (got 11 and node-fetch 2, the last CommonJS majors; nodemailer,
# basic-ftp, mqtt against a mosquitto broker the cases start, adm-zip, jszip, commander, proper-lockfile and
# the mongodb driver) — required from `npm root -g` with NODE_PATH; their servers are http-server.py,
# smtp-server.py, ftp-server.py and refused, silent, closing and resetting ports.
# Cases whose tool is missing fail to run and are reported as problems by the generator, never recorded.
set -e
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
  jq yq gnupg dirmngr tar unzip zip gzip xz-utils bzip2 zstd wget patch perl mawk ninja-build cmake gcc \
  openssl sqlite3 default-jdk-headless chromium python3-cryptography \
  mypy flake8 black yamllint shellcheck ansible-core rsync httpie ruby php-cli lua5.4 valgrind pylint \
  restic rclone mosquitto mosquitto-clients nginx subversion meson bats cppcheck graphviz jsonnet \
  gettext util-linux python3-click python3-pexpect \
  mercurial aria2 msmtp s3cmd socat python3-pyftpdlib libxml2-utils protobuf-compiler age minisign \
  imagemagick parallel scons e2fsprogs \
  lz4 libc-bin \
  bc xxd coreutils \
  bind9-dnsutils ncat lftp ldap-utils p7zip-full cpio lzop qpdf poppler-utils libimage-exiftool-perl \
  ghostscript bison flex m4 sudo cvs fossil diffutils \
  python3 libio-socket-ssl-perl \
  optipng pngcheck jpeginfo gifsicle webp flac sox xmlstarlet xsltproc sassc indent nasm gperf re2c \
  arj squashfs-tools mtools tftp-hpa snmp \
  wget2 swaks gnutls-bin borgbackup openssh-client iperf3 krb5-user haproxy stunnel4 nftables systemd logrotate \
  chrony tnftp at cron bind9-utils fping \
  units miller datamash gnuplot-nox recutils tzdata \
  autoconf automake doxygen quilt dpkg dpkg-dev rpm patchelf elfutils uncrustify swig distcc twine tidy \
  universal-ctags sparse \
  python3-lxml python3-paramiko python3-sqlalchemy python3-docutils python3-toml \
  pandoc texinfo asciidoctor mupdf-tools aspell aspell-en db-util lmdb-utils guile-3.0 gforth lame vorbis-tools \
  ffmpeg netcat-openbsd darcs brz git-lfs \
  python3-psycopg2 python3-pil python3-markdown python3-dateutil python3-bs4 python3-msgpack \
  python3-simplejson python3-tz python3-babel python3-pygments python3-html5lib python3-packaging \
  sbcl clisp gprolog ocaml-nox ocaml-dune chicken-bin tcc erlang-base elixir gfortran luarocks composer \
  ruby-bundler cpanminus libperl-critic-perl \
  brotli pigz lzip s-nail lynx axel ncftp whois rdiff-backup pngquant jpegoptim graphicsmagick librsvg2-bin \
  xorriso dosfstools groff \
  python3-httpx python3-ruamel.yaml python3-openpyxl python3-filelock python3-docx python3-pymysql
command -v pnpm >/dev/null || npm install -g pnpm@9
command -v yarn >/dev/null || npm install -g yarn@1
command -v biome >/dev/null || npm install -g @biomejs/biome@1
command -v markdownlint >/dev/null || npm install -g markdownlint-cli@0.41
command -v ajv >/dev/null || npm install -g ajv-cli@5
command -v webpack >/dev/null || npm install -g webpack@5 webpack-cli@5
for t in lessc:less@4 stylus:stylus@0.63 terser:terser@5 uglifyjs:uglify-js@3 handlebars:handlebars@4 ejs:ejs@3 \
  marked:marked@12 js-beautify:js-beautify@1 svgo:svgo@3 csso:csso-cli@4 html-minifier-terser:html-minifier-terser@7; do
  command -v "${t%%:*}" >/dev/null || npm install -g "${t#*:}"
done
for t in pug@3 nunjucks@3 csv-parse@5 xml2js@0.6 axios@1 htmlhint@1; do
  [ -d "$(npm root -g)/${t%@*}" ] || npm install -g "$t"
done
for t in got@11 node-fetch@2 nodemailer@6 basic-ftp@5 mqtt@5 adm-zip@0.5 jszip@3 commander@12 proper-lockfile@4 mongodb@6; do
  [ -d "$(npm root -g)/${t%@*}" ] || npm install -g "$t"
done
