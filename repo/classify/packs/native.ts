import { FAILURE_SOURCES, type RulePack } from '../rule.js';

const GCC = 'gcc/gcc gcc/c/c-errors.cc, gcc/diagnostic.cc ("<file>:<line>:<col>: error:", "compilation terminated."), binutils ld/ldmisc.c ("undefined reference to", "cannot find -l")';
const MAKE = 'GNU make src/misc.c, src/read.c ("No rule to make target", "missing separator", "*** [...] Error N")';
const CMAKE = 'Kitware/CMake Source/cmMessenger.cxx ("CMake Error at", "Configuring incomplete, errors occurred!")';

/**
 * C and C++ toolchains: gcc/g++/clang diagnostics, the linker, make and CMake. A diagnostic
 * line is `<file>.<ext>:<line>:<col>: error: …`: the rule looks for a source-file name in a line
 * of that shape, whatever the message, so unseen diagnostics of the same format count.
 */
export const nativePack: RulePack = {
  id: 'native',
  description: 'gcc, g++, clang, ld, make, cmake',
  rules: [
    {
      id: 'native.diagnostic',
      type: 'BROKEN_BUILD',
      source: GCC,
      sources: FAILURE_SOURCES,
      phrases: ['*.c:*', '*.h:*', '*.cc:*', '*.cpp:*', '*.cxx:*', '*.hpp:*', '*.hh:*'],
      // Not `.c:` and `error:` anywhere on a line: OpenSSL's error queue prints both (issue 30).
      shape: 'file:line[:col]: error:',
    },
    {
      id: 'native.compiler',
      type: 'BROKEN_BUILD',
      source: GCC,
      phrases: [
        'compilation terminated', 'undefined reference to', 'multiple definition of', 'cannot find -l*', 'ld returned 1 exit status',
        'error: ld returned', 'linker command failed', 'undefined symbols for architecture', 'was not declared in this scope',
        'undeclared (first use in this function)', 'has no member named', 'no matching function for call to', 'no member named',
      ],
    },
    // Only make's own complaints: "make: *** [test] Error 1" is whatever the recipe was (a test run, a build).
    { id: 'native.make', type: 'BROKEN_BUILD', source: MAKE, phrases: ['no rule to make target', 'missing separator'] },
    { id: 'native.cmake', type: 'BROKEN_BUILD', source: CMAKE, phrases: ['cmake error at', 'cmake error:', 'configuring incomplete, errors occurred'] },
  ],
};
