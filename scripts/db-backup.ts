import { stat } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/server/config';
import {
  BackupError,
  backupDatabase,
  backupUploads,
  configuredTarget,
  describeTarget,
  defaultBackupFile,
} from '../src/server/db/backup';

// `npm run db:backup [-- FILE] [--force]`: the database named by DATABASE_URL (pg_dump, custom
// format), or else the embedded one in DATA_DIR/db (stop the server first), to FILE or
// DATA_DIR/backups/<timestamp>.<ext>; with local storage, DATA_DIR/uploads beside it.
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    force: { type: 'boolean' },
    'skip-uploads': { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
  },
});
if (values.help || positionals.length > 1) {
  console.log('npm run db:backup -- [FILE] [--skip-uploads] [--force]');
  console.log('FILE defaults to DATA_DIR/backups/<timestamp>.pgdump (DATABASE_URL) or .pglite.tar.gz (embedded).');
  console.log('With local storage, DATA_DIR/uploads goes to <same name>.uploads.tar unless --skip-uploads.');
  console.log('--force: back up an embedded database whose last server did not shut down cleanly.');
  process.exit(values.help ? 0 : 1);
}

// Only where the data lives matters: no production SESSION_SECRET is needed to back it up.
const config = loadConfig({
  DATABASE_URL: process.env.DATABASE_URL,
  DATA_DIR: process.env.DATA_DIR,
  S3_BUCKET: process.env.S3_BUCKET,
});
const target = configuredTarget(config);
const file = path.resolve(positionals[0] ?? defaultBackupFile(config.DATA_DIR, target));
try {
  await backupDatabase(target, file, { force: values.force });
  console.log(`Backed up ${describeTarget(target)} to ${file} (${(await stat(file)).size} bytes).`);
  if (config.S3_BUCKET) {
    console.log('Uploads are in the S3 bucket: back it up with its own tools (versioning, replication).');
  } else if (!values['skip-uploads']) {
    const archive = await backupUploads(config.DATA_DIR, file);
    console.log(archive ? `Backed up the uploads folder to ${archive}.` : 'No uploads folder to back up.');
  }
} catch (error) {
  if (!(error instanceof BackupError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
}
