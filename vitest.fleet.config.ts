import { defineConfig } from 'vitest/config';

// The fleet and fault tests: whole server processes on PostgreSQL behind nginx, one file at a
// time (the fault tests restart the PostgreSQL cluster). `npm run test:fleet`.
export default defineConfig({
  test: {
    include: ['src/server/fleet/**/*.fleet-test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 240_000,
    fileParallelism: false,
  },
});
