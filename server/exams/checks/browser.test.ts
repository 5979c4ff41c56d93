/**
 * The browser key-check engine on items written to misbehave: it must refuse the network, stop a page
 * that never finishes, keep scripts off unless asked, and keep items apart.
 */
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { browserItem as item } from "../../testing/browser-items";
import { browserEngine, documentFor } from "./browser";

const batch = [
  // a request to one of this machine's ports and a WebSocket: both refused
  item(
    "t-network-001",
    {
      javascript: true,
      html: `<p id="r">waiting</p><script>fetch("http://127.0.0.1:9/").then(() => r.textContent = "reached", () => r.textContent = "refused")</script>`,
      probe: { text: "#r" },
    },
    ["refused", "reached", "waiting", "other"],
  ),
  // an image from the network and a picture from this machine's disk: neither loads
  item(
    "t-network-002",
    {
      javascript: true,
      html: `<p id="r"></p><img src="https://example.com/a.png" onload="r.textContent += 'web '" onerror="r.textContent += 'no-web '"><img src="${pathToFileURL(path.resolve("public/icon-512.png")).href}" onload="r.textContent += 'disk '" onerror="r.textContent += 'no-disk '">`,
      probe: { text: "#r" },
    },
    ["no-web no-disk", "no-disk no-web", "web disk", "disk web"],
  ),
  // the check's own named picture and stylesheet are served; a name it did not declare is refused
  item(
    "t-files-001",
    {
      javascript: true,
      images: { "a.png": { width: 30, height: 20 } },
      files: { "site.css": "#r { color: rgb(1, 2, 3); }" },
      html: `<link rel="stylesheet" href="site.css"><p id="r"></p><img src="a.png" onload="r.textContent += 'a '" onerror="r.textContent += 'no-a '"><img src="b.png" onload="r.textContent += 'b '" onerror="r.textContent += 'no-b '">`,
      probe: [{ style: "#r", property: "color" }, { text: "#r" }],
    },
    ["rgb(1, 2, 3), a no-b", "rgb(1, 2, 3), no-b a", "rgb(0, 0, 0), a no-b", "rgb(0, 0, 0), no-b a"],
  ),
  // scripts are off by default: the text stays as written
  item(
    "t-script-001",
    { html: `<p id="r">as written</p><script>r.textContent = "changed"</script>`, probe: { text: "#r" } },
    ["as written", "changed", "c", "d"],
  ),
  // a page that never finishes loading is stopped at the time limit
  item("t-limit-001", { javascript: true, html: `<script>for (;;) {}</script>`, probe: { count: "p" } }),
  // a bad check is reported, not thrown
  item("t-invalid-001", { probe: { style: "p" } }),
];

describe("the browser key-check engine", async () => {
  const out = await browserEngine.run(batch);
  const available = [...out.values()].every((o) => o.status !== "unavailable");
  const required = process.env.REQUIRE_BROWSER_CHECKS === "1";
  if (!available && !required) console.warn("browser engine unavailable here: its safety tests are skipped");

  it.runIf(required)("has a browser (REQUIRE_BROWSER_CHECKS=1)", () => {
    expect([...out.values()].find((o) => o.status === "unavailable")).toBeUndefined();
  });

  it.skipIf(!available)("refuses every network request and file", () => {
    expect(out.get("t-network-001")).toMatchObject({ status: "passed", observed: ["refused"] });
    const images = out.get("t-network-002");
    expect(images && "observed" in images ? images.observed[0].split(" ").sort() : []).toEqual(["no-disk", "no-web"]);
  });

  it.skipIf(!available)("serves only the pictures and stylesheets the check names", () => {
    const o = out.get("t-files-001");
    const result = o && "observed" in o ? o.observed[0] : "";
    const colour = result.slice(0, result.lastIndexOf(", "));
    const loaded = result.slice(result.lastIndexOf(", ") + 2).trim();
    expect(colour).toBe("rgb(1, 2, 3)");
    expect(loaded.split(" ").sort()).toEqual(["a", "no-b"]);
  });

  it.skipIf(!available)("keeps the page's scripts off unless the check asks for them", () => {
    expect(out.get("t-script-001")).toMatchObject({ status: "passed", observed: ["as written"] });
  });

  it.skipIf(!available)("stops a page that never finishes and reports it as an error", () => {
    const o = out.get("t-limit-001");
    expect(o?.status).toBe("failed");
    expect(o && "observed" in o ? o.observed[0] : "").toMatch(/^\(error: .*(Timeout|longer than)/);
  });

  it.skipIf(!available)("reports an invalid check with the field at fault", () => {
    const o = out.get("t-invalid-001");
    expect(o?.status).toBe("failed");
    expect(o && "reason" in o ? o.reason : "").toMatch(/not a valid browser check: (html|probe)/);
  });

  it("puts a fragment into a whole document with the stylesheet last in the head", () => {
    expect(documentFor({ html: "<p>x</p>", css: "p{color:red}" })).toMatch(
      /^<!doctype html><html lang="en"><head>.*<style>p\{color:red\}<\/style><\/head><body><p>x<\/p><\/body><\/html>$/,
    );
    expect(
      documentFor({ html: "<!doctype html><html><head><title>t</title></head><body></body></html>", css: "a{}" }),
    ).toContain("<title>t</title><style>a{}</style></head>");
  });
});
