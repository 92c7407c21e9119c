import { openDatabase } from "#app/db/client.server";
import { migrationsFolder } from "#app/db/project-root.server";

/** Global setups run one after another in Vitest's main process: those that need the database share one. */
const shared = globalThis as { dealdashMigratedSnapshot?: Promise<Blob> };

/**
 * A migrated, empty embedded database as a data-directory tarball, made once per run for every global
 * setup that asks (creating a database cluster costs about 4 s).
 */
export function migratedSnapshot(): Promise<Blob> {
  shared.dealdashMigratedSnapshot ??= (async () => {
    const handle = await openDatabase({ kind: "pglite-memory" });
    try {
      await handle.migrate(migrationsFolder());
      return await handle.dump!();
    } finally {
      await handle.close();
    }
  })();
  return shared.dealdashMigratedSnapshot;
}
