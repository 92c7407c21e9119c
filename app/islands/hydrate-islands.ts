import { type ComponentType, createElement } from "react";
import { hydrateRoot } from "react-dom/client";

import type { IslandName } from "./island-names";
import { islands } from "./registry";

/** Hydrates each island under `root` from the props its wrapper carries (island.tsx); an island inside another is the outer one's to render. */
export function hydrateIslands(root: ParentNode) {
  for (const element of root.querySelectorAll<HTMLElement>("[data-island]")) {
    if (element.parentElement?.closest("[data-island]")) continue;
    const load = islands[element.dataset.island as IslandName] as
      (() => Promise<{ default: ComponentType<object> }>) | undefined;
    if (!load) continue;
    const props = JSON.parse(element.dataset.props ?? "{}") as object;
    void load().then((module) => hydrateRoot(element, createElement(module.default, props)));
  }
}
