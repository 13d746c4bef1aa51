export {
  leadDetailAction as action,
  leadDetailLoader as loader,
} from "~/screens/lead-detail/lead-detail.server";
export { LeadDetailOverPage as default, pageMeta as meta } from "~/screens/lead-detail/lead-detail-page";
