import { errorToast, successToast, type Toast } from "#app/lib/toast";

import type { JobQueue } from "./job-queue.server";

// What a scheduled source's row buttons ask (sourcing's sources, earnings sources): run it now, pause or
// resume it, delete it. Each page says how its own source does these; the answers are the same.

export interface ScheduledSourceOps {
  /** The job that runs the page's sources. */
  job: string;
  /** Makes the source due now; false when it is paused. */
  makeDue(id: string): Promise<boolean>;
  setEnabled(id: string, enabled: boolean): Promise<unknown>;
  /** Deletes it, or says why not. */
  remove(id: string): Promise<{ ok: true; message: string } | { ok: false; message: string }>;
}

/** Does what a row's button asked and says how it went; an intent it does not know is a 400. */
export async function scheduledSourceIntent(
  intent: FormDataEntryValue | null,
  id: string,
  ops: ScheduledSourceOps,
  jobs: Pick<JobQueue, "runNow">,
): Promise<{ toast: Toast; status: number }> {
  switch (intent) {
    case "run":
      if (!(await ops.makeDue(id))) return { toast: errorToast("Resume the source to run it"), status: 200 };
      await jobs.runNow(ops.job);
      return { toast: successToast("The run has started: refresh to see its progress"), status: 200 };
    case "pause":
    case "resume":
      await ops.setEnabled(id, intent === "resume");
      if (intent === "resume") await jobs.runNow(ops.job);
      return { toast: successToast(intent === "resume" ? "Source resumed" : "Source paused"), status: 200 };
    case "delete": {
      const deleted = await ops.remove(id);
      return { toast: deleted.ok ? successToast(deleted.message) : errorToast(deleted.message), status: 200 };
    }
    default:
      return { toast: errorToast("Choose what to do"), status: 400 };
  }
}
