import { sql } from "drizzle-orm";
import { DomUtils, parseDocument } from "htmlparser2";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { signInOverHttp } from "../../scripts/lib/admin-over-http";
import { bodyLimitFor } from "../../server/request-body";
import { ADMIN, type InProcessApp, startInProcessApp } from "../support/in-process-server";
import { routeFor, routePatterns } from "../support/route-table";

// Form fuzz: every action the app has, found from the built route table, gets every field sent wrong
// (missing, empty, repeated, a file, NUL, and what fails its kind: control characters, emoji and RTL for
// text, bad numbers, bad dates, unknown ids), and each form a body past its size limit. No answer may be a
// 5xx, and an answer that refuses the input must leave every row as it was. Forms are found by crawling
// the rendered pages, so a new form is covered without a new test.

type Element = ReturnType<typeof DomUtils.findAll>[number];

const UNKNOWN_UUID = "00000000-0000-4000-8000-00000000dead";

type Payload = { label: string; value: string[] | "file" | null };

const PAYLOADS: Payload[] = [
  { label: "missing", value: null },
  { label: "empty", value: [""] },
  { label: "repeated", value: ["1", "2"] },
  { label: "a file", value: "file" },
  { label: "1 MB", value: ["x".repeat(1024 * 1024)] },
  { label: "NUL", value: ["a\u0000b"] },
  { label: "control characters", value: ["\u0001\u0007\u001b[31m\u007f\u0085"] },
  { label: "emoji and RTL", value: ["😀 \u202eevil\u202c שלום 👩‍👩‍👧"] },
  { label: "negative", value: ["-1"] },
  { label: "NaN", value: ["NaN"] },
  { label: "Infinity", value: ["Infinity"] },
  { label: "huge", value: ["1e308"] },
  { label: "long number", value: ["99999999999999999999999"] },
  { label: "impossible date", value: ["2026-02-30"] },
  { label: "year 0000", value: ["0000-01-01"] },
  { label: "year 99999", value: ["99999-12-31"] },
  { label: "unknown UUID", value: [UNKNOWN_UUID] },
];
/** A second form on the same action (add beside edit) gets the payloads most likely to reach its own code. */
const SHORT_PAYLOADS = PAYLOADS.filter((p) =>
  ["missing", "NUL", "unknown UUID", "year 0000", "negative", "1 MB"].includes(p.label),
);

/**
 * What a field is, from its control: fields of one kind share their failure modes, so each gets the
 * payloads every parser must survive and those aimed at its kind. A hidden field or a button is of the kind
 * of the value the page gave it (an id or an intent is a choice); one without a value, or not rendered,
 * is of unknown kind and gets them all.
 */
type FieldKind = "text" | "number" | "date" | "choice" | "unknown";
const FOR_EVERY_KIND = ["missing", "empty", "repeated", "a file", "NUL"];
const FOR_KIND: Record<Exclude<FieldKind, "unknown">, string[]> = {
  text: ["1 MB", "control characters", "emoji and RTL"],
  number: ["negative", "NaN", "Infinity", "huge", "long number"],
  date: ["impossible date", "year 0000", "year 99999"],
  choice: ["unknown UUID", "negative"],
};
/**
 * The payloads for a field of `kind` on `action`. A body past the action's size limit is answered 413
 * before any field is read, so "1 MB" is sent in one field of such a form, not in each. `laterOfKind`: the
 * form has had a field of this kind already.
 */
function payloadsFor(
  kind: FieldKind,
  payloads: Payload[],
  action: string,
  firstField: boolean,
  laterOfKind: boolean,
): Payload[] {
  const fits = (p: Payload) => p.label !== "1 MB" || firstField || bodyLimitFor(new URL(action, url).pathname) > MB;
  // An empty, repeated or file value fails a field's type before its own checks run, the same way for every
  // field of a kind: the first of each kind in a form gets them, later ones what reaches their checks.
  const reachesChecks = (p: Payload) => !laterOfKind || kind === "unknown" || !SAME_FOR_A_KIND.includes(p.label);
  const ofKind = (p: Payload) =>
    kind === "unknown" || FOR_EVERY_KIND.includes(p.label) || FOR_KIND[kind].includes(p.label);
  return payloads.filter((p) => ofKind(p) && fits(p) && reachesChecks(p));
}
const MB = 1024 * 1024;
const SAME_FOR_A_KIND = ["empty", "repeated", "a file"];

function kindOf(control: Element): FieldKind {
  if (control.name === "textarea") return "text";
  if (control.name === "select") return "choice";
  const type = control.attribs.type ?? "text";
  if (control.name === "button" || ["hidden", "submit"].includes(type)) return kindOfValue(control.attribs.value ?? "");
  if (["text", "search", "email", "url", "password", "tel"].includes(type)) return "text";
  if (type === "number") return "number";
  if (["date", "datetime-local", "time", "month"].includes(type)) return "date";
  if (["checkbox", "radio"].includes(type)) return "choice";
  return "unknown";
}

/** The kind of a value the page chose for a field the user does not fill in. */
function kindOfValue(value: string): FieldKind {
  if (value === "") return "unknown";
  if (/^[a-z][a-z0-9-]*$/i.test(value) || /^[0-9a-f]{8}-[0-9a-f-]{27}$/i.test(value)) return "choice";
  if (/^-?\d+(\.\d+)?$/.test(value)) return "number";
  if (/^\d{4}-\d{2}-\d{2}/.test(value)) return "date";
  return "text";
}

/** Valid starting values for forms that render empty, so each mutation reaches past the first check. */
const BASE_VALUES: Record<string, Record<string, string>> = {
  "/contact": { name: "Fuzz Tester", email: "fuzz@example.com", message: "A message that is long enough to send." },
  "/newsletter": { email: "fuzz@example.com" },
  "/submit-a-deal": { url: "https://shop.example/fuzz", title: "A deal the fuzz found" },
  "/admin/login": { email: ADMIN.email, password: "not-the-password" },
};
/** Actions whose form is not in any rendered page, with the fields they read. */
const UNRENDERED_FIELDS: Record<string, string[]> = {
  // Only a valid one-time token renders the setup form, and a valid invitation link the invitation's.
  "routes/admin/setup": ["token", "email", "password", "confirmPassword", "name"],
  "routes/admin/invitation": ["id", "token", "name", "password", "confirmPassword"],
  // Only a right password for an account with two-factor sign-in leads to the second step's form.
  "routes/admin/login-two-factor": ["kind", "code", "redirectTo"],
};
/**
 * An edit form's reading time: sent as rendered, the first accepted case would make every later one a
 * conflict, refused before the values reach the database. Sent empty (no check), each case's values are
 * saved; its own cases still send it wrong.
 */
const READ_AT = "savedAt";
/** Fields of fetcher forms that open in a dialog (delete confirmations), for actions no page shows a form for. */
const DIALOG_FIELDS = ["intent", "id"];
/** The kinds of the fields of forms no page renders: the setup form's are text, a dialog's are choices. */
const unrenderedKinds = (names: string[]) =>
  new Map(names.map((name): [string, FieldKind] => [name, DIALOG_FIELDS.includes(name) ? "choice" : "text"]));
/** Actions the fuzz does not post to, and why. */
const NOT_POSTED: Record<string, string> = {
  "admin/logout": "its only input is the session, which a post would end",
  "routes/resources/go": "covered below with bad kinds and ids; it reads no body",
  "routes/resources/amazon-product": "a JSON endpoint, covered below",
};

interface FoundForm {
  page: string;
  action: string;
  routeId: string;
  fields: Array<[string, string]>;
  names: string[];
  /** Each field's kind; a name on two kinds of control is of unknown kind. */
  kinds: Map<string, FieldKind>;
}

let app: InProcessApp;
let url: string;
let cookie: string;
let build: ServerBuild;

beforeAll(async () => {
  app = await startInProcessApp();
  url = await app.listen();
  cookie = await signInOverHttp(url, ADMIN);
  build = app.mod.serverBuild;
  await countContentWrites();
});
afterAll(async () => {
  // The worker's next file shares this app: it gets its tables as they were.
  await app?.db.execute(sql.raw("DROP FUNCTION IF EXISTS fuzz_count_write() CASCADE"));
  await app?.db.execute(sql.raw("DROP TABLE IF EXISTS fuzz_content_writes"));
  await app?.close();
});

async function queryRows<T>(query: ReturnType<typeof sql.raw>): Promise<T[]> {
  return ((await app.db.execute(query)) as unknown as { rows: T[] }).rows;
}

const routeIdFor = (pathname: string) =>
  routeFor(build, pathname, (id) => Boolean(build.routes[id]!.module.action))?.id;

function formsIn(html: string, page: string): FoundForm[] {
  const doc = parseDocument(html);
  const forms = DomUtils.findAll(
    (el) => el.name === "form" && (el.attribs.method ?? "get").toLowerCase() === "post",
    doc.children,
  );
  return forms.flatMap((form) => {
    const action = new URL(form.attribs.action ?? page, url);
    const routeId = routeIdFor(action.pathname);
    if (!routeId) return [];
    const controls = DomUtils.findAll(
      (el) => ["input", "select", "textarea", "button"].includes(el.name) && Boolean(el.attribs.name),
      form.children,
    );
    const fields: Array<[string, string]> = [];
    const names = new Set<string>();
    const kinds = new Map<string, FieldKind>();
    let submitter = false;
    for (const control of controls) {
      const { name = "", type = "text", value = "" } = control.attribs;
      names.add(name);
      const kind = kindOf(control);
      kinds.set(name, kinds.has(name) && kinds.get(name) !== kind ? "unknown" : kind);
      if (control.name === "button" || type === "submit") {
        // The browser sends the clicked button only: take the first.
        if (!submitter) fields.push([name, value]);
        submitter = true;
      } else if (control.name === "textarea") fields.push([name, DomUtils.textContent(control)]);
      else if (control.name === "select") fields.push([name, selectedOption(control)]);
      else if (type === "checkbox" || type === "radio") {
        if ("checked" in control.attribs) fields.push([name, value || "on"]);
      } else fields.push([name, name === READ_AT ? "" : value]);
    }
    const base = BASE_VALUES[action.pathname];
    const withBase = base ? [...fields.filter(([name]) => !(name in base)), ...Object.entries(base)] : fields;
    for (const name of Object.keys(base ?? {})) names.add(name);
    return [{ page, action: action.pathname + action.search, routeId, fields: withBase, names: [...names], kinds }];
  });
}

function selectedOption(select: Element): string {
  const options = DomUtils.findAll((el) => el.name === "option", select.children);
  const chosen = options.find((option) => "selected" in option.attribs) ?? options[0];
  return chosen?.attribs.value ?? "";
}

/** The sign-in page shows its form only to visitors without a session. */
const ANONYMOUS_PAGES = new Set(["/admin/login"]);

/** Crawls the site, one page per route pattern, and returns every post form. */
async function crawlForms(): Promise<FoundForm[]> {
  const patterns = routePatterns(build);
  const queue = ["/", "/admin", ...[...patterns.values()].filter((p) => !p.includes(":") && !p.includes("*"))];
  const seenPatterns = new Set<string>();
  const forms: FoundForm[] = [];
  while (queue.length > 0) {
    const path = queue.shift()!;
    const pattern = routeFor(build, path)?.pattern ?? path;
    if (seenPatterns.has(pattern) || /\.(xml|txt)$/.test(path) || path.startsWith("/go/") || path === "/admin/logout")
      continue;
    seenPatterns.add(pattern);
    const headers = ANONYMOUS_PAGES.has(path) ? undefined : { cookie };
    const response = await fetch(url + path, { headers, redirect: "manual" });
    if (!response.headers.get("content-type")?.includes("text/html")) continue;
    const html = await response.text();
    forms.push(...formsIn(html, path));
    const links = DomUtils.findAll((el) => el.name === "a" && Boolean(el.attribs.href), parseDocument(html).children);
    for (const link of links) {
      const target = new URL(link.attribs.href!, url + path);
      if (target.origin === url) queue.push(target.pathname);
    }
  }
  return forms;
}

/**
 * Tables whose rows may change on a refused request by design (attempt counters, sessions) or meanwhile,
 * written by background jobs (roll-up marks, link checks, what the webhook job has seen of each item).
 */
const BOOKKEEPING = [
  "login_attempts",
  "rate_limit_events",
  "sessions",
  "roll_up_marks",
  "verifications",
  "link_checks",
  "webhook_item_states",
  "job_heartbeats",
  // A code is claimed before it is checked and given back when wrong (modules/users/two-factor.server.ts).
  "used_totp_codes",
];

/**
 * Counts committed row changes to every other table: a trigger adds one to `fuzz_content_writes` in the
 * writing transaction, so a write that was rolled back counts nothing. Failed sign-ins are audited on purpose.
 */
async function countContentWrites() {
  await app.db.execute(sql.raw("CREATE TABLE fuzz_content_writes (n bigint NOT NULL)"));
  await app.db.execute(sql.raw("INSERT INTO fuzz_content_writes VALUES (0)"));
  await app.db.execute(
    sql.raw(`CREATE FUNCTION fuzz_count_write() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_TABLE_NAME = 'audit_log' AND TG_OP = 'INSERT' THEN
          IF NEW.action = 'sign_in_failed' THEN RETURN NULL; END IF;
        END IF;
        UPDATE fuzz_content_writes SET n = n + 1;
        RETURN NULL;
      END $$`),
  );
  const tables = await queryRows<{ name: string }>(
    sql`select tablename as name from pg_tables where schemaname = 'public' and tablename <> 'fuzz_content_writes'`,
  );
  for (const { name } of tables.filter(({ name }) => !BOOKKEEPING.includes(name))) {
    await app.db.execute(
      sql.raw(
        `CREATE TRIGGER fuzz_count_write AFTER INSERT OR UPDATE OR DELETE ON "${name}" FOR EACH ROW EXECUTE FUNCTION fuzz_count_write()`,
      ),
    );
  }
}

async function contentWrites(): Promise<string> {
  const [row] = await queryRows<{ n: string }>(sql`select n::text as n from fuzz_content_writes`);
  return row!.n;
}

type Outcome = "refused" | "accepted";

function outcomeOf(response: Response): Outcome {
  if (response.status >= 400) return "refused";
  const toast = response.headers
    .getSetCookie()
    .find((c) => c.startsWith("dealdash_toast="))
    ?.split(";")[0]!
    .slice("dealdash_toast=".length);
  if (toast) {
    const parsed = JSON.parse(Buffer.from(toast, "base64url").toString("utf8")) as { type: string };
    if (parsed.type === "error") return "refused";
  }
  return "accepted";
}

function bodyWith(fields: Array<[string, string]>, name: string, payload: Payload): BodyInit {
  const kept = fields.filter(([field]) => field !== name);
  if (payload.value === "file") {
    const form = new FormData();
    for (const [field, value] of kept) form.append(field, value);
    form.append(name, new Blob(["%PDF-1.4 not really"], { type: "application/pdf" }), "upload.pdf");
    return form;
  }
  return new URLSearchParams([...kept, ...(payload.value ?? []).map((value): [string, string] => [name, value])]);
}

/**
 * The fields fuzzed: all, except that sibling fields of one object (`settings.mapping.title`,
 * `settings.mapping.url`…) are read by one schema, so the first two of each kind stand for the rest.
 */
function standingFor(names: string[], kinds: Map<string, FieldKind>): string[] {
  const seen = new Map<string, number>();
  return names.filter((name) => {
    const parent = name.includes(".") ? name.slice(0, name.lastIndexOf(".")) : null;
    if (parent === null) return true;
    const group = `${parent}:${kinds.get(name) ?? "unknown"}`;
    seen.set(group, (seen.get(group) ?? 0) + 1);
    return seen.get(group)! <= 2;
  });
}

const failures: string[] = [];
const counts = { cases: 0, refused: 0, accepted: 0, forms: 0, fields: 0 };

/** Bodies that are not forms at all: another content type, a multipart body with a broken boundary. */
const NOT_A_FORM: Array<{ label: string; type: string; body: string }> = [
  { label: "JSON", type: "application/json", body: '{"title": "x"}' },
  { label: "broken multipart", type: "multipart/form-data; boundary=nothing-matches", body: "--other\r\ngarbage" },
  { label: "plain text", type: "text/plain", body: "title=x" },
];

/** The actions already sent bodies that are not forms: those are refused before any field is read. */
const notAFormSent = new Set<string>();

async function fuzzAction(
  action: string,
  fields: Array<[string, string]>,
  names: string[],
  payloads: Payload[],
  kinds = new Map<string, FieldKind>(),
) {
  counts.forms++;
  counts.fields += standingFor(names, kinds).length;
  const dataUrl = action.replace(/(\?|$)/, ".data$1").replace(/^\/\.data/, "/_root.data");
  const notAForm = notAFormSent.has(action) ? [] : NOT_A_FORM;
  notAFormSent.add(action);
  for (const { label, type, body } of notAForm) {
    const response = await fetch(url + dataUrl, { method: "POST", headers: { cookie, "content-type": type }, body });
    await response.arrayBuffer();
    counts.cases++;
    if (response.status >= 500) failures.push(`${action} as ${label}: ${response.status}`);
  }
  // The count after a refused case is the count before the next: one read a case, not two.
  let known: string | undefined;
  const ofKindSoFar = new Map<FieldKind, number>();
  for (const [index, name] of standingFor(names, kinds).entries()) {
    const kind = kinds.get(name) ?? "unknown";
    ofKindSoFar.set(kind, (ofKindSoFar.get(kind) ?? 0) + 1);
    for (const payload of payloadsFor(kind, payloads, action, index === 0, ofKindSoFar.get(kind)! > 1)) {
      const before = known ?? (await contentWrites());
      known = undefined;
      const response = await fetch(url + dataUrl, {
        method: "POST",
        headers: { cookie },
        redirect: "manual",
        body: bodyWith(fields, name, payload),
      });
      await response.arrayBuffer();
      counts.cases++;
      const label = `${action} ${name} = ${payload.label}`;
      if (response.status >= 500) {
        failures.push(`${label}: ${response.status}`);
        continue;
      }
      const outcome = outcomeOf(response);
      counts[outcome]++;
      if (outcome !== "refused") continue;
      known = await contentWrites();
      if (known !== before) failures.push(`${label}: refused (${response.status}) but rows changed`);
    }
  }
}

describe("form fuzz", () => {
  it("answers every action's bad input without a 5xx, and a refusal changes no row", async () => {
    const forms = await crawlForms();
    const byModule = new Map<unknown, FoundForm[]>();
    for (const form of forms) {
      const module = build.routes[form.routeId]!.module;
      const known = byModule.get(module) ?? [];
      if (!known.some((other) => other.action === form.action && other.names.join() === form.names.join()))
        known.push(form);
      byModule.set(module, known);
    }

    for (const [module, moduleForms] of byModule) {
      // Edit forms render valid values: fuzz them first and fully; other forms on the same action borrow
      // those values for the fields they share.
      const ordered = [...moduleForms].sort(
        (a, b) => Number(/\/edit\//.test(b.action)) - Number(/\/edit\//.test(a.action)),
      );
      const valid = new Map(ordered[0]!.fields);
      for (const [index, form] of ordered.entries()) {
        const fields = form.fields.map(([name, value]): [string, string] => [name, value || valid.get(name) || value]);
        await fuzzAction(form.action, fields, form.names, index === 0 ? PAYLOADS : SHORT_PAYLOADS, form.kinds);
      }
      void module;
    }

    const patterns = routePatterns(build);
    const covered = new Set(forms.map((form) => form.routeId));
    const unrendered: string[] = [];
    // A module that serves several routes (each content type's CSV and revisions) reads the same fields the
    // same way on each: its first route stands for the others.
    const fuzzedModules = new Set<unknown>([...covered].map((id) => build.routes[id]!.module));
    for (const [id, route] of Object.entries(build.routes)) {
      if (!route?.module.action || covered.has(id) || id in NOT_POSTED || fuzzedModules.has(route.module)) continue;
      fuzzedModules.add(route.module);
      const path = patterns.get(id)!.replace(/:[a-z]+/gi, UNKNOWN_UUID);
      const names = UNRENDERED_FIELDS[id] ?? DIALOG_FIELDS;
      unrendered.push(id);
      await fuzzAction(
        path,
        names.map((name) => [name, name === "intent" ? "delete" : "x"]),
        names,
        PAYLOADS,
        unrenderedKinds(names),
      );
    }

    console.log(
      `form fuzz: ${counts.cases} cases over ${counts.forms} forms and ${counts.fields} fields ` +
        `(${counts.refused} refused, ${counts.accepted} accepted); actions without a rendered form: ${unrendered.join(", ")}`,
    );
    expect(failures).toEqual([]);
    // The accepted cases wrote, and the counter saw it.
    expect(Number(await contentWrites())).toBeGreaterThan(0);
    // The crawl found the forms people fill in, not only the fallbacks.
    const everyEditForm = ["deals", "coupons", "gift-ideas", "buying-guides", "stores", "categories"].map(
      (type) => `admin/${type}/edit`,
    );
    expect([...covered]).toEqual(
      expect.arrayContaining([
        ...everyEditForm,
        "routes/site/contact",
        "routes/site/newsletter",
        "routes/admin/login",
        "routes/admin/settings/amazon-settings",
      ]),
    );
  }, 600_000);

  it("answers bad kinds and ids on the click-out without a 5xx", async () => {
    for (const kind of ["__proto__", "constructor", "toString", "deal", "nope", "%00"]) {
      for (const id of [UNKNOWN_UUID, "not-a-uuid", "%00", "%E0%A4%A"]) {
        for (const method of ["GET", "POST"]) {
          const response = await fetch(`${url}/go/${kind}/${id}`, { method, redirect: "manual" });
          expect(response.status, `${method} /go/${kind}/${id}`).toBe(404);
        }
      }
    }
  });

  it("answers bad JSON on the Amazon product endpoint with a 4xx", async () => {
    const bodies = [
      "",
      "{",
      "[]",
      "null",
      '{"asin": null}',
      '{"asin": ["B0"]}',
      '{"asin": "a\\u0000b"}',
      `{"asin": "${"B".repeat(300_000)}"}`,
    ];
    for (const body of bodies) {
      const response = await fetch(`${url}/api/amazon-product`, {
        method: "POST",
        headers: { cookie, "content-type": "application/json" },
        body,
      });
      expect(response.status, body.slice(0, 40)).toBeGreaterThanOrEqual(400);
      expect(response.status, body.slice(0, 40)).toBeLessThan(500);
    }
  });

  it("answers bad query parameters and path segments on public pages without a 5xx", async () => {
    const pages = ["/deal-dashes", "/coupons", "/gift-ideas", "/buying-guides", "/"];
    const params: Record<string, FieldKind> = {
      search: "text",
      store: "choice",
      category: "choice",
      sort: "choice",
      view: "choice",
      page: "number",
      saved: "choice",
      expired: "choice",
    };
    for (const page of pages) {
      for (const [param, kind] of Object.entries(params)) {
        for (const payload of payloadsFor(kind, PAYLOADS, page, false, false)) {
          if (!Array.isArray(payload.value)) continue;
          const query = new URLSearchParams(payload.value.map((value) => [param, value]));
          const response = await fetch(`${url}${page}?${query}`, { redirect: "manual" });
          expect(response.status, `${page}?${param}=${payload.label}`).toBeLessThan(500);
        }
      }
    }
    for (const path of ["/gift-ideas/", "/buying-guides/", "/coupons/", "/admin/deals/edit/"]) {
      for (const segment of ["%00", "%E0%A4%A", "😀", UNKNOWN_UUID, "..%2F..%2Fetc", "a".repeat(2000)]) {
        const response = await fetch(`${url}${path}${segment}${path === "/coupons/" ? "/code" : ""}`, {
          headers: { cookie },
          redirect: "manual",
        });
        expect(response.status, `${path}${segment.slice(0, 20)}`).toBeLessThan(500);
      }
    }
  });
});
