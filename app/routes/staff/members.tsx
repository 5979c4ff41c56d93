import { zodResolver } from "@hookform/resolvers/zod";
import { createColumnHelper } from "@tanstack/react-table";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { FormAlert } from "~/forms/form-alert";
import { FormField } from "~/forms/form-field";
import { DataTable } from "~/components/staff/DataTable";
import { Loading, StaffPage, staffMeta, useFailure, useLoad, useStaff } from "~/components/staff/StaffConsole";
import { dateTime } from "~/lib/staff-format";
import { ApiError, call } from "~/lib/api/client";
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
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<InviteInput>({ resolver: zodResolver(inviteSchema), defaultValues: { email: "", role: "staff" } });

  if (user.role !== "admin")
    return (
      <StaffPage title="Members">
        <FormAlert>Only administrators manage the console&apos;s members.</FormAlert>
      </StaffPage>
    );

  const act = async (what: () => Promise<unknown>, done: string) => {
    setStatus(null);
    try {
      await what();
      setStatus({ ok: true, text: done });
      reload();
    } catch (e) {
      setStatus({ ok: false, text: fail(e) });
    }
  };
  const memberColumns = [
    memberCol.accessor((m) => `${m.firstName} ${m.lastName}`, { id: "name", header: "Name" }),
    memberCol.accessor("email", { header: "E-mail" }),
    memberCol.accessor("role", { header: "Role", cell: (c) => roleTitle(c.getValue()) }),
    memberCol.display({
      id: "revoke",
      header: "Access",
      cell: (c) =>
        c.row.original.id === user.id ? (
          "You"
        ) : (
          <button
            type="button"
            className="btn-outline min-h-10 px-3 py-1 text-sm"
            onClick={() =>
              act(
                () => call(revokeStaffEndpoint, { params: { id: String(c.row.original.id) } }),
                `${c.row.original.email} no longer has access.`,
              )
            }
          >
            Revoke<span className="sr-only"> {c.row.original.email}</span>
          </button>
        ),
    }),
  ];
  const invitationColumns = [
    invitationCol.accessor("email", { header: "E-mail" }),
    invitationCol.accessor("role", { header: "Role", cell: (c) => roleTitle(c.getValue()) }),
    invitationCol.accessor("expiresAt", { header: "Link works until", cell: (c) => dateTime(c.getValue()) }),
    invitationCol.display({
      id: "withdraw",
      header: "Invitation",
      cell: (c) => (
        <button
          type="button"
          className="btn-outline min-h-10 px-3 py-1 text-sm"
          onClick={() =>
            act(
              () => call(withdrawInvitationEndpoint, { params: { id: String(c.row.original.id) } }),
              `The invitation to ${c.row.original.email} is withdrawn.`,
            )
          }
        >
          Withdraw<span className="sr-only"> the invitation to {c.row.original.email}</span>
        </button>
      ),
    }),
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
          noValidate
          aria-labelledby="invite-title"
          className="mt-3 grid gap-4 md:grid-cols-[1fr_auto_auto] md:items-end"
          onSubmit={handleSubmit(async (values) => {
            setStatus(null);
            try {
              const res = await call(inviteStaffEndpoint, { body: values });
              reset({ email: "", role: values.role });
              setStatus({ ok: true, text: `An invitation was e-mailed to ${res.invitation.email}.` });
              reload();
            } catch (e) {
              if (e instanceof ApiError && e.body.fields)
                for (const [k, m] of Object.entries(e.body.fields)) setError(k as keyof InviteInput, { message: m });
              setStatus({ ok: false, text: fail(e) });
            }
          })}
        >
          <FormField
            label="E-mail address"
            type="email"
            autoComplete="off"
            registration={register("email")}
            error={errors.email}
          />
          <label className="block font-semibold text-navy-900">
            Role
            <select
              {...register("role")}
              className="mt-1 block rounded-md border border-slate-400 bg-white px-3 py-2.5 font-normal"
            >
              {staffRoles.map((r) => (
                <option key={r} value={r}>
                  {roleTitles[r].title}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className="btn-primary" disabled={isSubmitting}>
            {isSubmitting ? "Inviting…" : "Send invitation"}
          </button>
        </form>
      </section>
      {status && <FormAlert tone={status.ok ? "success" : "error"}>{status.text}</FormAlert>}
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
