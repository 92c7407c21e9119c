import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

import { takeSiteFormats } from "./lib/site-formats-meta";

// The admin's browser entry (public pages load the islands script instead): the page's dates are in the
// site's zone and currency, which must be known before hydrating, so the browser renders the server's text.
takeSiteFormats(document);

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
