import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_HELD_LINE, StreamRedactor } from '../../src/redact/stream.js';
import { REDACTED, redactSecrets } from '../../src/redact/index.js';

/** Feed `chunks` through one redactor, flushing at the end; the output as latin1 text. */
function run(chunks: readonly (string | Buffer)[]): string {
  const redactor = new StreamRedactor();
  const out = chunks.map((c) => redactor.push(c));
  out.push(redactor.flush());
  return Buffer.concat(out).toString('latin1');
}

const KEY = 'sk-ant-api03-Zq7Lm2Xv9Rt4Yp8Wn3Kb6Hj1Gf5Ds0Aa';

describe('StreamRedactor', () => {
  it('redacts a secret split across chunks, whatever the split', () => {
    const text = `token ok\nkey ${KEY} end\n`;
    for (let cut = 0; cut <= text.length; cut++) {
      expect(run([text.slice(0, cut), text.slice(cut)])).toBe(`token ok\nkey sk-ant-${REDACTED} end\n`);
    }
  });

  it('passes output without secrets byte for byte, invalid UTF-8 included', () => {
    fc.assert(fc.property(fc.uint8Array({ maxLength: 300 }), fc.nat(300), (bytes, cut) => {
      const buffer = Buffer.from(bytes);
      const text = buffer.toString('latin1');
      fc.pre(redactSecrets(text) === text);
      const out = run([buffer.subarray(0, cut), buffer.subarray(cut)]);
      return out === text;
    }), { numRuns: 500 });
  });

  it('shows nothing of a private key block printed over several lines and chunks', () => {
    const body = 'MIIEowIBAAKCAQEA0Z3VS5JJcds3xfn/ygWyF8PbnGy0AHB7MhgHcTz6sE2I2yPB';
    const text = `before\n-----BEGIN RSA PRIVATE KEY-----\n${body}\naFDrBz9vFqU4yF1nKHnG\n-----END RSA PRIVATE KEY-----\nafter\n`;
    const out = run(text.match(/[\s\S]{1,7}/g)!);
    expect(out).toBe(`before\n-----BEGIN RSA PRIVATE KEY-----${REDACTED}\n-----END RSA PRIVATE KEY-----\nafter\n`);
  });

  it('a key block cut off by the end of the output is still never shown', () => {
    expect(run(['-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\nmore'])).toBe(`-----BEGIN OPENSSH PRIVATE KEY-----${REDACTED}\n`);
  });

  it('holds an unfinished line until more comes or flush, then redacts it', () => {
    const redactor = new StreamRedactor();
    expect(redactor.push(`password=hun`).length).toBe(0);
    expect(redactor.push('ter2').length).toBe(0);
    expect(redactor.flush().toString()).toBe(`password=${REDACTED}`);
    expect(redactor.flush().length).toBe(0);
  });

  it('does not hold a line without end forever: past the bound it is passed on, redacted', () => {
    const redactor = new StreamRedactor();
    const out = redactor.push(`${'x'.repeat(MAX_HELD_LINE)} ${KEY}`);
    expect(out.toString('latin1')).toBe(`${'x'.repeat(MAX_HELD_LINE)} sk-ant-${REDACTED}`);
  });

  it('treats \\r as a line end (progress bars), keeping it', () => {
    expect(run([`10% ${KEY}\r`, '20%\r100%\n'])).toBe(`10% sk-ant-${REDACTED}\r20%\r100%\n`);
  });
});
