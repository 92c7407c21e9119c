import { z } from "zod";

import { text } from "#app/lib/validation";
import { getProduct } from "#app/modules/amazon/amazon-api.server";
import { productForForms } from "#app/modules/amazon/amazon-product";
import { AmazonApiError, type AmazonErrorKind } from "#app/modules/amazon/amazon-request.server";
import { requireAdmin } from "#app/modules/users/require-admin.server";
import { logger } from "#app/platform/logger.server";

import type { Route } from "./+types/amazon-product";

// POST /api/amazon-product {asin}: the admin forms' "fetch from Amazon". Admin session and same origin
// (checked by server/app.ts for every write) required; answers JSON.

const requestSchema = z.object({
  asin: text()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{10}$/, "An ASIN is 10 letters and digits"),
});

const statusFor: Record<AmazonErrorKind, number> = {
  "bad-credentials": 422,
  invalid: 422,
  throttled: 429,
  "not-found": 404,
  "no-data": 502,
  unavailable: 503,
};

export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(request);
  const body: unknown = await request.json().catch(() => null);
  const parsed = requestSchema.safeParse(body);
  if (!parsed.success) return Response.json({ error: parsed.error.issues[0]!.message }, { status: 400 });

  const client = await context.amazon();
  if (!client) {
    return Response.json(
      { error: "Amazon is not configured yet: add your keys under Settings → Amazon." },
      { status: 409 },
    );
  }
  try {
    const product = await getProduct(client, parsed.data.asin);
    return Response.json(productForForms(product));
  } catch (error) {
    if (error instanceof AmazonApiError) {
      const headers = error.kind === "throttled" ? { "Retry-After": "60" } : undefined;
      return Response.json({ error: error.message, kind: error.kind }, { status: statusFor[error.kind], headers });
    }
    logger.error({ err: error }, "Amazon product fetch failed");
    return Response.json({ error: "No data received from Amazon API" }, { status: 502 });
  }
}

export function loader() {
  return Response.json({ error: 'Use POST with {"asin": "…"}' }, { status: 405 });
}
