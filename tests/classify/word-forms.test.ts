import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { createClassifier, RuleError, type Rule } from '../../src/classify/index.js';
import { inTestName, joinedCounts, joinedForms, MAX_FORMS, MAX_JOINED_WORDS, NAME_FORMS, NOT_IN_NAMES, phraseForms, unknownStem, WORD_FORMS } from '../../src/classify/word-forms.js';

const lowerWord = fc.stringMatching(/^[a-z]{2,10}$/);
const capital = (w: string): string => w[0]!.toUpperCase() + w.slice(1);

describe('phraseForms: {stem} stands for every form of its family', () => {
  test('a phrase without stems is its only form', () => {
    fc.assert(fc.property(fc.array(lowerWord, { minLength: 1, maxLength: 4 }), (words) => {
      expect(phraseForms(words.join(' '))).toEqual([words.join(' ')]);
    }));
  });

  test('one stem: exactly its forms, in order, around the literal words', () => {
    for (const [stem, forms] of Object.entries(WORD_FORMS)) {
      expect(phraseForms(`please {${stem}} now`)).toEqual(forms.map((f) => `please ${f} now`));
    }
  });

  test('two stems: every combination, bounded by MAX_FORMS', () => {
    const out = phraseForms('{authenticate} {fail}');
    expect(out).toHaveLength(WORD_FORMS.authenticate!.length * WORD_FORMS.fail!.length);
    expect(out).toContain('authentication failed');
    expect(out).toContain('auth failure');
    expect(phraseForms('{cannot} {connection} {closed} {error} {fail}').length).toBeLessThanOrEqual(MAX_FORMS);
  });

  test('a family\'s forms in names are forms of that family', () => {
    for (const [stem, forms] of Object.entries(NAME_FORMS)) for (const form of forms) expect(WORD_FORMS[stem], `${stem}: ${form}`).toContain(form);
  });

  test('unknownStem names a stem the table does not have', () => {
    expect(unknownStem('{login} required')).toBeNull();
    expect(unknownStem('{logn} required')).toBe('logn');
  });
});

describe('joinedForms: words run together and in snake_case; codes stay codes', () => {
  test('two to MAX_JOINED_WORDS words join both ways; more are a sentence, not a name', () => {
    fc.assert(fc.property(fc.array(lowerWord.filter((w) => !NOT_IN_NAMES.has(w)), { minLength: 2, maxLength: MAX_JOINED_WORDS + 2 }), (words) => {
      const joined = words.length <= MAX_JOINED_WORDS ? [words.join(''), words.join('_')] : [];
      expect(joinedForms(words.join(' '))).toEqual(joined);
    }));
  });

  test.each(['timeout', 'errno -111', 'error[e0308]', 'http/1.1 503', 'econnrefused', 'status: 503', '55p03 lock', 'could not connect', 'log in again'])('none for %j', (form) => {
    expect(joinedForms(form)).toEqual([]);
  });
});

describe('joinedCounts: word-part boundaries, not test names, not identifiers', () => {
  const at = (text: string, part: string): boolean => {
    const start = text.toLowerCase().indexOf(part);
    return joinedCounts(text, start, start + part.length - 1);
  };

  test.each([
    ['ConnectionRefusedError: [Errno 111]', 'connectionrefused'],
    ['rpc error: code = DeadlineExceeded desc = context deadline exceeded', 'deadlineexceeded'],
    ['net::ERR_CONNECTION_REFUSED', 'connection_refused'],
    ['{"code":"rate_limit_exceeded"}', 'rate_limit'],
    ['java.net.SocketTimeoutException: Read timed out', 'timeoutexception'],
    ['HTTPTimeoutError', 'timeouterror'],
    // An acronym that ends where the next word's hump begins: `CSV|Error`, `HTTP|Server`.
    ['CSV::MalformedCSVError', 'malformedcsv'],
    ['Net::HTTPServerException', 'httpserver'],
  ])('counts in %j', (text, part) => expect(at(text, part)).toBe(true));

  test.each([
    ['econnrefused', 'connrefused'],
    ['TestConnectionRefusedIsRetried', 'connectionrefused'],
    ['test_handles_rate_limit', 'rate_limit'],
    ['shouldRetryWhenRateLimited', 'ratelimited'],
    ['see fix/rate_limit_backoff', 'rate_limit'],
    ['Xconnectionrefused', 'connectionrefused'],
    // An acronym runs on into the next capital letters: no word ends inside `CSVX`, nor before a lone capital.
    ['MalformedCSVXError', 'malformedcsv'],
    ['MalformedCSVE', 'malformedcsv'],
    ['InvalidTokenError thrown for valid tokens', 'invalidtoken'],
    ["error TS2304: Cannot find name 'RateLimitError'.", 'ratelimit'],
    // A secret printed without a newline before "Error:" (tests/cli/secrets.test.ts's command does).
    ['api_key=akESecr3tValueError: the deploy failed', 'valueerror'],
  ])('not in %j', (text, part) => expect(at(text, part)).toBe(false));

  test('a joined name between CamelCase words counts, whatever the neighbours', () => {
    fc.assert(fc.property(lowerWord, lowerWord, lowerWord, (before, a, b) => {
      fc.pre(!/^(tests?|should|it|when|given|spec)/i.test(before));
      const text = `${capital(before)}${capital(a)}${capital(b)}Error`;
      const start = before.length;
      expect(joinedCounts(text, start, start + a.length + b.length - 1)).toBe(true);
    }));
  });

  test('inTestName: the prefix must end at a word part', () => {
    expect(inTestName('TestTimeout', 4)).toBe(true);
    expect(inTestName('ItemLocked', 4)).toBe(false);
    expect(inTestName('ITEM_LOCKED', 5)).toBe(false);
    expect(inTestName('TestingTimeout', 7)).toBe(false);
  });
});

describe('a rule with wordForms matches every form', () => {
  const rule: Rule = { id: 'x.login', type: 'AUTH_EXPIRED', phrases: ['please {relogin}', 'session {expire}', 'connection refused'], wordForms: true };
  const classifier = createClassifier({ packs: [{ id: 'x', description: 'x', rules: [rule] }] });

  test.each([
    'Please re-authenticate to continue',
    'please sign in again',
    'Please login again.',
    'Your session has expired',
    'session expiry reached',
    'kind: ConnectionRefused',
    'ERR_CONNECTION_REFUSED',
  ])('%s', (stderr) => expect(classifier({ stderr }).type).toBe('AUTH_EXPIRED'));

  test.each(['please wait', 'TestConnectionRefused failed', 'sessions are not expiring soon'])('not %j', (stderr) => {
    expect(classifier({ stderr }).type).toBe('UNKNOWN');
  });

  test('without wordForms, phrases are what they say', () => {
    const plain = createClassifier({ packs: [{ id: 'x', description: 'x', rules: [{ ...rule, wordForms: false }] }] });
    expect(plain({ stderr: 'kind: ConnectionRefused' }).type).toBe('UNKNOWN');
    expect(plain({ stderr: 'connection refused' }).type).toBe('AUTH_EXPIRED');
  });

  test('an unknown stem is refused with its path', () => {
    expect(() => createClassifier({ rules: [{ ...rule, phrases: ['{nope}'] }] })).toThrow(RuleError);
  });
});
