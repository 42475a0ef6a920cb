export {
  useReleaseInfo,
  releaseInfo,
  registeredRemotes,
  type ReleaseInfo,
  type RegisteredRemote,
} from './register-released-remotes';
export { ReleaseOverrideBanner } from './release-override-banner';
export { RemoteArea } from './remote-area';
