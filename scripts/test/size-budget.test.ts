import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { checkBudget, checkSizeBudgets, gzipSize, INITIAL_FILES_MANIFEST, measureBuild } from '../lib/size-budget';

/** A fake repository with one shell build whose initial files are random (incompressible) bytes. */
function fakeRepo(initial: Record<string, number>, listed = Object.keys(initial)): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'size-budget-'));
  const dist = path.join(root, 'shell', 'dist');
  fs.mkdirSync(dist, { recursive: true });
  for (const [file, bytes] of Object.entries(initial)) fs.writeFileSync(path.join(dist, file), crypto.randomBytes(bytes));
  fs.writeFileSync(path.join(dist, 'lazy.js'), crypto.randomBytes(400 * 1024));
  fs.writeFileSync(path.join(dist, INITIAL_FILES_MANIFEST), JSON.stringify({ initial: listed }));
  return root;
}

const roots: string[] = [];
afterAll(() => roots.forEach((root) => fs.rmSync(root, { recursive: true, force: true })));

describe('checkBudget', () => {
  it('passes at or under the budget and fails one byte over it, naming the largest file', () => {
    const files = [
      { file: 'main.js', gzipBytes: 100 * 1024 },
      { file: 'react-dom.js', gzipBytes: 50 * 1024 },
    ];
    expect(checkBudget('shell', files, 150).ok).toBe(true);
    const over = checkBudget('shell', [...files, { file: 'extra.js', gzipBytes: 1 }], 150);
    expect(over.ok).toBe(false);
    expect(over.gzipBytes).toBe(150 * 1024 + 1);
    expect(over.message).toMatch(/^shell: 150\.0 KB gzip is over its budget of 150\.0 KB by 0\.0 KB; largest: main\.js 100\.0 KB/);
  });

  it('fails when nothing was measured', () => {
    const result = checkBudget('mf-stats', [], 90);
    expect(result.ok).toBe(false);
    expect(result.message).toContain('no initial JavaScript');
  });
});

describe('checkSizeBudgets on a build output', () => {
  it('sums the gzip size of the listed files only (not lazy chunks)', () => {
    const root = fakeRepo({ 'main.js': 20 * 1024, 'bootstrap.js': 10 * 1024 });
    roots.push(root);
    const files = measureBuild(path.join(root, 'shell', 'dist'));
    expect(files.map((f) => f.file)).toEqual(['main.js', 'bootstrap.js']);
    // random bytes do not compress: gzip adds a little
    const total = files.reduce((sum, f) => sum + f.gzipBytes, 0);
    expect(total).toBeGreaterThan(30 * 1024);
    expect(total).toBeLessThan(31 * 1024);
    expect(gzipSize(Buffer.alloc(100 * 1024))).toBeLessThan(1024);
    const [under] = checkSizeBudgets(root, { shell: 35 });
    expect(under?.ok).toBe(true);
    const [over] = checkSizeBudgets(root, { shell: 25 });
    expect(over?.ok).toBe(false);
    expect(over?.message).toContain('over its budget of 25.0 KB');
  });

  it('fails with a clear message when the build output cannot be measured', () => {
    const missingFile = fakeRepo({ 'main.js': 1024 }, ['main.js', 'gone.js']);
    roots.push(missingFile);
    const [result] = checkSizeBudgets(missingFile, { shell: 150 });
    expect(result?.ok).toBe(false);
    expect(result?.message).toMatch(/gone\.js is named in .*initial-files\.json but missing/);
    const noManifest = fs.mkdtempSync(path.join(os.tmpdir(), 'size-budget-'));
    roots.push(noManifest);
    const [unbuilt] = checkSizeBudgets(noManifest, { shell: 150 });
    expect(unbuilt?.ok).toBe(false);
    expect(unbuilt?.message).toContain('is missing: rebuild the frontend');
  });
});
