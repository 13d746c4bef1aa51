export const DIVISIONS = ["TSS", "NLH"] as const;
export type Division = (typeof DIVISIONS)[number];

export function isDivision(value: unknown): value is Division {
  return typeof value === "string" && (DIVISIONS as readonly string[]).includes(value);
}

export type Branding = {
  division: Division;
  title: string;
  fullName: string;
  tagline: string;
  /** Header colours: each division has a look of its own. */
  headerClass: string;
  accentClass: string;
};

const BRANDING: Record<Division, Branding> = {
  TSS: {
    division: "TSS",
    title: "TSS CRM",
    fullName: "Tailored Slate & Stone",
    tagline: "Natural slate and stone, tailored to every project",
    headerClass: "bg-gradient-to-r from-stone-800 to-slate-700 text-white",
    accentClass: "bg-stone-700 text-white",
  },
  NLH: {
    division: "NLH",
    title: "NLH CRM",
    fullName: "NLH Wings",
    tagline: "Aviation wings and express delivery, on time",
    headerClass: "bg-gradient-to-r from-sky-800 to-indigo-700 text-white",
    accentClass: "bg-sky-700 text-white",
  },
};

/** Any unknown division value falls back to TSS (SPEC.md section 1). */
export function brandingFor(division: unknown): Branding {
  return isDivision(division) ? BRANDING[division] : BRANDING.TSS;
}
