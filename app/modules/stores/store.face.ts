import { stores } from "#app/db/schema";
import { storePath } from "#app/lib/public-paths";
import type { ContentFace } from "#app/modules/content-types/content-type";
import { defineTeaser } from "#app/modules/content-types/teaser";

// What anyone may know about stores: public queries and outward features read this face, the admin
// desk (storeType) builds on it.

export const storeFace = {
  key: "store" as const,
  noun: { one: "store", many: "stores" },
  table: stores,
  publicPath: storePath,
  teaser: defineTeaser({
    columns: { name: stores.name, slug: stores.slug },
    of: (store) => ({ title: store.name, path: storePath(store), summary: "", image: null }),
  }),
} satisfies ContentFace<typeof stores>;
