import { z } from "zod";
import { DIVISIONS } from "~/utils/divisions";
import { emailField, requiredText } from "~/utils/zod";

export const ROLES = ["ADMIN", "SALES_USER"] as const;
export type Role = (typeof ROLES)[number];

const PASSWORD_MESSAGE = "Password must be at least 8 characters long";

export const roleSchema = z.enum(ROLES, { error: "Role must be ADMIN or SALES_USER" });
export const companySchema = z.enum(DIVISIONS, { error: "Company must be TSS or NLH" });
export const passwordSchema = z.string({ error: PASSWORD_MESSAGE }).min(8, PASSWORD_MESSAGE).max(200);

export const createUserSchema = z.object({
  email: emailField(),
  firstName: requiredText("First name is required", 100),
  lastName: requiredText("Last name is required", 100),
  password: passwordSchema,
  role: roleSchema.default("SALES_USER"),
  companies: z
    .array(companySchema, { error: "At least one company must be selected" })
    .min(1, "At least one company must be selected")
    .transform((companies) => [...new Set(companies)]),
});
export type CreateUserInput = z.output<typeof createUserSchema>;

export const roleInputSchema = z.object({ role: roleSchema });
export const companyInputSchema = z.object({ company: companySchema });
export const setPasswordInputSchema = z.object({ password: passwordSchema });
export const changePasswordInputSchema = z.object({ newPassword: passwordSchema });
export const statusInputSchema = z.object({
  isActive: z.boolean({ error: "isActive must be true or false" }),
});
