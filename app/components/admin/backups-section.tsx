import { Form, useNavigation } from "react-router";

import { fileSizeLabel } from "#app/lib/counts";
import { formatDateTime } from "#app/lib/dates";

import { Button } from "../ui/button";
import { Input } from "../ui/input";

/** The intents of the backups section (routes/admin/jobs.tsx). */
export const BACKUP_INTENTS = { settings: "backup-settings", now: "backup-now" } as const;

/** What the section shows (dates as text). */
export interface BackupsView {
  settings: { time: string; keep: number; folder: string | null };
  /** Where backups go now: the owner's folder, or DATA_DIR/backups. */
  folder: string;
  files: Array<{ name: string; bytes: number; madeAt: string }>;
  last: { startedAt: string; error: string | null; file: string | null } | null;
}

/**
 * Backups of the embedded database: the daily schedule (time, how many kept, where), the backups in the
 * folder with their download links, the last run's failure if it failed, and "Back up now".
 */
export function BackupsSection({ view }: { view: BackupsView }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && String(navigation.formData?.get("intent") ?? "").startsWith("backup");
  const [newest] = view.files;
  return (
    <section
      id="backups"
      aria-labelledby="backups-heading"
      className="mt-8 space-y-4 rounded-xl border border-gray-200 bg-white p-5"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h3 id="backups-heading" className="text-lg font-semibold text-gray-900">
            Backups
          </h3>
          <p className="mt-1 text-sm text-gray-600">
            The whole database in one file, made while the site runs. Restore one with{" "}
            <code className="font-mono text-xs">npm run restore -- &lt;file&gt;</code>; its secrets need this
            site&apos;s app secret.
          </p>
        </div>
        <Form method="post">
          <input type="hidden" name="intent" value={BACKUP_INTENTS.now} />
          <Button type="submit" variant="outline" disabled={busy}>
            Back up now
          </Button>
        </Form>
      </div>
      {view.last?.error ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          The backup of {formatDateTime(view.last.startedAt)} failed: {view.last.error}
        </p>
      ) : null}
      <p className="text-sm text-gray-800" data-testid="last-backup">
        {newest ? (
          <>
            Last backup: {formatDateTime(newest.madeAt)}, {fileSizeLabel(newest.bytes)}.{" "}
            <a
              href={`/admin/jobs/backups/${newest.name}`}
              className="font-medium text-brand-700 hover:underline"
              download
            >
              Download it
            </a>
          </>
        ) : (
          "No backup yet."
        )}
      </p>
      {view.files.length > 1 ? (
        <ul className="space-y-1 text-sm" aria-label="Earlier backups">
          {view.files.slice(1).map((file) => (
            <li key={file.name}>
              <a href={`/admin/jobs/backups/${file.name}`} className="text-brand-700 hover:underline" download>
                {formatDateTime(file.madeAt)}
              </a>{" "}
              <span className="text-gray-600">{fileSizeLabel(file.bytes)}</span>
            </li>
          ))}
        </ul>
      ) : null}
      <Form method="post" className="flex flex-wrap items-end gap-3 border-t border-gray-100 pt-4">
        <input type="hidden" name="intent" value={BACKUP_INTENTS.settings} />
        <label className="flex w-32 flex-col gap-1.5 text-sm">
          <span className="font-medium text-gray-900">Daily at (UTC)</span>
          <Input name="time" type="time" defaultValue={view.settings.time} required />
        </label>
        <label className="flex w-32 flex-col gap-1.5 text-sm">
          <span className="font-medium text-gray-900">Backups kept</span>
          <Input name="keep" type="number" min={1} max={365} defaultValue={view.settings.keep} required />
        </label>
        <label className="flex min-w-64 flex-1 flex-col gap-1.5 text-sm">
          <span className="font-medium text-gray-900">Folder</span>
          <Input name="folder" defaultValue={view.settings.folder ?? ""} placeholder={view.folder} />
        </label>
        <Button type="submit" variant="outline" disabled={busy}>
          Save schedule
        </Button>
      </Form>
    </section>
  );
}
