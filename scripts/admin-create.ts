/**
 * `npm run admin:create -- --email person@example.org [--role admin|staff]`: gives the console to
 * an account from the command line (the first admin). No password is ever set here: the command
 * prints a one-time link, valid for 72 hours, where the person sets their own password. Works on
 * the embedded database (DATA_DIR; stop the server first, it holds the folder) and on DATABASE_URL.
 */
import { emailField } from "../app/schemas/auth";
import { toolPublicUrl } from "../server/db/settings";
import {
  createInvitation,
  INVITATION_TTL_HOURS,
  invitationPath,
  type StaffRole,
} from "../server/accounts/staff-members";
import { commandLine, fail, openDatabaseOrFail } from "./command-line";

async function main() {
  const { values, env: loadEnvOrFail } = commandLine({
    email: { type: "string" },
    role: { type: "string", default: "admin" },
  });
  const email = emailField.safeParse(values.email ?? "");
  if (!email.success) fail("Give the e-mail address: npm run admin:create -- --email person@example.org");
  if (values.role !== "admin" && values.role !== "staff") fail('--role is "admin" (the default) or "staff".');
  const env = loadEnvOrFail();
  const database = await openDatabaseOrFail(env);
  try {
    const { token, expiresAt } = await createInvitation(database.db, {
      email: email.data,
      role: values.role as StaffRole,
      actor: null,
      mail: false,
    });
    const base = await toolPublicUrl(database.db, env);
    console.log(
      [
        `${values.role === "admin" ? "An admin" : "A staff"} invitation for ${email.data} is ready.`,
        `Open this link to set the password (once, within ${INVITATION_TTL_HOURS} hours, until ${expiresAt.toISOString()}):`,
        "",
        `  ${base}${invitationPath(token)}`,
        "",
      ].join("\n"),
    );
  } finally {
    await database.close();
  }
}

await main();
