import { useEffect, useState } from "react";
import { Link, useSearchParams } from "~/lib/router";
import { FileField } from "~/forms/file-field";
import { FieldIds, FormField } from "~/forms/form-field";
import { useSubmitForm } from "~/forms/useSubmitForm";
import { CERTIFICATION_STATE_LABELS, GRACE_DAYS, type CertificationState } from "~/data/program-rules";
import { call, apiMessage } from "~/lib/api/client";
import { formatDay } from "~/lib/dates";
import {
  CREDENTIAL_FILE_MAX_BYTES,
  verifyDocumentEndpoint,
  verifyEndpoint,
  verifyQuerySchema,
  type CredentialCheckView,
  type Verification,
  type VerifyQueryInput,
} from "~/schemas/credentials";

/** What each state means to an employer reading the answer. */
const STATE_MEANING: Record<CertificationState, string> = {
  active: "The certification is valid.",
  grace: `The renewal date has passed; the holder is in the ${GRACE_DAYS}-day grace period to renew. The certification is still valid.`,
  lapsed: "The certification is no longer valid: the holder has not renewed it (recertification is needed).",
  expired: "The certification is no longer valid: the holder must retake and pass the exam.",
  invalidated: "The certification has been invalidated by the coalition and is not valid.",
};

/** The verifier's conclusion as a heading. */
const CHECK_WORDS: Record<CredentialCheckView["result"], string> = {
  valid: "Valid",
  expired: "Expired",
  revoked: "Revoked",
  not_issued: "Not issued by the coalition",
  not_yet_valid: "Not yet valid",
  unreadable: "Not a credential",
};

/** What a signed credential's check found: its word, its sentence and, when the signature is ours, its facts. */
function CredentialCheck({
  check,
  headingId,
  level = 2,
  prefix = "",
}: {
  check: CredentialCheckView;
  headingId: string;
  level?: 2 | 3;
  prefix?: string;
}) {
  const good = check.result === "valid";
  const Heading = level === 2 ? "h2" : "h3";
  return (
    <section
      aria-labelledby={headingId}
      className={`rounded-2xl border-l-8 bg-white p-6 shadow-sm ${good ? "border-brand-600" : "border-red-700"}`}
      data-credential-check={check.result}
    >
      <Heading id={headingId} className={`${level === 2 ? "text-2xl" : "text-xl"} font-bold text-navy-900`}>
        {prefix}
        {CHECK_WORDS[check.result]}
      </Heading>
      <p className="mt-1">{check.message}</p>
      {check.credential && (
        <dl className="mt-4 grid gap-x-6 gap-y-2 sm:grid-cols-[auto_1fr]">
          <dt className="font-semibold">Achievement</dt>
          <dd>{check.credential.achievement}</dd>
          <dt className="font-semibold">Valid</dt>
          <dd>
            {formatDay(check.credential.validFrom.slice(0, 10))} to{" "}
            {formatDay(check.credential.validUntil.slice(0, 10))}
          </dd>
          <dt className="font-semibold">Signed with</dt>
          <dd className="font-mono text-sm break-all">{check.credential.signedWith}</dd>
        </dl>
      )}
      {check.reason && check.result !== "valid" && (
        <p className="mt-3 text-sm text-muted">
          Verifier&apos;s note: <span className="break-words">{check.reason}</span>
        </p>
      )}
    </section>
  );
}

/**
 * An employer checks the credential file a candidate sent: pasted or uploaded, verified by the server the
 * same way (signature against the coalition's DID document, revocation status list, dates).
 */
function CredentialFileCheck() {
  const [check, setCheck] = useState<CredentialCheckView | null>(null);
  const tooLarge = (what: string) =>
    `This ${what} is larger than a credential (${Math.round(CREDENTIAL_FILE_MAX_BYTES / 1024)} KB at most).`;
  const credential = useSubmitForm({
    defaultValues: { file: null as FileList | null, json: "" },
    // the text is checked here and its refusals said in the form's alert: it is one document, not fields
    send: ({ json }) => {
      setCheck(null);
      if (!json.trim()) throw new Error("Paste the credential's JSON or choose its file.");
      if (new Blob([json]).size > CREDENTIAL_FILE_MAX_BYTES) throw new Error(tooLarge("text"));
      let document: unknown;
      try {
        document = JSON.parse(json);
      } catch {
        throw new Error("This is not JSON: paste the whole credential file, from its first { to its last }.");
      }
      return call(verifyDocumentEndpoint, { body: document });
    },
    done: (res) => setCheck(res),
    failure: (e) => (e instanceof Error ? e.message : "The credential could not be checked. Please try again."),
  });

  const onFile = async (e: { target: HTMLInputElement }) => {
    credential.setStatus(null);
    const file = e.target.files?.[0];
    if (!file) return;
    if (file.size > CREDENTIAL_FILE_MAX_BYTES) return credential.say({ ok: false, text: tooLarge("file") });
    credential.form.setValue("json", await file.text());
  };

  return (
    <>
      <h2 id="file-heading" className="mt-12 text-2xl font-bold text-navy-900">
        Check a credential file
      </h2>
      <p className="mt-2 text-muted">
        A candidate may send you the signed Open Badges credential (a JSON file) from their account. Paste it or choose
        the file: we check the coalition&apos;s signature, whether it has been revoked, and its dates.
      </p>
      <form
        {...credential.formProps}
        className="mt-6 space-y-4 rounded-2xl bg-white p-6 shadow-sm"
        aria-labelledby="file-heading"
      >
        <FieldIds.Provider value="credential">
          <FileField
            label="Credential file"
            accept=".json,application/json,application/ld+json"
            {...credential.field("file", { onChange: onFile })}
          />
          <FormField
            label="Or paste the credential's JSON"
            multiline
            rows={8}
            mono
            spellCheck={false}
            {...credential.field("json")}
          />
        </FieldIds.Provider>
        {credential.alert}
        <button type="submit" className="btn-primary" disabled={credential.submitting}>
          {credential.submitting ? "Checking…" : "Check the credential"}
        </button>
      </form>
      <div aria-live="polite" className="mt-8">
        {check && <CredentialCheck check={check} headingId="file-result" />}
      </div>
    </>
  );
}

function Result({ v }: { v: Verification }) {
  const valid = v.state === "active" || v.state === "grace";
  return (
    <section
      aria-labelledby="verify-result"
      className={`mt-8 rounded-2xl border-l-8 bg-white p-6 shadow-sm ${valid ? "border-brand-600" : "border-red-700"}`}
      data-verification={v.state}
    >
      <h2 id="verify-result" className="text-2xl font-bold text-navy-900">
        {CERTIFICATION_STATE_LABELS[v.state]}
      </h2>
      <p className="mt-1">{STATE_MEANING[v.state]}</p>
      <dl className="mt-4 grid gap-x-6 gap-y-2 sm:grid-cols-[auto_1fr]">
        <dt className="font-semibold">Holder</dt>
        <dd data-holder="">{v.holder}</dd>
        <dt className="font-semibold">Certification</dt>
        <dd>{v.exam}</dd>
        <dt className="font-semibold">Credential ID</dt>
        <dd className="font-mono">{v.credentialId}</dd>
        <dt className="font-semibold">Issued</dt>
        <dd>{formatDay(v.issued)}</dd>
        <dt className="font-semibold">{valid ? "Valid until (renewal date)" : "Renewal date"}</dt>
        <dd>{formatDay(v.expires)}</dd>
      </dl>
      <div className="mt-6">
        <CredentialCheck check={v.signedCredential} headingId="verify-signed" level={3} prefix="Signed credential: " />
      </div>
    </section>
  );
}

/**
 * The public verification page: an employer enters the credential ID and the holder's last name.
 * /verify?id=… (the QR code and the certificate point here) fills in the ID; with &lastName=… it
 * looks the certification up at once.
 */
export function VerifyPage() {
  const params = useSearchParams();
  const [result, setResult] = useState<Verification | null>(null);
  const verify = useSubmitForm({
    schema: verifyQuerySchema,
    defaultValues: { id: "", lastName: "" } as VerifyQueryInput,
    send: (q) => {
      setResult(null);
      return call(verifyEndpoint, { params: { credentialId: q.id.trim() }, query: { lastName: q.lastName.trim() } });
    },
    done: (res) => setResult(res),
    failure: (e) => apiMessage(e, "The certification could not be checked. Please try again."),
  });

  useEffect(() => {
    const id = params.get("id") ?? "";
    const lastName = params.get("lastName") ?? "";
    if (id) verify.form.setValue("id", id);
    if (lastName) verify.form.setValue("lastName", lastName);
    if (id && lastName) void verify.formProps.onSubmit();
    // only when the address changes
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [params]);

  return (
    <div className="bg-navy-50 py-12">
      <div className="container-page max-w-2xl">
        <h1 className="text-3xl font-extrabold text-navy-900 sm:text-4xl">Verify a certification</h1>
        <p className="mt-3 text-muted">
          Enter the credential ID printed on the certificate and the holder&apos;s last name. We show the holder, the
          certification, its dates and whether it is valid today. See the{" "}
          <Link to="/policy/candidate-certification-use-and-recertification-policy" className="link">
            certification use policy
          </Link>{" "}
          for what each state means.
        </p>
        <form
          {...verify.formProps}
          method="get"
          className="mt-6 space-y-4 rounded-2xl bg-white p-6 shadow-sm"
          aria-label="Verify a certification"
          role="search"
        >
          <FieldIds.Provider value="verify">
            <FormField
              label="Credential ID"
              hint="For example CITB-ABCD-EFGH-JKMN-PQRS"
              autoComplete="off"
              {...verify.field("id")}
            />
            <FormField label="Holder's last name" autoComplete="off" {...verify.field("lastName")} />
            {verify.alert}
            <button type="submit" className="btn-primary" disabled={verify.submitting}>
              {verify.submitting ? "Checking…" : "Verify"}
            </button>
          </FieldIds.Provider>
        </form>
        <div aria-live="polite">{result && <Result v={result} />}</div>
        <CredentialFileCheck />
      </div>
    </div>
  );
}
