import path from 'node:path';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { clearDatabase, seedDemo } from '../src/server/db/seed/seed';
import { createStorage } from '../src/server/platform/storage';

// `npm run db:seed`: wipe the database and seed the demo content again, on purpose.
// Stop the server first when using the embedded database (one process per data folder).
const config = loadConfig();
const database = await openDatabase(config.DATABASE_URL ?? path.resolve(config.DATA_DIR, 'db'));
await clearDatabase(database.db);
const { adminEmail, adminPassword } = await seedDemo(database.db, createStorage(config), {
  adminEmail: config.DEMO_ADMIN_EMAIL,
  adminPassword: config.DEMO_ADMIN_PASSWORD,
});
await database.close();
console.log(`Seeded demo content. Demo admin: ${adminEmail} / ${adminPassword}`);
