import type { AnyPgColumn } from "drizzle-orm/pg-core";

import { formatCount } from "#app/lib/counts";

import type { AnyContentType, ContentFace, Lifecycle, Messages, Reference } from "./content-type";

// A type's words follow from its nouns ("gift idea", "gift ideas"); a definition states only where the
// spec words it otherwise.

const sentenceCase = (words: string) => words.charAt(0).toUpperCase() + words.slice(1);
export const titleCase = (words: string) => words.replace(/\b\w/g, (letter) => letter.toUpperCase());

/** The column that names a row (its title, or its name): audit rows, pickers, list rows. */
export const titleColumnOf = (type: Pick<AnyContentType, "table">): AnyPgColumn =>
  "title" in type.table ? type.table.title : type.table.name;

/** A type's lifecycle: public while its `status` is published (when it has one), live until `endsAt`. */
export function lifecycleOf(type: Pick<AnyContentType, "table" | "endsAt">): Lifecycle | undefined {
  const table = type.table as AnyContentType["table"] & {
    status?: AnyPgColumn;
    publishAt?: AnyPgColumn;
    unpublishAt?: AnyPgColumn;
    authorId?: AnyPgColumn;
    submittedAt?: AnyPgColumn;
  };
  return table.status
    ? {
        status: table.status,
        publishAt: table.publishAt,
        unpublishAt: table.unpublishAt,
        endsAt: type.endsAt,
        authorId: table.authorId,
        submittedAt: table.submittedAt,
      }
    : undefined;
}

/** Whether a type's items can be shown through a preview link: they have a page of their own and a status. */
export const hasPreviews = (type: Pick<AnyContentType, "table" | "endsAt" | "publicPath">): boolean =>
  Boolean(type.publicPath) && lifecycleOf(type) !== undefined;

/** The dates that make a row scheduled (before a start) or expired (after an end): its schedule and window. */
export function windowOf(type: AnyContentType): { starts: AnyPgColumn[]; ends: AnyPgColumn[] } {
  const lifecycle = lifecycleOf(type);
  const present = (columns: Array<AnyPgColumn | undefined>) => [
    ...new Set(columns.filter((column): column is AnyPgColumn => column !== undefined)),
  ];
  return {
    starts: present([type.admin.window?.startsAt, lifecycle?.publishAt]),
    ends: present([type.admin.window?.endsAt ?? type.endsAt, lifecycle?.unpublishAt]),
  };
}

/** The column a reference is stored in (its field's name). */
export const referenceColumn = (type: AnyContentType, reference: Reference): AnyPgColumn =>
  (type.table as unknown as Record<string, AnyPgColumn>)[reference.field]!;

/** The field error for a reference to a row that does not exist: "Store not found". */
export function notFoundMessage(reference: Reference): string {
  return reference.notFound ?? `${sentenceCase(reference.to)} not found`;
}

/** The admin URL segment: /admin/gift-ideas. */
export const segmentOf = (type: Pick<ContentFace, "noun">) => type.noun.many.replace(/ /g, "-");
export const adminPathOf = (type: Pick<ContentFace, "noun">) => `/admin/${segmentOf(type)}`;
/** The file of its admin form (the one part of the admin written per type): routes/admin/gift-ideas/gift-idea-form.tsx. */
export const formRouteOf = (type: Pick<ContentFace, "noun">) =>
  `routes/admin/${segmentOf(type)}/${type.noun.one.replace(/ /g, "-")}-form.tsx`;
/** The audit log's name for the type: gift_idea. */
export const entityOf = (type: Pick<ContentFace, "noun">) => type.noun.one.replace(/ /g, "_");

export function messagesOf(type: AnyContentType): Messages {
  const { one } = type.noun;
  return {
    created: `${sentenceCase(one)} created successfully`,
    updated: `${sentenceCase(one)} updated successfully`,
    deleted: `${sentenceCase(one)} deleted successfully`,
    saveFailed: `Failed to save ${one}`,
    deleteFailed: `Failed to delete ${one}`,
    loadFailed: `Failed to fetch ${one}`,
    duplicated: `${sentenceCase(one)} copied. You are editing the copy${lifecycleOf(type) ? ", saved as a draft" : ""}.`,
    inUse: (uses) => `This ${one} is used by ${uses}. Move or delete them first.`,
    ...type.messages,
  };
}

export function adminWordsOf(type: AnyContentType) {
  const one = titleCase(type.noun.one);
  const many = titleCase(type.noun.many);
  return {
    navLabel: many,
    loading: `Loading ${type.noun.many}...`,
    listHeading: (count: number) => `All ${many} (${formatCount(count)})`,
    matchingHeading: (count: number) => `Matching ${many} (${formatCount(count)})`,
    addLabel: type.admin.addLabel ?? `Add ${one}`,
    backLabel: `Back to ${many}`,
    deleteQuestion: `Are you sure you want to delete this ${type.noun.one}?`,
    formTitles: {
      add: `Add ${one}`,
      edit: `Edit ${one}`,
      create: `Create ${one}`,
      update: `Update ${one}`,
      ...type.admin.formTitles,
    },
  };
}
