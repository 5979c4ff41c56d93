// @vitest-environment jsdom
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, describe, expect, test } from "vitest";
import { BoardCarousel } from "~/components/BoardCarousel";
import { board, boardRoleDuties, boardTitles } from "~/data/board";

afterEach(cleanup);

beforeAll(() => {
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;
});

const currentName = () => screen.getByRole("heading", { level: 2 }).textContent;
const slide = () => screen.getByTestId("board-slide");
const stripButton = (name: string) =>
  within(screen.getByRole("navigation", { name: "All board members" })).getByRole("button", {
    name: new RegExp(name),
  });

describe("board data", () => {
  test("has the five titles of the spec, in order, and a blank Treasurer biography", () => {
    expect(board.map((m) => m.title)).toEqual([...boardTitles]);
    expect(boardTitles).toEqual([
      "Secretary",
      "Vice Chairman",
      "Chairman and President",
      "Treasurer",
      "Chief Advancement Officer",
    ]);
    const treasurer = board.find((m) => m.title === "Treasurer")!;
    expect(treasurer.bioShort).toBe("");
    expect(treasurer.bioFull).toBe("");
    expect(treasurer.picture).toMatch(/placeholder/);
  });
});

describe("BoardCarousel", () => {
  test("renders the first member, every name in the strip and a labelled carousel region", () => {
    render(<BoardCarousel members={board} />);
    const region = screen.getByRole("region", { name: "Board members" });
    expect(region).toHaveAttribute("aria-roledescription", "carousel");
    expect(currentName()).toBe(board[0]!.name);
    expect(slide()).toHaveAttribute("aria-roledescription", "slide");
    expect(slide()).toHaveAttribute("aria-label", "1 of 5");
    for (const m of board) expect(stripButton(m.name)).toBeInTheDocument();
  });

  test("previous from the first member wraps to the fifth, next from the fifth wraps to the first", async () => {
    const user = userEvent.setup();
    render(<BoardCarousel members={board} />);
    await user.click(screen.getByRole("button", { name: "Previous board member" }));
    expect(currentName()).toBe(board[4]!.name);
    expect(slide()).toHaveAttribute("aria-label", "5 of 5");
    await user.click(screen.getByRole("button", { name: "Next board member" }));
    expect(currentName()).toBe(board[0]!.name);
    await user.click(screen.getByRole("button", { name: "Next board member" }));
    expect(currentName()).toBe(board[1]!.name);
    expect(screen.getByTestId("board-live")).toHaveTextContent(`${board[1]!.name}, ${board[1]!.title}`);
  });

  test("the strip jumps to a member and marks it with aria-current", async () => {
    const user = userEvent.setup();
    render(<BoardCarousel members={board} />);
    expect(stripButton(board[0]!.name)).toHaveAttribute("aria-current", "true");
    await user.click(stripButton(board[3]!.name));
    expect(currentName()).toBe(board[3]!.name);
    expect(stripButton(board[3]!.name)).toHaveAttribute("aria-current", "true");
    expect(stripButton(board[0]!.name)).not.toHaveAttribute("aria-current");
    const marked = screen.getAllByRole("button").filter((b) => b.getAttribute("aria-current") === "true");
    expect(marked).toHaveLength(1);
  });

  test("Read more reveals the full biography and Read less collapses it", async () => {
    const user = userEvent.setup();
    render(<BoardCarousel members={board} />);
    const m = board[0]!;
    const full = m.bioFull.split("\n\n")[1]!;
    expect(screen.queryByText(full)).not.toBeInTheDocument();
    const toggle = screen.getByRole("button", { name: /Read more/ });
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    await user.click(toggle);
    expect(screen.getByText(full)).toBeInTheDocument();
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    expect(toggle).toHaveTextContent("Read less");
    await user.click(toggle);
    expect(screen.queryByText(full)).not.toBeInTheDocument();
    expect(toggle).toHaveAttribute("aria-expanded", "false");
  });

  test("Left and Right arrow keys move between members while the carousel has focus", async () => {
    const user = userEvent.setup();
    render(<BoardCarousel members={board} />);
    screen.getByRole("region", { name: "Board members" }).focus();
    await user.keyboard("{ArrowRight}");
    expect(currentName()).toBe(board[1]!.name);
    await user.keyboard("{ArrowLeft}{ArrowLeft}");
    expect(currentName()).toBe(board[4]!.name);
    await user.keyboard("{ArrowRight}");
    expect(currentName()).toBe(board[0]!.name);
  });

  test("an arrow key pressed on Read more keeps focus in the carousel", async () => {
    const user = userEvent.setup();
    render(<BoardCarousel members={board} />);
    screen.getByRole("button", { name: /Read more/ }).focus();
    await user.keyboard("{ArrowRight}");
    expect(currentName()).toBe(board[1]!.name);
    expect(screen.getByRole("region", { name: "Board members" })).toHaveFocus();
  });

  test("the Treasurer shows the duties of the office, with no empty box and no toggle", async () => {
    const user = userEvent.setup();
    render(<BoardCarousel members={board} />);
    await user.click(stripButton("Treasurer"));
    expect(screen.getByRole("heading", { level: 2 })).toHaveTextContent(board[3]!.name);
    expect(screen.getByTestId("board-role-duties")).toHaveTextContent(boardRoleDuties.Treasurer);
    expect(screen.queryByRole("button", { name: /Read more/ })).not.toBeInTheDocument();
    expect(screen.getByRole("img", { name: /Generic profile silhouette/ })).toBeInTheDocument();
  });
});
