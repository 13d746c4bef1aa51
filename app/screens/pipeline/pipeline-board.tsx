import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  rectIntersection,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type DragStartEvent,
  type KeyboardCoordinateGetter,
} from "@dnd-kit/core";
import type { SerializeFrom } from "@remix-run/node";
import { useFetcher, useNavigation, useSubmit } from "@remix-run/react";
import { useEffect, useState, type ReactNode, type Ref } from "react";
import { AppLink } from "~/components/app-link";
import { useHydrated } from "~/components/use-hydrated";
import { type LeadStatus, STATUS_LABELS } from "~/models/lead";
import type { BoardColumn } from "~/models/pipeline";
import { formatCount, formatGBP } from "~/utils/format";
import type { LeadsView } from "~/screens/leads/leads-view";
import { BoardCard, type CardData } from "./board-card";
import type { loader } from "./pipeline-page.server";
import { boardHref, boardLeadHref, columnId, type BoardState } from "./pipeline-view";

type Column = SerializeFrom<BoardColumn>;

/**
 * The board's columns. Without JavaScript each card moves by its "Move to" form; with it, by dragging its
 * handle to another column (dnd-kit: the mouse, or the keyboard with screen-reader announcements), which
 * posts the same form. While the move is on its way the card shows in its new column.
 */
export function Board({
  columns,
  view,
  board,
  moveAction,
}: {
  columns: Column[];
  view: LeadsView;
  board: BoardState;
  moveAction: string;
}) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const moving = navigation.formData?.get("intent") === "move" ? navigation.formData : null;
  const shown = moving
    ? withCardMoved(columns, String(moving.get("leadId")), String(moving.get("status")) as LeadStatus)
    : columns;
  const columnProps = (column: Column) => ({ column, view, board, moveAction });
  if (!hydrated) {
    return (
      <ColumnsRow>
        {shown.map((column) => (
          <ColumnView key={column.status} {...columnProps(column)}>
            {column.cards.map((card) => (
              <BoardCard key={card.id} {...cardProps(card, view, board, moveAction)} />
            ))}
          </ColumnView>
        ))}
      </ColumnsRow>
    );
  }
  return (
    <DraggableBoard
      columns={shown}
      columnProps={columnProps}
      cardProps={(card) => cardProps(card, view, board, moveAction)}
      moveAction={moveAction}
    />
  );
}

const cardProps = (card: CardData, view: LeadsView, board: BoardState, moveAction: string) => ({
  card,
  detailHref: boardLeadHref(view, board, card.id),
  moveAction,
});

function DraggableBoard({
  columns,
  columnProps,
  cardProps,
  moveAction,
}: {
  columns: Column[];
  columnProps: (column: Column) => Parameters<typeof ColumnView>[0];
  cardProps: (card: CardData) => Parameters<typeof BoardCard>[0];
  moveAction: string;
}) {
  const submit = useSubmit();
  const [dragged, setDragged] = useState<CardData | null>(null);
  const sensors = useSensors(
    // A few pixels of movement first, so a click on the handle is not a drag.
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: toNeighbourColumn }),
  );
  const onDragStart = ({ active }: DragStartEvent) => setDragged(cardOf(active.data.current));
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setDragged(null);
    const card = cardOf(active.data.current);
    if (!card || !over || over.id === card.status) return;
    submit(
      { intent: "move", leadId: card.id, status: String(over.id), version: String(card.version) },
      { method: "post", action: moveAction, preventScrollReset: true },
    );
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={rectIntersection}
      accessibility={{ announcements, screenReaderInstructions: { draggable: INSTRUCTIONS } }}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onDragCancel={() => setDragged(null)}
    >
      <ColumnsRow>
        {columns.map((column) => (
          <DroppableColumn
            key={column.status}
            {...columnProps(column)}
            renderCard={(card) => <DraggableCard key={card.id} {...cardProps(card)} />}
          />
        ))}
      </ColumnsRow>
      <DragOverlay>
        {dragged ? (
          <div className="rounded-md border border-slate-300 bg-white p-3 text-sm shadow-lg">
            <p className="font-semibold text-slate-900">
              {dragged.firstName} {dragged.lastName}
            </p>
            <p className="text-slate-600">{dragged.company}</p>
          </div>
        ) : null}
      </DragOverlay>
    </DndContext>
  );
}

const INSTRUCTIONS =
  "To move a lead to another column, press Space on its drag handle, then the left and right arrow keys to " +
  "choose the column, and Space again to drop it there. Escape cancels.";

const cardOf = (data: unknown) => (data as { card?: CardData } | undefined)?.card ?? null;
const nameOf = (data: unknown) => {
  const card = cardOf(data);
  return card ? `${card.firstName} ${card.lastName}` : "The lead";
};
const labelOf = (id: unknown) => STATUS_LABELS[id as LeadStatus] ?? String(id);

const announcements: Announcements = {
  onDragStart: ({ active }) =>
    `Picked up ${nameOf(active.data.current)}, in ${labelOf(cardOf(active.data.current)?.status)}.`,
  onDragOver: ({ active, over }) =>
    over
      ? `${nameOf(active.data.current)} is over ${labelOf(over.id)}.`
      : `${nameOf(active.data.current)} is not over a column.`,
  onDragEnd: ({ active, over }) =>
    over
      ? `${nameOf(active.data.current)} was dropped on ${labelOf(over.id)}.`
      : `${nameOf(active.data.current)} was dropped outside the columns and stays where it was.`,
  onDragCancel: ({ active }) => `Moving ${nameOf(active.data.current)} was cancelled.`,
};

/**
 * Where each keyboard drag aims: the column it was last moved to and that column's middle. Kept here rather
 * than read from dnd-kit's `over`, which follows a render behind a quick second key press.
 */
const keyboardAims = new WeakMap<Event, { index: number; x: number }>();

/**
 * The keyboard's move: left and right jump to the middle of the neighbouring column (the columns in their
 * order on screen; a column hidden on a phone has no width and is skipped).
 */
const toNeighbourColumn: KeyboardCoordinateGetter = (event, { currentCoordinates, context }) => {
  const step = event.code === "ArrowRight" ? 1 : event.code === "ArrowLeft" ? -1 : 0;
  const { activatorEvent, collisionRect } = context;
  if (!step || !activatorEvent || !collisionRect) return undefined;
  event.preventDefault();
  const columns = [...context.droppableRects.entries()]
    .filter(([, rect]) => rect.width > 0)
    .sort(([, a], [, b]) => a.left - b.left);
  const aim = keyboardAims.get(activatorEvent) ?? {
    index: columns.findIndex(([id]) => id === cardOf(context.active?.data.current)?.status),
    x: collisionRect.left + collisionRect.width / 2,
  };
  const target = columns[aim.index + step];
  if (!target) return currentCoordinates;
  const [, rect] = target;
  const x = rect.left + rect.width / 2;
  keyboardAims.set(activatorEvent, { index: aim.index + step, x });
  return { x: currentCoordinates.x + x - aim.x, y: currentCoordinates.y };
};

/** The columns with one card moved to the top of another column (the move being sent). */
function withCardMoved(columns: Column[], leadId: string, status: LeadStatus): Column[] {
  const card = columns.flatMap((column) => column.cards).find((one) => one.id === leadId);
  if (!card) return columns;
  return columns.map((column) => ({
    ...column,
    cards:
      column.status === status
        ? [{ ...card, status }, ...column.cards.filter((one) => one.id !== leadId)]
        : column.cards.filter((one) => one.id !== leadId),
  }));
}

/** The columns side by side, scrolled sideways when wider than the page; relative, so that what sits out of
 * the flow (the screen-reader-only labels) scrolls inside it rather than widening the page. */
function ColumnsRow({ children }: { children: ReactNode }) {
  return <div className="relative flex items-stretch gap-3 overflow-x-auto pb-2">{children}</div>;
}

/**
 * A column that takes dropped cards, and whose "More" loads the next cards in place: the board's own URL with
 * the column's cursor, read by a fetcher, whose page of this column is added below the cards shown. A new
 * board from the server (after a move, or other filters) starts the column again.
 */
function DroppableColumn({
  renderCard,
  ...props
}: Parameters<typeof ColumnView>[0] & { renderCard: (card: CardData) => ReactNode }) {
  const { column } = props;
  const { setNodeRef, isOver } = useDroppable({ id: column.status });
  const fetcher = useFetcher<typeof loader>();
  const [more, setMore] = useState({ cards: [] as CardData[], nextCursor: column.nextCursor });
  useEffect(() => setMore({ cards: [], nextCursor: column.nextCursor }), [column]);
  useEffect(() => {
    const page = fetcher.data?.columns.find((one) => one.status === column.status);
    if (page) setMore((shown) => ({ cards: [...shown.cards, ...page.cards], nextCursor: page.nextCursor }));
    // Only a new answer adds its cards.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fetcher.data]);
  const shown = { ...column, cards: [...column.cards, ...more.cards], nextCursor: more.nextCursor };
  return (
    <ColumnView
      {...props}
      column={shown}
      dropRef={setNodeRef}
      isOver={isOver}
      onMore={(href) => {
        if (fetcher.state === "idle") fetcher.load(href);
      }}
    >
      {shown.cards.map(renderCard)}
    </ColumnView>
  );
}

function DraggableCard(props: Parameters<typeof BoardCard>[0]) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, isDragging } = useDraggable({
    id: props.card.id,
    data: { card: props.card },
  });
  return (
    <BoardCard
      {...props}
      cardRef={setNodeRef}
      className={isDragging ? "opacity-40" : ""}
      handle={{ ref: setActivatorNodeRef, props: { ...attributes, ...listeners } }}
    />
  );
}

/**
 * One status: its name, count, total and weighted value, its cards, and "More" at its foot when there are
 * more (the next page of this column, as a link). On a phone only the chosen column shows.
 */
function ColumnView({
  column,
  view,
  board,
  children,
  dropRef,
  isOver = false,
  onMore,
}: {
  column: Column;
  view: LeadsView;
  board: BoardState;
  moveAction: string;
  children?: ReactNode;
  dropRef?: Ref<HTMLElement>;
  isOver?: boolean;
  /** With JavaScript, loads the next cards in place instead of following the link. */
  onMore?: (href: string) => void;
}) {
  const moreHref = column.nextCursor
    ? boardHref(view, { column: column.status, after: column.nextCursor })
    : null;
  const label = STATUS_LABELS[column.status];
  const headingId = `${columnId(column.status)}-heading`;
  const continued = board.after !== "" && board.column === column.status;
  const count = `${formatCount(column.count)}${column.countIsLowerBound ? "+" : ""}`;
  const atLeast = column.countIsLowerBound ? "at least " : "";
  return (
    <section
      ref={dropRef}
      id={columnId(column.status)}
      aria-labelledby={headingId}
      data-column={column.status}
      className={`${board.column === column.status ? "flex" : "hidden md:flex"} w-full min-w-0 flex-col rounded-lg border bg-slate-50 p-2 md:w-64 md:shrink-0 ${isOver ? "border-slate-500 ring-2 ring-slate-400" : "border-slate-200"}`}
    >
      <header className="px-1 pb-2">
        <div className="flex items-baseline justify-between gap-2">
          <h2 id={headingId} className="font-semibold text-slate-900">
            {label}
          </h2>
          <span className="text-sm text-slate-600" data-testid="column-count">
            {count} {column.count === 1 && !column.countIsLowerBound ? "lead" : "leads"}
          </span>
        </div>
        <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-2 text-xs text-slate-600">
          <dt>Total</dt>
          <dd data-testid="column-total">
            {atLeast}
            {formatGBP(column.totalValue)}
          </dd>
          <dt>Weighted ({column.weightPercent}%)</dt>
          <dd data-testid="column-weighted">
            {atLeast}
            {formatGBP(column.weightedValue)}
          </dd>
        </dl>
      </header>
      <ul aria-label={`${label} leads`} className="flex min-h-16 flex-1 flex-col gap-2">
        {children}
      </ul>
      {column.cards.length === 0 ? <p className="px-1 py-2 text-sm text-slate-600">No leads</p> : null}
      <footer className="flex flex-wrap gap-x-3 px-1 pt-2 text-sm">
        {continued ? (
          <AppLink to={boardHref(view, { column: column.status })} className="underline">
            First {label} leads
          </AppLink>
        ) : null}
        {moreHref ? (
          <AppLink
            to={moreHref}
            className="font-medium underline"
            aria-label={`More ${label} leads`}
            onClick={(event) => {
              if (!onMore) return;
              event.preventDefault();
              onMore(moreHref);
            }}
          >
            More
          </AppLink>
        ) : null}
      </footer>
    </section>
  );
}

/** The phone's column switcher: one link per column, in the URL, so it works without JavaScript. */
export function ColumnSwitcher({
  columns,
  view,
  board,
}: {
  columns: Column[];
  view: LeadsView;
  board: BoardState;
}) {
  return (
    <nav aria-label="Columns" className="mb-3 md:hidden">
      <ul className="flex flex-wrap gap-1">
        {columns.map((column) => (
          <li key={column.status}>
            <AppLink
              to={boardHref(view, { column: column.status })}
              aria-current={board.column === column.status ? "true" : undefined}
              className={`block rounded-full border px-3 py-1 text-sm ${board.column === column.status ? "border-slate-800 bg-slate-800 text-white" : "border-slate-300 bg-white text-slate-700"}`}
            >
              {STATUS_LABELS[column.status]} ({formatCount(column.count)}
              {column.countIsLowerBound ? "+" : ""})
            </AppLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
