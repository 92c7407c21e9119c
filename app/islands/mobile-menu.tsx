import { Menu, X } from "lucide-react";
import { useEffect, useRef, useState, useSyncExternalStore } from "react";

import { Button } from "#app/components/ui/button";
import { SearchInput } from "#app/components/ui/search-input";
import { cn } from "#app/lib/cn";
import { siteNav } from "#app/lib/site-nav";

import { island } from "./island";

/**
 * The site search: a GET form to /search. The browser itself holds back an empty or whitespace-only
 * search, the page trims what is sent (`data-trim`), and /search sends an untrimmed one to its trimmed address.
 */
export function HeaderSearch({ className }: { className?: string }) {
  return (
    <form
      method="get"
      action="/search"
      role="search"
      aria-label="Site search"
      data-trim
      className={cn("relative", className)}
    >
      <SearchInput
        name="q"
        required
        pattern=".*\S.*"
        title="Type what you are looking for"
        placeholder="Search deals, coupons..."
        aria-label="Search deals and coupons"
      />
      {/* Enter sends it; a form still names its submit button for those who look for one. */}
      <button type="submit" className="sr-only">
        Search
      </button>
    </form>
  );
}

/** Hydration as a store that never changes: false in the server's render, true in the browser's. */
const noChanges = () => () => {};

/** The phone menu's button: a link to the footer's links without JavaScript; with it, the drawer opens instead. */
export default function MobileMenuView() {
  const [open, setOpen] = useState(false);
  // Rendered as a link (to the footer's links); once hydrated it opens the drawer, so it is a button.
  const hydrated = useSyncExternalStore(
    noChanges,
    () => true,
    () => false,
  );
  return (
    <>
      <Button asChild variant="ghost" size="icon" className="md:hidden">
        <a
          href="#footer-quick-links"
          role={hydrated ? "button" : undefined}
          aria-label="Open menu"
          aria-haspopup="dialog"
          aria-expanded={open}
          onClick={(event) => {
            event.preventDefault();
            setOpen(true);
          }}
        >
          <Menu className="h-6 w-6" aria-hidden />
        </a>
      </Button>
      {open ? <MenuDrawer onClose={() => setOpen(false)} /> : null}
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
  // Opened only in the browser (after a click), so the address is at hand.
  const here = window.location.pathname;
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
            {siteNav.map((item) => {
              const current = here === item.to || here.startsWith(`${item.to}/`);
              return (
                <li key={item.to}>
                  <a
                    href={item.to}
                    aria-current={current ? "page" : undefined}
                    className={cn(
                      "block rounded-lg px-3 py-2 font-medium",
                      current ? "bg-brand-50 text-brand-700" : "hover:bg-gray-100",
                    )}
                  >
                    {item.label}
                  </a>
                </li>
              );
            })}
          </ul>
        </nav>
      </div>
    </dialog>
  );
}

export const MobileMenu = island("mobile-menu", MobileMenuView);
