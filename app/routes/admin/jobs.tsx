import { Form, useNavigation } from "react-router";

import { AdminPageHeader } from "#app/components/admin/admin-page-header";
import { AdminTable } from "#app/components/admin/admin-table";
import { BACKUP_INTENTS, BackupsSection, type BackupsView } from "#app/components/admin/backups-section";
import { RowSubmitButton } from "#app/components/admin/row-actions";
import { formatDateTime } from "#app/lib/dates";
import { readFormData } from "#app/lib/form-data";
import { timeAgo } from "#app/lib/relative-time";
import { errorToast, infoToast, successToast } from "#app/lib/toast";
import { defaultBackupFolder } from "#app/modules/backups/backup.server";
import {
  BACKUP_JOB,
  backupCron,
  backupFolderOf,
  backupSettingsSchema,
  lastBackupRun,
  listBackups,
  readBackupSettings,
  saveBackupSettings,
} from "#app/modules/backups/backup-schedule.server";
import { type JobStatus, jobStatuses } from "#app/modules/jobs/job-status.server";
import { requireAdmin } from "#app/modules/users/require-admin.server";

import type { Route } from "./+types/jobs";
import { toastAnswer } from "./content/list.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request);
  const now = new Date();
  const [jobs, backups] = await Promise.all([
    jobStatuses(context.db, context.jobs.jobs, now),
    context.jobs.jobs.some((job) => job.name === BACKUP_JOB) ? backupsView(context) : null,
  ]);
  return { now, jobs, backups };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const form = await readFormData(request);
  if (form.get("intent") === BACKUP_INTENTS.now) {
    const queued = await context.jobs.runNow(BACKUP_JOB, { manual: true });
    return toastAnswer(queued ? successToast("Backup started") : infoToast("A backup is already waiting to run"));
  }
  if (form.get("intent") === BACKUP_INTENTS.settings) {
    const parsed = backupSettingsSchema.safeParse(Object.fromEntries(form));
    if (!parsed.success) return toastAnswer(errorToast(parsed.error.issues[0]!.message));
    await saveBackupSettings(context.db, parsed.data, admin.user);
    await context.jobs.reschedule(BACKUP_JOB, backupCron(parsed.data));
    return toastAnswer(successToast(`Backups: daily at ${parsed.data.time} UTC, the newest ${parsed.data.keep} kept`));
  }
  const name = String(form.get("job") ?? "");
  const job = context.jobs.jobs.find((candidate) => candidate.name === name);
  if (!job) return toastAnswer(errorToast("There is no such job"));
  const queued = await context.jobs.runNow(job.name);
  return toastAnswer(
    queued ? successToast(`${job.title}: started`) : infoToast(`${job.title} is already waiting to run`),
  );
}

/** How many of the folder's backups the section lists, newest first. */
const BACKUPS_LISTED = 10;

/** The backups section's data: the schedule, the folder's newest backups and the last run. */
async function backupsView(context: Route.LoaderArgs["context"]): Promise<BackupsView> {
  const [settings, last] = await Promise.all([readBackupSettings(context.db), lastBackupRun(context.db)]);
  const folder = backupFolderOf(settings, defaultBackupFolder(context.env));
  return {
    settings,
    folder,
    files: listBackups(folder, BACKUPS_LISTED).map((file) => ({ ...file, madeAt: file.madeAt.toISOString() })),
    last: last && { startedAt: last.startedAt.toISOString(), error: last.error, file: last.file },
  };
}

/** A run's outcome in a few words: what it returned ("checked: 12"), or why it did nothing. */
function summaryOf(summary: Record<string, unknown>): string {
  return Object.entries(summary)
    .map(([key, value]) => (key === "skipped" ? `skipped (${String(value)})` : `${key}: ${String(value)}`))
    .join(", ");
}

function LastRun({ job, now }: { job: JobStatus; now: Date }) {
  if (job.runningSince)
    return <span className="font-medium text-brand-700">Running since {timeAgo(job.runningSince, now)}</span>;
  if (!job.lastRun) return <span className="text-gray-500">Not run yet</span>;
  const { ok, endedAt, ms, retries, summary } = job.lastRun;
  return (
    <span>
      <span className={ok ? "text-green-700" : "font-medium text-red-700"}>{ok ? "Done" : "Failed"}</span>{" "}
      <time dateTime={endedAt.toISOString()} title={formatDateTime(endedAt)}>
        {timeAgo(endedAt, now)}
      </time>
      <span className="block text-xs text-gray-500">
        {(ms / 1000).toFixed(1)} s{retries > 0 ? `, after ${retries} ${retries === 1 ? "retry" : "retries"}` : ""}
        {Object.keys(summary).length > 0 ? ` · ${summaryOf(summary)}` : ""}
      </span>
    </span>
  );
}

export default function BackgroundJobs({ loaderData: { now, jobs, backups } }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" ? navigation.formData?.get("job") : undefined;
  return (
    <div>
      <AdminPageHeader
        title="Background jobs"
        description="Work the site does on a schedule, shared by every server process: a failed run is retried three times, waiting longer each time. Schedules are in UTC, as each says; the times of runs are in the site's time zone."
      />
      <AdminTable
        headings={[
          { label: "Job" },
          { label: "Schedule" },
          { label: "Last run" },
          { label: "Next run" },
          { label: "Failures (7 days)" },
          { label: "Actions", hidden: true },
        ]}
      >
        {jobs.map((job) => (
          <tr key={job.name} className="border-t border-gray-100 align-top" data-testid="job-row">
            <th scope="row" className="px-4 py-3 text-left font-medium text-gray-900">
              {job.title}
            </th>
            <td className="px-4 py-3 text-gray-700" data-label="Schedule">
              {job.schedule}
            </td>
            <td className="px-4 py-3" data-label="Last run">
              <LastRun job={job} now={now} />
            </td>
            <td className="px-4 py-3 text-gray-700" data-label="Next run">
              <time dateTime={job.nextRun.toISOString()}>{formatDateTime(job.nextRun)}</time>
            </td>
            <td className="px-4 py-3" data-label="Failures">
              {job.failures === 0 ? (
                <span className="text-gray-500">None</span>
              ) : (
                <span className="text-red-700">
                  {job.failures}
                  {job.lastFailure ? (
                    <span className="block text-xs">
                      Last {timeAgo(job.lastFailure.at, now)}: {job.lastFailure.message}
                    </span>
                  ) : null}
                </span>
              )}
            </td>
            <td className="px-4 py-3 text-right">
              <Form method="post">
                <RowSubmitButton name="job" value={job.name} disabled={busy === job.name}>
                  {/* Named by its words first, then the job's (a name that starts with what it shows). */}
                  Run now<span className="sr-only"> for {job.title}</span>
                </RowSubmitButton>
              </Form>
            </td>
          </tr>
        ))}
      </AdminTable>
      {backups ? <BackupsSection view={backups} /> : null}
    </div>
  );
}
