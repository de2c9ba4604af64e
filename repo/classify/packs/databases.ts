import type { RulePack } from '../rule.js';
import { FAILURE_SOURCES } from '../rule.js';

const PG = 'postgres/postgres src/backend/libpq/auth.c (auth_failed), src/interfaces/libpq/fe-connect.c, src/backend/utils/errcodes.txt messages';
const MYSQL = 'mysql/mysql-server include/mysqld_error.h (ER_ACCESS_DENIED_ERROR), libmysql/errmsg.cc (CR_CONN_HOST_ERROR, CR_CONNECTION_ERROR, CR_UNKNOWN_HOST)';
const REDIS = 'redis/redis src/server.c shared error replies (NOAUTH, WRONGPASS, WRONGTYPE, OOM), src/redis-cli.c ("Could not connect to Redis")';

/**
 * Database clients: psql/libpq, mysql/mariadb, redis-cli. A refused login needs a person
 * (AUTH_REQUIRED); an unreachable server is the network; a statement the server rejects is
 * the task's own doing (ERROR_RESPONSE), a syntax error in it a broken build (seed 001).
 */
export const databasesPack: RulePack = {
  id: 'databases',
  description: 'psql, mysql, redis-cli: logins, connections, limits, rejected statements',
  rules: [
    {
      id: 'databases.auth',
      type: 'AUTH_REQUIRED',
      source: `${PG}; ${MYSQL}; ${REDIS}`,
      sources: FAILURE_SOURCES,
      phrases: [
        'password authentication failed for user', 'no password supplied', 'fe_sendauth', 'peer authentication failed',
        'no pg_hba.conf entry', 'access denied for user', 'noauth authentication required', 'wrongpass', 'invalid password',
        'authentication required.',
      ],
    },
    // redis-cli prints the server's error replies on stdout.
    { id: 'databases.redis-auth', type: 'AUTH_REQUIRED', source: REDIS, phrases: ['noauth authentication required', 'wrongpass invalid username-password pair'] },
    // libpq: FATAL:  role "reporting" does not exist — a login as someone the server does not know.
    { id: 'databases.pg-role', type: 'AUTH_REQUIRED', source: PG, sources: FAILURE_SOURCES, phrases: ['role "*'], requires: ['does not exist'], sameLine: true },
    {
      id: 'databases.privilege',
      type: 'AUTH_REQUIRED',
      source: PG,
      sources: FAILURE_SOURCES,
      phrases: ['permission denied to create', 'permission denied for table', 'permission denied for schema', 'permission denied for relation', 'permission denied for database', 'must be owner of'],
    },
    {
      id: 'databases.unreachable',
      type: 'NETWORK',
      source: `${PG}; ${MYSQL}; ${REDIS}`,
      phrases: [
        'could not connect to server', 'is the server running', "can't connect to mysql server", "can't connect to local mysql server",
        "can't connect to server on", "can't connect to local server", 'unknown mysql server host', 'unknown server host', 'could not connect to redis',
        'lost connection to mysql server', 'server closed the connection unexpectedly',
      ],
    },
    { id: 'databases.statement-timeout', type: 'TIMEOUT', source: PG, phrases: ['canceling statement due to statement timeout'] },
    {
      id: 'databases.limits',
      type: 'RESOURCE_EXHAUSTION',
      source: `${PG}; ${MYSQL}; ${REDIS}`,
      phrases: ['too many clients already', 'too many connections', 'remaining connection slots are reserved', 'oom command not allowed', 'out of shared memory'],
      // A server that asks for a later try is overloaded, not out of the database's connection slots (lexicon/peer-answer.ts).
      unless: ['try again later', 'temporarily unavailable'],
    },
    {
      id: 'databases.rejected',
      type: 'ERROR_RESPONSE',
      source: `${PG}; ${REDIS}`,
      phrases: [
        'duplicate key value violates unique constraint', 'violates foreign key constraint', 'violates not-null constraint',
        'error: division by zero', 'wrongtype operation', 'err unknown command', 'unknown command', 'doesn\'t exist', 'unknown database',
      ],
    },
    { id: 'databases.pg-missing', type: 'ERROR_RESPONSE', source: PG, phrases: ['relation "*', 'database "*', 'column "*', 'function *'], requires: ['does not exist'], sameLine: true },
  ],
};
