import { FAILURE_SOURCES, type RulePack } from '../rule.js';

/**
 * Docker: a daemon that is not running is a dependency to wait for; registry credentials and
 * the daemon socket's permission need a human (AUTH_REQUIRED); pull limits are rate limits.
 */
export const dockerPack: RulePack = {
  id: 'docker',
  description: 'docker: daemon, registry auth and limits, images, builds, OOM',
  rules: [
    { id: 'docker.daemon', type: 'DEPENDENCY_FAILURE', phrases: ['cannot connect to the docker daemon', 'is the docker daemon running'] },
    {
      id: 'docker.auth',
      type: 'AUTH_REQUIRED',
      sources: FAILURE_SOURCES,
      phrases: [
        'unauthorized: authentication required', 'pull access denied', 'requested access to the resource is denied',
        'no basic auth credentials', 'unauthorized: incorrect username or password',
        'permission denied while trying to connect to the docker daemon socket',
      ],
    },
    { id: 'docker.rate-limit', type: 'RATE_LIMIT', sources: FAILURE_SOURCES, phrases: ['toomanyrequests', 'pull rate limit'] },
    {
      id: 'docker.refused',
      type: 'ERROR_RESPONSE',
      phrases: [
        'manifest unknown', 'no such image', 'no such container', 'is already in use by container', 'port is already allocated',
        'error response from daemon',
      ],
    },
    { id: 'docker.build', type: 'BROKEN_BUILD', phrases: ['failed to solve', 'did not complete successfully', 'dockerfile parse error'] },
    { id: 'docker.exec', type: 'CLI_NOT_FOUND', phrases: ['executable file not found in $path', 'oci runtime exec failed'] },
    { id: 'docker.oom', type: 'RESOURCE_EXHAUSTION', phrases: ['oomkilled', 'exited with code 137', 'exit code: 137'] },
  ],
};
