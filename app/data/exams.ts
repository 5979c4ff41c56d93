/**
 * The five certifications: the single source of truth for titles, prices, outlines, weights and
 * passing scores. The credentials page, the exam detail pages and the order API all read from here.
 * Numbers follow the specification exactly (policies §9), even where a list does not add up to
 * 100% or to 90 questions.
 */
import { VALIDITY_YEARS } from "./program-rules";

export interface Domain {
  id: number;
  title: string;
  description: string;
}

export interface WeightedDomain {
  title: string;
  /** percent of the test, as a number (22.94 means 22.94%) */
  percent: number;
  questions: number;
  tasks: string[];
}

export interface ExamDetails {
  length: string;
  items: number;
  itemFormat: string;
  passingScore: string;
  language: string;
  testingOptions: string;
  about: string;
  topics: string[];
  weights: WeightedDomain[];
}

export interface Certification {
  id: number;
  /**
   * The exam's one slug: its detail page is /<slug>exam-details-page (for exams with details), its
   * card image /images/exams/<slug>.svg and its badge /images/badges/<slug>.svg.
   */
  slug: string;
  available: boolean;
  title: string;
  /** short name used on buttons and badges */
  shortName: string;
  nonMemberPrice: string;
  /** the detail page, derived from the slug for exams with details */
  learnMore?: string;
  description: string;
  /** words of the description shown in bold (each occurs in the description) */
  keywords: string[];
  outline?: { domains: Domain[] };
  details?: ExamDetails;
}

export interface ExamCard {
  key: string;
  imageSRC: string;
  certification: Certification;
}

/** How often a certification is renewed: its validity (app/data/program-rules.ts). */
export const RECERTIFICATION_YEARS = VALIDITY_YEARS;
export const NO_PREREQUISITES_TEXT = "No prior training or membership is required to take this exam.";
export const RECERTIFICATION_TEXT = `Re-certification is required every ${RECERTIFICATION_YEARS} years.`;

/** The format every exam shares (policies §9); pages show it through components/exams/ExamFacts. */
export const EXAM_MINUTES = 90;
export const examFormat = {
  length: `${EXAM_MINUTES} minutes`,
  items: 90,
  itemFormat: "Multiple choice",
  language: "English",
  testingOptions: "Online proctored",
} as const;
const common = examFormat;

const d = (titles: [string, string][]): Domain[] =>
  titles.map(([title, description], i) => ({ id: i + 1, title, description }));

const certificationData: Omit<Certification, "learnMore">[] = [
  {
    id: 1,
    slug: "js",
    available: true,
    title: "JavaScript Professional Developer Online Exam",
    shortName: "JavaScript",
    nonMemberPrice: "$999.00",
    description:
      "Prove you can write modern JavaScript for real projects: clean syntax, reusable functions, control flow, scope, arrays, loops, iterators and objects, tested in a 90-minute online-proctored exam.",
    keywords: ["JavaScript", "functions", "scope", "objects"],
    outline: {
      domains: d([
        ["Syntax", "Variables, data types, operators, expressions and the rules that make a statement valid."],
        ["Functions", "Declarations, expressions, arrow functions, parameters, return values and callbacks."],
        ["Controls", "Conditional logic with if, else and switch, and error handling with try and catch."],
        ["Scope", "Global, function and block scope, hoisting and closures."],
        ["Arrays", "Creating, reading and changing arrays with the built-in array methods."],
        ["Loops", "for, while and do...while loops, with break and continue."],
        ["Iterators", "for...of, iterables, generators and the iteration protocol."],
        ["Objects", "Object literals, properties, methods, this, prototypes and classes."],
      ]),
    },
    details: {
      ...common,
      passingScore: "73%",
      about:
        "The JavaScript Professional Developer exam confirms that a candidate can read, write and debug the JavaScript that powers today's websites and services. It is written for developers with hands-on experience who want an industry-recognised credential to show employers.",
      topics: [
        "Language syntax, types and operators",
        "Functions, callbacks and closures",
        "Control flow and error handling",
        "Arrays, loops and iterators",
        "Objects, prototypes and classes",
      ],
      weights: [
        {
          title: "Syntax",
          percent: 22.94,
          questions: 29,
          tasks: [
            "Declare variables with let and const and choose the right one.",
            "Predict the result of expressions that mix types and operators.",
            "Spot and fix syntax errors in a short program.",
          ],
        },
        {
          title: "Functions",
          percent: 7.82,
          questions: 10,
          tasks: [
            "Write function declarations, expressions and arrow functions.",
            "Use default, rest and callback parameters correctly.",
          ],
        },
        {
          title: "Controls",
          percent: 7.83,
          questions: 10,
          tasks: [
            "Choose between if...else and switch for a decision.",
            "Handle runtime errors with try, catch and finally.",
          ],
        },
        {
          title: "Scope",
          percent: 3.91,
          questions: 5,
          tasks: [
            "Explain the difference between global, function and block scope.",
            "Use a closure to keep private state.",
          ],
        },
        {
          title: "Arrays",
          percent: 10.27,
          questions: 13,
          tasks: [
            "Transform data with map, filter and reduce.",
            "Add, remove and find elements without unwanted side effects.",
            "Sort arrays of numbers and of objects.",
          ],
        },
        {
          title: "Loops",
          percent: 5.49,
          questions: 7,
          tasks: [
            "Pick the right loop for a counted or conditional repetition.",
            "Stop or skip iterations with break and continue.",
          ],
        },
        {
          title: "Iterators",
          percent: 3.13,
          questions: 4,
          tasks: ["Iterate over arrays, strings, maps and sets with for...of.", "Write a simple generator function."],
        },
        {
          title: "Objects",
          percent: 9.61,
          questions: 12,
          tasks: [
            "Create objects with literals and classes.",
            "Explain how this is bound inside methods.",
            "Copy and merge objects with spread and destructuring.",
          ],
        },
      ],
    },
  },
  {
    id: 2,
    slug: "mysql",
    available: true,
    title: "MySQL Backend Developer Online Exam",
    shortName: "MySQL",
    nonMemberPrice: "$999.00",
    description:
      "Show that you can design, query and run MySQL databases behind real applications: schema design, data querying, security, backup and recovery, stored procedures and performance tuning.",
    keywords: ["MySQL", "schema design", "data querying", "performance tuning"],
    outline: {
      domains: d([
        ["Fundamentals", "Relational concepts, the MySQL server, clients and basic statements."],
        ["Data Types and Table Manipulation", "Choosing column types and creating, altering and dropping tables."],
        ["Data Querying", "SELECT with filtering, sorting, grouping, joins and subqueries."],
        ["Database Design", "Keys, relationships and normalisation for a maintainable schema."],
        ["Security and User Management", "Accounts, roles, privileges and safe connection practices."],
        ["Backup and Recovery", "Logical and physical backups and restoring data after a failure."],
        ["Stored Procedures and Functions", "Reusable server-side logic with parameters and control flow."],
        ["Triggers and Events", "Automatic actions on data changes and scheduled tasks."],
        ["Performance Tuning", "Indexes, EXPLAIN plans and query optimisation."],
        ["Advanced SQL", "Window functions, common table expressions and transactions."],
      ]),
    },
    details: {
      ...common,
      passingScore: "70%",
      about:
        "The MySQL Backend Developer exam confirms that a candidate can build and look after the MySQL databases behind web and business applications, from the first table to a tuned, secure and recoverable production system.",
      topics: [
        "Relational fundamentals and SQL statements",
        "Data types, constraints and table changes",
        "Schema design and normalisation",
        "Security, users and privileges",
        "Backup, recovery and server-side programming",
        "Performance tuning and advanced SQL",
      ],
      weights: [
        {
          title: "Fundamentals",
          percent: 16.47,
          questions: 21,
          tasks: [
            "Explain tables, rows, columns and keys.",
            "Connect to a server and run basic statements.",
            "Read and filter data with SELECT and WHERE.",
          ],
        },
        {
          title: "Data Types and Constraints",
          percent: 8.68,
          questions: 11,
          tasks: [
            "Choose numeric, text and date types for each column.",
            "Enforce rules with NOT NULL, UNIQUE, CHECK and foreign keys.",
          ],
        },
        {
          title: "Data Manipulation",
          percent: 7.85,
          questions: 10,
          tasks: ["Insert, update and delete rows safely.", "Combine tables with inner and outer joins."],
        },
        {
          title: "Database Design",
          percent: 5.52,
          questions: 7,
          tasks: [
            "Normalise a schema to third normal form.",
            "Model one-to-many and many-to-many relationships.",
          ],
        },
        {
          title: "Security",
          percent: 5.51,
          questions: 7,
          tasks: ["Prevent SQL injection with prepared statements.", "Protect data in transit and at rest."],
        },
        {
          title: "User Management",
          percent: 4.73,
          questions: 6,
          tasks: ["Create accounts and roles.", "Grant and revoke the least privileges a task needs."],
        },
        {
          title: "Backup and Recovery",
          percent: 3.92,
          questions: 5,
          tasks: ["Plan and take logical and physical backups.", "Restore a database to a point in time."],
        },
        {
          title: "Stored Procedures and Functions",
          percent: 6.31,
          questions: 8,
          tasks: [
            "Write a stored procedure with parameters.",
            "Write a function that returns a value used in queries.",
          ],
        },
        {
          title: "Triggers and Events",
          percent: 3.14,
          questions: 4,
          tasks: ["Create a trigger that reacts to data changes.", "Schedule recurring work with events."],
        },
        {
          title: "Performance Tuning",
          percent: 5.54,
          questions: 7,
          tasks: ["Read an EXPLAIN plan.", "Add the index that makes a slow query fast."],
        },
        {
          title: "Advanced SQL",
          percent: 3.13,
          questions: 4,
          tasks: ["Use window functions and common table expressions.", "Group statements in a transaction."],
        },
      ],
    },
  },
  {
    id: 3,
    slug: "react",
    available: true,
    title: "ReactJS Framework Developer Online Exam",
    shortName: "React",
    nonMemberPrice: "$999.00",
    description:
      "Demonstrate that you can build and ship React interfaces: component structure, state and props, hooks, routing, rendering performance, testing and styling of production-ready apps.",
    keywords: ["React", "state and props", "hooks", "testing"],
    outline: {
      domains: d([
        ["Component Structure", "Function components, JSX, composition and splitting an interface into parts."],
        ["State and Props", "Passing data down with props and keeping local state."],
        ["Event Handling", "Responding to clicks, input and form submission."],
        ["Lifecycle", "Mounting, updating and unmounting, and effects that clean up after themselves."],
        ["Hooks", "useState, useEffect, useMemo, useRef and custom hooks."],
        ["Context API", "Sharing data across a tree without passing props through every level."],
        ["Rendering and Performance", "Keys, memoisation and avoiding needless renders."],
        ["Routing", "Client-side routes, links, parameters and nested layouts."],
        ["Testing", "Testing components the way users use them."],
        ["Styling", "CSS modules, utility classes and conditional styles."],
      ]),
    },
    details: {
      ...common,
      passingScore: "73%",
      about:
        "The ReactJS Framework Developer exam confirms that a candidate can build maintainable React applications: well-structured components, predictable state, fast rendering, solid routing and tests that give a team confidence to ship.",
      topics: [
        "Components, JSX and composition",
        "State, props and event handling",
        "Lifecycle, hooks and context",
        "Rendering performance",
        "Routing, testing and styling",
      ],
      weights: [
        {
          title: "Components",
          percent: 32,
          questions: 29,
          tasks: [
            "Split an interface into small reusable components.",
            "Write JSX with conditional rendering and lists.",
            "Compose components with children.",
          ],
        },
        {
          title: "State Management",
          percent: 11,
          questions: 10,
          tasks: ["Decide where a piece of state should live.", "Lift state up and share it through context."],
        },
        {
          title: "Event Handling",
          percent: 11,
          questions: 10,
          tasks: ["Handle user events with React handlers.", "Build a controlled form with validation."],
        },
        {
          title: "Lifecycle and Hooks",
          percent: 6,
          questions: 5,
          tasks: ["Run and clean up side effects with useEffect.", "Extract shared logic into a custom hook."],
        },
        {
          title: "Rendering and Performance",
          percent: 14,
          questions: 13,
          tasks: [
            "Give list items stable keys.",
            "Avoid needless renders with memoisation.",
            "Load code lazily for large screens.",
          ],
        },
        {
          title: "Routing",
          percent: 8,
          questions: 7,
          tasks: ["Define routes with parameters and nested layouts.", "Navigate in code and with links."],
        },
        {
          title: "Testing",
          percent: 5,
          questions: 4,
          tasks: ["Test a component through its accessible roles and text.", "Mock a network call in a test."],
        },
        {
          title: "Styling",
          percent: 14,
          questions: 13,
          tasks: ["Style components with CSS modules or utility classes.", "Apply styles based on state and props."],
        },
      ],
    },
  },
  {
    id: 4,
    slug: "htmlcss",
    available: true,
    title: "HTML, CSS Web Designer Online Exam",
    shortName: "HTML and CSS",
    nonMemberPrice: "$999.00",
    description:
      "Validate your web design skills from the ground up: semantic HTML, forms, accessibility, CSS layout with flexbox and grid, and responsive design that works on every screen.",
    keywords: ["semantic HTML", "accessibility", "CSS layout", "responsive design"],
    outline: {
      domains: d([
        ["HTML Basics", "Document structure, elements, attributes and the head of a page."],
        ["Text and Semantic Elements", "Headings, paragraphs, sections and choosing the element that fits the meaning."],
        ["Links and Navigation", "Anchors, relative and absolute paths and navigation menus."],
        ["Images and Media", "Images with alternative text, audio, video and responsive images."],
        ["Lists and Tables", "Ordered, unordered and description lists, and accessible data tables."],
        ["Forms and Inputs", "Labels, input types, grouping and built-in validation."],
        ["Accessibility", "Landmarks, keyboard access, contrast and ARIA used sparingly."],
        ["CSS Basics", "Rules, the cascade, inheritance and linking a stylesheet."],
        ["Selectors and Specificity", "Class, attribute and pseudo-class selectors and how conflicts resolve."],
        ["Box Model", "Content, padding, border, margin and box sizing."],
        ["Typography and Colour", "Fonts, units, line height, colour values and contrast."],
        ["Flexbox", "One-dimensional layout: direction, alignment, wrapping and growth."],
        ["Grid", "Two-dimensional layout with tracks, areas and gaps."],
        ["Transitions and Animations", "Smooth state changes and keyframes that respect reduced motion."],
        ["Responsive Design", "Media queries, fluid sizes and mobile-first layouts."],
      ]),
    },
    details: {
      ...common,
      passingScore: "75%",
      about:
        "The HTML, CSS Web Designer exam confirms that a candidate can turn a design into clean, accessible and responsive web pages, using well-structured HTML and modern CSS layout.",
      topics: [
        "Semantic HTML structure",
        "CSS rules, selectors and the box model",
        "Layout with flexbox and grid",
        "Responsive design and media queries",
        "Accessible forms",
        "Advanced CSS: transitions, animations and custom properties",
      ],
      weights: [
        {
          title: "HTML Structure",
          percent: 20,
          questions: 18,
          tasks: [
            "Build a page with the right semantic landmarks.",
            "Use headings in a logical order.",
            "Add images with meaningful alternative text.",
          ],
        },
        {
          title: "CSS Basics",
          percent: 25,
          questions: 23,
          tasks: [
            "Write selectors and predict which rule wins.",
            "Apply the box model to size and space elements.",
          ],
        },
        {
          title: "Layout",
          percent: 20,
          questions: 18,
          tasks: ["Lay out a component with flexbox.", "Build a page grid with CSS grid."],
        },
        {
          title: "Responsive",
          percent: 20,
          questions: 17,
          tasks: [
            "Write mobile-first media queries.",
            "Use relative units and fluid images.",
          ],
        },
        {
          title: "Forms",
          percent: 10,
          questions: 9,
          tasks: ["Label every input and group related fields.", "Choose input types and validation attributes."],
        },
        {
          title: "Advanced CSS",
          percent: 5,
          questions: 5,
          tasks: ["Use custom properties for a theme.", "Add transitions that honour reduced motion."],
        },
      ],
    },
  },
  {
    id: 5,
    slug: "tss",
    available: true,
    title: "Technical Sales Specialist Online Exam",
    shortName: "Technical Sales Specialist",
    nonMemberPrice: "$999.00",
    description:
      "Prove you can sell technology with credibility: understand customer needs, explain technical solutions in plain language, build proposals and guide buyers from discovery to a signed agreement.",
    keywords: ["technology", "customer needs", "technical solutions", "proposals"],
  },
];

export const certifications: Certification[] = certificationData.map((c) => ({
  ...c,
  ...(c.details ? { learnMore: examDetailsPath(c.slug) } : {}),
}));

/** The path of an exam's detail page. */
export function examDetailsPath(slug: string): string {
  return `/${slug}exam-details-page`;
}

/** The exams that have a detail page, in catalog order (app/routes.ts makes one route for each). */
export const examsWithDetails = certifications.filter(
  (c): c is Certification & { details: ExamDetails; learnMore: string } => !!c.details,
);

/** One exam card per certification, with its original illustration. */
export const examCards: ExamCard[] = certifications.map((c) => ({
  key: `exam-${c.slug}`,
  imageSRC: `/images/exams/${c.slug}.svg`,
  certification: c,
}));

export interface Badge {
  key: string;
  label: string;
  imageSRC: string;
}

/** The badge earned by passing an exam. */
export function badgeOf(c: Pick<Certification, "slug" | "title">): Badge {
  return {
    key: c.slug,
    label: `${c.title.replace(/ Online Exam$/, "")} badge`,
    imageSRC: `/images/badges/${c.slug}.svg`,
  };
}

/**
 * The five digital badges earned by passing an exam, in alphabetical order. The labels are English words that
 * each start with a capital, so comparing them code unit by code unit gives that order, without localeCompare,
 * whose first call sets up the browser's collator: about 20 ms when /credentials loads on this machine, four
 * times that on the phone Lighthouse simulates (docs/decisions/0028).
 */
export const badges: Badge[] = certifications
  .map(badgeOf)
  .sort((a, b) => (a.label < b.label ? -1 : a.label > b.label ? 1 : 0));

/** The price every exam shares, when they share one (the pages say "$999.00 each"). */
export function commonPrice(): string {
  const prices = new Set(certifications.map((c) => c.nonMemberPrice));
  if (prices.size !== 1) throw new Error("The exams no longer share one price: show each exam's price.");
  return [...prices][0]!;
}

export function certificationById(id: number): Certification | undefined {
  return certifications.find((c) => c.id === id);
}

export function certificationByPath(path: string): Certification | undefined {
  const p = path.replace(/\/+$/, "") || "/";
  return certifications.find((c) => c.learnMore === p);
}

/** "$999.00" → 99900 */
export function priceToCents(display: string): number {
  const m = /^\$(\d{1,3}(?:,\d{3})*|\d+)\.(\d{2})$/.exec(display);
  if (!m) throw new Error(`Not a price: ${display}`);
  return Number(m[1]!.replace(/,/g, "")) * 100 + Number(m[2]);
}

/** Splits a description into plain and bold parts at the certification's keywords. */
export function descriptionParts(c: Pick<Certification, "description" | "keywords">): { text: string; bold: boolean }[] {
  if (c.keywords.length === 0) return [{ text: c.description, bold: false }];
  const escaped = c.keywords.map((k) => k.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  const re = new RegExp(`(${escaped.join("|")})`, "g");
  return c.description
    .split(re)
    .filter((s) => s !== "")
    .map((text) => ({ text, bold: c.keywords.includes(text) }));
}

/** The sums of a weights table as published (they need not be 100% or the exam's item count). */
export function weightTotals(weights: WeightedDomain[]): { percent: number; questions: number } {
  const hundredths = weights.reduce((sum, w) => sum + Math.round(w.percent * 100), 0);
  return { percent: hundredths / 100, questions: weights.reduce((sum, w) => sum + w.questions, 0) };
}
