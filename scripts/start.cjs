/**
 * npm start. Plain JavaScript, so that the launcher supervising the stack carries no TypeScript loader (tsx
 * keeps a second V8 isolate, ~50 MB): it runs the compiled launcher scripts/dist/start.js (scripts/start.ts,
 * compiled with the servers by scripts/lib/build-servers.ts) in this process when it is current. When it is not,
 * it compiles first (`tsx scripts/build-servers.ts` in a child that exits), or with --no-build or --tsx runs
 * scripts/start.ts through tsx in a child instead. When npm is ended alone (its shell goes with it), the launcher
 * stops the stack as SIGTERM does instead of running on (lib/orphan.cjs).
 */
/* eslint-disable @typescript-eslint/no-require-imports -- plain CommonJS: it runs before anything is compiled */
'use strict';
const { spawn, spawnSync } = require('node:child_process');
const { createHash } = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const { stopWhenOrphaned } = require('./lib/orphan.cjs');

const root = path.resolve(__dirname, '..');
const launcher = path.join(__dirname, 'dist', 'start.js');
const args = process.argv.slice(2);

/** Why the compiled launcher is not current, or undefined: the test of staleReason() in scripts/lib/build-servers.ts. */
function staleReason() {
  if (!fs.existsSync(launcher)) return 'scripts/dist/start.js is missing';
  let stamp;
  try {
    stamp = JSON.parse(fs.readFileSync(path.join(__dirname, 'dist', 'start.inputs.json'), 'utf8'));
  } catch {
    return 'scripts/dist/start.inputs.json is missing';
  }
  for (const [relative, seen] of Object.entries(stamp.files)) {
    const file = path.join(root, relative);
    const stat = fs.statSync(file, { throwIfNoEntry: false });
    if (!stat) return `${relative} is gone`;
    if (stat.size === seen.size && stat.mtimeMs === seen.mtimeMs) continue;
    if (stat.size !== seen.size || createHash('sha256').update(fs.readFileSync(file)).digest('hex') !== seen.sha256)
      return `${relative} changed`;
  }
  return undefined;
}

/** Runs the compiled launcher in this process; npm gone without a signal to it stops it as SIGTERM does (start.ts). */
function runLauncher() {
  stopWhenOrphaned(() => process.kill(process.pid, 'SIGTERM'));
  require(launcher);
}

const reason = staleReason();
if (!reason) {
  runLauncher();
} else if (args.includes('--no-build') || args.includes('--tsx')) {
  console.log(`Launcher: tsx (the compiled launcher is not current: ${reason}).`);
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, 'start.ts'), ...args], { stdio: 'inherit' });
  // Ctrl-C reaches the child through the terminal; a signal sent to this process alone is passed on.
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  stopWhenOrphaned(() => child.kill('SIGTERM'));
  child.on('exit', (code) => process.exit(code ?? 1));
} else {
  console.log(`Compiling the launcher and the servers (${reason})...`);
  const built = spawnSync(process.execPath, ['--import', 'tsx', path.join(__dirname, 'build-servers.ts')], { stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
  runLauncher();
}
