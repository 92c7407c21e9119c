import { data } from "react-router";

import { isUuid } from "#app/lib/uuid";
import {
  alertLink,
  alertLinkMatches,
  alertToManage,
  confirmAlert,
  pauseAlertsOfAddress,
} from "#app/modules/alerts/alerts.server";
import { confirmationLinkValid, confirmSubscription, unsubscribe } from "#app/modules/newsletter/newsletter.server";
import type { AppServices } from "#app/platform/load-context";

import { alertLinks, type ListLinks, newsletterLinks } from "./subscription-link.server";

// The pages a subscription message's links open, one set for every list: confirm and unsubscribe. Each
// asks before it acts (mail scanners follow links); its POST acts, which is also what a mail client's
// one-click 'Unsubscribe' sends (RFC 8058). A list says its words and what each step does.

type Services = Pick<AppServices, "db" | "env" | "appSecret">;
type Step = "confirm" | "unsubscribe";

interface StepPage {
  title: string;
  description: string;
  /** `noLink`: what a visit without the link's token is told (the invalid link's words unless given). */
  words: { question: string; button: string; done: string; invalid: string; noLink?: string };
  /** Whether the page may offer its button: checked without acting. */
  offers(services: Services, id: string, token: string | null): Promise<boolean>;
  /** The button: whether it took. */
  act(services: Services, id: string, token: string | null): Promise<boolean>;
  /** Where a success leads on. */
  next?(services: Services, id: string): { label: string; to: string };
}

/** An unsubscribe page offers its button to any visit with a token: the POST checks it. */
const hasToken = async (_services: Services, _id: string, token: string | null) => Boolean(token);

const lists: Array<{ links: ListLinks; steps: Record<Step, StepPage> }> = [
  {
    links: newsletterLinks,
    steps: {
      confirm: {
        title: "Newsletter",
        description: "Confirm your DealDash newsletter subscription.",
        words: {
          question: "Get the DealDash weekly deals newsletter at this address?",
          button: "Confirm my subscription",
          done: "You're subscribed: the DealDash weekly deals newsletter will come to your inbox.",
          invalid:
            "This confirmation link is not valid or has expired. Subscribe again with the form at the bottom of any page.",
        },
        offers: (services, id, token) => confirmationLinkValid(services.db, services.appSecret, id, token),
        act: (services, id, token) => confirmSubscription(services.db, services.appSecret, id, token),
        next: () => ({ label: "Browse today's deals", to: "/deal-dashes" }),
      },
      unsubscribe: {
        title: "Unsubscribe",
        description: "Stop the DealDash newsletter.",
        words: {
          question: "Stop getting the DealDash weekly deals newsletter at this address?",
          button: "Unsubscribe",
          done: "You're unsubscribed: no more newsletters will come to this address.",
          invalid: "This unsubscribe link is not valid. Use the link in the latest newsletter.",
          noLink: "Use the unsubscribe link at the bottom of any DealDash newsletter.",
        },
        offers: hasToken,
        act: (services, id, token) => unsubscribe(services.db, services.appSecret, id, token),
      },
    },
  },
  {
    links: alertLinks,
    steps: {
      confirm: {
        title: "Deal alert",
        description: "Confirm your DealDash deal alert.",
        words: {
          question: "Start this deal alert? We email you when a matching deal is published.",
          button: "Start my alert",
          done: "Your alert is on: we email you when a matching deal is published.",
          invalid:
            "This confirmation link is not valid, or the alert was deleted. Set up a new one from any deals page.",
        },
        offers: async (services, id, token) =>
          alertLinkMatches(services.appSecret, "confirm", id, token) && Boolean(await alertToManage(services.db, id)),
        act: (services, id, token) => confirmAlert(services.db, services.appSecret, id, token),
        // Its manage page, reached from here without waiting for the first alert message.
        next: (services, id) => {
          const manage = new URL(alertLink(services, "manage", id));
          return { label: "Edit or pause this alert", to: manage.pathname + manage.search };
        },
      },
      unsubscribe: {
        title: "Stop deal alerts",
        description: "Stop your DealDash deal alerts.",
        words: {
          question: "Pause every deal alert of this address?",
          button: "Stop my alerts",
          done: "Your deal alerts are paused: no more alert emails will come to this address.",
          invalid: "This link is not valid. Use the link in the latest alert email.",
          noLink: "Use the link at the bottom of any DealDash alert email.",
        },
        offers: hasToken,
        act: async (services, id, token) =>
          alertLinkMatches(services.appSecret, "unsubscribe", id, token) &&
          (await pauseAlertsOfAddress(services.db, id)),
      },
    },
  },
];

/** The list, step and signed link a request's URL names (`/alerts/confirm?a=…&t=…`); 404 for no such page. */
function linkOf(request: Request) {
  const url = new URL(request.url);
  const [, path, step] = /^(\/[a-z]+)\/(confirm|unsubscribe)$/.exec(url.pathname) ?? [];
  const list = lists.find((candidate) => candidate.links.path === path);
  if (!list || !step) throw data(null, { status: 404 });
  const id = url.searchParams.get(list.links.param) ?? "";
  return { page: list.steps[step as Step], id: isUuid(id) ? id : "", token: url.searchParams.get("t") };
}

/** What the page shows before its button is pressed. */
export async function readSubscriptionPage(services: Services, request: Request) {
  const { page, id, token } = linkOf(request);
  return {
    title: page.title,
    description: page.description,
    words: page.words,
    hasLink: await page.offers(services, id, token),
  };
}

/** The button (or a mail client's one-click POST): whether it took, and where a success leads on. */
export async function actOnSubscriptionPage(services: Services, request: Request) {
  const { page, id, token } = linkOf(request);
  const done = Boolean(id) && (await page.act(services, id, token));
  return { done, next: done ? (page.next?.(services, id) ?? null) : null };
}
