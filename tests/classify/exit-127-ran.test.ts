import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { classify, createClassifier, GENERIC_PACKS, type Observation } from '../../src/classify/index.js';
import { EXIT_127_RULE, exit127OfProgramThatRan } from '../../src/classify/exit-127.js';
import { RULE_PRIORITY, tierOf } from '../../src/classify/priority.js';
import type { Candidate } from '../../src/classify/rule.js';
import type { FailureType } from '../../src/taxonomy/index.js';

/**
 * Exit code 127 from a program that ran (exit-127.ts) and the reasons of an error tuple
 * (lexicon/error-tuple.ts), issue 30's sixteenth capture: a runtime that printed its own
 * uncaught-exception report and then exited 127 was found; its printed cause decides. No rule
 * names a tool; the whole classifier and the generic one agree.
 */
const generic = createClassifier({ packs: GENERIC_PACKS });
const ended127 = (stderr: string): Observation => ({ stdout: '', stderr, exitCode: 127 });

const ROWS: [concept: string, stderr: string, type: FailureType][] = [
  ['an arithmetic exception reported by the runtime', 'escript: exception error: an error occurred when evaluating an arithmetic expression\n  in operator  div/2\n     called as 3 div 0\n', 'CLI_CRASH'],
  ['a refused connection inside the report', 'escript: exception error: no match of right hand side value {error,econnrefused}\n  in function  erl_eval:expr/6 (erl_eval.erl, line 496)\n', 'NETWORK'],
  ['a full disk inside the report', 'escript: exception error: no match of right hand side value {error,enospc}\n  in function  erl_eval:expr/6 (erl_eval.erl, line 496)\n', 'RESOURCE_EXHAUSTION'],
  ['a name that does not exist, as an error tuple', 'escript: exception error: no match of right hand side value {error,nxdomain}\n  in function  erl_eval:expr/6 (erl_eval.erl, line 496)\n', 'NETWORK'],
  ['a receive that timed out, as an error tuple', 'escript: exception error: no match of right hand side value {error,timeout}\n  in call from init:do_boot/3\n', 'TIMEOUT'],
  ['a Lisp condition nobody handled, the program exiting 127', 'Unhandled SIMPLE-ERROR in thread #<SB-THREAD:THREAD "main thread" RUNNING>:\n  replicas must be at least 2\nunhandled condition in --disable-debugger mode, quitting\n', 'CLI_CRASH'],
  ['an Elixir-style tuple in a raised match error', '** (MatchError) no match of right hand side value: {:error, :nxdomain}\n    app.exs:3: (file)\nexception: MatchError\n', 'NETWORK'],
];

describe('exit 127 after a runtime reported its own uncaught exception: the printed cause decides', () => {
  test.each(ROWS)('%s', (_, stderr, type) => {
    expect(classify(ended127(stderr)).type).toBe(type);
    expect(generic(ended127(stderr)).type).toBe(type);
  });
});

describe("look-alikes: 127 stays the shell's missing command", () => {
  test.each([
    ['a bare 127, nothing printed', ended127('')],
    ["the shell's own words", ended127('sh: 1: deploy-tool: not found\n')],
    ['a missing command named beside an exception report the wrapper printed', ended127('bash: deploy-tool: command not found\nException: deploy step failed\n')],
    ['an executable not found, then a runtime report', ended127('exec: "node-22": executable file not found in $PATH\nfatal error: exception raised by the wrapper\n')],
    ['a line that is no exception report', ended127('deploy: waiting for the exception window to close\n')],
  ])('%s', (_, observation) => {
    expect(classify(observation).type).toBe('CLI_NOT_FOUND');
    expect(generic(observation).type).toBe('CLI_NOT_FOUND');
  });
});

describe('look-alikes of the error tuple: the reason words outside a returned tuple', () => {
  const rules = (o: Observation): string[] => classify(o).evidence.map((e) => e.rule);
  test.each([
    ['a help text listing NXDOMAIN', { stdout: '  -s   stop on a SERVFAIL or NXDOMAIN answer\n  --timeout N\n', stderr: '', exitCode: 0 }],
    ['a test report naming the tuple', { stdout: 'ok 1 - returns {error,timeout} on a slow peer\nok 2 - returns {error,nxdomain} for an unknown host\n', stderr: '', exitCode: 0 }],
    ['a failing test report on stderr naming the tuple', fail('not ok 1 - returns {error,timeout} on a slow peer\n#   expected: {ok,1}\n')],
    ['an ok tuple', fail('result: {ok,nxdomain_cache_cleared}\nerror: deploy refused by policy\n')],
  ])('%s', (_, observation) => {
    expect(rules(observation)).not.toContain('lexicon.error-tuple-nxdomain');
    expect(rules(observation)).not.toContain('lexicon.error-tuple-timeout');
  });
});

function fail(stderr: string): Observation {
  return { stdout: '', stderr, exitCode: 1 };
}

const TYPES: FailureType[] = ['CLI_NOT_FOUND', 'CLI_CRASH', 'NETWORK', 'ERROR_RESPONSE', 'BROKEN_BUILD'];
const RULES = [EXIT_127_RULE, 'lexicon.runtime-uncaught-report', 'lexicon.runtime-uncaught-report-stdout', 'exit-code.command-not-found', 'lexicon.network', 'lexicon.compile'];
const candidate = fc.record({
  order: fc.nat(100), rule: fc.constantFrom(...RULES), type: fc.constantFrom(...TYPES), tier: fc.nat(20), layer: fc.nat(3),
  priority: fc.integer({ min: 0, max: 2000 }), confidence: fc.double({ min: 0, max: 1, noNaN: true }),
  source: fc.constantFrom('stderr' as const, 'exitCode' as const), match: fc.string({ maxLength: 20 }),
}) as fc.Arbitrary<Candidate>;

describe('exit127OfProgramThatRan (properties)', () => {
  test('changes at most the exit rule, only to the weak tier, never with a missing command\'s words, and only beside a report', () => {
    fc.assert(fc.property(fc.array(candidate, { maxLength: 8 }), (cs) => {
      const before = cs.map((c) => ({ ...c }));
      exit127OfProgramThatRan(cs);
      expect(cs.length).toBe(before.length);
      const wordsOfMissing = before.some((c) => c.rule !== EXIT_127_RULE && c.type === 'CLI_NOT_FOUND');
      const report = before.some((c) => c.rule.startsWith('lexicon.runtime-uncaught-report'));
      cs.forEach((c, i) => {
        if (c.rule !== EXIT_127_RULE || wordsOfMissing || !report) expect(c).toEqual(before[i]);
        else if (c.priority !== before[i]!.priority) expect([c.priority, c.tier]).toEqual([RULE_PRIORITY.weak, tierOf(RULE_PRIORITY.weak)]);
      });
      const again = cs.map((c) => ({ ...c }));
      exit127OfProgramThatRan(cs);
      expect(cs).toEqual(again); // idempotent
    }));
  });
});
