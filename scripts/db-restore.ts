import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/server/config';
import {
  BackupError,
  backupTarget,
  configuredTarget,
  describeTarget,
  restoreDatabase,
  restoreUploads,
} from '../src/server/db/backup';

// `npm run db:restore -- FILE [--into URL|FOLDER] [--force]`: a db:backup file into the database
// the server uses (DATABASE_URL, else DATA_DIR/db), or into another one. Stop the servers first:
// caches and sessions they hold do not know the data changed under them.
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    into: { type: 'string' },
    force: { type: 'boolean' },
    'skip-uploads': { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
  },
});
if (values.help || positionals.length !== 1) {
  console.log('npm run db:restore -- FILE [--into postgres://…/db | FOLDER] [--skip-uploads] [--force]');
  console.log(
    'PostgreSQL: pg_restore --clean --if-exists --no-owner into DATABASE_URL (or --into, e.g. a new database).',
  );
  console.log('Embedded: the folder DATA_DIR/db (or --into) is moved aside to <folder>.before-restore-<time>,');
  console.log('then made again from FILE; --force restores over a folder whose server did not shut down cleanly.');
  console.log('The uploads archive beside FILE, if any, replaces DATA_DIR/uploads (old one moved aside),');
  console.log('unless --into or --skip-uploads is given.');
  process.exit(values.help ? 0 : 1);
}

const config = loadConfig({
  DATABASE_URL: process.env.DATABASE_URL,
  DATA_DIR: process.env.DATA_DIR,
  S3_BUCKET: process.env.S3_BUCKET,
});
const file = path.resolve(positionals[0]!);
const target = values.into ? backupTarget(values.into) : configuredTarget(config);
const now = new Date(); // one time in the names of everything moved aside
try {
  const { movedAside } = await restoreDatabase(file, target, { force: values.force, now });
  console.log(`Restored ${file} into ${describeTarget(target)}.`);
  if (movedAside) console.log(`The previous database folder is kept in ${movedAside}; delete it when satisfied.`);
  // Uploads belong to this install's DATA_DIR: a restore elsewhere (--into) leaves them alone.
  if (!values.into && !values['skip-uploads'] && !config.S3_BUCKET) {
    const uploads = await restoreUploads(config.DATA_DIR, file, now);
    if (uploads) {
      console.log(`Restored the uploads folder from ${uploads.archive}.`);
      if (uploads.movedAside) console.log(`The previous uploads folder is kept in ${uploads.movedAside}.`);
    }
  }
} catch (error) {
  if (!(error instanceof BackupError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
}
