// The gadget feeds tests and the sourcing bench serve: a CSV with these columns, and the feed source's form
// that maps them.

export const GADGET_FEED_HEADER = "id,name,link,tracking,image,price,was,store";

const mapping = {
  id: "id",
  title: "name",
  url: "link",
  affiliateUrl: "tracking",
  imageUrl: "image",
  price: "price",
  originalPrice: "was",
  merchant: "store",
};

/** A feed source's form values for a gadget feed at this address (as the form posts them, before its schema). */
export const gadgetFeedForm = (name: string, url: string, values: Record<string, unknown> = {}) => ({
  name,
  everyMinutes: "60",
  enabled: true,
  settings: { url, mapping },
  ...values,
});
