/**
 * First-sight families, part 23 (the sixteenth capture): language runtimes and their package and
 * build tools that no capture or rule pack had taken — Lisp, Prolog, OCaml, CHICKEN Scheme, Erlang
 * and Elixir run-times, Fortran's compiler and run-time, the Tiny C Compiler, and the package
 * managers of Lua (luarocks), PHP (composer), Ruby (bundler) and Perl (cpanm), Perl's POD tools
 * and Ruby's ERB template CLI. None is named by a rule pack, a registry or an earlier capture.
 * Each case's `type` was written here, by DESIGN.md's rules and the README's label decisions (the
 * type follows what failed, not what carried it), before the classifier was asked about any of
 * these texts:
 * - a refused port, an unknown host: NETWORK; no answer in time: TIMEOUT; a certificate not
 *   trusted: CERTIFICATE_ERROR;
 * - HTTP 401/403: AUTH_REQUIRED; 429: RATE_LIMIT; 500: SERVER_ERROR; 503: SERVER_OVERLOADED; 404
 *   or a registry's answer that it has no such package or version: ERROR_RESPONSE;
 * - a full disk (a small tmpfs in a user and mount namespace) or a heap limit reached:
 *   RESOURCE_EXHAUSTION;
 * - input the program reads that is not in its format, cut short or not there (a data file, a
 *   downloaded archive), a file's permission denied, a read-only file system, options the CLI
 *   refuses: ERROR_RESPONSE;
 * - a project file that does not parse, compile or load (source, a build file — rockspec,
 *   composer.json, Gemfile, Makefile.PL, mix.exs —, a template, a POD document the build turns
 *   into a manual page), or a module it imports that is not there: BROKEN_BUILD;
 * - the program's own defect (an undefined function or variable at run time, a wrong-type
 *   argument, a division by zero, a failed match, a stack overflow, an out-of-bounds index, a
 *   segfault, an assertion): CLI_CRASH;
 * - failed tests: VERIFICATION_FAILED; an analyser's findings (podchecker): QUALITY_GATE_FAIL;
 * - a command the tool was asked to run that is not installed: CLI_NOT_FOUND.
 */

import { spawnSync } from 'node:child_process';
import { FREE, NOPRIV, REFUSED, roFs, SILENT, tinyFs, tool } from './shell.mjs';

/** Ends a case that started a server in the background (%1) with the case's own exit status. */
const STOP = '; r=$?; kill %1 2>/dev/null; exit $r';
/** The local HTTP server's URL with the host name its certificates are issued to. */
const LOCALHOST = 'export URL=$(echo $URL | sed s/127.0.0.1/localhost/); ';
/** Tools that keep state under $HOME keep it in the case's directory. */
const HOME = 'export HOME=$PWD; ';
const has = (cmd) => () => spawnSync('sh', ['-c', `command -v ${cmd}`]).status === 0;

// ---------------------------------------------------------------- sbcl

function sbcl() {
  const c = tool('sbcl');
  const S = 'sbcl --noinform --non-interactive --no-userinit --no-sysinit --load';
  return [
    c('undefined-function', 'CLI_CRASH', `${S} app.lisp`, { 'app.lisp': '(defun total (items) (reduce #\'+ items))\n(print (totl (list 1 2 3)))\n' }),
    c('unbound-variable', 'CLI_CRASH', `${S} app.lisp`, { 'app.lisp': '(defun port () (+ *base-port* 1))\n(print (port))\n' }),
    c('division-by-zero', 'CLI_CRASH', `${S} app.lisp`, { 'app.lisp': '(defun share (done all) (/ done all))\n(print (share 3 0))\n' }),
    c('type-error', 'CLI_CRASH', `${S} app.lisp`, { 'app.lisp': '(defparameter *port* "8080")\n(print (+ *port* 1))\n' }),
    c('reader-eof', 'BROKEN_BUILD', `${S} app.lisp`, { 'app.lisp': '(defun greet (name)\n  (format nil "hello, ~a" name)\n(print (greet "ops"))\n' }),
    c('require-missing', 'BROKEN_BUILD', `${S} app.lisp`, { 'app.lisp': '(require :cl-ppcre)\n(print (cl-ppcre:split "," "a,b"))\n' }),
    c('data-missing', 'ERROR_RESPONSE', `${S} app.lisp`, { 'app.lisp': '(with-open-file (in "data/hosts.sexp") (print (read in)))\n' }),
    c('permission-denied', 'ERROR_RESPONSE', `chmod 000 hosts.sexp && ${NOPRIV} ${S} app.lisp`, { 'app.lisp': '(with-open-file (in "hosts.sexp") (print (read in)))\n', 'hosts.sexp': '(1 2 3)\n' }),
    // The heap the run was given (64 MB) is full: memory exhausted, not the program's defect.
    c('heap-exhausted', 'RESOURCE_EXHAUSTION', `sbcl --dynamic-space-size 64MB --noinform --non-interactive --no-userinit --no-sysinit --load app.lisp`, { 'app.lisp': '(defparameter *rows* nil)\n(loop for i from 0 do (push (make-array 100000 :initial-element i) *rows*))\n' }),
    c('stack-exhausted', 'CLI_CRASH', `${S} app.lisp`, { 'app.lisp': '(defun depth (n) (1+ (depth (1+ n))))\n(print (depth 0))\n' }),
    c('connect-refused', 'NETWORK', `${REFUSED}${S} app.lisp`, { 'app.lisp': '(require :sb-bsd-sockets)\n(let ((s (make-instance \'sb-bsd-sockets:inet-socket :type :stream :protocol :tcp)))\n  (sb-bsd-sockets:socket-connect s #(127 0 0 1) (parse-integer (sb-ext:posix-getenv "PORT")))\n  (print :connected))\n' }),
    c('disk-full', 'RESOURCE_EXHAUSTION', tinyFs('out', `${S} app.lisp`), { 'app.lisp': '(with-open-file (out "out/report.txt" :direction :output :if-exists :supersede)\n  (dotimes (i 20000) (format out "row ~a of the nightly report~%" i)))\n' }),
  ];
}

// ---------------------------------------------------------------- gprolog

function gprolog() {
  const c = tool('gprolog');
  // gprolog reports an exception of a command-line goal as a warning and exits 0: the job fails
  // on that warning (as a wrapper would), and the text is gprolog's own.
  const G = 'gprolog --consult-file app.pl --entry-goal "main" --entry-goal "halt" < /dev/null > out.txt 2>&1; r=$?; cat out.txt; [ $r = 0 ] && ! grep -q "caused exception" out.txt';
  const P = (body) => ({ 'app.pl': body });
  return [
    c('syntax-error', 'BROKEN_BUILD', G, P('main :- write(hello, nl.\n')),
    c('undefined-procedure', 'CLI_CRASH', G, P('total(Xs, T) :- sum_list(Xs, T).\nmain :- totl([1,2,3], T), write(T), nl.\n')),
    c('zero-divisor', 'CLI_CRASH', G, P('ratio(D, A, R) :- R is D / A.\nmain :- ratio(3, 0, R), write(R), nl.\n')),
    c('instantiation', 'CLI_CRASH', G, P('main :- X is Y + 1, write(X), nl.\n')),
    c('type-error', 'CLI_CRASH', G, P('main :- X is foo + 1, write(X), nl.\n')),
    c('data-missing', 'ERROR_RESPONSE', G, P("main :- open('data/hosts.pl', read, S), read(S, T), write(T), nl.\n")),
    // The data file the program reads with read/2 does not parse: input not in its format.
    // Ambiguous: a .pl file could be taken for the project's source (BROKEN_BUILD).
    // Session 17's decision (FIRST-SIGHT.md, the three-way boundary): BROKEN_BUILD, was ERROR_RESPONSE — syntax_error('hosts.pl:1 (char:21) …'): a location in a .pl, source by its role (step 1).
    c('data-syntax', 'BROKEN_BUILD', G, { ...P("main :- open('hosts.pl', read, S), read(S, T), write(T), nl.\n"), 'hosts.pl': 'host(web, "10.0.0.1".\n' }),
    c('permission-denied', 'ERROR_RESPONSE', `chmod 000 hosts.pl && ${NOPRIV} ${G}`, { ...P("main :- open('hosts.pl', read, S), read(S, T), write(T), nl.\n"), 'hosts.pl': 'host(web).\n' }),
    c('stack-overflow', 'CLI_CRASH', G, P('depth(N, D) :- N1 is N + 1, depth(N1, D0), D is D0 + 1.\nmain :- depth(0, D), write(D), nl.\n')),
  ];
}

// ---------------------------------------------------------------- ocaml

function ocaml() {
  const c = tool('ocaml');
  return [
    c('syntax-error', 'BROKEN_BUILD', 'ocaml app.ml', { 'app.ml': 'let greet name =\n  "hello, " ^ name\n\nlet () = print_endline (greet "ops"\n' }),
    c('type-error', 'BROKEN_BUILD', 'ocaml app.ml', { 'app.ml': 'let port = "8080"\nlet () = print_int (port + 1)\n' }),
    c('unbound-value', 'BROKEN_BUILD', 'ocaml app.ml', { 'app.ml': 'let total items = List.fold_left ( + ) 0 items\nlet () = print_int (totl [1; 2; 3])\n' }),
    c('unbound-module', 'BROKEN_BUILD', 'ocaml app.ml', { 'app.ml': 'let () = print_endline (Yojson.Safe.to_string (`String "x"))\n' }),
    c('division-by-zero', 'CLI_CRASH', 'ocaml app.ml', { 'app.ml': 'let ratio d a = d / a\nlet () = print_int (ratio 3 0)\n' }),
    c('not-found', 'CLI_CRASH', 'ocaml app.ml', { 'app.ml': 'let settings = [ ("host", "db1"); ("user", "ops") ]\nlet () = print_endline (List.assoc "port" settings)\n' }),
    c('index-out-of-bounds', 'CLI_CRASH', 'ocaml app.ml', { 'app.ml': 'let shards = [| "a"; "b"; "c" |]\nlet () = print_endline shards.(3)\n' }),
    c('assert', 'CLI_CRASH', 'ocaml app.ml', { 'app.ml': 'let replicas = 1\nlet () = assert (replicas >= 2); print_endline "ok"\n' }),
    c('stack-overflow', 'CLI_CRASH', 'ocaml app.ml', { 'app.ml': 'let rec depth n = 1 + depth (n + 1)\nlet () = print_int (depth 0)\n' }),
    c('data-missing', 'ERROR_RESPONSE', 'ocaml app.ml', { 'app.ml': 'let () = let ic = open_in "data/hosts.txt" in print_endline (input_line ic)\n' }),
    c('permission-denied', 'ERROR_RESPONSE', `chmod 000 hosts.txt && ${NOPRIV} ocaml app.ml`, { 'app.ml': 'let () = let ic = open_in "hosts.txt" in print_endline (input_line ic)\n', 'hosts.txt': 'web 10.0.0.1\n' }),
    // The program reads three lines of a one-line data file: input cut short (End_of_file).
    c('data-truncated', 'ERROR_RESPONSE', 'ocaml app.ml', { 'app.ml': 'let () = let ic = open_in "hosts.txt" in for _ = 1 to 3 do print_endline (input_line ic) done\n', 'hosts.txt': 'web 10.0.0.1\n' }),
    c('connect-refused', 'NETWORK', `${REFUSED}ocaml unix.cma app.ml`, { 'app.ml': 'let () =\n  let s = Unix.socket Unix.PF_INET Unix.SOCK_STREAM 0 in\n  Unix.connect s (Unix.ADDR_INET (Unix.inet_addr_loopback, int_of_string (Sys.getenv "PORT")));\n  print_endline "connected"\n' }),
    c('disk-full', 'RESOURCE_EXHAUSTION', tinyFs('out', 'ocaml app.ml'), { 'app.ml': 'let () =\n  let oc = open_out "out/report.txt" in\n  for i = 0 to 20000 do Printf.fprintf oc "row %d of the nightly report\\n" i done;\n  close_out oc\n' }),
  ];
}

// ---------------------------------------------------------------- chicken (csi, csc)

function chicken() {
  const c = tool('chicken');
  const C = 'csi -q -s';
  return [
    c('unbound-variable', 'CLI_CRASH', `${C} app.scm`, { 'app.scm': '(define (total items) (apply + items))\n(display (totl (list 1 2 3)))\n' }),
    c('bad-argument-type', 'CLI_CRASH', `${C} app.scm`, { 'app.scm': '(define port "8080")\n(display (+ port 1))\n' }),
    c('call-non-procedure', 'CLI_CRASH', `${C} app.scm`, { 'app.scm': '(define hosts (list "a" "b"))\n(display (hosts 0))\n' }),
    // Session 17's decision (FIRST-SIGHT.md, the three-way boundary): ERROR_RESPONSE, was BROKEN_BUILD — Error: (line 4) unterminated list names no file: the input's refusal (step 2).
    c('syntax-unbalanced', 'ERROR_RESPONSE', `${C} app.scm`, { 'app.scm': '(define (greet name)\n  (string-append "hello, " name)\n(display (greet "ops"))\n' }),
    c('import-missing', 'BROKEN_BUILD', 'csc app.scm -o app', { 'app.scm': '(import (srfi 180))\n(display (json-read))\n' }),
    c('data-missing', 'ERROR_RESPONSE', `${C} app.scm`, { 'app.scm': '(display (with-input-from-file "data/hosts.scm" read))\n' }),
    c('permission-denied', 'ERROR_RESPONSE', `chmod 000 hosts.scm && ${NOPRIV} ${C} app.scm`, { 'app.scm': '(display (with-input-from-file "hosts.scm" read))\n', 'hosts.scm': '(1 2 3)\n' }),
    c('connect-refused', 'NETWORK', `${REFUSED}${C} app.scm`, { 'app.scm': '(import (chicken tcp) (chicken process-context))\n(define-values (i o) (tcp-connect "127.0.0.1" (string->number (get-environment-variable "PORT"))))\n(display "connected")\n' }),
    c('unknown-host', 'NETWORK', `${C} app.scm`, { 'app.scm': '(import (chicken tcp))\n(define-values (i o) (tcp-connect "build-cache.invalid" 443))\n(display "connected")\n' }),
  ];
}

// ---------------------------------------------------------------- tcc

function tcc() {
  const c = tool('tcc');
  const MAIN = 'int main(void) { return 0; }\n';
  return [
    c('syntax-error', 'BROKEN_BUILD', 'tcc -c src/main.c -o main.o', { 'src/main.c': 'int main(void) {\n  int retries = 3\n  return retries;\n}\n' }),
    c('undeclared', 'BROKEN_BUILD', 'tcc -c src/main.c -o main.o', { 'src/main.c': 'int main(void) {\n  return retires;\n}\n' }),
    c('include-missing', 'BROKEN_BUILD', 'tcc -c src/main.c -o main.o', { 'src/main.c': '#include "config.h"\n' + MAIN }),
    c('undefined-symbol', 'BROKEN_BUILD', 'tcc src/main.c -o app', { 'src/main.c': 'int connect_db(const char *url);\nint main(void) { return connect_db("db"); }\n' }),
    // A null pointer given to strlen: SIGSEGV with no message at all (the text is only the signal).
    c('run-segfault', 'CLI_CRASH', 'tcc -run src/main.c', { 'src/main.c': '#include <string.h>\nint main(void) { char *name = 0; return (int)strlen(name); }\n' }),
    c('run-assert', 'CLI_CRASH', 'tcc -run src/main.c', { 'src/main.c': '#include <assert.h>\nint main(void) { int replicas = 1; assert(replicas >= 2); return 0; }\n' }),
    c('unknown-option', 'ERROR_RESPONSE', 'tcc --frobnicate src/main.c -o app', { 'src/main.c': MAIN }),
    c('output-read-only', 'ERROR_RESPONSE', roFs('out', 'tcc src/main.c -o out/app'), { 'src/main.c': MAIN }),
    c('run-data-missing', 'ERROR_RESPONSE', 'tcc -run src/main.c', { 'src/main.c': '#include <stdio.h>\nint main(void) {\n  FILE *f = fopen("data/hosts.txt", "r");\n  if (!f) { perror("fopen data/hosts.txt"); return 1; }\n  return 0;\n}\n' }),
  ];
}

// ---------------------------------------------------------------- erlang (escript, erlc)

function erlang() {
  const c = tool('erlang');
  const E = (body) => ({ 'app.escript': `#!/usr/bin/env escript\n%%! -noinput\nmain(_) ->\n${body}\n` });
  return [
    c('syntax-error', 'BROKEN_BUILD', 'escript app.escript', E('    io:format("~p~n", [total([1,2,3])]).\ntotal(Xs) -> lists:sum(Xs')),
    c('badarith', 'CLI_CRASH', 'escript app.escript', E('    Done = 3, All = list_to_integer("0"),\n    io:format("~p~n", [Done div All]).')),
    c('undef', 'CLI_CRASH', 'escript app.escript', E('    io:format("~p~n", [lists:totl([1,2,3])]).')),
    c('badmatch', 'CLI_CRASH', 'escript app.escript', E('    {ok, Port} = maps:find(port, #{host => "db1"}),\n    io:format("~p~n", [Port]).')),
    c('data-missing', 'ERROR_RESPONSE', 'escript app.escript', E('    {ok, Bin} = file:read_file("data/hosts.txt"),\n    io:format("~s~n", [Bin]).')),
    // file:consult/1 reads a data file that does not parse (the text shows only erl_parse's tuple):
    // input not in its format; ambiguous, such a file can be the project's configuration (BROKEN_BUILD).
    c('data-syntax', 'ERROR_RESPONSE', 'escript app.escript', { ...E('    {ok, Terms} = file:consult("hosts.config"),\n    io:format("~p~n", [Terms]).'), 'hosts.config': '{web, "10.0.0.1"}.\n{db, "10.0.0.2"\n' }),
    c('permission-denied', 'ERROR_RESPONSE', `chmod 000 hosts.txt && ${NOPRIV} escript app.escript`, { ...E('    {ok, Bin} = file:read_file("hosts.txt"),\n    io:format("~s~n", [Bin]).'), 'hosts.txt': 'web\n' }),
    c('connect-refused', 'NETWORK', `${REFUSED}escript app.escript`, E('    Port = list_to_integer(os:getenv("PORT")),\n    {ok, S} = gen_tcp:connect("127.0.0.1", Port, [binary], 5000),\n    io:format("~p~n", [S]).')),
    c('nxdomain', 'NETWORK', 'escript app.escript', E('    {ok, S} = gen_tcp:connect("build-cache.invalid", 443, [binary], 5000),\n    io:format("~p~n", [S]).')),
    // The server accepts and never answers: gen_tcp:recv's own 2 s timeout.
    c('recv-timeout', 'TIMEOUT', `${SILENT}escript app.escript${STOP}`, E('    Port = list_to_integer(os:getenv("PORT")),\n    {ok, S} = gen_tcp:connect("127.0.0.1", Port, [binary, {active, false}], 5000),\n    {ok, Reply} = gen_tcp:recv(S, 0, 2000),\n    io:format("~p~n", [Reply]).')),
    c('disk-full', 'RESOURCE_EXHAUSTION', tinyFs('out', 'escript app.escript'), E('    Rows = [io_lib:format("row ~b of the nightly report~n", [I]) || I <- lists:seq(1, 20000)],\n    ok = file:write_file("out/report.txt", Rows).')),
    c('erlc-unbound', 'BROKEN_BUILD', 'erlc src/app.erl', { 'src/app.erl': '-module(app).\n-export([total/1]).\ntotal(Items) -> lists:sum(Itemz).\n' }),
  ];
}

// ---------------------------------------------------------------- elixir (elixir, mix)

function elixir() {
  const c = tool('elixir', { needs: has('elixir'), needsWhat: 'elixir' });
  const MIX = (deps, extra = '') => `defmodule App.MixProject do\n  use Mix.Project\n  def project, do: [app: :app, version: "0.1.0", deps: ${deps}${extra}]\nend\n`;
  return [
    c('syntax-error', 'BROKEN_BUILD', 'elixir app.exs', { 'app.exs': 'defmodule Greeter do\n  def greet(name), do: "hello, " <> name\n\nIO.puts(Greeter.greet("ops"))\n' }),
    c('arithmetic', 'CLI_CRASH', 'elixir app.exs', { 'app.exs': 'all = String.to_integer("0")\nIO.puts(div(3, all))\n' }),
    c('undefined-function', 'CLI_CRASH', 'elixir app.exs', { 'app.exs': 'IO.puts(Enum.totl([1, 2, 3]))\n' }),
    c('key-error', 'CLI_CRASH', 'elixir app.exs', { 'app.exs': 'settings = %{host: "db1", user: "ops"}\nIO.puts(Map.fetch!(settings, :port))\n' }),
    c('data-missing', 'ERROR_RESPONSE', 'elixir app.exs', { 'app.exs': 'IO.puts(File.read!("data/hosts.txt"))\n' }),
    c('permission-denied', 'ERROR_RESPONSE', `chmod 000 hosts.txt && ${NOPRIV} elixir app.exs`, { 'app.exs': 'IO.puts(File.read!("hosts.txt"))\n', 'hosts.txt': 'web\n' }),
    c('connect-refused', 'NETWORK', `${REFUSED}elixir app.exs`, { 'app.exs': 'port = String.to_integer(System.fetch_env!("PORT"))\n{:ok, s} = :gen_tcp.connect(~c"127.0.0.1", port, [:binary], 5000)\nIO.inspect(s)\n' }),
    c('disk-full', 'RESOURCE_EXHAUSTION', tinyFs('out', 'elixir app.exs'), { 'app.exs': 'rows = for i <- 1..20000, do: "row #{i} of the nightly report\\n"\nFile.write!("out/report.txt", rows)\n' }),
    c('mix-compile-error', 'BROKEN_BUILD', `${HOME}mix compile`, { 'mix.exs': MIX('[]'), 'lib/app.ex': 'defmodule App do\n  def total(items), do: Enum.sum(itemz)\nend\n' }),
    // mix.exs names a path dependency that is not there: the build file does not load (as an import missing).
    c('mix-path-dep-missing', 'BROKEN_BUILD', `${HOME}mix compile`, { 'mix.exs': MIX('[{:billing, path: "../billing"}]') }),
    c('mix-test-fails', 'VERIFICATION_FAILED', `${HOME}mix test`, { 'mix.exs': MIX('[]'), 'lib/app.ex': 'defmodule App do\n  def total(items), do: Enum.sum(items) + 1\nend\n', 'test/test_helper.exs': 'ExUnit.start()\n', 'test/app_test.exs': 'defmodule AppTest do\n  use ExUnit.Case\n  test "total adds the items" do\n    assert App.total([1, 2, 3]) == 6\n  end\nend\n' }),
  ];
}

// ---------------------------------------------------------------- gfortran

function gfortran() {
  const c = tool('gfortran', { needs: has('gfortran'), needsWhat: 'gfortran' });
  const RUN = 'gfortran -o app app.f90 && ./app';
  return [
    c('syntax-error', 'BROKEN_BUILD', 'gfortran -c app.f90', { 'app.f90': 'program app\n  integer :: retries\n  retries = 3 +\n  print *, retries\nend program app\n' }),
    c('implicit-none', 'BROKEN_BUILD', 'gfortran -c app.f90', { 'app.f90': 'program app\n  implicit none\n  integer :: retries\n  retries = 3\n  print *, retires\nend program app\n' }),
    c('module-missing', 'BROKEN_BUILD', 'gfortran -c app.f90', { 'app.f90': 'program app\n  use billing_rates\n  print *, rate(1)\nend program app\n' }),
    c('open-missing', 'ERROR_RESPONSE', RUN, { 'app.f90': "program app\n  integer :: n\n  open(unit=10, file='data/hosts.txt', status='old')\n  read(10, *) n\n  print *, n\nend program app\n" }),
    c('bad-integer', 'ERROR_RESPONSE', RUN, { 'app.f90': "program app\n  integer :: n\n  open(unit=10, file='counts.txt', status='old')\n  read(10, *) n\n  print *, n\nend program app\n", 'counts.txt': 'twelve\n' }),
    c('end-of-file', 'ERROR_RESPONSE', RUN, { 'app.f90': "program app\n  integer :: a, b, c\n  open(unit=10, file='counts.txt', status='old')\n  read(10, *) a\n  read(10, *) b\n  read(10, *) c\n  print *, a + b + c\nend program app\n", 'counts.txt': '12\n' }),
    c('permission-denied', 'ERROR_RESPONSE', `gfortran -o app app.f90 && chmod 000 counts.txt && ${NOPRIV} ./app`, { 'app.f90': "program app\n  integer :: n\n  open(unit=10, file='counts.txt', status='old')\n  read(10, *) n\n  print *, n\nend program app\n", 'counts.txt': '12\n' }),
    c('bounds-check', 'CLI_CRASH', 'gfortran -fcheck=bounds -o app app.f90 && ./app', { 'app.f90': 'program app\n  integer :: shards(3), i\n  shards = [1, 2, 3]\n  i = 4\n  print *, shards(i)\nend program app\n' }),
    // The memory limit of the run (ulimit -v) refuses a 3.2 GB allocation.
    c('allocate-too-big', 'RESOURCE_EXHAUSTION', `gfortran -o app app.f90 && sh -c 'ulimit -v 200000; ./app'`, { 'app.f90': 'program app\n  real(8), allocatable :: grid(:,:)\n  allocate(grid(20000, 20000))\n  grid = 0\n  print *, sum(grid)\nend program app\n' }),
  ];
}

// ---------------------------------------------------------------- luarocks

function luarocks() {
  const c = tool('luarocks');
  const L = (server) => `${HOME}luarocks --tree=rocks --only-server=${server} install inspect`;
  const ROCKSPEC = (body) => ({ 'app-1.0-1.rockspec': body });
  return [
    // luarocks runs `wget --quiet` and says only that the download failed: what failed is the
    // connection (a refused port), which the text does not name; ambiguous by its text. (Its 401,
    // 404, 500 and 503 print the same words, so they are left out; it passes wget
    // --no-check-certificate, so a self-signed server is no failure.)
    c('server-refused', 'NETWORK', `${REFUSED}${L('http://127.0.0.1:$PORT')}`),
    c('no-such-rock', 'ERROR_RESPONSE', `${HOME}mkdir repo && luarocks-admin make-manifest repo >/dev/null && luarocks --tree=rocks --only-server=$PWD/repo install inspect`),
    c('rockspec-syntax', 'BROKEN_BUILD', `${HOME}luarocks --tree=rocks make app-1.0-1.rockspec`, ROCKSPEC('package = "app"\nversion = "1.0-1"\nsource = { url = "file://." \nbuild = { type = "builtin", modules = { app = "app.lua" } }\n')),
    c('rockspec-invalid', 'BROKEN_BUILD', `${HOME}luarocks --tree=rocks make app-1.0-1.rockspec`, ROCKSPEC('package = "app"\nversion = "1.0"\nsource = { url = "file://." }\nbuild = { type = "builtin", modules = { app = "app.lua" } }\n')),
    c('rock-not-zip', 'ERROR_RESPONSE', `${HOME}luarocks --tree=rocks install inspect-3.1.3-0.src.rock`, { 'inspect-3.1.3-0.src.rock': '<html><body>Moved</body></html>\n' }),
    c('dependency-missing', 'ERROR_RESPONSE', `${HOME}mkdir repo && luarocks-admin make-manifest repo >/dev/null && luarocks --tree=rocks --only-server=$PWD/repo make app-1.0-1.rockspec`, { ...ROCKSPEC('package = "app"\nversion = "1.0-1"\nsource = { url = "file://." }\ndependencies = { "lpeg >= 1.0" }\nbuild = { type = "builtin", modules = { app = "app.lua" } }\n'), 'app.lua': 'return {}\n' }),
    // The rockspec names a module file that is not there: the build file's own error.
    c('module-file-missing', 'BROKEN_BUILD', `${HOME}luarocks --tree=rocks make app-1.0-1.rockspec`, ROCKSPEC('package = "app"\nversion = "1.0-1"\nsource = { url = "file://." }\nbuild = { type = "builtin", modules = { app = "src/app.lua" } }\n')),
    c('remove-not-installed', 'ERROR_RESPONSE', `${HOME}luarocks --tree=rocks remove inspect`),
    c('unknown-command', 'ERROR_RESPONSE', `${HOME}luarocks instal inspect`),
    c('tree-read-only', 'ERROR_RESPONSE', `${HOME}` + roFs('rocks', 'luarocks --tree=rocks make app-1.0-1.rockspec'), { ...ROCKSPEC('package = "app"\nversion = "1.0-1"\nsource = { url = "file://." }\nbuild = { type = "builtin", modules = { app = "app.lua" } }\n'), 'app.lua': 'return {}\n' }),
  ];
}

// ---------------------------------------------------------------- composer

function composer() {
  const c = tool('composer');
  const C = `${HOME}export COMPOSER_HOME=$PWD/.composer COMPOSER_ALLOW_SUPERUSER=1 COMPOSER_CACHE_DIR=$PWD/.cache; composer --no-interaction --no-ansi`;
  const json = (repo, req = { 'acme/billing': '^1.0' }) => ({ 'composer.json': `${JSON.stringify({ name: 'acme/app', require: req, repositories: [{ 'packagist.org': false }, { type: 'composer', url: repo }], config: { 'secure-http': false } }, null, 2)}\n` });
  return [
    c('json-syntax', 'BROKEN_BUILD', `${C} install`, { 'composer.json': '{\n  "name": "acme/app",\n  "require": {\n    "acme/billing": "^1.0",\n  }\n}\n' }),
    c('json-schema', 'BROKEN_BUILD', `${C} validate --strict`, { 'composer.json': '{\n  "name": "Acme App",\n  "type": "libary",\n  "require": { "acme/billing": "^1.0" }\n}\n' }),
    c('repo-refused', 'NETWORK', `${REFUSED}sed -i "s#REPO#http://127.0.0.1:$PORT#" composer.json && ${C} update`, json('REPO')),
    c('repo-404', 'ERROR_RESPONSE', `sed -i "s#REPO#$URL#" composer.json && ${C} update`, json('REPO'), { http: { status: 404, body: 'not found\n' } }),
    c('repo-500', 'SERVER_ERROR', `sed -i "s#REPO#$URL#" composer.json && ${C} update`, json('REPO'), { http: { status: 500, body: 'internal error\n' } }),
    c('repo-401', 'AUTH_REQUIRED', `sed -i "s#REPO#$URL#" composer.json && ${C} update`, json('REPO'), { http: { status: 401, body: 'login required\n', headers: ['WWW-Authenticate:Basic realm="packages"'] } }),
    c('repo-self-signed', 'CERTIFICATE_ERROR', `${LOCALHOST}sed -i "s#REPO#$URL#" composer.json && ${C} update`, json('REPO'), { http: { status: 200, body: '{"packages":{}}', tls: 'valid' } }),
    // The repository answers with no package of that name: the registry's answer (ERROR_RESPONSE).
    c('unresolvable', 'ERROR_RESPONSE', `sed -i "s#REPO#$URL#" composer.json && ${C} update`, json('REPO'), { http: { status: 200, body: '{"packages":{}}' } }),
    // composer.lock, a project file, is cut short and does not parse.
    c('lock-stale', 'BROKEN_BUILD', `${C} install`, { 'composer.json': '{\n  "name": "acme/app",\n  "require": { "php": ">=8.0" }\n}\n', 'composer.lock': '{\n  "content-hash": "0000",\n  "packages": [\n' }),
    c('vendor-read-only', 'ERROR_RESPONSE', `${HOME}export COMPOSER_HOME=$PWD/.composer COMPOSER_ALLOW_SUPERUSER=1; ${roFs('vendor', 'composer --no-interaction --no-ansi dump-autoload')}`, { 'composer.json': '{\n  "name": "acme/app",\n  "require": {},\n  "autoload": { "psr-4": { "App\\\\": "src/" } }\n}\n' }),
  ];
}

// ---------------------------------------------------------------- ruby-bundler (bundle)

function bundler() {
  const c = tool('ruby-bundler');
  const B = `${HOME}export BUNDLE_PATH=vendor/bundle BUNDLE_APP_CONFIG=$PWD/.bundle; bundle`;
  const gemfile = (source) => ({ Gemfile: `source "${source}"\ngem "rack", "~> 3.0"\n` });
  return [
    c('gemfile-syntax', 'BROKEN_BUILD', `${B} install`, { Gemfile: 'source "https://rubygems.org"\ngem "rack", "~> 3.0"\ngroup :test do\n  gem "minitest"\n' }),
    c('source-refused', 'NETWORK', `${REFUSED}sed -i "s#SRC#http://127.0.0.1:$PORT#" Gemfile && ${B} install`, gemfile('SRC')),
    c('source-404', 'ERROR_RESPONSE', `sed -i "s#SRC#$URL#" Gemfile && ${B} install`, gemfile('SRC'), { http: { status: 404, body: 'not found\n' } }),
    c('source-500', 'SERVER_ERROR', `sed -i "s#SRC#$URL#" Gemfile && ${B} install`, gemfile('SRC'), { http: { status: 500, body: 'internal error\n' } }),
    c('source-503', 'SERVER_OVERLOADED', `sed -i "s#SRC#$URL#" Gemfile && ${B} install`, gemfile('SRC'), { http: { status: 503, body: 'maintenance\n' } }),
    c('source-401', 'AUTH_REQUIRED', `sed -i "s#SRC#$URL#" Gemfile && ${B} install`, gemfile('SRC'), { http: { status: 401, body: 'login required\n', headers: ['WWW-Authenticate:Basic realm="gems"'] } }),
    c('source-self-signed', 'CERTIFICATE_ERROR', `${LOCALHOST}sed -i "s#SRC#$URL#" Gemfile && ${B} install`, gemfile('SRC'), { http: { status: 200, body: 'x', tls: 'valid' } }),
    c('unknown-host', 'NETWORK', `${B} install`, gemfile('https://gems.build-cache.invalid')),
    // --local: the gem is neither cached nor installed and bundler may not fetch it: its refusal.
    // Ambiguous: a missing dependency (DESIGN's DEPENDENCY_FAILURE is for one not ready yet, not this).
    c('local-missing', 'ERROR_RESPONSE', `${B} install --local`, gemfile('https://rubygems.org')),
    c('lockfile-corrupt', 'BROKEN_BUILD', `${B} install --local`, { Gemfile: 'source "https://rubygems.org"\n', 'Gemfile.lock': 'GEM\n  remote: https://rubygems.org/\n  specs:\n    rack (3.0.8\n<<<<<<< HEAD\n' }),
    c('exec-not-found', 'CLI_NOT_FOUND', `${B} exec rspec`, { Gemfile: 'source "https://rubygems.org"\n', 'Gemfile.lock': 'GEM\n  remote: https://rubygems.org/\n  specs:\n\nPLATFORMS\n  ruby\n\nDEPENDENCIES\n\nBUNDLED WITH\n   2.3.15\n' }),
  ];
}

// ---------------------------------------------------------------- cpanm (App::cpanminus)

function cpanm() {
  const c = tool('cpanm');
  const M = (mirror) => `${HOME}export PERL_CPANM_HOME=$PWD/.cpanm; cpanm --mirror ${mirror} --mirror-only -l local --notest Acme::Billing`;
  const dist = (makefile, test) => ({ 'Acme-Billing-1.0/Makefile.PL': makefile, 'Acme-Billing-1.0/lib/Acme/Billing.pm': 'package Acme::Billing;\nour $VERSION = "1.0";\nsub total { my $t = 0; $t += $_ for @_; $t }\n1;\n', ...(test ? { 'Acme-Billing-1.0/t/total.t': test } : {}) });
  const GOOD_MF = 'use ExtUtils::MakeMaker;\nWriteMakefile(NAME => "Acme::Billing", VERSION_FROM => "lib/Acme/Billing.pm");\n';
  const LOCAL = `${HOME}export PERL_CPANM_HOME=$PWD/.cpanm; cpanm -l local`;
  /** A CPAN mirror in the case's directory whose index lists no module. */
  const EMPTY_MIRROR = "mkdir -p mirror/modules && printf 'File: 02packages.details.txt\\nLine-Count: 0\\n\\n' | gzip > mirror/modules/02packages.details.txt.gz && ";
  return [
    // cpanm says only that the index it downloaded cannot be opened (even with -v): what failed is
    // the connection to the mirror (a refused port), which the text does not name; ambiguous by
    // its text. (A 404, a 500 and a self-signed mirror print the same words, so they are left out.)
    c('mirror-refused', 'NETWORK', `${REFUSED}${M('http://127.0.0.1:$PORT').replace('cpanm ', 'cpanm -v ')}`),
    // The mirror's index (a local file:// mirror) answers that it has no such module.
    c('no-such-module', 'ERROR_RESPONSE', `${EMPTY_MIRROR}${M('file://$PWD/mirror')}`),
    c('tarball-not-gzip', 'ERROR_RESPONSE', `${LOCAL} ./Acme-Billing-1.0.tar.gz`, { 'Acme-Billing-1.0.tar.gz': '<html><body>Moved</body></html>\n' }),
    c('makefile-pl-syntax', 'BROKEN_BUILD', `${LOCAL} --notest ./Acme-Billing-1.0; cat .cpanm/work/*/build.log >&2; exit 1`, dist('use ExtUtils::MakeMaker;\nWriteMakefile(NAME => "Acme::Billing", VERSION_FROM => "lib/Acme/Billing.pm";\n')),
    // The mirror's index has no such prerequisite: the registry's answer.
    c('prereq-missing', 'ERROR_RESPONSE', `${EMPTY_MIRROR}${LOCAL} --mirror file://$PWD/mirror --mirror-only --notest ./Acme-Billing-1.0`, dist('use ExtUtils::MakeMaker;\nWriteMakefile(NAME => "Acme::Billing", VERSION_FROM => "lib/Acme/Billing.pm", PREREQ_PM => { "Acme::Ledger" => "2.0" });\n')),
    c('test-fails', 'VERIFICATION_FAILED', `${LOCAL} ./Acme-Billing-1.0; cat .cpanm/work/*/build.log >&2; exit 1`, dist(GOOD_MF, 'use strict;\nuse Test::More tests => 1;\nuse Acme::Billing;\nis(Acme::Billing::total(1, 2, 3), 7, "total adds the items");\n')),
    c('cpanfile-syntax', 'BROKEN_BUILD', `${LOCAL} --notest --installdeps .`, { cpanfile: 'requires "Acme::Ledger", "2.0";\non test => sub {\n  requires "Test::More";\n' }),
    // local/ is a read-only file system; local::lib's words say `No such file or directory`.
    c('local-lib-read-only', 'ERROR_RESPONSE', `${HOME}export PERL_CPANM_HOME=$PWD/.cpanm; ` + roFs('local', 'cpanm -l local --notest ./Acme-Billing-1.0'), dist(GOOD_MF)),
  ];
}

// ---------------------------------------------------------------- perl-pod (podchecker, pod2man, pod2text)

function perlPod() {
  const c = tool('perl-pod');
  const BAD_OVER = '=head1 NAME\n\napp - deploy the app\n\n=head1 OPTIONS\n\n=over 4\n\n=item B<--force>\n\nSkip the checks.\n\n=head1 SEE ALSO\n\nL<deploy(1)>\n\n=cut\n';
  const UNKNOWN_CMD = '=head1 NAME\n\napp - deploy the app\n\n=heading1 OPTIONS\n\nNone.\n\n=cut\n';
  return [
    c('podchecker-over-back', 'QUALITY_GATE_FAIL', 'podchecker lib/App.pod', { 'lib/App.pod': BAD_OVER }),
    c('podchecker-unknown-command', 'QUALITY_GATE_FAIL', 'podchecker lib/App.pod', { 'lib/App.pod': UNKNOWN_CMD }),
    c('podchecker-bad-link', 'QUALITY_GATE_FAIL', 'podchecker lib/App.pod', { 'lib/App.pod': '=head1 NAME\n\napp - deploy the app\n\n=head1 DESCRIPTION\n\nSee L<> and E<unknownentity>.\n\n=cut\n' }),
    // podchecker's verdict that a module has no documentation at all (exit 2): a finding of the
    // checker about the file, read as the gate's failure; ambiguous (it could be read as input not there).
    c('podchecker-no-pod', 'QUALITY_GATE_FAIL', 'podchecker lib/App.pm', { 'lib/App.pm': 'package App;\nsub run { 1 }\n1;\n' }),
    // The manual page is built from POD with --errors=die: the document's source does not parse.
    c('pod2man-errors-die', 'BROKEN_BUILD', 'mkdir -p man && pod2man --errors=die lib/App.pod man/app.1', { 'lib/App.pod': UNKNOWN_CMD }),
    c('pod2man-missing', 'ERROR_RESPONSE', 'pod2man lib/App.pod app.1'),
    c('pod2text-permission', 'ERROR_RESPONSE', `chmod 000 App.pod && ${NOPRIV} pod2text App.pod`, { 'App.pod': '=head1 NAME\n\napp\n\n=cut\n' }),
    c('pod2man-read-only', 'ERROR_RESPONSE', roFs('man', 'pod2man App.pod man/app.1'), { 'App.pod': '=head1 NAME\n\napp - deploy\n\n=cut\n' }),
    c('pod2usage-unknown-option', 'ERROR_RESPONSE', 'perl app.pl --colour', { 'app.pl': 'use Getopt::Long;\nuse Pod::Usage;\nGetOptions("color" => \\my $color) or pod2usage(2);\n__END__\n\n=head1 SYNOPSIS\n\napp [--color]\n\n=cut\n' }),
  ];
}

// ---------------------------------------------------------------- erb (Ruby's ERB command line)

function erb() {
  const c = tool('erb');
  return [
    c('template-syntax', 'BROKEN_BUILD', 'erb templates/nginx.conf.erb', { 'templates/nginx.conf.erb': 'server {\n  listen <%= 80 %>;\n<% if true %>\n  server_name app.local;\n}\n' }),
    // The template the job renders is not there: the project's file (as pandoc's template-missing).
    c('template-missing', 'BROKEN_BUILD', 'erb templates/nginx.conf.erb'),
    // The template calls a name nothing defines: the template's own defect at run time (NameError).
    c('undefined-name', 'CLI_CRASH', 'erb templates/nginx.conf.erb', { 'templates/nginx.conf.erb': 'server {\n  listen <%= port %>;\n}\n' }),
    c('nil-method', 'CLI_CRASH', 'erb templates/nginx.conf.erb', { 'templates/nginx.conf.erb': '<% hosts = nil %>upstream app {\n<% hosts.each do |h| %>  server <%= h %>;\n<% end %>}\n' }),
    c('data-missing', 'ERROR_RESPONSE', 'erb -r json templates/nginx.conf.erb', { 'templates/nginx.conf.erb': '<% cfg = JSON.parse(File.read("data/hosts.json")) %>server_name <%= cfg["name"] %>;\n' }),
    c('data-not-json', 'ERROR_RESPONSE', 'erb -r json templates/nginx.conf.erb', { 'templates/nginx.conf.erb': '<% cfg = JSON.parse(File.read("hosts.json")) %>server_name <%= cfg["name"] %>;\n', 'hosts.json': '{"name": "app.local",\n' }),
    c('data-permission', 'ERROR_RESPONSE', `chmod 000 hosts.json && ${NOPRIV} erb templates/nginx.conf.erb`, { 'templates/nginx.conf.erb': '<%= File.read("hosts.json") %>\n', 'hosts.json': '{}\n' }),
    c('connect-refused', 'NETWORK', `${REFUSED}erb -r net/http templates/motd.erb`, { 'templates/motd.erb': '<%= Net::HTTP.get(URI("http://127.0.0.1:#{ENV["PORT"]}/motd")) %>\n' }),
    c('http-404', 'ERROR_RESPONSE', 'erb -r net/http templates/motd.erb', { 'templates/motd.erb': '<% r = Net::HTTP.get_response(URI("#{ENV["URL"]}/motd")); r.value %><%= r.body %>\n' }, { http: { status: 404, body: 'not found\n' } }),
    c('unknown-option', 'ERROR_RESPONSE', 'erb --strict templates/motd.erb', { 'templates/motd.erb': 'hello\n' }),
  ];
}

// ---------------------------------------------------------------- clisp

function clisp() {
  const c = tool('clisp');
  const L = 'clisp -q -q app.lisp';
  return [
    c('undefined-function', 'CLI_CRASH', L, { 'app.lisp': '(defun total (items) (reduce #\'+ items))\n(print (totl (list 1 2 3)))\n' }),
    c('unbound-variable', 'CLI_CRASH', L, { 'app.lisp': '(defun port () (+ *base-port* 1))\n(print (port))\n' }),
    c('division-by-zero', 'CLI_CRASH', L, { 'app.lisp': '(defun share (done all) (/ done all))\n(print (share 3 0))\n' }),
    c('type-error', 'CLI_CRASH', L, { 'app.lisp': '(defparameter *port* "8080")\n(print (+ *port* 1))\n' }),
    c('reader-eof', 'BROKEN_BUILD', L, { 'app.lisp': '(defun greet (name)\n  (format nil "hello, ~a" name)\n(print (greet "ops"))\n' }),
    c('data-missing', 'ERROR_RESPONSE', L, { 'app.lisp': '(with-open-file (in "data/hosts.sexp") (print (read in)))\n' }),
    c('permission-denied', 'ERROR_RESPONSE', `chmod 000 hosts.sexp && ${NOPRIV} ${L}`, { 'app.lisp': '(with-open-file (in "hosts.sexp") (print (read in)))\n', 'hosts.sexp': '(1 2 3)\n' }),
    // The data file the program reads with `read` (not `load`) ends inside a list: input cut short.
    // Ambiguous: a .sexp file could be taken for the project's source (BROKEN_BUILD).
    c('data-unreadable', 'ERROR_RESPONSE', L, { 'app.lisp': '(with-open-file (in "hosts.sexp") (print (read in)))\n', 'hosts.sexp': '((web . "10.0.0.1")\n (db . "10.0.0.2"\n' }),
    c('connect-refused', 'NETWORK', `${REFUSED}${L}`, { 'app.lisp': '(let ((s (socket:socket-connect (parse-integer (ext:getenv "PORT")) "127.0.0.1")))\n  (print s))\n' }),
    c('stack-overflow', 'CLI_CRASH', L, { 'app.lisp': '(defun depth (n) (1+ (depth (1+ n))))\n(print (depth 0))\n' }),
    c('disk-full', 'RESOURCE_EXHAUSTION', tinyFs('out', L), { 'app.lisp': '(with-open-file (out "out/report.txt" :direction :output :if-exists :supersede)\n  (dotimes (i 20000) (format out "row ~a of the nightly report~%" i)))\n' }),
  ];
}

// ---------------------------------------------------------------- perlcritic (Perl::Critic)

function perlcritic() {
  const c = tool('perlcritic');
  const SLOPPY = 'package App;\nsub load {\n  my $file = shift;\n  open(FH, $file) || die;\n  my @rows = <FH>;\n  return undef unless @rows;\n  return @rows;\n}\n1;\n';
  return [
    c('gentle-findings', 'QUALITY_GATE_FAIL', 'perlcritic --gentle lib/App.pm', { 'lib/App.pm': SLOPPY }),
    c('stern-findings', 'QUALITY_GATE_FAIL', 'perlcritic --stern --verbose 8 lib/App.pm', { 'lib/App.pm': SLOPPY }),
    c('single-policy', 'QUALITY_GATE_FAIL', 'perlcritic --single-policy ProhibitStringyEval lib/App.pm', { 'lib/App.pm': 'use strict;\nuse warnings;\npackage App;\nsub calc { my $expr = shift; return eval "$expr"; }\n1;\n' }),
    c('file-missing', 'ERROR_RESPONSE', 'perlcritic --gentle lib/App.pm'),
    // perlcritic cannot read the file and says only that it cannot parse it: what failed is the
    // file's permission (ERROR_RESPONSE); ambiguous by its text (it reads like a source that does not parse).
    // Session 17's decision (FIRST-SIGHT.md, the three-way boundary): BROKEN_BUILD, was ERROR_RESPONSE — Problem while critiquing "lib/App.pm": Can't parse code: a source file that does not parse (step 1).
    c('permission-denied', 'BROKEN_BUILD', `chmod 000 lib/App.pm && ${NOPRIV} perlcritic --gentle lib/App.pm`, { 'lib/App.pm': SLOPPY }),
    c('profile-missing', 'BROKEN_BUILD', 'perlcritic --profile config/perlcriticrc --gentle lib/App.pm', { 'lib/App.pm': 'use strict;\nuse warnings;\npackage App;\n1;\n' }),
    c('brutal-directory', 'QUALITY_GATE_FAIL', 'perlcritic --brutal lib', { 'lib/App.pm': 'use strict;\nuse warnings;\npackage App;\nsub total { my $t = 0; $t += $_ for @_; return $t }\n1;\n' }),
    c('no-such-policy', 'ERROR_RESPONSE', 'perlcritic --single-policy NoSuchPolicy lib/App.pm', { 'lib/App.pm': 'use strict;\nuse warnings;\npackage App;\n1;\n' }),
    c('bad-severity', 'ERROR_RESPONSE', 'perlcritic --severity 9 lib/App.pm', { 'lib/App.pm': 'use strict;\nuse warnings;\npackage App;\n1;\n' }),
  ];
}

// ---------------------------------------------------------------- dune (OCaml's build system)

function dune() {
  const c = tool('dune');
  const D = `${HOME}dune build --display short --root .`;
  const PROJECT = { 'dune-project': '(lang dune 2.9)\n' };
  return [
    c('dune-file-syntax', 'BROKEN_BUILD', D, { ...PROJECT, 'bin/dune': '(executable\n (name main)\n', 'bin/main.ml': 'let () = print_endline "hi"\n' }),
    c('unknown-field', 'BROKEN_BUILD', D, { ...PROJECT, 'bin/dune': '(executable\n (name main)\n (librarys unix))\n', 'bin/main.ml': 'let () = print_endline "hi"\n' }),
    c('library-not-found', 'BROKEN_BUILD', D, { ...PROJECT, 'bin/dune': '(executable\n (name main)\n (libraries yojson))\n', 'bin/main.ml': 'let () = print_endline "hi"\n' }),
    c('type-error', 'BROKEN_BUILD', D, { ...PROJECT, 'bin/dune': '(executable\n (name main))\n', 'bin/main.ml': 'let port = "8080"\nlet () = print_int (port + 1)\n' }),
    // The test executable's assertion fails under `dune test`: a failed test (not the program's crash).
    c('test-fails', 'VERIFICATION_FAILED', `${HOME}dune test --display short --root .`, { ...PROJECT, 'test/dune': '(test\n (name test_total))\n', 'test/test_total.ml': 'let total = List.fold_left ( + ) 1\nlet () = assert (total [1; 2; 3] = 6)\n' }),
    // The program dune runs raises Not_found from its own lookup: the program's defect.
    c('exec-exception', 'CLI_CRASH', `${HOME}dune exec --display short --root . ./bin/main.exe`, { ...PROJECT, 'bin/dune': '(executable\n (name main))\n', 'bin/main.ml': 'let settings = [ ("host", "db1") ]\nlet () = print_endline (List.assoc "port" settings)\n' }),
    // A rule runs a program that is not installed.
    c('program-not-found', 'CLI_NOT_FOUND', D, { ...PROJECT, 'bin/dune': '(executable (name main))\n(rule (targets version.ml) (action (with-stdout-to version.ml (run git-describe-x))))\n', 'bin/main.ml': 'let () = print_endline Version.v\n' }),
    c('build-disk-full', 'RESOURCE_EXHAUSTION', `${HOME}${tinyFs('_build', 'dune build --display short --root .')}`, { ...PROJECT, 'bin/dune': '(executable\n (name main))\n', 'bin/main.ml': 'let () = print_endline "hi"\n' }),
    c('build-read-only', 'ERROR_RESPONSE', `${HOME}${roFs('_build', 'dune build --display short --root .')}`, { ...PROJECT, 'bin/dune': '(executable\n (name main))\n', 'bin/main.ml': 'let () = print_endline "hi"\n' }),
  ];
}

/** The sixteenth capture's cases, in the order generate-first-sight.mjs runs them. */
export function firstSightSixteenthCases() {
  return [...sbcl(), ...gprolog(), ...ocaml(), ...chicken(), ...tcc(), ...erlang(), ...elixir(), ...gfortran(), ...luarocks(), ...composer(), ...bundler(), ...cpanm(), ...perlPod(), ...erb(), ...clisp(), ...perlcritic(), ...dune()];
}
