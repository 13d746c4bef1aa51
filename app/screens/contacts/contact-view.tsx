import type { SerializeFrom } from "@remix-run/node";
import type { Contact } from "~/models/contact.schema";
import type { Lead } from "~/models/lead";
import { formatDate, formatGBP } from "~/utils/format";
import { AppLink } from "~/components/app-link";
import { Avatar } from "~/components/avatar";
import { buttonClass } from "~/components/forms";
import { Icon } from "~/components/icons";
import { StatusBadge } from "~/components/status-badge";
import { useTimeZone } from "~/components/time-zone";

/**
 * The full-screen contact (View, or ?contactId=): the contact's details and every related lead (stacked on a
 * phone), its name opening the lead over this page and 'Jump to Lead' opening it ready to edit (SPEC.md
 * "Contacts"); closing the lead comes back here.
 */
export function ContactView({
  contact,
  leads,
  total,
  backHref,
  leadHref,
}: {
  contact: SerializeFrom<Contact>;
  leads: SerializeFrom<Lead>[];
  total: number;
  backHref: string;
  /** The lead's detail over this page; `edit`: ready to edit. */
  leadHref: (leadId: string, options?: { edit: boolean }) => string;
}) {
  const timeZone = useTimeZone();
  return (
    <article aria-labelledby="contact-name" className="space-y-6">
      <AppLink
        to={backHref}
        className="inline-flex items-center gap-1 text-sm font-medium text-slate-700 hover:underline"
      >
        <span aria-hidden="true">←</span> Back to Contacts
      </AppLink>
      <header className="flex flex-wrap items-center gap-4 rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
        <Avatar firstName={contact.firstName} lastName={contact.lastName} size="md" />
        <div className="min-w-0 flex-1">
          <h1 id="contact-name" className="text-2xl font-bold text-slate-900">
            {contact.firstName} {contact.lastName}
          </h1>
          <p className="text-slate-600">{[contact.position, contact.company].filter(Boolean).join(" · ")}</p>
        </div>
        <span className="rounded bg-slate-100 px-2 py-1 text-sm font-semibold text-slate-700">
          {contact.companyDivision}
        </span>
      </header>
      <section
        aria-label="Contact details"
        className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm"
      >
        <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
          <dt className="text-slate-600">Email</dt>
          <dd className="break-all">
            {contact.email ? (
              <a href={`mailto:${contact.email}`} className="text-sky-800 underline">
                {contact.email}
              </a>
            ) : (
              "-"
            )}
          </dd>
          <dt className="text-slate-600">Phone</dt>
          <dd>
            {contact.phone ? (
              <a href={`tel:${contact.phone.replace(/\s+/g, "")}`} className="text-sky-800 underline">
                {contact.phone}
              </a>
            ) : (
              "-"
            )}
          </dd>
          <dt className="text-slate-600">Company</dt>
          <dd>{contact.company}</dd>
          <dt className="text-slate-600">Added</dt>
          <dd>{formatDate(contact.createdAt, timeZone)}</dd>
        </dl>
      </section>
      <section aria-label="Related Leads" className="rounded-lg border border-slate-200 bg-white shadow-sm">
        <h2 className="border-b border-slate-200 px-6 py-3 font-semibold text-slate-900">
          Related Leads ({total})
        </h2>
        {leads.length === 0 ? (
          <p className="px-6 py-6 text-sm text-slate-600">No related leads</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {leads.map((lead) => (
              <li
                key={lead.id}
                className="flex flex-col items-start gap-2 px-6 py-3 text-sm sm:flex-row sm:flex-wrap sm:items-center sm:gap-3"
              >
                <span className="min-w-0 sm:flex-1">
                  {lead.mainContactId === contact.id ? (
                    <span title="Main contact of this lead" className="mr-1 text-amber-500">
                      <span aria-hidden="true">★</span>
                      <span className="sr-only">Main contact:</span>
                    </span>
                  ) : null}
                  <AppLink
                    to={leadHref(lead.id)}
                    preventScrollReset
                    className="font-medium text-sky-800 underline"
                  >
                    {lead.firstName} {lead.lastName}
                  </AppLink>
                  <span className="block text-slate-600">
                    {lead.company} · {formatGBP(lead.estimatedValue)}
                  </span>
                </span>
                <StatusBadge status={lead.status} />
                <AppLink
                  to={leadHref(lead.id, { edit: true })}
                  preventScrollReset
                  className={buttonClass.secondary}
                >
                  <Icon name="pencil" width={16} height={16} /> Jump to Lead
                </AppLink>
              </li>
            ))}
          </ul>
        )}
      </section>
    </article>
  );
}
