import { badgePath, verifyPath } from "../../app/schemas/credentials";

// Every address here starts with `base`, the site's public address: env.PUBLIC_URL (server/env.ts, read once at
// start-up; http://HOST:PORT when unset), which the app hands on as app.mail.publicUrl. Mail, the certificate
// PDF and its QR code, the badge and the served pages all use that one value (issues 25.15, 31.4).

/** The stable public verification URL of a certification. */
export const verificationUrl = (credentialId: string, base: string) => `${base}${verifyPath(credentialId)}`;
/** The stable URL of the certification's Open Badges 3.0 credential. */
export const badgeUrl = (credentialId: string, base: string) => `${base}${badgePath(credentialId)}`;
