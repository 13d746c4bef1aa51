import { Form, useLocation, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { brandingFor, type Division } from "~/utils/divisions";
import { cappedCount } from "~/models/my-day";
import { AppLink } from "./app-link";
import { closeOnLinkClick } from "./disclosure";
import { DivisionLogo } from "./division-logo";
import { GlobalSearchBox, PhoneSearchLink } from "./global-search";
import { Icon, type IconName } from "./icons";

export type ShellUser = {
  firstName: string;
  email: string;
  role: "ADMIN" | "SALES_USER";
  profileImageUrl: string | null;
};

/**
 * Signing out forgets what the browser keeps for its user in localStorage: whose waiting field notes /mobile's
 * offline copy shows (app/screens/mobile/note-queue.ts).
 */
function forgetSignedInUser() {
  try {
    localStorage.clear();
  } catch {
    // Storage refused: nothing was kept.
  }
}

/** A saved view as the sidebar lists it under Leads (docs/decisions/031-saved-views.md). */
export type ShellSavedView = { id: string; name: string; shared: boolean; href: string };

const NAV: { to: string; label: string; icon: IconName }[] = [
  { to: "/", label: "Dashboard", icon: "dashboard" },
  { to: "/my-day", label: "My Day", icon: "sun" },
  { to: "/leads", label: "Leads", icon: "leads" },
  { to: "/pipeline", label: "Pipeline", icon: "board" },
  { to: "/contacts", label: "Contacts", icon: "contacts" },
  { to: "/calendar", label: "Calendar", icon: "calendar" },
  { to: "/mobile", label: "Mobile Notes", icon: "mobile" },
];

/** Header, sidebar and main area around every signed-in page but /mobile (SPEC.md "Shell"). */
export function AppShell({
  user,
  division,
  divisions,
  savedViews = [],
  counts,
  children,
}: {
  user: ShellUser;
  division: Division;
  divisions: Division[];
  savedViews?: ShellSavedView[];
  /** My Day's overdue and today's follow-ups, and those come due since the bell was last opened. */
  counts: { due: number; unseen: number };
  children: ReactNode;
}) {
  const brand = brandingFor(division);
  // The page is on its way to another (components/navigation-progress.tsx shows the bar).
  const busy = useNavigation().state === "loading";
  return (
    <div className="flex min-h-screen flex-col" data-division={brand.division}>
      <header className={`${brand.headerClass} shadow`}>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
          <div className="flex min-w-0 flex-1 items-center gap-3">
            <DivisionLogo division={brand.division} />
            <div className="min-w-0">
              <p className="truncate text-lg leading-tight font-bold">{brand.title}</p>
              <p className="truncate text-sm opacity-90">{brand.fullName} Division</p>
            </div>
          </div>
          <GlobalSearchBox division={brand.division} />
          {divisions.length > 1 ? <CompanySwitcher current={brand.division} divisions={divisions} /> : null}
          <div className="flex items-center gap-2">
            {user.profileImageUrl ? (
              <img src={user.profileImageUrl} alt="" className="h-8 w-8 rounded-full object-cover" />
            ) : (
              <span className="flex h-8 w-8 items-center justify-center rounded-full bg-white/20">
                <Icon name="user" />
              </span>
            )}
            <span
              className="max-w-[7rem] sm:max-w-[10rem] truncate text-sm font-medium"
              data-testid="username"
            >
              {user.firstName || user.email}
            </span>
            <BellLink unseen={counts.unseen} />
            {/* The user's own settings (API tokens); on a phone the icon alone, to keep the header one line. */}
            <AppLink
              to="/settings"
              className="flex items-center gap-1 rounded-md px-2 py-1.5 text-sm font-medium hover:bg-white/15"
            >
              <Icon name="key" width={18} height={18} />
              <span className="sr-only sm:not-sr-only">Settings</span>
            </AppLink>
            <form method="post" action="/api/logout" onSubmit={forgetSignedInUser}>
              <button
                type="submit"
                className="flex items-center gap-1 rounded-md px-2 py-1.5 text-sm font-medium hover:bg-white/15"
              >
                <Icon name="logout" width={18} height={18} />
                {/* On a phone the icon alone, as Settings: the division keeps its room. */}
                <span className="sr-only sm:not-sr-only">Logout</span>
              </button>
            </form>
          </div>
        </div>
      </header>
      <div className="flex flex-1 flex-col md:flex-row">
        {/* Phones: the sidebar folds into a menu that opens without JavaScript. */}
        <div className="flex items-start border-b border-slate-200 bg-white md:hidden">
          <details className="min-w-0 flex-1" onClick={closeOnLinkClick}>
            <summary className="flex cursor-pointer list-none items-center gap-2 px-4 py-3 text-sm font-medium text-slate-700">
              <Icon name="menu" />
              Menu
            </summary>
            <SidebarNav isAdmin={user.role === "ADMIN"} savedViews={savedViews} due={counts.due} />
          </details>
          <PhoneSearchLink />
        </div>
        <aside className="hidden w-56 shrink-0 border-r border-slate-200 bg-white md:block">
          <SidebarNav isAdmin={user.role === "ADMIN"} savedViews={savedViews} due={counts.due} />
        </aside>
        <main className="min-w-0 flex-1 p-4 md:p-6" aria-busy={busy || undefined}>
          {children}
        </main>
      </div>
    </div>
  );
}

function SidebarNav({
  isAdmin,
  savedViews,
  due,
}: {
  isAdmin: boolean;
  savedViews: ShellSavedView[];
  due: number;
}) {
  const { pathname, search } = useLocation();
  const isActive = (to: string) => pathname === to || (to !== "/" && pathname.startsWith(`${to}/`));
  return (
    <nav aria-label="Main" className="p-3">
      <ul className="space-y-1">
        {NAV.map((item) => (
          <li key={item.to}>
            <SidebarLink {...item} active={isActive(item.to)} due={item.to === "/my-day" ? due : 0} />
            {item.to === "/leads" && savedViews.length ? (
              <SavedViewLinks views={savedViews} current={new URLSearchParams(search).get("savedView")} />
            ) : null}
          </li>
        ))}
      </ul>
      {isAdmin ? (
        <div className="mt-6">
          <p className="px-3 text-xs font-semibold tracking-wider text-slate-600 uppercase">Administration</p>
          <ul className="mt-2 space-y-1">
            <li>
              <SidebarLink to="/admin" label="Admin Panel" icon="shield" active={isActive("/admin")} />
            </li>
          </ul>
        </div>
      ) : null}
    </nav>
  );
}

function SidebarLink({
  to,
  label,
  icon,
  active,
  due = 0,
}: {
  to: string;
  label: string;
  icon: IconName;
  active: boolean;
  /** Follow-ups due (My Day's overdue and today), shown beside the label. */
  due?: number;
}) {
  return (
    <AppLink
      to={to}
      aria-current={active ? "page" : undefined}
      className={`flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium ${
        active ? "bg-slate-800 text-white" : "text-slate-700 hover:bg-slate-100"
      }`}
    >
      <Icon name={icon} />
      {label}
      {due ? (
        <span className="ml-auto rounded-full bg-amber-700 px-2 text-xs font-semibold text-white">
          {cappedCount(due)}
          <span className="sr-only"> due</span>
        </span>
      ) : null}
    </AppLink>
  );
}

/** The bell: follow-ups come due since the user last opened its list (/reminders, which marks them seen). */
function BellLink({ unseen: counted }: { unseen: number }) {
  // The list itself has just marked them seen (the shell's count was read beside it).
  const unseen = useLocation().pathname === "/reminders" ? 0 : counted;
  return (
    <AppLink
      to="/reminders"
      className="relative flex items-center rounded-md px-2 py-1.5 hover:bg-white/15"
      aria-label={unseen ? `Reminders: ${cappedCount(unseen)} new` : "Reminders"}
    >
      <Icon name="bell" width={18} height={18} />
      {unseen ? (
        <span
          aria-hidden="true"
          className="absolute -top-1 -right-1 rounded-full bg-red-600 px-1.5 text-xs font-semibold text-white"
        >
          {cappedCount(unseen)}
        </span>
      ) : null}
    </AppLink>
  );
}

/** The saved views under Leads: the user's own, then those others share with the division; shared ones marked. */
function SavedViewLinks({ views, current }: { views: ShellSavedView[]; current: string | null }) {
  return (
    <ul aria-label="Saved views" className="mt-1 ml-8 space-y-0.5">
      {views.map((view) => (
        <li key={view.id}>
          <AppLink
            to={view.href}
            aria-current={view.id === current ? "page" : undefined}
            className={`block truncate rounded-md px-2 py-1 text-sm ${
              view.id === current
                ? "bg-slate-100 font-semibold text-slate-900"
                : "text-slate-700 hover:bg-slate-100"
            }`}
          >
            {view.name}
            {view.shared ? <span className="text-xs text-slate-500"> (shared)</span> : null}
          </AppLink>
        </li>
      ))}
    </ul>
  );
}

/** One button per division the user has; a plain form, so it works without JavaScript. */
function CompanySwitcher({ current, divisions }: { current: Division; divisions: Division[] }) {
  const location = useLocation();
  return (
    <Form method="post" action="/division" className="flex items-center gap-2" aria-label="Switch company">
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <span className="text-sm opacity-90" id="company-switcher-label">
        Company
      </span>
      <div
        role="group"
        aria-labelledby="company-switcher-label"
        className="flex rounded-md bg-white/15 p-0.5"
      >
        {divisions.map((division) => (
          <button
            key={division}
            type="submit"
            name="division"
            value={division}
            aria-pressed={division === current}
            className={`rounded px-3 py-1 text-sm font-semibold ${
              division === current ? "bg-white text-slate-900" : "hover:bg-white/20"
            }`}
          >
            {division}
          </button>
        ))}
      </div>
    </Form>
  );
}
