import { describe, expect, test } from 'vitest';
import { markdownToHtml } from '../../src/diagram/markdown.js';
import { timelineCells, timelineTable } from '../../src/diagram/timeline.js';
import { escalatedHistory, escalationReportMd } from './fixtures/histories.js';

describe('markdownToHtml', () => {
  const html = markdownToHtml(escalationReportMd);

  test('headings, bold facts kept on their own lines, code spans', () => {
    expect(html).toContain('<h2>Recovery Escalation Required</h2>');
    expect(html).toContain('<p><strong>Task</strong>: npm test<br><strong>Run</strong>: <code>run-1</code><br>');
  });

  test('a longer fence keeps inner backtick fences and escapes the code', () => {
    expect(html).toContain('<pre><code>SyntaxError: Unexpected token &lt;script&gt;\n``` not the end</code></pre>');
  });

  test('tables and lists', () => {
    expect(html).toContain('<table><thead><tr><th>choice</th><th>command</th></tr></thead><tbody><tr><td>retry-fresh</td><td><code>recover decide run-1 --choice retry-fresh</code></td></tr>');
    expect(html).toContain('<ul><li>first &lt;img src=x onerror=alert(1)&gt;</li><li>second</li></ul>');
  });

  test('never emits markup from the text: no tags but the renderer’s own', () => {
    const tags = new Set([...html.matchAll(/<\/?([a-z0-9]+)/g)].map((m) => m[1]));
    expect([...tags].sort()).toEqual(['br', 'code', 'h2', 'h3', 'li', 'p', 'pre', 'strong', 'table', 'tbody', 'td', 'th', 'thead', 'tr', 'ul']);
  });
});

describe('timeline', () => {
  test('cells: phase, type, delay and duration formatted, fix, note = reason: message', () => {
    expect(timelineCells(escalatedHistory[3]!, 3)).toEqual(['4', '2025-01-01T12:00:09.000Z', 'RETRY', '1', '2', 'failure', 'BROKEN_BUILD', '5s', '1.25s', '', '']);
    expect(timelineCells({ phase: 'ESCALATE', reason: 'max_attempts', message: 'spent' }, 0)).toEqual(['1', '', 'ESCALATE', '', '', '', '', '', '', '', 'max_attempts: spent']);
  });
  test('table: one row per event, escaped', () => {
    const t = timelineTable(escalatedHistory);
    expect(t.match(/<tr class="phase-/g)).toHaveLength(escalatedHistory.length);
    expect(t).toContain('max_attempts: &lt;b&gt;budget&lt;/b&gt; &amp; &quot;spent&quot;');
    expect(timelineTable([])).toBe('<p class="empty">No history recorded.</p>');
  });
});
