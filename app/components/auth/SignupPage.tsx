import { zodResolver } from "@hookform/resolvers/zod";
import { useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useNavigate } from "~/lib/router";
import { AuthCard, AuthForm } from "~/components/AuthCard";
import { FormField } from "~/components/FormField";
import { NewAccountFields } from "~/components/NewAccountFields";
import { AUTH_MESSAGES, certUserSchema, type CertUserInput } from "~/schemas/auth";
import { signupUser } from "~/state/auth";
import { useAppDispatch } from "~/state/providers";
import { FormAlert } from "~/components/FormAlert";
import { focusFirstInvalid } from "~/lib/focus-first-invalid";

export function SignupPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<CertUserInput>({
    resolver: zodResolver(certUserSchema),
    defaultValues: { firstName: "", lastName: "", email: "", password: "" },
    shouldFocusError: false,
  });
  const formRef = useRef<HTMLFormElement>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = form;

  const onSubmit = async (values: CertUserInput) => {
    setFormError(null);
    const result = await dispatch(signupUser(values));
    if (signupUser.fulfilled.match(result)) {
      navigate(`/login?registered=1&email=${encodeURIComponent(values.email.trim())}`);
    } else if (result.payload !== AUTH_MESSAGES.emailTaken) {
      // the server's field messages (a common password, say) go under their fields, focus to the first
      const fields = Object.entries((result.meta.rejectedWithValue && result.meta.fields) || {}).filter(
        ([k]) => k in values,
      );
      for (const [k, v] of fields) setError(k as keyof CertUserInput, { type: "server", message: v });
      if (fields.length) focusFirstInvalid(formRef.current, Object.fromEntries(fields.map(([k]) => [k, {}])));
      else setFormError(result.payload ?? "Sign-up failed. Please try again.");
    }
  };

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
      <AuthForm formRef={formRef} onSubmit={handleSubmit(onSubmit, (errs) => focusFirstInvalid(formRef.current, errs))}>
        <NewAccountFields form={form}>
          <FormField
            label="E-mail address"
            type="email"
            autoComplete="email"
            registration={register("email")}
            error={errors.email}
          />
        </NewAccountFields>
        {formError && <FormAlert>{formError}</FormAlert>}
        <button type="submit" className="btn-primary w-full" disabled={isSubmitting}>
          {isSubmitting ? "Creating your account…" : "Create account"}
        </button>
      </AuthForm>
    </AuthCard>
  );
}
