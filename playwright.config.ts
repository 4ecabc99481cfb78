import { defineConfig } from '@playwright/test';
import { E2E_DEMO_ADMIN, E2E_DEMO_MEMBER_PASSWORD } from './tests/e2e/demo-logins';

// End-to-end journeys against the built app, served by the real server on a fresh
// embedded database (seeded with the demo content), driven by Debian's Chromium.
const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://localhost:${port}`;

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  outputDir: 'test-results/e2e',
  use: {
    baseURL,
    // Instant theme and colour changes, so axe never measures a colour mid-transition.
    reducedMotion: 'reduce',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    // The built server, as production runs it (`npm run test:e2e` builds it first).
    command: `rm -rf test-results/e2e-data-${port} && node --enable-source-maps dist/server/main.js`,
    url: `${baseURL}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    env: {
      PORT: String(port),
      PUBLIC_URL: baseURL,
      DATA_DIR: `test-results/e2e-data-${port}`,
      AUTH_RATE_LIMIT: '1000',
      // The seed draws random passwords otherwise; the journeys sign in with these.
      DEMO_ADMIN_EMAIL: E2E_DEMO_ADMIN.email,
      DEMO_ADMIN_PASSWORD: E2E_DEMO_ADMIN.password,
      DEMO_MEMBER_PASSWORD: E2E_DEMO_MEMBER_PASSWORD,
      LOG_LEVEL: 'warn',
      // Notification e-mail within the journey's time (tests/e2e/notifications.spec.ts).
      NOTIFY_AWAY_MINUTES: '1',
      JOBS_CHECK_MS: '2000',
    },
  },
});
