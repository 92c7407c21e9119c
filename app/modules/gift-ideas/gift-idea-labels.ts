import type { audiences, occasions } from "#app/db/schema/gift-ideas";

// Display names for the occasion and audience values; zod-free, so public pages can show them.

export const occasionLabels: Record<(typeof occasions)[number], string> = {
  birthday: "Birthday",
  christmas: "Christmas",
  "mothers-day": "Mother's Day",
  "fathers-day": "Father's Day",
  graduation: "Graduation",
  wedding: "Wedding",
  anniversary: "Anniversary",
  valentines: "Valentine's Day",
  general: "General",
};

export const audienceLabels: Record<(typeof audiences)[number], string> = {
  men: "Men",
  women: "Women",
  teens: "Teens",
  kids: "Kids",
  babies: "Babies",
  teachers: "Teachers",
  coworkers: "Coworkers",
  parents: "Parents",
  couples: "Couples",
  general: "General",
};
