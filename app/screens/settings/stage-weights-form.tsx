import { Form } from "@remix-run/react";
import { buttonClass } from "~/components/forms";
import { IdempotencyKeyField } from "~/components/idempotency-key-field";
import { LEAD_STATUSES, STATUS_LABELS } from "~/models/lead";
import type { StageWeights } from "~/models/pipeline";

/**
 * The pipeline board's stage weights (admins only; the server refuses anyone else): each status's
 * probability in per cent, by which the board weighs its columns' values.
 */
export function StageWeightsForm({ weights }: { weights: StageWeights }) {
  return (
    <section
      aria-labelledby="stage-weights"
      className="mt-6 rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h2 id="stage-weights" className="text-lg font-semibold text-slate-900">
        Pipeline Stage Weights
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        The chance, in per cent, that a lead of each status is won. The pipeline board multiplies each
        column&apos;s total value by it. These apply to every division and user.
      </p>
      <Form method="post" action="/settings" className="mt-4">
        <IdempotencyKeyField />
        <input type="hidden" name="intent" value="stage-weights" />
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          {LEAD_STATUSES.map((status) => (
            <div key={status}>
              <label htmlFor={`weight-${status}`} className="block text-sm font-medium text-slate-700">
                {STATUS_LABELS[status]} (%)
              </label>
              <input
                id={`weight-${status}`}
                name={status}
                type="number"
                min={0}
                max={100}
                step={1}
                required
                defaultValue={weights[status]}
                className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm shadow-sm"
              />
            </div>
          ))}
        </div>
        <button type="submit" className={`${buttonClass.primary} mt-4`}>
          Save Weights
        </button>
      </Form>
    </section>
  );
}
