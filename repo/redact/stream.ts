/**
 * Redaction of a byte stream (a command's live output on its way to the terminal), line by line:
 * a secret printed in one line is redacted whole even when it arrives split across chunks.
 *
 * Bytes are handled as latin1 (one character per byte), so output without a secret passes
 * through byte for byte, invalid UTF-8 included; the rules only match ASCII.
 * A private key block spans lines: from its BEGIN line to its END line, nothing of it is passed on.
 */
import { redactSecrets, type RedactPatterns } from './text.js';
import { REDACTED } from './secret-keys.js';

const BEGIN_KEY = /-----BEGIN [A-Z0-9 ]{0,40}PRIVATE KEY( BLOCK)?-----/;
const END_KEY = /-----END [A-Z0-9 ]{0,40}PRIVATE KEY( BLOCK)?-----/;
/** Longest line held back waiting for its end; a longer one is redacted and passed on in pieces. */
export const MAX_HELD_LINE = 64 * 1024;

/**
 * Feed it chunks with {@link push}; it returns what can be shown now (whole lines, redacted) and
 * holds the unfinished last line until more comes or {@link flush} is called (at an idle moment
 * or at the end). Never throws.
 */
export class StreamRedactor {
  private held = '';
  /** Inside a private key block whose END line has not come yet. */
  private inKey = false;

  constructor(private readonly extra?: RedactPatterns) {}

  /** Redacted whole lines of `chunk` (with what was held before it); may be empty. */
  push(chunk: Buffer | string): Buffer {
    const text = this.held + (typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk).toString('latin1');
    const cut = Math.max(text.lastIndexOf('\n'), text.lastIndexOf('\r'));
    if (cut === -1 && text.length <= MAX_HELD_LINE) {
      this.held = text;
      return Buffer.alloc(0);
    }
    const end = cut === -1 ? text.length : cut + 1;
    this.held = text.slice(end);
    return Buffer.from(this.lines(text.slice(0, end)), 'latin1');
  }

  /** The held unfinished line, redacted; nothing is held afterwards. */
  flush(): Buffer {
    const text = this.held;
    this.held = '';
    return text === '' ? Buffer.alloc(0) : Buffer.from(this.lines(text), 'latin1');
  }

  /** Redact whole lines (the text ends with a line break, or is a cut-off line). */
  private lines(text: string): string {
    // No rule matches across a line break, so lines without a key block go through in one call
    // (one call per line would cost more than the rules themselves).
    if (!this.inKey && !text.includes('PRIVATE KEY')) return redactSecrets(text, this.extra);
    let out = '';
    for (const line of text.split(/(?<=[\r\n])/)) out += this.line(line);
    return out;
  }

  private line(line: string): string {
    if (this.inKey) {
      const end = END_KEY.exec(line);
      if (!end) return ''; // the key's body: never shown
      this.inKey = false;
      return redactSecrets(line.slice(end.index), this.extra);
    }
    const begin = BEGIN_KEY.exec(line);
    if (begin && !END_KEY.test(line.slice(begin.index))) {
      this.inKey = true;
      const lineBreak = /[\r\n]$/.test(line) ? line.slice(-1) : '';
      return `${redactSecrets(line.slice(0, begin.index), this.extra)}${begin[0]}${REDACTED}${lineBreak}`;
    }
    return redactSecrets(line, this.extra);
  }
}
