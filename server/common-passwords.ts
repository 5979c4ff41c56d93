import { setCommonPasswords } from "../app/schemas/common-passwords";

let loading: Promise<void> | undefined;

/**
 * Loads the common-password list once, for the password schemas (app/schemas/common-passwords.ts).
 * Only the server imports this module, so the list is never part of the browser's build.
 */
export function loadCommonPasswords(): Promise<void> {
  loading ??= import("@zxcvbn-ts/language-common/dist/passwords.json.mjs").then((m) => setCommonPasswords(m.default));
  return loading;
}
