import { useEffect } from "react";
import { Link, useParams } from "react-router";
import { FormAlert } from "~/forms/form-alert";
import { FormField } from "~/forms/form-field";
import { useSubmitForm } from "~/forms/useSubmitForm";
import { Loading, StaffPage, staffMeta, useFailure, useLoad } from "~/components/staff/StaffConsole";
import { dateTime, label } from "~/lib/staff-format";
import { call } from "~/lib/api/client";
import {
  inquiryEndpoint,
  markHandledEndpoint,
  replyEndpoint,
  replyInputSchema,
  type ReplyInput,
} from "~/schemas/staff";
import { Paragraphs } from "~/components/Paragraphs";

export const meta = () => staffMeta("Message", "/staff/inbox");

const ABOUT: Record<string, string> = {
  contact: "your message",
  partner: "your partnership enquiry",
  career: "your career enquiry",
};
/** A reply starts with a subject (issue 25.20): "Re: your partnership enquiry"; the mail adds the reference. */
export const replySubject = (kind: string) => `Re: ${ABOUT[kind] ?? "your message"}`;

export default function InboxMessage() {
  const id = Number(useParams().id);
  const fail = useFailure();
  const { data, error, setData } = useLoad(() => call(inquiryEndpoint, { params: { id: String(id) } }), [id]);
  const reply = useSubmitForm({
    schema: replyInputSchema,
    defaultValues: { subject: "", body: "" } as ReplyInput,
    send: (values) => call(replyEndpoint, { params: { id: String(id) }, body: values }),
    done: (res, _values, form) => {
      setData(res);
      form.reset({ subject: replySubject(res.inquiry.kind), body: "" });
      return `Your reply was sent to ${res.inquiry.email} and the message is marked handled.`;
    },
    failure: fail,
  });
  const { reset } = reply.form;
  const kind = data?.inquiry.kind;
  useEffect(() => {
    if (kind) reset({ subject: replySubject(kind), body: "" });
  }, [kind, id, reset]);

  if (!data)
    return (
      <StaffPage title="Message">{error ? <FormAlert>{error}</FormAlert> : <Loading what="the message" />}</StaffPage>
    );
  const m = data.inquiry;

  return (
    <StaffPage title={`Message ${m.reference}`}>
      <p>
        <Link to="/staff/inbox" className="link">
          Back to the inbox
        </Link>
      </p>
      <section aria-labelledby="msg-title" className="rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
        <h2 id="msg-title" className="text-xl font-bold text-navy-900">
          {label(m.kind)} message from {m.name}
        </h2>
        <dl className="mt-3 grid gap-x-6 gap-y-1 sm:grid-cols-[auto_1fr]">
          <dt className="font-semibold">E-mail</dt>
          <dd className="break-all">{m.email}</dd>
          {m.phone && (
            <>
              <dt className="font-semibold">Phone</dt>
              <dd>{m.phone}</dd>
            </>
          )}
          {m.organization && (
            <>
              <dt className="font-semibold">Organisation</dt>
              <dd>{m.organization}</dd>
            </>
          )}
          <dt className="font-semibold">Received</dt>
          <dd>{dateTime(m.createdAt)}</dd>
          <dt className="font-semibold">State</dt>
          <dd>{m.handledAt ? `Handled ${dateTime(m.handledAt)}${m.handledBy ? ` by ${m.handledBy}` : ""}` : "Open"}</dd>
        </dl>
        <p className="mt-4 whitespace-pre-wrap">{m.message}</p>
        <button
          type="button"
          className="btn-outline mt-4 min-h-10 py-1"
          onClick={async () => {
            reply.setStatus(null);
            try {
              setData(await call(markHandledEndpoint, { params: { id: String(id) }, body: { handled: !m.handledAt } }));
              reply.say({
                ok: true,
                text: m.handledAt ? "The message is open again." : "The message is marked handled.",
              });
            } catch (e) {
              reply.say({ ok: false, text: fail(e) });
            }
          }}
        >
          {m.handledAt ? "Mark as open" : "Mark handled"}
        </button>
      </section>
      {reply.alert}
      <section aria-labelledby="replies-title" className="space-y-3">
        <h2 id="replies-title" className="text-xl font-bold text-navy-900">
          Replies
        </h2>
        {data.replies.length === 0 && <p className="text-muted">No reply has been sent yet.</p>}
        {data.replies.map((r) => (
          <article key={r.id} className="rounded-lg border border-slate-200 bg-white p-4">
            <h3 className="font-bold">{r.subject}</h3>
            <p className="text-sm text-muted">
              {r.authorName}, {dateTime(r.createdAt)}
            </p>
            <Paragraphs text={r.body} className="mt-2 space-y-2" />
          </article>
        ))}
      </section>
      <section aria-labelledby="reply-title" className="rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
        <h2 id="reply-title" className="text-xl font-bold text-navy-900">
          Reply by e-mail
        </h2>
        <form {...reply.formProps} className="mt-3 space-y-4" aria-labelledby="reply-title">
          <FormField label="Subject" {...reply.field("subject")} />
          <FormField label="Your reply" multiline {...reply.field("body")} />
          <button type="submit" className="btn-primary" disabled={reply.submitting}>
            {reply.submitting ? "Sending…" : `Send reply to ${m.email}`}
          </button>
        </form>
      </section>
    </StaffPage>
  );
}
