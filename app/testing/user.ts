import type { User } from "~/schemas/user";

/**
 * An account as the API shows it, for the browser's tests: a confirmed candidate, Ada Lovelace, with no
 * address on file; a test names only what it needs otherwise (its id, its role).
 */
export function testUser(over: Partial<User> = {}): User {
  return {
    id: 1,
    email: "ada@example.com",
    firstName: "Ada",
    lastName: "Lovelace",
    phone: "",
    address: "",
    addressLine1: "",
    city: "",
    state: "",
    zip: "",
    role: "candidate",
    emailVerified: true,
    ...over,
  };
}
