// Written by scripts/lib/islands-vite-plugin.ts from the client build.
declare module "virtual:dealdash/islands" {
  import type { IslandAssets } from "#app/islands/island-assets";

  const assets: IslandAssets;
  export default assets;
}
