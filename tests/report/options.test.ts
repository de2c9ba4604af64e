import { describe, expect, it } from 'vitest';
import { DECISION_OPTIONS, decisionCommand, offeredOptions, optionsSection } from '../../src/report/options.js';

describe('decision options', () => {
  it('builds the exact recover decide commands', () => {
    expect(DECISION_OPTIONS.map((o) => decisionCommand('run-1', o))).toEqual([
      'recover decide run-1 --choice retry-fresh',
      "recover decide run-1 --choice retry-with --guidance 'what to do differently'",
      'recover decide run-1 --choice skip',
      'recover decide run-1 --choice rollback',
      'recover decide run-1 --choice abort',
      'recover decide run-1 --choice manual',
    ]);
  });

  it('offers the wanted options in order, all six by default', () => {
    expect(offeredOptions()).toEqual([...DECISION_OPTIONS]);
    expect(offeredOptions(['skip', 'retry-with-modifications', 'nope', 'skip'])).toEqual(['skip', 'retry-with']);
    expect(offeredOptions(['nope'])).toEqual([...DECISION_OPTIONS]);
  });

  it('renders a section with a code span per command', () => {
    const lines = optionsSection('r`1', ['abort']);
    expect(lines).toEqual(['### Options', '', '- **abort**: Stop gracefully and keep partial work.', "  ``recover decide 'r`1' --choice abort``"]);
  });
});
