import type { SerializeFrom } from "@remix-run/node";
import { contactLeadHref, contactsView, type ContactsView } from "./contacts-view";
import type { ContactCard as Card, RelatedLead } from "~/models/contact.schema";
import { formatDate } from "~/utils/format";
import { AppLink } from "~/components/app-link";
import { Avatar } from "~/components/avatar";
import { buttonClass } from "~/components/forms";
import { Icon } from "~/components/icons";
import { StatusBadge } from "~/components/status-badge";
import { useTimeZone } from "~/components/time-zone";

/**
 * A contact card (SPEC.md "Contacts"): company, person, e-mail (cut with an ellipsis where the card ends while
 * collapsed, the whole address in its title; whole when expanded), phone, related leads (two while collapsed,
 * then '+N more leads (click to expand)'), each opening over the page, a star on the leads it is the main contact
 * of, its division, when it was added, View and Edit. Expanding is a link, so it works without JavaScript.
 */
export function ContactCard({ contact, view }: { contact: SerializeFrom<Card>; view: ContactsView }) {
  const timeZone = useTimeZone();
  const expanded = view.expanded === contact.id;
  const more = contact.relatedCount - contact.relatedLeads.length;
  return (
    <li className="flex flex-col rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex items-start justify-between gap-2">
        <h2 className="min-w-0 font-semibold text-slate-900">{contact.company}</h2>
        <span className="rounded bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700">
          {contact.companyDivision}
        </span>
      </div>
      <div className="mt-3 flex items-start gap-3">
        <Avatar firstName={contact.firstName} lastName={contact.lastName} />
        <div className="min-w-0 flex-1 text-sm">
          <p className="font-medium text-slate-900">
            {contact.firstName} {contact.lastName}
          </p>
          {contact.position ? <p className="text-slate-600">{contact.position}</p> : null}
          {contact.email ? (
            <p className="flex items-center gap-1 text-slate-700" title={contact.email}>
              <Icon name="mail" width={14} height={14} className="shrink-0 text-slate-500" />
              {/* Cut by the card's width, not at a count of characters; broken anywhere only when whole. */}
              <span className={`min-w-0 ${expanded ? "[overflow-wrap:anywhere]" : "truncate"}`}>
                {contact.email}
              </span>
            </p>
          ) : null}
          {contact.phone ? (
            <p className="flex items-center gap-1 text-slate-700">
              <Icon name="phone" width={14} height={14} className="shrink-0 text-slate-500" />
              {contact.phone}
            </p>
          ) : null}
        </div>
      </div>
      <div className="mt-3 text-sm">
        <h3 className="text-xs font-semibold tracking-wide text-slate-600 uppercase">Related Leads</h3>
        {contact.relatedLeads.length === 0 ? (
          <p className="mt-1 text-slate-600">No related leads</p>
        ) : (
          <ul className="mt-1 space-y-1">
            {contact.relatedLeads.map((lead) => (
              <RelatedLeadLine key={lead.id} lead={lead} href={contactLeadHref(view, lead.id)} />
            ))}
          </ul>
        )}
        {more > 0 ? (
          <AppLink
            to={contactsView.href({ ...view, expanded: contact.id })}
            preventScrollReset
            className="mt-1 inline-block text-sky-800 underline"
          >
            +{more} more leads (click to expand)
          </AppLink>
        ) : null}
        {expanded ? (
          <AppLink
            to={contactsView.href({ ...view, expanded: "" })}
            preventScrollReset
            className="mt-1 inline-block text-sky-800 underline"
          >
            Show less
          </AppLink>
        ) : null}
      </div>
      <div className="mt-auto flex items-center justify-between gap-2 pt-4">
        <span className="text-xs text-slate-600">Added {formatDate(contact.createdAt, timeZone)}</span>
        <span className="flex gap-2">
          <AppLink to={contactsView.href(view, { contactId: contact.id })} className={buttonClass.small}>
            <Icon name="eye" width={14} height={14} /> View
          </AppLink>
          <AppLink
            to={contactsView.href(view, { edit: contact.id })}
            preventScrollReset
            className={buttonClass.small}
          >
            <Icon name="pencil" width={14} height={14} /> Edit
          </AppLink>
        </span>
      </div>
    </li>
  );
}

function RelatedLeadLine({ lead, href }: { lead: SerializeFrom<RelatedLead>; href: string }) {
  return (
    <li className="flex items-center gap-2">
      {lead.isMain ? (
        <span title="Main contact of this lead" className="text-amber-500">
          <span aria-hidden="true">★</span>
          <span className="sr-only">Main contact:</span>
        </span>
      ) : null}
      <AppLink to={href} preventScrollReset className="min-w-0 truncate text-sky-800 underline">
        {lead.firstName} {lead.lastName}
      </AppLink>
      <StatusBadge status={lead.status} />
    </li>
  );
}
