/** Tags as stored: trimmed, no empties, no duplicates (compared without case), first spelling kept. */
export function normalizeTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  const result: string[] = [];
  for (const raw of tags) {
    const tag = raw.trim();
    const key = tag.toLowerCase();
    if (tag && !seen.has(key)) {
      seen.add(key);
      result.push(tag);
    }
  }
  return result;
}

/** The buying-guide form's comma-separated tags. */
export function splitTags(text: string | undefined): string[] {
  return normalizeTags((text ?? "").split(","));
}
