import webpack from 'webpack';
import { CHECKED_SHARED, SHARED_API_MANIFEST, type SharedApiManifest } from '@matchday/contracts';

/** What the plugin reads of federation's modules: a consumed module's share key, a provided one's name and file. */
interface SharedModuleFields {
  options?: { shareKey?: string };
  _name?: string;
  _request?: string;
}
interface WithIds {
  getIds?: (moduleGraph: webpack.ModuleGraph) => string[];
}

/**
 * Records, from webpack's module graph, which names of each CHECKED_SHARED module the build imports (every
 * `import { name }` that reaches the shared module), and for the shell which names its copy exports (the module's
 * provided exports). Written as shared-api.json beside the build; `setLiveVersion` (@matchday/remote-state)
 * refuses to make live a remote version that needs a name the served shell lacks (a remote built against a newer
 * UI kit than the shell's).
 */
export class SharedApiPlugin {
  constructor(private readonly options: { kind: 'host' | 'remote' }) {}

  apply(compiler: webpack.Compiler): void {
    compiler.hooks.thisCompilation.tap('SharedApiPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'SharedApiPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
        const { moduleGraph } = compilation;
        const checked = new Set<string>(CHECKED_SHARED);
        const uses = new Map<string, Set<string>>();
        const provides: Record<string, string[]> = {};
        // the file each checked module the shell provides is built from (a facade, or the UI kit's entry)
        const files = new Map<string, string>();
        for (const module of compilation.modules) {
          const { _name: name, _request: request } = module as SharedModuleFields;
          if (module.type === 'provide-module' && name && request && checked.has(name)) files.set(request, name);
        }
        for (const module of compilation.modules) {
          const shareKey = (module as SharedModuleFields).options?.shareKey;
          if (module.type === 'consume-shared-module' && shareKey && checked.has(shareKey)) {
            const names = uses.get(shareKey) ?? new Set<string>();
            uses.set(shareKey, names);
            for (const connection of moduleGraph.getIncomingConnections(module)) {
              const ids = (connection.dependency as WithIds | null)?.getIds?.(moduleGraph);
              if (ids) names.add(ids[0] ?? '*');
            }
          }
          // production concatenates a module with what it imports: the concatenation is named by its root
          const { rootModule } = module as Partial<{ rootModule: webpack.NormalModule }>;
          const provided = files.get((rootModule ?? (module as webpack.NormalModule)).resource);
          if (this.options.kind === 'host' && provided) {
            const exported = moduleGraph.getExportsInfo(module).getProvidedExports();
            if (Array.isArray(exported)) provides[provided] = [...exported].sort();
          }
        }
        const manifest: SharedApiManifest = {
          uses: Object.fromEntries([...uses].sort(([a], [b]) => a.localeCompare(b)).map(([key, names]) => [key, [...names].sort()])),
          ...(this.options.kind === 'host' ? { provides } : {}),
        };
        compilation.emitAsset(SHARED_API_MANIFEST, new webpack.sources.RawSource(JSON.stringify(manifest, null, 2)));
      });
    });
  }
}
