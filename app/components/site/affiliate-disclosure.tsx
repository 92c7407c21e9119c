import { Link } from "react-router";

/** The short disclosure above the first affiliate link of a page (FTC; Amazon Associates). */
export function AffiliateDisclosure() {
  return (
    <p className="text-xs text-gray-500">
      We may earn a commission when you buy through links on this page.{" "}
      <Link to="/disclaimer" className="underline">
        How we earn
      </Link>
    </p>
  );
}
