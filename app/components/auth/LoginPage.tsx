import { useEffect } from "react";
import { Link, useNavigate, useSearchParams } from "~/lib/router";
import { AuthCard, AuthForm } from "~/components/AuthCard";
import { FormField } from "~/forms/form-field";
import { PasswordField } from "~/forms/password-field";
import { loginSchema, PASSWORD_MESSAGES } from "~/schemas/auth";
import { loginUser } from "~/state/auth";
import { useAppDispatch, useAppSelector } from "~/state/providers";
import { FormAlert } from "~/forms/form-alert";
import { useSubmitForm } from "~/forms/useSubmitForm";
import { safeNext } from "~/lib/safe-next";

export function LoginPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const params = useSearchParams();
  const error = useAppSelector((s) => s.error);
  const registered = params.get("registered") === "1";
  const passwordReset = params.get("reset") === "1";
  // the alert is the auth state's `error` (spec: loginUser.rejected stores it)
  const { form, field, formProps, submitting } = useSubmitForm({
    schema: loginSchema,
    defaultValues: { email: params.get("email") ?? "", password: "" },
    send: (values) => dispatch(loginUser(values)),
    done: (result) => {
      if (loginUser.fulfilled.match(result)) navigate(safeNext(params.get("next")), { replace: true });
    },
  });
  const { setValue, getValues } = form;
  // the address the sign-up screen passes along; on an islands page the query string is read after hydration
  const emailParam = params.get("email");
  useEffect(() => {
    if (emailParam && !getValues("email")) setValue("email", emailParam);
  }, [emailParam, getValues, setValue]);

  return (
    <AuthCard
      title="Log in"
      intro={
        <>
          New here?{" "}
          <Link to="/signup" className="link">
            Create a candidate account
          </Link>
          .
        </>
      }
    >
      {registered && (
        <p
          role="status"
          className="mb-5 rounded-md border-l-4 border-brand-600 bg-brand-100 p-3 font-medium text-navy-950"
        >
          Your account is ready. We sent a confirmation link to {params.get("email") || "your e-mail address"}: follow
          it to confirm the address (you need a confirmed address to buy an exam). Log in with the e-mail address and
          password you chose.
        </p>
      )}
      {passwordReset && (
        <p
          role="status"
          className="mb-5 rounded-md border-l-4 border-brand-600 bg-brand-100 p-3 font-medium text-navy-950"
        >
          {PASSWORD_MESSAGES.changed}
        </p>
      )}
      <AuthForm formProps={formProps}>
        <FormField label="E-mail address" type="email" autoComplete="email" {...field("email")} />
        <PasswordField autoComplete="current-password" {...field("password")} />
        <p className="text-sm">
          <Link to="/forgot-password" className="link">
            Forgot your password?
          </Link>
        </p>
        {error && !submitting && <FormAlert>{error}</FormAlert>}
        <button type="submit" className="btn-primary w-full" disabled={submitting}>
          {submitting ? "Logging in…" : "Log in"}
        </button>
      </AuthForm>
    </AuthCard>
  );
}
