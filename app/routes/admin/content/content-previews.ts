import { redirect } from "react-router";

import type { Route } from "./+types/content-previews";
import { itemFor } from "./item-access.server";
import { previewLinkAction } from "./previews.server";

// Every previewable type's preview links, posted from its form (/admin/<segment>/previews/:id); opened,
// the address leads to that form, where the links are listed.

export const loader = async (args: Route.LoaderArgs) => redirect((await itemFor(args)).editPath);

export const action = (args: Route.ActionArgs) => previewLinkAction(args);
