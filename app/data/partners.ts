/**
 * The coalition's partners (spec §2 Partners, §3 Partner): one card each on /partners.
 *
 * SAMPLE NAMES AND LINKS: the specification hides the real partners, so the eight organisations
 * below are invented stand-ins, one for each kind of partner the spec lists, with links to reserved
 * `.example` sites. Replace them (and the logos in public/images/partners/, original drawings) with
 * the real partners before launch.
 */

export const partnerKinds = [
  "veteran jobs firm",
  "consulting firm",
  "SDVOSB training and HR firm",
  "cybersecurity firm",
  "veteran training firm",
  "technical college",
  "software and AI training firm",
  "veteran software training firm",
] as const;

export type PartnerKind = (typeof partnerKinds)[number];

export interface Partner {
  id: string;
  /** logo image (240 × 160 SVG) */
  logo: string;
  name: string;
  description: string;
  /** the partner's website, opened in a new tab */
  link: string;
  kind: PartnerKind;
}

export const partnerLogoSize = { width: 240, height: 160 } as const;

export const partners: Partner[] = [
  {
    id: "homefront-hiring",
    logo: "/images/partners/homefront-hiring.svg",
    name: "Homefront Hiring Network",
    description:
      "A job board and hiring service for veterans, transitioning service members and military spouses. It connects candidates who hold our certifications with employers looking for proven IT skills.",
    link: "https://homefront-hiring.example",
    kind: "veteran jobs firm",
  },
  {
    id: "redbud-consulting",
    logo: "/images/partners/redbud-consulting.svg",
    name: "Redbud Technology Consulting",
    description:
      "An IT consulting firm that helps small and mid-sized organisations plan systems, move to the cloud and manage technology projects, and that mentors startups in our network.",
    link: "https://redbud-consulting.example",
    kind: "consulting firm",
  },
  {
    id: "patriot-path",
    logo: "/images/partners/patriot-path.svg",
    name: "Patriot Path Workforce Solutions",
    description:
      "A service-disabled veteran-owned small business (SDVOSB) offering workforce training and human resources services, from onboarding programs to career coaching for new IT hires.",
    link: "https://patriot-path.example",
    kind: "SDVOSB training and HR firm",
  },
  {
    id: "prairie-shield",
    logo: "/images/partners/prairie-shield.svg",
    name: "Prairie Shield Cyber",
    description:
      "A cybersecurity firm providing security assessments, monitoring and staff awareness training, and sharing practical security guidance with coalition members.",
    link: "https://prairie-shield.example",
    kind: "cybersecurity firm",
  },
  {
    id: "second-mission",
    logo: "/images/partners/second-mission.svg",
    name: "Second Mission Academy",
    description:
      "A training company for veterans and transitioning service members that turns military experience into civilian IT skills through guided courses and exam preparation.",
    link: "https://second-mission.example",
    kind: "veteran training firm",
  },
  {
    id: "red-earth-tech",
    logo: "/images/partners/red-earth-tech.svg",
    name: "Red Earth Technical College",
    description:
      "A technical college with hands-on programs in networking, web development and database administration, and a natural pathway to our certification exams.",
    link: "https://red-earth-tech.example",
    kind: "technical college",
  },
  {
    id: "neural-forge",
    logo: "/images/partners/neural-forge.svg",
    name: "Neural Forge Learning",
    description:
      "A training firm teaching software development and applied artificial intelligence, with prep courses for the JavaScript, React and MySQL exams.",
    link: "https://neural-forge.example",
    kind: "software and AI training firm",
  },
  {
    id: "rally-point-code",
    logo: "/images/partners/rally-point-code.svg",
    name: "Rally Point Code School",
    description:
      "A software training program for veterans: cohort-based courses in HTML, CSS and JavaScript, with project work and help preparing for a first developer job.",
    link: "https://rally-point-code.example",
    kind: "veteran software training firm",
  },
];
