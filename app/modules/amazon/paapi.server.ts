import aws4 from "aws4";

import { type AmazonCredentials, errorFor, PAAPI_RESOURCES, post, type Sender } from "./amazon-request.server";
import type { Marketplace } from "./marketplaces";

// The legacy PA-API 5.0: GetItems signed with AWS SigV4 (by the aws4 library). Protocol notes: ADR 0006.

/** A PA-API batch's raw answer. */
export function paapiGetItems(
  credentials: AmazonCredentials,
  market: Marketplace,
  { override, timeoutMs, send }: { override: string | undefined; timeoutMs: number; send: Sender },
): (asins: string[]) => Promise<unknown> {
  const target = override ? new URL(override) : new URL(`https://${market.paapiHost}`);
  return async (asins) => {
    const body = JSON.stringify({
      ItemIds: asins,
      ItemIdType: "ASIN",
      PartnerTag: credentials.associateTag,
      PartnerType: "Associates",
      Marketplace: credentials.marketplace,
      Resources: PAAPI_RESOURCES,
    });
    const answer = await send(() => {
      const signed = aws4.sign(
        {
          host: target.host,
          path: "/paapi5/getitems",
          method: "POST",
          service: "ProductAdvertisingAPI",
          region: market.paapiRegion,
          headers: {
            "content-type": "application/json; charset=utf-8",
            "content-encoding": "amz-1.0",
            "x-amz-target": "com.amazon.paapi5.v1.ProductAdvertisingAPIv1.GetItems",
          },
          body,
        },
        { accessKeyId: credentials.accessKey, secretAccessKey: credentials.secretKey },
      );
      return post(
        `${target.protocol}//${target.host}/paapi5/getitems`,
        { headers: signed.headers as Record<string, string>, body },
        timeoutMs,
      );
    });
    if (answer.status !== 200) throw errorFor(answer);
    return answer.body;
  };
}
