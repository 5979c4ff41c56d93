/**
 * The coalition's board of directors (spec §2 Board, §3 Board member).
 *
 * SAMPLE NAMES AND BIOGRAPHIES: the specification hides the real board members' names, so the names
 * below are invented stand-ins, and the biographies are written for them. Replace both with the real
 * members' details (and their approved headshots) before launch. The titles are the spec's, exactly.
 * The portraits in public/images/board/ are original illustrations, not photographs.
 */

export const boardTitles = [
  "Secretary",
  "Vice Chairman",
  "Chairman and President",
  "Treasurer",
  "Chief Advancement Officer",
] as const;

export type BoardTitle = (typeof boardTitles)[number];

export interface BoardMember {
  id: string;
  /** the headshot shown on /board (400 × 480) */
  picture: string;
  /** the alternate crop shown on the home page cards (400 × 400) */
  secondPicture: string;
  alt: string;
  /** card header */
  name: string;
  /** card info line */
  title: BoardTitle;
  /** short biography; an empty string when the member has not supplied one */
  bioShort: string;
  /** full biography; paragraphs separated by a blank line; empty when not supplied */
  bioFull: string;
}

/** Picture sizes, so every <img> reserves its space before it loads. */
export const boardPictureSize = { width: 400, height: 480 } as const;
export const boardCardPictureSize = { width: 400, height: 400 } as const;

/** What each office does: shown instead of a biography when a member has none (e.g. the Treasurer). */
export const boardRoleDuties: Record<BoardTitle, string> = {
  Secretary:
    "The Secretary keeps the minutes of board meetings, maintains the coalition's official records and makes sure members receive notice of meetings and votes.",
  "Vice Chairman":
    "The Vice Chairman supports the Chairman, leads board meetings in the Chairman's absence and takes on special projects the board assigns.",
  "Chairman and President":
    "The Chairman and President leads the board, presides over its meetings and represents the coalition to members, partners and the public.",
  Treasurer:
    "The Treasurer oversees the coalition's finances on behalf of the board: keeping its accounts in order, presenting financial reports at board meetings and guiding the preparation of the annual budget.",
  "Chief Advancement Officer":
    "The Chief Advancement Officer builds the partnerships, sponsorships and grants that fund the coalition's programs.",
};

const placeholder = {
  picture: "/images/board/profile-placeholder.svg",
  secondPicture: "/images/board/profile-placeholder-card.svg",
};

export const board: BoardMember[] = [
  {
    id: "secretary",
    picture: "/images/board/secretary.svg",
    secondPicture: "/images/board/secretary-card.svg",
    alt: "Illustrated portrait of Dana Whitfield, a woman with long brown hair in a navy top.",
    name: "Dana Whitfield",
    title: "Secretary",
    bioShort:
      "Dana runs a managed IT services firm in Oklahoma City that keeps small offices, clinics and nonprofits connected and secure.",
    bioFull:
      "Dana runs a managed IT services firm in Oklahoma City that keeps small offices, clinics and nonprofits connected and secure. She started the business after a decade on help desks and network teams, and she still answers support calls when her team is busy.\n\nAs Secretary she keeps the board's records and minutes, and she looks after the coalition's newsletter to members. Her focus on the board is making membership simple and useful for the smallest IT businesses.",
  },
  {
    id: "vice-chairman",
    picture: "/images/board/vice-chairman.svg",
    secondPicture: "/images/board/vice-chairman-card.svg",
    alt: "Illustrated portrait of Marcus Ellery, a man with short black hair and round glasses, in a grey suit and red tie.",
    name: "Marcus Ellery",
    title: "Vice Chairman",
    bioShort:
      "Marcus leads a software consultancy that builds web and data applications for regional manufacturers and logistics companies.",
    bioFull:
      "Marcus leads a software consultancy that builds web and data applications for regional manufacturers and logistics companies. He began his career as a developer and moved into leadership while growing the firm from a two-person team.\n\nOn the board he champions the certification program and works with subject matter experts on keeping the exams close to the work developers actually do. He also mentors first-time founders in the coalition's startup network.",
  },
  {
    id: "chairman",
    picture: "/images/board/chairman.svg",
    secondPicture: "/images/board/chairman-card.svg",
    alt: "Illustrated portrait of Raymond Okafor, a man with short grey hair and a grey beard, in a navy suit and gold tie.",
    name: "Raymond Okafor",
    title: "Chairman and President",
    bioShort:
      "Raymond is a U.S. Army veteran who founded an IT infrastructure company serving public agencies and businesses across the state.",
    bioFull:
      "Raymond is a U.S. Army veteran who founded an IT infrastructure company serving public agencies and businesses across the state. His own move from military service into civilian IT work shapes how he leads the coalition.\n\nAs Chairman and President he sets the board's agenda and represents the coalition to members and partners. He has made career pathways for veterans and transitioning service members one of the coalition's central commitments, alongside practical, affordable certification for everyone entering the field.",
  },
  {
    id: "treasurer",
    ...placeholder,
    alt: "Generic profile silhouette: no portrait of the Treasurer is available.",
    name: "Linda Torres",
    title: "Treasurer",
    bioShort: "",
    bioFull: "",
  },
  {
    id: "chief-advancement-officer",
    picture: "/images/board/chief-advancement-officer.svg",
    secondPicture: "/images/board/chief-advancement-officer-card.svg",
    alt: "Illustrated portrait of Priya Raman, a woman with dark hair in a bun, wearing a plum top.",
    name: "Priya Raman",
    title: "Chief Advancement Officer",
    bioShort:
      "Priya owns an IT training and staffing company that places newly certified professionals with employers across the region.",
    bioFull:
      "Priya owns an IT training and staffing company that places newly certified professionals with employers across the region. Before starting it she worked in technical recruiting, where she saw how many capable people were held back by the cost of training.\n\nAs Chief Advancement Officer she builds the coalition's relationships with partners, sponsors and employers, and she leads the work on internships and paid apprenticeships for the people who complete our programs.",
  },
];

/** The four members shown as cards on the home page (spec §2 Board), in this order. */
export const homeBoardTitles: BoardTitle[] = ["Secretary", "Vice Chairman", "Chairman and President", "Treasurer"];

export const homeBoard: BoardMember[] = homeBoardTitles.map((t) => board.find((m) => m.title === t)!);
