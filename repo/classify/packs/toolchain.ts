import type { RulePack } from '../rule.js';
import { dockerPack } from './docker.js';
import { gitPack } from './git.js';
import { javascriptPack } from './javascript.js';
import { jvmPack } from './jvm.js';
import { nativePack } from './native.js';
import { pythonPack } from './python.js';
import { rustGoPack } from './rust-go.js';

/**
 * Every developer-tool pack as one: tsc, node, jest, vitest, mocha, npm, eslint (javascript),
 * python, pytest, pip (python), cargo and go (rust-go), gcc/ld/make/cmake (native), java/Maven/Gradle/.NET (jvm), git, docker. For using the toolchain
 * rules alone; `BUILT_IN_PACKS` lists the parts instead, so no rule appears twice.
 */
export const toolchainPack: RulePack = {
  id: 'toolchain',
  description: 'tsc, node, python, pytest, jest, vitest, mocha, cargo, go, gcc, ld, make, cmake, java, maven, gradle, .NET, git, npm, pip, docker',
  rules: [javascriptPack, pythonPack, rustGoPack, nativePack, jvmPack, gitPack, dockerPack].flatMap((pack) => pack.rules),
};
