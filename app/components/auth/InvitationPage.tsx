import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useNavigate } from "~/lib/router";
import { useLinkToken } from "~/lib/useLinkToken";
import { AuthCard, AuthForm } from "~/components/AuthCard";
import { FormAlert } from "~/components/FormAlert";
import { NewAccountFields } from "~/components/NewAccountFields";
import { ApiError, call } from "~/lib/api/client";
import type { ResponseOf } from "~/schemas/endpoint";
import { acceptInvitationEndpoint, acceptInvitationSchema, invitationLookupEndpoint } from "~/schemas/staff";
import { z } from "~/schemas/zod";
import { login } from "~/state/auth";
import { useAppDispatch } from "~/state/providers";

const formSchema = z.omit(acceptInvitationSchema, { token: true });
type FormInput = z.input<typeof formSchema>;
type Invitation = ResponseOf<typeof invitationLookupEndpoint>;

/**
 * The page an invitation link (or `npm run admin:create`) opens: it shows whom the link is for, takes
 * a name and a password (the sign-up rules), signs the person in and goes to the console.
 */
export function InvitationPage() {
  // read after hydration (undefined until then), as every page that a link from a message opens
  const token = useLinkToken();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [invitation, setInvitation] = useState<Invitation | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<FormInput>({
    resolver: zodResolver(formSchema),
    defaultValues: { firstName: "", lastName: "", password: "" },
  });
  const {
    handleSubmit,
    reset,
    setError,
    formState: { isSubmitting },
  } = form;

  useEffect(() => {
    if (token === undefined) return;
    if (!token) {
      setProblem("This page needs the link from your invitation e-mail. Open the link from the message again.");
      return;
    }
    call(invitationLookupEndpoint, { body: { token } })
      .then((inv) => {
        setInvitation(inv);
        reset({ firstName: inv.firstName, lastName: inv.lastName, password: "" });
      })
      .catch((e) => setProblem(e instanceof Error ? e.message : "This invitation could not be opened."));
  }, [token, reset]);

  const onSubmit = async (values: FormInput) => {
    setFormError(null);
    try {
      const res = await call(acceptInvitationEndpoint, { body: { ...values, token: token ?? "" } });
      dispatch(login(res.user));
      navigate("/staff", { replace: true });
    } catch (e) {
      // the server's field messages (a common password, say) go under their fields; focus to the first
      if (e instanceof ApiError && e.body.fields) {
        const fields = Object.entries(e.body.fields).filter(([k]) => k in values);
        fields.forEach(([k, v], i) => setError(k as keyof FormInput, { message: v }, { shouldFocus: i === 0 }));
      }
      setFormError(e instanceof Error ? e.message : "Your password could not be set.");
    }
  };

  return (
    <AuthCard
      title="Accept your invitation"
      intro={
        invitation ? (
          <>
            You were invited to the staff console as <strong>{invitation.role}</strong> with the address{" "}
            <strong className="break-all text-navy-900">{invitation.email}</strong>. Choose the name staff and
            candidates will see and a password.
          </>
        ) : (
          "Set your name and password to start using the staff console."
        )
      }
    >
      {problem ? (
        <>
          <FormAlert>{problem}</FormAlert>
          <p className="mt-4">
            <Link to="/login" className="link">
              Log in
            </Link>{" "}
            if you already have set your password.
          </p>
        </>
      ) : !invitation ? (
        <p role="status" className="text-muted">
          Checking your invitation…
        </p>
      ) : (
        <AuthForm onSubmit={handleSubmit(onSubmit)}>
          <NewAccountFields form={form} />
          {formError && <FormAlert>{formError}</FormAlert>}
          <button type="submit" className="btn-primary w-full" disabled={isSubmitting}>
            {isSubmitting ? "Setting your password…" : "Set password and open the console"}
          </button>
        </AuthForm>
      )}
    </AuthCard>
  );
}
