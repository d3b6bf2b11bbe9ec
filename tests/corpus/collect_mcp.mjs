// Collects the `tools/list` of MCP servers installed from npm, as the MCP TypeScript SDK's own
// client (`Client` + `StdioClientTransport`) receives it, one JSON file per server.
// Run from the folder the packages are installed in (`npm ci` of this folder's package.json).
//
// Usage: node collect_mcp.mjs OUT_DIR SCRATCH_DIR
// Writes OUT_DIR/<source>/<server>.json holding the `tools/list` result exactly as it came over
// the wire (every page's tools concatenated when a server pages). Fails, naming the server, when
// a server does not start, lists no tool, or takes longer than 60 seconds.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';

const require = createRequire(join(process.cwd(), 'package.json'));
const sdk = (path) => import(require.resolve(`@modelcontextprotocol/sdk/${path}`));
const { Client } = await sdk('client/index.js');
const { StdioClientTransport, getDefaultEnvironment } = await sdk('client/stdio.js');
const { ListRootsRequestSchema } = await sdk('types.js');

const [out, scratch] = process.argv.slice(2);
if (!out || !scratch) {
  console.error('usage: node collect_mcp.mjs OUT_DIR SCRATCH_DIR');
  process.exit(2);
}

// The client declares every capability some server gates tools on (server-everything registers
// its sampling, elicitation, roots and task tools only for clients that have them).
const everyCapability = {
  roots: { listChanged: true },
  sampling: {},
  elicitation: { form: {}, url: {} },
  tasks: { requests: { sampling: { createMessage: {} }, elicitation: { create: {} } } },
};

// source, server name, npm package, arguments, extra environment.
const servers = [
  ['mcp', 'server-everything', '@modelcontextprotocol/server-everything', () => ['stdio'], {}],
  ['mcp', 'server-filesystem', '@modelcontextprotocol/server-filesystem', (dir) => [dir], {}],
  ['mcp', 'server-memory', '@modelcontextprotocol/server-memory', () => [], (dir) => ({ MEMORY_FILE_PATH: join(dir, 'memory.jsonl') })],
  ['mcp', 'server-sequential-thinking', '@modelcontextprotocol/server-sequential-thinking', () => [], {}],
  // Archived reference servers: their schemas come from zod 3 through zod-to-json-schema. Their
  // tokens are read at call time only, so a placeholder lets them start; nothing is called.
  ['mcp-archived', 'server-github', '@modelcontextprotocol/server-github', () => [], { GITHUB_PERSONAL_ACCESS_TOKEN: 'unused' }],
  ['mcp-archived', 'server-gitlab', '@modelcontextprotocol/server-gitlab', () => [], { GITLAB_PERSONAL_ACCESS_TOKEN: 'unused' }],
];

function binOf(pkg) {
  const manifest = require(`${pkg}/package.json`);
  const bin = typeof manifest.bin === 'string' ? manifest.bin : Object.values(manifest.bin)[0];
  return join(dirname(require.resolve(`${pkg}/package.json`)), bin);
}

async function listTools(name, pkg, args, env) {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [binOf(pkg), ...args],
    env: { ...getDefaultEnvironment(), ...env },
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk) => (stderr += chunk));
  // Keep the raw JSON-RPC results: the SDK's parsed copy may differ from what the server sent.
  const raw = new Map();
  const client = new Client({ name: 'toolc-corpus', version: '0' }, { capabilities: everyCapability });
  client.setRequestHandler(ListRootsRequestSchema, async () => ({ roots: [] }));
  const timer = setTimeout(() => {
    console.error(`${name}: no tools/list answer within 60 s\n${stderr}`);
    process.exit(1);
  }, 60_000);
  try {
    await client.connect(transport);
    const onmessage = transport.onmessage;
    transport.onmessage = (message, extra) => {
      if (message && 'id' in message && 'result' in message) raw.set(message.id, message.result);
      onmessage?.(message, extra);
    };
    const pages = [];
    let cursor;
    do {
      const before = new Set(raw.keys());
      const parsed = await client.listTools(cursor === undefined ? undefined : { cursor });
      const id = [...raw.keys()].find((key) => !before.has(key));
      if (id === undefined) throw new Error('the raw tools/list result was not seen');
      pages.push(raw.get(id));
      cursor = parsed.nextCursor;
    } while (cursor !== undefined);
    const result = pages.length === 1 ? pages[0] : { tools: pages.flatMap((page) => page.tools) };
    if (!Array.isArray(result.tools) || result.tools.length === 0) throw new Error('it listed no tool');
    return result;
  } catch (error) {
    throw new Error(`${name}: ${error instanceof Error ? error.message : error}\n${stderr}`);
  } finally {
    clearTimeout(timer);
    await client.close().catch(() => {});
  }
}

for (const [source, name, pkg, args, env] of servers) {
  const dir = join(scratch, name);
  mkdirSync(dir, { recursive: true });
  const extra = typeof env === 'function' ? env(dir) : env;
  const result = await listTools(name, pkg, args(dir), extra);
  mkdirSync(join(out, source), { recursive: true });
  writeFileSync(join(out, source, `${name}.json`), `${JSON.stringify(result, null, 2)}\n`);
}
