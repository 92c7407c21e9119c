import { gunzipSync } from "node:zlib";

import { amazonTrackingIds } from "#app/lib/amazon-tracking-ids";
import { amazonSourceError } from "#app/modules/sourcing/adapters/amazon-search.server";
import { type SourceConnection, SourceError } from "#app/modules/sourcing/adapters/source-adapter";
import { openSource, readBytes } from "#app/modules/sourcing/adapters/source-http.server";

import { readAmazonEarningsReport } from "./amazon-earnings-report.server";
import type { DateRange, EarningsAdapter, EarningsBatch } from "./earnings-adapter";

// Amazon's earnings through the Creators API: ListReports names the account's report files, GetReport
// gives a pre-signed address of one for a few minutes, and the file is downloaded from there. A run reads
// the files changed within its look-back days, oldest first, so a later report of a line wins; files that
// are not earnings reports (the account may have others) are passed over. The account is the site's own
// (Settings → Amazon), its requests counted against the day's budget.

const NAME = "Amazon's report file";
/** The most a report file may be: a year of a busy account's lines is a few megabytes. */
const MAX_REPORT_BYTES = 64 * 1024 * 1024;
/** The most files a run reads (the newest): daily reports over the longest look-back, and some. */
const MAX_REPORTS = 450;
const BATCH = 1000;

/** A downloaded file as text: gzipped or plain; a ZIP archive is refused with what to do. */
function textOf(bytes: Buffer, filename: string): string {
  if (bytes[0] === 0x50 && bytes[1] === 0x4b)
    throw new SourceError(
      `${filename} is a ZIP archive: DealDash reads Amazon's reports as CSV or tab-separated text, plain or gzipped`,
      "bad-feed",
    );
  try {
    return (bytes[0] === 0x1f && bytes[1] === 0x8b ? gunzipSync(bytes) : bytes).toString("utf8");
  } catch {
    throw new SourceError(`${filename} arrived damaged`, "bad-feed");
  }
}

async function* readAmazonReports(
  _settings: unknown,
  connection: SourceConnection,
  range: DateRange,
): AsyncGenerator<EarningsBatch> {
  const amazon = connection.amazon;
  if (!amazon) throw new SourceError("Set up Amazon first: add your keys under Settings → Amazon", "credentials");
  const refusedBy = (error: unknown) => {
    throw amazonSourceError(error, "the reports");
  };
  const listed = await amazon.listReports().catch(refusedBy);
  const recent = listed
    .filter((report) => Date.parse(report.lastModified) >= range.from.getTime())
    .sort((a, b) => Date.parse(a.lastModified) - Date.parse(b.lastModified))
    .slice(-MAX_REPORTS);
  const maxBytes = Math.min(connection.maxBytes ?? MAX_REPORT_BYTES, MAX_REPORT_BYTES);
  let earningsReports = 0;
  for (const report of recent) {
    if (report.size > maxBytes) {
      yield { reported: [], refused: [`${report.filename}: larger than ${maxBytes / 1024 / 1024} MB`] };
      continue;
    }
    const address = await amazon.reportUrl(report.filename).catch(refusedBy);
    const bytes = await readBytes(await openSource(address, connection, { name: NAME }), NAME, maxBytes);
    const read = readAmazonEarningsReport(textOf(bytes, report.filename), {
      currency: amazon.currency,
      trackingIds: amazonTrackingIds(),
      filename: report.filename,
    });
    if (!read) continue;
    earningsReports++;
    for (let start = 0; start < Math.max(read.reported.length, 1); start += BATCH)
      yield {
        reported: read.reported.slice(start, start + BATCH),
        refused: start === 0 ? read.refused : [],
      };
  }
  if (recent.length > 0 && earningsReports === 0)
    throw new SourceError(
      `Amazon has ${recent.length} report${recent.length === 1 ? "" : "s"} from these days, none of them an earnings report`,
      "bad-feed",
    );
}

export const amazonEarningsAdapter: EarningsAdapter<unknown> = { read: readAmazonReports };
