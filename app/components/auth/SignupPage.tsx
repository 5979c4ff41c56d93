import { Link, useNavigate } from "~/lib/router";
import { AuthCard, AuthForm } from "~/components/AuthCard";
import { FormField } from "~/forms/form-field";
import { NewAccountFields } from "~/components/NewAccountFields";
import { useSubmitForm } from "~/forms/useSubmitForm";
import { ApiError } from "~/lib/api/error";
import { AUTH_MESSAGES, certUserSchema } from "~/schemas/auth";
import { signupUser } from "~/state/auth";
import { useAppDispatch } from "~/state/providers";

export function SignupPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { form, field, formProps, alert, submitting } = useSubmitForm({
    schema: certUserSchema,
    defaultValues: { firstName: "", lastName: "", email: "", password: "" },
    send: async (values) => {
      const result = await dispatch(signupUser(values));
      // the 409 was said by the browser alert of spec §4; the server's field messages (a common password,
      // say) go under their fields, the rest in the form's alert
      if (signupUser.rejected.match(result) && result.payload !== AUTH_MESSAGES.emailTaken)
        throw new ApiError(400, {
          error: "signup_failed",
          message: result.payload ?? "Sign-up failed. Please try again.",
          fields: (result.meta.rejectedWithValue && result.meta.fields) || undefined,
        });
      return result;
    },
    done: (result, values) => {
      if (signupUser.fulfilled.match(result))
        navigate(`/login?registered=1&email=${encodeURIComponent(values.email.trim())}`);
    },
  });

  return (
    <AuthCard
      title="Create your candidate account"
      intro={
        <>
          Already registered?{" "}
          <Link to="/login" className="link">
            Log in
          </Link>
          .
        </>
      }
    >
      <AuthForm formProps={formProps}>
        <NewAccountFields form={form}>
          <FormField label="E-mail address" type="email" autoComplete="email" {...field("email")} />
        </NewAccountFields>
        {alert}
        <button type="submit" className="btn-primary w-full" disabled={submitting}>
          {submitting ? "Creating your account…" : "Create account"}
        </button>
      </AuthForm>
    </AuthCard>
  );
}
