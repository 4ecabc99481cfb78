import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 90_000,
    // Two cores: more workers only fight over them (each opens its own database).
    maxWorkers: 2,
  },
});
