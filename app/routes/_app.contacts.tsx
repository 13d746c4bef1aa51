export { action, loader } from "~/screens/contacts/contacts-page.server";
export { ContactsPage as default, meta } from "~/screens/contacts/contacts-page";
export { GeneralErrorBoundary as ErrorBoundary } from "~/components/error-boundary";
