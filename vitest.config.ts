import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    // Installs PostgreSQL when missing; its throwaway cluster starts on first use (tests/helpers/postgres.ts).
    // Installs the pinned agent CLIs (Claude Code, Codex, Gemini CLI) into a cache outside the
    // package's dependencies; tests/agents/ drives them against a fake model server.
    globalSetup: ['tests/setup/postgres.global.ts', 'tests/agents/install.global.ts'],
    // CLI end-to-end tests spawn real processes; 2 cores, so keep parallelism modest.
    maxWorkers: 2,
    // Outer limits for a hang, not for a slow machine: a CI runner can be as loaded as ours (two
    // 30 s limits failed at load 20). Tests wait for conditions (tests/helpers/wait-for.ts). A hook
    // that builds dist/ or waits for another worker's build takes the build lock's own limit
    // instead (beforeAllBuilt, BUILD_HOOK_LIMIT_MS in tests/helpers/build.ts).
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
