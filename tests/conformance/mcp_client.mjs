// Drives an MCP server with the MCP TypeScript SDK's own client (its v1 API), over stdio and
// streamable HTTP. Run from the folder the SDK is installed in.
//
// Usage: node mcp_client.mjs SERVER_BINARY LAB_BINARY EXPECTED_TOOLS_JSON WORK_DIR
// SERVER_BINARY serves the roo-tools set (`roo-mcp ROOT [--http ADDRESS --token-file PATH]`: over
// HTTP the client sends the file's token, and is refused without it or with a wrong one); EXPECTED_TOOLS_JSON is
// what `toolc export` wrote for it; LAB_BINARY serves tools that misbehave (`lab-mcp MARKER_DIR`);
// WORK_DIR is scratch space. Prints one line per failure and a closing `N passed, N failed` line.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { createRequire } from 'node:module';

const require = createRequire(join(process.cwd(), 'package.json'));
const sdk = (path) => import(require.resolve(`@modelcontextprotocol/sdk/${path}`));
const { Client } = await sdk('client/index.js');
const { StdioClientTransport } = await sdk('client/stdio.js');
const { StreamableHTTPClientTransport } = await sdk('client/streamableHttp.js');
const { McpError } = await sdk('types.js');

const [server, lab, expectedFile, work] = process.argv.slice(2);
const expected = JSON.parse(readFileSync(expectedFile, 'utf8'));
let passed = 0;
const failures = [];
const check = (label, ok, detail = '') => (ok ? (passed += 1) : failures.push(`${label}: ${detail}`));
const textOf = (result) => result.content.filter((part) => part.type === 'text').map((part) => part.text).join(' ');

function prepare(transport) {
  const root = join(work, transport, 'root');
  const outside = join(work, transport, 'outside');
  mkdirSync(root, { recursive: true });
  mkdirSync(outside, { recursive: true });
  writeFileSync(join(outside, 'secret.txt'), 'secret');
  symlinkSync(outside, join(root, 'link'), 'dir');
  return { root, outside };
}

async function exercise(transport, client, outside) {
  const { tools } = await client.listTools();
  // The server lists its members' tools in member order; the export sorts them by name.
  const byName = [...tools].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  check(`${transport} tools/list equals the exported MCP tools`, isDeepStrictEqual(byName, expected), JSON.stringify(tools).slice(0, 400));

  // A good call: the client checks structuredContent against the tool's output schema itself.
  await client.callTool({ name: 'createDirectory', arguments: { path: 'notes' } });
  const written = await client.callTool({ name: 'writeFile', arguments: { path: 'notes/a.txt', content: 'hello' } });
  check(`${transport} writeFile returns structuredContent`, isDeepStrictEqual(written.structuredContent, { path: 'notes/a.txt', bytes: 5 }), JSON.stringify(written));

  // A tool that answers with an image beside its status.
  await client.callTool({ name: 'launchBrowser', arguments: { url: 'about:roo' } });
  const shot = await client.callTool({ name: 'captureScreenshot', arguments: {} });
  const images = shot.content.filter((part) => part.type === 'image');
  check(`${transport} captureScreenshot returns its status and one PNG image`, shot.structuredContent?.status === 'ok' && images.length === 1 && images[0].mimeType === 'image/png' && Buffer.from(images[0].data, 'base64').subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])), JSON.stringify(shot).slice(0, 300));

  const bad = await client.callTool({ name: 'writeFile', arguments: { path: 5, content: 'x' } });
  check(`${transport} bad arguments are an error result naming the field`, bad.isError === true && textOf(bad).includes('/path') && textOf(bad).includes('expected a string'), JSON.stringify(bad));

  try {
    await client.callTool({ name: 'readfile', arguments: { path: 'notes/a.txt' } });
    check(`${transport} an unknown tool is a JSON-RPC error`, false, 'no error');
  } catch (err) {
    check(`${transport} an unknown tool is invalid params naming the close tool`, err instanceof McpError && err.code === -32602 && err.message.includes('did you mean `readFile`?'), String(err));
  }

  for (const path of ['../outside/secret.txt', join(outside, 'secret.txt'), 'link/secret.txt', 'link/new.txt']) {
    for (const [name, args] of [['readFile', { path }], ['writeFile', { path, content: 'pwned' }]]) {
      const result = await client.callTool({ name, arguments: args });
      check(`${transport} ${name} ${path} is refused`, result.isError === true, JSON.stringify(result));
    }
  }
  const left = readdirSync(outside);
  check(`${transport} nothing outside the root was touched`, isDeepStrictEqual(left, ['secret.txt']) && readFileSync(join(outside, 'secret.txt'), 'utf8') === 'secret', JSON.stringify(left));
}

async function overStdio() {
  const { root, outside } = prepare('stdio');
  const client = new Client({ name: 'toolc-test', version: '1.0.0' });
  await client.connect(new StdioClientTransport({ command: server, args: [root] }));
  try {
    await exercise('stdio', client, outside);
  } finally {
    await client.close();
  }
}

async function overHttp() {
  const { root, outside } = prepare('http');
  const token = `a-token-from-a-file-${randomBytes(16).toString('hex')}`;
  const tokenFile = join(work, 'http-token');
  writeFileSync(tokenFile, `${token}\n`);
  const child = spawn(server, [root, '--http', '127.0.0.1:0', '--token-file', tokenFile], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  try {
    const url = await new Promise((resolve, reject) => {
      let seen = '';
      child.stderr.on('data', (chunk) => {
        seen += chunk;
        const match = seen.match(/serving MCP at (\S+)/);
        if (match) resolve(match[1]);
      });
      child.on('exit', (code) => reject(new Error(`the server exited (${code}): ${seen}`)));
    });
    // Without the token, or with a wrong one, the client gets no session.
    for (const [what, headers, why] of [
      ['a client without a token', {}, 'this server needs a bearer token'],
      ['a wrong token', { Authorization: `Bearer ${token.slice(0, -1)}` }, "the token is not this server's"],
    ]) {
      const refused = new Client({ name: 'toolc-test', version: '1.0.0' });
      try {
        await refused.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }));
        check(`http refuses ${what}`, false, 'the session was opened');
        await refused.close();
      } catch (error) {
        check(`http refuses ${what}`, error.code === 401 && String(error).includes(why), `${error.code} ${error}`);
      }
    }
    const client = new Client({ name: 'toolc-test', version: '1.0.0' });
    const authorized = { requestInit: { headers: { Authorization: `Bearer ${token}` } } };
    await client.connect(new StreamableHTTPClientTransport(new URL(url), authorized));
    try {
      await exercise('http', client, outside);
    } finally {
      await client.close();
    }
  } finally {
    child.kill();
  }
}

async function waitFor(path, seconds = 10) {
  for (let i = 0; i < seconds * 20; i += 1) {
    if (existsSync(path)) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return false;
}

async function misbehaving() {
  const markers = join(work, 'lab');
  mkdirSync(markers, { recursive: true });
  const client = new Client({ name: 'toolc-test', version: '1.0.0' });
  await client.connect(new StdioClientTransport({ command: lab, args: [markers], stderr: 'ignore' }));
  // Calls `name` until its marker says it started, then aborts it: whether it started, and rejected.
  const abortOnceStarted = async (name, tag) => {
    const controller = new AbortController();
    const call = client.callTool({ name, arguments: { tag } }, undefined, { signal: controller.signal });
    const started = await waitFor(join(markers, `${tag}.started`));
    controller.abort();
    const rejected = await call.then(() => false, () => true);
    return { started, rejected };
  };
  try {
    const exploded = await client.callTool({ name: 'explode', arguments: {} });
    check('lab a panicking tool is an error result naming the panic', exploded.isError === true && textOf(exploded).includes('tool `explode` panicked: the lab exploded'), JSON.stringify(exploded));
    const added = await client.callTool({ name: 'add', arguments: { a: 2, b: 3 } });
    check('lab the next call works', textOf(added) === '5', JSON.stringify(added));

    // Aborting the signal sends `notifications/cancelled`; the tool's future is dropped.
    const slow = await abortOnceStarted('slow', 'typescript');
    check('lab the slow call starts', slow.started, 'never started');
    check('lab an aborted call rejects', slow.rejected, 'it resolved');
    check("lab a cancelled call's future is dropped", await waitFor(join(markers, 'typescript.dropped')), 'still running');
    const again = await client.callTool({ name: 'add', arguments: { a: 1, b: 1 } });
    check('lab the server answers after a cancel', textOf(again) === '2', JSON.stringify(again));

    // A blocking tool learns of the cancellation from its context.
    const spin = await abortOnceStarted('spin', 'typescript-spin');
    check('lab the spinning call starts', spin.started, 'never started');
    check('lab the context tells a blocking tool of the cancellation', await waitFor(join(markers, 'typescript-spin.noticed')), 'never noticed');

    // Progress reported through the context arrives as `notifications/progress`, in order.
    const seen = [];
    const counted = await client.callTool({ name: 'count', arguments: { to: 3 } }, undefined, { onprogress: (progress) => seen.push(progress) });
    check('lab count answers', textOf(counted) === '3', JSON.stringify(counted));
    const steps = seen.map(({ progress, total, message }) => [progress, total, message]);
    check('lab progress arrives in order', isDeepStrictEqual(steps, [[1, 3, 'step 1'], [2, 3, 'step 2'], [3, 3, 'step 3']]), JSON.stringify(seen));
  } finally {
    await client.close();
  }
}

await overStdio();
await overHttp();
await misbehaving();
for (const failure of failures) console.log('FAIL ' + failure);
console.log(`${passed} passed, ${failures.length} failed`);
process.exit(failures.length ? 1 : 0);
