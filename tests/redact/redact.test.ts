import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileRedactPatterns, compileRedaction, REDACTED, redactDeep, redactSecrets } from '../../src/redact/index.js';

const PEM = [
  '-----BEGIN RSA PRIVATE KEY-----',
  'MIIEowIBAAKCAQEA0Z3VS5JJcds3xfn/ygWyF8PbnGy0AHB7MhgHcTz6sE2I2yPB',
  'aFDrBz9vFqU4yF1nKHnGpS5+abc=',
  '-----END RSA PRIVATE KEY-----',
].join('\n');

// [input, expected output]
const POSITIVES: [string, string][] = [
  ['key sk-ant-api03-AbCdEf0123456789_xyz-ABCDEFGH end', `key sk-ant-${REDACTED} end`],
  ['OPENAI sk-abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKL!', `OPENAI sk-${REDACTED}!`],
  ['sk-proj-Ab12_cd34-Ef56gh78ij90KL12mn34 used', `sk-proj-${REDACTED} used`],
  ['Authorization: Bearer xyz', `Authorization: Bearer ${REDACTED}`],
  ['curl -H "Authorization: Basic dXNlcjpwYXNz" x', `curl -H "Authorization: Basic ${REDACTED}" x`],
  ['{"Authorization": "Bearer abc.def.ghi"}', `{"Authorization": "Bearer ${REDACTED}"}`],
  ['sent Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig to api', `sent Bearer ${REDACTED} to api`],
  ['id AKIAIOSFODNN7EXAMPLE here', `id AKIA${REDACTED} here`],
  ['temp ASIAY34FZKBOKMUTVV7A.', `temp ASIA${REDACTED}.`],
  ['aws_secret_access_key=wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY', `aws_secret_access_key=${REDACTED}`],
  ['aws_secret_access_key = wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY', `aws_secret_access_key = ${REDACTED}`],
  ['ghp_16C7e42F292c6912E7710c838347Ae178B4a ok', `ghp_${REDACTED} ok`],
  ['gho_16C7e42F292c6912E7710c838347Ae178B4a', `gho_${REDACTED}`],
  ['ghu_16C7e42F292c6912E7710c838347Ae178B4a', `ghu_${REDACTED}`],
  ['ghs_16C7e42F292c6912E7710c838347Ae178B4a', `ghs_${REDACTED}`],
  ['ghr_16C7e42F292c6912E7710c838347Ae178B4a', `ghr_${REDACTED}`],
  ['github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyz', `github_pat_${REDACTED}`],
  ['postgres://admin:hunter2@db.example.com:5432/app', 'postgres://admin:***@db.example.com:5432/app'],
  ['redis://:p@ss:word@cache:6379', 'redis://:***@cache:6379'],
  ['password=hunter2 next', `password=${REDACTED} next`],
  ['DB_PASSWORD="correct horse"', `DB_PASSWORD="${REDACTED}"`],
  ['api_key: abc123', `api_key: ${REDACTED}`],
  ['{"api_key": "abc123", "user": "bob"}', `{"api_key": "${REDACTED}", "user": "bob"}`],
  ["{'apiKey': 'abc123'}", `{'apiKey': '${REDACTED}'}`],
  ['{\\"password\\":\\"hunter2\\"}', `{\\"password\\":\\"${REDACTED}\\"}`],
  ['GITHUB_TOKEN=abc123&x=1', `GITHUB_TOKEN=${REDACTED}&x=1`],
  ['https://api.example.com/v1?token=abc123&page=2', `https://api.example.com/v1?token=${REDACTED}&page=2`],
  ['client_secret=s3cr3t', `client_secret=${REDACTED}`],
  ['secret=s3cr3t', `secret=${REDACTED}`],
  ['--password=hunter2', `--password=${REDACTED}`],
  ['DB_PASS=hunter2', `DB_PASS=${REDACTED}`],
  ['foo: bar password=hunter2', `foo: bar password=${REDACTED}`],
  ['slack xoxb-1234567890-0987654321-AbCdEfGhIjKl', `slack xoxb-${REDACTED}`],
  ['google AIzaSyA-1234567890abcdefghijklmnopqrstu', `google AIza${REDACTED}`],
  [`key:\n${PEM}\nafter`, `key:\n-----BEGIN RSA PRIVATE KEY-----${REDACTED}-----END RSA PRIVATE KEY-----\nafter`],
  ['-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA', `-----BEGIN OPENSSH PRIVATE KEY-----${REDACTED}`],
  // A bare JWT: no "Bearer", no key name.
  ['tok eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c.', `tok ${REDACTED}.`],
  ['"id_token":"eyJraWQiOiJhYmMifQ.eyJpc3MiOiJodHRwczovL2EifQ.c2lnbmF0dXJlLXNpZ25hdHVyZQ"', `"id_token":"${REDACTED}"`],
  // A bare AWS secret access key (40 characters, mixed case and digits).
  ['aws configure set aws_secret_access_key wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY', `aws configure set aws_secret_access_key ${REDACTED}`],
  ['wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY', REDACTED],
  ['x-api-key: abc123def456', `x-api-key: ${REDACTED}`],
  ['slack xoxs-1234567890-abcdefghij', `slack xoxs-${REDACTED}`],
  ['slack xoxr-1234567890-abcdefghij', `slack xoxr-${REDACTED}`],
  ['https://x.test/cb?api_key=k3y&token=t0k', `https://x.test/cb?api_key=${REDACTED}&token=${REDACTED}`],
];

const NEGATIVES = [
  'skeleton',
  'task-ant-colony-simulation-12345',
  'the bearer token expired',
  'Bearer of bad news',
  'Bearer authentication failed',
  'max_tokens: 4096',
  'TOKEN_COUNT=5',
  'PWD=/home/user',
  'password=',
  'password: null',
  'https://example.com/path?q=1',
  'mail me at user@example.com',
  'sk-123 is short',
  'AKIA alone',
  'ssh-rsa is a public key type',
  '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----',
  'Error: Cannot find module ./utils',
  `already ${REDACTED} and sk-ant-${REDACTED} and https://u:***@h`,
  // Paths in error messages are not keys: the security classifier needs this text as it is.
  "touch: cannot touch '/etc/passwd': Operation not permitted",
  'cat: /etc/passwd: Permission denied',
  'C:\\Users\\dev\\.aws\\credentials: Access is denied',
  // A scheme with nothing after it holds no credential.
  'Authorization: Bearer',
  // sha1 (hex, either case), sha256, uuids, git object ids: never secrets.
  'commit da39a3ee5e6b4b0d3255bfef95601890afd80709',
  'DA39A3EE5E6B4B0D3255BFEF95601890AFD80709',
  'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
  'run 123e4567-e89b-12d3-a456-426614174000 done',
  // A 40-character path or identifier is not an AWS secret.
  '/usr/local/lib/node_modules/typescript/bin',
  'eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.', // an unsigned JWT carries no credential
];

describe('redactSecrets', () => {
  it.each(POSITIVES)('redacts %j', (input, expected) => {
    expect(redactSecrets(input)).toBe(expected);
  });

  it.each(NEGATIVES)('leaves %j alone', (input) => {
    expect(redactSecrets(input)).toBe(input);
  });

  it('redacts several secrets on one line', () => {
    const out = redactSecrets('a=1 token=abc sk-ant-api03-0123456789abcdef AKIAIOSFODNN7EXAMPLE');
    expect(out).toBe(`a=1 token=${REDACTED} sk-ant-${REDACTED} AKIA${REDACTED}`);
  });

  it('applies extra patterns, compiled strings and regexes, after the built-ins', () => {
    expect(redactSecrets('id=ACME-1234-XYZ ok', ['ACME-\\d{4}-[A-Z]{3}'])).toBe(`id=${REDACTED} ok`);
    expect(redactSecrets('corp_AB12 and corp_CD34', [/corp_[A-Z0-9]{4}/])).toBe(`${REDACTED} and ${REDACTED}`);
    // a named group `secret` redacts only that part
    expect(redactSecrets('pin 1234 pin 5678', ['pin (?<secret>\\d+)'])).toBe(`pin ${REDACTED} pin ${REDACTED}`);
    // an empty match is ignored, never loops
    expect(redactSecrets('abc', ['x*'])).toBe('abc');
    // an invalid string pattern at call time is matched literally instead of throwing
    expect(redactSecrets('value (oops here', ['(oops'])).toBe(`value ${REDACTED} here`);
  });

  it('never throws on non-string input', () => {
    expect(redactSecrets(123 as unknown as string)).toBe('123');
    const hostile = { toString: () => { throw new Error('no'); } };
    expect(redactSecrets(hostile as unknown as string)).toContain(REDACTED);
  });
});

describe('compileRedactPatterns', () => {
  it('compiles valid patterns with the g flag', () => {
    const [re] = compileRedactPatterns(['foo\\d+']);
    expect(re?.flags).toContain('g');
  });

  it('names the index of an invalid pattern', () => {
    expect(() => compileRedactPatterns(['ok', '(unclosed'])).toThrow(/redact pattern 1 \("\(unclosed"\)/);
    expect(() => compileRedactPatterns([''])).toThrow(/redact pattern 0/);
  });
});

describe('compileRedaction', () => {
  const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

  it('compiles the strings (flags g and d) before the RegExps, which keep their flags', () => {
    const mine = /tok_[a-z]+/i;
    const compiled = compileRedaction(['foo\\d+', mine, 'bar']);
    expect(compiled.map((re) => [re.source, re.flags])).toEqual([['foo\\d+', 'dg'], ['bar', 'dg'], ['tok_[a-z]+', 'i']]);
    expect(compiled[2]).toBe(mine);
  });

  it('returns a list of RegExps alone as it is: compiled once, read again without compiling', () => {
    fc.assert(fc.property(fc.array(fc.string({ minLength: 1 }), { minLength: 1 }), (texts) => {
      const once = compileRedaction(texts.map(escaped));
      expect(compileRedaction(once)).toBe(once);
      // The same list redacts what the strings did.
      for (const text of texts) expect(redactSecrets(`a ${text} b`, once)).toBe(redactSecrets(`a ${text} b`, texts.map(escaped)));
    }));
  });

  it('is an empty list for none, and names the index of a bad string', () => {
    expect(compileRedaction(undefined)).toEqual([]);
    expect(compileRedaction([])).toEqual([]);
    expect(() => compileRedaction([/ok/, '(unclosed'])).toThrow(/redact pattern 0 \("\(unclosed"\)/);
  });
});

describe('redactDeep', () => {
  it('redacts strings and secret-named fields, keeping shape', () => {
    const input = {
      message: 'failed with token=abc123',
      headers: { authorization: 'Bearer xyz', accept: 'json' },
      config: { password: 12345, nested: { list: ['sk-ant-api03-0123456789abcdef', 7, null, true] } },
      credentials: { user: 'bob', pin: 1234 },
      when: new Date(0),
    };
    const out = redactDeep(input);
    expect(out).toEqual({
      message: `failed with token=${REDACTED}`,
      headers: { authorization: REDACTED, accept: 'json' },
      config: { password: REDACTED, nested: { list: [`sk-ant-${REDACTED}`, 7, null, true] } },
      credentials: { user: REDACTED, pin: REDACTED },
      when: new Date(0),
    });
    expect(input.headers.authorization).toBe('Bearer xyz'); // the input is untouched
  });

  it('is cycle-safe and preserves shared references', () => {
    const a: Record<string, unknown> = { name: 'a', secret: 's3' };
    a['self'] = a;
    const out = redactDeep({ a, again: a }) as { a: Record<string, unknown>; again: unknown };
    expect(out.a['self']).toBe(out.a);
    expect(out.again).toBe(out.a);
    expect(out.a['secret']).toBe(REDACTED);
  });

  it('copies Errors as Errors with redacted message and cause', () => {
    const error = Object.assign(new Error('auth failed for https://u:pw@host', { cause: new Error('password=x') }), { code: 'E1' });
    const out = redactDeep(error);
    expect(out).toBeInstanceOf(Error);
    expect(out.message).toBe('auth failed for https://u:***@host');
    expect((out.cause as Error).message).toBe(`password=${REDACTED}`);
    expect((out as unknown as { code: string }).code).toBe('E1');
  });

  it('never throws: throwing getters, deep nesting', () => {
    const bad = Object.defineProperty({}, 'x', { enumerable: true, get() { throw new Error('boom'); } });
    expect(redactDeep(bad)).toEqual({ x: '[UNREADABLE]' });
    let deep: unknown = 'sk-ant-api03-0123456789abcdef';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    let out = redactDeep(deep);
    for (let i = 0; i < 100_000; i++) out = (out as unknown[])[0];
    expect(out).toBe(`sk-ant-${REDACTED}`);
  });
});

const alnum = (min: number, max: number) =>
  fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'), minLength: min, maxLength: max });
const upperDigits = fc.string({ unit: fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'), minLength: 16, maxLength: 16 });

/** A generated secret and the part of it that must never survive. */
const secretArb: fc.Arbitrary<{ secret: string; body: string }> = fc.oneof(
  alnum(24, 60).map((b) => ({ secret: `sk-ant-api03-${b}`, body: b })),
  alnum(24, 60).map((b) => ({ secret: `sk-${b}`, body: b })),
  alnum(24, 60).map((b) => ({ secret: `sk-proj-${b}`, body: b })),
  alnum(36, 36).map((b) => ({ secret: `ghp_${b}`, body: b })),
  alnum(30, 60).map((b) => ({ secret: `github_pat_${b}`, body: b })),
  upperDigits.map((b) => ({ secret: `AKIA${b}`, body: b })),
  alnum(20, 40).map((b) => ({ secret: `xoxb-${b}`, body: b })),
  alnum(35, 35).map((b) => ({ secret: `AIza${b}`, body: b })),
  alnum(16, 40).map((b) => ({ secret: `Authorization: Bearer ${b}`, body: b })),
  alnum(16, 40).map((b) => ({ secret: `Bearer ${b}9`, body: `${b}9` })),
  alnum(16, 40).map((b) => ({ secret: `aws_secret_access_key=${b}`, body: b })),
  alnum(16, 40).map((b) => ({ secret: `https://user:${b}@example.com/x`, body: b })),
  alnum(16, 40).map((b) => ({ secret: `password=${b}`, body: b })),
  alnum(16, 40).map((b) => ({ secret: `"api_key": "${b}"`, body: b })),
  alnum(16, 40).map((b) => ({ secret: `-----BEGIN EC PRIVATE KEY-----\n${b}\n-----END EC PRIVATE KEY-----`, body: b })),
  fc.tuple(alnum(8, 40), alnum(8, 40), alnum(20, 60)).map(([h, p, s]) => ({ secret: `eyJ${h}.eyJ${p}.${s}`, body: s })),
  alnum(40, 40).filter((b) => /[a-z]/.test(b) && /[A-Z]/.test(b) && /[0-9]/.test(b)).map((b) => ({ secret: b, body: b })),
  alnum(8, 30).map((b) => ({ secret: `https://api.example.com/x?token=${b}&page=1`, body: b })),
);

// Text that is random but also rich in the characters and words the rules look for.
const noisyText = fc.array(
  fc.oneof(
    fc.string({ maxLength: 20 }),
    fc.constantFrom('password=', 'token: ', '"', "'", '\\', 'Bearer ', 'sk-', 'sk-ant-', '://', ':', '@', '=', '[REDACTED]', '***', '-----BEGIN ', 'PRIVATE KEY-----', '\n', ' '),
    secretArb.map((s) => s.secret),
  ),
  { maxLength: 20 },
).map((parts) => parts.join(''));

describe('redactSecrets properties', () => {
  it('is idempotent on what fast-check found: a redacted assignment is never read as a URL\'s user name', () => {
    const once = redactSecrets('A://password=aaaaaaaaaaaaaaaa?&:$@');
    expect(once).toBe('A://password=[REDACTED]&:$@');
    expect(redactSecrets(once)).toBe(once);
  });

  it('is idempotent', () => {
    fc.assert(fc.property(noisyText, (text) => redactSecrets(redactSecrets(text)) === redactSecrets(text)), { numRuns: 2000 });
  });

  it('never throws and always returns a string', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary' }), (text) => typeof redactSecrets(text) === 'string'));
    fc.assert(fc.property(fc.anything(), (value) => { redactDeep(value); return true; }));
  });

  it('never leaves a generated secret embedded in random text', () => {
    fc.assert(
      fc.property(fc.string(), secretArb, fc.string(), (before, { secret, body }, after) => {
        fc.pre(!before.includes(body) && !after.includes(body));
        return !redactSecrets(`${before} ${secret} ${after}`).includes(body);
      }),
      { numRuns: 2000 },
    );
  });

  it('handles 1 MB of mixed input', () => {
    const secrets = fc.sample(secretArb, { numRuns: 200, seed: 7 });
    const filler = 'lorem ipsum token count=3 user@example.com sk- Bearer of news '.repeat(80);
    let text = '';
    for (let i = 0; text.length < 1_000_000; i++) text += `${filler}${secrets[i % secrets.length]?.secret ?? ''}\n`;
    const out = redactSecrets(text);
    for (const { body } of secrets) expect(out.includes(body)).toBe(false);
    // hostile shapes: long runs that almost match
    for (const hostile of ['-----BEGIN '.repeat(90_000), 'a'.repeat(1_000_000), 'password='.repeat(110_000), 'x://'.repeat(250_000)]) {
      expect(typeof redactSecrets(hostile)).toBe('string');
    }
  });
});

describe('redactSecrets: what is promised to stay', () => {
  const hex = (n: number) => fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: n, maxLength: n });
  const word = fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz'), minLength: 1, maxLength: 12 });
  const harmless = fc.oneof(
    hex(40), hex(40).map((h) => h.toUpperCase()), hex(64), fc.uuid(), word,
    fc.constantFrom('error:', 'failed', 'at', '/etc/hosts', 'of', 'news', '-', '\n', 'sk-', 'AKIA', 'token', 'count=3'),
  );
  it('ordinary words, sha1/sha256 hashes and uuids pass unchanged, whatever the mix', () => {
    fc.assert(fc.property(fc.array(harmless, { maxLength: 30 }), fc.constantFrom(' ', '\n', ', '), (parts, sep) => {
      const text = parts.join(sep);
      return redactSecrets(text) === text;
    }), { numRuns: 2000 });
  });
});

describe('redactSecrets: line-bounded assignments', () => {
  it('does not take the next line as a value', () => {
    expect(redactSecrets('password:\nnext_key: value')).toBe('password:\nnext_key: value');
    expect(redactSecrets('token == other')).toBe('token == other');
  });
});
