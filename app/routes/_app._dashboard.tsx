// The dashboard at /, as the layout of its index (/, with its dialogs) and of a lead opened over it
// (/lead/{id}): an index route cannot have children.
export { loader } from "~/screens/dashboard/dashboard-page.server";
export { DashboardPage as default, meta } from "~/screens/dashboard/dashboard-page";
export { GeneralErrorBoundary as ErrorBoundary } from "~/components/error-boundary";
