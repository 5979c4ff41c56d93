import { useState } from "react";
import { Link } from "~/lib/router";
import { AccountPage, Loading, Panel, useAccountData, NothingYet } from "~/components/account/AccountPage";
import { FormAlert } from "~/forms/form-alert";
import { CERTIFICATION_STATE_LABELS, GRACE_DAYS, UNITS_REQUIRED, VALIDITY_YEARS } from "~/data/program-rules";
import { call, apiMessage } from "~/lib/api/client";
import { formatDay } from "~/lib/dates";
import {
  badgePath,
  certificatePdfPath,
  holderCredentialPath,
  myCertificationsEndpoint,
  renewCertificationEndpoint,
  verifyPath,
  type MyCertification,
} from "~/schemas/credentials";
import { Paragraphs } from "~/components/Paragraphs";

const STATE_STYLES: Record<MyCertification["state"], string> = {
  active: "bg-brand-100 text-navy-950",
  grace: "bg-gold-300/50 text-navy-950",
  lapsed: "bg-slate-200 text-navy-950",
  expired: "bg-slate-200 text-navy-950",
  invalidated: "bg-red-100 text-red-900",
};

function expiryText(c: MyCertification): string {
  if (c.state === "invalidated") return "Not valid";
  if (c.daysToExpiry > 0) return `${c.daysToExpiry} ${c.daysToExpiry === 1 ? "day" : "days"} to expiry`;
  if (c.daysToExpiry === 0) return "Expires today";
  return `Expired ${-c.daysToExpiry} ${c.daysToExpiry === -1 ? "day" : "days"} ago`;
}

function CertificationCard({ cert, onRenewed }: { cert: MyCertification; onRenewed: (c: MyCertification) => void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const origin = typeof window === "undefined" ? "" : window.location.origin;
  const verifyUrl = `${origin}${verifyPath(cert.credentialId)}`;
  const units = Math.min(cert.approvedUnits, UNITS_REQUIRED);
  const headingId = `cert-${cert.id}`;
  const renew = async () => {
    setBusy(true);
    setError(null);
    try {
      onRenewed((await call(renewCertificationEndpoint, { params: { id: String(cert.id) } })).certification);
    } catch (e) {
      setError(apiMessage(e, "The certification could not be renewed."));
    } finally {
      setBusy(false);
    }
  };
  return (
    <li
      className="rounded-xl border border-slate-200 p-4"
      data-credential={cert.credentialId}
      aria-labelledby={headingId}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={headingId} className="text-lg font-bold text-navy-900">
          {cert.examTitle}
        </h3>
        <span
          className={`rounded-full px-3 py-1 text-sm font-semibold ${STATE_STYLES[cert.state]}`}
          data-state={cert.state}
        >
          {CERTIFICATION_STATE_LABELS[cert.state]}
        </span>
      </div>
      <dl className="mt-2 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="font-semibold">Credential ID</dt>
        <dd className="font-mono" data-credential-id="">
          {cert.credentialId}
        </dd>
        <dt className="font-semibold">Issued</dt>
        <dd>{formatDay(cert.issuedOn)}</dd>
        <dt className="font-semibold">Expires (renewal date)</dt>
        <dd>
          {formatDay(cert.expiresOn)} ({expiryText(cert)})
        </dd>
        <dt className="font-semibold">Continuing education</dt>
        <dd>
          <span className="flex flex-wrap items-center gap-2">
            <span data-units="">
              {cert.approvedUnits} of {UNITS_REQUIRED} units approved
            </span>
            <progress max={UNITS_REQUIRED} value={units} aria-hidden="true" className="h-2 w-32 accent-brand-600" />
          </span>
        </dd>
      </dl>
      {cert.invalidationReason && (
        <div className="mt-2 space-y-2 text-sm">
          <p>
            <strong>Invalidated:</strong>
          </p>
          <Paragraphs text={cert.invalidationReason} />
          <p>
            <Link to="/account/requests" className="link">
              Appeal this decision
            </Link>
          </p>
        </div>
      )}
      <div className="mt-3 space-y-2">
        {cert.renewal.allowed ? (
          <button type="button" className="btn-primary" onClick={renew} disabled={busy}>
            {busy ? "Renewing…" : "Renew this certification"}
          </button>
        ) : (
          cert.renewal.reason && <p className="text-sm text-muted">{cert.renewal.reason}</p>
        )}
        {error && <FormAlert>{error}</FormAlert>}
      </div>
      <ul className="mt-3 flex flex-wrap gap-x-6 gap-y-2 text-sm">
        <li>
          <a href={certificatePdfPath(cert.credentialId)} className="link">
            Certificate (PDF)
          </a>
        </li>
        <li>
          <a href={holderCredentialPath(cert.credentialId)} className="link" download={`${cert.credentialId}.json`}>
            Signed credential with your name (JSON)
          </a>
        </li>
        <li>
          <a href={badgePath(cert.credentialId)} className="link">
            Public credential, no name (JSON)
          </a>
        </li>
      </ul>
      <p className="mt-2 text-sm text-muted">
        Both are Open Badges 3.0 credentials signed by the coalition. The public one identifies you only by a salted
        hash of your e-mail address; send the one with your name to an employer, who can check it on the verification
        page.
      </p>
      <p className="mt-2 text-sm">
        Verification page (share it with your last name):{" "}
        <Link to={verifyPath(cert.credentialId)} className="link break-all" data-verify-url="">
          {verifyUrl}
        </Link>
      </p>
    </li>
  );
}

function Certifications() {
  const state = useAccountData(() => call(myCertificationsEndpoint, {}));
  const [renewed, setRenewed] = useState<string | null>(null);
  return (
    <Panel id="certs-title" title="Certifications">
      {renewed && <FormAlert tone="success">{renewed}</FormAlert>}
      <Loading state={state} what="certifications">
        {(d) =>
          d.certifications.length === 0 ? (
            <NothingYet
              text="You hold no certification yet. Passing an exam issues one here at once."
              to="/account/exams"
              link="See my exams"
            />
          ) : (
            <ul className="space-y-4">
              {d.certifications.map((c) => (
                <CertificationCard
                  key={c.id}
                  cert={c}
                  onRenewed={(r) => {
                    setRenewed(`Renewed: ${r.examTitle} is now valid until ${formatDay(r.expiresOn)}.`);
                    state.reload();
                  }}
                />
              ))}
            </ul>
          )
        }
      </Loading>
    </Panel>
  );
}

/** /account/certifications: each certification with its state, units, renewal, certificate and badge. The route serves it as an island. */
export function AccountCertifications() {
  return (
    <AccountPage
      title="My certifications"
      path="/account/certifications"
      intro={
        <p>
          A certification is valid for {VALIDITY_YEARS} years. Renewal needs {UNITS_REQUIRED} approved{" "}
          <Link to="/account/education" className="link">
            continuing education units
          </Link>
          ; after the renewal date there is a {GRACE_DAYS}-day grace period (
          <Link to="/policy-renewal-page" className="link">
            renewal policy
          </Link>
          ).
        </p>
      }
    >
      {() => <Certifications />}
    </AccountPage>
  );
}
