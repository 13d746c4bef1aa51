export { action, loader } from "~/screens/dashboard/dashboard-page.server";
export { DashboardPage as default, meta } from "~/screens/dashboard/dashboard-page";
export { GeneralErrorBoundary as ErrorBoundary } from "~/components/error-boundary";
