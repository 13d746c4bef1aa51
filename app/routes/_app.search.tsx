export { loader } from "~/screens/search/search-page.server";
export { SearchPage as default, meta } from "~/screens/search/search-page";
export { GeneralErrorBoundary as ErrorBoundary } from "~/components/error-boundary";
