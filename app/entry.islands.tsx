import { hydrateIslands } from "./islands/hydrate-islands";
import { enhancePage } from "./islands/page-behaviours";
import { takeSiteFormats } from "./lib/site-formats-meta";

// The script public pages load instead of React Router's (ADR 0026): the page's own links and forms work
// without it; it hydrates the interactive parts and adds the few behaviours written as data attributes.
// Dates and prices are in the site's zone and currency, known before the islands render.
takeSiteFormats(document);
hydrateIslands(document);
enhancePage(document);
