import type { FieldValues, Resolver } from "react-hook-form";
import { loadCommonPasswords } from "~/schemas/common-passwords";

/**
 * A form resolver for forms that choose a password: the first validation loads the common-password list
 * (its own chunk, never in the page's first load), then the schema's own check refuses a common
 * password in the browser as the server does. If the list cannot be loaded the form still validates the
 * other rules and the server refuses a common password.
 */
export function withCommonPasswords<T extends FieldValues, C, O>(resolver: Resolver<T, C, O>): Resolver<T, C, O> {
  return async (values, context, options) => {
    await loadCommonPasswords().catch(() => undefined);
    return resolver(values, context, options);
  };
}
