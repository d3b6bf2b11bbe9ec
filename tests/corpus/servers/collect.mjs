// Collects the `tools/list` of third-party MCP servers installed from npm (this folder's
// package-lock.json), as the MCP TypeScript SDK's client receives it, one JSON file per server.
// Only `initialize` and `tools/list` are sent. Each server runs with placeholder credentials, its
// home, caches and temporary files in SCRATCH_DIR, and, where this machine lets a process have a
// network namespace of its own (`unshare -n`), with no network at all.
//
// Usage: node collect.mjs NODE_MODULES OUT_DIR SCRATCH_DIR
// Writes OUT_DIR/<server>.json: {"tools": [...]} as the server sent it (every page), read without the
// SDK's result schema, since some servers list a tool whose input schema is not an object, which
// the SDK's `listTools()` refuses. Fails, naming the server, when one does not start, lists no tool,
// or takes longer than 90 seconds.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createRequire } from 'node:module';

const [modules, out, scratch] = process.argv.slice(2);
if (!modules || !out || !scratch) {
  console.error('usage: node collect.mjs NODE_MODULES OUT_DIR SCRATCH_DIR');
  process.exit(2);
}
const require = createRequire(join(modules, '..', 'package.json'));
const sdk = (path) => import(require.resolve(`@modelcontextprotocol/sdk/${path}`));
const { Client } = await sdk('client/index.js');
const { StdioClientTransport, getDefaultEnvironment } = await sdk('client/stdio.js');
const { ListRootsRequestSchema, ResultSchema } = await sdk('types.js');

const home = join(scratch, 'home');
const fixtures = join(scratch, 'fixtures');
for (const dir of [out, home, join(scratch, 'cwd'), join(scratch, 'tmp'), fixtures]) mkdirSync(dir, { recursive: true });
// The OAuth client file google-calendar-mcp reads at start; a placeholder, never used to sign in.
writeFileSync(join(fixtures, 'gcp-oauth.keys.json'), JSON.stringify({ installed: {
  client_id: 'unused.apps.googleusercontent.com', project_id: 'unused', client_secret: 'unused',
  auth_uri: 'https://accounts.google.com/o/oauth2/auth', token_uri: 'https://oauth2.googleapis.com/token',
  redirect_uris: ['http://localhost'] } }));

// server name, npm package, arguments after its program, extra environment (placeholders only).
const servers = [
  ['notion', '@notionhq/notion-mcp-server', [], { NOTION_TOKEN: 'ntn_unused' }],
  ['firecrawl', 'firecrawl-mcp', [], { FIRECRAWL_API_KEY: 'fc-unused' }],
  ['sentry', '@sentry/mcp-server', ['--access-token=unused'], { SENTRY_ACCESS_TOKEN: 'unused' }],
  ['mongodb', 'mongodb-mcp-server', [], { MDB_MCP_TELEMETRY: 'disabled' }],
  ['mapbox', '@mapbox/mcp-server', [], { MAPBOX_ACCESS_TOKEN: 'pk.unused' }],
  ['cloudinary', '@cloudinary/asset-management-mcp', ['start'], {
    CLOUDINARY_URL: 'cloudinary://unused:unused@unused', CLOUDINARY_CLOUD_NAME: 'unused',
    CLOUDINARY_API_KEY: 'unused', CLOUDINARY_API_SECRET: 'unused' }],
  ['vapi', '@vapi-ai/mcp-server', [], { VAPI_TOKEN: 'unused' }],
  ['git', '@cyanheads/git-mcp-server', [], { MCP_TRANSPORT_TYPE: 'stdio' }],
  ['gitlab', '@zereight/mcp-gitlab', [], { GITLAB_DISABLE_VERSION_CHECK: 'true',
    GITLAB_PERSONAL_ACCESS_TOKEN: 'glpat-unused', GITLAB_API_URL: 'http://127.0.0.1:1/api/v4' }],
  ['antv-chart', '@antv/mcp-server-chart', [], {}],
  ['google-calendar', '@cocal/google-calendar-mcp', [], {
    GOOGLE_OAUTH_CREDENTIALS: join(fixtures, 'gcp-oauth.keys.json'),
    GOOGLE_CALENDAR_MCP_TOKEN_PATH: join(fixtures, 'none-tokens.json') }],
  ['shortcut', '@shortcut/mcp', [], { SHORTCUT_API_TOKEN: 'unused' }],
  ['brave-search', '@brave/brave-search-mcp-server', [], { BRAVE_API_KEY: 'unused' }],
  // A generic OpenAPI-to-MCP server given GitHub's REST description: one tool per operation.
  ['openapi-github', '@ivotoby/openapi-mcp-server', ['--transport', 'stdio', '--api-base-url', 'http://127.0.0.1:1',
    '--openapi-spec', join(modules, '@octokit/openapi/generated/api.github.com.json'), '--tools', 'all'], {}],
];

// A package's program, as its manifest names it (read from the folder: some packages do not export
// their package.json).
function program(pkg) {
  const manifest = JSON.parse(readFileSync(join(modules, pkg, 'package.json'), 'utf8'));
  const bin = typeof manifest.bin === 'string' ? manifest.bin : Object.values(manifest.bin)[0];
  return join(modules, pkg, bin);
}

let isolated = true;
try {
  execFileSync('unshare', ['-n', 'true'], { stdio: 'ignore' });
} catch {
  isolated = false;
  console.error('collect.mjs: no network namespace here (`unshare -n`); the servers run with the network there is');
}

for (const [name, pkg, args, env] of servers) {
  const command = [process.execPath, program(pkg), ...args];
  const transport = new StdioClientTransport({
    command: isolated ? 'unshare' : command[0],
    args: isolated ? ['-n', '--', ...command] : command.slice(1),
    cwd: join(scratch, 'cwd'),
    env: {
      ...getDefaultEnvironment(),
      HOME: home, XDG_CONFIG_HOME: join(home, '.config'), XDG_CACHE_HOME: join(home, '.cache'),
      XDG_DATA_HOME: join(home, '.local/share'), XDG_STATE_HOME: join(home, '.local/state'),
      TMPDIR: join(scratch, 'tmp'), NODE_ENV: 'production', DO_NOT_TRACK: '1', ...env,
    },
    stderr: 'pipe',
  });
  let said = '';
  transport.stderr?.on('data', (chunk) => { said = (said + chunk).slice(-2000); });
  const client = new Client({ name: 'toolc-corpus', version: '1.0.0' }, { capabilities: { roots: {}, sampling: {}, elicitation: {} } });
  client.setRequestHandler(ListRootsRequestSchema, async () => ({ roots: [] }));
  let timer;
  const timeout = new Promise((_, reject) => { timer = setTimeout(() => reject(new Error('no answer in 90 seconds')), 90_000); });
  try {
    const tools = await Promise.race([timeout, (async () => {
      await client.connect(transport);
      const all = [];
      let cursor;
      do {
        const page = await client.request({ method: 'tools/list', params: cursor ? { cursor } : {} }, ResultSchema.passthrough());
        all.push(...(page.tools ?? []));
        cursor = page.nextCursor;
      } while (cursor);
      return all;
    })()]);
    if (tools.length === 0) throw new Error('it lists no tool');
    writeFileSync(join(out, `${name}.json`), `${JSON.stringify({ tools }, null, 2)}\n`);
    console.log(`${name}: ${tools.length} tools`);
  } catch (err) {
    console.error(`${name} (${pkg}): ${err.message}\n${said}`);
    process.exit(1);
  } finally {
    clearTimeout(timer);
    await client.close().catch(() => {});
  }
}
process.exit(0);
