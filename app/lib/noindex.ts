/** Routes kept out of the sitemap and search indexes (personal screens). */
export const NOINDEX_ROUTES: string[] = [
  "/login",
  "/signup",
  "/account",
  "/forgot-password",
  "/reset-password",
  "/confirm-email",
  "/account/exams",
  "/account/results",
  "/account/certifications",
  "/account/education",
  "/account/requests",
  "/invitation",
  "/staff",
];
