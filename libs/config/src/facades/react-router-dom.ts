/**
 * What the frontends take from the router: the declarative routing API of React Router 7 (a
 * <BrowserRouter> with <Routes>, links and the location hooks), none of its data, framework or server
 * APIs. Every frontend build resolves `react-router-dom` to this module (see shared.ts), so the
 * one shared router singleton is this file, and webpack drops the rest of react-router from it:
 * a shared module is bundled whole, because the host cannot know what a remote will import.
 *
 * A name a frontend imports that is missing here fails the build (`exportsPresence: 'error'`): add it.
 */
export {
  BrowserRouter,
  Link,
  Navigate,
  Outlet,
  Route,
  Routes,
  unstable_HistoryRouter,
  UNSAFE_createBrowserHistory,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from 'react-router';
