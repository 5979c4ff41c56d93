/**
 * The most common passwords (ASVS 2.1.7): the ranked list of 49,233 leaked passwords that
 * @zxcvbn-ts/language-common ships (its "passwords-common" dictionary, MIT), held as a Set once loaded.
 *
 * The list is large (about 120 KiB gzip), so it is never part of a page's first load: the server loads it
 * at start-up (server/app.ts), the browser when a form with a new password is first validated
 * (app/lib/common-passwords-resolver.ts). Until it is loaded `isCommonPassword` answers false, so a
 * browser that has not loaded it yet leaves the refusal to the server.
 */
let common: Set<string> | undefined;
let loading: Promise<void> | undefined;

/** Loads the list once (a dynamic import: its own chunk in the browser). */
export function loadCommonPasswords(): Promise<void> {
  loading ??= import("@zxcvbn-ts/language-common/dist/passwords.json.mjs").then(
    (m) => {
      common = new Set(m.default);
    },
    (e: unknown) => {
      loading = undefined; // offline for a moment: the next validation tries again
      throw e;
    },
  );
  return loading;
}

/**
 * Whether a password is on the list, ignoring case (the list is lower case; our rules ask for a capital)
 * and a run of symbols added at the end ("Password1!" is "password1" with a capital and a "!").
 */
export function isCommonPassword(password: string): boolean {
  if (!common) return false;
  const lower = password.toLowerCase();
  return common.has(lower) || common.has(lower.replace(/[!@#$%^&*]+$/, ""));
}
