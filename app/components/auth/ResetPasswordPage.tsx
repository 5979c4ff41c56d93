import { zodResolver } from "@hookform/resolvers/zod";
import { useRef, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { Link, useNavigate } from "~/lib/router";
import { AuthCard, AuthForm } from "~/components/AuthCard";
import { FormAlert } from "~/components/FormAlert";
import { PasswordField } from "~/components/PasswordField";
import { PasswordRules } from "~/components/PasswordRules";
import { ApiError, call } from "~/lib/api/client";
import { useLinkToken } from "~/lib/useLinkToken";
import { newPasswordField, PASSWORD_MESSAGES, resetPasswordEndpoint } from "~/schemas/auth";
import { z } from "~/schemas/zod";

const newPasswordSchema = z.strictObject({ password: newPasswordField });
type NewPassword = z.input<typeof newPasswordSchema>;

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
  const [error, setError] = useState<{ badToken: boolean; text: string } | null>(null);
  const alertRef = useRef<HTMLParagraphElement>(null);
  const {
    register,
    handleSubmit,
    control,
    setError: setFieldError,
    formState: { errors, isSubmitting },
  } = useForm<NewPassword>({
    resolver: zodResolver(newPasswordSchema),
    defaultValues: { password: "" },
  });
  const password = useWatch({ control, name: "password" }) ?? "";

  const onSubmit = async ({ password }: NewPassword) => {
    setError(null);
    try {
      await call(resetPasswordEndpoint, { body: { token: token ?? "", password } });
      navigate("/login?reset=1", { replace: true });
    } catch (e) {
      // the server's message about the password (a common one, say) goes under the field, with focus
      const fieldMessage = e instanceof ApiError ? e.body.fields?.password : undefined;
      if (fieldMessage) {
        setFieldError("password", { type: "server", message: fieldMessage }, { shouldFocus: true });
        return;
      }
      const badToken = e instanceof ApiError && e.body.error === "invalid_token";
      setError({ badToken, text: e instanceof Error ? e.message : "Your password could not be changed." });
      requestAnimationFrame(() => alertRef.current?.focus());
    }
  };

  return (
    <AuthCard
      title="Choose a new password"
      intro="Saving a new password signs out every device that is signed in to your account and cancels every other reset link we sent you."
    >
      {token === undefined ? (
        <p role="status" className="text-muted">
          Checking your link…
        </p>
      ) : !token || error?.badToken ? (
        <BadLink />
      ) : (
        <AuthForm onSubmit={handleSubmit(onSubmit)}>
          <PasswordField
            label="New password"
            autoComplete="new-password"
            registration={register("password")}
            error={errors.password}
          />
          <PasswordRules password={password} />
          {error && <FormAlert focusRef={alertRef}>{error.text}</FormAlert>}
          <button type="submit" className="btn-primary w-full" disabled={isSubmitting}>
            {isSubmitting ? "Saving…" : "Save my new password"}
          </button>
        </AuthForm>
      )}
    </AuthCard>
  );
}
