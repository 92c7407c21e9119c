import { Link } from "react-router";

import { NewsletterForm } from "#app/islands/newsletter-form";
import { siteNav } from "#app/lib/site-nav";

import { Logo } from "./site-header";

const supportLinks = [
  { to: "/about", label: "About" },
  { to: "/contact", label: "Contact" },
  { to: "/submit-a-deal", label: "Submit a deal" },
  { to: "/disclaimer", label: "Disclaimer" },
  { to: "/privacy", label: "Privacy" },
  // Every list has its feed (linked on its page); this is the newest deals'.
  { to: "/feeds/deal-dashes.rss", label: "RSS feed of new deals" },
] as const;

function FooterLinks({
  id,
  title,
  links,
}: {
  id: string;
  title: string;
  links: ReadonlyArray<{ to: string; label: string }>;
}) {
  return (
    <nav aria-labelledby={id}>
      <h2 id={id} className="mb-3 font-semibold text-white">
        {title}
      </h2>
      <ul className="space-y-2 text-sm">
        {links.map((item) => (
          <li key={item.to}>
            <Link to={item.to} className="hover:text-white">
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function SiteFooter() {
  return (
    <footer className="mt-16 bg-gray-900 text-gray-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 md:grid-cols-4">
        <div className="space-y-3 [&_a]:text-white">
          <Logo />
          <p className="text-sm">Hand-picked deals, coupons and buying guides that save you money every day.</p>
        </div>
        <FooterLinks
          id="footer-quick-links"
          title="Quick Links"
          links={[...siteNav, { to: "/stores", label: "Stores A–Z" }]}
        />
        <FooterLinks id="footer-support" title="Support" links={supportLinks} />
        <div>
          <h2 className="mb-3 font-semibold text-white">Newsletter</h2>
          <NewsletterForm />
        </div>
      </div>
      <div className="border-t border-gray-800 py-6 text-center text-xs text-gray-400">
        <p>
          © {new Date().getFullYear()} DealDash. We may earn a commission from links on this site.{" "}
          <Link to="/disclaimer" className="underline hover:text-white">
            How we earn
          </Link>
          .
        </p>
      </div>
    </footer>
  );
}
