import { Menu, Search, X, Zap } from "lucide-react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { Form, Link, NavLink, useLocation, useNavigate } from "react-router";
import { Button } from "#app/components/ui/button";
import { Input } from "#app/components/ui/input";
import { cn } from "#app/lib/cn";

export const siteNav = [
  { to: "/deal-dashes", label: "Deal Dashes" },
  { to: "/coupons", label: "Coupons" },
  { to: "/gift-ideas", label: "Gift Ideas" },
  { to: "/buying-guides", label: "Buying Guides" },
] as const;

function HeaderSearch({ className }: { className?: string }) {
  const navigate = useNavigate();
  // Whitespace-only searches are ignored; without JavaScript the server treats them as no search.
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const text = String(new FormData(event.currentTarget).get("q") ?? "").trim();
    if (text) navigate(`/search?q=${encodeURIComponent(text)}`);
  }
  return (
    <Form method="get" action="/search" role="search" onSubmit={onSubmit} className={cn("relative", className)}>
      <Search className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-gray-500" aria-hidden />
      <Input type="search" name="q" placeholder="Search deals, coupons..." aria-label="Search deals and coupons" className="pl-9" />
    </Form>
  );
}

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

function MobileMenu() {
  // The drawer belongs to the location it was opened at, so any navigation (a new location key) closes it.
  const { key } = useLocation();
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === key;
  return (
    <>
      {/* A link to the footer's links without JavaScript; with it, the drawer opens instead. */}
      <Button asChild variant="ghost" size="icon" className="md:hidden">
        <a
          href="#footer-quick-links"
          role="button"
          aria-label="Open menu"
          aria-haspopup="dialog"
          aria-expanded={open}
          onClick={(event) => {
            event.preventDefault();
            setOpenAt(key);
          }}
        >
          <Menu className="h-6 w-6" aria-hidden />
        </a>
      </Button>
      {open ? <MenuDrawer onClose={() => setOpenAt(null)} /> : null}
    </>
  );
}

/**
 * The phone menu as a native modal <dialog>: the browser traps focus, closes on Escape, makes the page
 * behind inert and gives focus back, with no dialog library on public pages.
 */
function MenuDrawer({ onClose }: { onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => ref.current?.showModal(), []);
  return (
    <dialog
      ref={ref}
      aria-labelledby="mobile-menu-title"
      onClose={onClose}
      // A click on the dialog element itself (not its content) is a click on the backdrop.
      onClick={(event) => event.target === event.currentTarget && event.currentTarget.close()}
      className="fixed inset-y-0 left-auto right-0 m-0 h-full max-h-none w-72 max-w-[85vw] bg-white shadow-xl backdrop:bg-black/40"
    >
      <div className="flex h-full flex-col gap-6 p-6">
        <div className="flex items-center justify-between">
          <h2 id="mobile-menu-title" className="text-lg font-semibold">
            Menu
          </h2>
          <Button variant="ghost" size="icon" aria-label="Close menu" onClick={() => ref.current?.close()}>
            <X className="h-5 w-5" aria-hidden />
          </Button>
        </div>
        <HeaderSearch />
        <nav aria-label="Mobile">
          <ul className="flex flex-col gap-1">
            {siteNav.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  className={({ isActive }) => cn("block rounded-lg px-3 py-2 font-medium", isActive ? "bg-brand-50 text-brand-700" : "hover:bg-gray-100")}
                >
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </dialog>
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
