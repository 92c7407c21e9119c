import { z } from "zod";

// An earnings report uploaded as CSV (any network's export): which of its columns holds each part of a
// transaction, what a line without a status or currency column means, and how its dates are written. The
// upload dialog offers the mapping, guessed from the file's header; the server checks it with this schema
// (modules/earnings/earnings-csv.server.ts).

export const earningsCsvFields = [
  { key: "externalId", label: "Transaction ID", required: true },
  { key: "status", label: "Status", required: false },
  { key: "commission", label: "Commission", required: true },
  { key: "saleAmount", label: "Sale amount", required: false },
  { key: "currency", label: "Currency", required: false },
  { key: "transactedAt", label: "Transaction date", required: true },
  { key: "clickedAt", label: "Click date", required: false },
  { key: "subId", label: "Sub-ID", required: false },
] as const;

export type EarningsCsvField = (typeof earningsCsvFields)[number]["key"];

/** The header names networks' exports use for each part, compared without case, spaces or punctuation. */
const headerNames: Record<EarningsCsvField, string[]> = {
  externalId: [
    "transaction id",
    "transactionid",
    "id",
    "order id",
    "commission id",
    "action id",
    "conversion id",
    "trans id",
    "order number",
  ],
  status: ["status", "transaction status", "commission status", "action status", "conversion status", "state"],
  commission: [
    "commission",
    "commission amount",
    "publisher commission",
    "total commission",
    "pub commission amount",
    "payout",
    "earnings",
  ],
  saleAmount: ["sale amount", "sales", "sale value", "order value", "sale amount usd", "amount"],
  currency: ["currency", "currency code", "commission currency", "original currency"],
  transactedAt: [
    "transaction date",
    "date",
    "event date",
    "action date",
    "conversion date",
    "conversion time",
    "trans date",
    "posting date",
    "order date",
    "process date",
  ],
  clickedAt: ["click date", "click time", "referral date"],
  subId: [
    "sub id",
    "subid",
    "subid1",
    "sub id 1",
    "sid",
    "u1",
    "member id u1",
    "clickref",
    "click ref",
    "click reference",
    "publisher reference",
    "pubref",
    "afftrack",
    "click id",
  ],
};

const bare = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, "");

/** The file's column for each part, where one of its header names is a name networks use for it. */
export function guessEarningsColumns(headers: string[]): Partial<Record<EarningsCsvField, string>> {
  const guessed: Partial<Record<EarningsCsvField, string>> = {};
  for (const { key } of earningsCsvFields) {
    const names = new Set(headerNames[key].map(bare));
    const found = headers.find((header) => names.has(bare(header)) && !Object.values(guessed).includes(header));
    if (found) guessed[key] = found;
  }
  return guessed;
}

/** How a report writes a date that is not year-first: 03/04/2026 is March 4th in one, 3 April in the other. */
export const dateOrders = { mdy: "Month/day/year", dmy: "Day/month/year" } as const;
export type DateOrder = keyof typeof dateOrders;

const statuses = ["pending", "approved", "declined", "paid"] as const;

/** A network's name for the upload: transactions are one per network and id, so it is stored lower-cased. */
const networkName = z
  .string({ error: "Enter the network's name" })
  .trim()
  .min(1, "Enter the network's name")
  .max(40, "Use at most 40 characters")
  .regex(/^[\p{L}\p{N}][\p{L}\p{N} ._-]*$/u, "Use letters, digits, spaces, dots, dashes or underscores")
  .transform((name) => name.toLowerCase());

const column = z.string().max(200).optional();

/** An upload's options, from its query string (`network`, `col.<part>`, `status`, `currency`, `dates`). */
export const earningsCsvOptionsSchema = z
  .object({
    network: networkName,
    columns: z.object(
      Object.fromEntries(earningsCsvFields.map(({ key }) => [key, column])) as Record<EarningsCsvField, typeof column>,
    ),
    /** Every line's status, when the file has no status column. */
    status: z.enum(statuses).default("approved"),
    /** Every line's currency, when the file has no currency column. */
    currency: z
      .string()
      .regex(/^[A-Z]{3}$/, "Use a three-letter currency code")
      .optional(),
    dates: z.enum(["mdy", "dmy"]).default("mdy"),
  })
  .superRefine((options, context) => {
    for (const { key, label, required } of earningsCsvFields) {
      if (required && !options.columns[key])
        context.addIssue({ code: "custom", path: ["columns", key], message: `Choose the column of the ${label}` });
    }
  });

export type EarningsCsvOptions = z.infer<typeof earningsCsvOptionsSchema>;

/** An upload's options as the query string the dialog sends and the server reads. */
export function earningsCsvQuery(options: z.input<typeof earningsCsvOptionsSchema>): URLSearchParams {
  const query = new URLSearchParams({ network: options.network });
  for (const [key, header] of Object.entries(options.columns)) if (header) query.set(`col.${key}`, header);
  if (options.status) query.set("status", options.status);
  if (options.currency) query.set("currency", options.currency);
  if (options.dates) query.set("dates", options.dates);
  return query;
}

/** The options a query string holds, or the first thing wrong with them. */
export function earningsCsvOptionsOf(search: URLSearchParams): EarningsCsvOptions | string {
  const columns = Object.fromEntries(
    earningsCsvFields.flatMap(({ key }) => (search.get(`col.${key}`) ? [[key, search.get(`col.${key}`)]] : [])),
  );
  const parsed = earningsCsvOptionsSchema.safeParse({
    network: search.get("network") ?? "",
    columns,
    status: search.get("status") || undefined,
    currency: search.get("currency") || undefined,
    dates: search.get("dates") || undefined,
  });
  return parsed.success ? parsed.data : (parsed.error.issues[0]?.message ?? "Check the upload's options");
}
