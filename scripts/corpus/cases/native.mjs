/** gcc, g++, ld, make, cmake, rustc/cargo, go: builds that break, tests that fail, programs that crash. */

const cProgram = (body, head = '#include <stdio.h>\n') => `${head}int main(void) {\n${body}\n  return 0;\n}\n`;

/** C sources that do not compile, each a different diagnostic of gcc's. */
const C_BROKEN = {
  'missing-semicolon': cProgram('  int x = 1\n  printf("%d\\n", x);'),
  'undeclared': cProgram('  printf("%d\\n", counter);'),
  'undeclared-timeout': cProgram('  int waited = timeout * 2;\n  printf("%d\\n", waited);'),
  'missing-header': cProgram('  return 0;', '#include <libfoo/foo.h>\n'),
  'missing-header-quoted': cProgram('  return 0;', '#include "config_generated.h"\n'),
  'wrong-arg-count': 'int add(int a, int b) { return a + b; }\nint main(void) { return add(1); }\n',
  'incompatible-pointer': '#include <stdlib.h>\nint main(void) { int *p = 3.5; return *p; }\n',
  'unterminated-comment': 'int main(void) { /* never closed\n return 0; }\n',
  'unknown-type': 'int main(void) { widget_t w; return 0; }\n',
  'redefinition': 'int f(void) { return 1; }\nint f(void) { return 2; }\nint main(void) { return f(); }\n',
  'struct-member': 'struct point { int x; };\nint main(void) { struct point p; return p.y; }\n',
  'stray-char': 'int main(void) { int a = 1 @ 2; return a; }\n',
  'void-value': 'void f(void) {}\nint main(void) { int x = f(); return x; }\n',
  'missing-brace': 'int main(void) {\n  if (1) {\n    return 0;\n',
  'implicit-function': cProgram('  launch_rockets(3);'),
};

const CPP_BROKEN = {
  'no-member': '#include <string>\nint main() { std::string s; return s.size_of(); }\n',
  'no-matching-call': '#include <vector>\nint main() { std::vector<int> v; v.push_back("x"); return 0; }\n',
  'template': 'template <typename T> T twice(T x) { return x * 2; }\n#include <string>\nint main() { std::string s = twice(std::string("a")); return 0; }\n',
  'not-declared-scope': 'int main() { return helper(); }\n',
  'missing-include': 'int main() { std::cout << "hi"; return 0; }\n',
  'const-assign': 'int main() { const int x = 1; x = 2; return x; }\n',
  'abstract': 'struct Shape { virtual double area() = 0; };\nint main() { Shape s; return 0; }\n',
  'private': 'class A { int secret = 1; };\nint main() { A a; return a.secret; }\n',
};

/** Programs that compile but do not link. */
const LINK_BROKEN = {
  'undefined-reference': 'int compute(int);\nint main(void) { return compute(2); }\n',
  'undefined-reference-lib': '#include <math.h>\nint main(int argc, char **argv) { (void)argv; return (int)cos((double)argc); }\n',
  'multiple-definition': null,
  'no-main': 'int helper(void) { return 1; }\n',
};

/** Programs that build and then crash or fail at run time. */
const C_RUNTIME = {
  'segfault': ['#include <stddef.h>\nint main(void) { int *p = NULL; return *p; }\n', 'CLI_CRASH'],
  'abort': ['#include <stdlib.h>\nint main(void) { abort(); }\n', 'CLI_CRASH'],
  'div-zero': ['int main(int argc, char **argv) { (void)argv; return 10 / (argc - 1); }\n', 'CLI_CRASH'],
  'stack-overflow': ['int f(int n) { volatile char big[4096]; big[0] = (char)n; return f(n + 1) + big[0]; }\nint main(void) { return f(0); }\n', 'CLI_CRASH'],
};

export function nativeCases() {
  const cases = [];
  for (const [name, src] of Object.entries(C_BROKEN)) {
    cases.push({ id: `gcc.${name}`, source: 'gcc', type: 'BROKEN_BUILD', files: { 'main.c': src }, cmd: 'gcc -Wall -o app main.c' });
  }
  for (const [name, src] of Object.entries(C_BROKEN).slice(0, 6)) {
    cases.push({ id: `gcc.make.${name}`, source: 'gcc', type: 'BROKEN_BUILD', files: { 'main.c': src, Makefile: 'app: main.c\n\tgcc -Wall -o app main.c\n' }, cmd: 'make' });
  }
  cases.push({ id: 'gcc.werror', source: 'gcc', type: 'BROKEN_BUILD', files: { 'main.c': 'int main(void) { int unused; return 0; }\n' }, cmd: 'gcc -Wall -Werror -o app main.c' });
  for (const [name, src] of Object.entries(CPP_BROKEN)) {
    cases.push({ id: `g++.${name}`, source: 'g++', type: 'BROKEN_BUILD', files: { 'main.cpp': src }, cmd: 'g++ -o app main.cpp' });
  }
  for (const [name, src] of Object.entries(LINK_BROKEN)) {
    const files = src === null
      ? { 'a.c': 'int shared = 1;\nint main(void) { return shared; }\n', 'b.c': 'int shared = 2;\n' }
      : { 'main.c': src };
    const cmd = src === null ? 'gcc -fno-common -o app a.c b.c' : 'gcc -o app main.c';
    cases.push({ id: `ld.${name}`, source: 'ld', type: 'BROKEN_BUILD', files, cmd });
  }
  cases.push({ id: 'ld.missing-lib', source: 'ld', type: 'BROKEN_BUILD', files: { 'main.c': 'int main(void) { return 0; }\n' }, cmd: 'gcc -o app main.c -lnotalibrary' });
  cases.push({ id: 'ld.direct', source: 'ld', type: 'BROKEN_BUILD', files: { 'main.c': 'int compute(int);\nint main(void) { return compute(1); }\n' }, cmd: 'gcc -c main.c && ld -o app main.o' });
  for (const [name, [src, type]] of Object.entries(C_RUNTIME)) {
    cases.push({ id: `c-runtime.${name}`, source: 'c-runtime', type, files: { 'main.c': src }, cmd: 'gcc -O0 -o app main.c && ./app' });
  }
  cases.push({ id: 'make.no-rule', source: 'make', type: 'BROKEN_BUILD', files: { Makefile: 'all: app\napp: main.o\n\tcc -o app main.o\n' }, cmd: 'make' });
  cases.push({ id: 'make.separator', source: 'make', type: 'BROKEN_BUILD', files: { Makefile: 'all:\n    echo spaces-not-tab\n' }, cmd: 'make' });
  cases.push({ id: 'make.no-target', source: 'make', type: 'BROKEN_BUILD', files: { Makefile: 'all:\n\t@echo ok\n' }, cmd: 'make install-docs' });
  cases.push({ id: 'cmake.missing-package', source: 'cmake', type: 'BROKEN_BUILD', files: { 'CMakeLists.txt': 'cmake_minimum_required(VERSION 3.10)\nproject(demo C)\nfind_package(ZeroMQFramework REQUIRED)\n' }, cmd: 'cmake -S . -B build' });
  cases.push({ id: 'cmake.syntax', source: 'cmake', type: 'BROKEN_BUILD', files: { 'CMakeLists.txt': 'cmake_minimum_required(VERSION 3.10)\nproject(demo C\nadd_executable(app main.c)\n' }, cmd: 'cmake -S . -B build' });
  cases.push({ id: 'cmake.missing-source', source: 'cmake', type: 'BROKEN_BUILD', files: { 'CMakeLists.txt': 'cmake_minimum_required(VERSION 3.10)\nproject(demo C)\nadd_executable(app main.c)\n' }, cmd: 'cmake -S . -B build' });
  return cases;
}

const RUST_BROKEN = {
  'unresolved-name': 'fn main() { println!("{}", total); }\n',
  'mismatched-types': 'fn main() { let x: u32 = "five"; println!("{}", x); }\n',
  'borrow-moved': 'fn main() { let s = String::from("a"); let t = s; println!("{} {}", s, t); }\n',
  'missing-method': 'fn main() { let v = vec![1]; v.push_front(2); }\n',
  'unresolved-import': 'use serde::Deserialize;\nfn main() {}\n',
  'wrong-arg-count': 'fn add(a: i32, b: i32) -> i32 { a + b }\nfn main() { add(1); }\n',
  'syntax': 'fn main() { let x = ; }\n',
  'mutability': 'fn main() { let x = 1; x = 2; println!("{}", x); }\n',
  'timeout-ident': 'fn main() { let d = std::time::Duration::from_secs(timeout); println!("{:?}", d); }\n',
  'lifetime': 'fn longest(a: &str, b: &str) -> &str { if a.len() > b.len() { a } else { b } }\nfn main() {}\n',
};

const RUST_RUNTIME = {
  'panic-unwrap': ['fn main() { let v: Option<u32> = None; v.unwrap(); }\n', 'CLI_CRASH'],
  'panic-index': ['fn main() { let v = vec![1, 2]; let i = v.len() + 3; println!("{}", v[i]); }\n', 'CLI_CRASH'],
  // A missing file is ERROR_RESPONSE in every language here (Python FileNotFoundError, Node ENOENT), panic or not.
  'panic-expect': ['fn main() { std::fs::read_to_string("config.toml").expect("failed to read config"); }\n', 'ERROR_RESPONSE'],
  'assert-eq': ['fn main() { let got = 2 + 2; assert_eq!(got, 5, "arithmetic"); }\n', 'VERIFICATION_FAILED'],
  'overflow': ['fn main() { let a: u8 = 255; let b = a + std::env::args().count() as u8; println!("{}", b); }\n', 'CLI_CRASH'],
};

const GO_BROKEN = {
  'undefined': 'package main\n\nfunc main() {\n\tfmt.Println(total)\n}\n',
  'unused-var': 'package main\n\nfunc main() {\n\tx := 1\n}\n',
  'unused-import': 'package main\n\nimport "os"\n\nfunc main() {}\n',
  'type-mismatch': 'package main\n\nfunc main() {\n\tvar n int = "x"\n\t_ = n\n}\n',
  'syntax': 'package main\n\nfunc main() {\n\tif true {\n}\n',
  'missing-return': 'package main\n\nfunc f() int {\n}\n\nfunc main() { f() }\n',
  'missing-module': 'package main\n\nimport "github.com/acme/widgets"\n\nfunc main() { widgets.Run() }\n',
  'timeout-ident': 'package main\n\nimport "time"\n\nfunc main() {\n\ttime.Sleep(timeout)\n}\n',
};

const GO_RUNTIME = {
  'nil-map': ['package main\n\nfunc main() {\n\tvar m map[string]int\n\tm["a"] = 1\n}\n', 'CLI_CRASH'],
  'index': ['package main\n\nimport "os"\n\nfunc main() {\n\ts := []int{1}\n\t_ = s[len(os.Args)+2]\n}\n', 'CLI_CRASH'],
  'nil-pointer': ['package main\n\ntype T struct{ n int }\n\nfunc main() {\n\tvar t *T\n\tprintln(t.n)\n}\n', 'CLI_CRASH'],
  'deadlock': ['package main\n\nfunc main() {\n\tc := make(chan int)\n\t<-c\n}\n', 'CLI_CRASH'],
  'custom-panic': ['package main\n\nfunc main() {\n\tpanic("invariant violated: ledger out of balance")\n}\n', 'CLI_CRASH'],
};

export function rustGoCases() {
  const cases = [];
  for (const [name, src] of Object.entries(RUST_BROKEN)) cases.push({ id: `rustc.${name}`, source: 'rustc', type: 'BROKEN_BUILD', files: { 'main.rs': src }, cmd: 'rustc --edition 2021 main.rs' });
  for (const [name, [src, type]] of Object.entries(RUST_RUNTIME)) cases.push({ id: `rust-runtime.${name}`, source: 'rustc', type, files: { 'main.rs': src }, cmd: 'rustc --edition 2021 -C debug-assertions main.rs 2>/dev/null && ./main' });
  const cargoToml = '[package]\nname = "demo"\nversion = "0.1.0"\nedition = "2021"\n';
  cases.push({ id: 'cargo.test-fail', source: 'cargo', type: 'VERIFICATION_FAILED', files: { 'Cargo.toml': cargoToml, 'src/lib.rs': 'pub fn add(a: i32, b: i32) -> i32 { a - b }\n#[cfg(test)]\nmod tests {\n  #[test]\n  fn adds() { assert_eq!(super::add(2, 2), 4); }\n  #[test]\n  fn test_rate_limit_handling() { assert!(super::add(1, 1) == 2, "limiter should allow two"); }\n}\n' }, cmd: 'cargo test --offline -q' });
  cases.push({ id: 'cargo.build-error', source: 'cargo', type: 'BROKEN_BUILD', files: { 'Cargo.toml': cargoToml, 'src/main.rs': 'fn main() { let x: i32 = "no"; }\n' }, cmd: 'cargo build --offline -q' });
  cases.push({ id: 'cargo.missing-dep', source: 'cargo', type: 'BROKEN_BUILD', files: { 'Cargo.toml': `${cargoToml}\n[dependencies]\nleftpad-nonexistent-crate = "9.9"\n`, 'src/main.rs': 'fn main() {}\n' }, cmd: 'cargo build --offline -q' });
  cases.push({ id: 'cargo.bad-manifest', source: 'cargo', type: 'BROKEN_BUILD', files: { 'Cargo.toml': '[package\nname = "demo"\n', 'src/main.rs': 'fn main() {}\n' }, cmd: 'cargo build --offline -q' });
  for (const [name, src] of Object.entries(GO_BROKEN)) cases.push({ id: `go.${name}`, source: 'go', type: 'BROKEN_BUILD', files: { 'go.mod': 'module demo\n\ngo 1.19\n', 'main.go': src }, cmd: 'go build ./...', env: GO_ENV });
  for (const [name, [src, type]] of Object.entries(GO_RUNTIME)) cases.push({ id: `go-runtime.${name}`, source: 'go', type, files: { 'go.mod': 'module demo\n\ngo 1.19\n', 'main.go': src }, cmd: 'go run .', env: GO_ENV });
  const goTest = (body) => ({ 'go.mod': 'module demo\n\ngo 1.19\n', 'calc.go': 'package demo\n\nfunc Add(a, b int) int { return a - b }\n', 'calc_test.go': `package demo\n\nimport "testing"\n\n${body}` });
  cases.push({ id: 'go-test.fail', source: 'go', type: 'VERIFICATION_FAILED', files: goTest('func TestAdd(t *testing.T) {\n\tif got := Add(2, 2); got != 4 {\n\t\tt.Errorf("Add(2, 2) = %d, want 4", got)\n\t}\n}\n'), cmd: 'go test ./...', env: GO_ENV });
  cases.push({ id: 'go-test.rate-limit-name', source: 'go', type: 'VERIFICATION_FAILED', files: goTest('func TestRateLimitExceededIsRetried(t *testing.T) {\n\tif Add(1, 1) != 2 {\n\t\tt.Fatalf("rate limit exceeded: expected retry after 2s, got none")\n\t}\n}\n'), cmd: 'go test ./...', env: GO_ENV });
  cases.push({ id: 'go-test.timeout', source: 'go', type: 'TIMEOUT', files: goTest('import "time"\n\nfunc TestSlow(t *testing.T) { time.Sleep(5 * time.Second) }\n'.replace('import "testing"\n\n', '')), cmd: 'go test -timeout 1s ./...', env: GO_ENV });
  return cases;
}

const GO_ENV = { GOFLAGS: '-mod=mod', GOPROXY: 'off', GOCACHE: '/tmp/classify-corpus-gocache', GOPATH: '/tmp/classify-corpus-gopath', GO111MODULE: 'on' };
