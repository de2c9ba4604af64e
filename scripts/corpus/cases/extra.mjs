/** A second batch: more diagnostics of the same tools, so the corpus is not one message per format. */
import { TOOLS } from '../tools.mjs';

const C = {
  'conflicting-types': 'int f(int);\ndouble f(int x) { return x; }\nint main(void) { return 0; }\n',
  'break-outside': 'int main(void) { break; return 0; }\n',
  'invalid-operands': 'struct s { int a; };\nint main(void) { struct s x = {1}, y = {2}; return x + y; }\n',
  'lvalue': 'int main(void) { 5 = 3; return 0; }\n',
  'duplicate-case': 'int main(int argc, char **argv) { (void)argv; switch (argc) { case 1: return 1; case 1: return 2; } return 0; }\n',
  'else-without-if': 'int main(void) { else { return 1; } return 0; }\n',
  'too-many-args': 'int one(int a) { return a; }\nint main(void) { return one(1, 2, 3); }\n',
  'incomplete-type': 'struct config;\nint main(void) { struct config c; return 0; }\n',
  'subscript': 'int main(void) { int x = 3; return x[0]; }\n',
};
const CPP = {
  'deleted-copy': '#include <memory>\nint main() { std::unique_ptr<int> a(new int(1)); auto b = a; return *b; }\n',
  'ambiguous': 'void f(int) {}\nvoid f(long) {}\nint main() { f(1.5); return 0; }\n',
  'vtable': 'struct A { virtual void run(); };\nint main() { A a; a.run(); return 0; }\n',
  'no-conversion': '#include <string>\nint main() { int n = std::string("3"); return n; }\n',
  'namespace': 'int main() { return fmt::format("x").size(); }\n',
};
const TS = {
  'not-assignable-union': 'type Mode = "a" | "b";\nexport const m: Mode = "c";\n',
  'missing-property': 'interface Job { id: string; run(): void }\nexport const j: Job = { id: "x" };\n',
  'await-non-async': 'export function f() { await Promise.resolve(1); }\n',
  'duplicate': 'export const a = 1;\nexport const a = 2;\n',
  'private-access': 'class Box { private secret = 1 }\nexport const s = new Box().secret;\n',
  'no-overload': 'export const n = Math.max("a", 2);\n',
  'object-possibly-undefined': 'const m = new Map<string, { n: number }>();\nexport const v = m.get("a").n;\n',
  'unknown-catch': 'try { JSON.parse("x"); } catch (e) { console.log(e.message); }\nexport {};\n',
  'import-type-only': 'import { readFile } from "node:fs/promises";\nexport const r: number = readFile;\n',
  'abstract-instance': 'abstract class Shape { abstract area(): number }\nexport const s = new Shape();\n',
};
const PY = {
  'sqlite-table': ['import sqlite3\nsqlite3.connect(":memory:").execute("select * from orders")\n', 'ERROR_RESPONSE'],
  'remote-disconnected': ['import http.server, threading, http.client, socketserver\nclass H(socketserver.BaseRequestHandler):\n    def handle(self):\n        self.request.recv(1024)\n        self.request.close()\nsrv = socketserver.TCPServer(("127.0.0.1", 0), H)\nthreading.Thread(target=srv.serve_forever, daemon=True).start()\nc = http.client.HTTPConnection("127.0.0.1", srv.server_address[1])\nc.request("GET", "/")\nc.getresponse()\n', 'NETWORK'],
  'missing-arg': ['def send(to, body):\n    return to + body\n\nsend("a")\n', 'CLI_CRASH'],
  'module-attr': ['import os\nos.getcwdu()\n', 'CLI_CRASH'],
  'bad-zip': ['import zipfile, io\nzipfile.ZipFile(io.BytesIO(b"not a zip"))\n', 'CLI_CRASH'],
  'unittest': ['import unittest\n\nclass T(unittest.TestCase):\n    def test_sum(self):\n        self.assertEqual(sum([1, 2]), 4)\n\nunittest.main()\n', 'VERIFICATION_FAILED'],
  'unittest-raises': ['import unittest\n\nclass T(unittest.TestCase):\n    def test_rate_limit_handling(self):\n        with self.assertRaises(ValueError):\n            int("3")\n\nunittest.main()\n', 'VERIFICATION_FAILED'],
  'doctest': ['def double(x):\n    """\n    >>> double(2)\n    5\n    """\n    return x * 2\n\nimport doctest, sys\nsys.exit(doctest.testmod().failed)\n', 'VERIFICATION_FAILED'],
  'syntax-fstring': ['name = "x"\nprint(f"{name")\n', 'BROKEN_BUILD'],
  'circular-import': ['import main\nmain.missing_function()\n', 'CLI_CRASH'],
  'os-exit-lookup': ['import socket\nsocket.getaddrinfo("db.no-such-host.invalid", 5432)\n', 'NETWORK'],
  'ssl-refused': ['import urllib.request\nurllib.request.urlopen("https://127.0.0.1:1/", timeout=3)\n', 'NETWORK'],
};
const PYTEST = {
  'helper-assert': 'def check(resp):\n    assert resp["status"] == "ok", f"unexpected status {resp}"\n\ndef test_health():\n    check({"status": "degraded"})\n',
  'list-diff': 'def test_order():\n    assert sorted([3, 1, 2]) == [1, 2, 4]\n',
  'string-diff': 'def test_greeting():\n    assert "Hello, World" == "Hello, world!"\n',
  'setup-error': 'import pytest\n\n@pytest.fixture\ndef db():\n    raise ConnectionError("database not reachable")\n\ndef test_query(db):\n    assert db\n',
  'expected-in-name': 'def test_unexpected_input_is_rejected():\n    accepted = True\n    assert not accepted\n',
};
const GO = {
  'wrong-args': 'package main\n\nfunc add(a, b int) int { return a + b }\n\nfunc main() { _ = add(1) }\n',
  'method-missing': 'package main\n\ntype T struct{}\n\nfunc main() { var t T; t.Run() }\n',
  'interface': 'package main\n\ntype Runner interface{ Run() }\ntype T struct{}\n\nfunc main() { var _ Runner = T{} }\n',
  'redeclared': 'package main\n\nfunc main() {\n\tx := 1\n\tx := 2\n\t_ = x\n}\n',
};
const RUST = {
  'trait-missing': 'struct P;\nfn main() { let p = P; println!("{}", p); }\n',
  'private-field': 'mod m { pub struct S { secret: u8 } impl S { pub fn new() -> S { S { secret: 1 } } } }\nfn main() { let s = m::S::new(); println!("{}", s.secret); }\n',
  'non-exhaustive': 'enum E { A, B }\nfn main() { let e = E::A; match e { E::A => {} } }\n',
};
const JAVAC = {
  'final': 'public class Main { public static void main(String[] a) { final int x = 1; x = 2; } }\n',
  'no-method': 'public class Main { public static void main(String[] a) { "x".lengthOf(); } }\n',
  'abstract': 'abstract class S {} public class Main { public static void main(String[] a) { new S(); } }\n',
  'unreachable': 'public class Main { public static void main(String[] a) { return; System.out.println(1); } }\n',
};

export function extraCases() {
  const cases = [];
  for (const [n, src] of Object.entries(C)) cases.push({ id: `gcc.x-${n}`, source: 'gcc', type: 'BROKEN_BUILD', files: { 'src/main.c': src }, cmd: 'gcc -c -o main.o src/main.c' });
  for (const [n, src] of Object.entries(CPP)) cases.push({ id: `g++.x-${n}`, source: 'g++', type: 'BROKEN_BUILD', files: { 'main.cc': src }, cmd: 'g++ -std=c++17 -o app main.cc' });
  const tsconfig = JSON.stringify({ compilerOptions: { strict: true, noEmit: true, module: 'nodenext', target: 'es2022' }, include: ['src'] });
  for (const [n, src] of Object.entries(TS)) cases.push({ id: `tsc.x-${n}`, source: 'tsc', type: 'BROKEN_BUILD', files: { 'src/index.ts': src, 'tsconfig.json': tsconfig, 'package.json': '{"type":"module"}' }, cmd: `${TOOLS.tsc} -p . --pretty false` });
  for (const [n, [src, type]] of Object.entries(PY)) cases.push({ id: `python.x-${n}`, source: 'python3', type, files: { 'main.py': src }, cmd: 'python3 main.py' });
  for (const [n, src] of Object.entries(PYTEST)) cases.push({ id: `pytest.x-${n}`, source: 'pytest', type: 'VERIFICATION_FAILED', files: { 'tests/test_app.py': src }, cmd: 'python3 -m pytest -p no:cacheprovider tests' });
  for (const [n, src] of Object.entries(GO)) cases.push({ id: `go.x-${n}`, source: 'go', type: 'BROKEN_BUILD', files: { 'go.mod': 'module demo\n\ngo 1.19\n', 'main.go': src }, cmd: 'go vet ./... && go build ./...', env: GO_ENV });
  for (const [n, src] of Object.entries(RUST)) cases.push({ id: `rustc.x-${n}`, source: 'rustc', type: 'BROKEN_BUILD', files: { 'main.rs': src }, cmd: 'rustc --edition 2021 main.rs' });
  for (const [n, src] of Object.entries(JAVAC)) cases.push({ id: `javac.x-${n}`, source: 'javac', type: 'BROKEN_BUILD', files: { 'Main.java': src }, cmd: 'javac -d out Main.java' });
  const git = (id, type, cmd) => cases.push({ id: `git.x-${id}`, source: 'git', type, cmd: `git init -q -b main . && git -c user.name=a -c user.email=a@b commit -q --allow-empty -m init && ${cmd}` });
  git('remote-exists', 'ERROR_RESPONSE', 'git remote add origin ../a.git && git remote add origin ../b.git');
  git('refspec', 'ERROR_RESPONSE', 'git init -q --bare ../r.git && git push ../r.git release');
  git('ambiguous', 'ERROR_RESPONSE', 'git log HEAD~5');
  git('dest-exists', 'ERROR_RESPONSE', 'mkdir -p copy && touch copy/x && git clone -q . copy');
  git('bad-object', 'ERROR_RESPONSE', 'git cherry-pick 0123456789abcdef0123456789abcdef01234567');
  cases.push({ id: 'shell.x-rm-root', source: 'shell', type: 'SECURITY_VIOLATION', cmd: 'rm -rf --preserve-root /' });
  cases.push({ id: 'shell.x-shadow', source: 'shell', type: 'SECURITY_VIOLATION', cmd: "su nobody -s /bin/sh -c 'cat /etc/shadow'" });
  cases.push({ id: 'shell.x-root-dir', source: 'shell', type: 'SECURITY_VIOLATION', cmd: "su nobody -s /bin/sh -c 'ls /root'" });
  cases.push({ id: 'shell.x-ssh-key', source: 'shell', type: 'SECURITY_VIOLATION', cmd: "su nobody -s /bin/sh -c 'cat /root/.ssh/id_ed25519'" });
  return cases;
}

const GO_ENV = { GOFLAGS: '-mod=mod', GOPROXY: 'off', GOCACHE: '/tmp/classify-corpus-gocache', GOPATH: '/tmp/classify-corpus-gopath', GO111MODULE: 'on' };
