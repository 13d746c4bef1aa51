import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { isAdmin } from "~/models/actor.server";
import { TOKEN_SCOPES } from "~/models/api-token";
import { createTokenSchema, type CreatedApiToken } from "~/models/api-token.schema";
import { createToken, listOwnTokens, revokeToken } from "~/models/api-token.server";
import { stageWeightsFormSchema } from "~/models/pipeline.schema";
import { getStageWeights, setStageWeights } from "~/models/pipeline.server";
import { readForm } from "~/http/form.server";
import { attempt, invalidReply, refusalReply, requireFormId } from "~/http/page-action.server";
import { errorToast, successToast, type ToastInput } from "~/utils/toast";
import { redirectWithToast } from "~/http/toast.server";
import { requirePageActor } from "~/auth/current-user.server";
import { reminderSettingSchema } from "~/models/my-day.schema";
import { getReminderSetting, setReminderSetting } from "~/models/reminder.server";
import { env } from "~/utils/env.server";
import { timeZoneOf } from "~/utils/time-zone.server";
import { settingsView } from "./settings-view";

/** The create form's answer when the page stays: the new token, or the form's errors. */
export type TokenFormResult = {
  intent: "create-token";
  result: SubmissionResult<string[]>;
  toast?: ToastInput;
  created?: CreatedApiToken;
};

const SETTINGS_PATH = "/settings";

/**
 * /settings: the signed-in user's reminder setting (and whether this server sends e-mail), own API tokens, an
 * admin's pipeline stage weights, and the active token the revoke confirmation is about
 * (?revoke=, a parameter of the page: docs/decisions/002-screens.md).
 */
export async function settingsLoader({ request, context }: LoaderFunctionArgs) {
  const actor = await requirePageActor(request, context);
  const [tokens, reminders, weights] = await Promise.all([
    listOwnTokens(actor),
    getReminderSetting(actor),
    isAdmin(actor) ? getStageWeights(actor) : null,
  ]);
  const revokeId = settingsView.dialogs(new URL(request.url).searchParams).revoke;
  const revoking = tokens.find((token) => token.id === revokeId && token.status === "ACTIVE") ?? null;
  return {
    reminders,
    emailConfigured: env().smtp !== null,
    tokens,
    revoking,
    scopes: isAdmin(actor) ? TOKEN_SCOPES : TOKEN_SCOPES.filter((s) => s !== "admin"),
    /** The pipeline's stage weights, which only an admin sees and sets. */
    weights,
  };
}

/**
 * Create and revoke, through the same model functions as /api/tokens. A new token comes back in the
 * action's answer, not through a redirect: it is shown this once, and never travels in a URL or a cookie.
 */
export async function settingsAction(
  { request, context }: ActionFunctionArgs,
  // Spelled out: inferred, the answer with `created` would be merged into the plainer one and lost.
): Promise<Response | ReturnType<typeof data<TokenFormResult>>> {
  const actor = await requirePageActor(request, context);
  const formData = await readForm(request);
  switch (formData.get("intent")) {
    case "create-token": {
      const submission = parseWithZod(formData, { schema: createTokenSchema });
      if (submission.status !== "success") return invalidReply("create-token", submission.reply());
      try {
        const created = await createToken(actor, submission.value);
        return data({
          intent: "create-token",
          result: submission.reply({ resetForm: true }),
          created,
          toast: successToast("API token created successfully"),
        });
      } catch (error) {
        return refusalReply(
          "create-token",
          error,
          (options) => submission.reply(options),
          "Failed to create API token",
        );
      }
    }
    case "reminders": {
      // The zone is the browser's (the tz cookie): the e-mails' times and the digest's day are on its clock.
      const parsed = reminderSettingSchema.safeParse({ mode: formData.get("mode") });
      if (!parsed.success) return redirectWithToast(SETTINGS_PATH, errorToast("Choose how to be reminded"));
      return attempt(() => setReminderSetting(actor, parsed.data.mode, timeZoneOf(request)), {
        to: SETTINGS_PATH,
        success: successToast("Reminder setting saved"),
        failure: "Failed to save the reminder setting",
      });
    }
    case "revoke-token":
      return attempt(() => revokeToken(actor, requireFormId(formData, "tokenId")), {
        to: SETTINGS_PATH,
        success: successToast("API token revoked successfully"),
        failure: "Failed to revoke API token",
      });
    case "stage-weights": {
      const submission = parseWithZod(formData, { schema: stageWeightsFormSchema });
      if (submission.status !== "success")
        return redirectWithToast(SETTINGS_PATH, errorToast("Each weight is a whole number from 0 to 100"));
      return attempt(() => setStageWeights(actor, submission.value), {
        to: SETTINGS_PATH,
        success: successToast("Stage weights saved"),
        failure: "Failed to save stage weights",
      });
    }
    default:
      throw new Response("Unknown form intent", { status: 400 });
  }
}
