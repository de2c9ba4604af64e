import { describe, expect, test } from 'vitest';
import { describeMachine } from '../../src/diagram/model.js';
import { renderRunPage } from '../../src/diagram/run-page.js';
import { highlightSets } from '../../src/diagram/visited.js';
import { recoveryLike } from './fixtures/machines.js';

const model = describeMachine(recoveryLike);

describe('highlightSets', () => {
  test('exact pairs mark every edge declared between them; unknown ids are ignored', () => {
    const hl = highlightSets(model, { states: ['recoveryLike.escalated', 'nope'], transitions: [['recoveryLike.recovery.diagnose', 'recoveryLike.escalated'], ['x', 'y']], current: 'nope' });
    expect([...hl.states]).toEqual(['recoveryLike.escalated']);
    expect([...hl.edges].sort()).toEqual([0, 1, 2].map((n) => `recoveryLike.recovery.diagnose->recoveryLike.escalated#${n}`));
    expect(hl.current).toBeNull();
  });

  test('leaf-to-leaf pairs fall back to edges declared on ancestors or aimed at a compound ancestor', () => {
    const hl = highlightSets(model, { states: [], transitions: [['recoveryLike.recovery.adapt', 'recoveryLike.aborted'], ['recoveryLike.executing', 'recoveryLike.recovery.pause']] });
    expect([...hl.edges].sort()).toEqual(['recoveryLike->recoveryLike.aborted#0', 'recoveryLike.executing->recoveryLike.recovery#0', 'recoveryLike.executing->recoveryLike.recovery#1']);
  });

  test('no path, nothing highlighted', () => {
    expect(highlightSets(model, undefined)).toEqual({ states: new Set(), edges: new Set(), current: null });
  });
});

describe('renderRunPage (pure)', () => {
  const html = renderRunPage({
    title: 'T <1>', status: 'recovered', svg: '<?xml version="1.0"?>\n<!DOCTYPE svg>\n<svg id="s"></svg>\n',
    visited: { states: ['a'], transitions: [] }, visitedNames: ['executing', 'recovered'], history: [{ phase: 'RETRY', result: 'success' }],
  });
  test('inline SVG without its XML prolog; CSP forbids every load; no script; text escaped', () => {
    expect(html).toContain('<div class="chart"><svg id="s"></svg></div>');
    expect(html).not.toContain('<?xml');
    expect(html).not.toContain('<!DOCTYPE svg');
    expect(html).toContain(`<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">`);
    expect(html).not.toMatch(/<script|<link|https?:\/\//);
    expect(html).toContain('<title>T &lt;1&gt;</title>');
    expect(html).toContain('<strong>Path:</strong> executing → recovered');
    expect(html).not.toContain('id="report"');
  });
});
