import { LEAD_STATUSES, STATUS_LABELS, type LeadStatus } from "~/models/lead";
import { formatCount, formatGBP } from "~/utils/format";
import { Panel } from "./dashboard-panels";

type Bar = { label: string; value: number; text: string; fill: string };

/** The chart's drawing size; it scales to its box, at most 22rem wide (13-unit text about 14 px). */
const WIDTH = 320;
const ROW = 26;
const BAR = 14;
/** Generous widths of one character of the 13-unit text, plain (labels) and bold (values). */
const CHAR = 7.5;
const BOLD_CHAR = 8.5;

/**
 * A horizontal bar chart as inline SVG, drawn by the server, so it needs no JavaScript and no library: a row
 * per bar with its label, its bar (scaled to the largest) and its value written out. Screen readers get the
 * same as one sentence, `summary`, its accessible name.
 */
function BarChart({ summary, bars }: { summary: string; bars: Bar[] }) {
  const labelWidth = Math.max(...bars.map((bar) => bar.label.length)) * CHAR + 8;
  const textWidth = Math.max(...bars.map((bar) => bar.text.length)) * BOLD_CHAR + 8;
  const room = WIDTH - labelWidth - textWidth;
  const largest = Math.max(...bars.map((bar) => bar.value));
  return (
    <svg
      role="img"
      aria-label={summary}
      viewBox={`0 0 ${WIDTH} ${bars.length * ROW}`}
      className="block w-full max-w-[22rem]"
      fontSize="13"
    >
      <title>{summary}</title>
      {bars.map((bar, index) => {
        const middle = index * ROW + ROW / 2;
        // A value too small to see still shows a sliver, so that only a 0 has no bar.
        const width = bar.value > 0 ? Math.max((bar.value / largest) * room, 2) : 0;
        return (
          <g key={bar.label}>
            <text
              x={labelWidth - 8}
              y={middle}
              dominantBaseline="central"
              textAnchor="end"
              className="fill-slate-700"
            >
              {bar.label}
            </text>
            <rect
              x={labelWidth}
              y={middle - BAR / 2}
              width={width}
              height={BAR}
              rx={2}
              className={bar.fill}
            />
            <text
              x={labelWidth + width + 6}
              y={middle}
              dominantBaseline="central"
              className="fill-slate-900 font-semibold"
            >
              {bar.text}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

/** Each status's bar in the colour of its badge (tailwind.css). */
const STATUS_FILL: Record<LeadStatus, string> = {
  NEW: "fill-sky-500",
  CONTACTED: "fill-amber-500",
  QUALIFIED: "fill-violet-500",
  PROPOSAL: "fill-orange-500",
  CLOSED_WON: "fill-emerald-500",
  CLOSED_LOST: "fill-red-500",
};

/** How many of the division's leads (not archived) are in each status now, in SPEC.md's order. */
export function LeadsByStatusChart({ counts }: { counts: Record<LeadStatus, number> }) {
  const bars = LEAD_STATUSES.map((status) => ({
    label: STATUS_LABELS[status],
    value: counts[status],
    text: formatCount(counts[status]),
    fill: STATUS_FILL[status],
  }));
  return (
    <Panel title="Leads by Status">
      <div className="px-5 py-4">
        <p className="mb-3 text-xs text-slate-600">All time, by current status</p>
        <BarChart
          summary={`Leads by status: ${bars.map((bar) => `${bar.label} ${bar.text}`).join(", ")}`}
          bars={bars}
        />
      </div>
    </Panel>
  );
}

const monthName = new Intl.DateTimeFormat("en-GB", { month: "short", year: "numeric", timeZone: "UTC" });

/**
 * The Closed Won value of the leads created in each of the last six months (UTC), this one last: the
 * Revenue card's monthly figure, month by month.
 */
export function WonValueChart({ months }: { months: { month: string; value: number }[] }) {
  const bars = months.map(({ month, value }) => ({
    label: monthName.format(new Date(month)),
    value,
    text: formatGBP(value),
    fill: "fill-emerald-500",
  }));
  return (
    <Panel title="Won Value by Month">
      <div className="px-5 py-4">
        <p className="mb-3 text-xs text-slate-600">
          Closed Won value of the leads created in each month (UTC), last 6 months
        </p>
        <BarChart
          summary={`Won value by month created: ${bars.map((bar) => `${bar.label} ${bar.text}`).join(", ")}`}
          bars={bars}
        />
      </div>
    </Panel>
  );
}
