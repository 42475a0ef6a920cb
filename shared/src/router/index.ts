// The parts of React Router the portal uses. Apps import routing from here, never from
// `react-router-dom`: federation shares a library whole (all of React Router 7 is about 60 KB gzip),
// while this module carries only what is listed, once, with one router context for the shell and
// every remote.
export {
  BrowserRouter,
  Link,
  MemoryRouter,
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
