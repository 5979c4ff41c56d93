import { AccountPage, Loading, Panel, useAccountData, NothingYet } from "~/components/account/AccountPage";
import { FileField } from "~/forms/file-field";
import { FormField } from "~/forms/form-field";
import { SelectField } from "~/forms/select-field";
import { useSubmitForm } from "~/forms/useSubmitForm";
import { Paragraphs } from "~/components/Paragraphs";
import { CE_CATEGORIES, UNITS_REQUIRED } from "~/data/program-rules";
import { call } from "~/lib/api/client";
import { formatDay } from "~/lib/dates";
import {
  addActivityEndpoint,
  CE_MESSAGES,
  myActivitiesEndpoint,
  myCertificationsEndpoint,
  type CeActivityView,
  type MyCertification,
} from "~/schemas/credentials";

const REVIEW_LABELS: Record<CeActivityView["reviewState"], string> = {
  pending: "Waiting for review",
  approved: "Approved",
  rejected: "Not approved",
};

interface ActivityForm {
  certificationId: string;
  title: string;
  provider: string;
  activityDate: string;
  category: string;
  units: string;
  evidence: FileList | null;
}

function AddActivity({ certifications, onAdded }: { certifications: MyCertification[]; onAdded: () => void }) {
  // a refused field is said once, at the field, and focused (issue 25.20); the alert is for the rest
  const { form, field, formProps, alert, submitting } = useSubmitForm({
    defaultValues: {
      certificationId: certifications.length === 1 ? String(certifications[0]!.id) : "",
      title: "",
      provider: "",
      activityDate: "",
      category: "",
      units: "",
      evidence: null,
    } as ActivityForm,
    send: (v: ActivityForm) =>
      call(addActivityEndpoint, {
        body: {
          certificationId: Number(v.certificationId),
          title: v.title,
          provider: v.provider,
          activityDate: v.activityDate,
          category: v.category as (typeof CE_CATEGORIES)[number],
          units: Number(v.units),
          evidence: v.evidence![0]!,
        },
      }),
    done: (_res, _values, form) => {
      form.reset();
      onAdded();
      return "Your activity was added. Staff review it and its units count once approved.";
    },
    serverFields: (fields, v) =>
      Object.fromEntries(
        Object.entries(fields).map(([k, message]) =>
          k === "evidence" || k.startsWith("evidence.")
            ? ["evidence", `The file “${v.evidence?.[0]?.name}” was refused. ${message}`]
            : [k, message],
        ),
      ),
  });
  const chosen = certifications.find((c) => String(c.id) === form.watch("certificationId"));
  return (
    <form {...formProps} className="space-y-4" aria-labelledby="add-title">
      <SelectField
        label="Certification"
        {...field("certificationId")}
        options={[
          { value: "", label: "Choose a certification" },
          ...certifications.map((c) => ({ value: String(c.id), label: `${c.examTitle} (${c.credentialId})` })),
        ]}
      />
      <FormField label="Activity title" {...field("title")} />
      <FormField label="Provider" {...field("provider")} />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          label="Date of the activity"
          type="date"
          hint={
            chosen
              ? `From ${formatDay(chosen.cycleStartsOn)}, the start of this certification's current cycle`
              : undefined
          }
          {...field("activityDate")}
        />
        <FormField label="Units earned" inputMode="decimal" hint="In steps of 0.5" {...field("units")} />
      </div>
      <SelectField
        label="Category"
        {...field("category")}
        options={[{ value: "", label: "Choose a category" }, ...CE_CATEGORIES.map((c) => ({ value: c, label: c }))]}
      />
      <FileField
        label="Evidence (certificate of attendance, transcript…)"
        hint="A PDF, PNG or JPEG file up to 5 MB."
        {...field("evidence", {
          validate: (files) => (files instanceof FileList && files.length > 0) || CE_MESSAGES.file,
        })}
      />
      {alert}
      <button type="submit" className="btn-primary" disabled={submitting}>
        {submitting ? "Adding…" : "Add activity"}
      </button>
    </form>
  );
}

function Activities({ activities }: { activities: CeActivityView[] }) {
  if (activities.length === 0) return <p className="text-muted">You have not added an activity yet.</p>;
  return (
    <ul className="space-y-3">
      {activities.map((a) => (
        <li key={a.id} className="rounded-xl border border-slate-200 p-4 text-sm" data-activity={a.reviewState}>
          <p className="font-bold text-navy-900">{a.title}</p>
          <p>
            {a.provider} · {formatDay(a.activityDate)} · {a.category} · {a.units} {a.units === 1 ? "unit" : "units"} ·{" "}
            {a.credentialId}
          </p>
          <p className="mt-1">
            <strong>{REVIEW_LABELS[a.reviewState]}</strong> ·{" "}
            <a href={a.evidenceUrl} className="link">
              Evidence: {a.evidenceName}
            </a>
          </p>
          {a.reviewReason && <Paragraphs text={a.reviewReason} className="mt-1 space-y-1" />}
          {!a.countsInCycle && a.reviewState !== "rejected" && (
            <p className="mt-1 font-semibold">
              Dated before the certification&apos;s current cycle: its units do not count toward renewal.
            </p>
          )}
        </li>
      ))}
    </ul>
  );
}

function Education() {
  const certs = useAccountData(() => call(myCertificationsEndpoint, {}));
  const activities = useAccountData(() => call(myActivitiesEndpoint, {}));
  return (
    <>
      <Panel id="add-title" title="Add an activity">
        <Loading state={certs} what="certifications">
          {(d) =>
            d.certifications.length === 0 ? (
              <NothingYet
                text="Continuing education counts toward a certification you hold."
                to="/account/certifications"
                link="See my certifications"
              />
            ) : (
              <AddActivity
                certifications={d.certifications.filter((c) => c.state !== "invalidated" && c.state !== "expired")}
                onAdded={activities.reload}
              />
            )
          }
        </Loading>
      </Panel>
      <Panel id="activities-title" title="My activities">
        <Loading state={activities} what="activities">
          {(d) => <Activities activities={d.activities} />}
        </Loading>
      </Panel>
    </>
  );
}

/** /account/education: adding a continuing education activity with its evidence, and the activities sent. The route serves it as an island. */
export function AccountEducation() {
  return (
    <AccountPage
      title="Continuing education"
      path="/account/education"
      intro={
        <p>
          Renewing a certification needs {UNITS_REQUIRED} approved units earned in its current cycle. Add each activity
          with its evidence; staff review it.
        </p>
      }
    >
      {() => <Education />}
    </AccountPage>
  );
}
