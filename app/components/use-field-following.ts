import { useEffect, useRef } from "react";

/**
 * An uncontrolled field that follows `value` (a search in the URL, a stored role) when it changes from
 * elsewhere (Clear Filters, a link, Back, another admin's change), but never under the user's fingers, so
 * text typed while a search loads, or before the page hydrated, stays. Returns the ref for the field.
 */
export function useFieldFollowing<Field extends HTMLInputElement | HTMLSelectElement>(value: string) {
  const ref = useRef<Field>(null);
  const shown = useRef(value);
  useEffect(() => {
    if (value !== shown.current && ref.current && document.activeElement !== ref.current) {
      ref.current.value = value;
    }
    shown.current = value;
  }, [value]);
  return ref;
}
