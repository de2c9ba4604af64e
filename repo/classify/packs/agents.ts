import { RULE_PRIORITY } from '../priority.js';
import { FAILURE_SOURCES, type RulePack } from '../rule.js';
import { TEST_REPORT_MARKERS } from './markers.js';

const CODEX = 'openai/codex codex-rs/core/src/error.rs (CodexErr, UsageLimitReachedError)';
const CLAUDE_CODE = 'Claude Code CLI messages as printed (anthropics/claude-code issues #6392, #7641, #74079; support.claude.com 11145838)';
const GEMINI_CLI = 'google-gemini/gemini-cli packages/core/src/utils/errorParsing.ts';
const AIDER = 'Aider-AI/aider aider/exceptions.py (ExInfo descriptions)';
const OPENHANDS = 'All-Hands-AI/OpenHands openhands/core/exceptions.py';
const SWE_AGENT = 'SWE-agent/SWE-agent sweagent/exceptions.py';

/**
 * AI coding agents' own failures (Codex CLI, Claude Code, Gemini CLI, Aider, OpenHands,
 * SWE-agent). A subscription's usage window ("5-hour limit reached ∙ resets 5am", "You've hit
 * your usage limit … try again at 3:28 PM") resets by itself: a rate limit to wait out, not a
 * billing quota. A daily quota or a plan that does not include the product needs a person.
 */
export const agentsPack: RulePack = {
  id: 'agents',
  description: 'AI agent CLIs: usage windows, daily quotas, streams, demand, API keys, cancellation',
  rules: [
    {
      // Agent CLIs print their own failures on stdout (print/exec mode): these sentences are
      // theirs alone, so unlike a bare "rate limit" they count there too.
      id: 'agents.usage-window',
      type: 'RATE_LIMIT',
      source: `${CODEX}; ${CLAUDE_CODE}`,
      unless: TEST_REPORT_MARKERS,
      phrases: [
        "you've hit your usage limit", "you've hit your session limit", "you've hit your weekly limit", "you've hit your limit",
        "you've reached your weekly limit", "you've reached your usage limit", 'usage limit reached', 'session limit reached',
        'weekly limit reached', '*-hour limit reached', 'hour limit reached', 'has rate limited you',
        'possible quota limitations in place', 'please wait and try again later',
      ],
    },
    {
      id: 'agents.daily-quota',
      type: 'QUOTA_EXCEEDED',
      source: `${GEMINI_CLI}; ${CODEX} (UsageNotIncluded, QuotaExceeded); ${SWE_AGENT} (cost limits); Anthropic API billing error`,
      unless: [...TEST_REPORT_MARKERS, 'retrydelay', '*perminute*'],
      phrases: [
        'credit balance is too low', 'insufficient_quota', 'exceeded your current quota', 'check your plan and billing details',
        'reached your daily', 'daily quota limit', 'upgrade to plus', 'cost limit exceeded', 'costlimitexceedederror',
        'instancecostlimitexceedederror', 'totalcostlimitexceedederror', 'exit_cost', 'without a billing account',
      ],
    },
    {
      id: 'agents.demand',
      type: 'SERVER_OVERLOADED',
      source: `${CODEX} (InternalServerError); ${AIDER}; Google API ErrorInfo MODEL_CAPACITY_EXHAUSTED`,
      phrases: ['experiencing high demand', 'no capacity available', 'model_capacity_exhausted', 'servers are down or overloaded'],
    },
    {
      id: 'agents.stream',
      type: 'NETWORK',
      source: `${CODEX} (Stream, ConnectionFailed, ResponseStreamFailed); ${OPENHANDS} (AgentRuntimeDisconnectedError)`,
      phrases: [
        'stream disconnected before completion', 'error sending request for url', 'error while reading the server response',
        'agentruntimedisconnectederror', 'server connection lost',
      ],
    },
    {
      id: 'agents.context',
      type: 'CONTEXT_EXHAUSTED',
      source: `${CODEX} (ContextWindowExceeded); ${SWE_AGENT} (ContextWindowExceededError); litellm ContextWindowExceededError`,
      phrases: ["ran out of room in the model's context window", 'contextwindowexceedederror', 'exit_context'],
    },
    {
      // "Missing environment variable: `OPENAI_API_KEY`", "you must specify the GEMINI_API_KEY
      // environment variable", "…or by setting the OPENAI_API_KEY environment variable": a key
      // that is not there needs a person. On one line: a log naming the variable elsewhere is not it.
      id: 'agents.missing-key',
      type: 'AUTH_REQUIRED',
      source: `${CODEX} (EnvVarError); ${GEMINI_CLI}/config/auth.ts; openai/openai-python src/openai/_client.py`,
      sources: FAILURE_SOURCES,
      unless: TEST_REPORT_MARKERS,
      phrases: ['missing environment variable', 'environment variable', 'must be set', 'is not set', 'not set in the environment'],
      requires: ['*_api_key', '*api_key*', 'api key', '*_auth_token', '*_access_token'],
      sameLine: true,
    },
    {
      id: 'agents.not-logged-in',
      type: 'AUTH_REQUIRED',
      source: `${CLAUDE_CODE}; ${AIDER}; openai/codex (login); Anthropic/OpenAI API error types`,
      unless: TEST_REPORT_MARKERS,
      phrases: [
        'not able to authenticate you', 'run `codex login`', 'please run codex login', 'not signed in', 'please run /login',
        'invalid api key', 'incorrect api key provided', 'authentication_error', 'authenticationerror',
      ],
    },
    {
      id: 'agents.api-rate-limit',
      type: 'RATE_LIMIT',
      source: 'Anthropic and OpenAI API error types as agents print them (rate_limit_error, RateLimitError, rate_limit_exceeded)',
      unless: TEST_REPORT_MARKERS,
      phrases: ['rate_limit_error', 'ratelimiterror', 'rate_limit_exceeded', "exceed your account's rate limit", 'rate limit reached for', 'exceed the rate limit'],
    },
    {
      // Aider's text for litellm.Timeout ends in "…may be down or overloaded": the timeout is what happened.
      id: 'agents.provider-timeout',
      type: 'TIMEOUT',
      source: AIDER,
      priority: RULE_PRIORITY.rest + 35,
      phrases: ['timed out without returning a response', 'litellm.timeout'],
    },
    {
      id: 'agents.refresh-expired',
      type: 'AUTH_EXPIRED',
      source: 'openai/codex codex-rs/login/src/auth/manager.rs (REFRESH_TOKEN_*_MESSAGE); Anthropic API "OAuth token has expired"',
      unless: TEST_REPORT_MARKERS,
      phrases: ['refresh token has expired', 'refresh token was already used', 'refresh token was revoked', 'please log out and sign in again', 'oauth token has expired'],
    },
    {
      id: 'agents.cancelled',
      type: 'USER_ABORT',
      source: `${OPENHANDS} (UserCancelledError, OperationCancelled); ${CODEX} (Interrupted)`,
      sources: FAILURE_SOURCES,
      phrases: ['user cancelled the request', 'operation was cancelled', 'interrupted (ctrl-c)', 'usercancellederror', 'operationcancelled'],
    },
    {
      id: 'agents.runtime-timeout',
      type: 'TIMEOUT',
      source: `${OPENHANDS} (AgentRuntimeTimeoutError); ${CODEX} (SandboxErr::Timeout)`,
      phrases: ['agentruntimetimeouterror', 'before the requested timeout', 'command timed out'],
    },
    {
      id: 'agents.runtime-not-ready',
      type: 'DEPENDENCY_FAILURE',
      source: `${OPENHANDS} (AgentRuntimeNotReadyError, AgentRuntimeUnavailableError)`,
      phrases: ['agentruntimenotreadyerror', 'agentruntimeunavailableerror'],
    },
    {
      id: 'agents.malformed-response',
      type: 'FORMAT_VALIDATION',
      source: `${OPENHANDS} (LLMResponseError, LLMMalformedActionError, LLMNoActionError)`,
      phrases: ['failed to retrieve action from llm response', 'llmmalformedactionerror', 'llmnoactionerror', 'agent must return an action'],
    },
    {
      id: 'agents.content-policy',
      type: 'ERROR_RESPONSE',
      source: AIDER,
      phrases: ['refused the request due to a safety policy', 'contentpolicyviolationerror'],
      priority: RULE_PRIORITY.rest,
    },
  ],
};
