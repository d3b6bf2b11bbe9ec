// Drives the replicas of one toolc MCP server behind a load balancer with the MCP TypeScript SDK's
// own client (its v2 `@modelcontextprotocol/client`, which speaks 2026-07-28 as well as the
// 2025-11-25 handshake): JOBS clients at once, each on its own connection, each calling `count` (ten
// steps, each reported as progress) and `tally` (which asks the user first). On 2026-07-28 each
// first calls `tally` through the official Tasks client (`@modelcontextprotocol/ext-tasks`): it
// becomes a task, asks the user through the task, and is followed and answered by that package,
// each request going to whichever replica the balancer picks. Run from the folder the SDK is
// installed in.
//
// Usage: node cluster_client.mjs URL MODE JOBS PREFIX
// MODE is `legacy` or `2026-07-28`. Prints one JSON line per job: {tag, count, progress, tally[,
// task]} when it ended with results, {tag, error} otherwise.
import { createRequire } from 'node:module';
import { join } from 'node:path';

const require = createRequire(join(process.cwd(), 'package.json'));
const { Client, StreamableHTTPClientTransport } = await import(require.resolve('@modelcontextprotocol/client'));
const { createTaskSessionFromClient, createApplicationInputHandler, resultFromTaskOutcome } = await import(
  join(process.cwd(), 'node_modules/@modelcontextprotocol/ext-tasks/dist/client/index.js')
);

const [url, mode, jobs, prefix] = process.argv.slice(2);
const textOf = (result) => result.content.filter((part) => part.type === 'text').map((part) => part.text).join(' ');

// The Tasks client leaves the wire of a 2026-07-28 task request to its host (the SDK's own codec
// refuses `resultType: "task"`): one JSON-RPC request POSTed, as MCP's HTTP transport says, and its
// one response read back, from a JSON body or an event stream.
let nextId = 0;
async function post(url, request, options = {}) {
  const id = `task-${++nextId}`;
  const params = request.params ?? {};
  const name = request.method === 'tools/call' ? params.name : params.taskId;
  const reply = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': request.method,
      ...(typeof name === 'string' ? { 'mcp-name': name } : {}),
      // The Tasks client's own headers for the request (its `Mcp-Name`) win.
      ...Object.fromEntries(Object.entries(options.context?.headers ?? {}).map(([key, value]) => [key.toLowerCase(), value])),
    },
    body: JSON.stringify({ jsonrpc: '2.0', id, ...request }),
    signal: options.signal,
  });
  const text = await reply.text();
  const messages = (reply.headers.get('content-type') ?? '').startsWith('text/event-stream')
    ? text.split('\n').filter((line) => line.startsWith('data:') && line.slice(5).trim() !== '').map((line) => JSON.parse(line.slice(5)))
    : [JSON.parse(text)];
  const answer = messages.find((message) => message.id === id);
  if (answer === undefined) throw new Error(`${request.method}: HTTP ${reply.status} without an answer: ${text}`);
  return answer.error === undefined ? { kind: 'result', result: answer.result } : { kind: 'error', error: answer.error };
}

// `tally` called through the Tasks client, followed until it ends; says whether it became a task
// and what it gave.
async function task(url, tag) {
  const client = new Client({ name: 'cluster-client', version: '1.0.0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  const session = createTaskSessionFromClient(client, {
    endpointId: `cluster-${tag}`,
    rawDispatch: (request, options) => post(url, request, options),
    v2RequestFraming: {
      protocolVersion: '2026-07-28',
      clientInfo: { name: 'cluster-client', version: '1.0.0' },
      clientCapabilities: { elicitation: {} },
    },
    onInputRequest: createApplicationInputHandler({
      elicitation: async () => ({ action: 'accept', content: { ok: true } }),
      sampling: async () => { throw new Error('no sampling here'); },
      roots: async () => ({ roots: [] }),
    }),
  });
  try {
    const execution = await session.callTool(
      'tally',
      { tag: `${tag}-task`, steps: 10, every_ms: 100, ask: true },
      { requestTimeoutMs: 30000 },
    );
    const { outcome } = await execution.settle();
    return `${execution.kind}: ${textOf(resultFromTaskOutcome(outcome))}`;
  } finally {
    await session.close();
    await client.close().catch(() => {});
  }
}

async function job(tag) {
  const outcome = { tag };
  const progress = [];
  const versionNegotiation = { mode: mode === 'legacy' ? 'legacy' : { pin: mode } };
  const client = new Client({ name: 'cluster-client', version: '1.0.0' }, { capabilities: { elicitation: {} }, versionNegotiation });
  client.setRequestHandler('elicitation/create', async () => ({ action: 'accept', content: { ok: true } }));
  try {
    // The task first, so that it runs while the other mode's calls do.
    if (mode !== 'legacy') outcome.task = await task(url, tag);
    await client.connect(new StreamableHTTPClientTransport(new URL(url)));
    const counted = await client.callTool(
      { name: 'count', arguments: { tag: `${tag}-count`, steps: 10, every_ms: 100 } },
      { onprogress: (report) => progress.push(report.progress), timeout: 30000 },
    );
    const tallied = await client.callTool(
      { name: 'tally', arguments: { tag: `${tag}-tally`, steps: 2, every_ms: 50, ask: true } },
      { timeout: 30000 },
    );
    Object.assign(outcome, { count: textOf(counted), progress, tally: textOf(tallied) });
  } catch (error) {
    // Every cause down the chain: the v2 client's error wraps fetch's, which wraps the socket's.
    let cause = '';
    for (let below = error.cause, depth = 0; below && depth < 5; below = below.cause, depth += 1) {
      cause += ` (${below.code ?? below.name}: ${below.message})`;
    }
    outcome.error = `${error.name}: ${error.message}${cause}`;
  } finally {
    await client.close().catch(() => {});
  }
  console.log(JSON.stringify(outcome));
}

await Promise.all(Array.from({ length: Number(jobs) }, (_, index) => job(`${prefix}${index}`)));
