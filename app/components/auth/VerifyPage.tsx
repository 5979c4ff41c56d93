import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useSearchParams } from "~/lib/router";
import { FormAlert } from "~/components/FormAlert";
import { FieldIds, FormField } from "~/components/FormField";
import { CERTIFICATION_STATE_LABELS, GRACE_DAYS, type CertificationState } from "~/data/program-rules";
import { verifyCredential } from "~/lib/api/credentials";
import { ApiError } from "~/lib/api/error";
import { formatDay } from "~/lib/dates";
import { verifyQuerySchema, type Verification, type VerifyQueryInput } from "~/schemas/credentials";

/** What each state means to an employer reading the answer. */
const STATE_MEANING: Record<CertificationState, string> = {
  active: "The certification is valid.",
  grace: `The renewal date has passed; the holder is in the ${GRACE_DAYS}-day grace period to renew. The certification is still valid.`,
  lapsed: "The certification is no longer valid: the holder has not renewed it (recertification is needed).",
  expired: "The certification is no longer valid: the holder must retake and pass the exam.",
  invalidated: "The certification has been invalidated by the coalition and is not valid.",
};

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
      setResult(await verifyCredential(q.id.trim(), q.lastName.trim()));
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
      </div>
    </div>
  );
}
