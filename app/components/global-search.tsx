import { Form, useNavigate } from "@remix-run/react";
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import type { GlobalSearch } from "~/models/search";
import type { Division } from "~/utils/divisions";
import { AppLink } from "./app-link";
import { Icon } from "./icons";
import { useJsonFetch } from "./use-json-fetch";

/** Where each found thing opens: a lead over the search page, a contact full-screen, a company's leads. */
export const searchHrefs = {
  lead: (id: string, q: string) => `/search/lead/${id}?${new URLSearchParams({ q })}`,
  contact: (id: string) => `/contacts?${new URLSearchParams({ contactId: id })}`,
  company: (company: string) => `/leads?${new URLSearchParams({ q: company })}`,
  allLeads: (q: string) => `/leads?${new URLSearchParams({ q })}`,
  allContacts: (q: string) => `/contacts?${new URLSearchParams({ q })}`,
};

type Option = { id: string; href: string; label: string; detail: string; archived?: boolean };
type Group = { name: string; options: Option[]; all: string | null };

/** The groups as the box and the results page list them. */
export function searchGroups(found: GlobalSearch, q: string): Group[] {
  return [
    {
      name: "Leads",
      options: found.leads.map((lead) => ({
        id: `lead-${lead.id}`,
        href: searchHrefs.lead(lead.id, q),
        label: `${lead.firstName} ${lead.lastName}`,
        detail: [lead.company, lead.email].filter(Boolean).join(" · "),
        archived: lead.isArchived,
      })),
      all: found.more.leads ? searchHrefs.allLeads(q) : null,
    },
    {
      name: "Contacts",
      options: found.contacts.map((contact) => ({
        id: `contact-${contact.id}`,
        href: searchHrefs.contact(contact.id),
        label: `${contact.firstName} ${contact.lastName}`,
        detail: [contact.company, contact.email].filter(Boolean).join(" · "),
      })),
      all: found.more.contacts ? searchHrefs.allContacts(q) : null,
    },
    {
      name: "Companies",
      options: found.companies.map((company) => ({
        id: `company-${company}`,
        href: searchHrefs.company(company),
        label: company,
        detail: "",
      })),
      all: found.more.companies ? searchHrefs.allLeads(q) : null,
    },
  ].filter((group) => group.options.length > 0);
}

export function ArchivedBadge() {
  return (
    <span className="ml-2 rounded bg-slate-200 px-1.5 py-0.5 text-xs font-medium text-slate-700">
      Archived
    </span>
  );
}

const TYPING_PAUSE_MS = 250;

/** Whether a key press is typing into a field of its own (the shortcuts then leave it alone). */
function typingElsewhere(target: EventTarget | null) {
  const element = target as HTMLElement | null;
  return Boolean(
    element?.closest?.("input, textarea, select, [contenteditable=''], [contenteditable='true']"),
  );
}

/**
 * The header's search box (docs/decisions/030-global-search.md). Without JavaScript a GET form to /search;
 * with it a combobox: after a pause in typing, GET /api/search/{division}?q= lists the groups below the box
 * (an answer overtaken by a newer search is dropped), the arrow keys move through them, Enter opens the one
 * chosen (or, none chosen, the results page), Escape closes. `/` or Ctrl-K (Cmd-K) focuses it, unless typing
 * in another field. Not on a phone (PhoneSearchLink).
 */
export function GlobalSearchBox({ division }: { division: Division }) {
  const jsonFetch = useJsonFetch();
  const navigate = useNavigate();
  const listId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [q, setQ] = useState("");
  const [found, setFound] = useState<{ q: string; groups: Group[] } | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const timer = useRef<number>();
  const request = useRef<AbortController | null>(null);

  useEffect(() => {
    const focusBox = (event: globalThis.KeyboardEvent) => {
      const shortcut =
        (event.key === "/" && !event.ctrlKey && !event.metaKey && !event.altKey) ||
        ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "k");
      if (!shortcut || typingElsewhere(event.target) || !input.current?.offsetParent) return;
      event.preventDefault();
      input.current.focus();
      input.current.select();
    };
    document.addEventListener("keydown", focusBox);
    return () => {
      document.removeEventListener("keydown", focusBox);
      window.clearTimeout(timer.current);
      request.current?.abort();
    };
  }, []);

  const options = found?.groups.flatMap((group) => group.options) ?? [];

  function search(text: string) {
    setQ(text);
    setActive(-1);
    window.clearTimeout(timer.current);
    request.current?.abort();
    // From the third character, as the lists search as you type (use-search-as-you-type.ts): one or two
    // letters match most of a large list and cannot use the search indexes.
    if (text.trim().length < 3) return setFound(null);
    timer.current = window.setTimeout(async () => {
      const controller = new AbortController();
      request.current = controller;
      try {
        const query = new URLSearchParams({ q: text.trim() });
        const answer = await jsonFetch<GlobalSearch>(`/api/search/${division}?${query}`, {
          signal: controller.signal,
        });
        setFound({ q: text.trim(), groups: searchGroups(answer, text.trim()) });
        setOpen(true);
      } catch {
        // The list keeps what it showed; the next keystroke tries again.
      }
    }, TYPING_PAUSE_MS);
  }

  function close() {
    setOpen(false);
    setActive(-1);
  }

  function go(href: string) {
    close();
    input.current?.blur();
    navigate(href);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      if (!options.length) return;
      event.preventDefault();
      setOpen(true);
      const step = event.key === "ArrowDown" ? 1 : -1;
      // From the box (-1) through each option and back to the box.
      setActive((at) => {
        const next = at + step;
        return next < -1 ? options.length - 1 : next >= options.length ? -1 : next;
      });
    } else if (event.key === "Escape") {
      close();
    } else if (event.key === "Enter" && open && options[active]) {
      event.preventDefault();
      go(options[active].href);
    }
  }

  const shown = open && found !== null && q.trim().length >= 3;
  return (
    <Form
      method="get"
      action="/search"
      role="search"
      className="relative hidden sm:block sm:w-64 lg:w-80"
      onSubmit={close}
    >
      <label htmlFor="global-search" className="sr-only">
        Search leads, contacts and companies
      </label>
      <input
        id="global-search"
        ref={input}
        type="search"
        name="q"
        value={q}
        autoComplete="off"
        placeholder="Search (press /)"
        role="combobox"
        aria-expanded={shown}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={shown && options[active] ? `${listId}-${options[active].id}` : undefined}
        onChange={(event) => search(event.currentTarget.value)}
        onKeyDown={onKeyDown}
        onFocus={() => setOpen(true)}
        onBlur={() => window.setTimeout(close, 150)}
        className="block w-full rounded-md border border-white/30 bg-white/95 px-3 py-1.5 text-sm text-slate-900 shadow-sm placeholder:text-slate-500"
      />
      <div
        id={listId}
        role="listbox"
        aria-label="Search results"
        hidden={!shown}
        className="absolute right-0 z-30 mt-1 max-h-[70vh] w-[min(28rem,90vw)] overflow-y-auto rounded-md border border-slate-200 bg-white py-1 text-sm text-slate-900 shadow-lg"
      >
        {found && found.groups.length === 0 ? (
          <p className="px-3 py-2 text-slate-600">Nothing found for "{found.q}".</p>
        ) : null}
        {found?.groups.map((group) => (
          <div key={group.name} role="group" aria-label={group.name}>
            <p className="px-3 pt-2 pb-1 text-xs font-semibold tracking-wider text-slate-600 uppercase">
              {group.name}
            </p>
            {group.options.map((option) => {
              const current = options[active]?.id === option.id;
              return (
                <div
                  key={option.id}
                  id={`${listId}-${option.id}`}
                  role="option"
                  aria-selected={current}
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => go(option.href)}
                  className={`cursor-pointer px-3 py-1.5 ${current ? "bg-slate-100" : "hover:bg-slate-50"}`}
                >
                  <span className="font-medium">{option.label}</span>
                  {option.archived ? <ArchivedBadge /> : null}
                  {option.detail ? (
                    <span className="block truncate text-slate-600">{option.detail}</span>
                  ) : null}
                </div>
              );
            })}
            {group.all ? (
              <AppLink
                to={group.all}
                onMouseDown={(event) => event.preventDefault()}
                onClick={close}
                className="block px-3 py-1 text-sm font-medium text-blue-700 hover:underline"
              >
                See all {group.name.toLowerCase()}
              </AppLink>
            ) : null}
          </div>
        ))}
      </div>
    </Form>
  );
}

/** On a phone, where the header has no room for the box: a link to /search (beside the menu). */
export function PhoneSearchLink() {
  return (
    <AppLink
      to="/search"
      className="flex items-center gap-1 px-4 py-3 text-sm font-medium text-slate-700 sm:hidden"
    >
      <Icon name="search" width={18} height={18} />
      Search
    </AppLink>
  );
}
