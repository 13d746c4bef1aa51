import { calendarView, longDate, type CalendarView } from "./calendar-view";
import { AppLink } from "~/components/app-link";
import { formatCount } from "~/utils/format";

const WEEKDAYS = [
  ["Su", "Sunday"],
  ["Mo", "Monday"],
  ["Tu", "Tuesday"],
  ["We", "Wednesday"],
  ["Th", "Thursday"],
  ["Fr", "Friday"],
  ["Sa", "Saturday"],
];

/**
 * The phone's month (below `lg`, where the grid's seven columns do not fit): each day a link that picks the
 * agenda's day (and so its week), a dot on days with follow-ups, today filled, the chosen day ringed and, in a
 * week's agenda, its week shaded. Plain links: it works without JavaScript.
 */
export function MonthPicker({
  view,
  month,
  grid,
  today,
  selected,
  cells,
}: {
  view: CalendarView;
  month: string;
  grid: string[][];
  today: string;
  selected: string;
  cells: Record<string, { total: number }>;
}) {
  return (
    <nav aria-label="Pick a day" className="flex justify-center p-3 lg:hidden">
      <table className="border-separate border-spacing-y-0.5 text-center text-sm">
        <thead>
          <tr>
            {WEEKDAYS.map(([short, long]) => (
              <th key={short} scope="col" className="pb-1 text-xs font-semibold text-slate-600">
                <abbr title={long} className="no-underline">
                  {short}
                </abbr>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {grid.map((week) => (
            <tr
              key={week[0]}
              className={view.agenda === "week" && week.includes(selected) ? "bg-slate-100" : undefined}
            >
              {week.map((day) => {
                const { total } = cells[day];
                return (
                  <td key={day} className="p-0">
                    <AppLink
                      to={calendarView.href({ ...view, month, day, schedule: "", pick: "", dpage: 1 })}
                      preventScrollReset
                      aria-label={`${longDate(day)}${total ? `, ${formatCount(total)} ${total === 1 ? "follow-up" : "follow-ups"}` : ""}`}
                      aria-current={day === today ? "date" : undefined}
                      className={`relative inline-flex h-10 w-10 items-center justify-center rounded-full font-medium ${
                        day === today
                          ? "bg-slate-800 text-white"
                          : day.startsWith(month)
                            ? "text-slate-900 hover:bg-slate-200"
                            : "text-slate-600 hover:bg-slate-200"
                      } ${day === selected ? "ring-2 ring-slate-500" : ""}`}
                    >
                      {Number(day.slice(8))}
                      {total ? (
                        <span
                          aria-hidden="true"
                          className={`absolute bottom-1 h-1.5 w-1.5 rounded-full ${day === today ? "bg-white" : "bg-sky-600"}`}
                        />
                      ) : null}
                    </AppLink>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </nav>
  );
}
