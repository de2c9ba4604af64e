import type { FailureType } from '../../taxonomy/index.js';
import type { RulePack } from '../rule.js';
import { registryPack, type RegistryRow } from './registry.js';

/** Where the codes come from, one source per provider. */
const SOURCE = [
  'AWS: botocore/retries/standard.py and aws-sdk-js-v3 packages/service-error-classification (THROTTLING_ERROR_CODES, TRANSIENT_ERROR_CODES), AWS API reference "Common Errors" (AccessDenied, ExpiredToken, InvalidClientTokenId, SignatureDoesNotMatch…)',
  'Google Cloud: cloud.google.com/apis/design/errors (ErrorInfo reasons: RATE_LIMIT_EXCEEDED, ACCESS_TOKEN_EXPIRED, SERVICE_DISABLED, BILLING_DISABLED…) and the JSON API reasons (rateLimitExceeded, userRateLimitExceeded, dailyLimitExceeded, backendError)',
  'Azure: learn.microsoft.com Azure Resource Manager and Storage error codes (TooManyRequests, SubscriptionRequestsThrottled, ServerBusy, AuthorizationFailed, ExpiredAuthenticationToken, OperationTimedOut…), Microsoft Entra AADSTS codes',
].join('; ');

/** A provider's error code and what it means; the code is printed as is (`An error occurred (ThrottlingException)`). */
type Code = readonly [code: string, type: FailureType | null];

/**
 * Throttling waits (RATE_LIMIT); a busy or unavailable service waits (SERVER_OVERLOADED); expired
 * credentials need a person to log in again (AUTH_EXPIRED), refused or invalid ones a person
 * to fix them (AUTH_REQUIRED); a disabled billing account or a spent resource quota is
 * QUOTA_EXCEEDED (a person, not a wait).
 */
const CODES: readonly Code[] = [
  // AWS: the SDKs' own lists of throttling and transient codes.
  ['Throttling', 'RATE_LIMIT'], ['ThrottlingException', 'RATE_LIMIT'], ['ThrottledException', 'RATE_LIMIT'],
  ['RequestThrottledException', 'RATE_LIMIT'], ['TooManyRequestsException', 'RATE_LIMIT'], ['RequestLimitExceeded', 'RATE_LIMIT'],
  ['ProvisionedThroughputExceededException', 'RATE_LIMIT'], ['BandwidthLimitExceeded', 'RATE_LIMIT'], ['RequestThrottled', 'RATE_LIMIT'],
  ['SlowDown', 'RATE_LIMIT'], ['EC2ThrottledException', 'RATE_LIMIT'], ['PriorRequestNotComplete', 'RATE_LIMIT'],
  ['TransactionInProgressException', 'RESOURCE_BUSY'],
  ['RequestTimeout', 'TIMEOUT'], ['RequestTimeoutException', 'TIMEOUT'],
  ['ServiceUnavailable', 'SERVER_OVERLOADED'], ['ServiceUnavailableException', 'SERVER_OVERLOADED'],
  ['InternalError', 'SERVER_ERROR'], ['InternalFailure', 'SERVER_ERROR'],
  ['ExpiredToken', 'AUTH_EXPIRED'], ['ExpiredTokenException', 'AUTH_EXPIRED'], ['RequestExpired', null],
  ['AccessDenied', 'AUTH_REQUIRED'], ['AccessDeniedException', 'AUTH_REQUIRED'], ['UnauthorizedOperation', 'AUTH_REQUIRED'],
  ['UnrecognizedClientException', 'AUTH_REQUIRED'], ['InvalidClientTokenId', 'AUTH_REQUIRED'], ['SignatureDoesNotMatch', 'AUTH_REQUIRED'],
  ['InvalidAccessKeyId', 'AUTH_REQUIRED'], ['AuthFailure', 'AUTH_REQUIRED'], ['MissingAuthenticationToken', 'AUTH_REQUIRED'],
  ['IncompleteSignature', 'AUTH_REQUIRED'], ['NotAuthorized', 'AUTH_REQUIRED'],
  // Google Cloud.
  ['RATE_LIMIT_EXCEEDED', 'RATE_LIMIT'], ['rateLimitExceeded', 'RATE_LIMIT'], ['userRateLimitExceeded', 'RATE_LIMIT'],
  ['dailyLimitExceeded', 'QUOTA_EXCEEDED'], ['BILLING_DISABLED', 'QUOTA_EXCEEDED'], ['backendError', 'SERVER_ERROR'],
  ['ACCESS_TOKEN_EXPIRED', 'AUTH_EXPIRED'], ['ACCESS_TOKEN_SCOPE_INSUFFICIENT', 'AUTH_REQUIRED'], ['IAM_PERMISSION_DENIED', 'AUTH_REQUIRED'],
  ['insufficientPermissions', 'AUTH_REQUIRED'], ['SERVICE_DISABLED', 'AUTH_REQUIRED'], ['accessNotConfigured', 'AUTH_REQUIRED'],
  // Azure.
  ['TooManyRequests', 'RATE_LIMIT'], ['SubscriptionRequestsThrottled', 'RATE_LIMIT'], ['TenantRequestsThrottled', 'RATE_LIMIT'],
  ['ServerBusy', 'SERVER_OVERLOADED'], ['ServerTimeout', 'TIMEOUT'], ['OperationTimedOut', 'TIMEOUT'], ['GatewayTimeout', 'SERVER_ERROR'],
  ['AuthorizationFailed', 'AUTH_REQUIRED'], ['AuthenticationFailed', 'AUTH_REQUIRED'], ['InvalidAuthenticationToken', 'AUTH_REQUIRED'],
  ['InvalidAuthenticationTokenTenant', 'AUTH_REQUIRED'], ['LinkedAuthorizationFailed', 'AUTH_REQUIRED'],
  ['ExpiredAuthenticationToken', 'AUTH_EXPIRED'], ['AADSTS700082', 'AUTH_EXPIRED'], ['AADSTS50173', 'AUTH_EXPIRED'], ['AADSTS70043', 'AUTH_EXPIRED'],
  ['AADSTS50076', 'AUTH_REQUIRED'], ['AADSTS50079', 'AUTH_REQUIRED'], ['AADSTS7000215', 'AUTH_REQUIRED'], ['AADSTS700016', 'AUTH_REQUIRED'],
  ['QuotaExceeded', 'QUOTA_EXCEEDED'], ['SkuNotAvailable', 'ERROR_RESPONSE'],
];

/** Codes that are also everyday words ("CPU throttling", "a slowdown"): in text only where a code stands. */
const EVERYDAY = new Set(['Throttling', 'SlowDown']);

/** Where a code stands in text: the AWS CLI's `(Throttling)`, `Code: Throttling`, S3's `<Code>SlowDown</Code>`, Terraform's `api error Throttling:`. */
const asCode = (c: string): string[] => [`(${c})`, `code: ${c}`, `<code>${c}</code>`, `api error ${c}:`];

/**
 * A code counts as a value (`code: 'ThrottlingException'`, `"reason": "rateLimitExceeded"`)
 * and in text as a whole word: the AWS CLI's `An error occurred (ThrottlingException) when
 * calling …`, Terraform's `api error ExpiredToken: …`, `Code: AuthorizationFailed`.
 */
export const CLOUD_ROWS: readonly RegistryRow[] = CODES.map(([code, type]) => {
  const c = code.toLowerCase();
  return { code, type, codes: [code], phrases: EVERYDAY.has(code) ? asCode(c) : [c] };
});

/** The cloud registry: AWS, Google Cloud and Azure error codes for throttling, expiry, access and capacity. */
export const cloudPack: RulePack = registryPack(CLOUD_ROWS, {
  id: 'cloud',
  description: 'Cloud provider error codes: AWS, Google Cloud, Azure (throttling, expired credentials, access denied, busy, quota)',
  source: SOURCE,
  wordForms: false,
});
