// The MCP TypeScript SDK's own authorization flow against a toolc MCP server that asks for JWT access
// tokens: refused without a token, then the SDK's client-credentials provider reads the server's
// Protected Resource Metadata (from the 401's `WWW-Authenticate`), finds the authorization server
// there, gets a token for the server's URL and connects; the caller sees the tools its scope allows.
// Run from the folder the SDK is installed in.
//
// Usage: node mcp_auth.mjs SERVER_URL ISSUER CLIENT_ID CLIENT_SECRET
// Prints one line per failure and a closing `N passed, N failed` line.
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { isDeepStrictEqual } from 'node:util';

const require = createRequire(join(process.cwd(), 'package.json'));
const sdk = (path) => import(require.resolve(`@modelcontextprotocol/sdk/${path}`));
const { Client } = await sdk('client/index.js');
const { StreamableHTTPClientTransport } = await sdk('client/streamableHttp.js');
const { ClientCredentialsProvider } = await sdk('client/auth-extensions.js');
const { discoverOAuthProtectedResourceMetadata } = await sdk('client/auth.js');

const [serverUrl, issuer, clientId, clientSecret] = process.argv.slice(2);
let passed = 0;
const failures = [];
const check = (label, ok, detail = '') => (ok ? (passed += 1) : failures.push(`${label}: ${detail}`));

// Every request the transport and its auth flow make, in order.
const requests = [];
const logged = async (url, init) => {
  const response = await fetch(url, init);
  requests.push(`${init?.method ?? 'GET'} ${new URL(url).pathname} ${response.status}`);
  return response;
};

// Without a token: 401, and the error says why.
try {
  const client = new Client({ name: 'toolc-auth-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(serverUrl)));
  check('refused without a token', false, 'connected');
} catch (error) {
  check('refused without a token', error.code === 401 && String(error).includes('needs a bearer token'), String(error));
}

// The metadata document, as the SDK reads it.
const metadata = await discoverOAuthProtectedResourceMetadata(serverUrl);
check('metadata names the resource', metadata.resource === serverUrl, JSON.stringify(metadata));
check(
  'metadata names the authorization server',
  isDeepStrictEqual(metadata.authorization_servers, [issuer]),
  JSON.stringify(metadata),
);

// The SDK's client-credentials flow, from the 401 to a session.
const provider = new ClientCredentialsProvider({ clientId, clientSecret, expectedIssuer: issuer, scope: 'files:read' });
const transport = new StreamableHTTPClientTransport(new URL(serverUrl), { authProvider: provider, fetch: logged });
const client = new Client({ name: 'toolc-auth-test', version: '1.0.0' });
try {
  await client.connect(transport);
  check('connects after the auth flow', true);
  const flow = requests;
  const wanted = [
    'POST /mcp 401',
    'GET /.well-known/oauth-protected-resource/mcp 200',
    'GET /.well-known/oauth-authorization-server 200',
    'POST /token 200',
    'POST /mcp 200',
  ];
  check('the flow follows the metadata document', isDeepStrictEqual(flow.slice(0, wanted.length), wanted), flow.join(' | '));
  const { tools } = await client.listTools();
  const names = tools.map((tool) => tool.name).sort();
  check('a files:read caller does not see write_file', isDeepStrictEqual(names, ['echo', 'hold', 'spin', 'whoami']), names.join(','));
  const who = await client.callTool({ name: 'whoami', arguments: {} });
  check('the tool knows its caller', who.content?.[0]?.text === `${clientId} with files:read`, JSON.stringify(who));
  const hidden = await client.callTool({ name: 'write_file', arguments: { path: 'x' } }).then(
    (result) => JSON.stringify(result),
    (error) => String(error),
  );
  check('write_file is unknown to it', hidden.includes('unknown tool `write_file`'), hidden);
} catch (error) {
  check('connects after the auth flow', false, `${error}\n${requests.join('\n')}`);
} finally {
  await client.close();
}

for (const failure of failures) console.log(`FAIL ${failure}`);
console.log(`${passed} passed, ${failures.length} failed`);
process.exit(failures.length === 0 ? 0 : 1);
