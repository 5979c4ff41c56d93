import { createColumnHelper } from "@tanstack/react-table";
import { FormAlert } from "~/forms/form-alert";
import { FormField } from "~/forms/form-field";
import { SelectField } from "~/forms/select-field";
import { useSubmitForm } from "~/forms/useSubmitForm";
import { actionColumn, dateTimeCell } from "~/components/staff/Columns";
import { DataTable } from "~/components/staff/DataTable";
import { Loading, StaffPage, staffMeta, useFailure, useLoad, useStaff } from "~/components/staff/StaffConsole";
import { call } from "~/lib/api/client";
import {
  inviteSchema,
  inviteStaffEndpoint,
  revokeStaffEndpoint,
  roleTitle,
  roleTitles,
  staffMembersEndpoint,
  staffRoles,
  withdrawInvitationEndpoint,
  type InviteInput,
  type StaffInvitation,
  type StaffMember,
} from "~/schemas/staff";

export const meta = () => staffMeta("Members", "/staff/members");

const memberCol = createColumnHelper<StaffMember>();
const invitationCol = createColumnHelper<StaffInvitation>();

export default function Members() {
  const { user } = useStaff();
  const fail = useFailure();
  const { data, error, reload } = useLoad(() => call(staffMembersEndpoint, {}), []);
  const invite = useSubmitForm({
    schema: inviteSchema,
    defaultValues: { email: "", role: "staff" } as InviteInput,
    send: (values) => call(inviteStaffEndpoint, { body: values }),
    done: (res, values, form) => {
      form.reset({ email: "", role: values.role });
      reload();
      return `An invitation was e-mailed to ${res.invitation.email}.`;
    },
    failure: fail,
  });

  if (user.role !== "admin")
    return (
      <StaffPage title="Members">
        <FormAlert>Only administrators manage the console&apos;s members.</FormAlert>
      </StaffPage>
    );

  // revoking and withdrawing say their outcome in the invitation form's alert
  const act = async (what: () => Promise<unknown>, done: string) => {
    invite.setStatus(null);
    try {
      await what();
      invite.say({ ok: true, text: done });
      reload();
    } catch (e) {
      invite.say({ ok: false, text: fail(e) });
    }
  };
  /** a row's button that calls the endpoint with the row's id */
  const rowAction = (
    endpoint: typeof revokeStaffEndpoint | typeof withdrawInvitationEndpoint,
    id: number,
    done: string,
    text: React.ReactNode,
  ) => (
    <button
      type="button"
      className="btn-outline min-h-10 px-3 py-1 text-sm"
      onClick={() => act(() => call(endpoint, { params: { id: String(id) } }), done)}
    >
      {text}
    </button>
  );
  const memberColumns = [
    memberCol.accessor((m) => `${m.firstName} ${m.lastName}`, { id: "name", header: "Name" }),
    memberCol.accessor("email", { header: "E-mail" }),
    memberCol.accessor("role", { header: "Role", cell: (c) => roleTitle(c.getValue()) }),
    actionColumn(memberCol, "revoke", "Access", (m) =>
      m.id === user.id
        ? "You"
        : rowAction(
            revokeStaffEndpoint,
            m.id,
            `${m.email} no longer has access.`,
            <>
              Revoke<span className="sr-only"> {m.email}</span>
            </>,
          ),
    ),
  ];
  const invitationColumns = [
    invitationCol.accessor("email", { header: "E-mail" }),
    invitationCol.accessor("role", { header: "Role", cell: (c) => roleTitle(c.getValue()) }),
    invitationCol.accessor("expiresAt", { header: "Link works until", cell: dateTimeCell }),
    actionColumn(invitationCol, "withdraw", "Invitation", (i) =>
      rowAction(
        withdrawInvitationEndpoint,
        i.id,
        `The invitation to ${i.email} is withdrawn.`,
        <>
          Withdraw<span className="sr-only"> the invitation to {i.email}</span>
        </>,
      ),
    ),
  ];

  return (
    <StaffPage
      title="Members"
      intro="Invite staff, administrators and subject-matter experts by e-mail and revoke access. A revoked member's account becomes a candidate account and its sessions end."
    >
      <section aria-labelledby="invite-title" className="rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
        <h2 id="invite-title" className="text-xl font-bold text-navy-900">
          Invite someone
        </h2>
        <form
          {...invite.formProps}
          aria-labelledby="invite-title"
          className="mt-3 grid gap-4 md:grid-cols-[1fr_auto_auto] md:items-end"
        >
          <FormField label="E-mail address" type="email" autoComplete="off" {...invite.field("email")} />
          <SelectField
            label="Role"
            {...invite.field("role")}
            options={staffRoles.map((r) => ({ value: r, label: roleTitles[r].title }))}
          />
          <button type="submit" className="btn-primary" disabled={invite.submitting}>
            {invite.submitting ? "Inviting…" : "Send invitation"}
          </button>
        </form>
      </section>
      {invite.alert}
      {error && <FormAlert>{error}</FormAlert>}
      {!data ? (
        !error && <Loading what="the members" />
      ) : (
        <>
          <DataTable caption="Staff and admins" columns={memberColumns} data={data.members} />
          <DataTable
            caption="Open invitations"
            columns={invitationColumns}
            data={data.invitations}
            empty="No open invitations."
          />
        </>
      )}
    </StaffPage>
  );
}
