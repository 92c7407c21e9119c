import { useState } from "react";
import { useFetcher, useLocation } from "react-router";

import type { Selection } from "./bulk-bar";

/**
 * The admin list's ticked rows and its bulk action's fetcher. Nothing stays ticked in a new view (another
 * page, filter or sort), nor after a bulk action is done.
 */
export function useListSelection() {
  const { search } = useLocation();
  const bulk = useFetcher<{ ok: boolean }>();
  const [ticked, setTicked] = useState<Selection & { view: string }>({ ids: new Set(), all: false, view: search });
  const [settled, setSettled] = useState(bulk.data);
  if (bulk.state === "idle" && bulk.data !== settled) {
    setSettled(bulk.data);
    setTicked({ ids: new Set(), all: false, view: search });
  }
  const selection: Selection = ticked.view === search ? ticked : { ids: new Set(), all: false };
  const setSelection = (next: Selection) => setTicked({ ...next, view: search });
  function toggle(id: string, on: boolean) {
    const ids = new Set(selection.ids);
    if (on) ids.add(id);
    else ids.delete(id);
    setSelection({ ids, all: false });
  }
  return { bulk, selection, setSelection, toggle };
}
