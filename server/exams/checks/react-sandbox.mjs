/**
 * The child process of the React key-check engine (react.ts starts it; bank/README.md, "Engine react").
 * It is started with Node's permission model (reads only the project's node_modules and this file; no
 * writes, child processes, worker threads or native addons), an empty environment but NODE_ENV=development
 * (React's development build: its warnings and StrictMode), a heap limit and, where the machine allows, no
 * network (unshare -n). The parent kills it when one run exceeds its time limit.
 *
 * Each run receives an item's program already compiled to CommonJS by the parent (esbuild) and gets:
 * fresh instances of react, react-dom, react-router and Testing Library (the module cache is emptied),
 * a fresh jsdom window (render "dom"), and a fresh global object for the item's code (a vm context).
 * It answers with one string: the result the check asked for (rendered HTML, text content or log lines).
 */
import { createRequire } from "node:module";
import path from "node:path";
import util from "node:util";
import vm from "node:vm";

const require = createRequire(import.meta.url);

const { JSDOM } = require("jsdom");

// What the permission model leaves a process: signals to other processes (the parent) and the like.
for (const name of [
  "kill",
  "_kill",
  "dlopen",
  "_linkedBinding",
  "setuid",
  "setgid",
  "seteuid",
  "setegid",
  "setgroups",
  "initgroups",
  "chdir",
  "_debugProcess",
]) {
  const deny = () => {
    throw Object.assign(new Error(`process.${name} is not available to a key check`), { code: "ERR_ACCESS_DENIED" });
  };
  if (name in process) Object.defineProperty(process, name, { value: deny, writable: false, configurable: false });
}

/** modules an item may import; each run gets new instances of these */
const allowed = new Set([
  "react",
  "react/jsx-runtime",
  "react/jsx-dev-runtime",
  "react-dom",
  "react-dom/client",
  "react-dom/server",
  "react-router",
  "@testing-library/react",
  "@testing-library/dom",
]);
const fresh =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|@testing-library|cookie|set-cookie-parser)[\\/]/;

/**
 * Node loads react-router's ES module build for require() ("module-sync"), and an ES module is evaluated
 * once per process: it would keep the first run's React. Its CommonJS build is loaded instead, which the
 * module cache can forget like the others.
 */
const resolved = {
  "react-router": path.join(path.dirname(require.resolve("react-router")), "index.js"),
};

function freshModules() {
  for (const key of Object.keys(require.cache)) if (fresh.test(key)) delete require.cache[key];
}

const firstLine = (s) => s.split("\n")[0].trim();

/** console methods an item and React write to; each line as the README describes */
function capture(lines) {
  const fmt = (args) => util.formatWithOptions({ depth: 2, breakLength: Infinity }, ...args);
  return {
    log: (...a) => void lines.push(fmt(a)),
    info: (...a) => void lines.push(fmt(a)),
    debug: (...a) => void lines.push(fmt(a)),
    warn: (...a) => void lines.push(`warn: ${firstLine(fmt(a))}`),
    error: (...a) => void lines.push(`error: ${firstLine(fmt(a))}`),
    table: (...a) => void lines.push(fmt(a)),
    dir: (...a) => void lines.push(fmt(a)),
    group: () => {},
    groupEnd: () => {},
    time: () => {},
    timeEnd: () => {},
    assert: (ok, ...a) => {
      if (!ok) lines.push(`error: Assertion failed${a.length ? `: ${firstLine(fmt(a))}` : ""}`);
    },
  };
}

const errorText = (e) => (e instanceof Error || (e && typeof e.message === "string") ? e.message : String(e));

/** Finds an action's element: "text:…", "label:…", "role:ROLE" or "role:ROLE:NAME", "placeholder:…", else a CSS selector. */
function target(dom, container, spec) {
  const m = /^(text|label|role|placeholder|testid):(.*)$/s.exec(spec);
  if (!m) {
    const el = container.querySelector(spec) ?? dom.document.querySelector(spec);
    if (!el) throw new Error(`no element matches ${spec}`);
    return el;
  }
  const q = dom.queries;
  const body = dom.document.body;
  if (m[1] === "text") return q.getByText(body, m[2]);
  if (m[1] === "label") return q.getByLabelText(body, m[2]);
  if (m[1] === "placeholder") return q.getByPlaceholderText(body, m[2]);
  if (m[1] === "testid") return q.getByTestId(body, m[2]);
  const [role, ...name] = m[2].split(":");
  return name.length ? q.getByRole(body, role, { name: name.join(":") }) : q.getByRole(body, role);
}

async function run(job) {
  freshModules();
  const lines = [];
  const cons = capture(lines);
  const saved = {};
  for (const k of Object.keys(cons)) {
    saved[k] = console[k];
    console[k] = cons[k];
  }
  const installed = [];
  const replaced = {};
  let jsdom;
  try {
    const isDom = job.render === "dom";
    let context;
    if (isDom) {
      jsdom = new JSDOM("<!doctype html><html><head></head><body></body></html>", {
        url: "http://localhost/",
        pretendToBeVisual: true,
        runScripts: "outside-only",
      });
      const win = jsdom.window;
      win.console = cons;
      // react-dom and Testing Library read the DOM from the globals
      for (const key of Object.getOwnPropertyNames(win)) {
        if (key in globalThis || key === "undefined") continue;
        try {
          globalThis[key] = win[key];
          installed.push(key);
        } catch {
          /* a read-only global */
        }
      }
      // Node has its own versions of some (FormData, Event): React DOM must see the document's (new FormData(form))
      const own = { window: win, self: win, document: win.document, navigator: win.navigator };
      for (const key of ["FormData", "Event", "EventTarget", "CustomEvent", "Blob", "File"]) own[key] = win[key];
      for (const [key, value] of Object.entries(own)) {
        replaced[key] = Object.getOwnPropertyDescriptor(globalThis, key);
        Object.defineProperty(globalThis, key, { value, configurable: true, writable: true });
      }
      context = jsdom.getInternalVMContext();
    } else {
      context = vm.createContext({ console: cons, setTimeout, clearTimeout, queueMicrotask, URL, URLSearchParams });
    }
    globalThis.IS_REACT_ACT_ENVIRONMENT = isDom;
    const React = require("react");
    const mods = {};
    const req = (name) => {
      if (!allowed.has(name)) throw new Error(`the check cannot import "${name}"`);
      return (mods[name] ??= require(resolved[name] ?? name));
    };
    const uncaught = [];
    const mod = { exports: {} };
    const wrapper = new vm.Script(`(function (require, module, exports) {${job.code}\n})`, { filename: "item.jsx" });
    const settle = async (ms = 0) => {
      if (!isDom || !root) return new Promise((r) => setTimeout(r, ms));
      try {
        await React.act(async () => {
          await new Promise((r) => setTimeout(r, ms));
        });
      } catch (e) {
        if (!uncaught.includes(errorText(e))) {
          uncaught.push(errorText(e));
          lines.push(`uncaught: ${errorText(e)}`);
        }
      }
    };
    try {
      wrapper.runInContext(context, { timeout: job.timeout })(req, mod, mod.exports);
    } catch (e) {
      lines.push(`uncaught: ${errorText(e)}`);
      return { result: job.result === "log" ? lines.join("\n") : `uncaught: ${errorText(e)}` };
    }
    const App = mod.exports.App ?? mod.exports.default;
    let html = "";
    let container;
    let root;
    if (App && !isDom) {
      try {
        html = req("react-dom/server").renderToStaticMarkup(React.createElement(App));
      } catch (e) {
        uncaught.push(errorText(e));
        lines.push(`uncaught: ${errorText(e)}`);
      }
    } else if (App) {
      container = jsdom.window.document.createElement("div");
      jsdom.window.document.body.appendChild(container);
      root = req("react-dom/client").createRoot(container, {
        onUncaughtError: (e) => {
          uncaught.push(errorText(e));
          lines.push(`uncaught: ${errorText(e)}`);
        },
        onCaughtError: () => {},
        onRecoverableError: (e) => lines.push(`recoverable: ${errorText(e)}`),
      });
      /** act, with an error it rethrows (a render error no boundary caught) recorded as uncaught */
      const guarded = async (fn) => {
        try {
          await React.act(fn);
        } catch (e) {
          if (!uncaught.includes(errorText(e))) {
            uncaught.push(errorText(e));
            lines.push(`uncaught: ${errorText(e)}`);
          }
        }
      };
      const element = React.createElement(App);
      await guarded(async () => {
        root.render(job.strict ? React.createElement(React.StrictMode, null, element) : element);
      });
      await settle();
      const testing = job.actions?.length ? require("@testing-library/dom") : undefined;
      const fire = testing?.fireEvent;
      const dom = { document: jsdom.window.document, queries: testing?.queries };
      for (const step of job.actions ?? []) {
        if (step.wait !== undefined) {
          await settle(step.wait);
        } else if (step.unmount) {
          await guarded(async () => root.unmount());
        } else if (step.rerender) {
          await guarded(async () => root.render(React.createElement(App)));
        } else if (step.log !== undefined) {
          lines.push(String(step.log));
        } else if (step.print !== undefined) {
          lines.push(target(dom, container, step.print).textContent);
        } else {
          const kind = ["click", "dblclick", "type", "change", "submit", "focus", "blur", "keydown", "check"].find(
            (k) => step[k] !== undefined,
          );
          const el = target(dom, container, step[kind]);
          await guarded(async () => {
            if (kind === "click") fire.click(el);
            else if (kind === "dblclick") fire.dblClick(el);
            else if (kind === "submit") fire.submit(el);
            else if (kind === "focus") el.focus();
            else if (kind === "blur") el.blur();
            else if (kind === "keydown") fire.keyDown(el, { key: step.key ?? "Enter" });
            else if (kind === "check") fire.click(el);
            else if (kind === "change") fire.change(el, { target: { value: step.value ?? "" } });
          });
          if (kind === "type") {
            // one input event per character, as a keyboard would
            for (const ch of String(step.text ?? "")) {
              await guarded(async () => {
                fire.change(el, { target: { value: el.value + ch } });
              });
            }
          }
          await settle();
        }
      }
    }
    if (job.wait) await settle(job.wait);
    else await settle();
    if (isDom && App) html = container.innerHTML;
    if (job.result === "log") return { result: lines.join("\n") };
    if (uncaught.length && !html) return { result: `uncaught: ${uncaught[0]}` };
    if (job.result === "text") {
      if (container) return { result: container.textContent };
      const doc = new JSDOM(`<body>${html}</body>`).window.document;
      return { result: doc.body.textContent };
    }
    return { result: html };
  } catch (e) {
    lines.push(`engine: ${errorText(e)}`);
    return { result: job.result === "log" ? lines.join("\n") : `engine: ${errorText(e)}` };
  } finally {
    for (const k of Object.keys(saved)) console[k] = saved[k];
    for (const k of installed) delete globalThis[k];
    for (const [k, d] of Object.entries(replaced)) {
      if (d) Object.defineProperty(globalThis, k, d);
      else delete globalThis[k];
    }
    delete globalThis.IS_REACT_ACT_ENVIRONMENT;
    jsdom?.window.close();
  }
}

process.on("message", async (job) => {
  const answer = await run(job).catch((e) => ({ result: `engine: ${errorText(e)}` }));
  process.send({ id: job.id, result: answer.result });
});
process.on("unhandledRejection", () => {});
process.on("uncaughtException", () => {});
process.send({ ready: true });
