import { type FormEvent, useRef } from "react";

import { slugify } from "#app/lib/slugify";

/**
 * The slug follows the title (or name) while creating, until the user types in the slug field;
 * while editing it never changes by itself.
 */
export function useSlugFollower(creating: boolean) {
  const slugRef = useRef<HTMLInputElement>(null);
  const touched = useRef(!creating);
  return {
    slugRef,
    onSourceInput(event: FormEvent<HTMLInputElement>) {
      if (!touched.current && slugRef.current) slugRef.current.value = slugify(event.currentTarget.value);
    },
    onSlugInput() {
      touched.current = true;
    },
  };
}
