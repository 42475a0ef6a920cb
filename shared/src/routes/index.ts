export { paths, REMOTE_MOUNTS, type RemoteName } from './paths';
export { resolveMenuPath } from './resolve-menu-path';
export { safeReturnTo } from './safe-return-to';
export { remoteForPath } from './remote-for-path';
