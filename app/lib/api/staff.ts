import {
  acceptInvitationEndpoint,
  activitiesEndpoint,
  auditLogEndpoint,
  candidateEndpoint,
  candidatesEndpoint,
  dashboardEndpoint,
  decideRequestEndpoint,
  importResultsEndpoint,
  inboxEndpoint,
  inquiryEndpoint,
  invalidateCertificationEndpoint,
  reinstateCertificationEndpoint,
  invitationLookupEndpoint,
  inviteStaffEndpoint,
  markHandledEndpoint,
  ordersEndpoint,
  recordResultEndpoint,
  refundOrderEndpoint,
  replyEndpoint,
  requestsEndpoint,
  revokeStaffEndpoint,
  reviewActivityEndpoint,
  staffMembersEndpoint,
  withdrawInvitationEndpoint,
  type AcceptInvitationInput,
  type DecideRequestInput,
  type InvalidateInput,
  type ReinstateInput,
  type InviteInput,
  type RecordResultInput,
  type ReplyInput,
  type ReviewActivityInput,
} from "~/schemas/staff";
import type { InputOf } from "~/schemas/endpoint";
import { call } from "./client";

/**
 * The staff console's calls (app/schemas/staff.ts), one per endpoint. The session cookie
 * authenticates them; `token` is passed when the page has it in memory.
 */
type T = string | null;
type Q<E extends Parameters<typeof call>[0]> = InputOf<E> extends { query: infer X } ? X : never;

// invitations (public)
export const lookupInvitation = (token: string) => call(invitationLookupEndpoint, { body: { token } });
export const acceptInvitation = (body: AcceptInvitationInput) => call(acceptInvitationEndpoint, { body });

// dashboard and inbox
export const dashboard = (token: T) => call(dashboardEndpoint, { token });
export const inbox = (query: Q<typeof inboxEndpoint>, token: T) => call(inboxEndpoint, { query, token });
export const inquiry = (id: number, token: T) => call(inquiryEndpoint, { params: { id: String(id) }, token });
export const markHandled = (id: number, handled: boolean, token: T) =>
  call(markHandledEndpoint, { params: { id: String(id) }, body: { handled }, token });
export const reply = (id: number, body: ReplyInput, token: T) =>
  call(replyEndpoint, { params: { id: String(id) }, body, token });

// orders and candidates
export const orders = (query: Q<typeof ordersEndpoint>, token: T) => call(ordersEndpoint, { query, token });
export const refundOrder = (id: number, token: T) => call(refundOrderEndpoint, { params: { id: String(id) }, token });
export const candidates = (query: Q<typeof candidatesEndpoint>, token: T) => call(candidatesEndpoint, { query, token });
export const candidate = (id: number, token: T) => call(candidateEndpoint, { params: { id: String(id) }, token });

// results and certifications
export const recordResult = (body: RecordResultInput, token: T) => call(recordResultEndpoint, { body, token });
export const importResults = (csv: string, commit: boolean, token: T) =>
  call(importResultsEndpoint, { body: { csv, commit }, token });
export const invalidateCertification = (id: number, body: InvalidateInput, token: T) =>
  call(invalidateCertificationEndpoint, { params: { id: String(id) }, body, token });
export const reinstateCertification = (id: number, body: ReinstateInput, token: T) =>
  call(reinstateCertificationEndpoint, { params: { id: String(id) }, body, token });

// queues
export const requestQueue = (query: Q<typeof requestsEndpoint>, token: T) => call(requestsEndpoint, { query, token });
export const decideRequest = (id: number, body: DecideRequestInput, token: T) =>
  call(decideRequestEndpoint, { params: { id: String(id) }, body, token });
export const activities = (query: Q<typeof activitiesEndpoint>, token: T) => call(activitiesEndpoint, { query, token });
export const reviewActivity = (id: number, body: ReviewActivityInput, token: T) =>
  call(reviewActivityEndpoint, { params: { id: String(id) }, body, token });

// members and audit (admins)
export const members = (token: T) => call(staffMembersEndpoint, { token });
export const invite = (body: InviteInput, token: T) => call(inviteStaffEndpoint, { body, token });
export const revokeMember = (id: number, token: T) => call(revokeStaffEndpoint, { params: { id: String(id) }, token });
export const withdrawInvitation = (id: number, token: T) =>
  call(withdrawInvitationEndpoint, { params: { id: String(id) }, token });
export const auditLog = (query: Q<typeof auditLogEndpoint>, token: T) => call(auditLogEndpoint, { query, token });
