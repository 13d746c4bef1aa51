export { action, loader } from "~/screens/leads/leads-page.server";
export { LeadsPage as default, meta } from "~/screens/leads/leads-page";
export { GeneralErrorBoundary as ErrorBoundary } from "~/components/error-boundary";
