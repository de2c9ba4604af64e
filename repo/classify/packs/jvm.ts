import { RULE_PRIORITY } from '../priority.js';
import type { RulePack } from '../rule.js';

const JDK = 'openjdk/jdk src/jdk.compiler/share/classes/com/sun/tools/javac/resources/compiler.properties; java.lang Throwable printing ("Exception in thread \\"main\\"")';
const MAVEN = 'apache/maven, apache/maven-surefire (surefire "Tests run: N, Failures: N", "There are test failures"), maven-compiler-plugin ("COMPILATION ERROR")';
const GRADLE = 'gradle/gradle ("There were failing tests", "Compilation failed; see the compiler error output", "Could not resolve all files for configuration")';
const DOTNET = 'dotnet/roslyn (error CSnnnn), NuGet/NuGet.Client (error NUnnnn), microsoft/vstest ("Failed!  - Failed:")';

/**
 * The JVM (java, javac, Maven, Gradle) and .NET: compile errors and unresolved dependencies are
 * broken builds, surefire/Gradle/vstest failures are failed verification, an exhausted heap is
 * resource exhaustion (it outranks the "Exception in thread" crash it comes with).
 */
export const jvmPack: RulePack = {
  id: 'jvm',
  description: 'java, javac, Maven, Gradle, .NET',
  rules: [
    {
      id: 'jvm.javac',
      type: 'BROKEN_BUILD',
      source: JDK,
      phrases: ['*.java:*'],
      shape: 'file:line[:col]: error:',
    },
    {
      id: 'jvm.build',
      type: 'BROKEN_BUILD',
      source: `${JDK}; ${MAVEN}; ${GRADLE}; ${DOTNET}`,
      phrases: [
        'cannot find symbol', 'could not find or load main class', 'compilation failure', 'compilation failed',
        'could not resolve dependencies for project', 'could not resolve all files for configuration', 'could not resolve all dependencies',
        'non-resolvable parent pom', 'non-parseable pom', 'non-readable pom', 'there is no pom in this directory', 'failed to read artifact descriptor',
        'error cs0*', 'error cs1*', 'error cs2*', 'error cs7*', 'error cs8*', 'error nu1*', 'error nu5*', 'classnotfoundexception', 'noclassdeffounderror', 'unsupportedclassversionerror',
      ],
    },
    {
      id: 'jvm.tests',
      type: 'VERIFICATION_FAILED',
      source: `${MAVEN}; ${GRADLE}; ${DOTNET}`,
      phrases: ['there are test failures', 'there were failing tests', 'assertionfailederror', 'comparisonfailure', 'failed!  - failed:', 'assert.equal() failure', 'tests completed,'],
    },
    { id: 'jvm.surefire-summary', type: 'VERIFICATION_FAILED', source: MAVEN, phrases: ['tests run:'], requires: ['failures: 1', 'failures: 2', 'failures: 3', 'failures: 4', 'failures: 5', 'failures: 6', 'failures: 7', 'failures: 8', 'failures: 9', 'errors: 1', 'errors: 2', 'errors: 3'] },
    {
      id: 'jvm.oom',
      type: 'RESOURCE_EXHAUSTION',
      source: JDK,
      priority: RULE_PRIORITY.processEndCause,
      phrases: ['java.lang.outofmemoryerror', 'outofmemoryerror', 'java heap space', 'gc overhead limit exceeded', 'outofmemoryerror: metaspace', 'unable to create native thread'],
    },
    { id: 'jvm.crash', type: 'CLI_CRASH', source: JDK, phrases: ['exception in thread', 'stackoverflowerror', 'nullpointerexception', 'illegalstateexception', 'classcastexception', 'arrayindexoutofboundsexception'] },
    { id: 'jvm.dotnet-missing', type: 'CLI_NOT_FOUND', source: 'dotnet/runtime src/native/corehost (hostfxr messages)', phrases: ['no .net sdks were found', 'could not execute because the specified command or file was not found'] },
    { id: 'jvm.network', type: 'NETWORK', source: JDK, phrases: ['java.net.connectexception', 'java.net.unknownhostexception', 'unknownhostexception', 'noroutetohostexception'] },
    { id: 'jvm.timeout', type: 'TIMEOUT', source: JDK, phrases: ['sockettimeoutexception', 'java.net.sockettimeoutexception', 'read timed out', 'connect timed out'] },
    { id: 'jvm.missing-file', type: 'ERROR_RESPONSE', source: JDK, confidence: 0.75, phrases: ['java.io.filenotfoundexception', 'nosuchfileexception'] },
  ],
};
