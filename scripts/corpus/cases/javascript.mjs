/** tsc, node, npm, vitest, node:test: what the JavaScript toolchain prints when it fails. */
import { TOOLS } from '../tools.mjs';

const TS_BROKEN = {
  'cannot-find-name': 'export const total = count + 1;\n',
  'type-mismatch': 'export const n: number = "five";\n',
  'missing-module': 'import { thing } from "./does-not-exist";\nexport const x = thing;\n',
  'missing-package': 'import express from "express-not-installed";\nexport const app = express();\n',
  'property-missing': 'interface User { name: string }\nexport const u: User = { name: "a" };\nexport const e = u.email;\n',
  'arg-count': 'function add(a: number, b: number) { return a + b; }\nexport const r = add(1);\n',
  'implicit-any': 'export function f(x) { return x; }\n',
  'syntax': 'export const x = {\n  a: 1,\n  b: 2\n;\n',
  'null-check': 'export function len(s: string | undefined) { return s.length; }\n',
  'timeout-ident': 'export async function wait() { await new Promise((r) => setTimeout(r, timeout)); }\n',
  'not-callable': 'const value = 3;\nexport const r = value();\n',
  'readonly': 'const point = { x: 1 } as const;\npoint.x = 2;\nexport {};\n',
  'unreachable-overload': 'export function f(a: string): string;\nexport function f(a: number): number { return a; }\n',
  'enum': 'enum Color { Red }\nexport const c: Color = Color.Blue;\n',
  'generic': 'export function first<T>(xs: T[]): T { return xs[0]; }\nexport const n: number = first(["a"]);\n',
};

const TSCONFIG = JSON.stringify({ compilerOptions: { strict: true, noEmit: true, module: 'nodenext', target: 'es2022', noUncheckedIndexedAccess: true }, include: ['*.ts'] });

const NODE_FAILS = {
  'syntax': ['main.mjs', 'const x = {;\n', 'BROKEN_BUILD'],
  'missing-module': ['main.mjs', 'import { parse } from "./parser.mjs";\nparse();\n', 'BROKEN_BUILD'],
  'missing-package': ['main.mjs', 'import chalk from "chalk-not-installed";\nconsole.log(chalk);\n', 'BROKEN_BUILD'],
  'require-missing': ['main.cjs', 'const cfg = require("./config.json");\nconsole.log(cfg);\n', 'BROKEN_BUILD'],
  'esm-require': ['main.js', 'import fs from "node:fs";\nconsole.log(fs);\n', 'BROKEN_BUILD'],
  'no-export': ['main.mjs', 'import { nope } from "node:path";\nconsole.log(nope);\n', 'BROKEN_BUILD'],
  'reference-error': ['main.mjs', 'console.log(undefinedVariable.length);\n', 'BROKEN_BUILD'],
  'type-error': ['main.mjs', 'const user = null;\nconsole.log(user.name);\n', 'CLI_CRASH'],
  'throw': ['main.mjs', 'throw new Error("invariant failed: cart total is negative");\n', 'CLI_CRASH'],
  'unhandled-rejection': ['main.mjs', 'Promise.reject(new Error("job queue closed"));\n', 'CLI_CRASH'],
  'json-parse': ['main.mjs', 'JSON.parse("{\\"a\\": 1,}");\n', 'JSON_PARSE_ERROR'],
  'json-parse-empty': ['main.mjs', 'JSON.parse("");\n', 'JSON_PARSE_ERROR'],
  'econnrefused': ['main.mjs', 'await fetch("http://127.0.0.1:1/api");\n', 'NETWORK'],
  'enotfound': ['main.mjs', 'await fetch("http://no-such-host.invalid/api");\n', 'NETWORK'],
  'net-connect': ['main.mjs', 'import net from "node:net";\nnet.connect(1, "127.0.0.1").on("error", (e) => { throw e; });\n', 'NETWORK'],
  'abort-timeout': ['main.mjs', 'import http from "node:http";\nconst s = http.createServer(() => {}).listen(0, async () => {\n  await fetch(`http://127.0.0.1:${s.address().port}/`, { signal: AbortSignal.timeout(200) });\n});\n', 'TIMEOUT'],
  'heap': ['main.mjs', 'const keep = [];\nwhile (true) keep.push(new Array(100000).fill("x"));\n', 'RESOURCE_EXHAUSTION'],
  'enoent-read': ['main.mjs', 'import { readFileSync } from "node:fs";\nreadFileSync("settings.yaml", "utf8");\n', 'ERROR_RESPONSE'],
  'eaddrinuse': ['main.mjs', 'import http from "node:http";\nconst a = http.createServer().listen(0, () => { http.createServer().listen(a.address().port); });\n', 'ERROR_RESPONSE'],
  'spawn-enoent': ['main.mjs', 'import { spawn } from "node:child_process";\nspawn("terraform-not-installed", ["plan"]);\n', 'CLI_NOT_FOUND'],
  'assert': ['main.mjs', 'import assert from "node:assert/strict";\nassert.equal(2 + 2, 5);\n', 'VERIFICATION_FAILED'],
  'assert-deep': ['main.mjs', 'import assert from "node:assert/strict";\nassert.deepEqual({ a: 1, b: [1, 2] }, { a: 1, b: [1, 3] });\n', 'VERIFICATION_FAILED'],
  'stack-overflow': ['main.mjs', 'function f() { return f() + 1; }\nf();\n', 'CLI_CRASH'],
  'segv': ['main.mjs', 'process.kill(process.pid, "SIGSEGV");\n', 'CLI_CRASH'],
  'sigkill': ['main.mjs', 'process.kill(process.pid, "SIGKILL");\n', 'RESOURCE_EXHAUSTION'],
  'sigint': ['main.mjs', 'process.kill(process.pid, "SIGINT");\n', 'USER_ABORT'],
};

const NODE_TEST = {
  'equal': 'test("computes the total", () => { assert.equal(1 + 1, 3); });\n',
  'rate-limit-name': 'test("test_rate_limit_handling backs off", () => { assert.equal("429 Too Many Requests".length, 3); });\n',
  'auth-name': 'test("rejects an expired token with 401 Unauthorized", () => { assert.strictEqual("401", "403"); });\n',
  'throws': 'test("throws on bad input", () => { assert.throws(() => JSON.stringify({})); });\n',
  'timeout': 'test("finishes", { timeout: 200 }, async () => { await new Promise((r) => setTimeout(r, 2000)); });\n',
  'rejects': 'test("fetches", async () => { await assert.rejects(Promise.resolve(1)); });\n',
};

const VITEST = {
  'tobe': 'test("sums", () => { expect(1 + 2).toBe(4); });\n',
  'toequal': 'test("maps users", () => { expect({ id: 1, roles: ["admin"] }).toEqual({ id: 1, roles: ["user"] }); });\n',
  'rate-limit-name': 'test("test_rate_limit_handling returns 429", () => { expect(200).toBe(429); });\n',
  'auth-name': 'test("authentication failed is reported as 401", () => { expect("403 Forbidden").toContain("401"); });\n',
  'throw': 'test("parses", () => { throw new TypeError("Cannot read properties of undefined (reading \'id\')"); });\n',
  'missing-import': 'import { sum } from "./sum.js";\ntest("sums", () => { expect(sum(1, 2)).toBe(3); });\n',
  'syntax': 'test("broken", () => { expect(1).toBe(1) ;\n',
  'timeout': 'test("slow", async () => { await new Promise((r) => setTimeout(r, 3000)); }, 200);\n',
};

export function javascriptCases() {
  const cases = [];
  for (const [name, src] of Object.entries(TS_BROKEN)) {
    cases.push({ id: `tsc.${name}`, source: 'tsc', type: 'BROKEN_BUILD', files: { 'index.ts': src, 'tsconfig.json': TSCONFIG, 'package.json': '{"type":"module"}' }, cmd: `${TOOLS.tsc} -p .` });
  }
  for (const [name, src] of Object.entries(TS_BROKEN).slice(0, 5)) {
    cases.push({ id: `tsc.npm-build.${name}`, source: 'tsc', type: 'BROKEN_BUILD', files: { 'index.ts': src, 'tsconfig.json': TSCONFIG, 'package.json': JSON.stringify({ name: 'app', type: 'module', scripts: { build: `${TOOLS.tsc} -p .` } }) }, cmd: 'npm run build' });
  }
  for (const [name, [file, src, type]] of Object.entries(NODE_FAILS)) {
    cases.push({ id: `node.${name}`, source: 'node', type, files: { [file]: src, 'package.json': name === 'esm-require' ? '{"type":"commonjs"}' : '{}' }, cmd: name === 'heap' ? `node --max-old-space-size=24 ${file}` : `node ${file}` });
  }
  for (const [name, src] of Object.entries(NODE_TEST)) {
    const type = name === 'timeout' ? 'TIMEOUT' : 'VERIFICATION_FAILED';
    cases.push({ id: `node-test.${name}`, source: 'node:test', type, files: { 'a.test.mjs': `import { test } from "node:test";\nimport assert from "node:assert/strict";\n${src}` }, cmd: 'node --test' });
  }
  for (const [name, src] of Object.entries(VITEST)) {
    const type = name === 'missing-import' || name === 'syntax' ? 'BROKEN_BUILD' : name === 'timeout' ? 'TIMEOUT' : name === 'throw' ? 'VERIFICATION_FAILED' : 'VERIFICATION_FAILED';
    cases.push({ id: `vitest.${name}`, source: 'vitest', type, files: { 'a.test.js': src, 'package.json': '{"type":"module"}' }, cmd: `${TOOLS.vitest} run --globals --root .`, env: { FORCE_COLOR: '1' } });
  }
  cases.push({ id: 'npm.missing-script', source: 'npm', type: 'BROKEN_BUILD', files: { 'package.json': '{"name":"app","scripts":{"test":"node --test"}}' }, cmd: 'npm run lint' });
  cases.push({ id: 'npm.test-fails', source: 'npm', type: 'VERIFICATION_FAILED', files: { 'package.json': '{"name":"app","scripts":{"test":"node --test"}}', 'a.test.js': 'const { test } = require("node:test");\nconst assert = require("node:assert");\ntest("adds", () => assert.strictEqual(1 + 1, 3));\n' }, cmd: 'npm test' });
  cases.push({ id: 'npm.registry-refused', source: 'npm', type: 'NETWORK', files: { 'package.json': '{"name":"app","dependencies":{"left-pad":"1.3.0"}}' }, cmd: 'npm install --registry http://127.0.0.1:1/ --fetch-retries=0 --no-audit --no-fund --prefer-online' });
  cases.push({ id: 'npm.registry-dns', source: 'npm', type: 'NETWORK', files: { 'package.json': '{"name":"app","dependencies":{"left-pad":"1.3.0"}}' }, cmd: 'npm install --registry http://registry.invalid/ --fetch-retries=0 --no-audit --no-fund --prefer-online' });
  cases.push({ id: 'npm.bad-json', source: 'npm', type: 'JSON_PARSE_ERROR', files: { 'package.json': '{"name": "app", "scripts": {"test": "x",}}' }, cmd: 'npm test' });
  cases.push({ id: 'npm.script-exit', source: 'npm', type: 'CLI_NOT_FOUND', files: { 'package.json': '{"name":"app","scripts":{"build":"webpack-cli-not-installed --mode production"}}' }, cmd: 'npm run build' });
  return cases;
}
