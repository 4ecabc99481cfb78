import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './client';
import { messages } from './schema';
import {
  BackupError,
  backupDatabase,
  backupTarget,
  backupUploads,
  defaultBackupFile,
  restoreDatabase,
  restoreUploads,
  uploadsArchiveFor,
} from './backup';
import { createEvent, createMembers } from '../test/factories';

/** Members, an event and a conversation: rows of three tables a restore must bring back. */
async function seed(database: Database) {
  const db = database.db;
  const [a, b, c] = await createMembers(db, 3, 'backup');
  await createEvent(db, { name: `Backup mixer ${Date.now()}`, maxAttendees: 42 });
  await db.insert(messages).values([
    { senderId: a!.id, recipientId: b!.id, subject: 'Hello', content: 'First message, with ünïcode ✓' },
    { senderId: b!.id, recipientId: a!.id, subject: 'Hello', content: 'The reply' },
    { senderId: c!.id, recipientId: a!.id, subject: 'Coffee?', content: 'Thursday at 9' },
  ]);
}

/** What the test compares before and after: counts and a few values of each table. */
async function snapshot(database: Database) {
  const count = async (table: string) =>
    (await database.query<{ n: number }>(`select count(*)::int as n from ${table}`))[0]!.n;
  return {
    profiles: await count('profiles'),
    events: await count('events'),
    messages: await count('messages'),
    usernames: (await database.query<{ username: string }>('select username from profiles order by username')).map(
      (r) => r.username,
    ),
    events_: await database.query('select id, name, max_attendees, start_time from events order by name'),
    messages_: await database.query(
      'select sender_id, recipient_id, subject, content, created_at from messages order by content',
    ),
  };
}

// Each PGlite open takes seconds (WASM start-up and migrations); these tests open several.
describe('backup and restore of the embedded database (PGlite)', { timeout: 120_000 }, () => {
  let root: string;
  let sourceDir: string;
  let file: string;
  let before: Awaited<ReturnType<typeof snapshot>>;

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'power-mixer-backup-'));
    sourceDir = path.join(root, 'source', 'db');
    const database = await openDatabase(sourceDir);
    try {
      await seed(database);
      before = await snapshot(database);
      // A running server has the folder open: copying it now could give a torn copy.
      await expect(backupDatabase(backupTarget(sourceDir), path.join(root, 'open.tgz'))).rejects.toThrow(
        /stop the server/,
      );
    } finally {
      await database.close();
    }
    file = defaultBackupFile(path.join(root, 'source'), backupTarget(sourceDir), new Date('2026-01-02T03:04:05Z'));
    await backupDatabase(backupTarget(sourceDir), file);
  }, 180_000);
  afterAll(async () => {
    if (root) await rm(root, { recursive: true, force: true });
  });

  it('names the backup by time under DATA_DIR/backups, and finds the rows again in a fresh folder', async () => {
    expect(file).toBe(path.join(root, 'source', 'backups', '2026-01-02T03-04-05Z.pglite.tar.gz'));
    expect(before.profiles).toBe(3);
    expect(before.messages).toBe(3);

    const freshDir = path.join(root, 'fresh', 'db');
    expect(await restoreDatabase(file, backupTarget(freshDir))).toEqual({ movedAside: null });
    const restored = await openDatabase(freshDir);
    try {
      expect(await snapshot(restored)).toEqual(before);
    } finally {
      await restored.close();
    }
  });

  it('moves the folder it restores over aside instead of deleting it', async () => {
    const database = await openDatabase(sourceDir);
    await createMembers(database.db, 2, 'later');
    await database.close();

    const { movedAside } = await restoreDatabase(file, backupTarget(sourceDir), {
      now: new Date('2026-01-03T00:00:00Z'),
    });
    expect(movedAside).toBe(`${sourceDir}.before-restore-2026-01-03T00-00-00Z`);
    const restored = await openDatabase(sourceDir);
    expect(await snapshot(restored)).toEqual(before);
    await restored.close();
    const previous = await openDatabase(movedAside!);
    expect((await snapshot(previous)).profiles).toBe(5);
    await previous.close();
  });

  it('refuses a folder that looks open (postmaster.pid) unless forced', async () => {
    const dir = path.join(root, 'crashed', 'db');
    await restoreDatabase(file, backupTarget(dir));
    // What a server that is running (or crashed) leaves in its folder.
    await writeFile(path.join(dir, 'postmaster.pid'), '-42\n/pglite/data\n');
    await expect(restoreDatabase(file, backupTarget(dir))).rejects.toThrow(BackupError);
    await expect(restoreDatabase(file, backupTarget(dir))).rejects.toThrow(/--force/);
    expect(existsSync(path.join(dir, 'PG_VERSION'))).toBe(true); // untouched

    const { movedAside } = await restoreDatabase(file, backupTarget(dir), { force: true });
    expect(movedAside).not.toBeNull();
    const restored = await openDatabase(dir);
    expect(await snapshot(restored)).toEqual(before);
    await restored.close();
  });

  it('refuses to overwrite an existing backup file, or to restore what is not a backup', async () => {
    await expect(backupDatabase(backupTarget(sourceDir), file)).rejects.toThrow(/exists already/);
    const junk = path.join(root, 'junk.pglite.tar.gz');
    await writeFile(junk, 'not a backup');
    await expect(restoreDatabase(junk, backupTarget(path.join(root, 'junk-db')))).rejects.toThrow(
      /not a backup made by db:backup/,
    );
  });

  it('archives the uploads folder beside the backup and puts it back, keeping the old one', async () => {
    const dataDir = path.join(root, 'uploads-install');
    await mkdir(path.join(dataDir, 'uploads', 'avatars'), { recursive: true });
    await writeFile(path.join(dataDir, 'uploads', 'avatars', 'a.webp'), 'original image');
    const dbFile = path.join(dataDir, 'backups', 'x.pglite.tar.gz');

    const archive = await backupUploads(dataDir, dbFile);
    expect(archive).toBe(path.join(dataDir, 'backups', 'x.uploads.tar'));
    expect(uploadsArchiveFor(dbFile)).toBe(archive);

    await writeFile(path.join(dataDir, 'uploads', 'avatars', 'a.webp'), 'changed after the backup');
    await writeFile(path.join(dataDir, 'uploads', 'avatars', 'b.webp'), 'new after the backup');
    const result = await restoreUploads(dataDir, dbFile, new Date('2026-01-04T00:00:00Z'));
    expect(result?.movedAside).toBe(path.join(dataDir, 'uploads.before-restore-2026-01-04T00-00-00Z'));
    expect(await readFile(path.join(dataDir, 'uploads', 'avatars', 'a.webp'), 'utf8')).toBe('original image');
    expect(existsSync(path.join(dataDir, 'uploads', 'avatars', 'b.webp'))).toBe(false);
    expect(await readFile(path.join(result!.movedAside!, 'avatars', 'b.webp'), 'utf8')).toBe('new after the backup');
  });
});

// Runs in `npm run test:pg` and CI's PostgreSQL pass: pg_dump and pg_restore against the real server.
const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!serverUrl)('backup and restore of a PostgreSQL database', () => {
  const stamp = `${process.pid}_${Date.now()}`;
  const names = { source: `pm_test_backup_src_${stamp}`, fresh: `pm_test_backup_new_${stamp}` };
  let root: string;
  let file: string;
  let before: Awaited<ReturnType<typeof snapshot>>;
  const urlOf = (name: string) => {
    const u = new URL(serverUrl!);
    u.pathname = `/${name}`;
    return u.toString();
  };
  async function admin(statement: string) {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  }

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'power-mixer-backup-pg-'));
    await admin(`create database ${names.source}`);
    const database = await openDatabase(urlOf(names.source));
    try {
      await seed(database);
      before = await snapshot(database);
    } finally {
      await database.close();
    }
    file = defaultBackupFile(root, backupTarget(urlOf(names.source)));
    await backupDatabase(backupTarget(urlOf(names.source)), file);
  });
  afterAll(async () => {
    for (const name of Object.values(names)) await admin(`drop database if exists ${name} with (force)`);
    if (root) await rm(root, { recursive: true, force: true });
  });

  it('writes a pg_dump custom-format file and restores it into a new database', async () => {
    expect(file.endsWith('.pgdump')).toBe(true);
    expect((await readFile(file)).subarray(0, 5).toString('latin1')).toBe('PGDMP');

    await admin(`create database ${names.fresh}`);
    await restoreDatabase(file, backupTarget(urlOf(names.fresh)));
    // Opening migrates: the restored migrations journal says there is nothing to do.
    const restored = await openDatabase(urlOf(names.fresh));
    try {
      expect(await snapshot(restored)).toEqual(before);
      expect(before.profiles).toBe(3);
    } finally {
      await restored.close();
    }
  });

  it('restores over the database it came from (--clean), bringing back what was deleted since', async () => {
    const database = await openDatabase(urlOf(names.source));
    try {
      await database.query('delete from messages');
      await createMembers(database.db, 1, 'later');
      await restoreDatabase(file, backupTarget(urlOf(names.source)));
      expect(await snapshot(database)).toEqual(before);
    } finally {
      await database.close();
    }
  });

  it('refuses a PostgreSQL dump for an embedded target and does not touch it', async () => {
    const dir = path.join(root, 'db');
    await expect(restoreDatabase(file, backupTarget(dir))).rejects.toThrow(/PostgreSQL dump/);
    expect(existsSync(dir)).toBe(false);
  });
});
