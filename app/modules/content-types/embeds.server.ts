import { asc } from "drizzle-orm";
import type { Executor } from "#app/db/client.server";
import { splitContent, tokenIds } from "#app/lib/content-tokens";
import type { TypeKey } from "./content-type";
import { publicRows } from "./public-read.server";
import { contentTypes } from "./registry.server";
import { titleColumnOf } from "./words";

// Guides embed published items as `[kind:id]` tokens. The kinds are the types with `embed`.

export interface TokenChoice {
  id: string;
  title: string;
}

/** One "+ Deal" menu of the guide editor: the published items of one kind, by title. */
export interface TokenPicker {
  kind: TypeKey;
  label: string;
  noun: string;
  choices: TokenChoice[];
}

const embeddable = () => contentTypes.filter((type) => type.embed);

export async function tokenPickers(db: Executor): Promise<TokenPicker[]> {
  return Promise.all(
    embeddable().map(async (type) => ({
      kind: type.key,
      label: type.embed!.label,
      noun: type.noun.many,
      choices: (await db
        .select({ id: type.table.id, title: titleColumnOf(type) })
        .from(publicRows(type))
        .orderBy(asc(titleColumnOf(type)))) as TokenChoice[],
    })),
  );
}

export type EmbeddedSegment = { type: "html"; html: string } | { type: "card"; kind: string; card: { id: string } };

/**
 * Guide HTML (already sanitised) as HTML runs and cards. A token whose item is not public (a draft, a
 * deleted row) is left out, so a guide never shows what the public may not see.
 */
export async function embedCards(db: Executor, html: string): Promise<EmbeddedSegment[]> {
  const ids = tokenIds(html);
  const found = new Map<string, { id: string }>();
  await Promise.all(
    embeddable().map(async (type) => {
      const wanted = ids[type.key] ?? [];
      if (wanted.length === 0) return;
      for (const card of await type.embed!.cards(db, wanted)) found.set(`${type.key}:${card.id}`, card);
    }),
  );
  return splitContent(html).flatMap((segment): EmbeddedSegment[] => {
    if (segment.type === "html") return [segment];
    const card = found.get(`${segment.kind}:${segment.id}`);
    return card ? [{ type: "card", kind: segment.kind, card }] : [];
  });
}
