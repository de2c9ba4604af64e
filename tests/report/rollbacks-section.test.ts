import { describe, expect, it } from 'vitest';
import { rollbacksSection } from '../../src/report/rollbacks-section.js';
import { historyBuilder } from './fixtures.js';

const KEPT = 'replaced state kept as refs/recovery/r1/replaced-1 (get it back: recover restore refs/recovery/r1/replaced-1)';

describe('rollbacksSection', () => {
  it('lists each rollback with where the state it replaced is kept, in code spans', () => {
    const { events, add } = historyBuilder();
    add({ phase: 'PAUSE', result: 'failure', message: 'SyntaxError: Unexpected token', attempt: 2 }, 1);
    add({ phase: 'ROLLBACK', result: 'rolled_back', message: KEPT }, 2);
    add({ phase: 'ROLLBACK', result: 'rolled_back', message: 'replaced state kept as refs/recovery/r1/replaced-2 (get it back: recover restore refs/recovery/r1/replaced-2)', attempt: 4 }, 3);
    add({ phase: 'RETRY', result: 'failure', message: 'still failing', attempt: 5 }, 4);
    expect(rollbacksSection(events)).toEqual([
      '### Rollbacks',
      '',
      `- Rollback 1 (before attempt 3): \`${KEPT}\``,
      '- Rollback 2 (before attempt 5): `replaced state kept as refs/recovery/r1/replaced-2 (get it back: recover restore refs/recovery/r1/replaced-2)`',
      '',
    ]);
  });

  it('says a rollback that no attempt followed (a halt: security, data corruption) came after the failed attempt, before escalating', () => {
    const { events, add } = historyBuilder();
    add({ phase: 'PAUSE', result: 'failure', message: 'Error: database disk image is malformed', attempt: 1 }, 0);
    add({ phase: 'ROLLBACK', result: 'rolled_back', message: KEPT, attempt: 1 }, 0);
    add({ phase: 'ESCALATE', result: 'escalated', reason: 'data_corruption', attempt: 1 }, 0);
    expect(rollbacksSection(events)).toEqual(['### Rollbacks', '', `- Rollback 1 (after attempt 1, before escalating): \`${KEPT}\``, '']);
  });

  it('is empty without a rollback, and for a rollback that said nothing (a library hook returning true)', () => {
    const { events, add } = historyBuilder();
    add({ phase: 'PAUSE', result: 'failure', message: 'boom' }, 1);
    expect(rollbacksSection(events)).toEqual([]);
    add({ phase: 'ROLLBACK', result: 'rolled_back', message: null }, 2);
    expect(rollbacksSection(events)).toEqual([]);
  });
});
