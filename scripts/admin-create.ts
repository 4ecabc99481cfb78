import path from 'node:path';
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import {
  AdminSetupError,
  createAdmin,
  findUserByEmail,
  promoteToAdmin,
  usernameFromEmail,
} from '../src/server/setup/admin-account';

// `npm run admin:create [-- --email … --username … --name … --password …]`: the first admin of
// a real install, or one more. Missing values come from ADMIN_EMAIL / ADMIN_PASSWORD, then from
// prompts (the password is not echoed). An e-mail that already belongs to a member promotes them.
// Stop the server first when using the embedded database (one process per data folder).
const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    username: { type: 'string' },
    name: { type: 'string' },
    password: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
});
if (values.help) {
  console.log('npm run admin:create -- [--email EMAIL] [--username NAME] [--name "FULL NAME"] [--password PASSWORD]');
  console.log('Missing values come from ADMIN_EMAIL and ADMIN_PASSWORD, then from prompts.');
  console.log('An e-mail that belongs to a member already makes that member an admin.');
  process.exit(0);
}

const interactive = process.stdin.isTTY && process.stdout.isTTY;

async function ask(question: string, fallback?: string): Promise<string> {
  if (!interactive) {
    if (fallback !== undefined) return fallback;
    throw new AdminSetupError(
      `${question.replace(/:.*$/, '')} is missing (pass it as an argument; no terminal to ask).`,
    );
  }
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  try {
    const answer = (await rl.question(fallback ? `${question} [${fallback}]: ` : `${question}: `)).trim();
    return answer || fallback || '';
  } finally {
    rl.close();
  }
}

/** Reads a line without echoing it. */
async function askHidden(question: string): Promise<string> {
  if (!interactive) throw new AdminSetupError('Password is missing (pass --password or ADMIN_PASSWORD).');
  const stdin = process.stdin;
  stdin.setRawMode(true); // before the prompt: nothing typed after it is echoed
  stdin.setEncoding('utf8');
  stdin.resume();
  process.stdout.write(`${question}: `);
  return new Promise((resolve, reject) => {
    let value = '';
    const finish = () => {
      stdin.off('data', onData);
      stdin.setRawMode(false);
      stdin.pause();
      process.stdout.write('\n');
    };
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === '\r' || ch === '\n') {
          finish();
          resolve(value);
          return;
        }
        if (ch === '\u0003' || ch === '\u0004') {
          finish();
          reject(new AdminSetupError('Cancelled.'));
          return;
        }
        if (ch === '\u007f' || ch === '\b') value = value.slice(0, -1);
        else if (ch >= ' ') value += ch;
      }
    };
    stdin.on('data', onData);
  });
}

const config = loadConfig();
const database = await openDatabase(config.DATABASE_URL ?? path.resolve(config.DATA_DIR, 'db'));
try {
  const email = (values.email ?? process.env.ADMIN_EMAIL ?? (await ask('E-mail'))).trim();
  if (!email) throw new AdminSetupError('An e-mail is required.');
  if (await findUserByEmail(database.db, email)) {
    const outcome = await promoteToAdmin(database.db, email);
    console.log(
      outcome.status === 'promoted' ? `${outcome.email} is an admin now.` : `${outcome.email} is an admin already.`,
    );
    if (config.staffTwoFactorRequired) {
      console.log(
        'Two-step sign-in is required of admins here: they set it up on /dashboard before the admin area opens.',
      );
    }
  } else {
    const username = values.username ?? (await ask('Username', await usernameFromEmail(database.db, email)));
    const fullName = values.name ?? (await ask('Full name', 'Administrator'));
    let password = values.password ?? process.env.ADMIN_PASSWORD;
    if (!password) {
      password = await askHidden('Password');
      if ((await askHidden('Password again')) !== password) throw new AdminSetupError('The passwords differ.');
    }
    const outcome = await createAdmin(database.db, { email, username, fullName, password });
    console.log(`Created the admin ${outcome.email} (username ${username}). Sign in at ${config.publicUrl}/login`);
    if (config.staffTwoFactorRequired) {
      console.log(
        'Two-step sign-in is required of admins here: at the first sign-in, set up an authenticator app on your profile page (/dashboard) before the admin area opens.',
      );
    }
  }
} catch (error) {
  if (!(error instanceof AdminSetupError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
} finally {
  await database.close();
}
