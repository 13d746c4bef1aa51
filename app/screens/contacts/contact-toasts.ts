import type { ToastInput } from "~/utils/toast";

/** SPEC.md section 5 "Create Contact & Add Lead": shown by the dialog at once, and by the server without JavaScript. */
export const MISSING_INFORMATION: ToastInput = {
  type: "error",
  title: "Missing Information",
  description: "Please fill in first name, last name, and company before creating a lead.",
};

/** SPEC.md section 8: the contact is saved and the Add New Lead dialog opens for it. */
export const CONTACT_SAVED: ToastInput = {
  type: "success",
  title: "Contact Saved",
  description: "Contact created. You can now create a lead for this company.",
};
