import { useEffect } from "react";
import { useLocation, useNavigate } from "react-router";
import { FormAlert } from "~/forms/form-alert";
import { useSubmitForm } from "~/forms/useSubmitForm";
import { SubmitButton } from "~/forms/submit-button";
import { SME_COI, SME_NDA, type AgreementText } from "~/data/sme-agreement";
import { call } from "~/lib/api/client";
import { day } from "~/lib/staff-format";
import { acceptAgreementEndpoint, smeAgreementEndpoint } from "~/schemas/items";
import { Loading, StaffPage, useFailure, useLoad } from "./StaffConsole";

/** The item bank's pages: the only part of the console a subject-matter expert sees. */
export const SME_HOME = "/staff/items";

function Text({ text }: { text: AgreementText }) {
  const id = `${text.version}-title`;
  return (
    <section aria-labelledby={id} className="rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
      <h2 id={id} className="text-xl font-bold text-navy-900">
        {text.title}
      </h2>
      <p className="mt-1 text-sm text-muted">
        Version {text.version}, in effect since {day(text.effective)}
      </p>
      <div className="mt-3 space-y-3">
        {text.paragraphs.map((p) => (
          <p key={p}>{p}</p>
        ))}
      </div>
    </section>
  );
}

/**
 * What a subject-matter expert meets before the item bank (issue 30.1): the non-disclosure agreement and
 * the declaration of no conflict of interest, in their current versions, accepted with two checkboxes.
 * Until both are accepted the bank's pages stay closed (the server refuses them too); once accepted, the
 * console's pages show. An SME reaching another console page is taken to the item bank.
 */
export function SmeGate({ children }: { children: React.ReactNode }) {
  const { data, error, setData } = useLoad(() => call(smeAgreementEndpoint, {}), []);
  const location = useLocation();
  const navigate = useNavigate();
  const outside = !location.pathname.startsWith(SME_HOME);
  useEffect(() => {
    if (outside) navigate(SME_HOME, { replace: true });
  }, [outside, navigate]);

  if (error)
    return (
      <StaffPage title="Item bank">
        <FormAlert>{error}</FormAlert>
      </StaffPage>
    );
  if (!data || outside)
    return (
      <StaffPage title="Item bank">
        <Loading what="your agreement" />
      </StaffPage>
    );
  if (!data.current) return <AgreementForm renewing={!!data.nda || !!data.coi} onAccepted={setData} />;
  return <>{children}</>;
}

function AgreementForm({
  renewing,
  onAccepted,
}: {
  renewing: boolean;
  onAccepted: (status: Awaited<ReturnType<typeof call<typeof smeAgreementEndpoint>>>) => void;
}) {
  const fail = useFailure();
  const accept = useSubmitForm({
    defaultValues: { acceptNda: false, noConflict: false },
    // both boxes are needed: the one left unticked is named in the form's alert
    send: ({ acceptNda, noConflict }) => {
      if (!acceptNda) throw new Error("Accept the non-disclosure agreement to continue.");
      if (!noConflict) throw new Error("Declare that you have no conflict of interest to continue.");
      return call(acceptAgreementEndpoint, {
        body: { ndaVersion: SME_NDA.version, coiVersion: SME_COI.version, acceptNda: true, noConflict: true },
      });
    },
    done: (res) => onAccepted(res),
    failure: fail,
  });

  return (
    <StaffPage
      title="Before you open the item bank"
      intro={
        renewing
          ? "The agreement has been revised since you last accepted it. Read the current version and accept it to continue."
          : "As a subject-matter expert you will see exam items that no candidate may see. Read both texts and accept them to continue."
      }
    >
      <Text text={SME_NDA} />
      <Text text={SME_COI} />
      <form
        {...accept.formProps}
        aria-label="Accept the agreement"
        className="space-y-4 rounded-lg border border-slate-200 bg-white p-4 sm:p-6"
      >
        <label className="flex items-start gap-3 font-semibold text-navy-900">
          <input type="checkbox" className="mt-1 size-5 shrink-0" {...accept.form.register("acceptNda")} />I accept the
          non-disclosure agreement ({SME_NDA.version}).
        </label>
        <label className="flex items-start gap-3 font-semibold text-navy-900">
          <input type="checkbox" className="mt-1 size-5 shrink-0" {...accept.form.register("noConflict")} />I declare
          that I have no conflict of interest: I do not train candidates for the coalition&apos;s exams or write
          preparation material for them ({SME_COI.version}).
        </label>
        {accept.alert}
        <SubmitButton submitting={accept.submitting} busy="Saving…">
          Accept and continue
        </SubmitButton>
      </form>
    </StaffPage>
  );
}
