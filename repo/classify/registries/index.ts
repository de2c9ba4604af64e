/**
 * The registry layer (issue 30): the standard code sets as data, each with its source — what a
 * tool no rule was written for still prints. Each registry is a rule pack (see registry.ts).
 * @packageDocumentation
 */
import type { RulePack } from '../rule.js';
import { cloudPack } from './cloud.js';
import { curlPack } from './curl.js';
import { dnsPack } from './dns.js';
import { errnoPack } from './errno.js';
import { ftpPack } from './ftp.js';
import { grpcPack } from './grpc.js';
import { httpPack } from './http.js';
import { ldapPack } from './ldap.js';
import { redisPack } from './redis.js';
import { signalsPack } from './signals.js';
import { smtpPack } from './smtp.js';
import { sqlstatePack } from './sqlstate.js';
import { tftpPack } from './tftp.js';

export { cloudPack, curlPack, dnsPack, errnoPack, ftpPack, grpcPack, httpPack, ldapPack, redisPack, signalsPack, smtpPack, sqlstatePack, tftpPack };
export { registryPack, registryRules, type RegistryOptions, type RegistryRow } from './registry.js';

/** Every registry, in the order their rules break ties: the operating system's codes first, then protocols, then services. */
export const REGISTRY_PACKS: readonly RulePack[] = [signalsPack, errnoPack, httpPack, grpcPack, sqlstatePack, redisPack, smtpPack, ftpPack, tftpPack, ldapPack, dnsPack, curlPack, cloudPack];
