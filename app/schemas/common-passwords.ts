/**
 * The most common passwords (ASVS 2.1.7): the ranked list of 49,233 leaked passwords that
 * @zxcvbn-ts/language-common ships (its "passwords-common" dictionary, MIT), held as a Set once loaded.
 *
 * Only the server holds the list (server/common-passwords.ts loads it at start-up): it weighs about
 * 184 KB brotli, more than a whole page, so the browser never loads it (issue 31.5). In the browser
 * `isCommonPassword` answers false and the form shows the server's refusal under the password field.
 */
let common: Set<string> | undefined;

/** Gives the schemas the list (the server, at start-up). */
export function setCommonPasswords(list: Iterable<string>): void {
  common = new Set(list);
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
