/** The analytics' device classes: all that is kept of a user agent. */
export const deviceClasses = ["phone", "tablet", "desktop"] as const;
export type DeviceClass = (typeof deviceClasses)[number];

const TABLET = /iPad|Tablet|PlayBook|Silk|Kindle|Android(?!.*Mobile)/i;
const PHONE = /Mobi|iPhone|iPod|Android|Windows Phone|BlackBerry|Opera Mini/i;

/** A user agent's device class, as browsers announce themselves (tablets first: an Android tablet says "Android" without "Mobile"). */
export function deviceClassOf(userAgent: string): DeviceClass {
  if (TABLET.test(userAgent)) return "tablet";
  if (PHONE.test(userAgent)) return "phone";
  return "desktop";
}
