import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { note, type LoadStage } from './journal';

type Hooks = Required<ModuleFederationRuntimePlugin>;
type RemoteInfo = { name: string };

const step = (remote: RemoteInfo, stage: LoadStage, error: unknown) =>
  note({ type: 'load-step', remote: remote.name, stage, failed: error !== undefined, at: performance.now() });

/**
 * A federation runtime plugin that notes, for each remote, when its module is asked for and how
 * each step of the load went: the entry script, the container's init, the exposed module's chunks
 * and its evaluation. The runtime's own hooks say it, including the loads the shell's retries
 * start; the journal keeps it until the reporter reads it.
 */
export function federationJournalPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'loyalty-telemetry-journal',
    beforeRequest(args: Parameters<Hooks['beforeRequest']>[0]) {
      note({ type: 'load-start', remote: args.id.split('/')[0]!, at: performance.now() });
      return args;
    },
    afterLoadEntry({ remoteInfo, error }: Parameters<Hooks['afterLoadEntry']>[0]) {
      step(remoteInfo, 'entry', error);
    },
    afterInitRemote({ remoteInfo, error }: Parameters<Hooks['afterInitRemote']>[0]) {
      step(remoteInfo, 'init', error);
    },
    afterGetExpose({ moduleInfo, error }: Parameters<Hooks['afterGetExpose']>[0]) {
      step(moduleInfo, 'chunks', error);
    },
    afterExecuteFactory({ moduleInfo, error }: Parameters<Hooks['afterExecuteFactory']>[0]) {
      step(moduleInfo, 'chunks', error);
    },
  };
}
