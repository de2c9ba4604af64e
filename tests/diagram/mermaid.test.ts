import { describe, expect, test } from 'vitest';
import { toMermaid } from '../../src/diagram/mermaid.js';
import { describeMachine } from '../../src/diagram/model.js';
import { recoveryLike } from './fixtures/machines.js';
import { shapes } from './fixtures/shapes.js';

/**
 * Checks each line against the statements of Mermaid's stateDiagram lexer/grammar that we emit:
 * ids `[^:\n\s\-\{]+`, a transition description `:[^:\n;]+`, quoted descriptions `[^"]*`.
 */
function lint(source: string): string[] {
  const id = '[A-Za-z0-9_]+';
  const allowed = [
    /^stateDiagram-v2$/,
    new RegExp(`^\\s*state "[^"]*" as ${id}( \\{)?$`),
    new RegExp(`^\\s*(\\[\\*\\]|${id}) --> (\\[\\*\\]|${id})( : [^:;\\n]+)?$`),
    /^\s*\}$/,
    /^\s*--$/,
    /^\s*%%[^\n]*$/,
  ];
  // Mermaid replaces entity codes (`#58;`) with placeholders before lexing (encodeEntities).
  const encoded = source.replace(/#\w+;/g, 'ENTITY');
  return encoded.trimEnd().split('\n').filter((line) => !allowed.some((re) => re.test(line)));
}

describe('toMermaid', () => {
  const mmd = toMermaid(recoveryLike);

  test('every line is a statement Mermaid accepts; braces balance', () => {
    expect(lint(mmd)).toEqual([]);
    expect(lint(toMermaid(shapes))).toEqual([]);
    expect((mmd.match(/\{/g) ?? []).length).toBe((mmd.match(/\}/g) ?? []).length);
  });

  test('compound states are nested blocks entered through [*]', () => {
    expect(mmd).toContain('  %% states\n  [*] --> recoveryLike\n  state "recoveryLike" as recoveryLike {\n    [*] --> recoveryLike_executing\n');
    expect(mmd).toMatch(/ {4}state "recovery" as recoveryLike_recovery \{\n {6}\[\*\] --> recoveryLike_recovery_pause\n/);
  });

  test('final states lead to [*]', () => {
    for (const s of ['succeeded', 'skipped', 'aborted']) expect(mmd).toContain(`recoveryLike_${s} --> [*]`);
  });

  test('edges carry event, guard, actor and delay, with : and ; as entity codes', () => {
    expect(mmd).toContain('recoveryLike_recovery_diagnose --> recoveryLike_recovery_retry : done#58; diagnose [isTransient && !isFatal]');
    expect(mmd).toContain('recoveryLike_recovery_retry --> recoveryLike_executing : after backoff (5s)');
    expect(mmd).toContain('recoveryLike --> recoveryLike_aborted : ABORT');
    expect(toMermaid(shapes)).toContain(': step#58;done#59;');
    expect(toMermaid(shapes)).toContain(': say #34;hi#34; #35;1 [ready]');
  });

  test('transitions come before the state tree, so Mermaid keeps each state in its composite', () => {
    const tree = mmd.indexOf('  %% states\n');
    expect(tree).toBeGreaterThan(0);
    expect(mmd.indexOf('recoveryLike_recovery_pause --> recoveryLike_recovery_diagnose : always')).toBeLessThan(tree);
    const transitions = mmd.slice(0, tree).split('\n').filter((l) => l.includes(' --> '));
    expect(transitions).toHaveLength(describeMachine(recoveryLike).edges.length);
    expect(mmd.slice(tree)).not.toMatch(/ --> (?!\[\*\])\w+ : /);
  });

  test('parallel regions are split by --, reserved ids are suffixed', () => {
    const s = toMermaid(shapes);
    expect(s).toMatch(/state "upload" as shapes_active_upload \{[\s\S]*\n {6}--\n {6}state "audit"/);
    expect(s).toContain('state "H" as shapes_active_audit_hist');
    expect(s).toContain('state "state" as shapes_state');
  });

  test('deterministic', () => {
    expect(toMermaid(recoveryLike)).toBe(mmd);
  });
});
