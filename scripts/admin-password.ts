import { loadConfig } from '../src/server/config';
import { demoCredentialsPath, displayPath, readDemoCredentials } from '../src/server/setup/demo-credentials';

// `npm run admin:password`: the demo logins the last seed of this data folder drew (DATA_DIR).
// Only whoever can read the file (its owner: the account that runs the server) sees them.
// Only DATA_DIR matters here: no other setting (nor a production SESSION_SECRET) is needed.
const config = loadConfig({ DATA_DIR: process.env.DATA_DIR });
const file = displayPath(demoCredentialsPath(config.DATA_DIR));
const credentials = await readDemoCredentials(config.DATA_DIR);
if (!credentials) {
  console.log(`No demo logins in ${file}: this data folder was not seeded with the demo.`);
  console.log('A real install gets its admin from `npm run admin:create` (or ADMIN_EMAIL and ADMIN_PASSWORD).');
  process.exitCode = 1;
} else {
  const domain = credentials.exampleMemberEmail.split('@')[1] ?? '';
  console.log(`Demo admin: ${credentials.adminEmail} / ${credentials.adminPassword}`);
  console.log(
    `Demo members: first.last@${domain} (for example ${credentials.exampleMemberEmail}) / ${credentials.memberPassword}`,
  );
  console.log(`(seeded ${credentials.seededAt}, from ${file}; a password changed in the app since is not shown here)`);
}
