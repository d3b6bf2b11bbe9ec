// Runs every server scenario of the official MCP conformance suites against the server at a URL, or
// every client scenario with a client program: 0.1 (specifications 2025-06-18 and 2025-11-25) and
// 0.2 (2025-11-25 and 2026-07-28 on their own wires, and the extensions). Each scenario's checks
// are read from the suite's checks.json; the table of results is printed and written to
// summary.json; the exit code is 1 when any check of any scenario failed, unless
// expected-failures.json lists that scenario with its reason.
//
//   node run.mjs server <installed folder> <server URL> <output folder> [scenario substring]
//   node run.mjs client <installed folder> <client program> <output folder> [scenario substring]
//
// A client program is given the server's URL as its last argument (the suite's way).

import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const [role, installed, target, out, only] = process.argv.slice(2);
if (!['server', 'client'].includes(role) || !installed || !target || !out) {
  console.error('usage: node run.mjs server|client <installed folder> <server URL | client program> <output folder> [scenario substring]');
  process.exit(2);
}
const here = dirname(fileURLToPath(import.meta.url));
const suites = {
  '0.1': join(installed, 'node_modules/conformance-0.1/dist/index.js'),
  '0.2': join(installed, 'node_modules/conformance-0.2/dist/index.js'),
};
// The wires 0.2 runs a scenario on: each specification it belongs to, of those it speaks on their
// own wire (its 2025-06-18 runs negotiate 2025-11-25; 0.1 covers 2025-06-18).
const WIRES = ['2025-11-25', '2026-07-28'];
// The entries of a list that are about this role's scenarios (an entry without a role is a server's).
const ofRole = (entries) => entries.filter((entry) => (entry.role ?? 'server') === role);
// Scenarios that cannot pass, each with its reason: a bug in the suite, with its evidence.
const expected = ofRole(JSON.parse(readFileSync(join(here, 'expected-failures.json'), 'utf8')));
// Scenarios of what the server does not offer yet, each with what is missing: listed in the table,
// not run, until it is built. (Never a scenario that fails: that one is either fixed, or in
// expected-failures.json with the suite's bug that fails it.)
const notYet = ofRole(JSON.parse(readFileSync(join(here, 'not-yet-offered.json'), 'utf8')));
for (const entry of [...expected, ...notYet]) {
  if (!entry.suite || !entry.scenario || !entry.reason) {
    console.error(`every entry needs a suite, a scenario and a reason: ${JSON.stringify(entry)}`);
    process.exit(2);
  }
}
const waiting = (suite, scenario) => notYet.find((entry) => entry.suite === suite && scenario.startsWith(entry.scenario));

function run(args) {
  return new Promise((resolve) => {
    execFile(process.execPath, args, { maxBuffer: 64 << 20, timeout: 120_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? (error.code ?? 1) : 0, stdout, stderr });
    });
  });
}

async function scenarios(suite) {
  const { code, stdout, stderr } = await run([suites[suite], 'list', `--${role}`]);
  if (code !== 0) throw new Error(`suite ${suite} cannot list its scenarios:\n${stdout}${stderr}`);
  const found = [];
  for (const line of stdout.split('\n')) {
    const match = /^\s+-\s+(\S+)\s+\[([^\]]*)\]/.exec(line);
    if (match) found.push({ name: match[1], versions: match[2].split(',').map((v) => v.trim()) });
  }
  if (found.length === 0) throw new Error(`suite ${suite} listed no ${role} scenarios:\n${stdout}`);
  return found;
}

function findChecks(folder) {
  if (!existsSync(folder)) return [];
  const found = [];
  for (const entry of readdirSync(folder)) {
    const path = join(folder, entry);
    if (statSync(path).isDirectory()) found.push(...findChecks(path));
    else if (entry === 'checks.json') found.push(path);
  }
  return found;
}

const runs = [];
const notRun = [];
for (const suite of ['0.1', '0.2']) {
  for (const scenario of await scenarios(suite)) {
    if (only && !scenario.name.includes(only)) continue;
    if (waiting(suite, scenario.name)) {
      notRun.push({ suite, scenario: scenario.name, reason: waiting(suite, scenario.name).reason });
      continue;
    }
    if (suite === '0.1') {
      runs.push({ suite, scenario: scenario.name, wire: 'negotiated', args: [] });
    } else if (scenario.versions.includes('extension')) {
      // A server's extension scenarios run in the suite `all`; a client's, alone (its `all` is every
      // client scenario).
      runs.push({ suite, scenario: scenario.name, wire: 'extension', args: role === 'server' ? ['--suite', 'all'] : [] });
    } else if (WIRES.some((wire) => scenario.versions.includes(wire))) {
      for (const wire of WIRES.filter((wire) => scenario.versions.includes(wire))) {
        runs.push({ suite, scenario: scenario.name, wire, args: ['--spec-version', wire] });
      }
    } else {
      // A scenario of an older specification alone (2025-03-26's sign-in): on the wire it negotiates.
      runs.push({ suite, scenario: scenario.name, wire: 'negotiated', args: [] });
    }
  }
}

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const results = [];
// A few at once: the scenarios are independent, each its own session or stateless requests.
let next = 0;
async function worker() {
  while (next < runs.length) {
    const job = runs[next++];
    const folder = join(out, job.suite, `${job.scenario}@${job.wire}`);
    mkdirSync(folder, { recursive: true });
    const reach = role === 'server' ? ['--url', target] : ['--command', target];
    const args = [suites[job.suite], role, ...reach, '--scenario', job.scenario, '-o', folder, ...job.args];
    const { code, stdout, stderr } = await run(args);
    const counts = { SUCCESS: 0, FAILURE: 0, WARNING: 0, SKIPPED: 0, INFO: 0 };
    const failures = [];
    for (const file of findChecks(folder)) {
      for (const check of JSON.parse(readFileSync(file, 'utf8'))) {
        counts[check.status] = (counts[check.status] ?? 0) + 1;
        if (check.status === 'FAILURE' || check.status === 'WARNING') {
          failures.push(`${check.status} ${check.id}: ${check.errorMessage ?? check.description ?? ''}`.slice(0, 400));
        }
      }
    }
    const total = Object.values(counts).reduce((a, b) => a + b, 0);
    if (total === 0 && code !== 0) failures.push(`FAILURE no checks ran (exit ${code}): ${(stdout + stderr).slice(-600)}`);
    // A run none of whose checks passed, its program failing, passes nothing (all skipped is not a pass).
    if (counts.SUCCESS === 0 && code !== 0 && total > 0) failures.push(`FAILURE no check passed (exit ${code})`);
    // Every check skipped is not a pass either: the scenario found nothing it could check.
    if (total > 0 && counts.SKIPPED === total) failures.push('FAILURE every check was skipped');
    const failed = counts.FAILURE > 0 || (code !== 0 && counts.SUCCESS === 0) || (total > 0 && counts.SKIPPED === total);
    results.push({ ...job, counts, failed, failures, exit: code });
  }
}
await Promise.all([worker(), worker(), worker()]);
results.sort((a, b) => `${a.suite} ${a.scenario} ${a.wire}`.localeCompare(`${b.suite} ${b.scenario} ${b.wire}`));

const excused = (result) => expected.some((entry) => entry.suite === result.suite && entry.scenario === result.scenario
  && (entry.wire === undefined || entry.wire === result.wire));
let failing = 0;
const lines = ['suite | scenario | wire | passed | failed | warnings | skipped | result'];
for (const result of results) {
  const { SUCCESS, FAILURE, WARNING, SKIPPED } = result.counts;
  const verdict = !result.failed ? 'pass' : excused(result) ? 'expected failure' : 'FAIL';
  if (verdict === 'FAIL') failing += 1;
  lines.push(`${result.suite} | ${result.scenario} | ${result.wire} | ${SUCCESS} | ${FAILURE} | ${WARNING} | ${SKIPPED} | ${verdict}`);
}
const passed = results.filter((result) => !result.failed).length;
for (const skipped of notRun) {
  lines.push(`${skipped.suite} | ${skipped.scenario} | | | | | | not run: ${skipped.reason}`);
}
lines.push(`${passed} of ${results.length} scenario runs pass; ${failing} fail unexpectedly; ${notRun.length} scenarios not run (not offered yet)`);
console.log(lines.join('\n'));
for (const result of results.filter((result) => result.failures.length > 0)) {
  console.log(`\n${result.suite} ${result.scenario} @ ${result.wire}:\n  ${result.failures.join('\n  ')}`);
}
writeFileSync(join(out, 'summary.json'), JSON.stringify(results, null, 2));
process.exit(failing > 0 ? 1 : 0);
