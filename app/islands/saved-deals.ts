import { useSyncExternalStore } from "react";

// Saved deals live in this browser only (localStorage): no account needed, nothing sent to us.
const KEY = "savedDeals";
const listeners = new Set<() => void>();

function read(): string[] {
  try {
    const value: unknown = JSON.parse(window.localStorage.getItem(KEY) ?? "[]");
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
  } catch {
    return [];
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => event.key === KEY && listener();
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

/** The saved ids, as a stable string snapshot so React re-renders only on change. */
export function useSavedDealIds(): string[] {
  const value = useSyncExternalStore(
    subscribe,
    () => JSON.stringify(read()),
    () => "[]",
  );
  return JSON.parse(value) as string[];
}

export function toggleSavedDeal(id: string) {
  const ids = read();
  const next = ids.includes(id) ? ids.filter((other) => other !== id) : [...ids, id];
  window.localStorage.setItem(KEY, JSON.stringify(next));
  listeners.forEach((listener) => listener());
}
