/**
 * `--notify github` (UC-AP-004's issue/PR comment channel, issue #33) against a local fake of
 * GitHub's REST API: one comment per task, updated on the next escalation; never a secret.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { commentMarker, GITHUB_COMMENT_LIMIT, GithubNotifyError, postEscalationComment } from '../../src/notify/github-comment.js';

interface Comment { id: number; body: string; issue: number }
let comments: Comment[] = [];
let requests: Array<{ method: string; url: string; authorization: string | undefined }> = [];
let refuse: number | null = null;
let server: Server;
let api = '';

const bodyOf = (request: IncomingMessage) => new Promise<string>((resolve) => {
  let text = '';
  request.on('data', (chunk: Buffer) => { text += chunk.toString(); });
  request.on('end', () => resolve(text));
});

beforeAll(async () => {
  server = createServer(async (request, response) => {
    const url = new URL(request.url!, 'http://x');
    requests.push({ method: request.method!, url: `${url.pathname}${url.search}`, authorization: request.headers.authorization });
    const send = (status: number, value: unknown) => { response.writeHead(status, { 'content-type': 'application/json' }); response.end(JSON.stringify(value)); };
    if (refuse !== null) return send(refuse, { message: 'Resource not accessible by integration' });
    const list = /^\/repos\/acme\/shop\/issues\/(\d+)\/comments$/.exec(url.pathname);
    const one = /^\/repos\/acme\/shop\/issues\/comments\/(\d+)$/.exec(url.pathname);
    if (list && request.method === 'GET') {
      const page = Number(url.searchParams.get('page') ?? 1);
      const per = Number(url.searchParams.get('per_page') ?? 30);
      return send(200, comments.filter((c) => c.issue === Number(list[1])).slice((page - 1) * per, page * per));
    }
    if (list && request.method === 'POST') {
      const comment = { id: 1000 + comments.length, issue: Number(list[1]), body: (JSON.parse(await bodyOf(request)) as { body: string }).body };
      comments.push(comment);
      return send(201, { id: comment.id, html_url: `https://github.example/acme/shop/pull/${list[1]}#issuecomment-${comment.id}` });
    }
    if (one && request.method === 'PATCH') {
      const comment = comments.find((c) => c.id === Number(one[1]))!;
      comment.body = (JSON.parse(await bodyOf(request)) as { body: string }).body;
      return send(200, { id: comment.id, html_url: `https://github.example/acme/shop/pull/${comment.issue}#issuecomment-${comment.id}` });
    }
    send(404, { message: 'Not Found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  api = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => { comments = []; requests = []; refuse = null; });

const env = (extra: Record<string, string> = {}) => ({ GITHUB_TOKEN: 'ghs_testtoken', GITHUB_REPOSITORY: 'acme/shop', GITHUB_API_URL: api, GITHUB_REF: 'refs/pull/42/merge', ...extra });
const REPORT = '# Escalation Report\n\nRun `npm test` failed: AUTH_FAILURE with token=ghp_abcdefghijklmnopqrstuvwxyz0123456789 in the output\n';

describe('postEscalationComment', () => {
  it('posts the report on the pull request of the workflow run, redacted, under its marker', async () => {
    const posted = await postEscalationComment({ report: REPORT, task: 'npm test' }, env());
    expect(posted).toEqual({ url: `https://github.example/acme/shop/pull/42#issuecomment-1000`, updated: false });
    expect(comments).toHaveLength(1);
    expect(comments[0]!.body.startsWith(`${commentMarker('npm test')}\n# Escalation Report`)).toBe(true);
    expect(comments[0]!.body).not.toContain('ghp_abcdefghijklmnopqrstuvwxyz0123456789');
    expect(comments[0]!.body).toContain('[REDACTED]');
    expect(requests.every((r) => r.authorization === 'Bearer ghs_testtoken')).toBe(true);
  });

  it('updates its own earlier comment, found on a later page, and leaves other comments alone', async () => {
    for (let i = 0; i < 130; i++) comments.push({ id: i + 1, issue: 42, body: `review comment ${i}` });
    comments.push({ id: 500, issue: 42, body: `${commentMarker('npm run build')}\nanother task's report` });
    comments.push({ id: 501, issue: 42, body: `${commentMarker('npm test')}\nthe first escalation` });
    const posted = await postEscalationComment({ report: 'second escalation', task: 'npm test' }, env());
    expect(posted).toMatchObject({ updated: true, url: expect.stringContaining('issuecomment-501') });
    expect(comments.find((c) => c.id === 501)!.body).toBe(`${commentMarker('npm test')}\nsecond escalation`);
    expect(comments.find((c) => c.id === 500)!.body).toContain("another task's report");
    expect(comments).toHaveLength(132);
    expect(requests.filter((r) => r.method === 'GET').map((r) => r.url)).toEqual([
      '/repos/acme/shop/issues/42/comments?per_page=100&page=1', '/repos/acme/shop/issues/42/comments?per_page=100&page=2',
    ]);
  });

  it('takes the pull request from the event file, or a number given, before the ref', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'recover-gh-event-'));
    writeFileSync(join(dir, 'event.json'), JSON.stringify({ pull_request: { number: 7 } }));
    await postEscalationComment({ report: 'r', task: 't' }, env({ GITHUB_EVENT_PATH: join(dir, 'event.json') }));
    await postEscalationComment({ report: 'r', task: 't', number: 9 }, env());
    expect(comments.map((c) => c.issue)).toEqual([7, 9]);
  });

  it('cuts a report longer than a comment may be, saying so', async () => {
    await postEscalationComment({ report: `# Report\n${'x'.repeat(GITHUB_COMMENT_LIMIT)}`, task: 't' }, env());
    expect(comments[0]!.body.length).toBeLessThanOrEqual(GITHUB_COMMENT_LIMIT);
    expect(comments[0]!.body).toContain('cut to fit a comment');
  });

  it.each([
    ['no token', { GITHUB_TOKEN: '' }, 'needs GITHUB_TOKEN'],
    ['no repository', { GITHUB_REPOSITORY: '' }, 'needs GITHUB_REPOSITORY as owner/name'],
    ['no pull request', { GITHUB_REF: 'refs/heads/main' }, 'has no pull request; name an issue'],
  ])('refuses with %s, naming what to set, and calls nothing', async (_, extra, why) => {
    await expect(postEscalationComment({ report: 'r', task: 't' }, env(extra))).rejects.toThrow(why);
    expect(requests).toEqual([]);
  });

  it("says what GitHub answered when it refuses, without the token", async () => {
    refuse = 403;
    const error = await postEscalationComment({ report: 'r', task: 't' }, env()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GithubNotifyError);
    expect((error as Error).message).toMatch(/GitHub answered GET \/repos\/acme\/shop\/issues\/42\/comments\?per_page=100&page=1 with 403 .*Resource not accessible/);
    expect((error as Error).message).not.toContain('ghs_testtoken');
  });
});
