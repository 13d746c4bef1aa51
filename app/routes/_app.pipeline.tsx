export { action, loader } from "~/screens/pipeline/pipeline-page.server";
export { PipelinePage as default, meta } from "~/screens/pipeline/pipeline-page";
export { GeneralErrorBoundary as ErrorBoundary } from "~/components/error-boundary";
