import { Link } from "react-router";

import { InfoPage } from "#app/components/site/info-page";
import { pageMeta } from "#app/lib/seo";

export const meta = () => [
  ...pageMeta("Deal alert deleted", "Your DealDash deal alert was deleted."),
  { name: "robots", content: "noindex" },
];

export default function AlertDeleted() {
  return (
    <InfoPage title="Deal alert">
      <p role="status">Your alert is deleted: no more emails will come for it.</p>
      <p>
        <Link to="/deal-dashes" className="font-medium text-brand-600 underline">
          Browse today's deals
        </Link>
      </p>
    </InfoPage>
  );
}
