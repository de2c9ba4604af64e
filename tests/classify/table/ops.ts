import { message, stderr, type Row } from './row.js';

/** git and docker, as printed. */
export const OPS_ROWS: Row[] = [
  stderr('git ssh', 'git@github.com: Permission denied (publickey).\nfatal: Could not read from remote repository.', 'AUTH_REQUIRED'),
  stderr('git https', "remote: Support for password authentication was removed on August 13, 2021.\nfatal: Authentication failed for 'https://github.com/org/repo.git/'", 'AUTH_REQUIRED'),
  stderr('git ci', "fatal: could not read Username for 'https://github.com': terminal prompts disabled", 'AUTH_REQUIRED'),
  stderr('git', "fatal: unable to access 'https://github.com/org/repo.git/': Could not resolve host: github.com", 'NETWORK'),
  stderr('git apply', 'error: patch failed: src/app.ts:12\nerror: src/app.ts: patch does not apply', 'DIFF_PARSE_ERROR'),
  stderr('git apply', 'error: corrupt patch at line 14', 'DIFF_PARSE_ERROR'),
  stderr('patch', 'Hunk #1 FAILED at 12.\n1 out of 1 hunk FAILED -- saving rejects to file src/app.ts.rej', 'DIFF_PARSE_ERROR'),
  stderr('git merge', 'CONFLICT (content): Merge conflict in src/index.ts\nAutomatic merge failed; fix conflicts and then commit the result.', 'ERROR_RESPONSE'),
  stderr('git push', " ! [rejected]        main -> main (non-fast-forward)\nerror: failed to push some refs to 'github.com:org/repo.git'", 'ERROR_RESPONSE'),
  stderr('git', 'fatal: not a git repository (or any of the parent directories): .git', 'ERROR_RESPONSE'),
  stderr('git', "fatal: Unable to create '/app/.git/index.lock': File exists.\n\nAnother git process seems to be running in this repository", 'DEPENDENCY_FAILURE'),
  stderr('git', "error: pathspec 'feature/x' did not match any file(s) known to git", 'ERROR_RESPONSE'),
  stderr('git', 'fatal: the remote end hung up unexpectedly', 'NETWORK'),
  stderr('docker', 'docker: Cannot connect to the Docker daemon at unix:///var/run/docker.sock. Is the docker daemon running?.', 'DEPENDENCY_FAILURE'),
  stderr('docker', 'permission denied while trying to connect to the Docker daemon socket at unix:///var/run/docker.sock: Get "http://%2Fvar%2Frun%2Fdocker.sock/v1.24/containers/json": dial unix /var/run/docker.sock: connect: permission denied', 'AUTH_REQUIRED'),
  stderr('docker', "Error response from daemon: pull access denied for myorg/private-api, repository does not exist or may require 'docker login': denied: requested access to the resource is denied", 'AUTH_REQUIRED'),
  stderr('docker hub', 'toomanyrequests: You have reached your pull rate limit. You may increase the limit by authenticating and upgrading: https://www.docker.com/increase-rate-limit', 'RATE_LIMIT'),
  stderr('docker', 'Error response from daemon: manifest for node:99 not found: manifest unknown: manifest unknown', 'ERROR_RESPONSE'),
  stderr('docker build', 'ERROR: failed to solve: process "/bin/sh -c npm ci" did not complete successfully: exit code: 1', 'BROKEN_BUILD'),
  stderr('docker run', 'docker: Error response from daemon: failed to create task for container: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: exec: "uvicorn": executable file not found in $PATH: unknown.', 'CLI_NOT_FOUND'),
  stderr('docker run', 'docker: Error response from daemon: Conflict. The container name "/api" is already in use by container "3f2a". You have to remove (or rename) that container to be able to reuse that name.', 'ERROR_RESPONSE'),
  stderr('docker run', 'docker: Error response from daemon: driver failed programming external connectivity on endpoint web: Bind for 0.0.0.0:8080 failed: port is already allocated.', 'ERROR_RESPONSE'),
  message('docker inspect', '"State": {"Status": "exited", "OOMKilled": true, "ExitCode": 137}', 'RESOURCE_EXHAUSTION'),
];
