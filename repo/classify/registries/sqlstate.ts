import type { FailureType } from '../../taxonomy/index.js';
import type { RulePack } from '../rule.js';
import { registryPack, type RegistryRow } from './registry.js';

/** Where the codes and condition names come from. */
const SOURCE = 'ISO/IEC 9075-2 SQLSTATE classes; PostgreSQL documentation Appendix A and src/backend/utils/errcodes.txt (codes and condition names); ODBC Appendix A (08S01, which MySQL and JDBC drivers print)';

/** A SQLSTATE code, its condition name (PostgreSQL's; psycopg's exception class is the same words in CamelCase), its type. */
type Code = readonly [code: string, condition: string, type: FailureType | null];

/**
 * The classes that matter for a recovery, with the codes PostgreSQL defines in them. A lost or
 * refused connection (08) is the network; a serialization failure or deadlock (40) and a lock
 * that is not available or an object in use (55P03, 55006) are a busy resource — "try
 * restarting transaction" says it; a server starting up (57P03) is too; a full disk, exhausted
 * memory or connection slots (53) are resources; a rejected login (28) or privilege (42501)
 * needs a person; a statement the server refuses (22, 23, 42, 3D) is adapted, and a syntax
 * error in it is a broken build (seed 001). `null`: no routing of its own.
 */
const CODES: readonly Code[] = [
  ['08000', 'connection exception', 'NETWORK'],
  ['08003', 'connection does not exist', 'NETWORK'],
  ['08006', 'connection failure', 'NETWORK'],
  ['08001', 'sqlclient unable to establish sqlconnection', 'NETWORK'],
  ['08004', 'sqlserver rejected establishment of sqlconnection', 'NETWORK'],
  ['08007', 'transaction resolution unknown', 'NETWORK'],
  ['08P01', 'protocol violation', 'NETWORK'],
  ['08S01', 'communication link failure', 'NETWORK'],
  ['22000', 'data exception', 'ERROR_RESPONSE'],
  ['22001', 'string data right truncation', 'ERROR_RESPONSE'],
  ['22003', 'numeric value out of range', 'ERROR_RESPONSE'],
  ['22012', 'division by zero', 'ERROR_RESPONSE'],
  ['22P02', 'invalid text representation', 'ERROR_RESPONSE'],
  ['23000', 'integrity constraint violation', 'ERROR_RESPONSE'],
  ['23502', 'not null violation', 'ERROR_RESPONSE'],
  ['23503', 'foreign key violation', 'ERROR_RESPONSE'],
  ['23505', 'unique violation', 'ERROR_RESPONSE'],
  ['23514', 'check violation', 'ERROR_RESPONSE'],
  ['25006', 'read only sql transaction', 'ERROR_RESPONSE'],
  ['25P02', 'in failed sql transaction', 'ERROR_RESPONSE'],
  ['28000', 'invalid authorization specification', 'AUTH_REQUIRED'],
  ['28P01', 'invalid password', 'AUTH_REQUIRED'],
  ['3D000', 'invalid catalog name', 'ERROR_RESPONSE'],
  ['3F000', 'invalid schema name', 'ERROR_RESPONSE'],
  ['40000', 'transaction rollback', 'RESOURCE_BUSY'],
  ['40001', 'serialization failure', 'RESOURCE_BUSY'],
  ['40002', 'transaction integrity constraint violation', 'ERROR_RESPONSE'],
  ['40003', 'statement completion unknown', 'RESOURCE_BUSY'],
  ['40P01', 'deadlock detected', 'RESOURCE_BUSY'],
  ['42000', 'syntax error or access rule violation', 'ERROR_RESPONSE'],
  ['42601', 'syntax error', 'BROKEN_BUILD'],
  ['42501', 'insufficient privilege', 'AUTH_REQUIRED'],
  ['42703', 'undefined column', 'ERROR_RESPONSE'],
  ['42883', 'undefined function', 'ERROR_RESPONSE'],
  ['42P01', 'undefined table', 'ERROR_RESPONSE'],
  ['42704', 'undefined object', 'ERROR_RESPONSE'],
  ['42P04', 'duplicate database', 'ERROR_RESPONSE'],
  ['42P07', 'duplicate table', 'ERROR_RESPONSE'],
  ['42710', 'duplicate object', 'ERROR_RESPONSE'],
  ['42804', 'datatype mismatch', 'ERROR_RESPONSE'],
  ['53000', 'insufficient resources', 'RESOURCE_EXHAUSTION'],
  ['53100', 'disk full', 'RESOURCE_EXHAUSTION'],
  ['53200', 'out of memory', 'RESOURCE_EXHAUSTION'],
  ['53300', 'too many connections', 'RESOURCE_EXHAUSTION'],
  ['53400', 'configuration limit exceeded', 'RESOURCE_EXHAUSTION'],
  ['55000', 'object not in prerequisite state', 'ERROR_RESPONSE'],
  ['55006', 'object in use', 'RESOURCE_BUSY'],
  ['55P03', 'lock not available', 'RESOURCE_BUSY'],
  ['57000', 'operator intervention', null],
  ['57014', 'query canceled', 'TIMEOUT'],
  // The server ended the session ("terminating connection due to administrator command"): a lost connection, as the lexicon reads it.
  ['57P01', 'admin shutdown', 'NETWORK'],
  ['57P02', 'crash shutdown', 'SERVER_ERROR'],
  ['57P03', 'cannot connect now', 'RESOURCE_BUSY'],
  ['57P04', 'database dropped', 'ERROR_RESPONSE'],
  ['57P05', 'idle session timeout', 'TIMEOUT'],
];

/**
 * How clients print a SQLSTATE: pgx `(SQLSTATE 40P01)`, JDBC `SQLState: 40001`, PDO
 * `SQLSTATE[40001]`, psql's verbose `ERROR:  40P01:` / `FATAL:  57P03:`, MySQL `ERROR 1213 (40001):`, a driver's
 * error object as Node prints it (`code: '40001'`).
 */
function spellings(code: string): string[] {
  const c = code.toLowerCase();
  return [
    `sqlstate ${c}`, `sqlstate: ${c}`, `sqlstate=${c}`, `sqlstate[${c}]`, `sql state: ${c}`, `sql state ${c}`, `error: ${c}:`, `fatal: ${c}:`, `(${c}):`,
    // A driver's error object dumped by the runtime (node-postgres `code: '40001'`, mysql2 `sqlState: '40001'`).
    `code: '${c}'`, `sqlstate: '${c}'`,
  ];
}

/**
 * Condition names print as they are (PL/pgSQL, JDBC), in snake_case (`deadlock_detected`) and as
 * psycopg classes (`psycopg2.errors.DeadlockDetected`): the name with word forms covers all three.
 * Names of one or two common words ("syntax error", "out of memory") are left to their lexicon
 * and packs; here they would say nothing about SQL.
 */
const NAMED = new Set(['40P01', '40001', '55P03', '55006', '57P03', '57014', '53300', '53100', '28P01', '42501', '23505', '23503', '42P01', '57P01']);

/** Every SQLSTATE of the registry, as rows. */
export const SQLSTATE_ROWS: readonly RegistryRow[] = CODES.map(([code, condition, type]) => ({
  code,
  type,
  codes: [code],
  phrases: [...spellings(code), ...(NAMED.has(code) ? [condition] : [])],
}));

/** The SQLSTATE registry: what the SQL standard's error classes mean for a recovery. */
const pack = registryPack(SQLSTATE_ROWS, {
  id: 'sqlstate',
  description: 'SQLSTATE codes (SQL standard classes, PostgreSQL codes and condition names)',
  source: SOURCE,
});

/**
 * The SQLSTATE registry. Its condition names are words other servers use too: a server that turns a
 * connection away with `too many connections, try again later` (IMAP's BYE, FTP's 421) is
 * overloaded (lexicon/peer-answer.ts), not a database out of connection slots (session 14).
 */
export const sqlstatePack: RulePack = {
  ...pack,
  rules: pack.rules.map((rule) => (rule.type === 'RESOURCE_EXHAUSTION' ? { ...rule, unless: [...(rule.unless ?? []), 'try again later', 'temporarily unavailable'] } : rule)),
};
