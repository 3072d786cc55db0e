// An MCP client built on the TypeScript SDK (@modelcontextprotocol/sdk, the base of Claude Desktop, Claude Code,
// Cursor and the MCP Inspector): lists the tools, then makes the calls read from stdin, as those hosts do.
//
//   node scripts/ts_client.mjs http://127.0.0.1:8000/mcp < calls.json      Streamable HTTP
//   node scripts/ts_client.mjs http://127.0.0.1:8000/sse < calls.json      legacy HTTP+SSE (/sse/NAME: a tool set)
//   node scripts/ts_client.mjs -- atdf-mcp serve descriptors < calls.json   stdio (the server's stderr is passed through)
//
// calls.json: [{"name": "unit_converter", "arguments": {"value": 1, "from_unit": "KM", "to_unit": "mi"}, "retry": true}, ...]
// stdout: one JSON report, {"server", "tools": [{"name", "required", "outputSchema"}], "calls": [{"name", "result"} or
// {"name", "exception": {"code", "message"}}]}. An exception the SDK throws on a call (for instance -32602 "Structured
// content does not match the tool's output schema") is recorded and the next call is made. With "retry", an error whose
// envelope (the first text block) holds context.suggested_arguments is retried with them, as an agent would, and the
// outcome is recorded as "retry" ({"arguments", "result"} or {"arguments", "exception"}). Exit 1 if connecting fails.
import { readFileSync } from "node:fs";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { transportFor } from "./ts_transport.mjs";

async function call(client, name, args) {
  try {
    return { result: await client.callTool({ name, arguments: args }) };
  } catch (error) {
    return { exception: { code: error?.code ?? null, message: String(error?.message ?? error) } };
  }
}

function suggestedArguments(result) {
  try {
    return JSON.parse(result.content[0].text).errors[0].context.suggested_arguments;
  } catch {
    return undefined;
  }
}

if (process.argv.length < 3) {
  console.error("usage: node scripts/ts_client.mjs <http://…/mcp[/NAME] | http://…/sse[/NAME] | -- command args…> < calls.json");
  process.exit(2);
}
const input = readFileSync(0, "utf8").trim();
const calls = input ? JSON.parse(input) : [];
const client = new Client({ name: "atdf-mcp-ts-client", version: "1.0.0" });
try {
  await client.connect(transportFor(process.argv.slice(2)));
} catch (error) {
  console.error(`ts_client: cannot connect to ${process.argv.slice(2).join(" ")}: ${error?.message ?? error}`);
  process.exit(1);
}
const { tools } = await client.listTools(); // also caches each tool's outputSchema validator, as the hosts do
const report = {
  server: client.getServerVersion(),
  tools: tools.map((tool) => ({
    name: tool.name,
    required: tool.inputSchema.required ?? [],
    outputSchema: Boolean(tool.outputSchema),
  })),
  calls: [],
};
for (const { name, arguments: args = {}, retry = false } of calls) {
  const outcome = { name, ...(await call(client, name, args)) };
  const suggested = retry && outcome.result?.isError ? suggestedArguments(outcome.result) : undefined;
  if (suggested) outcome.retry = { arguments: suggested, ...(await call(client, name, suggested)) };
  report.calls.push(outcome);
}
await client.close();
process.stdout.write(JSON.stringify(report) + "\n");
