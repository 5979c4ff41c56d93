/** The site's navigation, read by the navigation bar and the footer. */
export interface NavLink {
  label: string;
  to: string;
}

export const certificationLinks: NavLink[] = [
  { label: "Credentials", to: "/credentials" },
  { label: "Testing Options", to: "/testing-options" },
  { label: "Policies", to: "/policies-page" },
  { label: "Testing Policies", to: "/testing-policies" },
  { label: "Special Accommodations", to: "/special-accommodations" },
];

/** The footer's Certification group omits Testing Options (spec §2, Footer). */
export const footerCertificationLinks: NavLink[] = certificationLinks.filter((l) => l.to !== "/testing-options");

export const navBefore: NavLink[] = [
  { label: "Home", to: "/" },
  { label: "About", to: "/about" },
];

export const navAfter: NavLink[] = [
  { label: "Partners", to: "/partners" },
  { label: "Board", to: "/board" },
  { label: "Contact Us", to: "/contact" },
];

export const privacyPolicyPath = "/policy/privacy-confidentiality-and-security-policy";
export const termsPath = "/policies-page";
export const accessibilityPath = "/accessibility";
