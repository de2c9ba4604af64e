import { RULE_PRIORITY } from '../priority.js';
import { FAILURE_SOURCES, type RulePack } from '../rule.js';

const K8S = 'kubernetes/kubectl staging/src/k8s.io/kubectl/pkg/cmd/util/helpers.go (StandardErrorMessage: "Error from server (<Reason>)", "You must be logged in to the server"); client-go rest (connection refused hint)';
const GITHUB = 'GitHub REST API docs (rate limits: "API rate limit exceeded", "secondary rate limit"; "Bad credentials"; "Resource not accessible by integration")';

/**
 * Hosted APIs and cluster tools as a CI log shows them: GitHub and GitLab REST errors, and
 * kubectl's rendering of Kubernetes API `Status` reasons. GitHub answers a primary rate limit
 * with 403 "API rate limit exceeded": that is a rate limit (wait), not an auth failure, so the
 * rate-limit rule ranks above the 403 status.
 */
export const servicesPack: RulePack = {
  id: 'services',
  description: 'GitHub/GitLab APIs, Kubernetes (kubectl), Envoy',
  rules: [
    {
      id: 'services.api-rate-limit',
      type: 'RATE_LIMIT',
      source: GITHUB,
      priority: RULE_PRIORITY.fatal + 10,
      // The API's JSON body: curl --fail-with-body prints it on stdout, next to its 403 on stderr.
      phrases: ['api rate limit exceeded', 'secondary rate limit', 'x-ratelimit-remaining: 0', 'abuse detection mechanism'],
    },
    {
      id: 'services.github-auth',
      type: 'AUTH_REQUIRED',
      source: GITHUB,
      sources: FAILURE_SOURCES,
      phrases: ['bad credentials', 'resource not accessible by integration', 'requires authentication', 'must have admin rights'],
    },
    {
      // A tool asking for a login in a pipeline with no one to answer (issue 14: fatal, not "no output").
      id: 'services.login-prompt',
      type: 'AUTH_REQUIRED',
      source: 'kubectl (client-go basic auth prompt "Please enter Username: "), libpq ("Password for user x: "), git credential prompts, ssh',
      phrases: ['please enter username', 'please enter password', 'password for user', "username for '", "password for '", 'enter passphrase for key'],
    },
    { id: 'services.k8s-auth', type: 'AUTH_REQUIRED', source: K8S, sources: FAILURE_SOURCES, phrases: ['you must be logged in to the server', 'error from server (forbidden)', 'error from server (unauthorized)'] },
    { id: 'services.k8s-not-found', type: 'ERROR_RESPONSE', source: K8S, phrases: ['error from server (notfound)', 'error from server (alreadyexists)', 'error from server (conflict)', 'error from server (invalid)', 'error from server (badrequest)'] },
    { id: 'services.k8s-unavailable', type: 'SERVER_OVERLOADED', source: K8S, phrases: ['error from server (serviceunavailable)', 'the server is currently unable to handle the request'] },
    { id: 'services.k8s-internal', type: 'SERVER_ERROR', source: K8S, phrases: ['error from server (internalerror)', 'internal error occurred'] },
    { id: 'services.k8s-rate', type: 'RATE_LIMIT', source: K8S, sources: FAILURE_SOURCES, phrases: ['error from server (toomanyrequests)'] },
    { id: 'services.k8s-timeout', type: 'TIMEOUT', source: K8S, phrases: ['error from server (timeout)', 'client.timeout exceeded', 'the server was unable to return a response in the time allotted'] },
    {
      // Envoy answers 503/504 with these when the server behind it failed: the server's trouble, whatever the reset reason says.
      id: 'services.envoy-upstream',
      type: 'SERVER_ERROR',
      source: 'envoyproxy/envoy source/common/router (local replies "upstream connect error or disconnect/reset before headers", "upstream request timeout")',
      phrases: ['upstream connect error', 'upstream request timeout'],
    },
    {
      id: 'services.k8s-unreachable',
      type: 'NETWORK',
      source: K8S,
      phrases: ['unable to connect to the server', 'did you specify the right host or port', 'the connection to the server'],
    },
  ],
};
