import { hydrateIslands } from "./islands/hydrate-islands";
import { enhancePage } from "./islands/page-behaviours";
import { takeSiteTimeZone } from "./lib/site-time-zone-meta";

// The script public pages load instead of React Router's (ADR 0026): the page's own links and forms work
// without it; it hydrates the interactive parts and adds the few behaviours written as data attributes.
// Dates are in the site's time zone, known before the islands render.
takeSiteTimeZone(document);
hydrateIslands(document);
enhancePage(document);
