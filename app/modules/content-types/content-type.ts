import type { SQL } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { z } from "zod";

import type { Executor } from "#app/db/client.server";
import type { Actor } from "#app/lib/actor";
import type { AdminCell } from "#app/lib/admin-list";
import type { Toast } from "#app/lib/toast";
import type { AppServices } from "#app/platform/load-context";

import type { SortDirection } from "./list-params";
import type { TeaserConfig } from "./teaser";

// What a content type is, in one place: its table, form schema, words, public-read rule, admin list and
// the links other types have to it. Everything that used to be a hand-kept list of types (navigation,
// dashboard, admin routes, sitemap, click-outs, guide tokens, "what still uses this") reads the registry.

/** Rows known by a uuid `id`, named by a `title` or `name` column, with created and updated stamps. */
export type ContentTable = PgTable & { id: AnyPgColumn; createdAt: AnyPgColumn; updatedAt: AnyPgColumn } & (
    { title: AnyPgColumn } | { name: AnyPgColumn }
  );

/**
 * When a row exists for the public: while its status is published and its schedule (publish and unpublish
 * times) allows, and (for listings) before its end.
 */
export interface Lifecycle {
  status: AnyPgColumn;
  publishAt?: AnyPgColumn;
  unpublishAt?: AnyPgColumn;
  endsAt?: AnyPgColumn;
  /** Who made the row, and when it was last submitted for review (db/schema/authorship.ts). */
  authorId?: AnyPgColumn;
  submittedAt?: AnyPgColumn;
}

/** A foreign key from this type to another: what to say when its row is missing, and how to name dependents. */
export interface Reference {
  /** The form field, which is also the column's name: `storeId`. */
  field: string;
  /** The referenced type's key (the catalogue's face list holds the keys). */
  to: string;
  /** The field error when the chosen row does not exist, when not "<Target> not found". */
  notFound?: string;
  /** How the referenced row's "still used by" message names rows of this type, when not by its own noun. */
  dependentNoun?: { one: string; many: string };
  /** The admin list's filter label, when not the referenced type's noun ("Parent category"). */
  label?: string;
}

export interface Messages {
  created: string;
  updated: string;
  deleted: string;
  saveFailed: string;
  deleteFailed: string;
  loadFailed: string;
  /** After a row is copied, on the copy's form. */
  duplicated: string;
  /** Refused delete: `uses` reads like "2 deals and 1 coupon". */
  inUse(uses: string): string;
}

/** A type's rows as CSV: exported by every list, imported where `importBy` is set. */
export interface CsvConfig {
  /** The form's fields (its zod object): the CSV's columns, in order, after the id. */
  fields: z.ZodObject;
  /** Fields kept out of the CSV (secrets); an import leaves them as they are. */
  omit?: string[];
  /**
   * For import: what finds an existing row when the CSV's id does not, in order (a deal's ASIN, then its
   * slug): a column, or columns that find a row together (a coupon's store and code). A line re-run after
   * an import was cut off finds the rows the first run made instead of making them again.
   */
  importBy?: Array<AnyPgColumn | AnyPgColumn[]>;
}

/** An embeddable item as the guide editor shows it: a chip with a picture and a line of detail. */
export interface EmbedChip {
  id: string;
  label: string;
  /** "Best Buy · $79.99" */
  detail?: string;
  image?: string | null;
  /** Where its card links shoppers (the retailer). */
  url?: string;
  /** Set when shoppers cannot see it: a draft or archived item, or a deleted one. */
  state?: "unpublished" | "missing";
}

export interface EmbedConfig<Card extends { id: string }> {
  label: string;
  cards(db: Executor, ids: string[]): Promise<Card[]>;
  chip(card: Card): EmbedChip;
}

/** An admin list row action other than edit and delete (the deal list's price refresh). */
export interface RowIntent {
  intent: string;
  run(services: AppServices, id: string, actor: Actor): Promise<Toast>;
}

/** A column of the admin list; `sort` makes its heading a sort link (`?sort=<heading in lower case>`). */
export interface ListColumn {
  heading: string;
  sort?: {
    by: AnyPgColumn;
    /** The direction of the first click: ascending unless said (newest-first dates say "desc"). */
    first?: SortDirection;
    /** The list's order when the URL names none (one column per type; else newest first). */
    isDefault?: boolean;
  };
}

/** One page of an admin list, as the generic list code asks a type's query for it. */
export interface ListPage {
  where: SQL | undefined;
  orderBy: SQL[];
  limit: number;
  offset: number;
}

/** The admin's words and pieces for a type; the rest of its words follow from its nouns (words.ts). */
export interface AdminConfig<Row> {
  /** Lucide icon name for the sidebar (mapped in components/admin/admin-icon.tsx). */
  icon: string;
  /** The list page's heading. */
  title: string;
  /** The list's add button, when not "Add <noun>". */
  addLabel?: string;
  empty: { message: string; actionLabel: string };
  /** Form titles and buttons, where not "Add/Edit/Create/Update <noun>". */
  formTitles?: Partial<{ add: string; edit: string; create: string; update: string }>;
  /** The list's columns, in order (selection first and actions last come on their own). */
  columns: readonly ListColumn[];
  /** One page of the list: the type's columns and joins, with the generic filter, order and paging applied. */
  list(db: Executor, page: ListPage): Promise<Row[]>;
  /** What the list's search box matches besides the title (contains) and the slug (equals). */
  search?: { contains?: AnyPgColumn[]; equals?: AnyPgColumn[] };
  /** Dates that make a row scheduled (before `startsAt`) or expired (after `endsAt`) in the list; `endsAt` defaults to the type's. */
  window?: { startsAt?: AnyPgColumn; endsAt?: AnyPgColumn };
  /** One cell per column; the row's id and name come from its `id` and title column. */
  cells(row: Row): AdminCell[];
  intents?: RowIntent[];
  /** The dashboard's count cards: all rows, and rows with a published status. */
  dashboard?: { total?: string; published?: string; quickAction?: string };
}

/**
 * What anyone may know about a type (its face): key and nouns, table, end, references, public page. Pure
 * data beside the type's table, no queries and no admin: public queries and outward features read faces,
 * so they never load a type's admin desk (and the desk may use them without a cycle).
 */
export interface ContentFace<Table extends ContentTable = ContentTable> {
  /** Its key in URLs (`/go/<key>/<id>`) and tokens; the kernel knows no list of keys (catalogue/faces.ts). */
  key: string;
  /** Lower-case nouns ("gift idea", "gift ideas"): its messages, audit name and admin URL follow from them. */
  noun: { one: string; many: string };
  table: Table;
  /** The column past which a row is no longer live (a coupon's valid_until). A `status` column, when the table has one, decides the rest. */
  endsAt?: AnyPgColumn;
  references?: Reference[];
  /** Its public page, when it has one (sitemap entries). */
  publicPath?(row: { slug: string }): string;
  /** The item as feeds, webhooks and mail show it (teaser.ts). */
  teaser: TeaserConfig;
}

/** A type's admin desk: its face, and its form, hooks, admin list, CSV, embeds and click-out. */
export interface ContentType<
  Input = unknown,
  ListRow = unknown,
  Table extends ContentTable = ContentTable,
> extends ContentFace<Table> {
  schema: z.ZodType<Input, unknown>;
  /** Column values from validated input. */
  toRow(input: Input): Record<string, unknown>;
  /** What an edit form may see of a stored row (secrets masked); the row itself when unset. */
  forEdit?(row: Record<string, unknown>): Record<string, unknown>;
  /** Runs inside the update's transaction before the write: may refuse it (FieldErrors) or adjust the row. */
  beforeUpdate?(tx: Executor, id: string, row: Record<string, unknown>): Promise<Record<string, unknown> | undefined>;
  /** The column whose HTML embeds other items as tokens (a guide's content): saving warns about hidden ones. */
  tokensIn?: string;
  /** Where the spec words a message otherwise than `messagesOf` derives from the noun. */
  messages?: Partial<Messages>;
  /** When a row's page belongs in the sitemap besides being public (a store with live items); always when unset. */
  inSitemapWhen?(): SQL;
  /** The columns whose latest value is when its page last changed (a sitemap's lastmod); `updatedAt` when unset. */
  lastChangedBy?: AnyPgColumn[];
  /**
   * Guides may embed it as a `[key:id]` token, picked from the editor's "+ Deal" menu and shown as its
   * public card (components/site/embedded-card.tsx); `cards` reads public rows only.
   */
  embed?: EmbedConfig<{ id: string }>;
  /**
   * Its counted click-out `/go/<key>/<id>`: where a public row sends the shopper, whether to count it, and
   * the store and category its clicks are reported under.
   */
  clickOut?: {
    /** Null where the row has nowhere to send shoppers (no affiliate link): its click-out answers 404. */
    url: AnyPgColumn | SQL<string | null>;
    trackClicks?: AnyPgColumn;
    storeId?: AnyPgColumn;
    categoryId?: AnyPgColumn;
    /** A column kept by a roll-up with the row's click-outs in the last 30 days (a deal's popularity), indexed. */
    recentClicks?: AnyPgColumn;
  };
  /**
   * The form's fields Amazon's API fills on a row with an ASIN (`amazonAsin`): its price, picture and
   * rating, which Amazon lets a site keep 24 hours, so revisions drop them after that.
   */
  amazonFields?: readonly string[];
  /** Its picture's URL, which link health checks (a broken one is listed in Needs attention). */
  picture?: AnyPgColumn;
  csv: CsvConfig;
  admin: AdminConfig<ListRow>;
}

/** Any registered type (the registry's element type). */
export type AnyContentType = ContentType<unknown, unknown>;
