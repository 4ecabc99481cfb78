import path from 'node:path';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { clearDatabase } from '../src/server/setup/seed/seed';
import { createStorage } from '../src/server/platform/storage';
import { displayPath } from '../src/server/setup/demo-credentials';
import { seedDemoInstall } from '../src/server/setup/start-up';

// `npm run db:seed`: wipe the database and seed the demo content again, on purpose, with new
// passwords (or DEMO_ADMIN_PASSWORD / DEMO_MEMBER_PASSWORD when set), saved under DATA_DIR.
// Stop the server first when using the embedded database (one process per data folder).
const config = loadConfig();
const database = await openDatabase(config.DATABASE_URL ?? path.resolve(config.DATA_DIR, 'db'));
await clearDatabase(database.db);
const { credentials, file } = await seedDemoInstall(database.db, createStorage(config), config);
await database.close();
console.log('Seeded demo content.');
console.log(`Demo admin: ${credentials.adminEmail} / ${credentials.adminPassword}`);
console.log(`Demo members: ${credentials.exampleMemberEmail} (and every first.last@…) / ${credentials.memberPassword}`);
if (file) console.log(`Saved in ${displayPath(file)}; \`npm run admin:password\` prints them again.`);
