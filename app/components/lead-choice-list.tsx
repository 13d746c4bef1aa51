import { useEffect, useRef } from "react";
import type { LeadChoice } from "./use-lead-search";

/**
 * A lead picker's leads as radio buttons named `leadId` (of `form`, when they stand outside it): large targets
 * on the phone's Field Notes, compact in a dialog. The list is drawn again by each search, so the chosen lead
 * stays ticked; one ticked before the page's JavaScript ran counts once it has.
 */
export function LeadChoiceList({
  leads,
  chosen,
  onChoose,
  form,
  size,
}: {
  leads: LeadChoice[];
  chosen: LeadChoice | null;
  onChoose: (lead: LeadChoice) => void;
  form?: string;
  size: "large" | "compact";
}) {
  const list = useRef<HTMLUListElement>(null);
  useEffect(() => {
    const ticked = list.current?.querySelector<HTMLInputElement>('input[name="leadId"]:checked');
    const lead = leads.find((choice) => choice.id === ticked?.value);
    if (lead && lead.id !== chosen?.id) onChoose(lead);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the list is first drawn
  }, []);
  const large = size === "large";
  return (
    <ul
      ref={list}
      className={`divide-y divide-slate-100 overflow-y-auto ${large ? "max-h-72" : "max-h-56 rounded-md border border-slate-200"}`}
    >
      {leads.map((lead) => (
        <li key={lead.id}>
          <label
            className={`flex cursor-pointer items-center gap-3 ${large ? "py-3" : "px-3 py-2 text-sm hover:bg-slate-50"}`}
          >
            <input
              type="radio"
              name="leadId"
              value={lead.id}
              form={form}
              defaultChecked={lead.id === chosen?.id}
              onChange={() => onChoose(lead)}
              className={large ? "h-5 w-5" : undefined}
            />
            <span className="min-w-0 flex-1">
              <span className="block truncate font-medium text-slate-900">{lead.name}</span>
              <span className={`block truncate text-slate-600 ${large ? "text-sm" : ""}`}>
                {lead.company}
              </span>
            </span>
          </label>
        </li>
      ))}
    </ul>
  );
}
