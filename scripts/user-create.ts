import { parseArgs } from "node:util";

import { isRole, roles } from "../app/modules/users/roles";
import { newAccountSchema } from "../app/modules/users/user.schema";

// `npm run user:create -- --email E --password P [--name N] [--role R]`: adds an admin from the shell. Whoever
// runs it holds the server, so the role is owner unless given.
const { values } = parseArgs({
  options: {
    email: { type: "string" },
    password: { type: "string" },
    name: { type: "string" },
    role: { type: "string", default: "owner" },
  },
});
if (!values.email || !values.password || !isRole(values.role)) {
  console.error(
    "Usage: npm run user:create -- --email you@example.com --password 'at least 8 characters' [--name 'Your Name'] " +
      `[--role ${roles.join("|")}] (owner when not given)`,
  );
  process.exit(2);
}
const role = values.role;

// Bad input is answered before the database is opened, so it needs no stopped server.
const account = newAccountSchema.safeParse(values);
if (!account.success) {
  console.error(account.error.issues.map((issue) => issue.message).join("; "));
  process.exit(1);
}

// The app's modules load only for input worth acting on: a typo is answered at once.
const [{ DataDirLockedError }, { prepareDatabase, targetFromEnv }, { createAdmin, UserError }, secrets, auths, envs] =
  await Promise.all([
    import("../app/db/data-dir-lock.server"),
    import("../app/db/database.server"),
    import("../app/modules/users/users.server"),
    import("../app/platform/app-secret.server"),
    import("../app/platform/auth.server"),
    import("../app/platform/env.server"),
  ]);
const env = envs.getEnv();
try {
  const handle = await prepareDatabase(targetFromEnv(env), { seedDemo: env.SEED_DEMO });
  try {
    const auth = await auths.createAuth(handle.db, {
      secret: secrets.resolveAppSecret(env),
      publicUrl: env.PUBLIC_URL,
    });
    const user = await createAdmin(
      handle.db,
      auth,
      { ...account.data, role },
      { action: "user_create", via: "command line" },
    );
    console.log(`Created ${role} ${user.email}.`);
  } finally {
    await handle.close();
  }
} catch (error) {
  if (error instanceof DataDirLockedError) {
    console.error(
      `The server has to be stopped first: the embedded database in ${error.dataDir} is in use by process ${error.holderPid}. ` +
        "Stop the server and run this again (or use DATABASE_URL with a PostgreSQL server).",
    );
  } else if (error instanceof UserError) {
    console.error(error.message);
  } else {
    console.error(error instanceof Error ? error.message : error);
  }
  process.exit(1);
}
