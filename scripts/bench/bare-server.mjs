// The ceiling for a Node.js process (issue 31.7): a bare node:http server that answers each path the bench
// gives it with the bytes our server sent for it, from memory. No routing, no hook, no log: what one Node.js
// process can do on this machine. Two forms (decision 0027): with only content-type, content-encoding and
// content-length, or, when the file comes with `headers`, with every header our server sent, in its order
// (Node itself adds Date, Connection and Keep-Alive, as it does for ours).
// Started by scripts/bench/servers.ts with BARE_FILES (a JSON file: { "/path": { type, encoding, headers?, body } },
// headers as [name, value] pairs, body in base64) and PORT.
import fs from "node:fs";
import http from "node:http";

const files = new Map(
  Object.entries(JSON.parse(fs.readFileSync(process.env.BARE_FILES, "utf8"))).map(([p, f]) => {
    const body = Buffer.from(f.body, "base64");
    if (f.headers) return [p, { headers: { ...Object.fromEntries(f.headers), "content-length": body.length }, body }];
    const headers = { "content-type": f.type, "content-length": body.length };
    if (f.encoding) headers["content-encoding"] = f.encoding;
    return [p, { headers, body }];
  }),
);

http
  .createServer((req, res) => {
    const q = req.url.indexOf("?");
    const file = files.get(q === -1 ? req.url : req.url.slice(0, q));
    if (!file) {
      res.writeHead(404, { "content-length": 0 });
      return res.end();
    }
    res.writeHead(200, file.headers);
    res.end(file.body);
  })
  .listen(Number(process.env.PORT), "127.0.0.1");
