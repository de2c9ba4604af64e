/**
 * UC-AP-004's escalation channel "issue or pull-request comment" (`--notify github`): the
 * escalation report posted as a comment through GitHub's REST API, updating the comment this
 * task posted before instead of adding one per run, so a pull request holds one comment per
 * wrapped step however often CI re-runs it.
 *
 * Where: the issue or pull request named by `target.number`, else the pull request of the
 * workflow run (`GITHUB_EVENT_PATH`'s `pull_request.number`, or `GITHUB_REF` = `refs/pull/N/…`).
 * The repository is `GITHUB_REPOSITORY` (owner/name), the API `GITHUB_API_URL` (GitHub
 * Enterprise) or https://api.github.com, the token `GITHUB_TOKEN`. The body is redacted again
 * here, whatever the caller did: a comment is public to everyone who can read the repository.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { compileRedactPatterns, redactSecrets } from '../redact/index.js';

/** GitHub's cap on a comment's body, in characters. */
export const GITHUB_COMMENT_LIMIT = 65_536;

/** What to post and where. */
export interface GithubCommentRequest {
  /** The escalation report (Markdown). */
  report: string;
  /** What was run (the task's name): one comment per task on an issue or pull request. */
  task: string;
  /** The issue or pull request number. Default: the workflow run's pull request. */
  number?: number;
  /** Extra secret patterns of the run's config (regex sources, as the config's `redact`), redacted from the body too. */
  redact?: readonly string[];
}

/** The environment read: `GITHUB_TOKEN`, `GITHUB_REPOSITORY`, `GITHUB_API_URL`, `GITHUB_EVENT_PATH`, `GITHUB_REF`. */
export type GithubEnv = Readonly<Record<string, string | undefined>>;

/** A comment posted or updated. */
export interface PostedComment {
  /** The comment's page, as GitHub answers it. */
  url: string;
  /** True when an earlier comment of the same task was updated rather than a new one posted. */
  updated: boolean;
}

/** Why a comment could not be posted: a missing variable, no pull request, or GitHub's answer. */
export class GithubNotifyError extends Error {
  override name = 'GithubNotifyError';
}

/** The hidden line that marks this task's comment, so the next run finds and updates it. */
export function commentMarker(task: string): string {
  return `<!-- recovery-protocol escalation ${createHash('sha256').update(task).digest('hex').slice(0, 16)} -->`;
}

/** Posts (or updates) the escalation comment; rejects with {@link GithubNotifyError} saying what is missing or what GitHub answered. */
export async function postEscalationComment(request: GithubCommentRequest, env: GithubEnv, fetcher: typeof fetch = fetch): Promise<PostedComment> {
  const token = env.GITHUB_TOKEN;
  const repository = env.GITHUB_REPOSITORY;
  if (!token) throw new GithubNotifyError('--notify github needs GITHUB_TOKEN (in Actions: env: GITHUB_TOKEN: ${{ secrets.GITHUB_TOKEN }}, with permissions: pull-requests: write)');
  if (!repository || !/^[^/\s]+\/[^/\s]+$/.test(repository)) throw new GithubNotifyError('--notify github needs GITHUB_REPOSITORY as owner/name');
  const number = request.number ?? (await pullRequestOf(env));
  if (number === null) throw new GithubNotifyError('--notify github: this workflow run has no pull request; name an issue with --notify github:NUMBER');
  const api = (env.GITHUB_API_URL || 'https://api.github.com').replace(/\/+$/, '');
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetcher(`${api}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, accept: 'application/vnd.github+json', 'x-github-api-version': '2022-11-28', ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    if (!response.ok) throw new GithubNotifyError(`GitHub answered ${method} ${path} with ${response.status} ${response.statusText}: ${(await response.text()).slice(0, 200)}`);
    return response.json() as Promise<unknown>;
  };
  const marker = commentMarker(request.task);
  const body = bodyOf(request, marker);
  const earlier = await findComment(call, `/repos/${repository}/issues/${number}/comments`, marker);
  const answer = earlier !== null
    ? await call('PATCH', `/repos/${repository}/issues/comments/${earlier}`, { body })
    : await call('POST', `/repos/${repository}/issues/${number}/comments`, { body });
  return { url: String((answer as { html_url?: unknown }).html_url ?? ''), updated: earlier !== null };
}

/** The comment's body: the redacted report under the marker, cut to GitHub's limit with a note. */
function bodyOf(request: GithubCommentRequest, marker: string): string {
  const report = redactSecrets(request.report, compileRedactPatterns(request.redact ?? []));
  const room = GITHUB_COMMENT_LIMIT - marker.length - 200;
  const shown = report.length > room ? `${report.slice(0, room)}\n\n… (cut to fit a comment: \`recover report\` prints the whole report)` : report;
  return `${marker}\n${shown}`;
}

/** The id of the comment carrying `marker` among the comments (every page), or null. */
async function findComment(call: (method: string, path: string) => Promise<unknown>, path: string, marker: string): Promise<number | null> {
  for (let page = 1; page <= 50; page++) {
    const comments = await call('GET', `${path}?per_page=100&page=${page}`);
    if (!Array.isArray(comments)) return null;
    const mine = comments.find((c: { body?: unknown }) => typeof c.body === 'string' && c.body.startsWith(marker)) as { id?: unknown } | undefined;
    if (mine && typeof mine.id === 'number') return mine.id;
    if (comments.length < 100) return null;
  }
  return null;
}

/** The pull request of the workflow run, from its event file or its ref; null when it has none. */
async function pullRequestOf(env: GithubEnv): Promise<number | null> {
  if (env.GITHUB_EVENT_PATH) {
    const event = await readFile(env.GITHUB_EVENT_PATH, 'utf8').then((text) => JSON.parse(text) as { pull_request?: { number?: unknown } }, () => null);
    if (typeof event?.pull_request?.number === 'number') return event.pull_request.number;
  }
  const ref = /^refs\/pull\/(\d+)\//.exec(env.GITHUB_REF ?? '');
  return ref ? Number(ref[1]) : null;
}
