export { loader } from "~/screens/dashboard/dashboard-details-page.server";
export { DashboardDetailsPage as default, meta } from "~/screens/dashboard/dashboard-details-page";
export { GeneralErrorBoundary as ErrorBoundary } from "~/components/error-boundary";
