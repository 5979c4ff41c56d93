import { org } from "../../app/data/org";
import { badgePath, verifyPath } from "../../app/schemas/credentials";

/** The site's public address for links in e-mail, QR codes and credentials (PUBLIC_URL, else the organisation's site). */
export function siteUrl(): string {
  return (process.env.PUBLIC_URL || org.siteUrl).replace(/\/+$/, "");
}

/** The stable public verification URL of a certification. */
export const verificationUrl = (credentialId: string, base = siteUrl()) => `${base}${verifyPath(credentialId)}`;
/** The stable URL of the certification's Open Badges 3.0 credential. */
export const badgeUrl = (credentialId: string) => `${siteUrl()}${badgePath(credentialId)}`;
