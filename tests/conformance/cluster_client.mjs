// Drives the replicas of one toolc MCP server behind a load balancer with the MCP TypeScript SDK's
// own client (its v2 `@modelcontextprotocol/client`, which speaks 2026-07-28 as well as the
// 2025-11-25 handshake): JOBS clients at once, each on its own connection, each calling `count` (ten
// steps, each reported as progress) and `tally` (which asks the user first). Run from the folder
// the SDK is installed in.
//
// Usage: node cluster_client.mjs URL MODE JOBS PREFIX
// MODE is `legacy` or `2026-07-28`. Prints one JSON line per job: {tag, count, progress, tally}
// when it ended with results, {tag, error} otherwise.
import { createRequire } from 'node:module';
import { join } from 'node:path';

const require = createRequire(join(process.cwd(), 'package.json'));
const { Client, StreamableHTTPClientTransport } = await import(require.resolve('@modelcontextprotocol/client'));

const [url, mode, jobs, prefix] = process.argv.slice(2);
const textOf = (result) => result.content.filter((part) => part.type === 'text').map((part) => part.text).join(' ');

async function job(tag) {
  const outcome = { tag };
  const progress = [];
  const versionNegotiation = { mode: mode === 'legacy' ? 'legacy' : { pin: mode } };
  const client = new Client({ name: 'cluster-client', version: '1.0.0' }, { capabilities: { elicitation: {} }, versionNegotiation });
  client.setRequestHandler('elicitation/create', async () => ({ action: 'accept', content: { ok: true } }));
  try {
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
    const cause = error.cause ? ` (${error.cause.code ?? error.cause.name}: ${error.cause.message})` : '';
    outcome.error = `${error.name}: ${error.message}${cause}`;
  } finally {
    await client.close().catch(() => {});
  }
  console.log(JSON.stringify(outcome));
}

await Promise.all(Array.from({ length: Number(jobs) }, (_, index) => job(`${prefix}${index}`)));
