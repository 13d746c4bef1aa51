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
  return useForm<Input<N>, Output<N>>({
    ...options,
    shouldValidate: "onSubmit",
    shouldRevalidate: schemas ? "onInput" : "onSubmit",
    onValidate: schemas
      ? ({ formData }) => schemas.parseForm(name, formData) as Submission<Input<N>, string[], Output<N>>
      : undefined,
  });
}
