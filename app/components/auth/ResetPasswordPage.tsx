import { useState } from "react";
import { useWatch } from "react-hook-form";
import { Link, useNavigate } from "~/lib/router";
import { AuthCard, AuthForm } from "~/components/AuthCard";
import { FormAlert } from "~/forms/form-alert";
import { PasswordField } from "~/forms/password-field";
import { useSubmitForm } from "~/forms/useSubmitForm";
import { PasswordRules } from "~/components/PasswordRules";
import { ApiError, call } from "~/lib/api/client";
import { useLinkToken } from "~/lib/useLinkToken";
import { newPasswordField, PASSWORD_MESSAGES, resetPasswordEndpoint } from "~/schemas/auth";
import { z } from "~/schemas/zod";

const newPasswordSchema = z.strictObject({ password: newPasswordField });

/** The link's token was refused: say so, and offer a new link. */
function BadLink() {
  return (
    <>
      <FormAlert>{PASSWORD_MESSAGES.badToken}</FormAlert>
      <p className="mt-4">
        <Link to="/forgot-password" className="link">
          Ask for a new link
        </Link>
      </p>
    </>
  );
}

export function ResetPasswordPage() {
  const navigate = useNavigate();
  const token = useLinkToken();
  const [badToken, setBadToken] = useState(false);
  const { form, field, formProps, alert, submitting } = useSubmitForm({
    schema: newPasswordSchema,
    defaultValues: { password: "" },
    send: ({ password }) => call(resetPasswordEndpoint, { body: { token: token ?? "", password } }),
    done: () => navigate("/login?reset=1", { replace: true }),
    // the server's message about the password (a common one, say) goes under the field, with focus
    failure: (e) => {
      if (e instanceof ApiError && e.body.error === "invalid_token") setBadToken(true);
      return e instanceof Error ? e.message : "Your password could not be changed.";
    },
  });
  const password = useWatch({ control: form.control, name: "password" }) ?? "";

  return (
    <AuthCard
      title="Choose a new password"
      intro="Saving a new password signs out every device that is signed in to your account and cancels every other reset link we sent you."
    >
      {token === undefined ? (
        <p role="status" className="text-muted">
          Checking your link…
        </p>
      ) : !token || badToken ? (
        <BadLink />
      ) : (
        <AuthForm formProps={formProps}>
          <PasswordField label="New password" autoComplete="new-password" {...field("password")} />
          <PasswordRules password={password} />
          {alert}
          <button type="submit" className="btn-primary w-full" disabled={submitting}>
            {submitting ? "Saving…" : "Save my new password"}
          </button>
        </AuthForm>
      )}
    </AuthCard>
  );
}
