import {
  accommodationRequestEndpoint,
  addActivityEndpoint,
  appealRequestEndpoint,
  complaintEndpoint,
  myRequestsEndpoint,
  sanctionAppealEndpoint,
  type AccommodationRequestInput,
  type AppealRequestInput,
  type DatedRequestInput,
  cancelExamEndpoint,
  eligibilityEndpoint,
  myActivitiesEndpoint,
  myCertificationsEndpoint,
  myExamsEndpoint,
  myResultsEndpoint,
  renewCertificationEndpoint,
  verifyDocumentEndpoint,
  verifyEndpoint,
  type CeActivityInput,
} from "~/schemas/credentials";
import { call } from "./client";

type Token = string | null;

/** GET /api/me/exams: the candidate's vouchers, newest first. */
export const myExams = (token: Token) => call(myExamsEndpoint, { token });
/** POST /api/me/exams/:id/cancel: cancels within 24 hours of purchase and refunds. */
export const cancelExam = (id: number, token: Token) => call(cancelExamEndpoint, { params: { id: String(id) }, token });
/** GET /api/me/results */
export const myResults = (token: Token) => call(myResultsEndpoint, { token });
/** GET /api/me/certifications */
export const myCertifications = (token: Token) => call(myCertificationsEndpoint, { token });
/** POST /api/me/certifications/:id/renew */
export const renewCertification = (id: number, token: Token) =>
  call(renewCertificationEndpoint, { params: { id: String(id) }, token });
/** GET /api/exams/:certId/eligibility: may the signed-in candidate buy this exam now? */
export const examEligibility = (certId: number, token: Token) =>
  call(eligibilityEndpoint, { params: { certId: String(certId) }, token });
/** GET /api/me/education */
export const myActivities = (token: Token) => call(myActivitiesEndpoint, { token });
/** POST /api/me/education: an activity with its evidence file (multipart/form-data, streamed). */
export const addActivity = (body: CeActivityInput, token: Token) => call(addActivityEndpoint, { body, token });
/** GET /api/verify/:credentialId?lastName= (public) */
export const verifyCredential = (credentialId: string, lastName: string) =>
  call(verifyEndpoint, { params: { credentialId }, query: { lastName } });

/** POST /api/credentials/verify (public): a credential file's signature, status and dates, in words. */
export const verifyCredentialFile = (credential: unknown) => call(verifyDocumentEndpoint, { body: credential });

/** GET /api/me/requests: the candidate's requests and the decisions they may appeal. */
export const myRequests = (token: Token) => call(myRequestsEndpoint, { token });
/** POST /api/me/requests/accommodation */
export const requestAccommodation = (body: AccommodationRequestInput, token: Token) =>
  call(accommodationRequestEndpoint, { body, token });
/** POST /api/me/requests/certification-appeal */
export const appealDecision = (body: AppealRequestInput, token: Token) => call(appealRequestEndpoint, { body, token });
/** POST /api/me/requests/sanction-appeal or /complaint */
export const fileDatedRequest = (kind: "sanction_appeal" | "complaint", body: DatedRequestInput, token: Token) =>
  call(kind === "complaint" ? complaintEndpoint : sanctionAppealEndpoint, { body, token });
