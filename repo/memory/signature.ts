/**
 * A failure's signature: what two failures must share for a fix of one to be offered for the
 * other. The failure type plus the message's key tokens, with everything that varies from run to
 * run (numbers, paths, URLs, ids, hashes, quoted values) and every secret normalised away.
 * Pure and deterministic; the same signature in every process and every store.
 */
import { redactSecrets } from '../redact/index.js';

/** Most key tokens kept: the head of a message names the failure, its tail is detail. */
export const MAX_KEY_TOKENS = 16;
/** Most characters of the message read (a history event's message is cut at 500 too). */
const MAX_MESSAGE_CHARS = 500;

/** Order matters: a URL holds a path, a path holds numbers, a UUID holds hex. */
const NORMALISERS: ReadonlyArray<[RegExp, string]> = [
  [/\b[a-z][a-z0-9+.-]*:\/\/\S+/gi, ' url '],
  [/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi, ' id '],
  [/(?:[a-z]:)?(?:\.{0,2}[\\/])?(?:[\w.@-]+[\\/])+[\w.@-]*|(?<![\w.])[\\/][\w.@-]+/gi, ' path '],
  [/\b(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{7,}\b/gi, ' hash '],
  [/\b[\w-]*\d[\w-]*\b/g, ' num '],
];

/**
 * The key tokens of a message: secrets redacted, then varying parts replaced by the words `url`,
 * `id`, `path`, `hash`, `num` (quoted names stay: a missing
 * module's name tells which fix applies); lowercased words of two or more letters, a repeat of the
 * previous token dropped, at most {@link MAX_KEY_TOKENS}.
 */
export function keyTokens(message: string | null | undefined): string[] {
  if (!message) return [];
  let text = redactSecrets(message.slice(0, MAX_MESSAGE_CHARS)).toLowerCase();
  for (const [pattern, word] of NORMALISERS) text = text.replace(pattern, word);
  const tokens: string[] = [];
  for (const word of text.match(/[a-z]{2,}/g) ?? []) {
    if (word === 'redacted') continue;
    if (tokens.at(-1) !== word) tokens.push(word);
    if (tokens.length === MAX_KEY_TOKENS) break;
  }
  return tokens;
}

/** `TYPE: token token …` — the failure type and the message's {@link keyTokens}. */
export function failureSignature(type: string, message: string | null | undefined): string {
  const tokens = keyTokens(message);
  return tokens.length > 0 ? `${type}: ${tokens.join(' ')}` : type;
}
