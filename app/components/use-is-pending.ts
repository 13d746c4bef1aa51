import { useFormAction, useNavigation } from "@remix-run/react";

const pathOf = (url: string) => new URL(url, "http://local").pathname;

/**
 * True while a form of this page is being submitted: by default any, or only the one that posts `intent`
 * (the button's or a hidden field's) to `formAction`. Drives StatusButton's pending text.
 */
export function useIsPending({ intent, formAction }: { intent?: string; formAction?: string } = {}) {
  const navigation = useNavigation();
  const defaultAction = useFormAction();
  if (navigation.state === "idle" || !navigation.formData || !navigation.formAction) return false;
  const sameAction = pathOf(navigation.formAction) === pathOf(formAction ?? defaultAction);
  return sameAction && (intent === undefined || navigation.formData.get("intent") === intent);
}
