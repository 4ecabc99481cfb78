// zod compiles object parsers with `new Function` when it may, and probes for that when a schema
// is built. Our CSP (script-src 'self') forbids it and the browser reports the caught probe as a
// violation (Lighthouse: "Issues logged in the Issues panel"). Plain parsing is fast enough here.
// Imported first by main.tsx, before any module builds a schema.
//
// Set without importing zod: zod keeps its settings on globalThis.__zod_globalConfig and takes
// the object it finds there (zod/v4/core/core.js), so zod itself stays out of the first load and
// arrives only with the screens that validate something (forms, realtime).
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
holder.__zod_globalConfig = { ...holder.__zod_globalConfig, jitless: true };
