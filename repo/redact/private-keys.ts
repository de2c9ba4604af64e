/**
 * PEM private key blocks, found with `indexOf` instead of a regex: a lazy `[\s\S]*?` between
 * BEGIN and END would rescan the rest of the text for every BEGIN without an END, which is
 * quadratic on hostile input. Here every character is looked at a bounded number of times.
 */
import { REDACTED } from './secret-keys.js';

const BEGIN = '-----BEGIN ';
/** Regex source of a private key block's BEGIN line (also the pre-scan's anchor for this rule). */
export const PRIVATE_KEY_HEADER = '-----BEGIN ([A-Z0-9 ]{0,40}?)PRIVATE KEY( BLOCK)?-----';
// Sticky, so it only looks at one spot; the label is bounded.
const HEADER = new RegExp(PRIVATE_KEY_HEADER, 'y');

/**
 * Replace the body of every private key block with {@link REDACTED}, keeping the BEGIN and END
 * lines. A block without its END line (a cut-off output tail) is redacted to the end of the text.
 */
export function redactPrivateKeys(text: string): string {
  let from = 0;
  let out = '';
  let at = text.indexOf(BEGIN);
  while (at !== -1) {
    HEADER.lastIndex = at;
    const header = HEADER.exec(text);
    if (header === null) {
      at = text.indexOf(BEGIN, at + 1);
      continue;
    }
    const bodyStart = at + header[0].length;
    const endLine = `-----END ${header[1] ?? ''}PRIVATE KEY${header[2] ?? ''}-----`;
    const end = text.indexOf(endLine, bodyStart);
    out += text.slice(from, bodyStart) + REDACTED;
    if (end === -1) return out;
    out += endLine;
    from = end + endLine.length;
    at = text.indexOf(BEGIN, from);
  }
  return out + text.slice(from);
}
