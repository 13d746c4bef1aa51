// Exports a division's active leads as JSON lines, a page at a time by cursor (docs/api.md).
//   CRM_URL=http://localhost:3000 CRM_TOKEN=crm_... node docs/examples/export-leads.mjs TSS > tss-leads.jsonl
// Node 20 or later; no packages. Progress goes to stderr, the leads to stdout.
const base = process.env.CRM_URL ?? "http://localhost:3000";
const token = process.env.CRM_TOKEN;
const division = process.argv[2] ?? "TSS";
if (!token) {
  console.error("Set CRM_TOKEN to an API token (Settings > API tokens).");
  process.exit(2);
}

let next = `/api/leads/${division}?limit=500`;
let written = 0;
while (next) {
  const response = await fetch(new URL(next, base), { headers: { Authorization: `Bearer ${token}` } });
  if (response.status === 429 || response.status === 503) {
    // Over the token's rate limit, or the server busy for a moment: wait as long as it says, then ask again
    // (a read may be asked again as it is; a write would carry an Idempotency-Key, docs/api.md).
    const seconds = Number(response.headers.get("retry-after") ?? 1);
    await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
    continue;
  }
  if (!response.ok) {
    const { message } = await response.json().catch(() => ({ message: response.statusText }));
    console.error(`${response.status} ${message} (${next})`);
    process.exit(1);
  }
  const leads = await response.json();
  for (const lead of leads) process.stdout.write(JSON.stringify(lead) + "\n");
  written += leads.length;
  console.error(`${written} of ${response.headers.get("x-total-count")} leads`);
  // The next page's address, or none on the last page.
  next = response.headers.get("link")?.match(/<([^>]+)>;\s*rel="next"/)?.[1] ?? null;
}
