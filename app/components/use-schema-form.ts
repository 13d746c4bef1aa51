import { useForm, type Submission } from "@conform-to/react";
import { useEffect, useState } from "react";
import type * as z from "zod";
import type { FormName, FormSchemas } from "./form-schemas";

type FormSchemasModule = typeof import("./form-schemas");
let loaded: FormSchemasModule | undefined;
let loading: Promise<FormSchemasModule> | undefined;

/** form-schemas.ts, fetched once for the whole visit; a failed fetch (offline) is tried again by the next form. */
function loadFormSchemas() {
  loading ??= import("./form-schemas").then(
    (module) => (loaded = module),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

type Input<N extends FormName> = z.input<FormSchemas[N]>;
type Output<N extends FormName> = z.output<FormSchemas[N]>;
type Options<N extends FormName> = Omit<
  Parameters<typeof useForm<Input<N>, Output<N>>>[0],
  "onValidate" | "shouldValidate" | "shouldRevalidate"
>;

/**
 * Conform's `useForm` for one of the forms of form-schemas.ts, checked as every form here is: on submit, then
 * again on each input. The browser checks with the server's own zod schema once form-schemas.ts has arrived
 * (fetched when the first such form is on screen). Before that, or if it cannot be fetched, the server checks
 * each submit and answers the same messages, as it does for a browser without JavaScript; the checks on input
 * wait for the schemas, not to post the form at every keystroke (docs/decisions/017-form-schemas-load-late.md).
 */
export function useSchemaForm<N extends FormName>(name: N, options: Options<N>) {
  const [schemas, setSchemas] = useState(loaded);
  useEffect(() => {
    if (!schemas) loadFormSchemas().then(setSchemas, () => {});
  }, [schemas]);
  const formAndFields = useForm<Input<N>, Output<N>>({
    ...options,
    shouldValidate: "onSubmit",
    shouldRevalidate: schemas ? "onInput" : "onSubmit",
    onValidate: schemas
      ? ({ formData }) => schemas.parseForm(name, formData) as Submission<Input<N>, string[], Output<N>>
      : undefined,
  });
  const formId = formAndFields[0].id;
  // Conform learns a field's value from its input events, so what was typed before the page's JavaScript ran
  // (a slow phone) is announced once, as the form comes alive: a button waiting for a note then sees it.
  useEffect(() => {
    const form = document.getElementById(formId);
    if (!(form instanceof HTMLFormElement)) return;
    for (const field of form.elements) {
      const typed =
        (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) &&
        field.value !== field.defaultValue;
      if (typed) field.dispatchEvent(new Event("input", { bubbles: true }));
    }
  }, [formId]);
  return formAndFields;
}
