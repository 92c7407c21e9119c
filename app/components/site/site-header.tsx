import { Zap } from "lucide-react";
import { Link, NavLink } from "react-router";

import { HeaderSearch, MobileMenu } from "#app/islands/mobile-menu";
import { cn } from "#app/lib/cn";
import { siteNav } from "#app/lib/site-nav";

export function Logo() {
  return (
    <Link to="/" className="flex items-center gap-2 text-xl font-extrabold tracking-tight text-gray-900">
      <span className="flex h-9 w-9 items-center justify-center rounded-lg bg-brand-600 text-white">
        <Zap className="h-5 w-5" aria-hidden />
      </span>
      <span>
        Deal<span className="text-brand-600">Dash</span>
      </span>
    </Link>
  );
}

export function SiteHeader() {
  return (
    <header className="sticky top-0 z-30 border-b border-gray-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-6 px-4">
        <Logo />
        <nav aria-label="Main" className="hidden md:block">
          <ul className="flex items-center gap-1">
            {siteNav.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  className={({ isActive }) =>
                    cn(
                      "rounded-lg px-3 py-2 text-sm font-medium",
                      isActive ? "text-brand-700" : "text-gray-700 hover:text-brand-600",
                    )
                  }
                >
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <HeaderSearch className="ml-auto hidden w-72 sm:block" />
        <div className="ml-auto sm:ml-0">
          <MobileMenu />
        </div>
      </div>
    </header>
  );
}
