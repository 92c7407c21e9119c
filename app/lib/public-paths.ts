// The public pages of single items, in one place: cards, breadcrumbs, structured data and the sitemap
// link to the same addresses.

export const dealPath = (deal: { slug: string }) => `/deals/${deal.slug}`;
export const storePath = (store: { slug: string }) => `/stores/${store.slug}`;
export const categoryPath = (category: { slug: string }) => `/categories/${category.slug}`;
export const giftIdeaPath = (gift: { slug: string }) => `/gift-ideas/${gift.slug}`;
export const guidePath = (guide: { slug: string }) => `/buying-guides/${guide.slug}`;
