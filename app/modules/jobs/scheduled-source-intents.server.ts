import type { SubmissionResult } from "@conform-to/react";
import { data } from "react-router";

import { errorToast, successToast, type Toast } from "#app/lib/toast";

import type { JobQueue } from "./job-queue.server";

// What a scheduled source's page answers (sourcing's sources, earnings sources): a toast and the form's
// messages; and what its row buttons ask: run it now, pause or resume it, delete it. Each page says how its
// own source does these; the answers are the same.

export type SourcePageAnswer = { result: SubmissionResult<string[]> | null; toast: Toast };
export const sourcePageAnswer = (toast: Toast, result: SubmissionResult<string[]> | null = null, status = 200) =>
  data<SourcePageAnswer>({ result, toast }, { status });

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
) {
  switch (intent) {
    case "run":
      if (!(await ops.makeDue(id))) return sourcePageAnswer(errorToast("Resume the source to run it"));
      await jobs.runNow(ops.job);
      return sourcePageAnswer(successToast("The run has started: refresh to see its progress"));
    case "pause":
    case "resume":
      await ops.setEnabled(id, intent === "resume");
      if (intent === "resume") await jobs.runNow(ops.job);
      return sourcePageAnswer(successToast(intent === "resume" ? "Source resumed" : "Source paused"));
    case "delete": {
      const deleted = await ops.remove(id);
      return sourcePageAnswer(deleted.ok ? successToast(deleted.message) : errorToast(deleted.message));
    }
    default:
      return sourcePageAnswer(errorToast("Choose what to do"), null, 400);
  }
}
