import type { User } from "../../app/schemas/user";
import { users } from "../db/schema";

type UserRow = typeof users.$inferSelect;

/** The trimmed, lower-cased e-mail address that identifies an account (unique, case-insensitive). */
export const emailKey = (email: string) => email.trim().toLowerCase();

/**
 * An account row as the API shows it. The response schemas (app/schemas/user.ts) drop every column
 * they do not name, so a new column never leaks; this fills the optional profile fields.
 */
export function toUser(u: UserRow): User {
  return {
    ...u,
    role: u.role as User["role"],
    phone: u.phone ?? "",
    address: u.address ?? "",
    addressLine1: u.addressLine1 ?? "",
    city: u.city ?? "",
    state: u.state ?? "",
    zip: u.zip ?? "",
    emailVerified: u.emailVerifiedAt !== null,
  };
}

/** An account as the console's lists of people show it (the columns to select): who, their address and role. */
export const accountColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  role: users.role,
};
