import { describe, expect, test } from 'vitest';
import { classify, createClassifier, GENERIC_PACKS, type Observation } from '../../src/classify/index.js';
import { NODE_DNS_ROWS } from '../../src/classify/registries/dns.js';
import type { FailureType } from '../../src/taxonomy/index.js';

/**
 * A DNS server's answer in Node's spelling (issue 30, the eleventh capture): c-ares's codes as Node's
 * `dns` module prints them (`queryA EREFUSED host`) are the DNS registry's RCODEs — FORMERR, NOTIMP,
 * REFUSED, NODATA the answer as given (adapt), SERVFAIL the server's failure, TIMEOUT no answer in
 * time (both retried); a name that does not exist (ENOTFOUND) and no server reached (ECONNREFUSED)
 * stay the network. The quoted line of Node's own source above the caret (`new DNSException(…)`)
 * is code, not a DNS failure.
 */
const generic = createClassifier({ packs: GENERIC_PACKS });
const dns = (code: string, syscall = 'queryA'): Observation => ({
  stdout: '',
  stderr: `node:internal/dns/promises:292\n    this.reject(new DNSException(err, this.bindingName, this.hostname));\n                ^\n\nError: ${syscall} ${code} api.example.test\n    at QueryReqWrap.onresolve [as oncomplete] (node:internal/dns/promises:292:17) {\n  errno: undefined,\n  code: '${code}',\n  syscall: '${syscall}',\n  hostname: 'api.example.test'\n}\n\nNode.js v20.20.2\n`,
  exitCode: 1,
});

const ROWS: [code: string, type: FailureType][] = [
  ['EFORMERR', 'ERROR_RESPONSE'],
  ['ENOTIMP', 'ERROR_RESPONSE'],
  ['EREFUSED', 'ERROR_RESPONSE'],
  ['ENODATA', 'ERROR_RESPONSE'],
  ['ESERVFAIL', 'SERVER_ERROR'],
  ['ETIMEOUT', 'TIMEOUT'],
  // The network's: never read as an answer to adapt to.
  ['ENOTFOUND', 'NETWORK'],
  ['ECONNREFUSED', 'NETWORK'],
];

describe("a DNS server's answer in Node's spelling", () => {
  test.each(ROWS)('%s', (code, type) => {
    expect(classify(dns(code)).type).toBe(type);
    expect(generic(dns(code)).type).toBe(type);
  });

  test('an error object with the code alone reads the same', () => {
    expect(classify({ error: { name: 'Error', message: 'queryMx EREFUSED example.test', code: 'EREFUSED' } }).type).toBe('ERROR_RESPONSE');
    expect(classify({ error: { name: 'Error', message: 'querySrv ESERVFAIL _ldap._tcp.example.test', code: 'ESERVFAIL' } }).type).toBe('SERVER_ERROR');
  });

  test('every row is a c-ares code of the DNS registry with a type', () => {
    expect(NODE_DNS_ROWS.map((row) => row.code).sort()).toEqual(['EFORMERR', 'ENODATA', 'ENOTIMP', 'EREFUSED', 'ESERVFAIL', 'ETIMEOUT']);
    for (const row of NODE_DNS_ROWS) expect(row.type).not.toBeNull();
  });
});

describe('look-alikes', () => {
  test('ENODATA without a resolver beside it is no DNS answer', () => {
    // An extended attribute that is not there (the Linux errno of the same name): the catch-all may read the tool's
    // line, but no DNS rule does.
    const xattr = { stdout: '', stderr: 'getfattr: build/out.bin: ENODATA\n', exitCode: 1 };
    for (const result of [classify(xattr), generic(xattr)]) expect(result.evidence.map((e) => e.rule).filter((rule) => rule.startsWith('dns.'))).toEqual([]);
  });

  test("Node's quoted source line is code: a DNSException constructed there is no network failure", () => {
    const excerpt = {
      stdout: '',
      stderr: "file:///work/app/check.mjs:3\n    throw new DNSException('bad config');\n    ^\n\nTypeError: config.servers is not iterable\n    at file:///work/app/check.mjs:3:11\n\nNode.js v20.20.2\n",
      exitCode: 1,
    };
    expect(classify(excerpt).type).toBe('CLI_CRASH');
    expect(generic(excerpt).type).toBe('CLI_CRASH');
  });
});
