// A TypeScript-SDK client that follows a live catalogue as Claude Desktop, Claude Code and the Inspector do: it lists the
// tools, then lets the SDK refresh the list on every notifications/tools/list_changed (the Client's `listChanged`
// option, autoRefresh on) and prints each list it holds, and each log message the server sends.
//
//   node scripts/ts_listen.mjs http://127.0.0.1:8000/mcp          Streamable HTTP
//   node scripts/ts_listen.mjs http://127.0.0.1:8000/sse          legacy HTTP+SSE
//   node scripts/ts_listen.mjs -- atdf-mcp serve descriptors      stdio (the server's stderr is passed through)
//
// stdout: one JSON object per line: {"tools": {name: description}} (the first list, then every refreshed one),
// {"log": {"level", "logger", "data"}}, {"call": {name, result} | {name, exception}}. stdin: one JSON object per line,
// {"call": name, "arguments": {...}}, to call a tool now; the client closes when stdin ends. Exit 1 if connecting fails.
import { createInterface } from "node:readline";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { LoggingMessageNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { transportFor } from "./ts_transport.mjs";

function say(line) {
  process.stdout.write(JSON.stringify(line) + "\n");
}

function described(tools) {
  return Object.fromEntries(tools.map((tool) => [tool.name, tool.description ?? ""]));
}

if (process.argv.length < 3) {
  console.error("usage: node scripts/ts_listen.mjs <http://…/mcp | http://…/sse | -- command args…>");
  process.exit(2);
}
const client = new Client(
  { name: "atdf-mcp-ts-listener", version: "1.0.0" },
  {
    listChanged: {
      tools: {
        debounceMs: 0,
        onChanged: (error, tools) => say(error ? { error: String(error?.message ?? error) } : { tools: described(tools) }),
      },
    },
  },
);
client.setNotificationHandler(LoggingMessageNotificationSchema, (notification) => {
  const { level, logger, data } = notification.params;
  say({ log: { level, logger, data } });
});
try {
  await client.connect(transportFor(process.argv.slice(2)));
} catch (error) {
  console.error(`ts_listen: cannot connect to ${process.argv.slice(2).join(" ")}: ${error?.message ?? error}`);
  process.exit(1);
}
say({ tools: described((await client.listTools()).tools) });
for await (const line of createInterface({ input: process.stdin })) {
  if (!line.trim()) continue;
  const { call: name, arguments: args = {} } = JSON.parse(line);
  try {
    say({ call: { name, result: await client.callTool({ name, arguments: args }) } });
  } catch (error) {
    say({ call: { name, exception: { code: error?.code ?? null, message: String(error?.message ?? error) } } });
  }
}
await client.close();
