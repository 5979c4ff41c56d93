// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ContentIndex } from "./ContentIndex";

vi.mock("virtual:content-catalog", () => {
  const base = { section: "testing", kind: "page", effectiveDate: "2024-08-01", version: "1.0", readingMinutes: 2 };
  return {
    default: [
      {
        ...base,
        file: "testing/refund-policy.mdx",
        route: "/testing/refund-policy",
        title: "Refund Policy",
        summary: "Cancel a purchase within 24 hours.",
        order: 3,
      },
      {
        ...base,
        file: "testing/id-policy.mdx",
        route: "/testing/id-policy",
        title: "ID Policy",
        summary: "Bring two original IDs.",
        order: 1,
      },
      {
        ...base,
        file: "testing/testing-agreement.mdx",
        route: "/testing/testing-agreement",
        title: "Candidate Testing Agreement",
        summary: "The agreement you accept.",
        order: 2,
      },
      {
        ...base,
        file: "testing/index.mdx",
        route: "/testing-policies",
        title: "Testing Policies",
        summary: "The index page itself.",
        kind: "index",
        lists: "testing",
      },
      {
        ...base,
        file: "policy/x.mdx",
        route: "/policy/appeal-process-policy",
        title: "Appeal Process Policy",
        summary: "An organisational refund appeal.",
        section: "policy",
      },
    ],
  };
});

const searchIndex = [
  {
    route: "/testing/refund-policy",
    title: "Refund Policy",
    summary: "",
    section: "testing",
    text: "processed in 5-7 business days",
  },
  {
    route: "/testing/id-policy",
    title: "ID Policy",
    summary: "",
    section: "testing",
    text: "a guardian signs the log-in sheet",
  },
  {
    route: "/testing/testing-agreement",
    title: "Candidate Testing Agreement",
    summary: "",
    section: "testing",
    text: "a scribe may not have a cybersecurity background",
  },
];

let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  fetchMock = vi.fn(async () => new Response(JSON.stringify(searchIndex), { status: 200 }));
  vi.stubGlobal("fetch", fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderIndex() {
  render(<ContentIndex lists="testing" />);
  return {
    user: userEvent.setup(),
    box: screen.getByRole("searchbox", { name: "Search testing policies" }),
    titles: () =>
      within(screen.getByRole("region", { name: "All testing policies" }))
        .queryAllByRole("link")
        .map((a) => a.textContent),
  };
}

describe("ContentIndex search", () => {
  it("lists only the pages of its index, in order, without fetching the body index", async () => {
    const { titles } = renderIndex();
    expect(titles()).toEqual(["ID Policy", "Candidate Testing Agreement", "Refund Policy"]);
    expect(screen.getByText("3 testing policies.")).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("filters by title and summary as the reader types", async () => {
    const { user, box, titles } = renderIndex();
    await user.type(box, "refund");
    expect(titles()).toEqual(["Refund Policy"]);
    await user.clear(box);
    await user.type(box, "original IDs");
    expect(titles()).toEqual(["ID Policy"]);
    expect(screen.getByText("1 of 3 testing policies match “original IDs”.")).toBeInTheDocument();
  });

  it("finds a page by a word of its body text from /content-search.json", async () => {
    const { user, box, titles } = renderIndex();
    await user.type(box, "cybersecurity");
    await waitFor(() => expect(titles()).toEqual(["Candidate Testing Agreement"]));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledWith("/content-search.json");
    await user.clear(box);
    await user.type(box, "log-in sheet");
    expect(titles()).toEqual(["ID Policy"]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("shows a no-match state", async () => {
    const { user, box, titles } = renderIndex();
    await user.type(box, "zzzz");
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(titles()).toEqual([]);
    expect(screen.getByText("No testing policy matches “zzzz”.")).toBeInTheDocument();
    expect(screen.getByText("0 of 3 testing policies match “zzzz”.")).toBeInTheDocument();
  });

  it("Clear empties the search, shows every page and keeps focus in the box", async () => {
    const { user, box, titles } = renderIndex();
    expect(screen.queryByRole("button", { name: "Clear" })).not.toBeInTheDocument();
    await user.type(box, "zzzz");
    await user.click(screen.getByRole("button", { name: "Clear" }));
    expect(box).toHaveValue("");
    expect(box).toHaveFocus();
    expect(titles()).toHaveLength(3);
    expect(screen.queryByRole("button", { name: "Clear" })).not.toBeInTheDocument();
  });

  it("Escape clears the search from the keyboard", async () => {
    const { user, box, titles } = renderIndex();
    await user.type(box, "refund");
    expect(titles()).toEqual(["Refund Policy"]);
    await user.keyboard("{Escape}");
    expect(box).toHaveValue("");
    expect(titles()).toHaveLength(3);
  });

  it("still searches titles and summaries when the body index cannot be fetched", async () => {
    fetchMock.mockRejectedValueOnce(new Error("offline"));
    const { user, box, titles } = renderIndex();
    await user.type(box, "agreement");
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(titles()).toEqual(["Candidate Testing Agreement"]);
  });

  it("ignores surrounding spaces", async () => {
    const { user, box, titles } = renderIndex();
    await user.type(box, "   ");
    expect(titles()).toHaveLength(3);
    expect(screen.getByText("3 testing policies.")).toBeInTheDocument();
  });
});
