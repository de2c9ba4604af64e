import { FAILURE_SOURCES, type RulePack } from '../rule.js';
import { TEST_REPORT_MARKERS } from './markers.js';

/**
 * LLM provider errors as the Anthropic, OpenAI, Gemini and Bedrock APIs and SDKs (and the
 * Claude Code CLI) report them. Billing quota is not a rate limit: it outranks the 429 it comes
 * with. Rate-limit and auth markers count only in the failure's own words, and not inside a
 * test report (there they are what the tests are about).
 */
export const llmApiPack: RulePack = {
  id: 'llm-api',
  description: 'Anthropic, OpenAI, Gemini, Bedrock: quota, rate limits, overload, context length, auth',
  rules: [
    {
      id: 'llm-api.quota',
      type: 'QUOTA_EXCEEDED',
      sources: FAILURE_SOURCES,
      phrases: [
        'insufficient_quota', 'exceeded your current quota', 'billing details', 'plans & billing', 'plans and billing',
        'check your billing', 'billing_hard_limit_reached', 'billing hard limit', 'billing_not_active', 'billing is not enabled',
        'billing has not been enabled', 'enable billing', 'credit balance is too low', 'quota exceeded', 'out of credits',
      ],
      // Google's RESOURCE_EXHAUSTED names "your current quota" for a per-minute quota too; with a
      // retryDelay (or a per-minute quota id) it is a timed rate limit, not billing.
      unless: ['disk quota', 'retrydelay', '*perminute*', 'per minute', ...TEST_REPORT_MARKERS],
      codes: ['insufficient_quota', 'billing_hard_limit_reached', 'billing_not_active'],
    },
    {
      id: 'llm-api.rate-limit',
      type: 'RATE_LIMIT',
      sources: FAILURE_SOURCES,
      unless: TEST_REPORT_MARKERS,
      phrases: [
        'rate limit', 'rate limits', 'rate-limit', 'rate_limit', 'rate limited', 'rate-limited', 'ratelimit', 'rate_limit_error',
        'rate_limit_exceeded', 'ratelimiterror', 'too many requests', 'throttled', 'throttlingexception', 'resource_exhausted',
        'resource has been exhausted', 'tokens per min', 'requests per min', 'usage limit reached', 'toomanyrequestsexception',
        'servicequotaexceededexception',
      ],
      codes: ['rate_limit_exceeded', 'rate_limit_error', 'RateLimitError', 'ThrottlingException', 'RESOURCE_EXHAUSTED', 'TooManyRequestsException', 'ServiceQuotaExceededException'],
    },
    {
      id: 'llm-api.overloaded',
      type: 'SERVER_OVERLOADED',
      // EAGAIN's message is a call that would block (a lock held, a full pipe), not a provider's capacity: the errno registry reads it.
      unless: ['resource temporarily unavailable'],
      phrases: [
        'overloaded', 'overloaded_error', 'currently overloaded', 'model is overloaded', 'at capacity', 'service unavailable',
        'serviceunavailableexception', 'temporarily unavailable', 'currently unavailable', 'modelnotreadyexception',
      ],
      codes: ['overloaded_error', 'ServiceUnavailableException', 'ModelNotReadyException', 'UNAVAILABLE'],
    },
    {
      id: 'llm-api.server-error',
      type: 'SERVER_ERROR',
      phrases: [
        'internal server error', 'api_error', 'server_error', 'the server had an error', 'an internal error has occurred',
        'internalservererror', 'internalserverexception', 'modelerrorexception', 'modelstreamerrorexception',
      ],
      codes: ['api_error', 'server_error', 'InternalServerError', 'InternalServerException', 'ModelErrorException', 'ModelStreamErrorException', 'INTERNAL'],
    },
    {
      id: 'llm-api.context-length',
      type: 'CONTEXT_EXHAUSTED',
      phrases: [
        'prompt is too long', 'context_length_exceeded', 'maximum context length', 'context length exceeded',
        'exceeds the maximum number of tokens', 'input is too long', 'too many tokens', 'request_too_large',
        'reduce the length of the messages', 'exceeds the context window', 'context window exceeded', 'string_above_max_length',
        'input token count', 'context low',
      ],
      codes: ['context_length_exceeded', 'request_too_large', 'string_above_max_length'],
    },
    {
      id: 'llm-api.auth-expired',
      type: 'AUTH_EXPIRED',
      sources: FAILURE_SOURCES,
      unless: TEST_REPORT_MARKERS,
      phrases: [
        'token has expired', 'token expired', 'expiredtokenexception', 'security token included in the request is expired',
        'session has expired', 'session expired', 'credentials have expired', 'expired credentials', 'login expired',
        'please log in again', 'please login again', 'invalid_grant', 'refresh token is invalid',
      ],
      codes: ['ExpiredTokenException', 'ExpiredToken', 'token_expired', 'invalid_grant'],
    },
    {
      id: 'llm-api.auth',
      type: 'AUTH_REQUIRED',
      sources: FAILURE_SOURCES,
      unless: TEST_REPORT_MARKERS,
      phrases: [
        'invalid x-api-key', 'invalid api key', 'invalid_api_key', 'incorrect api key provided', 'api key not valid',
        'authentication_error', 'authenticationerror', 'permission_error', 'permissiondeniederror', 'no api key provided',
        'missing api key', 'could not resolve authentication method', 'x-api-key header is required',
        'security token included in the request is invalid', 'unrecognizedclientexception', 'accessdeniedexception',
        'is not authorized to perform', 'invalid bearer token', 'invalid authentication', 'please run /login', 'not logged in',
        'could not load credentials', 'unable to locate credentials', 'credentialsprovidererror', 'api key not valid',
        'api_key_invalid', 'incorrect api key',
      ],
      codes: [
        'invalid_api_key', 'authentication_error', 'permission_error', 'AuthenticationError', 'PermissionDeniedError',
        'UnrecognizedClientException', 'AccessDeniedException', 'CredentialsProviderError', 'PERMISSION_DENIED', 'UNAUTHENTICATED',
      ],
    },
    {
      id: 'llm-api.timeout',
      type: 'TIMEOUT',
      phrases: ['request timed out', 'apitimeouterror', 'apiconnectiontimeouterror', 'modeltimeoutexception', 'deadline_exceeded', 'deadline exceeded'],
      codes: ['APITimeoutError', 'APIConnectionTimeoutError', 'ModelTimeoutException', 'DEADLINE_EXCEEDED'],
    },
    {
      id: 'llm-api.connection',
      type: 'NETWORK',
      phrases: ['apiconnectionerror', 'connection error'],
      codes: ['APIConnectionError'],
    },
    {
      id: 'llm-api.bad-request',
      type: 'ERROR_RESPONSE',
      phrases: [
        'invalid_request_error', 'not_found_error', 'model_not_found', 'does not exist or you do not have access to it',
        'validationexception', 'resourcenotfoundexception', 'badrequesterror', 'notfounderror', 'unprocessableentityerror',
        'conflicterror', 'invalid_argument',
      ],
      codes: [
        'invalid_request_error', 'not_found_error', 'model_not_found', 'ValidationException', 'ResourceNotFoundException',
        'BadRequestError', 'NotFoundError', 'UnprocessableEntityError', 'ConflictError', 'INVALID_ARGUMENT',
      ],
    },
  ],
};
