/** The ids of a category and everything below it: the parents it must not be moved under. */
export function selfAndDescendants(
  id: string,
  all: ReadonlyArray<{ id: string; parentId: string | null }>,
): Set<string> {
  const result = new Set([id]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const category of all) {
      if (category.parentId && result.has(category.parentId) && !result.has(category.id)) {
        result.add(category.id);
        grew = true;
      }
    }
  }
  return result;
}
