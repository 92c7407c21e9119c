import { Download, Upload } from "lucide-react";
import { Dialog } from "radix-ui";
import { useCallback, useState } from "react";
import { useRevalidator } from "react-router";

import { Button } from "#app/components/ui/button";
import { Label } from "#app/components/ui/label";
import { formatCount } from "#app/lib/counts";
import { IMPORT_TOO_LARGE, type ImportAction, type ImportReport, REPORTED_LINES } from "#app/lib/csv-import-report";

const actionWords: Record<ImportAction, string> = {
  create: "create",
  update: "update",
  unchanged: "unchanged",
  refuse: "refused",
};

type Stage =
  | { name: "choose" }
  | { name: "working"; dryRun: boolean; done: number; progress: number }
  | { name: "checked" | "imported"; report: ImportReport }
  | { name: "failed"; message: string };

/**
 * Posts the file to the import and follows its stream of progress lines to the report. The file goes as the
 * bytes it holds (the server says when they are not UTF-8), gzipped: CSV packs to about a fifth.
 */
async function runImport(
  path: string,
  query: URLSearchParams,
  file: File,
  dryRun: boolean,
  onProgress: (done: number, progress: number) => void,
): Promise<ImportReport> {
  const gzipped = await new Response(file.stream().pipeThrough(new CompressionStream("gzip"))).blob();
  const search = new URLSearchParams(query);
  if (dryRun) search.set("dryRun", "1");
  const response = await fetch(`${path}${search.size > 0 ? `?${search}` : ""}`, {
    method: "POST",
    headers: { "Content-Type": "text/csv", "Content-Encoding": "gzip" },
    body: gzipped,
  });
  if (response.status === 413) throw new Error(IMPORT_TOO_LARGE);
  if (!response.ok || !response.body) throw new Error((await response.text()) || "The import did not start.");
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffered += value;
    const lines = buffered.split("\n");
    buffered = lines.pop() ?? "";
    for (const line of lines.filter(Boolean)) {
      const message = JSON.parse(line) as { done?: number; progress?: number; report?: ImportReport; error?: string };
      if (message.error) throw new Error(message.error);
      if (message.report) return message.report;
      onProgress(message.done ?? 0, message.progress ?? 0);
    }
  }
  throw new Error("The import stopped before it finished.");
}

type Shown = ImportAction | "all";
const filterWords: Record<Shown, string> = {
  refuse: "Problems",
  create: "New",
  update: "Changes",
  unchanged: "Unchanged",
  all: "All",
};
/** Problems first, then what would change. */
const order: Record<ImportAction, number> = { refuse: 0, update: 1, create: 2, unchanged: 3 };

/** A button that saves `text` as a CSV file (made when clicked: a refused-lines file can be large). */
function SaveAs({ text, name, children }: { text: string; name: string; children: React.ReactNode }) {
  return (
    <button
      type="button"
      onClick={() => {
        const url = URL.createObjectURL(new Blob([text], { type: "text/csv;charset=utf-8" }));
        const link = Object.assign(document.createElement("a"), { href: url, download: name });
        link.click();
        setTimeout(() => URL.revokeObjectURL(url), 0);
      }}
      className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
    >
      <Download className="h-4 w-4" aria-hidden /> {children}
    </button>
  );
}

function Summary({ report, dryRun }: { report: ImportReport; dryRun: boolean }) {
  const { counts } = report;
  const [shown, setShown] = useState<Shown>(counts.refuse > 0 ? "refuse" : "all");
  const lines = report.lines
    .filter((line) => shown === "all" || line.action === shown)
    .sort((a, b) => order[a.action] - order[b.action] || a.line - b.line);
  return (
    <div className="space-y-3" data-testid="import-report">
      <p className="font-medium" role="status">
        {dryRun
          ? `This file would create ${formatCount(counts.create)}, update ${formatCount(counts.update)}, leave ${formatCount(counts.unchanged)} unchanged, refuse ${formatCount(counts.refuse)}.`
          : `Done: created ${formatCount(counts.create)}, updated ${formatCount(counts.update)}, left ${formatCount(counts.unchanged)} unchanged, refused ${formatCount(counts.refuse)}.`}
      </p>
      {report.notes?.map((note) => (
        <p key={note} className="text-sm text-gray-700">
          {note}
        </p>
      ))}
      <div className="flex flex-wrap items-center gap-2" role="group" aria-label="Show lines">
        {(["refuse", "update", "create", "unchanged", "all"] as const).map((action) => (
          <button
            key={action}
            type="button"
            aria-pressed={shown === action}
            onClick={() => setShown(action)}
            disabled={action !== "all" && counts[action] === 0}
            className="rounded-full border border-gray-300 px-3 py-1 text-xs font-medium text-gray-700 disabled:opacity-40 aria-pressed:border-brand-600 aria-pressed:bg-brand-50 aria-pressed:text-brand-800"
          >
            {filterWords[action]}
            {action === "all" ? "" : ` (${formatCount(counts[action])})`}
          </button>
        ))}
      </div>
      {report.refusedCsv ? (
        <SaveAs text={report.refusedCsv} name="refused-lines.csv">
          Download the {formatCount(counts.refuse)} refused {counts.refuse === 1 ? "line" : "lines"} with their problems
        </SaveAs>
      ) : null}
      <div className="max-h-80 overflow-y-auto rounded-lg border border-gray-200">
        <table className="w-full table-fixed text-left text-sm">
          <thead className="sticky top-0 bg-gray-50 text-xs uppercase text-gray-600">
            <tr>
              <th className="w-14 px-3 py-2">Line</th>
              <th className="w-24 px-3 py-2">Result</th>
              <th className="px-3 py-2">Title and what happens</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100">
            {lines.map((line) => (
              <tr
                key={line.line}
                data-testid={`import-line-${line.action}`}
                className={line.action === "refuse" ? "bg-red-50 align-top" : "align-top"}
              >
                <td className="px-3 py-1.5">{line.line}</td>
                <td className="px-3 py-1.5">{actionWords[line.action]}</td>
                <td className="px-3 py-1.5 break-words">
                  <span className="font-medium">{line.title}</span>
                  {line.reason ? <span className="block text-red-700">{line.reason}</span> : null}
                  {line.changes?.map((change) => (
                    <span key={change.column} className="block text-gray-700">
                      {change.column}: <s className="text-gray-500">{change.before || "(empty)"}</s> →{" "}
                      {change.after || "(empty)"}
                    </span>
                  ))}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {report.lines.length < report.total ? (
        <p className="text-xs text-gray-500">Showing the first {formatCount(REPORTED_LINES)} lines of each kind.</p>
      ) : null}
    </div>
  );
}

const NO_OPTIONS = new URLSearchParams();

/**
 * "Import CSV": check a file first (nothing is written, every line's outcome is shown), then import it
 * with a progress bar. Lines with problems are skipped; the rest go in. An import that needs more than the
 * file (an earnings report's column mapping) gives `options`: its inputs for the chosen file, which say the
 * query to send with it, or null while it is not complete.
 */
export function CsvImportDialog({
  path,
  noun,
  trigger = "Import CSV",
  about = "Use the columns of the export (their names or the template's). A line with an ID (or an existing slug) updates that row; others are created.",
  options,
}: {
  path: string;
  noun: string;
  trigger?: string;
  about?: string;
  options?: (file: File, onQuery: (query: URLSearchParams | null) => void) => React.ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [query, setQuery] = useState<URLSearchParams | null>(options ? null : NO_OPTIONS);
  const [stage, setStage] = useState<Stage>({ name: "choose" });
  const revalidator = useRevalidator();
  const onQuery = useCallback((next: URLSearchParams | null) => {
    setQuery(next);
    setStage({ name: "choose" });
  }, []);

  async function run(dryRun: boolean) {
    if (!file || !query) return;
    setStage({ name: "working", dryRun, done: 0, progress: 0 });
    try {
      const report = await runImport(path, query, file, dryRun, (done, progress) =>
        setStage({ name: "working", dryRun, done, progress }),
      );
      setStage({ name: dryRun ? "checked" : "imported", report });
      if (!dryRun) void revalidator.revalidate();
    } catch (error) {
      setStage({ name: "failed", message: (error as Error).message });
    }
  }

  const changes = stage.name === "checked" ? stage.report.counts.create + stage.report.counts.update : 0;
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) {
          setFile(null);
          setQuery(options ? null : NO_OPTIONS);
          setStage({ name: "choose" });
        }
      }}
    >
      <Dialog.Trigger asChild>
        <Button variant="outline">
          <Upload className="h-4 w-4" aria-hidden /> {trigger}
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 max-h-[90vh] w-[94vw] max-w-2xl -translate-x-1/2 -translate-y-1/2 space-y-4 overflow-y-auto rounded-xl bg-white p-6 shadow-xl">
          <Dialog.Title className="text-lg font-semibold">Import {noun} from CSV</Dialog.Title>
          <Dialog.Description className="text-sm text-gray-600">
            {about} Check the file first: nothing is written until you import.
          </Dialog.Description>
          <a
            href={`${path}?template=1`}
            download
            className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
          >
            <Download className="h-4 w-4" aria-hidden /> Download a template (the columns, no rows)
          </a>
          <div className="space-y-1.5">
            <Label htmlFor="csv-file">CSV file</Label>
            <input
              id="csv-file"
              type="file"
              accept=".csv,text/csv"
              onChange={(event) => {
                setFile(event.target.files?.[0] ?? null);
                setQuery(options ? null : NO_OPTIONS);
                setStage({ name: "choose" });
              }}
              className="block w-full text-sm"
            />
          </div>
          {file && options ? options(file, onQuery) : null}
          {stage.name === "working" ? (
            <div className="space-y-1" role="status">
              <progress
                className="w-full"
                value={stage.progress}
                max={1}
                aria-label={stage.dryRun ? "Checking" : "Importing"}
              />
              <p className="text-sm text-gray-600">
                {stage.dryRun ? "Checking" : "Importing"}…{" "}
                {stage.done ? `${formatCount(stage.done)} lines, ${Math.floor(stage.progress * 100)} %` : ""}
              </p>
            </div>
          ) : null}
          {stage.name === "checked" || stage.name === "imported" ? (
            <Summary report={stage.report} dryRun={stage.name === "checked"} />
          ) : null}
          {stage.name === "failed" ? (
            <p className="text-sm text-red-700" role="alert">
              {stage.message}
            </p>
          ) : null}
          <div className="flex justify-end gap-2">
            <Dialog.Close asChild>
              <Button variant="outline">{stage.name === "imported" ? "Close" : "Cancel"}</Button>
            </Dialog.Close>
            {stage.name === "checked" ? (
              <Button onClick={() => void run(false)} disabled={changes === 0}>
                Import {formatCount(changes)} {changes === 1 ? "line" : "lines"}
              </Button>
            ) : stage.name !== "imported" ? (
              <Button onClick={() => void run(true)} disabled={!file || !query || stage.name === "working"}>
                Check file
              </Button>
            ) : null}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
