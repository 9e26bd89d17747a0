import * as runtimeCore from '@module-federation/runtime-core';
import type { ModuleFederationRuntimePlugin } from '@module-federation/runtime-core';

/** The global a remote built with `experiments.externalRuntime` reads the federation runtime core from (federation.ts). */
const GLOBAL_NAME = '_FEDERATION_RUNTIME_CORE';

/**
 * The shell's runtime plugin: before its federation instance starts, it offers the runtime core it already runs
 * (the one in main.js) to the remotes, whose entries are built without a copy of their own (about 14 KB gzip each,
 * the largest part of a remote entry on the way to Home's first card). Every build takes the core from the root
 * lockfile, so a remote gets the version it was built against. The enhanced plugin's own provider
 * (`provideExternalRuntime`) is not used: it requires the core's CommonJS build, a second copy in main.js.
 */
export default function provideRuntimeCore(): ModuleFederationRuntimePlugin {
  return {
    name: 'matchday-provide-runtime-core',
    beforeInit(args) {
      const scope = globalThis as unknown as Record<string, unknown>;
      scope[GLOBAL_NAME] ??= runtimeCore;
      return args;
    },
  };
}
