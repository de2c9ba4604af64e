/**
 * The pre-scan: one regex scan over a text (and a look at every 40th character) that tells
 * whether any built-in rule could change it.
 * Most text the engine records (an error message, a stack trace, `ECONNREFUSED`, a test runner's
 * output) holds no secret, and the scan costs a fraction of the eleven passes of the rules.
 *
 * Why it is a superset of the rules: the rules run one after another, each on the previous one's
 * output; while none of them matches, the text stays what it was, so the rules change a text only
 * if one of them matches the *original* text. Each rule has an anchor that matches wherever the
 * rule matches: it starts at one character of the rule's match (the `-` of `sk-`, the `=` of
 * `password=`), checks the part of the match before that with a look-behind and at most the part
 * after it, and leaves a condition out (a look-behind before the match, the rest of a token) only
 * where that widens it. The combined regex adds the `i` flag, which widens a pattern as long as no
 * negative look-around narrows with it (see `SecretRule.anchor`). An anchor no regex finds fast
 * (a bare AWS secret: a run of exactly 40 characters) is a function with the same answer. So where
 * the pre-scan finds nothing, no rule matches and the text is returned as it is. The property
 * tests in tests/redact/prescan.test.ts check it against the rules themselves.
 */
import { KEY_SEPARATOR, SECRET_KEY_WORD } from './assignments.js';
import { PRIVATE_KEY_HEADER } from './private-keys.js';
import { LATE_SECRET_RULES, SECRET_RULES, type SecretRule } from './secret-patterns.js';

/** Every rule's anchor, in the order the rules run (the private key blocks, assignments, then the rest). */
export const PRESCAN_ANCHORS: readonly SecretRule['anchor'][] = [
  PRIVATE_KEY_HEADER,
  ...SECRET_RULES.map((rule) => rule.anchor),
  // Assignments match a secret word followed by a separator: found from the separator's `=` or `:`.
  `[:=](?<=${SECRET_KEY_WORD}${KEY_SEPARATOR})`,
  ...LATE_SECRET_RULES.map((rule) => rule.anchor),
];

// Not global, not sticky: `test` keeps no state between calls. Duplicate anchors (`sk-` serves
// two rules) are listed once.
const sources = [...new Set(PRESCAN_ANCHORS.filter((anchor) => typeof anchor === 'string'))];
const PRESCAN = new RegExp(sources.map((anchor) => `(?:${anchor})`).join('|'), 'i');
const TESTS = PRESCAN_ANCHORS.filter((anchor) => typeof anchor === 'function');

/**
 * False when no built-in rule can match anywhere in `text` (so redaction by the built-in rules
 * returns it unchanged); true when one might. Linear in the length of `text`, like the rules.
 */
export function mayHoldSecret(text: string): boolean {
  if (text.length <= MAX_REMEMBERED_CHARS && secretFree.has(text)) return false;
  const may = PRESCAN.test(text) || TESTS.some((test) => test(text));
  if (!may && text.length <= MAX_REMEMBERED_CHARS) {
    if (secretFree.size >= MAX_REMEMBERED) secretFree.clear();
    secretFree.add(text);
  }
  return may;
}

/**
 * Short texts found to hold no secret. Every run redacts the same few again (its classification's
 * type, category, rule ids and sources, an error's name and code, a message that repeats): a set
 * lookup instead of a scan. Only the answer "no secret" is kept, and the scan is pure, so a
 * remembered answer is the answer. Bounded: at most 1,024 texts of at most 128 characters.
 */
const secretFree = new Set<string>();
const MAX_REMEMBERED = 1_024;
const MAX_REMEMBERED_CHARS = 128;
