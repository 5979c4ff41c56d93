/**
 * Key checks for HTML and CSS items (engine "browser"): each check's document is loaded into a fresh
 * Chromium context and page, and a fixed probe reads what the browser computed (a computed style, a box,
 * the elements a selector matches, a form control's validity, an accessible role and name, an ARIA
 * snapshot). One browser serves the whole batch; each item gets its own context (no shared cookies,
 * storage or cache), every network request is refused, JavaScript is off unless the check asks for it,
 * probes are engine code (item text only supplies selectors and values, never code), and each page has a
 * time limit. Fields: bank/README.md, "browser".
 */
import * as z from "zod";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { chromium } from "playwright-core";
import { CHROMIUM_ARGS, findChromium } from "../../chromium";
import type { BankItem } from "../bank/schema";
import { judge, type CheckEngineRunner, type CheckOutcome } from "./judge";

/** the placeholder replaced by each option (or its optionValues entry) in mode "options" */
export const OPTION = "{{option}}";

const selector = z.string().min(1).max(500);
/** a relative file name a check may serve: "photo.jpg", "styles/site.css" */
const FILE_NAME = /^[\w-][\w.-]{0,79}(\/[\w-][\w.-]{0,79}){0,3}$/;

/** What to read from the rendered page; every probe is evaluated by this engine, never by item code. */
const probe = z.union([
  /** getComputedStyle(element, pseudo).getPropertyValue(property): "rgb(255, 0, 0)", "16px", "flex" */
  z.object({ style: selector, property: z.string().min(1).max(100), pseudo: z.string().max(40).optional() }).strict(),
  /** a getBoundingClientRect() measure in CSS pixels, rounded to 2 decimals, with "px": "200px" */
  z
    .object({
      box: selector,
      measure: z.enum(["width", "height", "x", "y", "top", "left", "right", "bottom"]),
    })
    .strict(),
  /** how many elements the selector matches: "3" */
  z.object({ count: selector }).strict(),
  /** the matched elements' ids (or tag names when they have none), in document order, space-separated */
  z.object({ matches: selector }).strict(),
  /** the element's rendered text (innerText, so text-transform and display:none apply) */
  z.object({ text: selector }).strict(),
  /** a form control's validity: one ValidityState flag as "true"/"false", or all true flags (e.g. "valueMissing") */
  z.object({ validity: selector, flag: z.string().max(40).optional() }).strict(),
  /** Chromium's computed accessible role and name, as "role: name" (name may be empty: "role: ") */
  z.object({ accessible: selector }).strict(),
  /** how many unignored nodes of the page's accessibility tree have this role: "1" */
  z.object({ role: z.string().min(1).max(40) }).strict(),
  /** only the computed accessible name */
  z.object({ name: selector }).strict(),
  /** Playwright's ARIA snapshot (YAML) of the element */
  z.object({ aria: selector }).strict(),
  /** the id (or tag name) of document.activeElement, after the actions */
  z.object({ focused: z.literal(true) }).strict(),
]);
export type BrowserProbe = z.infer<typeof probe>;

const action = z.union([
  z.object({ hover: selector }).strict(),
  z.object({ focus: selector }).strict(),
  z.object({ click: selector }).strict(),
  z.object({ press: z.string().min(1).max(40), times: z.number().int().min(1).max(20).optional() }).strict(),
  z.object({ fill: selector, value: z.string().max(1000) }).strict(),
]);

/** The engine's own fields of an item's check (the shared ones are in server/exams/bank/schema.ts). */
export const browserCheck = z
  .object({
    engine: z.literal("browser"),
    mode: z.enum(["output", "options"]),
    optionValues: z.tuple([z.string(), z.string(), z.string(), z.string()]).optional(),
    expected: z.string().optional(),
    /** a whole document or a body fragment; mode "options" may put {{option}} in it */
    html: z.string().max(50_000),
    /** a stylesheet added at the end of the head, after any <style> in html */
    css: z.string().max(50_000).optional(),
    /** the page size, for media queries and viewport units (default 1280 × 800) */
    viewport: z
      .object({ width: z.number().int().min(100).max(4000), height: z.number().int().min(100).max(4000) })
      .strict()
      .optional(),
    /** user preferences the media queries see */
    media: z
      .object({
        reducedMotion: z.enum(["reduce", "no-preference"]).optional(),
        colorScheme: z.enum(["light", "dark"]).optional(),
      })
      .strict()
      .optional(),
    /**
     * pictures the document refers to by name ("photo.jpg"), served as blank SVGs of the given intrinsic
     * size from the page's own (invented) origin, so srcset, sizes, picture and fluid images can be measured
     */
    images: z
      .record(
        z.string().regex(FILE_NAME),
        z.object({ width: z.number().int().min(1).max(5000), height: z.number().int().min(1).max(5000) }).strict(),
      )
      .optional(),
    /** stylesheets the document links by name ("styles/site.css"), served as text/css from the same origin */
    files: z.record(z.string().regex(FILE_NAME), z.string().max(50_000)).optional(),
    /** run the page's own scripts (off by default; probes work without it) */
    javascript: z.boolean().optional(),
    /** user input before the probe: hover, focus, click, key presses, typing */
    actions: z.array(action).max(20).optional(),
    /** one probe, or several whose results are joined with ", " */
    probe: z.union([probe, z.array(probe).min(1).max(10)]),
  })
  .strict();
export type BrowserCheck = z.infer<typeof browserCheck>;

/** per page: load, actions and probe (a page stuck past it is closed and its item fails) */
const PAGE_LIMIT_MS = 5_000;
/** the invented origin the named images and files of a check are served from (nothing else is) */
const IMAGE_ORIGIN = "https://item.invalid";

function placeholder(size: { width: number; height: number }): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size.width}" height="${size.height}"><rect width="100%" height="100%" fill="#ccc"/></svg>`;
}

/** with scripts on, how long the page may run after load before it is read */
const SCRIPT_SETTLE_MS = 250;
/** pages rendered at once on the one browser */
const CONCURRENCY = 4;

const launchArgs = [
  ...CHROMIUM_ARGS,
  "--disable-extensions",
  "--disable-dev-shm-usage",
  // belt and braces behind page.route: anything that escaped would go to a closed port
  "--proxy-server=http://127.0.0.1:9",
  "--proxy-bypass-list=<-loopback>",
];

function substitute<T>(value: T, option: string | undefined): T {
  if (option === undefined) return value;
  if (typeof value === "string") return value.split(OPTION).join(option) as T;
  if (Array.isArray(value)) return value.map((v: unknown) => substitute(v, option)) as T;
  if (value && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, substitute(v, option)])) as T;
  return value;
}

/**
 * The document the page loads: html as given, with css appended to the head; when the check serves
 * named images or files, a <base> opens the head so that every relative URL resolves to them.
 */
export function documentFor(check: Pick<BrowserCheck, "html" | "css" | "images" | "files">): string {
  const base = check.images || check.files ? `<base href="${IMAGE_ORIGIN}/">` : "";
  const style = check.css ? `<style>${check.css}</style>` : "";
  if (/<html[\s>]/i.test(check.html) || /<!doctype/i.test(check.html)) {
    let doc = check.html;
    if (!/<head[\s>]/i.test(doc)) {
      doc = /<body[\s>]/i.test(doc)
        ? doc.replace(/<body[\s>]/i, (m) => `<head></head>${m}`)
        : doc.replace(/<html[^>]*>/i, (m) => `${m}<head></head>`);
    }
    if (base) doc = doc.replace(/<head[^>]*>/i, (m) => `${m}${base}`);
    if (style) doc = doc.replace(/<\/head>/i, `${style}</head>`);
    return doc;
  }
  return `<!doctype html><html lang="en"><head>${base}<meta charset="utf-8"><title>Item</title>${style}</head><body>${check.html}</body></html>`;
}

function round(n: number): string {
  return `${Math.round(n * 100) / 100}px`;
}

async function readProbe(page: Page, p: BrowserProbe): Promise<string> {
  if ("style" in p)
    return page.evaluate(
      ([sel, prop, pseudo]) => {
        const el = document.querySelector(sel);
        if (!el) return `(no element matches ${sel})`;
        return getComputedStyle(el, pseudo || null).getPropertyValue(prop);
      },
      [p.style, p.property, p.pseudo ?? ""] as const,
    );
  if ("box" in p) {
    const r = await page.evaluate(
      ([sel, m]) => {
        const el = document.querySelector(sel);
        if (!el) return null;
        return el.getBoundingClientRect()[m as "width"];
      },
      [p.box, p.measure] as const,
    );
    return r === null ? `(no element matches ${p.box})` : round(r);
  }
  if ("count" in p) return String(await page.evaluate((sel) => document.querySelectorAll(sel).length, p.count));
  if ("matches" in p)
    return page.evaluate(
      (sel) =>
        Array.from(document.querySelectorAll(sel))
          .map((e) => e.id || e.tagName.toLowerCase())
          .join(" "),
      p.matches,
    );
  if ("text" in p)
    return page.evaluate((sel) => {
      const el = document.querySelector(sel);
      return el instanceof HTMLElement ? el.innerText : `(no element matches ${sel})`;
    }, p.text);
  if ("validity" in p)
    return page.evaluate(
      ([sel, flag]) => {
        const el = document.querySelector(sel) as HTMLInputElement | null;
        if (!el || !("validity" in el)) return `(no form control matches ${sel})`;
        const v = el.validity;
        if (flag) return String(v[flag as keyof ValidityState]);
        const flags = [
          "valueMissing",
          "typeMismatch",
          "patternMismatch",
          "tooLong",
          "tooShort",
          "rangeUnderflow",
          "rangeOverflow",
          "stepMismatch",
          "badInput",
          "customError",
        ].filter((f) => v[f as keyof ValidityState]);
        return flags.length ? flags.join(" ") : "valid";
      },
      [p.validity, p.flag ?? ""] as const,
    );
  if ("accessible" in p || "name" in p) {
    const sel = "accessible" in p ? p.accessible : p.name;
    const ax = await accessibleNode(page, sel);
    if (!ax) return `(no element matches ${sel})`;
    return "accessible" in p ? `${ax.role}: ${ax.name}` : ax.name;
  }
  if ("role" in p) return String(await countRole(page, p.role));
  if ("aria" in p) {
    const loc = page.locator(p.aria).first();
    if ((await loc.count()) === 0) return `(no element matches ${p.aria})`;
    return loc.ariaSnapshot({ timeout: PAGE_LIMIT_MS });
  }
  return page.evaluate(() => {
    const e = document.activeElement;
    return e ? e.id || e.tagName.toLowerCase() : "";
  });
}

/** the element's role and name as Chromium's accessibility tree computes them (CDP Accessibility domain) */
async function accessibleNode(page: Page, sel: string): Promise<{ role: string; name: string } | null> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { root } = (await cdp.send("DOM.getDocument", { depth: 0 })) as { root: { nodeId: number } };
    const { nodeId } = (await cdp.send("DOM.querySelector", { nodeId: root.nodeId, selector: sel })) as {
      nodeId: number;
    };
    if (!nodeId) return null;
    const { nodes } = (await cdp.send("Accessibility.getPartialAXTree", { nodeId, fetchRelatives: false })) as {
      nodes: { ignored?: boolean; role?: { value?: string }; name?: { value?: string } }[];
    };
    const node = nodes[0];
    if (!node || node.ignored) return { role: "none", name: "" };
    return { role: String(node.role?.value ?? ""), name: String(node.name?.value ?? "").trim() };
  } finally {
    await cdp.detach().catch(() => {});
  }
}

/** the number of unignored nodes with this role in Chromium's full accessibility tree */
async function countRole(page: Page, role: string): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { nodes } = (await cdp.send("Accessibility.getFullAXTree", {})) as {
      nodes: { ignored?: boolean; role?: { value?: string } }[];
    };
    return nodes.filter((n) => !n.ignored && n.role?.value === role).length;
  } finally {
    await cdp.detach().catch(() => {});
  }
}

async function withLimit<T>(work: Promise<T>, ms: number, onTimeout: () => void): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      onTimeout();
      reject(new Error(`the page took longer than ${ms} ms`));
    }, ms);
  });
  try {
    return await Promise.race([work, limit]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Renders one item: one fresh context, and in it the check once (mode "output") or once per option with
 * the option substituted (mode "options"). The renderings of one item share its context; a check with
 * actions gets a new page per option, so no hover or focus carries over. Each result is the probe's
 * text, or "(error: ...)" when the page failed or passed its time limit.
 */
async function renderItem(
  browser: Browser,
  check: BrowserCheck,
  fills: readonly string[] | undefined,
): Promise<string[]> {
  const runs = fills ? fills.map((f) => substitute(check, f)) : [check];
  let context: BrowserContext | undefined;
  let page: Page | undefined;
  let stopped = false;
  const stop = () => {
    stopped = true;
    void context?.close().catch(() => {});
  };
  const results: string[] = [];
  try {
    context = await browser.newContext({
      viewport: check.viewport ?? { width: 1280, height: 800 },
      javaScriptEnabled: check.javascript === true,
      reducedMotion: check.media?.reducedMotion ?? "no-preference",
      colorScheme: check.media?.colorScheme ?? "light",
      serviceWorkers: "block",
      acceptDownloads: false,
      offline: true,
    });
    context.setDefaultTimeout(PAGE_LIMIT_MS);
    const images = check.images ?? {};
    const files = check.files ?? {};
    await context.route("**/*", (route) => {
      const url = route.request().url();
      const name = url.startsWith(`${IMAGE_ORIGIN}/`) ? url.slice(IMAGE_ORIGIN.length + 1) : "";
      if (Object.hasOwn(images, name))
        return route.fulfill({ status: 200, contentType: "image/svg+xml", body: placeholder(images[name]) });
      if (Object.hasOwn(files, name)) return route.fulfill({ status: 200, contentType: "text/css", body: files[name] });
      return route.abort("blockedbyclient");
    });
    if (check.javascript) await context.routeWebSocket(/.*/, (ws) => ws.close());
    for (const run of runs) {
      if (stopped) {
        results.push("(error: an earlier rendering of the item passed its time limit)");
        continue;
      }
      const work = async () => {
        if (!page || run.actions?.length) {
          await page?.close();
          page = await context!.newPage();
        }
        const p = page;
        await p.setContent(documentFor(run), { waitUntil: "load", timeout: PAGE_LIMIT_MS });
        // the page's own scripts may still be settling refused requests or timers: give them a moment
        if (run.javascript) await p.waitForTimeout(SCRIPT_SETTLE_MS);
        for (const a of run.actions ?? []) {
          if ("hover" in a) await p.hover(a.hover);
          else if ("focus" in a) await p.focus(a.focus);
          else if ("click" in a) await p.click(a.click);
          else if ("fill" in a) await p.fill(a.fill, a.value);
          else for (let i = 0; i < (a.times ?? 1); i++) await p.keyboard.press(a.press);
        }
        const probes = Array.isArray(run.probe) ? run.probe : [run.probe];
        const values: string[] = [];
        for (const pr of probes) values.push(await readProbe(p, pr));
        return values.join(", ");
      };
      try {
        results.push(await withLimit(work(), PAGE_LIMIT_MS * 2, stop));
      } catch (e) {
        results.push(`(error: ${(e as Error).message.split("\n")[0]})`);
      }
    }
  } catch (e) {
    while (results.length < runs.length) results.push(`(error: ${(e as Error).message.split("\n")[0]})`);
  } finally {
    await context?.close().catch(() => {});
  }
  return results;
}

async function checkItem(browser: Browser, item: BankItem): Promise<CheckOutcome> {
  const parsed = browserCheck.safeParse(item.check);
  if (!parsed.success)
    return {
      status: "failed",
      reason: `not a valid browser check: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`,
      observed: [],
    };
  const check = parsed.data;
  const fills = check.mode === "options" ? (check.optionValues ?? item.options) : undefined;
  return judge(item, await renderItem(browser, check, fills));
}

/**
 * Runs every "browser" check of the batch on one Chromium. In mode "options", `optionValues[i]` (when
 * given) is what replaces {{option}}, otherwise the option's text.
 */
export const browserEngine: CheckEngineRunner = {
  async run(items: BankItem[]): Promise<Map<string, CheckOutcome>> {
    const out = new Map<string, CheckOutcome>();
    const path = findChromium(() => chromium.executablePath());
    const unavailable = (reason: string) => {
      for (const item of items) out.set(item.id, { status: "unavailable", reason });
      return out;
    };
    if (!path) return unavailable("no Chromium found (set CHROMIUM_PATH)");
    let browser: Browser;
    try {
      browser = await chromium.launch({ executablePath: path, args: launchArgs, headless: true, timeout: 30_000 });
    } catch (e) {
      return unavailable(`Chromium did not start: ${(e as Error).message.split("\n")[0]}`);
    }
    try {
      let next = 0;
      const worker = async () => {
        while (next < items.length) {
          const item = items[next++];
          out.set(item.id, await checkItem(browser, item));
        }
      };
      await Promise.all(Array.from({ length: Math.min(CONCURRENCY, items.length) }, worker));
    } finally {
      await browser.close().catch(() => {});
    }
    return out;
  },
};
