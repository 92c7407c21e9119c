import { Link, useFetcher } from "react-router";
import { Button } from "#app/components/ui/button";
import { Input } from "#app/components/ui/input";
import { Logo, siteNav } from "./site-header";

const supportLinks = [
  { to: "/about", label: "About" },
  { to: "/contact", label: "Contact" },
  { to: "/disclaimer", label: "Disclaimer" },
  { to: "/privacy", label: "Privacy" },
] as const;

export interface NewsletterResult {
  ok: boolean;
  message: string;
}

function NewsletterForm() {
  const fetcher = useFetcher<NewsletterResult>();
  const busy = fetcher.state !== "idle";
  const result = fetcher.data;
  return (
    <fetcher.Form method="post" action="/newsletter" className="flex flex-col gap-2">
      <label htmlFor="newsletter-email" className="text-sm text-gray-300">
        Get the best deals in your inbox every week.
      </label>
      <div className="flex gap-2">
        <Input
          id="newsletter-email"
          type="email"
          name="email"
          required
          placeholder="you@example.com"
          autoComplete="email"
          className="border-gray-700 bg-gray-800 text-white"
        />
        {/* Honeypot: people never see or fill it; bots that fill every field are ignored. */}
        <input type="text" name="website" tabIndex={-1} autoComplete="off" aria-hidden className="hidden" />
        <Button type="submit" variant="accent" disabled={busy}>
          Subscribe
        </Button>
      </div>
      {result ? (
        <p role="status" className={result.ok ? "text-sm text-green-400" : "text-sm text-red-400"}>
          {result.message}
        </p>
      ) : null}
    </fetcher.Form>
  );
}

function FooterLinks({ id, title, links }: { id: string; title: string; links: ReadonlyArray<{ to: string; label: string }> }) {
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
        <FooterLinks id="footer-quick-links" title="Quick Links" links={[...siteNav, { to: "/stores", label: "Stores A–Z" }]} />
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
