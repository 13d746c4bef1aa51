import * as z from "zod";
import { DIVISIONS, type Division } from "~/utils/divisions";
import { pagingSchema } from "~/utils/paging";
import { emailField, requiredText, text } from "~/utils/zod";
import { ROLES, type Role } from "./user";

/** CONTRACT.md's User object. The password hash never leaves the server; hasPassword replaces it. */
export type User = {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  companyAccess: { company: Division }[];
  isActive: boolean;
  createdAt: Date;
  profileImageUrl: string | null;
  hasPassword: boolean;
};

/** A user as other records name them: creator, assignee, author. */
export type PersonRef = { id: string; firstName: string; lastName: string };

/** A user a lead can be assigned to. */
export type AssignableUser = { id: string; firstName: string; lastName: string; email: string };

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

/** GET /api/admin/users: optional search (name or e-mail) and paging; all users without a limit. */
export const userListParamsSchema = pagingSchema.extend({
  search: text().trim().max(200, "At most 200 characters").optional(),
});

/** The admin panel's set / change password form (SPEC.md section 5): typed twice. */
export const passwordFormSchema = z
  .object({
    password: passwordSchema,
    confirmPassword: z
      .string({ error: "Confirm password is required" })
      .min(8, "Confirm password is required")
      .max(200),
  })
  .refine((form) => form.password === form.confirmPassword, {
    message: "Passwords don't match",
    path: ["confirmPassword"],
  });
