import { useNavigation, useSubmit } from "@remix-run/react";
import { useEffect, useRef, type ChangeEvent } from "react";

/**
 * A list's GET search form that, with JavaScript, follows the user as they type: a moment after the typing
 * stops the form is sent, replacing the history entry and keeping the scroll, and the box keeps its focus and
 * caret (it is not rendered again; pair it with `useFieldFollowing`). Without JavaScript it is the form as it
 * is, sent by Enter or its button. Any navigation (Enter, the button, a click on the list) cancels a pending
 * search, so a search runs once and a click is never overridden.
 */
export function useSearchAsYouType() {
  const submit = useSubmit();
  const navigation = useNavigation();
  const timer = useRef<number>();
  useEffect(() => {
    if (navigation.state !== "idle") window.clearTimeout(timer.current);
  }, [navigation.state]);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  /** Sends the form after `delay` ms, unless something else is sent or followed first. */
  const submitSoon = (form: HTMLFormElement | null, delay: number) => {
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(
      () => form && submit(form, { replace: true, preventScrollReset: true }),
      delay,
    );
  };

  return {
    submitSoon,
    /** The search box's onChange. */
    onSearchChange(event: ChangeEvent<HTMLInputElement>) {
      // From the third character (or when cleared): one or two letters match most of a large list and
      // cannot use the search index; Enter still searches for anything.
      const length = event.currentTarget.value.trim().length;
      if (length === 0 || length >= 3) submitSoon(event.currentTarget.form, 350);
      else window.clearTimeout(timer.current);
    },
    /** The form's onSubmit: a search sent by hand replaces the pending one. */
    onSubmit() {
      window.clearTimeout(timer.current);
    },
  };
}
