#!/usr/bin/env node
'use strict';
// The `toolc` command: the native binary this package carries, run with the arguments, the standard
// streams and the exit code passed through.

const { spawnSync } = require('node:child_process');
const { join } = require('node:path');

const PLATFORMS = { 'linux-x64': 'linux-x64-gnu' };
const platform = PLATFORMS[`${process.platform}-${process.arch}`];
if (platform === undefined) {
  process.stderr.write(`toolc: no native build for ${process.platform}-${process.arch} in this package\n`);
  process.exit(2);
}
const binary = join(__dirname, '..', 'native', `toolc-${platform}`);
const run = spawnSync(binary, process.argv.slice(2), { stdio: 'inherit' });
if (run.error) {
  process.stderr.write(`toolc: cannot run ${binary}: ${run.error.message}\n`);
  process.exit(2);
}
if (run.signal) {
  process.kill(process.pid, run.signal);
}
process.exit(run.status ?? 2);
