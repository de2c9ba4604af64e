/** git, curl, ssh, kubectl, psql, redis-cli, mysql, shells, java/javac/mvn. */

/** A Kubernetes API `Status` body as the API server writes it (kubernetes/kubernetes staging/src/k8s.io/apimachinery/pkg/apis/meta/v1/types.go). */
const k8sStatus = (code, reason, message) => JSON.stringify({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message, reason, code });

/** HTTP answers served locally; `cmd` gets the server URL as $URL. Bodies of GitHub/GitLab are copied from their REST docs. */
export const HTTP_CASES = [
  { id: 'curl.fail-404', source: 'curl', type: 'ERROR_RESPONSE', status: 404, body: '{"message":"Not Found"}', cmd: 'curl -sS -f "$URL/repos/acme/app"' },
  { id: 'curl.fail-500', source: 'curl', type: 'SERVER_ERROR', status: 500, body: '', cmd: 'curl -sS -f "$URL/"' },
  { id: 'curl.fail-502', source: 'curl', type: 'SERVER_ERROR', status: 502, body: '', cmd: 'curl -sS -f "$URL/"' },
  { id: 'curl.fail-503', source: 'curl', type: 'SERVER_OVERLOADED', status: 503, body: '', cmd: 'curl -sS -f "$URL/"' },
  { id: 'curl.fail-429', source: 'curl', type: 'RATE_LIMIT', status: 429, body: '', cmd: 'curl -sS -f "$URL/"' },
  { id: 'curl.fail-401', source: 'curl', type: 'AUTH_REQUIRED', status: 401, body: '', cmd: 'curl -sS -f "$URL/"' },
  { id: 'curl.fail-403', source: 'curl', type: 'AUTH_REQUIRED', status: 403, body: '', cmd: 'curl -sS -f "$URL/"' },
  { id: 'github.rate-limit-403', source: 'github-api', type: 'RATE_LIMIT', status: 403, headers: ['x-ratelimit-remaining:0', 'x-ratelimit-reset:1767225600'], body: '{"message":"API rate limit exceeded for 203.0.113.7. (But here\'s the good news: Authenticated requests get a higher rate limit. Check out the documentation for more details.)","documentation_url":"https://docs.github.com/rest/overview/resources-in-the-rest-api#rate-limiting"}', cmd: 'curl -sS --fail-with-body "$URL/repos/acme/app/pulls"' },
  { id: 'github.secondary-rate-limit', source: 'github-api', type: 'RATE_LIMIT', status: 403, headers: ['retry-after:60'], body: '{"message":"You have exceeded a secondary rate limit. Please wait a few minutes before you try again. If you reach out to GitHub Support for help, please include the request ID 0000:1111:2222.","documentation_url":"https://docs.github.com/rest/overview/rate-limits-for-the-rest-api#about-secondary-rate-limits"}', cmd: 'curl -sS --fail-with-body "$URL/repos/acme/app/issues"' },
  { id: 'github.bad-credentials', source: 'github-api', type: 'AUTH_REQUIRED', status: 401, body: '{"message":"Bad credentials","documentation_url":"https://docs.github.com/rest","status":"401"}', cmd: 'curl -sS --fail-with-body -H "Authorization: Bearer ghp_xxx" "$URL/user"' },
  { id: 'github.resource-not-accessible', source: 'github-api', type: 'AUTH_REQUIRED', status: 403, body: '{"message":"Resource not accessible by integration","documentation_url":"https://docs.github.com/rest/issues/comments#create-an-issue-comment","status":"403"}', cmd: 'curl -sS --fail-with-body "$URL/repos/acme/app/issues/1/comments"' },
  { id: 'github.validation-failed', source: 'github-api', type: 'ERROR_RESPONSE', status: 422, body: '{"message":"Validation Failed","errors":[{"resource":"PullRequest","code":"custom","message":"A pull request already exists for acme:feature."}],"documentation_url":"https://docs.github.com/rest/pulls/pulls#create-a-pull-request","status":"422"}', cmd: 'curl -sS --fail-with-body -X POST "$URL/repos/acme/app/pulls"' },
  { id: 'github.not-found', source: 'github-api', type: 'ERROR_RESPONSE', status: 404, body: '{"message":"Not Found","documentation_url":"https://docs.github.com/rest/repos/repos#get-a-repository","status":"404"}', cmd: 'curl -sS --fail-with-body "$URL/repos/acme/missing"' },
  { id: 'gitlab.unauthorized', source: 'gitlab-api', type: 'AUTH_REQUIRED', status: 401, body: '{"message":"401 Unauthorized"}', cmd: 'curl -sS --fail-with-body "$URL/api/v4/projects"' },
  { id: 'gitlab.forbidden', source: 'gitlab-api', type: 'AUTH_REQUIRED', status: 403, body: '{"message":"403 Forbidden"}', cmd: 'curl -sS --fail-with-body "$URL/api/v4/projects/1/repository/branches"' },
  { id: 'gitlab.rate-limit', source: 'gitlab-api', type: 'RATE_LIMIT', status: 429, headers: ['retry-after:30'], body: 'Retry later', cmd: 'curl -sS --fail-with-body "$URL/api/v4/projects"' },
  { id: 'gitlab.not-found', source: 'gitlab-api', type: 'ERROR_RESPONSE', status: 404, body: '{"message":"404 Project Not Found"}', cmd: 'curl -sS --fail-with-body "$URL/api/v4/projects/999"' },
  { id: 'curl.timeout', source: 'curl', type: 'TIMEOUT', status: 'sleep', body: '', cmd: 'curl -sS --max-time 1 "$URL/"' },
  { id: 'kubectl.unauthorized', source: 'kubectl', type: 'AUTH_REQUIRED', status: 401, body: k8sStatus(401, 'Unauthorized', 'Unauthorized'), cmd: 'kubectl --server="$URL" --token=expired get pods' },
  { id: 'kubectl.forbidden', source: 'kubectl', type: 'AUTH_REQUIRED', status: 403, body: k8sStatus(403, 'Forbidden', 'pods is forbidden: User "system:serviceaccount:ci:deployer" cannot list resource "pods" in API group "" in the namespace "prod"'), cmd: 'kubectl --server="$URL" --token=t -n prod get pods' },
  { id: 'kubectl.not-found', source: 'kubectl', type: 'ERROR_RESPONSE', status: 404, body: k8sStatus(404, 'NotFound', 'deployments.apps "api" not found'), cmd: 'kubectl --server="$URL" --token=t get deployment api' },
  { id: 'kubectl.unavailable', source: 'kubectl', type: 'SERVER_OVERLOADED', status: 503, body: k8sStatus(503, 'ServiceUnavailable', 'the server is currently unable to handle the request'), cmd: 'kubectl --server="$URL" --token=t get pods' },
  { id: 'kubectl.internal', source: 'kubectl', type: 'SERVER_ERROR', status: 500, body: k8sStatus(500, 'InternalError', 'Internal error occurred: failed calling webhook "validate.example.com"'), cmd: 'kubectl --server="$URL" --token=t get pods' },
  { id: 'kubectl.timeout', source: 'kubectl', type: 'TIMEOUT', status: 'sleep', body: '', cmd: 'kubectl --server="$URL" --token=t --request-timeout=1s get pods' },
];

export function opsCases() {
  const cases = [];
  const git = (id, type, cmd, files = {}) => cases.push({ id: `git.${id}`, source: 'git', type, files, cmd: `git init -q -b main . && git -c user.name=a -c user.email=a@b commit -q --allow-empty -m init && ${cmd}` });
  cases.push({ id: 'git.not-a-repo', source: 'git', type: 'ERROR_RESPONSE', cmd: 'git status' });
  git('merge-conflict', 'ERROR_RESPONSE', 'echo a > f && git add f && git -c user.name=a -c user.email=a@b commit -qm a && git checkout -qb x && echo b > f && git -c user.name=a -c user.email=a@b commit -qam b && git checkout -q main && echo c > f && git -c user.name=a -c user.email=a@b commit -qam c && git -c user.name=a -c user.email=a@b merge x');
  git('pathspec', 'ERROR_RESPONSE', 'git checkout feature/login');
  git('corrupt-patch', 'DIFF_PARSE_ERROR', 'printf "diff --git a/x b/x\\n--- a/x\\n+++ b/x\\n@@ -1 +1 @@\\n-old\\n" > p.diff && git apply p.diff');
  git('patch-not-apply', 'DIFF_PARSE_ERROR', 'echo hello > f.txt && git add f.txt && printf "diff --git a/f.txt b/f.txt\\n--- a/f.txt\\n+++ b/f.txt\\n@@ -1 +1 @@\\n-goodbye\\n+hi\\n" > p.diff && git apply p.diff');
  git('garbage-patch', 'DIFF_PARSE_ERROR', 'echo "this is not a patch" > p.diff && git apply p.diff');
  git('index-lock', 'RESOURCE_BUSY', 'touch .git/index.lock && echo x > f && git add f');
  git('overwritten', 'ERROR_RESPONSE', 'echo a > f && git add f && git -c user.name=a -c user.email=a@b commit -qm a && git checkout -qb x && echo b > f && git -c user.name=a -c user.email=a@b commit -qam b && git checkout -q main && echo dirty > f && git checkout x');
  git('unrelated', 'ERROR_RESPONSE', 'git init -q ../o && (cd ../o && git -c user.name=a -c user.email=a@b commit -q --allow-empty -m o) && git -c user.name=a -c user.email=a@b pull ../o HEAD');
  git('no-remote-ref', 'ERROR_RESPONSE', 'git init -q --bare ../r.git && git fetch ../r.git release/9.9');
  cases.push({ id: 'git.clone-refused', source: 'git', type: 'NETWORK', cmd: 'git clone http://127.0.0.1:1/acme/app.git' });
  cases.push({ id: 'git.clone-dns', source: 'git', type: 'NETWORK', cmd: 'git clone https://git.no-such-host.invalid/acme/app.git' });
  cases.push({ id: 'git.clone-ssh-refused', source: 'git', type: 'NETWORK', cmd: 'git clone ssh://git@127.0.0.1:1/acme/app.git' });
  cases.push({ id: 'git.clone-missing', source: 'git', type: 'ERROR_RESPONSE', cmd: 'git clone /work/scratch/no-such-repo.git' });
  cases.push({ id: 'git.clone-no-prompt', source: 'git', type: 'AUTH_REQUIRED', http: { status: 401, headers: ['www-authenticate:Basic realm="GitHub"'] }, cmd: 'GIT_TERMINAL_PROMPT=0 git clone "$URL/acme/private.git"' });
  cases.push({ id: 'ssh.refused', source: 'ssh', type: 'NETWORK', cmd: 'ssh -o BatchMode=yes -o ConnectTimeout=3 -p 1 deploy@127.0.0.1 true' });
  cases.push({ id: 'ssh.dns', source: 'ssh', type: 'NETWORK', cmd: 'ssh -o BatchMode=yes -o ConnectTimeout=3 deploy@bastion.no-such-host.invalid true' });
  // Without credentials kubectl asks for a user name: a login prompt, fatal in a pipeline.
  cases.push({ id: 'kubectl.login-prompt', source: 'kubectl', type: 'AUTH_REQUIRED', cmd: 'kubectl --server=https://127.0.0.1:1 --insecure-skip-tls-verify get pods' });
  cases.push({ id: 'kubectl.no-config', source: 'kubectl', type: 'NETWORK', cmd: 'KUBECONFIG=/nonexistent kubectl get pods' });
  cases.push({ id: 'curl.refused', source: 'curl', type: 'NETWORK', cmd: 'curl -sS http://127.0.0.1:1/health' });
  cases.push({ id: 'curl.dns', source: 'curl', type: 'NETWORK', cmd: 'curl -sS https://api.no-such-host.invalid/v1/models' });
  const shell = (id, type, cmd) => cases.push({ id: `shell.${id}`, source: 'shell', type, cmd });
  shell('not-found', 'CLI_NOT_FOUND', 'terraform plan');
  shell('not-found-sh', 'CLI_NOT_FOUND', 'sh -c "helm upgrade --install api ./chart"');
  shell('not-executable', 'CLI_NOT_FOUND', 'printf "echo hi\\n" > run.sh && ./run.sh');
  shell('timeout', 'TIMEOUT', 'timeout 1 sleep 5');
  shell('killed', 'RESOURCE_EXHAUSTION', 'bash -c "kill -9 \\$\\$"');
  shell('disk-full', 'RESOURCE_EXHAUSTION', 'echo data > /dev/full');
  shell('ulimit-memory', 'RESOURCE_EXHAUSTION', 'ulimit -v 200000; python3 -c "x = bytearray(400 * 1024 * 1024)"');
  shell('interrupted', 'USER_ABORT', 'bash -c "kill -INT \\$\\$"');
  shell('segv', 'CLI_CRASH', 'bash -c "kill -SEGV \\$\\$"');
  shell('no-such-file', 'ERROR_RESPONSE', 'cat config/production.yml');
  return cases;
}
