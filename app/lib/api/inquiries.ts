import { createInquiryEndpoint, type InquiryInput } from "~/schemas/inquiry";
import { call } from "./client";

/** POST /api/inquiries: a contact, partner or career message. */
export const createInquiry = (inquiry: InquiryInput) => call(createInquiryEndpoint, { body: inquiry });
