import type { FastifyInstance } from "fastify";
import staffCandidateRoutes from "../accounts/staff-routes";
import staffMemberRoutes from "../accounts/member-routes";
import staffAuditRoutes from "../audit/staff-routes";
import { staffBookingRoutes } from "../booking/booking-routes";
import staffCertificationRoutes from "../certifications/staff-routes";
import staffExamRoutes from "../exams/staff-routes";
import staffInboxRoutes from "../inquiries/staff-routes";
import bankRoutes from "../items/bank-routes";
import staffOrderRoutes from "../orders/staff-routes";
import { requireRole } from "../plugins/session";
import staffRequestRoutes from "../requests/staff-routes";
import staffResultRoutes from "../results/staff-routes";
import staffUploadRoutes from "../uploads/staff-routes";
import staffDashboardRoutes from "./dashboard-routes";

/**
 * The staff console's API, under /api/staff: each domain's staff face (its folder's staff-routes.ts, or
 * member-routes.ts) registered in this one scope, whose hook lets only staff and admin accounts through
 * (401 for guests, 403 for candidates) before anything else runs. No route checks the role itself; the
 * admin-only files (staff members, the audit log) add their own stricter hook.
 */
export default async function staffRoutes(staff: FastifyInstance, opts: { now?: () => Date } = {}) {
  staff.addHook("onRequest", requireRole("staff", "admin"));
  await staff.register(staffDashboardRoutes);
  await staff.register(staffInboxRoutes);
  await staff.register(staffRequestRoutes);
  await staff.register(staffCertificationRoutes);
  await staff.register(staffUploadRoutes);
  await staff.register(staffOrderRoutes);
  await staff.register(staffCandidateRoutes);
  await staff.register(staffResultRoutes);
  await staff.register(staffExamRoutes, { now: opts.now });
  await staff.register(bankRoutes);
  await staff.register(staffBookingRoutes);
  await staff.register(staffMemberRoutes);
  await staff.register(staffAuditRoutes);
}
