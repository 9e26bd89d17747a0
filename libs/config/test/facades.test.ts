import fs from 'node:fs';
import path from 'node:path';
import { facadeAliases, SINGLETONS } from '../src/shared';

/** The names a facade re-exports, read from its `export { ... } from` statement. */
function facadeExports(file: string): Set<string> {
  const source = fs.readFileSync(file, 'utf8').replace(/\/\/.*$/gm, '');
  const names = [...source.matchAll(/export\s*\{([^}]*)\}\s*from/g)].flatMap(([, list]) => list!.split(','));
  return new Set(names.map((name) => name.trim()).filter(Boolean));
}

/** Every name the JavaScript files under `dir` import from `pkg` (ES `import { a, b as c } from 'pkg'`). */
function importedNames(dir: string, pkg: string): Set<string> {
  const names = new Set<string>();
  const pattern = new RegExp(`import\\s*\\{([^}]*)\\}\\s*from\\s*['"]${pkg.replace(/[/.]/g, '\\$&')}['"]`, 'g');
  const walk = (current: string) => {
    for (const entry of fs.readdirSync(current, { withFileTypes: true })) {
      const full = path.join(current, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.(m?js)$/.test(entry.name)) {
        for (const [, list] of fs.readFileSync(full, 'utf8').matchAll(pattern)) {
          for (const item of list!.split(',')) {
            const name = item
              .trim()
              .replace(/^type\s+/, '')
              .split(/\s+as\s+/)[0]!;
            if (name && !item.trim().startsWith('type ')) names.add(name);
          }
        }
      }
    }
  };
  walk(dir);
  return names;
}

const facades = Object.entries(facadeAliases())
  .filter(([, target]) => target.includes(`${path.sep}facades${path.sep}`))
  .map(([key, file]) => ({ pkg: key.replace(/\$$/, ''), file }));

describe('shared-singleton facades', () => {
  it('cover react-router-dom, @reduxjs/toolkit and react-redux, each a shared singleton', () => {
    expect(facades.map((f) => f.pkg).sort()).toEqual(['@reduxjs/toolkit', 'react-redux', 'react-router-dom']);
    for (const { pkg } of facades) expect(SINGLETONS).toContain(pkg);
  });

  // A shared library in node_modules that imports a facaded package gets the facade at run time, and
  // webpack does not check its imports: a missing name is undefined in the browser (recharts drew no chart).
  const libraries = SINGLETONS.filter((name) => !name.startsWith('@matchday/') && !facades.some((f) => f.pkg === name));
  for (const library of new Set(libraries.map((name) => name.split('/')[0]!))) {
    it(`export every name ${library} imports from a facaded package`, () => {
      const dir = path.dirname(require.resolve(`${library}/package.json`));
      for (const { pkg, file } of facades) {
        const exported = facadeExports(file);
        const missing = [...importedNames(dir, pkg)].filter((name) => !exported.has(name));
        expect({ library, pkg, missing }).toEqual({ library, pkg, missing: [] });
      }
    });
  }

  it('finds the names recharts imports (the scan is not empty)', () => {
    const dir = path.dirname(require.resolve('recharts/package.json'));
    expect(importedNames(dir, '@reduxjs/toolkit')).toContain('createListenerMiddleware');
    expect(facadeExports(facades.find((f) => f.pkg === '@reduxjs/toolkit')!.file)).toContain('createListenerMiddleware');
  });

  it('leaves no frontend importing react-router itself (it is not shared: a second router would not see the first)', () => {
    const root = path.join(__dirname, '..', '..', '..');
    const dirs = [path.join(root, 'shell', 'src'), path.join(root, 'libs', 'ui', 'src')].concat(
      fs
        .readdirSync(root)
        .filter((name) => name.startsWith('mf-'))
        .map((name) => path.join(root, name, 'src')),
    );
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (/\.tsx?$/.test(entry.name) && /from\s*['"]react-router['"]/.test(fs.readFileSync(full, 'utf8'))) offenders.push(full);
      }
    };
    dirs.filter((dir) => fs.existsSync(dir)).forEach(walk);
    expect(dirs.length).toBeGreaterThan(3);
    expect(offenders).toEqual([]);
  });
});
