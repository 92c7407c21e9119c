import { hydrateIslands } from "./hydrate-islands";

// Behaviours public pages declare in their markup and that need no component: one listener each on the
// document, so cards appended by 'Load More' have them too.

/** Links straight to Amazon (which forbids redirects) carry their click-count URL: count the click on the way out. */
function countDirectClicks(event: MouseEvent) {
  const beacon = (event.target as Element).closest?.("a[data-beacon]")?.getAttribute("data-beacon");
  if (beacon) navigator.sendBeacon?.(beacon);
}

/** A filter form applies a choice (a select, a checkbox) as it is made; a search box applies on Enter or its button. */
function submitChosenFilter(event: Event) {
  const control = event.target as HTMLInputElement | HTMLSelectElement;
  const form = control.form;
  if (!form?.hasAttribute("data-auto-submit")) return;
  if (control instanceof HTMLSelectElement || control.type === "checkbox" || control.type === "radio")
    form.requestSubmit();
}

const isPlainClick = (event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

/**
 * 'Load More': fetches the next page (a real link, which works without this) and appends its new cards to
 * the list on screen, without a page load and without scrolling; the address follows, so a reload shows
 * the same cards. A failed fetch falls back to following the link.
 */
async function loadMore(link: HTMLAnchorElement) {
  const list = document.querySelector("[data-card-list]");
  const control = link.closest("[data-load-more]");
  if (!list || !control) return void (location.href = link.href);
  const label = link.textContent;
  link.textContent = "Loading...";
  link.setAttribute("aria-busy", "true");
  try {
    const response = await fetch(link.href, { headers: { Accept: "text/html" } });
    if (!response.ok) throw new Error(`${response.status}`);
    const next = new DOMParser().parseFromString(await response.text(), "text/html");
    const shown = new Set([...list.children].map((item) => item.getAttribute("data-key")));
    const added = [...(next.querySelector("[data-card-list]")?.children ?? [])].filter(
      (item) => !shown.has(item.getAttribute("data-key")),
    );
    for (const item of added) list.append(document.adoptNode(item));
    const nextControl = next.querySelector("[data-load-more]");
    if (nextControl) control.replaceWith(document.adoptNode(nextControl));
    else control.remove();
    history.replaceState(history.state, "", link.href);
    for (const item of added) hydrateIslands(item);
    // Keyboard and screen-reader users continue at the first new card.
    added[0]?.querySelector<HTMLElement>("a[href]:not([tabindex='-1']), button")?.focus({ preventScroll: true });
  } catch {
    location.href = link.href;
  } finally {
    link.textContent = label;
    link.removeAttribute("aria-busy");
  }
}

function onClick(event: MouseEvent) {
  countDirectClicks(event);
  const link = (event.target as Element).closest?.<HTMLAnchorElement>("[data-load-more] a[href]");
  if (link && isPlainClick(event)) {
    event.preventDefault();
    void loadMore(link);
  }
}

/**
 * A page shown again by Back or Forward from the browser's memory keeps the choice that sent the visitor
 * away; its filters go back to what its own address says (what the server rendered).
 */
function resetFiltersOnReturn(event: PageTransitionEvent) {
  if (event.persisted)
    document.querySelectorAll<HTMLFormElement>("form[data-auto-submit]").forEach((form) => form.reset());
}

/** A search form (`data-trim`) sends what was typed without the spaces around it. */
function trimBeforeSending(event: SubmitEvent) {
  const form = event.target as HTMLFormElement;
  if (!form.hasAttribute("data-trim")) return;
  form
    .querySelectorAll<HTMLInputElement>("input[type=search], input[type=text]")
    .forEach((input) => (input.value = input.value.trim()));
}

export function enhancePage(document: Document) {
  // A form that came back with messages: the first field with one takes the focus, so a keyboard or
  // screen-reader user lands on it.
  document.querySelector<HTMLElement>("form [aria-invalid=true]")?.focus();
  document.addEventListener("click", onClick);
  document.addEventListener("change", submitChosenFilter);
  document.addEventListener("submit", trimBeforeSending);
  window.addEventListener("pageshow", resetFiltersOnReturn);
  // From md up the filters are always shown (app.css); where the browser cannot show a closed panel's content, open it.
  if (matchMedia("(min-width: 48rem)").matches)
    document.querySelectorAll<HTMLDetailsElement>("details.filter-panel").forEach((panel) => (panel.open = true));
}
