// @vitest-environment jsdom
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, Outlet, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { bankExams } from "~/components/staff/bank/ExamPicker";
import { PRETEST_ITEMS } from "~/data/exam-delivery";
import { markPretestEndpoint } from "~/schemas/bank";
import { itemEndpoint, type Item, type ItemAnswer } from "~/schemas/items";
import type { User } from "~/schemas/user";
import { makeStore } from "~/state/store";
import { StoreProvider } from "~/state/providers";
import ItemPage from "./item";

/** Every API call of the page, answered by the test (the endpoint object tells which call it is). */
const call = vi.hoisted(() => vi.fn());
vi.mock("~/lib/api/client", async (original) => ({ ...(await original<object>()), call }));

afterEach(() => {
  cleanup();
  call.mockReset();
});

const person = (id: number, role: User["role"]): User => ({
  id,
  email: `p${id}@example.org`,
  firstName: "P",
  lastName: String(id),
  phone: "",
  address: "",
  addressLine1: "",
  city: "",
  state: "",
  zip: "",
  role,
  emailVerified: true,
});

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
function renderAt(path: string, user: User) {
  const router = createMemoryRouter(
    [
      {
        element: <Outlet context={{ user }} />,
        children: [
          { path: "/staff/items/new", element: <ItemPage /> },
          { path: "/staff/items/:id", element: <ItemPage /> },
          { path: "/staff/items", element: <p>The bank</p> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  return render(
    <StoreProvider store={makeStore()}>
      <RouterProvider router={router} />
    </StoreProvider>,
  );
}

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
