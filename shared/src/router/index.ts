// The one routing module: the portal's route table (paths, where each remote is mounted, menu keys,
// safe return addresses), the page loading that follows it, and the parts of React Router the
// portal uses. Apps import routing from here, never from
// `react-router-dom`: federation shares a library whole (its weight:
// docs/performance.md, "Behind the code"), while this module carries only what is listed, once,
// with one router context for the shell and every remote. (Tests take `MemoryRouter` from
// react-router-dom itself: it never ships.)
export {
  BrowserRouter,
  Link,
  NavLink,
  Navigate,
  Outlet,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from 'react-router-dom';
export { lazyComponent, lazyPage, landingPagesLoaded, onLandingPage, type LazyComponent } from './lazy-page';
export { paths, pathInRemote, mountOf, REMOTE_MOUNTS, type RemoteName } from './paths';
export { resolveMenuPath } from './resolve-menu-path';
export { safeReturnTo } from './safe-return-to';
export { remoteForPath } from './remote-for-path';
export { isGuestPage, isSignedInPage } from './path-rules.mjs';
