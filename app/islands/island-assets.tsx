import { createContext, useContext } from "react";

/** What a public page loads in place of React Router's scripts: the islands script and what it imports. */
export interface IslandAssets {
  /** Module scripts, in order. */
  scripts: string[];
  /** Files the scripts import, fetched at once instead of one after another. */
  preloads: string[];
}

// Given on the server (entry.server.tsx); a page hydrated by React Router never renders these.
const IslandAssetsContext = createContext<IslandAssets | null>(null);

export const IslandAssetsProvider = IslandAssetsContext.Provider;
export const useIslandAssets = () => useContext(IslandAssetsContext);

export function IslandPreloads({ assets }: { assets: IslandAssets }) {
  return assets.preloads.map((href) => <link key={href} rel="modulepreload" href={href} />);
}

export function IslandScripts({ assets, nonce }: { assets: IslandAssets; nonce: string }) {
  return assets.scripts.map((src) => <script key={src} type="module" src={src} nonce={nonce} />);
}
