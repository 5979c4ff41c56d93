import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useSearchParams } from "~/lib/router";
import { FormAlert } from "~/forms/form-alert";
import { FieldIds, FormField } from "~/forms/form-field";
import { CERTIFICATION_STATE_LABELS, GRACE_DAYS, type CertificationState } from "~/data/program-rules";
import { ApiError, call } from "~/lib/api/client";
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
  const [text, setText] = useState("");
  const [check, setCheck] = useState<CredentialCheckView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const alertRef = useRef<HTMLParagraphElement>(null);
  const fail = (message: string) => {
    setError(message);
    requestAnimationFrame(() => alertRef.current?.focus());
  };

  const onFile = async (file: File | undefined) => {
    setError(null);
    if (!file) return;
    if (file.size > CREDENTIAL_FILE_MAX_BYTES)
      return fail(
        `This file is larger than a credential (${Math.round(CREDENTIAL_FILE_MAX_BYTES / 1024)} KB at most).`,
      );
    setText(await file.text());
  };

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    setCheck(null);
    if (!text.trim()) return fail("Paste the credential's JSON or choose its file.");
    if (new Blob([text]).size > CREDENTIAL_FILE_MAX_BYTES)
      return fail(
        `This text is larger than a credential (${Math.round(CREDENTIAL_FILE_MAX_BYTES / 1024)} KB at most).`,
      );
    let document: unknown;
    try {
      document = JSON.parse(text);
    } catch {
      return fail("This is not JSON: paste the whole credential file, from its first { to its last }.");
    }
    setBusy(true);
    try {
      setCheck(await call(verifyDocumentEndpoint, { body: document }));
    } catch (e) {
      fail(e instanceof ApiError ? e.body.message : "The credential could not be checked. Please try again.");
    } finally {
      setBusy(false);
    }
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
        method="post"
        noValidate
        onSubmit={submit}
        className="mt-6 space-y-4 rounded-2xl bg-white p-6 shadow-sm"
        aria-labelledby="file-heading"
      >
        <div>
          <label htmlFor="credential-file" className="block font-semibold text-navy-900">
            Credential file
          </label>
          <input
            id="credential-file"
            type="file"
            accept=".json,application/json,application/ld+json"
            className="mt-1 block w-full text-base file:mr-4 file:rounded-md file:border-0 file:bg-navy-100 file:px-4 file:py-2 file:font-semibold file:text-navy-900"
            onChange={(e) => void onFile(e.target.files?.[0])}
          />
        </div>
        <div>
          <label htmlFor="credential-json" className="block font-semibold text-navy-900">
            Or paste the credential&apos;s JSON
          </label>
          <textarea
            id="credential-json"
            rows={8}
            spellCheck={false}
            value={text}
            onChange={(e) => setText(e.target.value)}
            className="mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2.5 font-mono text-sm text-ink shadow-sm focus:border-brand-600"
          />
        </div>
        {error && <FormAlert focusRef={alertRef}>{error}</FormAlert>}
        <button type="submit" className="btn-primary" disabled={busy}>
          {busy ? "Checking…" : "Check the credential"}
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
  const [error, setError] = useState<string | null>(null);
  const alertRef = useRef<HTMLParagraphElement>(null);
  const {
    register,
    handleSubmit,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<VerifyQueryInput>({
    resolver: zodResolver(verifyQuerySchema),
    defaultValues: { id: "", lastName: "" },
  });

  const lookUp = async (q: VerifyQueryInput) => {
    setError(null);
    setResult(null);
    try {
      setResult(
        await call(verifyEndpoint, { params: { credentialId: q.id.trim() }, query: { lastName: q.lastName.trim() } }),
      );
    } catch (e) {
      setError(e instanceof ApiError ? e.body.message : "The certification could not be checked. Please try again.");
      requestAnimationFrame(() => alertRef.current?.focus());
    }
  };

  useEffect(() => {
    const id = params.get("id") ?? "";
    const lastName = params.get("lastName") ?? "";
    if (id) setValue("id", id);
    if (lastName) setValue("lastName", lastName);
    if (id && lastName) void lookUp({ id, lastName });
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
          noValidate
          onSubmit={handleSubmit(lookUp)}
          className="mt-6 space-y-4 rounded-2xl bg-white p-6 shadow-sm"
          aria-label="Verify a certification"
          role="search"
        >
          <FieldIds.Provider value="verify">
            <FormField
              label="Credential ID"
              hint="For example CITB-ABCD-EFGH-JKMN-PQRS"
              autoComplete="off"
              registration={register("id")}
              error={errors.id}
            />
            <FormField
              label="Holder's last name"
              autoComplete="off"
              registration={register("lastName")}
              error={errors.lastName}
            />
            {error && <FormAlert focusRef={alertRef}>{error}</FormAlert>}
            <button type="submit" className="btn-primary" disabled={isSubmitting}>
              {isSubmitting ? "Checking…" : "Verify"}
            </button>
          </FieldIds.Provider>
        </form>
        <div aria-live="polite">{result && <Result v={result} />}</div>
        <CredentialFileCheck />
      </div>
    </div>
  );
}
