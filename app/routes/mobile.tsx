export { mobileAction as action, mobileLoader as loader } from "~/screens/mobile/field-notes.server";
export { FieldNotesPage as default, meta } from "~/screens/mobile/field-notes-page";
export { GeneralErrorBoundary as ErrorBoundary } from "~/components/error-boundary";
