import { FieldIds } from "~/forms/form-field";

/** The frame of the sign-up and login screens. */
export function AuthCard({
  title,
  intro,
  children,
}: {
  title: string;
  intro: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <div className="bg-navy-50 py-12 sm:py-16">
      <section className="container-page max-w-lg" aria-labelledby="auth-title">
        <div className="rounded-2xl bg-white p-6 shadow-sm sm:p-8">
          <h1 id="auth-title" className="text-3xl font-extrabold text-navy-900">
            {title}
          </h1>
          <div className="mt-2 text-muted">{intro}</div>
          <div className="mt-6">{children}</div>
        </div>
      </section>
    </div>
  );
}

/**
 * The form of an AuthCard screen, given the `formProps` of useSubmitForm (~/forms). It posts, so a click
 * before the page's code ran sends nothing in the address (the server answers such a post with the page
 * again); the fields are validated in the browser.
 */
export function AuthForm({
  formProps,
  children,
}: {
  formProps: React.ComponentProps<"form">;
  children: React.ReactNode;
}) {
  return (
    <form {...formProps} className="space-y-4" aria-labelledby="auth-title">
      <FieldIds.Provider value="auth">{children}</FieldIds.Provider>
    </form>
  );
}
