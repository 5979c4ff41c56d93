// @vitest-environment jsdom
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { certificationByPath } from "~/data/exams";
import ExamDetails, { meta } from "./exam-details";

/** The four detail paths of the spec (site.md); app/routes.ts derives them from the exam slugs. */
const EXAM_DETAIL_PATHS = [
  "/jsexam-details-page",
  "/mysqlexam-details-page",
  "/reactexam-details-page",
  "/htmlcssexam-details-page",
];

afterEach(cleanup);

describe.each(EXAM_DETAIL_PATHS)("%s", (path) => {
  const c = certificationByPath(path)!;
  // the page at its path: one island, whose code loads first
  const renderAt = async () => {
    window.history.replaceState(null, "", path);
    const { container } = render(<ExamDetails />);
    await vi.waitFor(() => expect(container.querySelector("[data-island] > *")).not.toBeNull(), { timeout: 15_000 });
  };

  it("shows the exam's information table from the data module", async () => {
    await renderAt();
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent(c.title);
    const info = screen.getByRole("table", { name: /Exam information/ });
    const rows = within(info)
      .getAllByRole("row")
      .map((r) => [within(r).getByRole("rowheader").textContent, within(r).getByRole("cell").textContent]);
    const d = c.details!;
    expect(rows).toEqual([
      ["Length", d.length],
      ["Number of items", String(d.items)],
      ["Item format", d.itemFormat],
      ["Passing score", d.passingScore],
      ["Language", d.language],
      ["Testing options", d.testingOptions],
    ]);
    expect(screen.getAllByRole("link", { name: /testing options/i })[0]).toHaveAttribute("href", "/testing-options");
    expect(screen.getAllByRole("button", { name: "Buy Exam" }).length).toBeGreaterThan(0);
  });

  it("says under the weights that the figures are as published, with their sums", async () => {
    // policies.md §9: the published weights add up to 71%, 70.8%, 101% and 100%
    const sums: Record<string, string> = {
      "/jsexam-details-page": "71% and the recommended numbers of questions to 90",
      "/mysqlexam-details-page": "70.8% and the recommended numbers of questions to 90",
      "/reactexam-details-page": "101% and the recommended numbers of questions to 91",
      "/htmlcssexam-details-page": "100% and the recommended numbers of questions to 90",
    };
    await renderAt();
    expect(screen.getByText(/as published in the exam outline/)).toHaveTextContent(
      `The figures are as published in the exam outline: the percentages add up to ${sums[path]}.`,
    );
  });

  it("shows the weights table and an accessible chart with every domain's numbers", async () => {
    await renderAt();
    const table = screen.getByRole("table", { name: /Domain weights/ });
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((h) => h.textContent),
    ).toEqual(["Domain", "Tasks", "Recommended % of Test", "Recommended Number of Questions"]);
    const body = within(table).getAllByRole("row").slice(1);
    expect(body).toHaveLength(c.details!.weights.length);
    c.details!.weights.forEach((w, i) => {
      const cells = within(body[i]!).getAllByRole("cell");
      expect(within(body[i]!).getByRole("rowheader")).toHaveTextContent(w.title);
      expect(cells[1]).toHaveTextContent(`${w.percent}%`);
      expect(cells[2]).toHaveTextContent(String(w.questions));
      for (const t of w.tasks) expect(cells[0]).toHaveTextContent(t);
    });
    const chart = screen.getByRole("img", { name: /Domain weights of the/ });
    expect(chart.querySelectorAll("title")).toHaveLength(c.details!.weights.length);
    for (const w of c.details!.weights) {
      expect(screen.getByText(`${w.title}: ${w.percent}% of the test, ${w.questions} questions`)).toBeInTheDocument();
    }
  });

  it("has its own title, description and canonical", () => {
    const tags = meta({ location: { pathname: path } } as Parameters<typeof meta>[0]);
    expect(tags).toContainEqual({ title: `${c.title} | CITB` });
    const desc = tags.find((t) => "name" in t && t.name === "description") as { content: string };
    expect(desc.content.length).toBeGreaterThanOrEqual(50);
    expect(desc.content.length).toBeLessThanOrEqual(160);
  });
});
