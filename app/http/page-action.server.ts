import type { SubmissionResult } from "@conform-to/react";
import { data } from "@remix-run/node";
import { isRefusal, REFUSAL_STATUS, type Refusal } from "~/utils/errors";
import { recordId } from "~/utils/ids";
import { errorToast, type ToastInput } from "~/utils/toast";
import { redirectWithToast } from "./toast.server";

/**
 * How page actions answer (docs/decisions/002-screens.md): a success redirects with its toast, so a reload
 * never repeats it; a model's refusal (403 / 404 / 409 ...) redirects with SPEC.md's failure toast; anything
 * else is a bug and goes to the error boundary.
 */
export async function attempt<Result>(
  run: () => Promise<Result>,
  {
    to,
    success,
    failure,
  }: { to: string; success: ToastInput | ((result: Result) => ToastInput); failure: string | ToastInput },
) {
  let result: Result;
  try {
    result = await run();
  } catch (error) {
    return redirectWithToast(to, failureToast(error, failure));
  }
  return redirectWithToast(to, typeof success === "function" ? success(result) : success);
}

/** The failure toast for a refusal; rethrows anything that is not one. */
export function failureToast(error: unknown, failure: string | ToastInput): ToastInput {
  if (!isRefusal(error)) throw error;
  return typeof failure === "string" ? errorToast(failure) : failure;
}

/**
 * A form's answer to a refusal: field messages at their fields, a conflict's own message above the form,
 * and SPEC.md's failure toast. The form stays filled in.
 */
export function refusalReply<Intent extends string, Extra extends object = object>(
  intent: Intent,
  error: unknown,
  reply: (options: {
    fieldErrors?: Record<string, string[]>;
    formErrors?: string[];
  }) => SubmissionResult<string[]>,
  failure: string,
  extra?: Extra,
) {
  const toast = failureToast(error, failure);
  const refusal = error as Refusal;
  const result = refusal.fieldErrors
    ? reply({ fieldErrors: refusal.fieldErrors })
    : reply({ formErrors: [refusal.kind === "conflict" ? refusal.message : failure] });
  return data({ intent, result, toast, ...(extra as Extra) }, { status: REFUSAL_STATUS[refusal.kind] });
}

/** A form that failed its schema: the errors go back to the fields (status 400). */
export function invalidReply<Intent extends string>(intent: Intent, result: SubmissionResult<string[]>) {
  return data({ intent, result }, { status: 400 });
}

/** A record id posted by a form; a malformed one is not found (a failure toast), never a database error. */
export function requireFormId(formData: FormData, name: string): string {
  return recordId(formData.get(name));
}
