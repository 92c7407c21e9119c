import { ArrowRight, Tag, Users, Zap } from "lucide-react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { pageMeta } from "~/lib/seo";

export const meta = () =>
  pageMeta("DealDash", "Hot deals, verified coupons, gift ideas and buying guides that save you money every day.");

const heroStats = [
  { icon: Zap, value: "1000+", label: "Active Deals" },
  { icon: Tag, value: "500+", label: "Coupons" },
  { icon: Users, value: "50K+", label: "Happy Users" },
];

const bandStats = [
  { value: "$2M+", label: "Saved by users" },
  { value: "1000+", label: "Active deals" },
  { value: "500+", label: "Verified coupons" },
  { value: "50K+", label: "Happy users" },
];

export default function Home() {
  return (
    <main>
      <section className="bg-gradient-to-br from-brand-700 via-brand-600 to-accent-500 text-white">
        <div className="mx-auto grid max-w-7xl gap-10 px-4 py-20 lg:grid-cols-2 lg:items-center">
          <div className="space-y-6">
            <h1 className="text-4xl font-extrabold tracking-tight sm:text-5xl">
              Dash to the best deals before they're gone
            </h1>
            <p className="max-w-xl text-lg text-white/90">
              Hand-picked price drops, working promo codes and honest buying guides, updated every day.
            </p>
            <div className="flex flex-wrap gap-3">
              <Button asChild size="lg" variant="accent">
                <Link to="/deal-dashes">
                  Browse Hot Deals <ArrowRight className="h-4 w-4" aria-hidden />
                </Link>
              </Button>
              <Button asChild size="lg" variant="outline" className="border-white/60 bg-white/10 text-white hover:bg-white/20">
                <Link to="/coupons">Get Coupons</Link>
              </Button>
            </div>
          </div>
          <ul className="grid grid-cols-3 gap-4">
            {heroStats.map(({ icon: Icon, value, label }) => (
              <li key={label} className="rounded-2xl bg-white/10 p-5 text-center backdrop-blur">
                <Icon className="mx-auto mb-2 h-6 w-6" aria-hidden />
                <p className="text-2xl font-extrabold">{value}</p>
                <p className="text-sm text-white/80">{label}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-label="DealDash in numbers" className="bg-white">
        <ul className="mx-auto grid max-w-7xl grid-cols-2 gap-6 px-4 py-12 text-center md:grid-cols-4">
          {bandStats.map((stat) => (
            <li key={stat.label}>
              <p className="text-3xl font-extrabold text-brand-600">{stat.value}</p>
              <p className="text-sm text-gray-600">{stat.label}</p>
            </li>
          ))}
        </ul>
      </section>
    </main>
  );
}
