// @vitest-environment jsdom
import { cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { bankExams } from "~/components/staff/bank/ExamPicker";
import { PRETEST_ITEMS } from "~/data/exam-delivery";
import { markPretestEndpoint } from "~/schemas/bank";
import { createItemEndpoint, itemEndpoint, updateItemEndpoint, type Item, type ItemAnswer } from "~/schemas/items";
import type { User } from "~/schemas/user";
import { testUser } from "~/testing/user";
import ItemPage from "./item";
import { renderInConsole } from "./render-in-console";

/** Every API call of the page, answered by the test (the endpoint object tells which call it is). */
const call = vi.hoisted(() => vi.fn());
vi.mock("~/lib/api/client", async (original) => ({ ...(await original<object>()), call }));

afterEach(() => {
  cleanup();
  call.mockReset();
});

const person = (id: number, role: User["role"]) => testUser({ id, role });

const js = bankExams.find((e) => e.slug === "js")!;

const approved: Item = {
  id: 41,
  itemId: "js-arrays-901",
  version: 2,
  exam: "js",
  domain: js.details.weights[0]!.title,
  stem: "What does [1, 2].length give?",
  options: ["2", "1", "undefined", "3"],
  key: 0,
  rationale: "An array of two elements has a length of two.",
  reference: "",
  check: "",
  state: "approved",
  pretest: false,
  bank: "console",
  authorId: 7,
  author: "Ada Expert",
  reviewer: "Grace Expert",
  submittedAt: "2026-11-01T10:00:00.000Z",
  approvedAt: "2026-11-02T10:00:00.000Z",
  retiredAt: null,
  reviewNote: null,
  checkStatus: null,
  checkOutput: null,
  checkedAt: null,
  createdAt: "2026-11-01T09:00:00.000Z",
  updatedAt: "2026-11-02T10:00:00.000Z",
};
const answerOf = (item: Item): ItemAnswer => ({
  item,
  versions: [{ id: item.id, version: item.version, state: item.state, createdAt: item.createdAt }],
});

/** The page at `path` inside the console's frame, signed in as `user`. */
const renderAt = (path: string, user: User) =>
  renderInConsole(path, user, [
    { path: "/staff/items/new", element: <ItemPage /> },
    { path: "/staff/items/:id", element: <ItemPage /> },
    { path: "/staff/items", element: <p>The bank</p> },
  ]);

describe("the pretest toggle on an approved item (issue 30.3)", () => {
  it("staff mark an approved item pretest through the bank's endpoint and can make it scored again", async () => {
    let stored = approved;
    call.mockImplementation(async (endpoint: unknown, input: { body?: { pretest: boolean } }) => {
      if (endpoint === itemEndpoint) return answerOf(stored);
      if (endpoint === markPretestEndpoint) {
        stored = { ...stored, pretest: input.body!.pretest };
        return { item: { itemId: stored.itemId, version: stored.version, pretest: stored.pretest } };
      }
      throw new Error("unexpected call");
    });
    const user = userEvent.setup();
    renderAt("/staff/items/41", person(1, "staff"));
    const panel = await screen.findByRole("region", { name: "Pretest" });
    expect(within(panel).getByTestId("pretest-state")).toHaveTextContent(/^A scored item/);

    await user.click(within(panel).getByRole("button", { name: "Mark as pretest (unscored)" }));
    expect(call).toHaveBeenCalledWith(markPretestEndpoint, {
      body: { itemId: "js-arrays-901", version: 2, pretest: true },
    });
    expect(await screen.findByRole("status")).toHaveTextContent(
      "js-arrays-901 version 2 is now a pretest item: unscored on new forms.",
    );
    expect(within(panel).getByTestId("pretest-state")).toHaveTextContent(
      `A pretest item: new forms carry it unscored, as one of their ${PRETEST_ITEMS} pretest items`,
    );
    expect(screen.getByRole("heading", { level: 1 }).nextElementSibling).toHaveTextContent(/^Approved \(pretest\)/);

    await user.click(within(panel).getByRole("button", { name: "Make it a scored item again" }));
    expect(call).toHaveBeenLastCalledWith(itemEndpoint, { params: { id: "41" } });
    expect(call).toHaveBeenCalledWith(markPretestEndpoint, {
      body: { itemId: "js-arrays-901", version: 2, pretest: false },
    });
    expect(await screen.findByText("js-arrays-901 version 2 is a scored item again.")).toBeInTheDocument();
  });

  it("a refusal from the server is said in the page's alert and the item stays as it was", async () => {
    const { ApiError } = await import("~/lib/api/error");
    call.mockImplementation(async (endpoint: unknown) => {
      if (endpoint === itemEndpoint) return answerOf(approved);
      throw new ApiError(409, { error: "not_approved", message: "Only an approved item can be marked pretest." });
    });
    const user = userEvent.setup();
    renderAt("/staff/items/41", person(1, "admin"));
    await user.click(await screen.findByRole("button", { name: "Mark as pretest (unscored)" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Only an approved item can be marked pretest.");
    expect(screen.getByTestId("pretest-state")).toHaveTextContent(/^A scored item/);
  });

  it("a subject-matter expert reads whether the item is pretest but does not set it (staff do)", async () => {
    call.mockImplementation(async () => answerOf({ ...approved, pretest: true }));
    renderAt("/staff/items/41", person(9, "sme"));
    const panel = await screen.findByRole("region", { name: "Pretest" });
    expect(within(panel).getByTestId("pretest-state")).toHaveTextContent(/^A pretest item/);
    expect(within(panel).queryByRole("button")).toBeNull();
    expect(within(panel).getByText("Staff decide which approved items are pretest.")).toBeInTheDocument();
  });

  it("a draft or an item in review has no pretest toggle", async () => {
    call.mockImplementation(async () => answerOf({ ...approved, state: "in_review", authorId: 9 }));
    renderAt("/staff/items/41", person(1, "staff"));
    expect(await screen.findByRole("heading", { level: 1, name: "js-arrays-901, version 2" })).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Pretest" })).toBeNull();
    expect(screen.queryByRole("button", { name: /pretest/ })).toBeNull();
  });
});

describe("the item editor (issue 30.2)", () => {
  const sme = person(9, "sme");
  const mysql = bankExams.find((e) => e.slug === "mysql")!;
  const domainChoices = () =>
    within(screen.getByRole("combobox", { name: "Domain" }))
      .getAllByRole("option")
      .map((o) => o.textContent);

  it("offers the domains of the chosen exam's weights table, and a new exam starts at its first domain", async () => {
    const user = userEvent.setup();
    renderAt("/staff/items/new", sme);
    expect(await screen.findByRole("heading", { level: 1, name: "Write an item" })).toBeVisible();
    expect(screen.getByRole("combobox", { name: "Exam" })).toHaveValue(bankExams[0]!.slug);
    expect(domainChoices()).toEqual(bankExams[0]!.details.weights.map((w) => w.title));
    await user.selectOptions(screen.getByRole("combobox", { name: "Exam" }), mysql.slug);
    expect(domainChoices()).toEqual(mysql.details.weights.map((w) => w.title));
    expect(screen.getByRole("combobox", { name: "Domain" })).toHaveValue(mysql.details.weights[0]!.title);
  });

  it("has four options, one key among them, and a preview that follows what is typed", async () => {
    const user = userEvent.setup();
    renderAt("/staff/items/new", sme);
    await screen.findByRole("heading", { level: 1, name: "Write an item" });
    const form = screen.getByRole("form", { name: "Item" });
    for (const letter of ["A", "B", "C", "D"]) expect(within(form).getByLabelText(`Option ${letter}`)).toBeVisible();
    const keys = within(form).getAllByRole("radio", { name: /^Key/ });
    expect(keys).toHaveLength(4);
    expect(keys[0]).toBeChecked();
    await user.click(within(form).getByRole("radio", { name: "Key: option C is correct" }));
    expect(keys.filter((k) => (k as HTMLInputElement).checked)).toEqual([keys[2]]);
    await user.type(within(form).getByLabelText("Option B"), "The second answer");
    const preview = screen.getByRole("region", { name: "Preview" });
    expect(within(preview).getByRole("radio", { name: /The second answer/ })).toBeInTheDocument();
  });

  it("says every missing field under it and sends nothing", async () => {
    const user = userEvent.setup();
    renderAt("/staff/items/new", sme);
    await screen.findByRole("heading", { level: 1, name: "Write an item" });
    await user.click(screen.getByRole("button", { name: "Save draft" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Some fields need your attention.");
    const stem = screen.getByLabelText(/^Stem/);
    expect(stem).toHaveAttribute("aria-invalid", "true");
    expect(stem).toHaveAccessibleDescription("Write the question's stem.");
    expect(stem).toHaveFocus();
    for (const letter of ["A", "B", "C", "D"])
      // the message describes the field without joining its name
      expect(screen.getByRole("textbox", { name: `Option ${letter}` })).toHaveAccessibleDescription(
        `Write option ${letter}.`,
      );
    expect(screen.getByLabelText(/^Rationale/)).toHaveAccessibleDescription(
      "Write the rationale: why the key is right and the others are wrong.",
    );
    expect(call).not.toHaveBeenCalled();
  });

  it("refuses equal options, a short stem and a key check that is not a JSON object", async () => {
    const user = userEvent.setup();
    renderAt("/staff/items/new", sme);
    await screen.findByRole("heading", { level: 1, name: "Write an item" });
    await user.type(screen.getByLabelText(/^Stem/), "Short");
    for (const letter of ["A", "B", "C", "D"]) await user.type(screen.getByLabelText(`Option ${letter}`), "same");
    await user.type(screen.getByLabelText(/^Rationale/), "Long enough to explain why the key is right.");
    await user.click(screen.getByLabelText(/^Key check/));
    await user.paste("[1, 2]");
    await user.click(screen.getByRole("button", { name: "Save draft" }));
    expect(await screen.findByText("The four options must differ from each other.")).toBeVisible();
    expect(screen.getByLabelText(/^Stem/)).toHaveAccessibleDescription("Write a stem of at least 10 characters.");
    expect(screen.getByLabelText(/^Key check/)).toHaveAccessibleDescription(
      'The key check must be a JSON object, such as {"engine": "js", "mode": "output", …}.',
    );
    expect(call).not.toHaveBeenCalled();
  });

  it("sends a complete item with its key, and shows the server's field refusal under its field", async () => {
    const { ApiError } = await import("~/lib/api/error");
    call.mockRejectedValueOnce(
      new ApiError(400, {
        error: "validation_error",
        message: "Some fields need your attention.",
        fields: { domain: "This domain is not in the exam's weights table." },
      }),
    );
    call.mockImplementation(async (endpoint: unknown) => {
      if (endpoint === createItemEndpoint) return answerOf({ ...approved, id: 77, state: "draft", authorId: 9 });
      if (endpoint === itemEndpoint) return answerOf({ ...approved, id: 77, state: "draft", authorId: 9 });
      throw new Error("unexpected call");
    });
    const user = userEvent.setup();
    renderAt("/staff/items/new", sme);
    await screen.findByRole("heading", { level: 1, name: "Write an item" });
    await user.click(screen.getByLabelText(/^Stem/));
    await user.paste("What does [1, 2].length give?");
    for (const [i, text] of ["2", "1", "undefined", "3"].entries())
      await user.type(screen.getByLabelText(`Option ${"ABCD"[i]}`), text);
    await user.click(screen.getByRole("radio", { name: "Key: option D is correct" }));
    await user.type(screen.getByLabelText(/^Rationale/), "An array of two elements has a length of two.");
    await user.click(screen.getByRole("button", { name: "Save draft" }));
    expect(call).toHaveBeenCalledWith(createItemEndpoint, {
      body: {
        exam: bankExams[0]!.slug,
        domain: bankExams[0]!.details.weights[0]!.title,
        stem: "What does [1, 2].length give?",
        options: ["2", "1", "undefined", "3"],
        key: 3,
        rationale: "An array of two elements has a length of two.",
        reference: "",
        check: "",
      },
    });
    expect(await screen.findByRole("combobox", { name: "Domain" })).toHaveAccessibleDescription(
      "This domain is not in the exam's weights table.",
    );
    // sent again, it is saved and the page becomes the item's
    await user.click(screen.getByRole("button", { name: "Save draft" }));
    expect(await screen.findByRole("status")).toHaveTextContent("Saved js-arrays-901 version 2 as a draft.");
  });

  it("an author's draft keeps its exam, shown but not changeable, and sends it with the saved draft", async () => {
    const draft: Item = { ...approved, state: "draft", authorId: 9, approvedAt: null, reviewer: null };
    call.mockImplementation(async (endpoint: unknown, input: { body?: Partial<Item> }) => {
      if (endpoint === itemEndpoint) return answerOf(draft);
      if (endpoint === updateItemEndpoint)
        return answerOf({ ...draft, ...input.body, updatedAt: "2026-11-03T10:00:00.000Z" });
      throw new Error("unexpected call");
    });
    const user = userEvent.setup();
    renderAt("/staff/items/41", sme);
    const exam = await screen.findByRole("combobox", { name: "Exam" });
    expect(exam).toBeDisabled();
    expect(exam).toHaveValue("js");
    await user.type(screen.getByLabelText(/^Reference/), "MDN: Array length");
    await user.click(screen.getByRole("button", { name: "Save draft" }));
    expect(await screen.findByRole("status")).toHaveTextContent("Saved js-arrays-901 version 2 as a draft.");
    expect(call).toHaveBeenCalledWith(updateItemEndpoint, {
      params: { id: "41" },
      body: {
        exam: "js",
        domain: draft.domain,
        stem: draft.stem,
        options: draft.options,
        key: 0,
        rationale: draft.rationale,
        reference: "MDN: Array length",
        check: "",
      },
    });
    expect(screen.getByLabelText(/^Reference/)).toHaveValue("MDN: Array length");
  });

  it("is for subject-matter experts only: staff read the bank but do not write", async () => {
    renderAt("/staff/items/new", person(1, "staff"));
    expect(await screen.findByRole("alert")).toHaveTextContent("Only subject-matter experts write exam items.");
    expect(screen.queryByRole("form", { name: "Item" })).toBeNull();
  });
});
