import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

// `npm run db:backup` / `db:restore` (scripts/db-backup.ts, db-restore.ts). A PostgreSQL server is
// dumped by its own pg_dump (custom format) and restored by pg_restore; the embedded PGlite folder
// by PGlite's own tarball of its data directory. Local uploads travel beside it as a plain tar.

const run = promisify(execFile);

/** Where a database lives: a PostgreSQL URL or an embedded PGlite folder. */
export type BackupTarget = { kind: 'postgres'; url: string } | { kind: 'pglite'; dir: string };

/** A refusal the scripts print as it is (no stack trace). */
export class BackupError extends Error {}

export const BACKUP_EXTENSIONS = { postgres: '.pgdump', pglite: '.pglite.tar.gz' } as const;
const UPLOADS_SUFFIX = '.uploads.tar';

/** A postgres:// URL, or else a PGlite folder (as DATABASE_URL and DATA_DIR/db mean in main.ts). */
export function backupTarget(location: string): BackupTarget {
  return /^postgres(ql)?:\/\//.test(location)
    ? { kind: 'postgres', url: location }
    : { kind: 'pglite', dir: path.resolve(location) };
}

/** The server's own database: DATABASE_URL, else the embedded folder DATA_DIR/db. */
export function configuredTarget(config: { DATABASE_URL?: string; DATA_DIR: string }): BackupTarget {
  return backupTarget(config.DATABASE_URL ?? path.resolve(config.DATA_DIR, 'db'));
}

/** For messages: the database's host and name (never its password), or the folder. */
export function describeTarget(target: BackupTarget): string {
  if (target.kind === 'pglite') return `the embedded database in ${target.dir}`;
  const u = new URL(target.url);
  return `the PostgreSQL database ${decodeURIComponent(u.pathname.slice(1))} on ${u.host}`;
}

/** 2026-11-23T15-44-05Z: sortable, and safe in every file system. */
export function timestamp(now = new Date()): string {
  return now.toISOString().slice(0, 19).replace(/:/g, '-') + 'Z';
}

/** DATA_DIR/backups/<timestamp>.<ext>. */
export function defaultBackupFile(dataDir: string, target: BackupTarget, now = new Date()): string {
  return path.resolve(dataDir, 'backups', timestamp(now) + BACKUP_EXTENSIONS[target.kind]);
}

/** The uploads archive that belongs to a database backup file. */
export function uploadsArchiveFor(backupFile: string): string {
  const ext = Object.values(BACKUP_EXTENSIONS).find((e) => backupFile.endsWith(e));
  return (ext ? backupFile.slice(0, -ext.length) : backupFile) + UPLOADS_SUFFIX;
}

/** PGlite writes postmaster.pid while a process has the folder open and removes it on a clean
 * close: present, either a server is running on it (a second opener would corrupt it) or the last
 * one crashed. Only the operator can tell, hence --force. */
export function pgliteInUse(dir: string): boolean {
  return existsSync(path.join(dir, 'postmaster.pid'));
}

function assertNotInUse(dir: string, force: boolean, doing: string) {
  if (!force && pgliteInUse(dir)) {
    throw new BackupError(
      `The embedded database in ${dir} is open (postmaster.pid exists): stop the server before ${doing}. ` +
        'If no server is running (the last one crashed), pass --force.',
    );
  }
}

async function refuseExisting(file: string) {
  if (existsSync(file)) throw new BackupError(`${file} exists already; name another file.`);
  await mkdir(path.dirname(file), { recursive: true });
}

/** The connection URL without its password, which goes in PGPASSWORD: a command line is visible
 * to every user of the machine (ps), the environment is not. */
function postgresArgs(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  u.password = '';
  return { dbname: u.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

async function runTool(command: string, args: string[], env: NodeJS.ProcessEnv) {
  try {
    await run(command, args, { env, maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    const e = error as { code?: string; stderr?: string; message: string };
    if (e.code === 'ENOENT') throw new BackupError(`${command} is not installed (PostgreSQL 15 client tools).`);
    throw new BackupError(`${command} failed: ${(e.stderr || e.message).trim()}`);
  }
}

/** Writes a backup of `target` to `file` (which must not exist yet). */
export async function backupDatabase(target: BackupTarget, file: string, options: { force?: boolean } = {}) {
  await refuseExisting(file);
  if (target.kind === 'postgres') {
    const { dbname, env } = postgresArgs(target.url);
    await runTool('pg_dump', ['--format=custom', `--file=${file}`, `--dbname=${dbname}`], env);
    return;
  }
  if (!existsSync(path.join(target.dir, 'PG_VERSION'))) {
    throw new BackupError(`There is no embedded database in ${target.dir}.`);
  }
  assertNotInUse(target.dir, options.force ?? false, 'backing it up');
  const client = await PGlite.create(target.dir, { extensions: { pg_trgm } });
  try {
    const tarball = await client.dumpDataDir('gzip');
    await writeFile(file, Buffer.from(await tarball.arrayBuffer()), { flag: 'wx' });
  } finally {
    await client.close();
  }
}

async function fileKind(file: string): Promise<'postgres' | 'pglite' | 'unknown'> {
  const handle = await open(file, 'r').catch(() => {
    throw new BackupError(`Cannot read ${file}.`);
  });
  try {
    const head = Buffer.alloc(5);
    await handle.read(head, 0, 5, 0);
    if (head.toString('latin1') === 'PGDMP') return 'postgres';
    if (head[0] === 0x1f && head[1] === 0x8b) return 'pglite';
    return 'unknown';
  } finally {
    await handle.close();
  }
}

/** Restores `file` into `target`. PostgreSQL: pg_restore --clean --if-exists in one transaction,
 * so a failure leaves the database as it was. PGlite: the folder is moved aside (never deleted)
 * and a new one is made from the tarball; its old path is returned. */
export async function restoreDatabase(
  file: string,
  target: BackupTarget,
  options: { force?: boolean; now?: Date } = {},
): Promise<{ movedAside: string | null }> {
  const kind = await fileKind(file);
  if (kind !== target.kind) {
    const what = { postgres: 'a PostgreSQL dump (pg_dump)', pglite: 'an embedded (PGlite) backup', unknown: '' }[kind];
    throw new BackupError(
      kind === 'unknown'
        ? `${file} is not a backup made by db:backup.`
        : `${file} is ${what}; the target is ${target.kind === 'postgres' ? 'a PostgreSQL server' : 'an embedded database'}.`,
    );
  }
  if (target.kind === 'postgres') {
    const { dbname, env } = postgresArgs(target.url);
    await runTool(
      'pg_restore',
      ['--clean', '--if-exists', '--no-owner', '--no-acl', '--single-transaction', '--exit-on-error'].concat(
        `--dbname=${dbname}`,
        file,
      ),
      env,
    );
    return { movedAside: null };
  }

  const dir = target.dir;
  let movedAside: string | null = null;
  if (existsSync(dir) && (await readdir(dir)).length > 0) {
    assertNotInUse(dir, options.force ?? false, 'restoring over it');
    movedAside = `${dir}.before-restore-${timestamp(options.now)}`;
    await rename(dir, movedAside);
  }
  try {
    await mkdir(dir, { recursive: true });
    const tarball = new Blob([await readFile(file)]);
    const client = await PGlite.create(dir, { extensions: { pg_trgm }, loadDataDir: tarball });
    await client.close();
  } catch (error) {
    // Put the old folder back: a failed restore changes nothing.
    await rm(dir, { recursive: true, force: true });
    if (movedAside) await rename(movedAside, dir);
    throw error;
  }
  return { movedAside };
}

/** Archives DATA_DIR/uploads beside the database backup (local storage only; S3 keeps its own
 * copies). Returns the archive, or null when there is no uploads folder. */
export async function backupUploads(dataDir: string, backupFile: string): Promise<string | null> {
  if (!existsSync(path.resolve(dataDir, 'uploads'))) return null;
  const archive = uploadsArchiveFor(backupFile);
  await refuseExisting(archive);
  // The images are WebP already: compressing again gains nothing.
  await runTool('tar', ['-cf', archive, '-C', path.resolve(dataDir), 'uploads'], process.env);
  return archive;
}

/** Unpacks the uploads archive beside `backupFile` into DATA_DIR/uploads, moving the old folder
 * aside. Returns null when the backup has no uploads archive. */
export async function restoreUploads(
  dataDir: string,
  backupFile: string,
  now = new Date(),
): Promise<{ archive: string; movedAside: string | null } | null> {
  const archive = uploadsArchiveFor(backupFile);
  if (!existsSync(archive)) return null;
  const folder = path.resolve(dataDir, 'uploads');
  let movedAside: string | null = null;
  if (existsSync(folder)) {
    movedAside = `${folder}.before-restore-${timestamp(now)}`;
    await rename(folder, movedAside);
  }
  try {
    await runTool('tar', ['-xf', archive, '-C', path.resolve(dataDir), 'uploads'], process.env);
  } catch (error) {
    await rm(folder, { recursive: true, force: true });
    if (movedAside) await rename(movedAside, folder);
    throw error;
  }
  return { archive, movedAside };
}
