import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { useEffect, useId, useRef, useState } from "react";
import type { Division } from "~/utils/divisions";
import { Field } from "~/components/forms";
import { useJsonFetch } from "~/components/use-json-fetch";

type ContactFieldName = "firstName" | "lastName" | "email" | "phone" | "company" | "position";
// The add and edit forms share these fields; their schemas are the same but their forms are separate.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type ContactFieldSet = Record<ContactFieldName, FieldMetadata<any, any, string[]>>;

/**
 * The contact's six fields (SPEC.md "Contact form"). With `suggestFor`, the company field offers the
 * division's lead companies as the user types (a datalist: without JavaScript it is a plain text field).
 */
export function ContactFields({ fields, suggestFor }: { fields: ContactFieldSet; suggestFor?: Division }) {
  const listId = useId();
  const suggestions = useCompanySuggestions(suggestFor);
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
      <Field
        label="First Name"
        {...getInputProps(fields.firstName, { type: "text" })}
        errors={fields.firstName.errors}
      />
      <Field
        label="Last Name"
        {...getInputProps(fields.lastName, { type: "text" })}
        errors={fields.lastName.errors}
      />
      <Field label="Email" {...getInputProps(fields.email, { type: "email" })} errors={fields.email.errors} />
      <Field label="Phone" {...getInputProps(fields.phone, { type: "tel" })} errors={fields.phone.errors} />
      <Field
        label="Company"
        {...getInputProps(fields.company, { type: "text" })}
        errors={fields.company.errors}
        autoComplete="off"
        list={suggestFor ? listId : undefined}
        onChange={(event) => suggestions.search(event.currentTarget.value)}
      />
      <Field
        label="Position"
        {...getInputProps(fields.position, { type: "text" })}
        errors={fields.position.errors}
      />
      {suggestFor ? (
        <datalist id={listId}>
          {suggestions.companies.map((company) => (
            <option key={company} value={company} />
          ))}
        </datalist>
      ) : null}
    </div>
  );
}

/** The company suggestions for what is typed, fetched a moment after the typing stops. */
function useCompanySuggestions(division: Division | undefined) {
  const jsonFetch = useJsonFetch();
  const [companies, setCompanies] = useState<string[]>([]);
  const timer = useRef<number>();
  const request = useRef<AbortController>();
  useEffect(() => () => window.clearTimeout(timer.current), []);
  return {
    companies,
    search(text: string) {
      if (!division) return;
      window.clearTimeout(timer.current);
      if (!text.trim()) return setCompanies([]);
      timer.current = window.setTimeout(async () => {
        request.current?.abort();
        request.current = new AbortController();
        const query = new URLSearchParams({ search: text.trim() });
        try {
          setCompanies(
            await jsonFetch<string[]>(`/api/companies/${division}?${query}`, {
              signal: request.current.signal,
            }),
          );
        } catch {
          // Suggestions are a help, not a requirement: the field works without them.
        }
      }, 200);
    },
  };
}
