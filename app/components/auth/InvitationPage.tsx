import { useEffect, useState } from "react";
import { Link, useNavigate } from "~/lib/router";
import { useLinkToken } from "~/lib/useLinkToken";
import { AuthCard, AuthForm } from "~/components/AuthCard";
import { FormAlert } from "~/forms/form-alert";
import { NewAccountFields } from "~/components/NewAccountFields";
import { call } from "~/lib/api/client";
import { useSubmitForm } from "~/forms/useSubmitForm";
import type { ResponseOf } from "~/schemas/endpoint";
import { acceptInvitationEndpoint, acceptInvitationSchema, invitationLookupEndpoint } from "~/schemas/invitation";
import { z } from "~/schemas/zod";
import { login } from "~/state/auth";
import { useAppDispatch } from "~/state/providers";

const formSchema = z.omit(acceptInvitationSchema, { token: true });
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
  const { form, formProps, alert, submitting } = useSubmitForm({
    schema: formSchema,
    defaultValues: { firstName: "", lastName: "", password: "" },
    send: (values) => call(acceptInvitationEndpoint, { body: { ...values, token: token ?? "" } }),
    done: (res) => {
      dispatch(login(res.user));
      navigate("/staff", { replace: true });
    },
  });
  const { reset } = form;

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
        <AuthForm formProps={formProps}>
          <NewAccountFields form={form} />
          {alert}
          <button type="submit" className="btn-primary w-full" disabled={submitting}>
            {submitting ? "Setting your password…" : "Set password and open the console"}
          </button>
        </AuthForm>
      )}
    </AuthCard>
  );
}
