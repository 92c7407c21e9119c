import { ChevronDown, LogOut, Menu, PanelLeftClose, PanelLeftOpen, Settings, ShieldCheck, User, X } from "lucide-react";
import { Dialog, DropdownMenu } from "radix-ui";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { Link, NavLink, useLocation, useNavigate, useNavigation, useSubmit } from "react-router";

import { showToast } from "#app/components/ui/toaster";
import type { AdminNavItem } from "#app/lib/admin-list";
import { cn } from "#app/lib/cn";
import { infoToast } from "#app/lib/toast";

import { AdminIcon } from "./admin-icon";
import { loadingLabelFor } from "./admin-nav";

export const SIDEBAR_COOKIE = "admin_sidebar";
const AUTH_CHANNEL = "dealdash-auth";

function SidebarLink({ item, collapsed }: { item: AdminNavItem; collapsed: boolean }) {
  const labelWithCount = item.count ? `${item.label} (${item.count > 1000 ? "1,000+" : item.count})` : item.label;
  return (
    <NavLink
      to={item.to}
      end={item.to === "/admin"}
      title={collapsed ? labelWithCount : undefined}
      aria-label={collapsed ? labelWithCount : undefined}
      className={({ isActive }) =>
        cn(
          "flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors",
          isActive ? "bg-brand-600 text-white" : "text-gray-300 hover:bg-gray-800 hover:text-white",
          collapsed && "justify-center px-0",
        )
      }
    >
      <AdminIcon name={item.icon} className="h-5 w-5 shrink-0" />
      {collapsed ? null : <span>{item.label}</span>}
      {item.count && !collapsed ? (
        <span
          className="ml-auto rounded-full bg-accent-700 px-2 text-xs font-semibold text-white"
          data-testid="attention-count"
          aria-label={`${item.count} waiting`}
        >
          {item.count > 1000 ? "1,000+" : item.count}
        </span>
      ) : null}
    </NavLink>
  );
}

/** The sections the signed-in role may open: the sidebar's main links, then its settings. */
export interface AdminSections {
  nav: AdminNavItem[];
  settings: AdminNavItem[];
}

/** The sidebar's links: the content types, then settings (none for a role without them). */
function NavLinks({ sections, collapsed }: { sections: AdminSections; collapsed: boolean }) {
  return (
    <>
      {sections.nav.map((item) => (
        <SidebarLink key={item.to} item={item} collapsed={collapsed} />
      ))}
      {sections.settings.length > 0 ? (
        <p
          className={cn(
            "mt-4 px-3 pb-1 text-xs font-semibold uppercase tracking-wider text-gray-400",
            collapsed && "sr-only",
          )}
        >
          Settings
        </p>
      ) : null}
      {sections.settings.map((item) => (
        <SidebarLink key={item.to} item={item} collapsed={collapsed} />
      ))}
    </>
  );
}

/** Below the md breakpoint the sidebar is a drawer behind a menu button; it closes on navigation. */
function MobileNav({ sections }: { sections: AdminSections }) {
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  const [openedAt, setOpenedAt] = useState(pathname);
  if (open && pathname !== openedAt) {
    setOpen(false);
    setOpenedAt(pathname);
  }
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setOpenedAt(pathname);
      }}
    >
      <Dialog.Trigger className="-ml-2 rounded-lg p-2 text-gray-700 hover:bg-gray-100 md:hidden" aria-label="Open menu">
        <Menu className="h-6 w-6" aria-hidden />
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40 md:hidden" />
        <Dialog.Content className="fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col bg-gray-900 shadow-xl md:hidden">
          <div className="flex h-16 items-center justify-between border-b border-gray-800 px-4">
            <Dialog.Title className="text-lg font-extrabold text-white">DealDash Admin</Dialog.Title>
            <Dialog.Close
              className="rounded-lg p-2 text-gray-400 hover:bg-gray-800 hover:text-white"
              aria-label="Close menu"
            >
              <X className="h-5 w-5" aria-hidden />
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">Admin sections</Dialog.Description>
          <nav aria-label="Admin" className="flex flex-1 flex-col gap-1 overflow-y-auto p-2">
            <NavLinks sections={sections} collapsed={false} />
          </nav>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function UserMenu({ email, settings, onLogout }: { email: string; settings?: string; onLogout: () => void }) {
  const submit = useSubmit();
  const navigate = useNavigate();
  function logout() {
    onLogout();
    void submit(null, { method: "post", action: "/admin/logout" });
  }
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className="flex items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium text-gray-700 hover:bg-gray-100">
        <span className="flex h-8 w-8 items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-700">
          {email.charAt(0).toUpperCase()}
        </span>
        <span className="hidden sm:inline">{email}</span>
        <ChevronDown className="h-4 w-4" aria-hidden />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-50 min-w-44 rounded-lg border border-gray-200 bg-white p-1 shadow-lg"
        >
          {[
            { label: "Profile", icon: User, onSelect: () => showToast(infoToast("Coming Soon")) },
            { label: "Security", icon: ShieldCheck, onSelect: () => navigate("/admin/security") },
            ...(settings ? [{ label: "Settings", icon: Settings, onSelect: () => navigate(settings) }] : []),
            { label: "Logout", icon: LogOut, onSelect: logout },
          ].map(({ label, icon: Icon, onSelect }) => (
            <DropdownMenu.Item
              key={label}
              onSelect={onSelect}
              className="flex cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-sm text-gray-700 outline-none data-[highlighted]:bg-gray-100"
            >
              <Icon className="h-4 w-4" aria-hidden /> {label}
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

/**
 * Sends this tab to the login page when another tab signs out; returns how this tab tells the others.
 * A channel does not hear its own messages, so the signing-out tab is left to its own redirect.
 */
function useSignOutEverywhere(): () => void {
  const navigate = useNavigate();
  const channel = useRef<BroadcastChannel | null>(null);
  useEffect(() => {
    const current = new BroadcastChannel(AUTH_CHANNEL);
    current.onmessage = (event) => {
      if (event.data === "signed-out") navigate("/admin/login");
    };
    channel.current = current;
    return () => current.close();
  }, [navigate]);
  return () => channel.current?.postMessage("signed-out");
}

/** While another admin screen loads, say so in its words instead of showing the old one. */
function PendingScreen({ nav, children }: { nav: AdminNavItem[]; children: ReactNode }) {
  const navigation = useNavigation();
  const location = useLocation();
  const target = navigation.state === "loading" ? navigation.location?.pathname : undefined;
  if (!target || target === location.pathname || !target.startsWith("/admin/")) return children;
  return (
    <p role="status" className="py-12 text-center text-gray-600">
      {loadingLabelFor(target, nav)}
    </p>
  );
}

export function AdminShell({
  email,
  sections,
  initiallyCollapsed,
  children,
}: {
  email: string;
  sections: AdminSections;
  initiallyCollapsed: boolean;
  children: ReactNode;
}) {
  const [collapsed, setCollapsed] = useState(initiallyCollapsed);
  const announceSignOut = useSignOutEverywhere();

  function toggle() {
    const next = !collapsed;
    setCollapsed(next);
    // A cookie, so the server renders the right width on the next load.
    document.cookie = `${SIDEBAR_COOKIE}=${next ? "collapsed" : "expanded"}; Path=/admin; Max-Age=31536000; SameSite=Lax`;
  }

  return (
    <div className="flex min-h-screen bg-gray-50">
      <aside
        data-collapsed={collapsed}
        className={cn(
          "sticky top-0 hidden h-screen shrink-0 flex-col bg-gray-900 transition-[width] md:flex",
          collapsed ? "w-16" : "w-64",
        )}
      >
        <div className={cn("flex h-16 items-center border-b border-gray-800 px-4", collapsed && "justify-center px-0")}>
          <Link to="/admin" className="text-lg font-extrabold text-white">
            {collapsed ? "DD" : "DealDash Admin"}
          </Link>
        </div>
        <nav aria-label="Admin" className="flex flex-1 flex-col gap-1 overflow-y-auto p-2">
          <NavLinks sections={sections} collapsed={collapsed} />
        </nav>
        <button
          type="button"
          onClick={toggle}
          aria-label={collapsed ? "Expand sidebar" : "Collapse sidebar"}
          aria-expanded={!collapsed}
          className="m-2 flex items-center justify-center gap-2 rounded-lg p-2 text-gray-400 hover:bg-gray-800 hover:text-white"
        >
          {collapsed ? (
            <PanelLeftOpen className="h-5 w-5" aria-hidden />
          ) : (
            <PanelLeftClose className="h-5 w-5" aria-hidden />
          )}
        </button>
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-20 flex h-16 items-center justify-between gap-3 border-b border-gray-200 bg-white px-4 md:px-6">
          <div className="flex min-w-0 items-center gap-2">
            <MobileNav sections={sections} />
            <h1 className="truncate text-lg font-semibold text-gray-900">Content Management</h1>
          </div>
          <UserMenu email={email} settings={sections.settings[0]?.to} onLogout={announceSignOut} />
        </header>
        <main className="min-w-0 flex-1 p-4 md:p-6">
          <PendingScreen nav={[...sections.nav, ...sections.settings]}>{children}</PendingScreen>
        </main>
      </div>
    </div>
  );
}
