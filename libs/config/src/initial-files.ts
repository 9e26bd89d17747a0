import path from 'node:path';
import webpack from 'webpack';
import { INITIAL_FILES_MANIFEST, type InitialFilesManifest } from '@matchday/contracts';

type ChunkGroup = webpack.Compilation['chunkGroups'][number];

/**
 * Records which JavaScript files a frontend's first screen loads, from webpack's chunk graph:
 * - the shell: its entry, the bootstrap behind the async boundary (`import()` in src/index.ts) and the
 *   shared modules that bootstrap consumes (the shell provides them to everyone);
 * - a remote: remoteEntry.js and the chunks of its exposed modules (all its screens). Shared modules
 *   are left out: the shell provides them.
 * Anything loaded later (`import()` elsewhere: lazy screens, charts) is left out in both.
 */
export class InitialFilesPlugin {
  constructor(private readonly options: { kind: 'host' | 'remote'; entry: string; packageDir: string }) {}

  apply(compiler: webpack.Compiler): void {
    const boundary = path.join(this.options.packageDir, 'src', 'index.ts');
    compiler.hooks.thisCompilation.tap('InitialFilesPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'InitialFilesPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
        const start = compilation.entrypoints.get(this.options.entry);
        if (!start) {
          compilation.errors.push(new webpack.WebpackError(`InitialFilesPlugin: no entry named ${this.options.entry}`));
          return;
        }
        const follows = (group: ChunkGroup) =>
          group.origins.some(({ module }) => {
            if (!module) return false;
            if (module.constructor.name === 'ContainerEntryModule') return true;
            if (this.options.kind !== 'host') return false;
            return module.type === 'consume-shared-module' || (module as webpack.NormalModule).resource === boundary;
          });
        const files = new Set<string>();
        const seen = new Set<ChunkGroup>();
        const visit = (group: ChunkGroup) => {
          if (seen.has(group)) return;
          seen.add(group);
          for (const chunk of group.chunks) for (const file of chunk.files) if (file.endsWith('.js')) files.add(file);
          for (const child of group.childrenIterable) if (follows(child)) visit(child);
        };
        visit(start);
        const manifest: InitialFilesManifest = { initial: [...files].sort() };
        const json = JSON.stringify(manifest, null, 2);
        compilation.emitAsset(INITIAL_FILES_MANIFEST, new webpack.sources.RawSource(json));
      });
    });
  }
}
