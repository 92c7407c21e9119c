import { useEffect, useState } from "react";

import { SpriteIcon } from "#app/components/site/sprite-icon";
import { AFFILIATE_REL, clickBeaconUrl, clickOutHref, isAmazonUrl } from "#app/lib/click-out";
import { cn } from "#app/lib/cn";
import { formatDate } from "#app/lib/dates";
import { isExpired } from "#app/lib/expiry";
import { couponDiscountLabel } from "#app/lib/money";
import type { Placement } from "#app/lib/placements";
import { timeAgo } from "#app/lib/relative-time";
import { successRate } from "#app/modules/votes/votes";

import { island } from "./island";
import VotePromptView from "./vote-prompt";

export interface CouponCardData {
  id: string;
  title: string;
  description: string;
  hasCode: boolean;
  discountType: "percentage" | "fixed";
  discountValue: number;
  validUntil: Date | string | null;
  storeName: string;
  /** Where the card sends shoppers: null when the coupon and its store have no link (the code alone). */
  targetUrl: string | null;
  /** When the owner last saw the code work ('Mark verified'). */
  verifiedAt: Date | string | null;
  /** When a shopper last said it worked. */
  lastWorkedAt: Date | string | null;
  worked: number;
  failed: number;
}

const COPIED_FOR_MS = 2000;
const COUPON_CHOICES = [
  { vote: "worked", label: "Worked" },
  { vote: "failed", label: "Didn't work" },
] as const;

/** A moment in words ("3 days ago"), kept as the page rendered it: the browser may read it minutes later. */
function Ago({ at, before }: { at: Date | string; before: string }) {
  return (
    <time dateTime={new Date(at).toISOString()} suppressHydrationWarning>
      {before} {timeAgo(at)}
    </time>
  );
}

/**
 * What shoppers and the owner know of the code, as RetailMeNot shows it: '80% success (10 votes) · Last
 * worked 2 hours ago' once enough shoppers have answered, and 'Verified by us 3 days ago'.
 */
function CouponTrust({ coupon }: { coupon: CouponCardData }) {
  const rate = successRate(coupon.worked, coupon.failed);
  const parts = [
    rate !== null ? <span key="rate">{`${rate}% success (${coupon.worked + coupon.failed} votes)`}</span> : null,
    rate !== null && coupon.lastWorkedAt ? <Ago key="worked" at={coupon.lastWorkedAt} before="Last worked" /> : null,
    coupon.verifiedAt ? <Ago key="verified" at={coupon.verifiedAt} before="Verified by us" /> : null,
  ].filter((part) => part !== null);
  if (parts.length === 0) return null;
  return (
    <p className="text-xs text-gray-600" data-testid="coupon-trust">
      {parts.flatMap((part, index) => (index === 0 ? [part] : [" · ", part]))}
    </p>
  );
}

/**
 * The code stays masked until 'Show Code', which opens the retailer in a new tab and fetches the code;
 * Copy then shows 'Copied!' for two seconds. Without JavaScript 'Show Code' is a link to the code's own
 * page (with the way on to the store). An expired coupon is dimmed with both buttons disabled.
 */
export default function CouponCardView({ coupon: given, placement }: { coupon: CouponCardData; placement: Placement }) {
  // A shopper's own answer shows in the card's figures at once.
  const [tally, setTally] = useState<Pick<CouponCardData, "worked" | "failed" | "lastWorkedAt"> | null>(null);
  const coupon = tally ? { ...given, ...tally } : given;
  const expired = isExpired(coupon.validUntil);
  const [code, setCode] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const [revealed, setRevealed] = useState(false);
  const href = coupon.targetUrl ? clickOutHref("coupon", coupon.id, coupon.targetUrl, placement) : null;

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_FOR_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  async function reveal() {
    setRevealed(true);
    if (coupon.targetUrl && isAmazonUrl(coupon.targetUrl))
      navigator.sendBeacon?.(clickBeaconUrl("coupon", coupon.id, placement));
    if (!coupon.hasCode) return;
    const response = await fetch(`/coupons/${coupon.id}/code`, { headers: { Accept: "application/json" } });
    if (response.ok) setCode(((await response.json()) as { code: string | null }).code);
  }

  async function copy() {
    if (!code) return;
    await navigator.clipboard.writeText(code);
    setCopied(true);
  }

  const buttonClass = "inline-flex h-10 items-center justify-center gap-2 rounded-lg px-4 text-sm font-semibold";
  return (
    <article
      id={`coupon-${coupon.id}`}
      data-testid="coupon-card"
      aria-disabled={expired || undefined}
      className={cn(
        "flex flex-col gap-3 rounded-2xl border border-gray-200 bg-white p-5 shadow-sm",
        expired && "opacity-60",
      )}
    >
      <div className="flex items-start justify-between gap-3">
        <div>
          <p className="text-xs font-semibold uppercase tracking-wide text-brand-700">{coupon.storeName}</p>
          <h3 className="mt-1 font-semibold text-gray-900">{coupon.title}</h3>
        </div>
        <span className="shrink-0 rounded-lg bg-accent-700 px-3 py-1 text-sm font-extrabold text-white">
          {couponDiscountLabel(coupon.discountType, coupon.discountValue)}
        </span>
      </div>
      <p className="text-sm text-gray-600">{coupon.description}</p>
      <p className="text-xs text-gray-500">
        {coupon.validUntil ? `${expired ? "Expired" : "Expires"} ${formatDate(coupon.validUntil)}` : "No expiry date"}
      </p>
      <CouponTrust coupon={coupon} />
      <div className="mt-auto flex items-center gap-2 rounded-lg border-2 border-dashed border-gray-300 p-2">
        <SpriteIcon name="scissors" className="h-4 w-4 shrink-0 text-gray-400" />
        {!coupon.hasCode ? (
          <span className="flex-1 text-sm text-gray-600">No code needed</span>
        ) : code ? (
          <code data-testid="coupon-code" className="flex-1 font-mono text-lg font-bold tracking-widest text-gray-900">
            {code}
          </code>
        ) : (
          <span className="flex-1 select-none font-mono text-lg tracking-widest text-gray-500 blur-[3px]">
            <span aria-hidden="true">••••••••</span>
            <span className="sr-only">Hidden code</span>
          </span>
        )}
        {coupon.hasCode ? (
          <button
            type="button"
            onClick={copy}
            disabled={expired || !code}
            className={cn(buttonClass, "h-9 border border-gray-300 bg-white px-3 text-gray-800 disabled:opacity-50")}
          >
            <SpriteIcon name={copied ? "check" : "copy"} className="h-4 w-4" />
            {copied ? "Copied!" : "Copy"}
          </button>
        ) : null}
      </div>
      {expired ? (
        <button type="button" disabled className={cn(buttonClass, "bg-gray-300 text-gray-700")}>
          Expired
        </button>
      ) : href ? (
        <a
          href={coupon.hasCode && !revealed ? `/coupons/${coupon.id}/show?from=${encodeURIComponent(placement)}` : href}
          target={coupon.hasCode && !revealed ? undefined : "_blank"}
          rel={AFFILIATE_REL}
          onClick={(event) => {
            if (!coupon.hasCode || revealed) return void reveal();
            // The store in a new tab, the code here.
            event.preventDefault();
            window.open(href, "_blank", "noopener");
            void reveal();
          }}
          className={cn(buttonClass, "bg-brand-600 text-white hover:bg-brand-700")}
        >
          {revealed ? `Go to ${coupon.storeName}` : coupon.hasCode ? "Show Code" : "Get Deal"}
        </a>
      ) : coupon.hasCode && !revealed ? (
        // No link to the store: the code alone, shown here (without JavaScript, on the code's own page).
        <a
          href={`/coupons/${coupon.id}/show?from=${encodeURIComponent(placement)}`}
          onClick={(event) => {
            event.preventDefault();
            void reveal();
          }}
          className={cn(buttonClass, "bg-brand-600 text-white hover:bg-brand-700")}
        >
          Show Code
        </a>
      ) : null}
      {expired ? null : (
        <VotePromptView
          kind="coupon"
          id={coupon.id}
          question="Did it work?"
          choices={COUPON_CHOICES}
          onCounted={(counted, vote) =>
            setTally({
              worked: counted.worked,
              failed: counted.failed,
              lastWorkedAt: vote === "worked" ? new Date().toISOString() : coupon.lastWorkedAt,
            })
          }
        />
      )}
    </article>
  );
}

export const CouponCard = island("coupon-card", CouponCardView);
