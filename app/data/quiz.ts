/**
 * The HTML challenge at /about/challenge: the recruitment teaser for the coalition's
 * software-developer career programme (spec §2 Quiz, §3 Quiz question, §9 constants).
 *
 * Text between backticks (`<br>`) is code: the quiz shows it in a <code> element.
 */

/** Number of questions in the challenge (spec §9). */
export const QUESTION_COUNT = 10;
/** Pause between an answer and the next screen, in milliseconds (spec §9). */
export const ANSWER_DELAY_MS = 500;
/** Share of right answers needed for the congratulation message (spec §5, §9). */
export const PASS_RATIO = 0.5;

export interface QuizLesson {
  /** Short paragraphs that teach exactly what the question asks. */
  paragraphs: readonly string[];
  /** A worked example, shown as a code block. */
  example: string;
}

export interface QuizQuestion {
  /** Short name of the topic, used as the lesson title. */
  topic: string;
  question: string;
  lesson: QuizLesson;
  /** Exactly four answer options. */
  options: readonly [string, string, string, string];
  /** One of the options, character for character. */
  correctAnswer: string;
}

export const quizQuestions: readonly QuizQuestion[] = [
  {
    topic: "What HTML stands for",
    question: "What does HTML stand for?",
    lesson: {
      paragraphs: [
        "HTML is short for HyperText Markup Language. It is the language every web page is written in.",
        "“HyperText” is text that can link to other text, which is what turns separate pages into a web. “Markup” means you wrap parts of your content in tags, such as `<p>` for a paragraph, so the browser knows what each part is.",
      ],
      example: `<!DOCTYPE html>
<html lang="en">
  <body>
    <p>Hello, web!</p>
  </body>
</html>`,
    },
    options: [
      "Hyperlinks and Text Markup Language",
      "HyperText Markup Language",
      "Home Tool Markup Language",
      "High-level Text Machine Language",
    ],
    correctAnswer: "HyperText Markup Language",
  },
  {
    topic: "The link tag",
    question: "Which line makes a clickable link to another page?",
    lesson: {
      paragraphs: [
        "A link is made with the anchor element, `<a>`. The `href` attribute holds the address to go to, and the text between the opening and closing tags is what the reader clicks.",
        "Write link text that makes sense on its own, like “Read the exam policies”, rather than “click here”.",
      ],
      example: `<a href="https://www.example.com/exams">See our exams</a>`,
    },
    options: [
      '`<a href="exams.html">See our exams</a>`',
      '`<a url="exams.html">See our exams</a>`',
      '`<link href="exams.html">See our exams</link>`',
      '`<href="exams.html">See our exams</href>`',
    ],
    correctAnswer: '`<a href="exams.html">See our exams</a>`',
  },
  {
    topic: "The image tag",
    question: "Which line shows an image with a text alternative?",
    lesson: {
      paragraphs: [
        "The `<img>` element places a picture on the page. It has no closing tag: everything it needs goes into attributes.",
        "The `src` attribute gives the location of the image file. The `alt` attribute describes the picture in words, for people using screen readers and for anyone whose image fails to load.",
      ],
      example: `<img src="team.jpg" alt="Five developers around a laptop">`,
    },
    options: [
      '`<image src="logo.png" alt="Coalition logo">`',
      '`<img src="logo.png" alt="Coalition logo">`',
      '`<img href="logo.png" alt="Coalition logo">`',
      '`<picture file="logo.png" text="Coalition logo">`',
    ],
    correctAnswer: '`<img src="logo.png" alt="Coalition logo">`',
  },
  {
    topic: "The stylesheet attribute",
    question: 'In `<link href="styles.css">`, which attribute tells the browser that the file is a stylesheet?',
    lesson: {
      paragraphs: [
        "The `<link>` element, placed inside `<head>`, connects the page to another file. On its own it does not say what that file is for.",
        "The `rel` attribute names the relationship between the page and the file. With `rel=\"stylesheet\"`, the browser loads the CSS file named in `href` and uses it to style the page.",
      ],
      example: `<head>
  <link rel="stylesheet" href="styles.css">
</head>`,
    },
    options: ['`type="style"`', '`src="stylesheet"`', '`class="stylesheet"`', '`rel="stylesheet"`'],
    correctAnswer: '`rel="stylesheet"`',
  },
  {
    topic: "The ordered list",
    question: "Which element makes a numbered list?",
    lesson: {
      paragraphs: [
        "Use an ordered list, `<ol>`, when the order of the items matters, like the steps of a recipe. The browser numbers the items for you: 1, 2, 3 and so on.",
        "Each item goes inside an `<li>` (list item) element. When order does not matter, use `<ul>` instead, which shows bullets.",
      ],
      example: `<ol>
  <li>Choose an exam</li>
  <li>Book a time</li>
  <li>Earn your badge</li>
</ol>`,
    },
    options: ["`<ul>`", "`<ol>`", "`<li>`", "`<dl>`"],
    correctAnswer: "`<ol>`",
  },
  {
    topic: "The line break",
    question: "Which element starts a new line inside a paragraph?",
    lesson: {
      paragraphs: [
        "The `<br>` element is a line break: the text after it continues on the next line, still in the same paragraph. Like `<img>`, it has no closing tag.",
        "Use it where the line break is part of the content, such as in a postal address or a poem. To separate blocks of text, use new `<p>` paragraphs instead.",
      ],
      example: `<p>
  Coalition of IT Businesses<br>
  Oklahoma City, OK
</p>`,
    },
    options: ["`<break>`", "`<lb>`", "`<br>`", "`<hr>`"],
    correctAnswer: "`<br>`",
  },
  {
    topic: "The table",
    question: "Which element holds one row of cells in a table?",
    lesson: {
      paragraphs: [
        "A table is built from the outside in. `<table>` wraps everything, and each row is a `<tr>` (table row) element.",
        "Inside a row, each ordinary cell is a `<td>` (table data) element. A heading cell uses `<th>`, so readers and screen readers know which column a value belongs to.",
      ],
      example: `<table>
  <tr><th>Exam</th><th>Price</th></tr>
  <tr><td>HTML and CSS</td><td>$999.00</td></tr>
</table>`,
    },
    options: ["`<tr>`", "`<td>`", "`<th>`", "`<row>`"],
    correctAnswer: "`<tr>`",
  },
  {
    topic: "Inline styles",
    question: "Which attribute applies CSS directly to a single element?",
    lesson: {
      paragraphs: [
        "Any element can carry a `style` attribute. Its value is a list of CSS declarations, each a property and a value separated by a colon and ended with a semicolon.",
        "Inline styles affect only that one element. For a look you reuse across a site, a stylesheet is easier to maintain.",
      ],
      example: `<p style="color: navy; font-weight: bold;">
  Registration is open.
</p>`,
    },
    options: ["`class`", "`css`", "`font`", "`style`"],
    correctAnswer: "`style`",
  },
  {
    topic: "The head tag",
    question: "What belongs in the `<head>` element?",
    lesson: {
      paragraphs: [
        "An HTML document has two parts. `<head>` holds information about the page, and `<body>` holds the content people see in the browser window.",
        "In the head you put the page `<title>` (shown on the browser tab and in search results), `<meta>` details such as the character set, and `<link>` elements for stylesheets. Despite the similar name, it is not the visible page header.",
      ],
      example: `<head>
  <meta charset="utf-8">
  <title>HTML Challenge</title>
  <link rel="stylesheet" href="styles.css">
</head>`,
    },
    options: [
      "The headings and paragraphs that readers see on the page",
      "Information about the page, such as its title and stylesheets",
      "The navigation menu shown across the top of the page",
      "The footer with the copyright line and contact links",
    ],
    correctAnswer: "Information about the page, such as its title and stylesheets",
  },
  {
    topic: "Comments",
    question: "How do you write a comment in HTML?",
    lesson: {
      paragraphs: [
        "A comment is a note for people reading the code. The browser skips it, so it never appears on the page.",
        "An HTML comment starts with `<!--` and ends with `-->`. Everything in between, even several lines, is ignored.",
      ],
      example: `<!-- Main navigation starts here -->
<nav>…</nav>`,
    },
    options: [
      "`// This is a comment`",
      "`/* This is a comment */`",
      "`<!-- This is a comment -->`",
      "`<# This is a comment #>`",
    ],
    correctAnswer: "`<!-- This is a comment -->`",
  },
];

/** Score needed for the congratulation message: at least half of the questions. */
export const PASS_SCORE = Math.ceil(QUESTION_COUNT * PASS_RATIO);

export function passed(score: number): boolean {
  return score >= QUESTION_COUNT * PASS_RATIO;
}

/** 'x / 10', as the results dialog shows it. */
export function scoreLabel(score: number): string {
  return `${score} / ${QUESTION_COUNT}`;
}

export const resultMessages = {
  congratulation:
    "Congratulations! You clearly have a feel for HTML. That curiosity is exactly what our software-developer career programme builds on.",
  encouragement:
    "Good effort! Every developer started with questions like these. Our career programme teaches the rest, step by step, with people who want you to succeed.",
} as const;
