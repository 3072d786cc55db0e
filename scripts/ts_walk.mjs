// Walks every list of a server page by page with the TypeScript SDK client (@modelcontextprotocol/sdk), following
// nextCursor to the end as hosts do, then sends a cursor the server never gave.
//
//   node scripts/ts_walk.mjs http://127.0.0.1:8000/mcp            Streamable HTTP (/mcp/NAME: a tool set; /sse[/NAME]: legacy SSE)
//   node scripts/ts_walk.mjs -- atdf-mcp serve descriptors --page-size 7
//
// stdout: one JSON report, {"tools" | "prompts" | "resources" | "templates": {"pages", "items"} or {"error": {"code", "message"}},
// "forged": {"code", "message"} or "accepted"}. Exit 1 if connecting fails.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { transportFor } from "./ts_transport.mjs";

const LISTS = [
  ["tools", "listTools", "tools", "name"],
  ["prompts", "listPrompts", "prompts", "name"],
  ["resources", "listResources", "resources", "uri"],
  ["templates", "listResourceTemplates", "resourceTemplates", "uriTemplate"],
];

function failure(error) {
  return { code: error?.code ?? null, message: String(error?.message ?? error) };
}

const client = new Client({ name: "atdf-mcp-ts-walk", version: "1.0.0" });
try {
  await client.connect(transportFor(process.argv.slice(2)));
} catch (error) {
  console.error(`ts_walk: cannot connect to ${process.argv.slice(2).join(" ")}: ${error?.message ?? error}`);
  process.exit(1);
}
const report = {};
for (const [kind, method, field, key] of LISTS) {
  const items = [];
  let cursor;
  let pages = 0;
  try {
    do {
      const page = await client[method](cursor === undefined ? {} : { cursor });
      pages += 1;
      items.push(...page[field].map((item) => item[key]));
      cursor = page.nextCursor;
    } while (cursor !== undefined);
    report[kind] = { pages, items };
  } catch (error) {
    report[kind] = { error: failure(error) };
  }
}
try {
  await client.listTools({ cursor: "bm90LWEtY3Vyc29y" });
  report.forged = "accepted";
} catch (error) {
  report.forged = failure(error);
}
await client.close();
process.stdout.write(JSON.stringify(report) + "\n");
