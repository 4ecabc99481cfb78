// The demo logins of the server under test. The server draws random ones unless the environment
// sets them: playwright.config.ts sets these, so the journeys know them.
export const E2E_DEMO_ADMIN = { email: 'admin@powermixer.example', password: 'e2e admin password, tests only' };
export const E2E_DEMO_MEMBER_PASSWORD = 'e2e member password, tests only';
