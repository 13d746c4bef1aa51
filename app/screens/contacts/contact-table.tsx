import type { SerializeFrom } from "@remix-run/node";
import { contactsView, type ContactsView } from "./contacts-view";
import type { ContactCard } from "~/models/contact.schema";
import { formatCount, formatDate } from "~/utils/format";
import { AppLink } from "~/components/app-link";
import { Avatar } from "~/components/avatar";
import { Icon } from "~/components/icons";
import { useTimeZone } from "~/components/time-zone";

/**
 * The Table view of the contacts (a row each: the person, company, e-mail, phone, how many related leads,
 * when added, View and Edit), for reading many at a glance on a wide screen. The page shows it from the `md`
 * breakpoint and the cards below it, so nothing is wider than a phone.
 */
export function ContactTable({
  contacts,
  view,
  className,
}: {
  contacts: SerializeFrom<ContactCard>[];
  view: ContactsView;
  className: string;
}) {
  const timeZone = useTimeZone();
  return (
    <div
      className={`overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm ${className}`}
      tabIndex={0}
      role="region"
      aria-label="Contacts table"
    >
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        <thead className="bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase">
          <tr>
            <th scope="col" className="cell pl-4">
              Contact
            </th>
            <th scope="col" className="cell">
              Company
            </th>
            <th scope="col" className="cell">
              Email
            </th>
            <th scope="col" className="cell">
              Phone
            </th>
            <th scope="col" className="cell">
              Related Leads
            </th>
            <th scope="col" className="cell">
              Added
            </th>
            <th scope="col" className="cell pr-4 text-right">
              Actions
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {contacts.map((contact) => {
            const name = `${contact.firstName} ${contact.lastName}`;
            return (
              <tr key={contact.id}>
                <td className="cell pl-4">
                  <span className="flex items-center gap-2">
                    <Avatar firstName={contact.firstName} lastName={contact.lastName} />
                    <span className="min-w-0">
                      <span className="block font-medium text-slate-900">{name}</span>
                      {contact.position ? (
                        <span className="block text-slate-600">{contact.position}</span>
                      ) : null}
                    </span>
                  </span>
                </td>
                <td className="cell">{contact.company}</td>
                <td className="cell max-w-[16rem]">
                  {contact.email ? (
                    <span className="block truncate" title={contact.email}>
                      {contact.email}
                    </span>
                  ) : (
                    "-"
                  )}
                </td>
                <td className="cell whitespace-nowrap">{contact.phone || "-"}</td>
                <td className="cell">{formatCount(contact.relatedCount)}</td>
                <td className="cell whitespace-nowrap">{formatDate(contact.createdAt, timeZone)}</td>
                <td className="cell pr-4">
                  <span className="flex justify-end gap-1">
                    <AppLink
                      to={contactsView.href(view, { contactId: contact.id })}
                      className="row-action"
                      aria-label={`View ${name}`}
                      title="View"
                    >
                      <Icon name="eye" width={16} height={16} />
                    </AppLink>
                    <AppLink
                      to={contactsView.href(view, { edit: contact.id })}
                      preventScrollReset
                      className="row-action"
                      aria-label={`Edit ${name}`}
                      title="Edit"
                    >
                      <Icon name="pencil" width={16} height={16} />
                    </AppLink>
                  </span>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
