import { useState } from "react";
import type { PageWindow } from "#app/lib/page-window";

interface Shown<Item> {
  source: readonly Item[];
  items: readonly Item[];
  listKey: string;
  firstPage: number;
  lastPage: number;
}

/**
 * The cards a listing shows: an answer carries a few pages at most, so 'Load More' (the next page of the
 * same list) appends the new cards to those on screen instead of replacing them; the same pages again (a
 * view switch) keep what is on screen; anything else (a filter, a reload, 'Show earlier') starts over.
 * `listKey` names the list without its page.
 */
export function useLoadedPages<Item extends { id: string }>(items: readonly Item[], listKey: string, window: Pick<PageWindow, "firstPage" | "lastPage">) {
  const [shown, setShown] = useState<Shown<Item>>({ source: items, items, listKey, ...window });
  if (shown.source === items) return shown;
  const sameList = shown.listKey === listKey;
  let next: Shown<Item> = { source: items, items, listKey, ...window };
  if (sameList && window.lastPage === shown.lastPage) next = { ...shown, source: items };
  else if (sameList && window.lastPage === shown.lastPage + 1 && window.firstPage <= shown.lastPage + 1) {
    const onScreen = new Set(shown.items.map((item) => item.id));
    next = { ...next, items: [...shown.items, ...items.filter((item) => !onScreen.has(item.id))], firstPage: shown.firstPage };
  }
  // Adjusting state while rendering (React's pattern for state derived from changed props): no extra paint.
  setShown(next);
  return next;
}
