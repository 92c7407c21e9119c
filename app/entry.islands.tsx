import { hydrateIslands } from "./islands/hydrate-islands";
import { enhancePage } from "./islands/page-behaviours";

// The script public pages load instead of React Router's (ADR 0026): the page's own links and forms work
// without it; it hydrates the interactive parts and adds the few behaviours written as data attributes.
hydrateIslands(document);
enhancePage(document);
