// Issue 31.4: configuration that tells the truth. .env.example names every setting with a value the server
// accepts (and works as it is), the README's table names every setting, and a bad PUBLIC_URL says what is wrong.
import fs from "node:fs";
import { parseEnv } from "node:util";
import { describe, expect, it } from "vitest";
import { EnvError, envSchema, loadEnv } from "./env";

const settings = Object.keys(envSchema.shape).sort();
const example = fs.readFileSync(".env.example", "utf8");

describe(".env.example", () => {
  it("names every setting the server reads, once, and nothing else", () => {
    // NAME=value, or "# NAME=value" for a setting whose default is to be unset
    const names = [...example.matchAll(/^(?:# )?([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]!);
    expect([...names].sort()).toEqual(settings);
  });

  it("works as it is, and every value a comment suggests is accepted", () => {
    expect(() => loadEnv(parseEnv(example))).not.toThrow();
    const suggested = [...example.matchAll(/^#.*?\b([A-Z][A-Z0-9_]{2,})=([^\s,;)]+)/gm)];
    expect(suggested.length).toBeGreaterThan(0);
    for (const [, name, value] of suggested) {
      expect(name! in envSchema.shape, name).toBe(true);
      expect(() => loadEnv({ [name!]: value }), `${name}=${value}`).not.toThrow();
    }
  });
});

describe("README, Configuration", () => {
  it("has a row for every setting", () => {
    const readme = fs.readFileSync("README.md", "utf8");
    for (const name of settings) expect(readme, name).toContain(`| \`${name}\` |`);
  });
});

describe("PUBLIC_URL", () => {
  const message = (value: string) => {
    try {
      loadEnv({ PUBLIC_URL: value });
    } catch (e) {
      expect(e).toBeInstanceOf(EnvError);
      return (e as Error).message;
    }
    return "accepted";
  };

  it("refuses an address without its scheme, with a path, or of another scheme, saying what it wants", () => {
    for (const bad of ["www.citb.example", "https://www.citb.example/portal", "ftp://citb.example", "https://"])
      expect(message(bad)).toBe(
        `Invalid environment configuration:\n  PUBLIC_URL: must be the site's address as people reach it, http:// or https:// with no path, e.g. https://www.citb.example (got "${bad}")`,
      );
  });

  it("takes the origin (a trailing slash dropped), and defaults to the address the server listens on", () => {
    expect(loadEnv({ PUBLIC_URL: "https://www.citb.example/" }).PUBLIC_URL).toBe("https://www.citb.example");
    expect(loadEnv({ PUBLIC_URL: "" }).PUBLIC_URL).toBe("http://127.0.0.1:3000");
    expect(loadEnv({ HOST: "0.0.0.0", PORT: "8080" }).PUBLIC_URL).toBe("http://localhost:8080");
    expect(loadEnv({ HOST: "::1" }).PUBLIC_URL).toBe("http://[::1]:3000");
  });

  it("and the other optional addresses say what is wrong too, not only 'Invalid input'", () => {
    expect(() => loadEnv({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL: must start with postgres:\/\//);
    expect(() => loadEnv({ SMTP_URL: "mail.example" })).toThrow(/SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL/);
  });
});
