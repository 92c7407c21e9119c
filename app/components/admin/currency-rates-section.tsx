import { Form } from "react-router";

import { Button } from "#app/components/ui/button";
import { Input } from "#app/components/ui/input";
import { formatCount } from "#app/lib/counts";

import { AdminTable } from "./admin-table";
import { CsvImportDialog } from "./csv-import-dialog";

// Earnings → Currency rates: how transactions in other currencies become the site's (docs/earnings.md). A
// fixed rate per currency, or a file of dated rates; each currency says how many transactions wait for one.

interface CurrencyRatesRow {
  currency: string;
  fixed: number | null;
  dated: { count: number; from: string | null; to: string | null };
  waiting: number;
}

/** One currency's fixed-rate form: "1 EUR = [1.08] USD". */
function FixedRateForm({
  currency,
  site,
  rate,
  busy,
}: {
  currency?: string;
  site: string;
  rate?: number | null;
  busy: boolean;
}) {
  return (
    <Form method="post" className="flex flex-wrap items-center gap-2">
      <input type="hidden" name="intent" value="rate" />
      {currency ? (
        <input type="hidden" name="currency" value={currency} />
      ) : (
        <Input name="currency" aria-label="Currency" placeholder="EUR" maxLength={3} className="w-20" required />
      )}
      <span className="text-sm text-gray-700">{currency ? `1 ${currency} =` : "1 unit ="}</span>
      <Input
        name="rate"
        inputMode="decimal"
        aria-label={currency ? `Fixed rate of ${currency} in ${site}` : `Fixed rate in ${site}`}
        defaultValue={rate ?? ""}
        className="w-28"
      />
      <span className="text-sm text-gray-700">{site}</span>
      <Button type="submit" variant="outline" size="sm" disabled={busy}>
        Save
      </Button>
    </Form>
  );
}

export function CurrencyRatesSection({
  rates,
  currency,
  busy,
}: {
  rates: CurrencyRatesRow[];
  currency: string;
  busy: boolean;
}) {
  return (
    <section className="space-y-4 rounded-xl border border-gray-200 bg-white p-6" aria-labelledby="currency-rates">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h2 id="currency-rates" className="text-lg font-semibold">
            Currency rates
          </h2>
          <p className="text-sm text-gray-600">
            Transactions in other currencies count in {currency}, at the rate of their day: a fixed rate, or a file of
            dated rates (each serves from its day until the next). An empty rate removes a fixed one.
          </p>
        </div>
        <CsvImportDialog
          path="/admin/earnings/rates"
          noun="currency rates"
          trigger="Upload rates"
          about={`A file with the columns Date (year-month-day), Currency and Rate: what 1 unit of the currency is worth in ${currency} from that day on.`}
        />
      </div>
      {rates.length > 0 ? (
        <AdminTable
          headings={[
            { label: "Currency" },
            { label: "Fixed rate" },
            { label: "Dated rates" },
            { label: "Waiting for a rate" },
          ]}
        >
          {rates.map((row) => (
            <tr key={row.currency} className="border-t border-gray-100 align-top" data-testid="currency-rate-row">
              <td className="px-4 py-3 font-medium text-gray-900">{row.currency}</td>
              <td className="px-4 py-3" data-label="Fixed rate">
                <FixedRateForm currency={row.currency} site={currency} rate={row.fixed} busy={busy} />
              </td>
              <td className="px-4 py-3 text-gray-700" data-label="Dated rates">
                {row.dated.count > 0 ? `${formatCount(row.dated.count)}, ${row.dated.from} to ${row.dated.to}` : "None"}
              </td>
              <td className="px-4 py-3 text-gray-700" data-label="Waiting for a rate">
                {row.waiting > 0 ? `${formatCount(row.waiting)} transactions` : "None"}
              </td>
            </tr>
          ))}
        </AdminTable>
      ) : null}
      <div className="space-y-1">
        <p className="text-sm font-medium text-gray-900">Add a fixed rate</p>
        <FixedRateForm site={currency} busy={busy} />
      </div>
    </section>
  );
}
