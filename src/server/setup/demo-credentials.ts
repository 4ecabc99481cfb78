import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import type { Config } from '../config';

// The demo's logins. No install shares a password: each seed draws new ones (unless the
// environment sets them, as the tests do) and keeps them in a file only the server's owner can
// read, so the start-up banner and `npm run admin:password` can show them again.

export const DEMO_CREDENTIALS_FILE = 'demo-credentials.json';

const demoCredentials = z.object({
  adminEmail: z.string(),
  adminPassword: z.string(),
  memberPassword: z.string(),
  exampleMemberEmail: z.string(),
  seededAt: z.string(),
});
export type DemoCredentials = z.infer<typeof demoCredentials>;

/** 20 URL-safe characters (120 random bits): nothing to guess, easy to copy. */
export function generatePassword(): string {
  return randomBytes(15).toString('base64url');
}

/** The passwords the next seed uses: the environment's when set, otherwise new random ones. */
export function demoPasswords(config: Pick<Config, 'DEMO_ADMIN_PASSWORD' | 'DEMO_MEMBER_PASSWORD'>) {
  return {
    adminPassword: config.DEMO_ADMIN_PASSWORD ?? generatePassword(),
    memberPassword: config.DEMO_MEMBER_PASSWORD ?? generatePassword(),
  };
}

export const demoCredentialsPath = (dataDir: string) => path.resolve(dataDir, DEMO_CREDENTIALS_FILE);

/** A path as people type it: relative under the working folder, absolute elsewhere. */
export function displayPath(file: string): string {
  const relative = path.relative(process.cwd(), file);
  return relative && !relative.startsWith('..') && !path.isAbsolute(relative) ? relative : file;
}

/** Writes the file readable by its owner only (0600), replacing any earlier one atomically. */
export async function writeDemoCredentials(dataDir: string, credentials: DemoCredentials): Promise<string> {
  const file = demoCredentialsPath(dataDir);
  await mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, `${JSON.stringify(credentials, null, 2)}\n`, { mode: 0o600 });
  await chmod(temporary, 0o600); // whatever the umask, and never wider
  await rename(temporary, file);
  return file;
}

/** The last seed's logins, or null when this data folder has none (or an unreadable file). */
export async function readDemoCredentials(dataDir: string): Promise<DemoCredentials | null> {
  let text: string;
  try {
    text = await readFile(demoCredentialsPath(dataDir), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  try {
    const parsed = demoCredentials.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
