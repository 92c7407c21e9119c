import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

import { takeSiteTimeZone } from "./lib/site-time-zone-meta";

// The admin's browser entry (public pages load the islands script instead): the page's dates are in the
// site's zone, which must be known before hydrating, so the browser renders the server's text.
takeSiteTimeZone(document);

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
