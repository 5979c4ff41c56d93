import { Link } from "~/lib/router";
import { AuthCard, AuthForm } from "~/components/AuthCard";
import { FormField } from "~/forms/form-field";
import { useSubmitForm } from "~/forms/useSubmitForm";
import { call } from "~/lib/api/client";
import { forgotPasswordEndpoint, forgotPasswordSchema } from "~/schemas/auth";

export function ForgotPasswordPage() {
  const { field, formProps, alert, submitting } = useSubmitForm({
    schema: forgotPasswordSchema,
    defaultValues: { email: "" },
    send: (values) => call(forgotPasswordEndpoint, { body: values }),
    done: (res) => res.message,
  });

  return (
    <AuthCard
      title="Forgot your password?"
      intro={
        <>
          Enter the e-mail address of your account and we will send you a link to choose a new one. Remembered it?{" "}
          <Link to="/login" className="link">
            Log in
          </Link>
          .
        </>
      }
    >
      <AuthForm formProps={formProps}>
        <FormField label="E-mail address" type="email" autoComplete="email" {...field("email")} />
        {alert}
        <button type="submit" className="btn-primary w-full" disabled={submitting}>
          {submitting ? "Sending…" : "Send me a link"}
        </button>
      </AuthForm>
    </AuthCard>
  );
}
