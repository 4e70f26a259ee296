import { loadConfig } from '../../../config.ts';
import { openConfiguredDatabase } from '../../../db/open-configured.ts';
import { createOwner, CREATE_OWNER_USAGE, parseCreateOwnerArgs } from './create-owner.ts';

/**
 * `npm run operator:create-owner -- --email x --name "Y"`: the first owner of the console (then
 * owners create everyone else on /admin/operators). With the embedded database (PGlite) the server
 * must be stopped first (one process per data directory); with DATABASE_URL it can run alongside.
 */
async function main(): Promise<number> {
  const parsed = parseCreateOwnerArgs(process.argv.slice(2));
  if (!parsed.ok) {
    console.error(`${parsed.error}\n\n${CREATE_OWNER_USAGE}`);
    return 2;
  }
  const config = loadConfig();
  const database = await openConfiguredDatabase(config);
  try {
    const outcome = await createOwner(database.db, parsed.input, process.env.OPERATOR_PASSWORD || undefined);
    if (!outcome.ok) {
      console.error(outcome.error);
      return 1;
    }
    console.log(`Owner ${parsed.input.email} created (operator #${outcome.id}).`);
    if (outcome.generated) console.log(`Password (shown once, keep it safe): ${outcome.password}`);
    console.log('Log in on /admin/login: the first login sets up the authenticator app (TOTP) and shows ten recovery codes.');
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
