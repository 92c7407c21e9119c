import { spawn } from "node:child_process";
import path from "node:path";
import { createInterface } from "node:readline";

import { projectRoot } from "./server-process";

export interface TestPostgres {
  url: string;
  /** The temp directory holding the server's data (and, as root, its binaries). */
  dir: string;
  /** Stops the server and removes its data directory. */
  stop(): Promise<void>;
}

/**
 * Starts a throwaway PostgreSQL server (scripts/lib/postgres-keeper.ts) and resolves once it answers. The
 * keeper runs in its own process group, so a Ctrl-C meant for the tests does not stop the database under
 * them, and it cleans up when our end of its stdin closes, however this process ends.
 */
export async function startTestPostgres(): Promise<TestPostgres> {
  const keeper = spawn(process.execPath, ["--import", "tsx", path.join("scripts", "lib", "postgres-keeper.ts")], {
    cwd: projectRoot,
    detached: true,
    stdio: ["pipe", "pipe", "inherit"],
  });
  const exited = new Promise<void>((resolve) => keeper.once("exit", () => resolve()));
  const firstLine = await new Promise<string>((resolve) => {
    const lines = createInterface({ input: keeper.stdout! });
    lines.once("line", (line) => resolve(line));
    void exited.then(() => resolve(JSON.stringify({ error: "the PostgreSQL keeper exited before it answered" })));
  });
  const answer = JSON.parse(firstLine) as { url?: string; dir?: string; error?: string };
  if (!answer.url || !answer.dir) {
    await exited;
    throw new Error(`Could not start a PostgreSQL server for the tests: ${answer.error}`);
  }
  return {
    url: answer.url,
    dir: answer.dir,
    async stop() {
      keeper.stdin!.end();
      await exited;
    },
  };
}
