import type { SerializeFrom } from "@remix-run/node";
import { Form } from "@remix-run/react";
import type { HTMLAttributes, Ref } from "react";
import { AppLink } from "~/components/app-link";
import { IdempotencyKeyField } from "~/components/idempotency-key-field";
import { useTimeZone } from "~/components/time-zone";
import { LEAD_STATUSES, STATUS_LABELS } from "~/models/lead";
import type { BoardCard as Card } from "~/models/pipeline";
import { formatDateTime, formatGBP, fullName } from "~/utils/format";

export type CardData = SerializeFrom<Card>;

/**
 * One lead on the board: its name (opening it over the board), company, value, owner and next open
 * follow-up, and a "Move to" form that works without JavaScript. With JavaScript, `handle` is the grip that
 * drags it (by mouse, or focused and moved with Space and the arrow keys).
 */
export function BoardCard({
  card,
  detailHref,
  moveAction,
  handle,
  className = "",
  cardRef,
}: {
  card: CardData;
  detailHref: string;
  moveAction: string;
  handle?: { ref: Ref<HTMLButtonElement>; props: HTMLAttributes<HTMLButtonElement> };
  className?: string;
  cardRef?: Ref<HTMLLIElement>;
}) {
  const timeZone = useTimeZone();
  const name = `${card.firstName} ${card.lastName}`;
  const selectId = `move-${card.id}`;
  return (
    <li
      ref={cardRef}
      data-lead-card={card.id}
      className={`rounded-md border border-slate-200 bg-white p-3 text-sm shadow-sm ${className}`}
    >
      <div className="flex items-start gap-2">
        <div className="min-w-0 flex-1">
          <h3 className="font-semibold break-words text-slate-900">
            <AppLink to={detailHref} preventScrollReset className="hover:underline">
              {name}
            </AppLink>
          </h3>
          <p className="break-words text-slate-600">{card.company}</p>
        </div>
        {handle ? (
          <button
            type="button"
            ref={handle.ref}
            {...handle.props}
            aria-label={`Drag ${name}`}
            className="cursor-grab touch-none rounded px-1 text-slate-500 hover:bg-slate-100 focus:ring-2 focus:ring-slate-400 focus:outline-none"
          >
            <svg aria-hidden="true" width="16" height="16" viewBox="0 0 16 16" fill="currentColor">
              <circle cx="5" cy="3" r="1.5" />
              <circle cx="11" cy="3" r="1.5" />
              <circle cx="5" cy="8" r="1.5" />
              <circle cx="11" cy="8" r="1.5" />
              <circle cx="5" cy="13" r="1.5" />
              <circle cx="11" cy="13" r="1.5" />
            </svg>
          </button>
        ) : null}
      </div>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-2 gap-y-0.5">
        <dt className="text-slate-600">Value</dt>
        <dd>{formatGBP(card.estimatedValue)}</dd>
        <dt className="text-slate-600">Owner</dt>
        <dd className="break-words">{card.owner ? fullName(card.owner) : "No owner"}</dd>
        <dt className="text-slate-600">Follow-up</dt>
        <dd>{card.nextFollowUp ? formatDateTime(card.nextFollowUp, timeZone) : "None"}</dd>
      </dl>
      <Form method="post" action={moveAction} preventScrollReset className="mt-2 flex gap-2">
        <IdempotencyKeyField />
        <input type="hidden" name="intent" value="move" />
        <input type="hidden" name="leadId" value={card.id} />
        <input type="hidden" name="version" value={card.version} />
        <label htmlFor={selectId} className="sr-only">
          Move {name} to
        </label>
        <select
          id={selectId}
          name="status"
          defaultValue=""
          required
          className="min-w-0 flex-1 rounded-md border border-slate-300 bg-white px-2 py-1 text-sm"
        >
          <option value="" disabled>
            Move to...
          </option>
          {LEAD_STATUSES.filter((status) => status !== card.status).map((status) => (
            <option key={status} value={status}>
              {STATUS_LABELS[status]}
            </option>
          ))}
        </select>
        <button
          type="submit"
          className="rounded-md border border-slate-300 px-2 py-1 text-sm font-medium text-slate-700 hover:bg-slate-50"
        >
          Move
        </button>
      </Form>
    </li>
  );
}
