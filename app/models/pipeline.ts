/**
 * The pipeline board's values the browser shares with the server: its columns, cards and stage weights. No
 * zod here (docs/decisions/017-form-schemas-load-late.md); the weights' schema is in pipeline.schema.ts.
 */
import type { LeadStatus } from "./lead";
import type { PersonRef } from "./user.schema";

/** Each status's probability in whole per cent, by which a column's value is weighted. */
export type StageWeights = Record<LeadStatus, number>;

/** A lead as a board card shows it, with its next open follow-up. */
export type BoardCard = {
  id: string;
  firstName: string;
  lastName: string;
  company: string;
  status: LeadStatus;
  estimatedValue: string | null;
  version: number;
  owner: PersonRef | null;
  nextFollowUp: Date | null;
};

/**
 * One column: the leads of a status under the filters, counted (when filtered, a count that stops after
 * BOARD_COUNT_LIMIT leads in all columns, and then `countIsLowerBound`), their total value and that value weighted by the status's weight, and a page of
 * cards with the next page's cursor.
 */
export type BoardColumn = {
  status: LeadStatus;
  count: number;
  countIsLowerBound: boolean;
  totalValue: string;
  weightPercent: number;
  weightedValue: string;
  cards: BoardCard[];
  nextCursor: string | null;
};

/** Beyond this many matching leads a filtered board stops counting: its columns' figures are lower bounds. */
export const BOARD_COUNT_LIMIT = 10_000;

/** Cards in a column's page. */
export const BOARD_PAGE_SIZE = 10;
