// The TypeScript SDK client transport for a target as the scripts here take it: `-- command args…` (stdio, the server's
// stderr passed through), an http(s) URL whose path is /sse or /sse/NAME (legacy HTTP+SSE), any other URL
// (Streamable HTTP, /mcp or /mcp/NAME, /mcp/sse included).
import { SSEClientTransport } from "@modelcontextprotocol/sdk/client/sse.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";

export function transportFor(argv) {
  if (argv[0] === "--") {
    const [command, ...args] = argv.slice(1);
    return new StdioClientTransport({ command, args, stderr: "inherit" });
  }
  const url = new URL(argv[0]);
  // /sse is the whole catalogue over legacy SSE, /sse/NAME one tool set (/mcp/sse: a set named "sse" over /mcp)
  const segments = url.pathname.split("/").filter(Boolean);
  const [parent, last] = [segments.at(-2), segments.at(-1)];
  const sse = parent === "sse" || (last === "sse" && parent !== "mcp");
  return sse ? new SSEClientTransport(url) : new StreamableHTTPClientTransport(url);
}
