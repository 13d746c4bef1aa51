export { adminAction as action, adminLoader as loader } from "~/screens/admin/admin-panel.server";
export { AdminPage as default, meta, shouldRevalidate } from "~/screens/admin/admin-page";
export { GeneralErrorBoundary as ErrorBoundary } from "~/components/error-boundary";
