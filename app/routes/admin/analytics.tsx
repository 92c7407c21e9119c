import { Download } from "lucide-react";
import { type FormEvent, type ReactNode, useRef } from "react";
import { Form, Link, type NavigateFunction, useNavigate } from "react-router";

import { AdminPageHeader } from "#app/components/admin/admin-page-header";
import { ComboboxFilter } from "#app/components/admin/combobox-filter";
import { type ChartFigure, type ChartPoint, DayChart } from "#app/components/admin/day-chart";
import { figuresByPeriod } from "#app/components/admin/figures-by-period";
import { earningsPerClick, formatCents, percentOf, ReportTable } from "#app/components/admin/report-table";
import { Button } from "#app/components/ui/button";
import { Field } from "#app/components/ui/field";
import { Input } from "#app/components/ui/input";
import { Select } from "#app/components/ui/select";
import { formatCount } from "#app/lib/counts";
import { formatDate, formatDateTime, startOfDay } from "#app/lib/dates";
import {
  analyticsSearch,
  EARNING_LIST_DAYS,
  EPC_MIN_CLICKS,
  PRESET_RANGES,
} from "#app/modules/analytics/analytics-view";
import { TABLE_TITLES } from "#app/modules/analytics/click-report-csv.server";
import { reportForRequest } from "#app/modules/analytics/click-report-request.server";
import type { TableKey } from "#app/modules/analytics/click-tables.server";
import { clickOutTypes } from "#app/modules/catalogue/click-out.server";
import { titleCase } from "#app/modules/content-types/words";
import { requireAdmin } from "#app/modules/users/require-admin.server";
import { atLeast } from "#app/modules/users/roles";

import type { Route } from "./+types/analytics";

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  const { view, report, storeName } = await reportForRequest(request, context.db, context.jobs, {
    revenue: atLeast(admin.user.role, "owner"),
  });
  const kinds = clickOutTypes.map((type) => ({ value: type.key, label: titleCase(type.noun.many) }));
  return { view, report, storeName, kinds, titles: TABLE_TITLES };
}

const longDay = (day: string) => formatDate(startOfDay(day));

function change(current: number, previous: number, noun: "clicks" | "earnings"): string {
  if (previous === 0) return current === 0 ? "No change" : `New ${noun}`;
  const percent = Math.round(((current - previous) / previous) * 100);
  return `${percent > 0 ? "+" : ""}${percent}% on the previous period`;
}

const TABLE_ORDER: TableKey[] = ["items", "stores", "categories", "placements", "referrers", "devices", "reveals"];

const CLICKS: ChartFigure = {
  name: "clicks",
  axis: formatCount,
  point: (clicks) => `${formatCount(clicks)} clicks`,
};
const EARNINGS: ChartFigure = { name: "earnings", axis: formatCents, point: formatCents };

/** Earnings, sales and EPC of the view: revenue, shown to owners only. */
function RevenueFigures({ totals }: { totals: Route.ComponentProps["loaderData"]["report"]["totals"] }) {
  return (
    <>
      <Figure title="Earnings" value={formatCents(totals.cents)} testId="total-earnings">
        {change(totals.cents, totals.previousCents, "earnings")}
        {totals.unattributed.sales > 0
          ? ` · ${formatCents(totals.unattributed.cents)} of it unattributed (${formatCount(totals.unattributed.sales)} ${totals.unattributed.sales === 1 ? "sale" : "sales"} naming no item of ours)`
          : ""}
      </Figure>
      <Figure title="Sales" value={formatCount(totals.sales)} testId="total-sales">
        {/* Sales naming no click cannot be set against clicks. */}
        Conversion rate {percentOf(totals.sales - totals.unattributed.sales, totals.clicks)} of clicks out
      </Figure>
      <Figure title="Earnings per click (EPC)" value={earningsPerClick(totals.cents, totals.clicks)} testId="total-epc">
        Declined sales are not counted; pending ones are, until declined.
      </Figure>
    </>
  );
}

export default function Analytics({ loaderData: { view, report, storeName, kinds, titles } }: Route.ComponentProps) {
  const form = useRef<HTMLFormElement>(null);
  const navigate = useNavigate();
  const submit = () => form.current?.requestSubmit();
  const search = analyticsSearch(view);
  const rangeLabel = `${longDay(view.from)} – ${longDay(view.to)}`;
  const figureRows = figuresByPeriod(report.series);
  return (
    <div className="space-y-6">
      <AdminPageHeader
        title="Analytics"
        description={`Clicks out to retailers, coupon codes shown${report.revenue ? " and what they earned" : ""}, ${rangeLabel}. Bots are not counted.`}
        actions={
          <>
            {report.revenue ? (
              <Button asChild variant="outline">
                <Link to="/admin/earnings">Earnings sources</Link>
              </Button>
            ) : null}
            <Button asChild variant="outline">
              <a href={`/admin/analytics/csv${search ? `?${search}` : ""}`} download>
                <Download className="h-4 w-4" aria-hidden /> Export CSV
              </a>
            </Button>
          </>
        }
      />
      <Form
        ref={form}
        method="get"
        onSubmit={(event) => onSubmit(event, view, navigate)}
        className="flex flex-wrap items-end gap-3 rounded-xl border border-gray-200 bg-white p-4"
        aria-label="Analytics view"
      >
        <Field id="range" label="Range" className="w-40">
          <Select
            id="range"
            name="range"
            defaultValue={view.preset === null ? "custom" : String(view.preset)}
            key={`range-${search}`}
            onChange={(event) => event.currentTarget.value !== "custom" && submit()}
            options={[
              ...PRESET_RANGES.map((days) => ({ value: String(days), label: `Last ${days} days` })),
              { value: "custom", label: "Custom" },
            ]}
          />
        </Field>
        <DateField name="from" label="From" value={view.from} error={view.errors.from} resetKey={search} />
        <DateField name="to" label="To" value={view.to} error={view.errors.to} resetKey={search} />
        <Field id="kind" label="Type" className="w-40">
          <Select
            id="kind"
            name="kind"
            defaultValue={view.kind ?? ""}
            key={`kind-${search}`}
            onChange={submit}
            options={kinds}
            placeholder="All types"
          />
        </Field>
        <div className="flex flex-col gap-1.5">
          <span className="text-sm font-medium text-gray-900">Store</span>
          <ComboboxFilter
            key={`store-${view.store ?? ""}`}
            param="store"
            label="Store"
            optionsKey="store"
            id={view.store ?? undefined}
            selectedLabel={storeName}
            onChange={submit}
          />
        </div>
        <Button type="submit">Apply</Button>
        {search ? (
          <Link to="." className="pb-2 text-sm font-medium text-brand-700 hover:underline">
            Reset
          </Link>
        ) : null}
      </Form>

      <p className="text-sm text-gray-600" data-testid="counted-until">
        {report.countedUntil
          ? `The tables are counted up to ${formatDateTime(report.countedUntil)} (every minute); the totals and the line by day include every click since.`
          : "Clicks are being counted for the first time: the figures appear within a minute."}
      </p>
      <ul className="grid gap-4 sm:grid-cols-3">
        <Figure title="Clicks out" value={formatCount(report.totals.clicks)} testId="total-clicks">
          {change(report.totals.clicks, report.totals.previous, "clicks")}
        </Figure>
        <Figure title="Previous period" value={formatCount(report.totals.previous)}>
          The {view.days} days before
        </Figure>
        <Figure title="Coupon codes shown" value={formatCount(report.totals.reveals)} testId="total-reveals" />
        {report.revenue ? <RevenueFigures totals={report.totals} /> : null}
      </ul>

      <section className="space-y-6 rounded-xl border border-gray-200 bg-white p-5" aria-label="By day">
        <DayChartWithLegend
          id="by-day"
          title="Clicks out by day"
          figure={CLICKS}
          points={report.series.map((point) => ({ day: point.day, value: point.clicks, previous: point.previous }))}
          label={`Clicks out by day, ${rangeLabel}: ${formatCount(report.totals.clicks)} in all, against ${formatCount(report.totals.previous)} in the previous period.`}
        />
        {report.revenue ? (
          <DayChartWithLegend
            id="earnings-by-day"
            title="Earnings by day"
            figure={EARNINGS}
            points={report.series.map((point) => ({
              day: point.day,
              value: point.cents,
              previous: point.previousCents,
            }))}
            label={`Earnings by day, ${rangeLabel}: ${formatCents(report.totals.cents)} in all, against ${formatCents(report.totals.previousCents)} in the previous period.`}
          />
        ) : null}
        <details>
          <summary className="cursor-pointer text-sm font-medium text-brand-700">Show the figures as a table</summary>
          <table className="mt-2 w-full max-w-2xl text-sm">
            <thead>
              <tr className="text-left text-gray-600">
                <th scope="col">{figureRows[0] && figureRows[0].from !== figureRows[0].to ? "Week" : "Day"}</th>
                <th scope="col" className="text-right">
                  Clicks
                </th>
                <th scope="col" className="hidden text-right sm:table-cell">
                  Previous period
                </th>
                {report.revenue ? (
                  <>
                    <th scope="col" className="text-right">
                      Earnings
                    </th>
                    <th scope="col" className="hidden text-right sm:table-cell">
                      Previous period
                    </th>
                  </>
                ) : null}
              </tr>
            </thead>
            <tbody>
              {figureRows.map((point) => (
                <tr key={point.from} className="border-t border-gray-100">
                  <td>
                    {point.from === point.to ? longDay(point.from) : `${longDay(point.from)} – ${longDay(point.to)}`}
                  </td>
                  <td className="text-right tabular-nums">{formatCount(point.clicks)}</td>
                  <td className="hidden text-right tabular-nums sm:table-cell">{formatCount(point.previous)}</td>
                  {report.revenue ? (
                    <>
                      <td className="text-right tabular-nums">{formatCents(point.cents)}</td>
                      <td className="hidden text-right tabular-nums sm:table-cell">
                        {formatCents(point.previousCents)}
                      </td>
                    </>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      </section>

      <div className="grid gap-6 2xl:grid-cols-2">
        {TABLE_ORDER.filter((key) => !(view.store && key === "stores")).map((key) => (
          <ReportTable
            key={key}
            id={key}
            title={titles[key]}
            rows={report.tables[key]}
            total={key === "reveals" ? report.totals.reveals : report.totals.clicks}
            withKind={key === "items" || key === "reveals"}
          />
        ))}
      </div>

      {!report.revenue ? null : report.earning.any ? (
        <div className="grid gap-6 2xl:grid-cols-2">
          <ReportTable
            id="most-per-click"
            title={`Earns most per click, last ${EARNING_LIST_DAYS} days`}
            rows={report.earning.mostPerClick}
            withKind
            emptyText={`No item with at least ${EPC_MIN_CLICKS} clicks earned in the last ${EARNING_LIST_DAYS} days.`}
          />
          <ReportTable
            id="never-earned"
            title={`Clicked, never earned in ${EARNING_LIST_DAYS} days`}
            rows={report.earning.neverEarned}
            withKind
            emptyText={`Every item clicked in the last ${EARNING_LIST_DAYS} days earned.`}
          />
        </div>
      ) : (
        <section className="rounded-xl border border-gray-200 bg-white p-5" aria-labelledby="no-earnings">
          <h3 id="no-earnings" className="font-semibold">
            Earnings
          </h3>
          <p className="mt-1 text-sm text-gray-600">
            No earnings imported yet. Add a network account on{" "}
            <Link to="/admin/earnings" className="font-medium text-brand-700 hover:underline">
              Earnings sources
            </Link>{" "}
            or upload a network&apos;s report, and each item, store and placement shows what it earned.
          </p>
        </section>
      )}

      <section className="rounded-xl border border-gray-200 bg-white p-5" aria-labelledby="unclicked">
        <h3 id="unclicked" className="font-semibold">
          Published, 0 clicks in 30 days
        </h3>
        <p className="mt-1 text-sm text-gray-600">
          {report.unclicked.counts
            .map((count) => `${count.noun}: ${count.count > 1000 ? "1,000+" : formatCount(count.count)}`)
            .join(" · ")}
        </p>
        {report.unclicked.rows.length === 0 ? (
          <p className="mt-3 text-sm text-gray-600">Every live item was clicked in the last 30 days.</p>
        ) : (
          <ul className="mt-3 divide-y divide-gray-100 text-sm">
            {report.unclicked.rows.map((row) => (
              <li key={`${row.kind}-${row.value}`} className="flex justify-between gap-4 py-2">
                <Link to={row.href ?? "#"} className="font-medium text-brand-700 hover:underline">
                  {row.label}
                </Link>
                <span className="shrink-0 text-gray-500">{row.kind}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

/** One headline figure, with a line of context under it. */
function Figure({
  title,
  value,
  testId,
  children,
}: {
  title: string;
  value: string;
  testId?: string;
  children?: ReactNode;
}) {
  return (
    <li className="rounded-xl border border-gray-200 bg-white p-5">
      <p className="text-sm text-gray-600">{title}</p>
      <p className="mt-1 text-3xl font-bold" data-testid={testId}>
        {value}
      </p>
      {children ? <p className="mt-1 text-sm text-gray-600">{children}</p> : null}
    </li>
  );
}

/** A figure by day as a chart against the previous period, under its title and legend. */
function DayChartWithLegend({
  id,
  title,
  figure,
  points,
  label,
}: {
  id: string;
  title: string;
  figure: ChartFigure;
  points: ChartPoint[];
  label: string;
}) {
  return (
    <div>
      <h3 id={id} className="mb-1 font-semibold">
        {title}
      </h3>
      <p className="mb-3 text-sm text-gray-600">
        <span className="mr-1 inline-block h-0.5 w-4 bg-blue-600 align-middle" aria-hidden /> This period{" "}
        <span
          className="ml-3 mr-1 inline-block w-4 border-t-2 border-dashed border-gray-400 align-middle"
          aria-hidden
        />{" "}
        Previous period
      </p>
      <DayChart points={points} label={label} figure={figure} />
    </div>
  );
}

/** A day of the custom range, with its message when the range was refused. */
function DateField({
  name,
  label,
  value,
  error,
  resetKey,
}: {
  name: "from" | "to";
  label: string;
  value: string;
  error: string | undefined;
  resetKey: string;
}) {
  return (
    <Field id={name} label={label} errors={error ? [error] : undefined} className="w-44">
      <Input
        id={name}
        name={name}
        type="date"
        defaultValue={value}
        key={`${name}-${resetKey}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${name}-error` : undefined}
      />
    </Field>
  );
}

/**
 * Puts the view in the URL with empty fields left out, and the dates only for a custom range; dates typed
 * without choosing "Custom" make the range custom. Without JavaScript the form is sent as it is, which
 * the loader reads the same way.
 */
function onSubmit(event: FormEvent<HTMLFormElement>, view: { from: string; to: string }, navigate: NavigateFunction) {
  event.preventDefault();
  const fields = new FormData(event.currentTarget);
  const datesMoved = fields.get("from") !== view.from || fields.get("to") !== view.to;
  if (datesMoved) fields.set("range", "custom");
  const search = new URLSearchParams();
  for (const [name, value] of fields) {
    if (typeof value !== "string" || !value) continue;
    if ((name === "from" || name === "to") && fields.get("range") !== "custom") continue;
    search.set(name, value);
  }
  const query = search.toString();
  void navigate(query ? `?${query}` : ".", { preventScrollReset: true });
}
