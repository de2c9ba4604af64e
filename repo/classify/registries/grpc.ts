import type { FailureType } from '../../taxonomy/index.js';
import type { RulePack } from '../rule.js';
import { registryPack, type RegistryRow } from './registry.js';

/** Where the codes come from. */
const SOURCE = 'grpc/grpc doc/statuscodes.md (codes, numbers, meanings); google.rpc.Code (google/rpc/code.proto); grpc-go codes.Code String()';

/** A gRPC status: its name, number, Go's name for it, and what it means. */
type Status = readonly [name: string, n: number, go: string, type: FailureType | null];

/**
 * gRPC's status codes by what they mean for a recovery (statuscodes.md says which a client
 * may retry): UNAVAILABLE and RESOURCE_EXHAUSTED wait, ABORTED (a concurrency conflict) retries
 * after a short backoff, DEADLINE_EXCEEDED is a timeout, INTERNAL the server's fault; the
 * credentials codes need a person; the rest refuse this request. `null`: OK; CANCELLED and
 * UNKNOWN (who cancelled, what failed, the code does not say); DATA_LOSS (no retry can help,
 * and it names no fix).
 */
const STATUSES: readonly Status[] = [
  ['OK', 0, 'OK', null],
  ['CANCELLED', 1, 'Canceled', null],
  ['UNKNOWN', 2, 'Unknown', null],
  ['INVALID_ARGUMENT', 3, 'InvalidArgument', 'ERROR_RESPONSE'],
  ['DEADLINE_EXCEEDED', 4, 'DeadlineExceeded', 'TIMEOUT'],
  ['NOT_FOUND', 5, 'NotFound', 'ERROR_RESPONSE'],
  ['ALREADY_EXISTS', 6, 'AlreadyExists', 'ERROR_RESPONSE'],
  ['PERMISSION_DENIED', 7, 'PermissionDenied', 'AUTH_REQUIRED'],
  ['RESOURCE_EXHAUSTED', 8, 'ResourceExhausted', 'RATE_LIMIT'],
  ['FAILED_PRECONDITION', 9, 'FailedPrecondition', 'ERROR_RESPONSE'],
  ['ABORTED', 10, 'Aborted', 'RESOURCE_BUSY'],
  ['OUT_OF_RANGE', 11, 'OutOfRange', 'ERROR_RESPONSE'],
  ['UNIMPLEMENTED', 12, 'Unimplemented', 'ERROR_RESPONSE'],
  ['INTERNAL', 13, 'Internal', 'SERVER_ERROR'],
  ['UNAVAILABLE', 14, 'Unavailable', 'SERVER_OVERLOADED'],
  ['DATA_LOSS', 15, 'DataLoss', null],
  ['UNAUTHENTICATED', 16, 'Unauthenticated', 'AUTH_REQUIRED'],
];

/**
 * How clients print a status: grpc-go `rpc error: code = Unavailable desc = …`, grpcurl `Code:
 * Unavailable`, Python `StatusCode.UNAVAILABLE`, Node `14 UNAVAILABLE: …`, Java
 * `StatusRuntimeException: UNAVAILABLE: …`, Google's JSON errors `"status": "UNAVAILABLE"`, the
 * HTTP/2 trailer `grpc-status: 14`. A name of two or more words is a code on its own
 * (`DEADLINE_EXCEEDED`); a one-word name (`UNAVAILABLE`, `INTERNAL`) only where a client put it.
 * Not in word forms: "permission denied" in prose is a file's permission, not PERMISSION_DENIED.
 */
function spellings([name, n, go]: Status): string[] {
  const s = name.toLowerCase();
  return [
    `code = ${go.toLowerCase()}`, `code: ${go.toLowerCase()}`, `statuscode.${s}`, `${n} ${s}:`, `statusruntimeexception: ${s}`,
    `statusexception: ${s}`, `"status": "${s}"`, `"status":"${s}"`, `status: ${s}`, `grpc-status: ${n}`, `grpc status ${n}`,
    ...(name.includes('_') ? [s] : []),
  ];
}

/** Every status of the registry, as rows. */
export const GRPC_ROWS: readonly RegistryRow[] = STATUSES.map((status) => ({ code: status[0], type: status[3], codes: [status[0]], phrases: spellings(status) }));

/** The gRPC registry: status codes as every gRPC client prints them. */
export const grpcPack: RulePack = registryPack(GRPC_ROWS, {
  id: 'grpc',
  description: 'gRPC status codes (and google.rpc.Code in Google API errors)',
  source: SOURCE,
  wordForms: false,
});
