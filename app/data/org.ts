/**
 * The organisation's facts, defined once. Every page, the footer, the policies and the
 * structured data read them from here.
 *
 * SAMPLE VALUES: the specification hides the real address, phone number and e-mail address, so
 * the values marked "sample" below are stand-ins (a `.example` domain and a 555-01xx number) to be
 * replaced with the coalition's real details before launch.
 */
export const org = {
  name: "Coalition of Information Technology Businesses",
  shortName: "CITB",
  tagline: "Advancing IT innovation, businesses and careers",
  /** sample */
  siteUrl: "https://www.citb.example",
  /** sample */
  email: "support@citb.example",
  /** sample: toll-free, in the reserved 555-01xx range */
  phone: { display: "(800) 555-0142", href: "tel:+18005550142" },
  hours: "Mon-Fri 9AM-5PM CST",
  /** sample street address in Oklahoma City */
  address: {
    street: "100 N Broadway Ave, Suite 1200",
    city: "Oklahoma City",
    region: "OK",
    postalCode: "73102",
    country: "US",
  },
  /** sample social accounts */
  social: {
    network: { label: "Facebook", href: "https://www.facebook.com/citb.example" },
    photos: { label: "Instagram", href: "https://www.instagram.com/citb.example" },
  },
  copyrightYear: 2024,
  mission:
    "We bring information technology businesses together to promote innovation, to help IT businesses and startups grow, and to open skilled IT careers to everyone who is ready to learn, including veterans and transitioning service members.",
} as const;

export const fullAddress = `${org.address.street}, ${org.address.city}, ${org.address.region} ${org.address.postalCode}`;
