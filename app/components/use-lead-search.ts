import { useEffect, useRef, useState } from "react";
import type { Lead } from "~/models/lead";
import type { Division } from "~/utils/divisions";
import { useJsonFetch } from "./use-json-fetch";

/** A lead as a picker lists it. */
export type LeadChoice = { id: string; name: string; company: string };

/**
 * A picker's list with the chosen lead kept in it (first) when a later search no longer finds it: what is
 * chosen stays in sight, and its radio button stays in the form.
 */
export function keepChosen(list: LeadChoice[] | undefined, chosen: LeadChoice | null) {
  if (!chosen || list?.some((lead) => lead.id === chosen.id)) return list;
  return [chosen, ...(list ?? [])];
}

const TYPING_PAUSE_MS = 250;

/**
 * Type-ahead over a division's leads (first name, last name, company, e-mail) with JavaScript: after a pause in
 * typing, `GET /api/leads/{division}?search=&limit=`; an answer overtaken by a newer search is dropped. Starts
 * from what the server rendered (the search without JavaScript). With `blankShowsNone` an empty search lists
 * nothing (`undefined`) instead of the division's first leads.
 */
export function useLeadSearch({
  division,
  limit,
  query: initialQuery,
  results: initialResults,
  blankShowsNone = false,
}: {
  division: Division;
  limit: number;
  query: string;
  results: LeadChoice[] | undefined;
  blankShowsNone?: boolean;
}) {
  const jsonFetch = useJsonFetch();
  const [query, setQuery] = useState(initialQuery);
  const [results, setResults] = useState(initialResults);
  const [loading, setLoading] = useState(false);
  const timer = useRef<number>();
  const request = useRef<AbortController | null>(null);
  useEffect(
    () => () => {
      window.clearTimeout(timer.current);
      request.current?.abort();
    },
    [],
  );

  function search(text: string) {
    setQuery(text);
    window.clearTimeout(timer.current);
    request.current?.abort();
    if (blankShowsNone && !text.trim()) {
      setLoading(false);
      return setResults(undefined);
    }
    timer.current = window.setTimeout(async () => {
      const controller = new AbortController();
      request.current = controller;
      setLoading(true);
      try {
        const params = new URLSearchParams({ search: text.trim(), limit: String(limit) });
        const leads = await jsonFetch<Lead[]>(`/api/leads/${division}?${params}`, {
          signal: controller.signal,
        });
        setResults(
          leads.map((lead) => ({
            id: lead.id,
            name: `${lead.firstName} ${lead.lastName}`,
            company: lead.company,
          })),
        );
      } catch {
        // The list keeps what it showed; the next keystroke tries again.
      } finally {
        if (request.current === controller) setLoading(false);
      }
    }, TYPING_PAUSE_MS);
  }

  return { query, results, loading, search };
}
