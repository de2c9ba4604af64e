import { layerOfPack } from '../layers.js';
import { lexiconPack } from '../lexicon/index.js';
import type { RulePack } from '../rule.js';
import { agentsPack } from './agents.js';
import { busyPack } from './busy.js';
import { cloudAuthPack } from './cloud-auth.js';
import { databasesPack } from './databases.js';
import { jvmPack } from './jvm.js';
import { nativePack } from './native.js';
import { servicesPack } from './services.js';
import { dockerPack } from './docker.js';
import { exitCodePack } from './exit-code.js';
import { integrityPack } from './integrity.js';
import { gitPack } from './git.js';
import { httpPack } from './http.js';
import { javascriptPack } from './javascript.js';
import { llmApiPack } from './llm-api.js';
import { nodeSystemPack } from './node-system.js';
import { pipelinePack } from './pipeline.js';
import { pythonPack } from './python.js';
import { rustGoPack } from './rust-go.js';
import { securityPack } from './security.js';
import { seed001Pack } from './seed001.js';
import { toolchainPack } from './toolchain.js';
import { trustPack } from './trust.js';
import { cloudPack, curlPack, dnsPack, errnoPack, ftpPack, grpcPack, ldapPack, redisPack, signalsPack, smtpPack, sqlstatePack, tftpPack } from '../registries/index.js';

export { agentsPack, busyPack, cloudAuthPack, databasesPack, jvmPack, nativePack, servicesPack, trustPack };
export { cloudPack, errnoPack, grpcPack, integrityPack, lexiconPack, redisPack, signalsPack, sqlstatePack };
export { dockerPack, exitCodePack, gitPack, httpPack, javascriptPack, llmApiPack, nodeSystemPack, pipelinePack, pythonPack, rustGoPack, securityPack, seed001Pack, toolchainPack };

/**
 * Every built-in pack, the default of `classify`. Order only breaks ties between rules of equal
 * priority and confidence (earlier wins); priorities decide everything else.
 */
export const BUILT_IN_PACKS: readonly RulePack[] = [
  securityPack,
  integrityPack,
  trustPack,
  exitCodePack,
  llmApiPack,
  agentsPack,
  servicesPack,
  cloudAuthPack,
  httpPack,
  nodeSystemPack,
  javascriptPack,
  pythonPack,
  rustGoPack,
  nativePack,
  jvmPack,
  databasesPack,
  busyPack,
  gitPack,
  dockerPack,
  pipelinePack,
  seed001Pack,
  // The registries (issue 30) after every tool's pack: on a tie, the rule written for the tool is the more exact.
  signalsPack,
  errnoPack,
  grpcPack,
  sqlstatePack,
  redisPack,
  smtpPack,
  ftpPack,
  tftpPack,
  ldapPack,
  dnsPack,
  curlPack,
  cloudPack,
  // The lexicon last: on a tie, a code is more exact than a word.
  lexiconPack,
];

/**
 * The built-in packs without the tool-specific ones (`PACK_LAYERS`): DESIGN's own vocabulary,
 * the registries and the lexicon — what a tool no rule was written for gets (issue 30's
 * generic-only measure). Use it as `createClassifier({ packs: GENERIC_PACKS })`.
 */
export const GENERIC_PACKS: readonly RulePack[] = BUILT_IN_PACKS.filter((pack) => layerOfPack(pack.id) !== 'tool');
