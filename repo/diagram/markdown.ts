/**
 * A deliberately small Markdown → HTML renderer for the escalation report on the run page:
 * headings, paragraphs (line breaks kept), `-`/`*`/`1.` lists, pipe tables, fenced code (any fence
 * length, as the report uses longer fences around text holding backticks), code spans and bold.
 * Everything else is shown as text. All text is escaped first, so recorded messages cannot
 * inject markup, and no link or image is produced, so nothing can load from the network.
 */
import { escapeHtml } from './escape.js';

/** Inline: code spans (any backtick run length), then `**bold**`, on escaped text. */
function inline(text: string): string {
  const parts: string[] = [];
  let rest = text;
  for (;;) {
    const open = /(`+)/.exec(rest);
    if (!open) break;
    const fence = open[1] ?? '`';
    const close = rest.indexOf(fence, open.index + fence.length);
    if (close < 0) break;
    parts.push(bold(escapeHtml(rest.slice(0, open.index))));
    parts.push(`<code>${escapeHtml(rest.slice(open.index + fence.length, close).trim())}</code>`);
    rest = rest.slice(close + fence.length);
  }
  parts.push(bold(escapeHtml(rest)));
  return parts.join('');
}

const bold = (escaped: string): string => escaped.replace(/\*\*(?=\S)(.+?)\*\*/g, '<strong>$1</strong>');

const cells = (row: string): string[] => row.trim().replace(/^\|/, '').replace(/\|$/, '').split('|').map((c) => c.trim());
const isTableRule = (line: string | undefined): boolean => line !== undefined && /^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$/.test(line);
const LIST = /^\s*(?:[-*]|\d+\.)\s+/;

/** Renders Markdown to an HTML fragment (see the file comment for what is supported). */
export function markdownToHtml(markdown: string): string {
  const lines = markdown.replace(/\r\n?/g, '\n').split('\n');
  const out: string[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i] ?? '';
    const fence = /^\s*(`{3,}|~{3,})/.exec(line);
    if (fence) {
      const marker = fence[1] ?? '```';
      const body: string[] = [];
      i += 1;
      while (i < lines.length && !new RegExp(`^\\s*${marker[0] === '`' ? '`' : '~'}{${marker.length},}\\s*$`).test(lines[i] ?? '')) body.push(lines[i++] ?? '');
      i += 1;
      out.push(`<pre><code>${escapeHtml(body.join('\n'))}</code></pre>`);
      continue;
    }
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    if (heading) {
      const level = (heading[1] ?? '#').length;
      out.push(`<h${level}>${inline((heading[2] ?? '').replace(/\s+#+\s*$/, ''))}</h${level}>`);
      i += 1;
      continue;
    }
    if (line.includes('|') && isTableRule(lines[i + 1])) {
      const head = cells(line).map((c) => `<th>${inline(c)}</th>`).join('');
      const rows: string[] = [];
      i += 2;
      while (i < lines.length && (lines[i] ?? '').includes('|') && (lines[i] ?? '').trim() !== '') {
        rows.push(`<tr>${cells(lines[i++] ?? '').map((c) => `<td>${inline(c)}</td>`).join('')}</tr>`);
      }
      out.push(`<table><thead><tr>${head}</tr></thead><tbody>${rows.join('')}</tbody></table>`);
      continue;
    }
    if (LIST.test(line)) {
      const ordered = /^\s*\d+\./.test(line);
      const items: string[] = [];
      while (i < lines.length && LIST.test(lines[i] ?? '')) items.push(`<li>${inline((lines[i++] ?? '').replace(LIST, ''))}</li>`);
      out.push(`<${ordered ? 'ol' : 'ul'}>${items.join('')}</${ordered ? 'ol' : 'ul'}>`);
      continue;
    }
    if (line.trim() === '') {
      i += 1;
      continue;
    }
    const para: string[] = [];
    const startsBlock = (l: string, next: string | undefined): boolean =>
      /^\s*(`{3,}|~{3,}|#{1,6}\s)/.test(l) || LIST.test(l) || (l.includes('|') && isTableRule(next));
    while (i < lines.length && (lines[i] ?? '').trim() !== '' && (para.length === 0 || !startsBlock(lines[i] ?? '', lines[i + 1]))) {
      para.push(inline((lines[i++] ?? '').trim()));
    }
    out.push(`<p>${para.join('<br>')}</p>`);
  }
  return out.join('\n');
}
