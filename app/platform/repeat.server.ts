import { logger } from "./logger.server";

/**
 * Runs `task` after `firstAfterMs`, then every `everyMs`, without keeping the process alive; a failure is
 * logged with `failure` and retried at the next turn. Returns the function that stops it.
 */
export function repeat(task: () => Promise<unknown>, { firstAfterMs, everyMs, failure }: { firstAfterMs: number; everyMs: number; failure: string }): () => void {
  const run = () => task().catch((error: unknown) => logger.warn({ err: error }, failure));
  const first = setTimeout(run, firstAfterMs);
  const every = setInterval(run, everyMs);
  first.unref();
  every.unref();
  return () => {
    clearTimeout(first);
    clearInterval(every);
  };
}
