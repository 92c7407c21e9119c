import { parseWithZod } from "@conform-to/zod/v4";
import { and, eq, inArray, sql } from "drizzle-orm";

import type { Database, Executor } from "#app/db/client.server";
import { deals, sourcedItems, sourcingCandidates, stores } from "#app/db/schema";
import type { Actor, Service } from "#app/lib/actor";
import { toDateInput } from "#app/lib/dates";
import { SLUG_TAKEN } from "#app/lib/validation";
import type { AmazonApi } from "#app/modules/amazon/amazon-api.server";
import type { AmazonProduct } from "#app/modules/amazon/amazon-product";
import { recordAudit } from "#app/modules/audit/audit.server";
import { saveContent } from "#app/modules/catalogue/mutations.server";
import { contentType } from "#app/modules/catalogue/registry.server";

import type { Candidate } from "./candidates.server";
import { auditTitleOf, countDecisions } from "./candidates.server";

// Approving a candidate: it becomes a draft or a published deal or coupon through the same schema and save
// as the admin's own form (so it is audited, announced and checked alike), and it stays tied to its offer
// (`sourced_items`), which keeps the offer from coming back and lets its source update what it became.

/** What the form of a candidate's item would hold: the values the item's form submits, as text. */
export type CandidateForm = { type: "deals" | "coupons"; values: Record<string, string> };

const asinOfKey = (key: string) => (key.startsWith("asin:") ? key.slice(5) : null);

/**
 * The candidate as its item's form values: what the source said, and for an Amazon product what Amazon
 * says now (its title, picture and price are never kept past 24 hours, so they are read again here).
 */
export function candidateForm(
  candidate: Candidate,
  status: "draft" | "published",
  read: { product?: AmazonProduct; amazonStoreId?: string | null } = {},
): CandidateForm {
  const plain = (value: number | null | undefined) => (value == null ? "" : String(value));
  const day = (value: Date | null) => (value ? toDateInput(value) : "");
  if (candidate.kind === "coupon")
    return {
      type: "coupons",
      values: {
        title: candidate.title ?? "",
        description: candidate.description ?? candidate.title ?? "",
        storeId: candidate.storeId ?? "",
        couponCode: candidate.couponCode ?? "",
        discountType: candidate.discountType ?? "percentage",
        discountValue: plain(candidate.discountValue),
        validFrom: day(candidate.startsAt),
        validUntil: day(candidate.endsAt),
        // The network's tracking link is the coupon's own; without one the store's affiliate link serves.
        urlType: candidate.affiliateUrl ? "manual" : "automatic",
        customUrl: candidate.affiliateUrl ?? "",
        status,
      },
    };
  const { product } = read;
  const asin = asinOfKey(candidate.dedupeKey);
  return {
    type: "deals",
    values: {
      storeId: (asin ? read.amazonStoreId : candidate.storeId) ?? "",
      title: product?.title ?? candidate.title ?? "",
      shortDescription: (candidate.description ?? candidate.note ?? product?.title ?? candidate.title ?? "").slice(
        0,
        500,
      ),
      longDescription: product?.description ?? "",
      imageUrl: product?.imageUrl ?? candidate.imageUrl ?? "",
      // Only a link the source or Amazon made for the site: a tip's address is never one.
      affiliateUrl: product?.affiliateUrl ?? candidate.affiliateUrl ?? "",
      currentPrice: plain(product ? product.currentPrice : candidate.price),
      originalPrice: plain(product ? product.originalPrice : candidate.originalPrice),
      referencePriceKind: product?.referencePriceKind ?? "owner",
      expiresAt: day(candidate.endsAt),
      amazonAsin: asin ?? "",
      trackClicks: "on",
      status,
    },
  };
}

/** The form's missing or refused fields, in words: "a picture, an affiliate link". */
const FIELD_WORDS: Record<string, string> = {
  storeId: "a store",
  title: "a title",
  shortDescription: "a description",
  description: "a description",
  imageUrl: "a picture",
  affiliateUrl: "an affiliate link",
  currentPrice: "a price",
  discountValue: "a discount",
};
const describeMissing = (fields: string[]) =>
  [...new Set(fields.map((field) => FIELD_WORDS[field] ?? field))].join(", ");

export interface Approval {
  approved: Array<{ id: string; title: string; type: "deals" | "coupons"; itemId: string }>;
  /** Candidates the owner must complete first, and what they lack. */
  needsEditing: Array<{ id: string; title: string; missing: string }>;
  /** Candidates no longer waiting (decided by someone else meanwhile, or withdrawn). */
  gone: number;
}

/** The candidate was decided by someone else, or withdrawn, while the save ran: the save rolls back. */
export class NoLongerWaiting extends Error {}

/** The store Amazon's deals belong to: the one named 'amazon', as the deal form has it. */
async function amazonStoreId(db: Executor): Promise<string | null> {
  const [store] = await db
    .select({ id: stores.id })
    .from(stores)
    .where(sql`lower(${stores.name}) = 'amazon'`)
    .limit(1);
  return store?.id ?? null;
}

/**
 * Marks the candidate approved and ties the item to its offer, inside the item's save: a candidate someone
 * else decided meanwhile rolls the save back.
 */
async function recordApproval(
  tx: Executor,
  candidate: Candidate,
  item: { type: "deals" | "coupons"; id: string },
  actor: Actor | Service,
): Promise<void> {
  const [decided] = await tx
    .update(sourcingCandidates)
    .set({ status: "approved", snoozedUntil: null, reviewedAt: new Date(), reviewedBy: actor.id })
    .where(and(eq(sourcingCandidates.id, candidate.id), sql`${sourcingCandidates.status} IN ('pending', 'snoozed')`))
    .returning({ id: sourcingCandidates.id });
  if (!decided) throw new NoLongerWaiting();
  await tx.insert(sourcedItems).values({
    dealId: item.type === "deals" ? item.id : null,
    couponId: item.type === "coupons" ? item.id : null,
    sourceId: candidate.sourceId,
    externalId: candidate.externalId,
    dedupeKey: candidate.dedupeKey,
    couponCode: candidate.couponCode,
    endsAt: candidate.endsAt,
  });
  // The approval rate is the owner's judgement of the source: its own auto-publishing does not count.
  if (actor.id) await countDecisions(tx, [candidate], "approvedCount");
  await recordAudit(tx, {
    action: "sourcing",
    actor,
    detail: {
      did: "approve",
      id: candidate.id,
      title: auditTitleOf(candidate),
      source: candidate.source,
      item: item.id,
    },
  });
}

/**
 * Approves waiting candidates as drafts or published items, each in its own transaction. A candidate its
 * form would refuse (a tip has no picture or affiliate link) is left waiting and reported, for the owner to
 * complete with "Edit".
 */
export async function approveCandidates(
  db: Database,
  ids: string[],
  options: { publish: boolean; actor: Actor | Service; amazon: AmazonApi | null },
): Promise<Approval> {
  const outcome: Approval = { approved: [], needsEditing: [], gone: 0 };
  if (ids.length === 0) return outcome;
  const waiting = await db
    .select()
    .from(sourcingCandidates)
    .where(and(inArray(sourcingCandidates.id, ids), sql`${sourcingCandidates.status} IN ('pending', 'snoozed')`));
  outcome.gone = ids.length - waiting.length;
  const asins = waiting.map((candidate) => asinOfKey(candidate.dedupeKey)).filter((asin) => asin !== null);
  const [products, amazonStore] = await Promise.all([
    asins.length > 0 && options.amazon ? options.amazon.getItems(asins) : new Map<string, AmazonProduct>(),
    asins.length > 0 ? amazonStoreId(db) : null,
  ]);
  for (const candidate of waiting) {
    const asin = asinOfKey(candidate.dedupeKey);
    const product = asin ? products.get(asin) : undefined;
    const form = candidateForm(candidate, options.publish ? "published" : "draft", {
      product,
      amazonStoreId: amazonStore,
    });
    const title = form.values.title || candidate.dedupeKey;
    if (asin && !product) {
      outcome.needsEditing.push({
        id: candidate.id,
        title,
        // An offer from an Amazon search was listed when it was found; a shopper's link may never have been.
        missing: !options.amazon
          ? "Amazon's details (set up Amazon first)"
          : candidate.source === "amazon"
            ? "Amazon's current details (it no longer lists it)"
            : "Amazon's current details (Amazon does not list it)",
      });
      continue;
    }
    const result = await approveOne(db, candidate, form, options.actor, product);
    if (result === "gone") outcome.gone++;
    else if ("missing" in result) outcome.needsEditing.push({ id: candidate.id, title, missing: result.missing });
    else outcome.approved.push({ id: candidate.id, title, type: form.type, itemId: result.itemId });
  }
  return outcome;
}

async function approveOne(
  db: Database,
  candidate: Candidate,
  form: CandidateForm,
  actor: Actor | Service,
  product: AmazonProduct | undefined,
): Promise<"gone" | { missing: string } | { itemId: string }> {
  const type = contentType(form.type === "deals" ? "deal" : "coupon");
  const submission = parseWithZod(new URLSearchParams(form.values), { schema: type.schema });
  if (submission.status !== "success") return { missing: describeMissing(Object.keys(submission.error ?? {})) };
  // Two offers with one title: the second item's slug takes the candidate's id to stay unique.
  for (const slug of [
    undefined,
    `${String((submission.value as { slug: string }).slug)}-${candidate.id.slice(0, 8)}`,
  ]) {
    const input = slug ? { ...(submission.value as object), slug } : submission.value;
    try {
      const saved = await db.transaction(async (tx) => {
        const result = await saveContent(type, tx, actor, undefined, input, { detail: { sourced: candidate.source } });
        if (!result.ok) return result;
        if (product)
          await tx
            .update(deals)
            .set({ priceUpdatedAt: new Date(), amazonInStock: product.buyable })
            .where(eq(deals.id, result.row.id));
        await recordApproval(tx, candidate, { type: form.type, id: result.row.id }, actor);
        return result;
      });
      if (saved.ok) return { itemId: saved.row.id };
      if (saved.reason === "invalid" && saved.fieldErrors.slug?.includes(SLUG_TAKEN) && !slug) continue;
      return saved.reason === "invalid" ? { missing: describeMissing(Object.keys(saved.fieldErrors)) } : "gone";
    } catch (error) {
      if (error instanceof NoLongerWaiting) return "gone";
      throw error;
    }
  }
  return { missing: "a slug of its own" };
}

/** A waiting candidate as its item's form would start (Amazon's details read again), for "Edit"; null when it is not waiting. */
export async function waitingCandidateForm(
  db: Executor,
  id: string,
  amazon: AmazonApi | null,
): Promise<(CandidateForm & { id: string }) | null> {
  const [candidate] = await db
    .select()
    .from(sourcingCandidates)
    .where(and(eq(sourcingCandidates.id, id), sql`${sourcingCandidates.status} IN ('pending', 'snoozed')`));
  if (!candidate) return null;
  const asin = asinOfKey(candidate.dedupeKey);
  const [products, amazonStore] = asin
    ? await Promise.all([amazon ? amazon.getItems([asin]).catch(() => new Map()) : new Map(), amazonStoreId(db)])
    : [new Map<string, AmazonProduct>(), null];
  return {
    id,
    ...candidateForm(candidate, "draft", { product: products.get(asin ?? ""), amazonStoreId: amazonStore }),
  };
}

/** The owner saved an edited candidate's item: the candidate is approved with it (inside its save). */
export async function approveEdited(
  tx: Executor,
  candidateId: string,
  item: { type: "deals" | "coupons"; id: string },
  actor: Actor,
): Promise<void> {
  const [candidate] = await tx.select().from(sourcingCandidates).where(eq(sourcingCandidates.id, candidateId));
  if (!candidate) throw new NoLongerWaiting();
  await recordApproval(tx, candidate, item, actor);
}
