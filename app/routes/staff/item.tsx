import { useEffect, useId, useRef, useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { Question } from "~/components/exam/ExamScreen";
import { ActionButton } from "~/forms/action-button";
import { FormAlert } from "~/forms/form-alert";
import { FormField } from "~/forms/form-field";
import { SelectField } from "~/forms/select-field";
import { useSubmitForm } from "~/forms/useSubmitForm";
import { SubmitButton } from "~/forms/submit-button";
import { bankExams } from "~/components/staff/bank/ExamPicker";
import { Loading, StaffPage, staffMeta, useFailure, useLoad, useStaff } from "~/components/staff/StaffConsole";
import { PRETEST_ITEMS } from "~/data/exam-delivery";
import { examFormat } from "~/data/exams";
import { call } from "~/lib/api/client";
import type { AnswerState } from "~/lib/exam/journal";
import { dateTime } from "~/lib/staff-format";
import { markPretestEndpoint } from "~/schemas/bank";
import {
  createItemEndpoint,
  itemEndpoint,
  itemInputSchema,
  itemStateTitles,
  newVersionEndpoint,
  reviewItemEndpoint,
  updateItemEndpoint,
  type Item,
  type ItemAnswer,
  type ItemInput,
  type ReviewAction,
} from "~/schemas/items";

export const meta = () => staffMeta("Item", "/staff/items");

const LETTERS = ["A", "B", "C", "D"];
const field = "mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2 font-normal";

const blank = (exam = bankExams[0]!.slug): ItemInput => ({
  exam,
  domain: bankExams.find((e) => e.slug === exam)!.details.weights[0]!.title,
  stem: "",
  options: ["", "", "", ""],
  key: 0,
  rationale: "",
  reference: "",
  check: "",
});

const inputOf = (item: Item): ItemInput => ({
  exam: item.exam,
  domain: item.domain,
  stem: item.stem,
  options: [item.options[0]!, item.options[1]!, item.options[2]!, item.options[3]!],
  key: item.key,
  rationale: item.rationale,
  reference: item.reference,
  check: item.check,
});

/**
 * The item as a candidate sees it on the exam screen: the same Question component (stem with code blocks,
 * the four options as a radio group with strike-out), here in the order written (a form shuffles them).
 */
function Preview({ value }: { value: { stem: string; options: readonly string[] } }) {
  const [answer, setAnswer] = useState<AnswerState>({ choice: null, flagged: false, struck: [] });
  return (
    <section aria-labelledby="preview-title" className="min-w-0 space-y-2">
      <h2 id="preview-title" className="text-xl font-bold text-navy-900">
        Preview
      </h2>
      <p className="text-sm text-muted">
        As a candidate sees it, in the order written here; each form shuffles the options.
      </p>
      <div className="rounded-xl bg-white p-5 shadow-sm sm:p-8">
        <h3 id="preview-heading" className="text-sm font-bold tracking-wide text-navy-700 uppercase">
          Question 1 of {examFormat.items}
        </h3>
        <Question
          item={{
            position: 1,
            itemCount: examFormat.items,
            stem: value.stem || "The stem appears here.",
            options: value.options.map((text, i) => ({ id: LETTERS[i]!, text: text || `Option ${LETTERS[i]}` })),
            saved: { position: 1, choice: null, flagged: false, struck: [], seq: 0 },
          }}
          answer={answer}
          headingId="preview-heading"
          onChange={setAnswer}
        />
      </div>
    </section>
  );
}

function CheckResult({ item }: { item: Item }) {
  if (!item.checkStatus)
    return (
      <p className="text-sm text-muted">
        This item has no key check: its key rests on the rationale and the second SME&apos;s review.
      </p>
    );
  const tone =
    item.checkStatus === "passed"
      ? "bg-brand-100 text-navy-950"
      : item.checkStatus === "failed"
        ? "bg-red-50 text-red-900"
        : "bg-amber-100 text-amber-950";
  return (
    <div>
      <p className="font-semibold">
        Key check: {item.checkStatus === "passed" ? "passed" : item.checkStatus === "failed" ? "failed" : "not run"}
        {item.checkedAt && <span className="font-normal text-muted"> ({dateTime(item.checkedAt)})</span>}
      </p>
      <pre
        data-check-status={item.checkStatus}
        className={`mt-1 overflow-x-auto rounded-md p-3 text-sm whitespace-pre-wrap ${tone}`}
      >
        {item.checkOutput}
      </pre>
    </div>
  );
}

/** A field's name with its hint under it, inside the label (the hint is part of what the field is called). */
const hinted = (name: string, hint: React.ReactNode) => (
  <>
    {name}
    <span className="block text-sm font-normal text-muted">{hint}</span>
  </>
);

/** The editor: every field of an item, with its preview beside it. */
function Editor({
  initial,
  isNew,
  send,
  onSaved,
}: {
  initial: ItemInput;
  isNew: boolean;
  /** saves the checked item */
  send: (value: ItemInput) => Promise<ItemAnswer>;
  onSaved: (answer: ItemAnswer) => void;
}) {
  const f = useSubmitForm({
    schema: itemInputSchema,
    defaultValues: initial,
    send,
    done: (answer) => onSaved(answer),
    failure: useFailure(),
  });
  const value = f.form.watch();
  const weights = bankExams.find((e) => e.slug === value.exam)?.details.weights ?? [];
  const { errors } = f.form.formState;
  const optionsError = errors.options?.root?.message ?? errors.options?.message;

  return (
    <div className="grid gap-6 xl:grid-cols-2 [&>*]:min-w-0">
      <form
        {...f.formProps}
        aria-label="Item"
        className="min-w-0 space-y-4 rounded-lg border border-slate-200 bg-white p-4 sm:p-6"
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            label="Exam"
            disabled={!isNew}
            options={bankExams.map((e) => ({ value: e.slug, label: e.title }))}
            {...f.field("exam", { onChange: (e) => f.form.setValue("domain", blank(e.target.value).domain) })}
          />
          {/* another exam, other domains: the choice starts again at the new exam's first */}
          <SelectField
            key={value.exam}
            label="Domain"
            options={weights.map((w) => ({ value: w.title, label: w.title }))}
            {...f.field("domain")}
          />
        </div>
        <FormField
          label={hinted(
            "Stem",
            "Paragraphs separated by a blank line; code in ```js fenced blocks; `inline code` in backticks.",
          )}
          multiline
          rows={8}
          mono
          {...f.field("stem")}
        />
        <fieldset className="space-y-3">
          <legend className="font-semibold text-navy-900">Options and key</legend>
          {LETTERS.map((letter, i) => (
            <div key={letter} className="flex items-start gap-3">
              <label className="mt-3 flex shrink-0 items-center gap-1 text-sm font-semibold">
                <input
                  type="radio"
                  name="key"
                  className="size-5"
                  checked={value.key === i}
                  onChange={() => f.form.setValue("key", i)}
                />
                Key<span className="sr-only">: option {letter} is correct</span>
              </label>
              <div className="flex-1">
                <FormField label={`Option ${letter}`} {...f.field(`options.${i as 0 | 1 | 2 | 3}`)} />
              </div>
            </div>
          ))}
          {optionsError && <p className="mt-1 text-sm font-medium text-red-800">{optionsError}</p>}
        </fieldset>
        <FormField
          label={hinted("Rationale", "Why the key is right and each other option wrong. Candidates never see it.")}
          multiline
          rows={4}
          {...f.field("rationale")}
        />
        <FormField label={hinted("Reference", "Where the fact is documented (optional).")} {...f.field("reference")} />
        <FormField
          label={hinted(
            "Key check (JSON, optional)",
            <>
              A program that computes the key (bank/README.md, &quot;Key checks&quot;). It runs when you save; a failing
              check blocks approval.
            </>,
          )}
          multiline
          mono
          {...f.field("check")}
        />
        {Object.keys(errors).length > 0 ? <FormAlert>Some fields need your attention.</FormAlert> : f.alert}
        <SubmitButton submitting={f.submitting} busy="Saving and checking…">
          Save draft
        </SubmitButton>
      </form>
      <Preview value={value} />
    </div>
  );
}

/** The review steps this person may take on this version, each with its button (return and retire ask why). */
function ReviewActions({ item, onAct }: { item: Item; onAct: (a: ReviewAction, reason?: string) => Promise<void> }) {
  const { user } = useStaff();
  const [reason, setReason] = useState("");
  const reasonId = useId();
  if (user.role !== "sme") return null;
  const mine = item.authorId === user.id;
  const button = (a: ReviewAction, text: string, primary = false, needsReason = false) => (
    <button
      type="button"
      className={primary ? "btn-primary" : "btn-outline"}
      onClick={() => onAct(a, needsReason ? reason : undefined)}
    >
      {text}
    </button>
  );
  const reasonField = (label: string) => (
    <label htmlFor={reasonId} className="block font-semibold text-navy-900">
      {label}
      <textarea id={reasonId} className={field} rows={2} value={reason} onChange={(e) => setReason(e.target.value)} />
    </label>
  );
  if (item.state === "draft" && mine)
    return <div className="flex flex-wrap gap-3">{button("submit", "Submit for review", true)}</div>;
  if (item.state === "in_review" && mine)
    return <p className="text-muted">Waiting for a second subject-matter expert to review it.</p>;
  if (item.state === "in_review")
    return (
      <div className="space-y-3">
        <div className="flex flex-wrap gap-3">{button("approve", "Approve", true)}</div>
        {reasonField("Why it goes back to its author")}
        {button("return", "Return to the author", false, true)}
      </div>
    );
  if (item.state === "approved")
    return (
      <div className="space-y-3">
        {reasonField("Why it is retired")}
        {button("retire", "Retire", false, true)}
      </div>
    );
  return null;
}

/**
 * Whether an approved version is a pretest item (issue 30.3): delivered only as one of a form's unscored
 * pretest items from the next form on. Staff and admins set it (POST /api/staff/bank/pretest, audited); a
 * subject-matter expert reads it. Forms already drawn keep what they were drawn with.
 */
function PretestPanel({ item, onChange }: { item: Item; onChange: (pretest: boolean) => Promise<void> }) {
  const { user } = useStaff();
  if (item.state !== "approved" && !item.pretest) return null;
  const canSet = user.role !== "sme" && item.state === "approved";
  return (
    <section
      aria-labelledby="pretest-title"
      className="space-y-2 rounded-lg border border-slate-200 bg-white p-4 sm:p-6"
    >
      <h2 id="pretest-title" className="text-xl font-bold text-navy-900">
        Pretest
      </h2>
      <p data-testid="pretest-state">
        {item.pretest
          ? `A pretest item: new forms carry it unscored, as one of their ${PRETEST_ITEMS} pretest items; it counts toward no score.`
          : "A scored item: new forms draw it within its domain and it counts toward the score."}
      </p>
      {canSet ? (
        <ActionButton className="btn-outline" onClick={() => onChange(!item.pretest)}>
          {item.pretest ? "Make it a scored item again" : "Mark as pretest (unscored)"}
        </ActionButton>
      ) : (
        user.role === "sme" && <p className="text-sm text-muted">Staff decide which approved items are pretest.</p>
      )}
    </section>
  );
}

/**
 * One item version (/staff/items/:id) or a new item (/staff/items/new): the editor with its preview for the
 * author's draft, otherwise the version as it stands, its key check, its versions and the review steps.
 */
export default function ItemPage() {
  const { id } = useParams();
  const isNew = id === undefined;
  const { user } = useStaff();
  const fail = useFailure();
  const navigate = useNavigate();
  const { data, error, setData } = useLoad<ItemAnswer | null>(
    () => (isNew ? Promise.resolve(null) : call(itemEndpoint, { params: { id: id! } })),
    [id],
  );
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const statusRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (status) statusRef.current?.focus();
  }, [status]);

  /** shows what an answer made of the item, and its page (a new item's, a new version's) */
  const show = (answer: ItemAnswer, text: string) => {
    if (answer.item.id !== data?.item.id) navigate(`/staff/items/${answer.item.id}`, { replace: isNew });
    setData(answer);
    setStatus({ ok: true, text });
  };
  const run = async (what: () => Promise<ItemAnswer>, done: (a: ItemAnswer) => string) => {
    setStatus(null);
    try {
      const answer = await what();
      show(answer, done(answer));
    } catch (e) {
      setStatus({ ok: false, text: fail(e) });
    }
  };
  /** the editor's save: its refusals are said in the editor, its confirmation on the page */
  const save = (send: () => Promise<ItemAnswer>) => {
    setStatus(null);
    return send();
  };
  const saved = (a: ItemAnswer) =>
    `Saved ${a.item.itemId} version ${a.item.version} as a draft.${a.item.checkStatus ? ` Key check: ${a.item.checkStatus === "not_run" ? "not run" : a.item.checkStatus}.` : ""}`;

  const alert = status && (
    <FormAlert tone={status.ok ? "success" : "error"} focusRef={statusRef}>
      {status.text}
    </FormAlert>
  );

  if (isNew)
    return user.role !== "sme" ? (
      <StaffPage title="Write an item">
        <FormAlert>Only subject-matter experts write exam items.</FormAlert>
      </StaffPage>
    ) : (
      <StaffPage
        title="Write an item"
        intro="A new item starts as a draft; a second subject-matter expert approves it."
      >
        {alert}
        <Editor
          initial={blank()}
          isNew
          send={(body) => save(() => call(createItemEndpoint, { body }))}
          onSaved={(a) => show(a, saved(a))}
        />
      </StaffPage>
    );

  if (!data)
    return <StaffPage title="Item">{error ? <FormAlert>{error}</FormAlert> : <Loading what="the item" />}</StaffPage>;
  const { item, versions } = data;
  const editable = item.state === "draft" && item.authorId === user.id;
  return (
    <StaffPage
      title={`${item.itemId}, version ${item.version}`}
      intro={`${itemStateTitles[item.state]}${item.pretest ? " (pretest)" : ""} · ${item.domain} · ${item.author ? `written by ${item.author}` : "from the bank files"}${item.reviewer ? ` · ${item.state === "approved" ? "approved" : "reviewed"} by ${item.reviewer}` : ""}`}
    >
      <p>
        <Link to="/staff/items" className="link">
          Back to the item bank
        </Link>
      </p>
      {alert}
      {item.reviewNote && item.state === "draft" && (
        <p className="rounded-md bg-amber-100 p-3 text-amber-950">
          <strong>Returned by the reviewer:</strong> {item.reviewNote}
        </p>
      )}
      <CheckResult item={item} />
      {editable ? (
        <Editor
          key={item.updatedAt}
          initial={inputOf(item)}
          isNew={false}
          send={(body) => save(() => call(updateItemEndpoint, { params: { id: String(item.id) }, body }))}
          onSaved={(a) => show(a, saved(a))}
        />
      ) : (
        <div className="grid gap-6 xl:grid-cols-2 [&>*]:min-w-0">
          <section
            aria-labelledby="key-title"
            className="min-w-0 space-y-3 rounded-lg border border-slate-200 bg-white p-4 sm:p-6"
          >
            <h2 id="key-title" className="text-xl font-bold text-navy-900">
              Key and rationale
            </h2>
            <p>
              <strong>Key:</strong> option {LETTERS[item.key]} ({item.options[item.key]})
            </p>
            <p className="whitespace-pre-wrap">{item.rationale}</p>
            {item.reference && (
              <p>
                <strong>Reference:</strong> {item.reference}
              </p>
            )}
          </section>
          <Preview value={item} />
        </div>
      )}
      <ReviewActions
        item={item}
        onAct={(action, reason) =>
          run(
            () => call(reviewItemEndpoint, { params: { id: String(item.id) }, body: { action, reason } }),
            (a) => `${a.item.itemId} version ${a.item.version} is now ${itemStateTitles[a.item.state].toLowerCase()}.`,
          )
        }
      />
      <PretestPanel
        item={item}
        onChange={(pretest) =>
          run(
            async () => {
              await call(markPretestEndpoint, { body: { itemId: item.itemId, version: item.version, pretest } });
              return call(itemEndpoint, { params: { id: String(item.id) } });
            },
            (a) =>
              a.item.pretest
                ? `${a.item.itemId} version ${a.item.version} is now a pretest item: unscored on new forms.`
                : `${a.item.itemId} version ${a.item.version} is a scored item again.`,
          )
        }
      />
      {user.role === "sme" && (item.state === "approved" || item.state === "retired") && (
        <p>
          <button
            type="button"
            className="btn-outline"
            onClick={() =>
              run(
                () => call(newVersionEndpoint, { params: { id: String(item.id) } }),
                (a) => `Version ${a.item.version} is a new draft; version ${item.version} stays as it is.`,
              )
            }
          >
            Write a new version
          </button>
        </p>
      )}
      <section aria-labelledby="versions-title">
        <h2 id="versions-title" className="text-xl font-bold text-navy-900">
          Versions
        </h2>
        <ul className="mt-2 space-y-1">
          {versions.map((v) => (
            <li key={v.id}>
              {v.id === item.id ? (
                <strong>
                  Version {v.version}: {itemStateTitles[v.state]} (this page)
                </strong>
              ) : (
                <Link to={`/staff/items/${v.id}`} className="link">
                  Version {v.version}: {itemStateTitles[v.state]}
                </Link>
              )}
              <span className="text-muted"> · {dateTime(v.createdAt)}</span>
            </li>
          ))}
        </ul>
      </section>
    </StaffPage>
  );
}
