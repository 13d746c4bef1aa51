// Contacts through the JSON API, for the integration tests of the contacts endpoints.
import { expect } from "vitest";
import type { ApiClient } from "./api-client";
import { databaseUrl, rowPrints } from "./database";
import { uniqueToken } from "./leads";

/** CONTRACT.md's Contact object as it arrives over JSON. */
export type ApiContact = {
  id: string;
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string | null;
  company: string;
  position: string | null;
  companyDivision: "TSS" | "NLH";
  createdAt: string;
};

export const CONTACT_KEYS = [
  "company",
  "companyDivision",
  "createdAt",
  "email",
  "firstName",
  "id",
  "lastName",
  "phone",
  "position",
];

/** A valid POST /api/contacts body; company defaults to "Quarry <token>". */
export function contactInput(overrides: Record<string, unknown> = {}) {
  const token = uniqueToken("contact");
  return {
    firstName: "Cora",
    lastName: "Contact",
    email: `${token}@contact.example`,
    phone: "01632 960000",
    company: `Quarry ${token}`,
    position: "Buyer",
    companyDivision: "TSS",
    ...overrides,
  };
}

export async function createContact(
  client: ApiClient,
  overrides: Record<string, unknown> = {},
): Promise<ApiContact> {
  const result = await client.post<ApiContact>("/api/contacts", contactInput(overrides));
  if (result.status !== 201)
    throw new Error(`Creating a contact failed: ${result.status} ${JSON.stringify(result.body)}`);
  return result.body;
}

/** A contact as stored: its row (real PostgreSQL) or its entry in the division's whole list. */
export async function contactState(client: ApiClient, contact: ApiContact) {
  if (databaseUrl()) return rowPrints([contact.id]);
  const list = await client.get<ApiContact[]>(`/api/contacts/${contact.companyDivision}`);
  expect(list.status).toBe(200);
  return list.body.find((entry) => entry.id === contact.id);
}
