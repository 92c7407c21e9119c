import { useEffect, useState } from "react";

import { Input } from "#app/components/ui/input";
import { Label } from "#app/components/ui/label";
import {
  type DateOrder,
  dateOrders,
  type EarningsCsvField,
  earningsCsvFields,
  earningsCsvOptionsSchema,
  earningsCsvQuery,
} from "#app/lib/earnings-csv";

// The column mapping of an uploaded earnings report: which of the file's columns holds each part of a
// transaction, guessed by the server from the file's first lines and shown with a value of each, the
// network's name, and what lines without a status or currency column mean.

interface Inspected {
  headers: string[];
  sample: string[][];
  columns: Partial<Record<EarningsCsvField, string>>;
  dates: DateOrder;
}

/** The first 64 KB say a file's columns and first lines, however large it is. */
const INSPECTED_BYTES = 64 * 1024;

/** Amazon's earnings report, which the server reads by its own columns: no mapping to choose. */
type AmazonReport = { format: "amazon" };

async function inspect(file: File): Promise<Inspected | AmazonReport> {
  const response = await fetch("/admin/earnings/csv?inspect=1", {
    method: "POST",
    headers: { "Content-Type": "text/csv" },
    body: file.size > INSPECTED_BYTES ? file.slice(0, INSPECTED_BYTES) : file,
  });
  const answer = (await response.json().catch(() => ({}))) as (Inspected | AmazonReport) & { error?: string };
  if (!response.ok) throw new Error(answer.error ?? "The file could not be read.");
  return answer;
}

const statuses = ["pending", "approved", "declined", "paid"] as const;
const selectClass = "h-9 w-full rounded-md border border-gray-300 bg-white px-2 text-sm";

/** A labelled select of a few choices, each [value, words]. */
function ChoiceField({
  id,
  label,
  value,
  choices,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  choices: Array<[string, string]>;
  onChange: (value: string) => void;
}) {
  return (
    <div className="space-y-1">
      <Label htmlFor={id}>{label}</Label>
      <select id={id} className={selectClass} value={value} onChange={(event) => onChange(event.target.value)}>
        {choices.map(([choice, words]) => (
          <option key={choice} value={choice}>
            {words}
          </option>
        ))}
      </select>
    </div>
  );
}

export function EarningsReportMapping({
  file,
  networks,
  currency,
  onQuery,
}: {
  file: File;
  /** The networks transactions were imported under already: a report imported again keeps its name. */
  networks: string[];
  /** The site's currency: a report's without a currency column, unless the owner says otherwise. */
  currency: string;
  onQuery: (query: URLSearchParams | null) => void;
}) {
  const [inspected, setInspected] = useState<Inspected | AmazonReport | { error: string } | null>(null);
  const [network, setNetwork] = useState("");
  const [columns, setColumns] = useState<Partial<Record<EarningsCsvField, string>>>({});
  const [status, setStatus] = useState<(typeof statuses)[number]>("approved");
  const [fixedCurrency, setFixedCurrency] = useState(currency);
  const [dates, setDates] = useState<DateOrder>("mdy");

  useEffect(() => {
    let current = true;
    inspect(file).then(
      (found) => {
        if (!current) return;
        setInspected(found);
        if ("format" in found) return;
        setColumns(found.columns);
        setDates(found.dates);
      },
      (error: Error) => current && setInspected({ error: error.message }),
    );
    return () => {
      current = false;
    };
  }, [file]);

  const options = {
    network,
    columns,
    status,
    currency: columns.currency ? undefined : fixedCurrency.trim().toUpperCase(),
    dates,
  };
  const amazon = inspected !== null && "format" in inspected;
  const complete = earningsCsvOptionsSchema.safeParse(options).success;
  const query = amazon ? "format=amazon" : complete ? earningsCsvQuery(options).toString() : null;
  // The dialog hears the query when it changes, not on each render.
  useEffect(() => onQuery(query === null ? null : new URLSearchParams(query)), [query, onQuery]);

  if (!inspected) return <p className="text-sm text-gray-600">Reading the file's columns…</p>;
  if ("error" in inspected)
    return (
      <p className="text-sm text-red-700" role="alert">
        {inspected.error}
      </p>
    );
  if ("format" in inspected)
    return (
      <p className="rounded-lg border border-gray-200 p-4 text-sm text-gray-700" role="status">
        This is Amazon&apos;s earnings report: no columns to choose. Each line is counted once under the network
        &quot;amazon&quot;, as the scheduled Amazon source counts it, and goes to the deal or gift idea with its ASIN
        and to the placement whose tracking ID it names (Settings → Amazon). Amounts are in your Amazon
        marketplace&apos;s currency.
      </p>
    );
  const example = (header: string | undefined) => {
    const index = header ? inspected.headers.indexOf(header) : -1;
    return index < 0 ? "" : (inspected.sample[0]?.[index] ?? "");
  };
  return (
    <fieldset className="space-y-3 rounded-lg border border-gray-200 p-4">
      <legend className="px-1 text-sm font-medium">The report's columns</legend>
      <div className="space-y-1.5">
        <Label htmlFor="report-network">Network</Label>
        <Input
          id="report-network"
          list="report-networks"
          value={network}
          onChange={(event) => setNetwork(event.target.value)}
          placeholder="rakuten"
          aria-describedby="report-network-hint"
        />
        <datalist id="report-networks">
          {networks.map((name) => (
            <option key={name} value={name} />
          ))}
        </datalist>
        <p id="report-network-hint" className="text-xs text-gray-600">
          A transaction is counted once per network and ID: use the same name for each report of a network.
        </p>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        {earningsCsvFields.map(({ key, label, required }) => (
          <div key={key} className="space-y-1">
            <Label htmlFor={`report-column-${key}`}>
              {label}
              {required ? " (required)" : ""}
            </Label>
            <select
              id={`report-column-${key}`}
              className={selectClass}
              value={columns[key] ?? ""}
              onChange={(event) => setColumns({ ...columns, [key]: event.target.value || undefined })}
            >
              <option value="">{required ? "Choose a column" : "None"}</option>
              {inspected.headers.map((header) => (
                <option key={header} value={header}>
                  {header}
                </option>
              ))}
            </select>
            {example(columns[key]) ? (
              <p className="truncate text-xs text-gray-600">e.g. {example(columns[key])}</p>
            ) : null}
          </div>
        ))}
      </div>
      <div className="grid gap-3 sm:grid-cols-3">
        {columns.status ? null : (
          <ChoiceField
            id="report-status"
            label="Status of every line"
            value={status}
            choices={statuses.map((name) => [name, name])}
            onChange={(value) => setStatus(value as typeof status)}
          />
        )}
        {columns.currency ? null : (
          <div className="space-y-1">
            <Label htmlFor="report-currency">Currency of every line</Label>
            <Input
              id="report-currency"
              value={fixedCurrency}
              maxLength={3}
              onChange={(event) => setFixedCurrency(event.target.value)}
            />
          </div>
        )}
        <ChoiceField
          id="report-dates"
          label="Dates like 03/04/2026 are"
          value={dates}
          choices={Object.entries(dateOrders)}
          onChange={(value) => setDates(value as DateOrder)}
        />
      </div>
      {complete ? null : (
        <p className="text-xs text-gray-600">
          Name the network and choose the columns of the transaction ID, commission and transaction date.
        </p>
      )}
    </fieldset>
  );
}
