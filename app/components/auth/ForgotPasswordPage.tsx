import { zodResolver } from "@hookform/resolvers/zod";
import { useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "~/lib/router";
import { AuthCard, AuthForm } from "~/components/AuthCard";
import { FormAlert } from "~/components/FormAlert";
import { FormField } from "~/components/FormField";
import { call } from "~/lib/api/client";
import { forgotPasswordEndpoint, forgotPasswordSchema, type ForgotPasswordInput } from "~/schemas/auth";

export function ForgotPasswordPage() {
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const alertRef = useRef<HTMLParagraphElement>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ForgotPasswordInput>({ resolver: zodResolver(forgotPasswordSchema), defaultValues: { email: "" } });

  const onSubmit = async (values: ForgotPasswordInput) => {
    setStatus(null);
    try {
      const res = await call(forgotPasswordEndpoint, { body: values });
      setStatus({ ok: true, text: res.message });
    } catch (e) {
      setStatus({ ok: false, text: e instanceof Error ? e.message : "Your request could not be sent." });
    }
    requestAnimationFrame(() => alertRef.current?.focus());
  };

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
      <AuthForm onSubmit={handleSubmit(onSubmit)}>
        <FormField
          label="E-mail address"
          type="email"
          autoComplete="email"
          registration={register("email")}
          error={errors.email}
        />
        {status && (
          <FormAlert tone={status.ok ? "success" : "error"} focusRef={alertRef}>
            {status.text}
          </FormAlert>
        )}
        <button type="submit" className="btn-primary w-full" disabled={isSubmitting}>
          {isSubmitting ? "Sending…" : "Send me a link"}
        </button>
      </AuthForm>
    </AuthCard>
  );
}
