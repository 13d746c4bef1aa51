import { getInputProps, getSelectProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";
import { LEAD_STATUSES, STATUS_LABELS } from "~/models/lead";
import type { AssignableUser } from "~/models/user.schema";
import { Field, SelectField, TextareaField } from "~/components/forms";

export type LeadFieldName =
  | "firstName"
  | "lastName"
  | "email"
  | "phone"
  | "company"
  | "position"
  | "status"
  | "estimatedValue"
  | "notes"
  | "assignedToId";
// The add and update forms' schemas differ (the update form adds version), so the field types stay open here.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type LeadFieldSet = Record<LeadFieldName, FieldMetadata<any, any, string[]>>;

/**
 * The lead's fields, shared by the Add New Lead dialog and the update form (SPEC.md "Lead form"); its parts
 * are also the lead detail's small in-place forms.
 */
export function LeadFields({
  fields,
  users,
  autoFocus = false,
}: {
  fields: LeadFieldSet;
  users: AssignableUser[];
  /** Put the cursor in the first field (the detail opened for editing, ?edit=true); works without JavaScript. */
  autoFocus?: boolean;
}) {
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
      <PersonFields fields={fields} autoFocus={autoFocus} />
      <Field
        label="Company"
        {...getInputProps(fields.company, { type: "text" })}
        errors={fields.company.errors}
        autoComplete="off"
      />
      <Field
        label="Position"
        {...getInputProps(fields.position, { type: "text" })}
        errors={fields.position.errors}
        autoComplete="off"
      />
      <SelectField label="Status" {...getSelectProps(fields.status)} errors={fields.status.errors}>
        {LEAD_STATUSES.map((status) => (
          <option key={status} value={status}>
            {STATUS_LABELS[status]}
          </option>
        ))}
      </SelectField>
      <ValueField fields={fields} />
      <OwnerField fields={fields} users={users} className="sm:col-span-2" />
      <TextareaField
        label="Notes"
        {...getTextareaProps(fields.notes)}
        rows={3}
        errors={fields.notes.errors}
        className="sm:col-span-2"
      />
    </div>
  );
}

/** First and last name, e-mail and phone: four cells of the caller's grid. */
export function PersonFields({ fields, autoFocus = false }: { fields: LeadFieldSet; autoFocus?: boolean }) {
  return (
    <>
      <Field
        label="First Name"
        {...getInputProps(fields.firstName, { type: "text" })}
        errors={fields.firstName.errors}
        autoComplete="off"
        autoFocus={autoFocus}
      />
      <Field
        label="Last Name"
        {...getInputProps(fields.lastName, { type: "text" })}
        errors={fields.lastName.errors}
        autoComplete="off"
      />
      <Field
        label="Email"
        {...getInputProps(fields.email, { type: "email" })}
        errors={fields.email.errors}
        autoComplete="off"
      />
      <Field
        label="Phone"
        {...getInputProps(fields.phone, { type: "tel" })}
        errors={fields.phone.errors}
        autoComplete="off"
      />
    </>
  );
}

export function ValueField({ fields, autoFocus = false }: { fields: LeadFieldSet; autoFocus?: boolean }) {
  return (
    <Field
      label="Estimated Value (£)"
      {...getInputProps(fields.estimatedValue, { type: "number" })}
      step="0.01"
      min="0"
      inputMode="decimal"
      errors={fields.estimatedValue.errors}
      autoFocus={autoFocus}
    />
  );
}

/** Assigned To: Unassigned or one of `users`. */
export function OwnerField({
  fields,
  users,
  autoFocus = false,
  className,
}: {
  fields: LeadFieldSet;
  users: AssignableUser[];
  autoFocus?: boolean;
  className?: string;
}) {
  return (
    <SelectField
      label="Assigned To"
      {...getSelectProps(fields.assignedToId)}
      errors={fields.assignedToId.errors}
      autoFocus={autoFocus}
      className={className}
    >
      <option value="">Unassigned</option>
      {users.map((user) => (
        <option key={user.id} value={user.id}>
          {`${user.firstName} ${user.lastName}`.trim() || user.email}
        </option>
      ))}
    </SelectField>
  );
}
