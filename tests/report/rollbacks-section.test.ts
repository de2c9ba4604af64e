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
    expect(rollbacksSection(events)).toEqual([
      '### Rollbacks',
      '',
      `- Rollback 1 (before attempt 3): \`${KEPT}\``,
      '- Rollback 2 (before attempt 5): `replaced state kept as refs/recovery/r1/replaced-2 (get it back: recover restore refs/recovery/r1/replaced-2)`',
      '',
    ]);
  });

  it('is empty without a rollback, and for a rollback that said nothing (a library hook returning true)', () => {
    const { events, add } = historyBuilder();
    add({ phase: 'PAUSE', result: 'failure', message: 'boom' }, 1);
    expect(rollbacksSection(events)).toEqual([]);
    add({ phase: 'ROLLBACK', result: 'rolled_back', message: null }, 2);
    expect(rollbacksSection(events)).toEqual([]);
  });
});
