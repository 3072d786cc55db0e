// What a TypeScript-SDK client that can sign in (OAuth, as Claude Code, Cursor, mcp-remote and the Inspector do) shows
// its user when it connects to a URL without a token: it answers the 401 by looking for an authorization server and
// registering itself there, and the error it throws is what the user reads.
//
//   node scripts/ts_signin.mjs http://127.0.0.1:8000/mcp
//
// stdout: one JSON report, {"connected": bool, "error": "<the message the client throws>", "authorization_url": "<where
// it would send the browser>" or null}. Exit 0 either way.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";

const report = { connected: false, error: null, authorization_url: null };
let saved;
const provider = {
  get redirectUrl() { return "http://127.0.0.1:9/callback"; },
  get clientMetadata() { return { client_name: "atdf-mcp-signin-probe", redirect_uris: ["http://127.0.0.1:9/callback"],
                                  grant_types: ["authorization_code"], response_types: ["code"], token_endpoint_auth_method: "none" }; },
  clientInformation() { return saved; },
  saveClientInformation(info) { saved = info; },
  tokens() { return undefined; },
  saveTokens() {},
  redirectToAuthorization(url) { report.authorization_url = String(url); },
  saveCodeVerifier() {},
  codeVerifier() { return "verifier"; },
};
const client = new Client({ name: "atdf-mcp-signin-probe", version: "1.0.0" });
try {
  await client.connect(new StreamableHTTPClientTransport(new URL(process.argv[2]), { authProvider: provider }));
  report.connected = true;
} catch (error) {
  report.error = String(error?.message ?? error);
}
console.log(JSON.stringify(report));
process.exit(0);
